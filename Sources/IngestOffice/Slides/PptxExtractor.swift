import Foundation
import IngestCore
import IngestZip

/// PowerPoint `.pptx` (and `.pptm`, `.ppsx`, `.potx`: macros never run) through the same ZIP
/// reader and XML scanner as `.docx`: slides in the order of `ppt/presentation.xml`, each slide's
/// title as a heading, bullets as list items with their level, tables as table blocks, speaker
/// notes after the slide as `quote` blocks marked `note`. Every block's `page` is its slide number.
/// Hidden slides are left out (and named in a warning) unless `includeHidden`. Pictures are `figure`
/// blocks where they stand, with their box in points, their part as `image` and the caption text box
/// beside them as text (`SlideFigures`); their descriptions are `[Image: …]` paragraphs before them; charts and SmartArt are read from their parts where they stand; a
/// typed footer, date or header is kept once (automatic slide numbers and dates are not words).
public struct PptxExtractor: Extractor {
    public var kinds: Set<SourceKind> { [.pptx] }
    public var includeHidden: Bool

    public init(includeHidden: Bool = false) { self.includeHidden = includeHidden }

    public func extract(_ input: SourceInput, context: ExtractionContext) throws -> Extraction {
        let archive = try PartReading.open(input, context)
        let package = DocxPackage(archive: archive)
        var warnings: [Warning] = []
        let packageRels = try PartReading.optional(&warnings, context, "_rels/.rels") { try package.relationships(of: "") } ?? []
        let main = packageRels.first { $0.kind == "officeDocument" && !$0.external }.map { PartPath.resolve($0.target, from: "") }
            .flatMap { package.has($0) ? $0 : nil } ?? "ppt/presentation.xml"
        guard package.has(main) else { throw IngestError(.officeMissingPart, ["part": "ppt/presentation.xml"]) }

        var presentation = PresentationHandler(package.names)
        try package.parse(main, &presentation)
        let rels = try PartReading.optional(&warnings, context, PartPath.relationships(of: main)) { try package.relationships(of: main) } ?? []
        let byId = Dictionary(rels.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var slides = presentation.slideRelationships.compactMap { byId[$0] }.filter { !$0.external && $0.kind == "slide" }
            .map { PartPath.resolve($0.target, from: main) }
        if slides.isEmpty {
            // No slide list: the slide parts in their numeric order.
            slides = archive.entries.map(\.name).filter { $0.hasPrefix("ppt/slides/slide") && $0.hasSuffix(".xml") }
                .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        }

        let names = SlideHandler.Names(package.names)
        var blocks: [Block] = []
        var hidden: [Int] = []
        var images = 0, notes = 0, read = 0, charts = 0, diagrams = 0, fieldsLeftOut = 0, footersRepeated = 0
        var footers = Set<String>()
        var languages: [Substring: Int] = [:]
        // Where each slide's title heading is in `blocks`, and whether the slide opens a part.
        var slideTitles: [(index: Int, opensPart: Bool)] = []
        for (index, slide) in slides.enumerated() {
            try context.checkDeadline()
            let number = index + 1
            var h = SlideHandler(names: names, page: number, notes: false, deadline: context.checkDeadline)
            guard try PartReading.optional(&warnings, context, slide, { try package.parse(slide, &h) }) == true else { continue }
            if h.hidden && !includeHidden { hidden.append(number); continue }
            read += 1
            images += h.images
            let slideRels = (try? package.relationships(of: slide)) ?? []
            var slideBlocks = h.blocks
            for e in h.embeds.reversed() {
                if e.diagram { diagrams += 1 } else { charts += 1 }
                let inserted = try EmbeddedParts.blocks(e.rid, diagram: e.diagram, owner: slide, rels: slideRels, package: package,
                                                        page: number, warnings: &warnings, context: context)
                slideBlocks.insert(contentsOf: inserted, at: min(h.titles.count + e.position, slideBlocks.count))
            }
            // A picture's relationship id becomes its part (`ppt/media/image1.png`), which the
            // pipeline writes beside the document as the figure's image; a linked picture has none.
            for i in slideBlocks.indices where slideBlocks[i].kind == .figure {
                let rel = slideBlocks[i].image.flatMap { rid in slideRels.first { $0.id == rid } }
                slideBlocks[i].image = rel.flatMap { $0.external ? nil : PartPath.resolve($0.target, from: slide) }.flatMap { package.has($0) ? $0 : nil }
            }
            if let first = slideBlocks.first, first.kind == .heading, !h.titles.isEmpty {
                let layout = slideRels.first { $0.kind == "slideLayout" && !$0.external }.map { PartPath.resolve($0.target, from: slide) }
                var lh = SlideLayoutHandler(package.names)
                if let layout { _ = try? package.parse(layout, &lh) }
                slideTitles.append((blocks.count, lh.layoutType == "title" || lh.layoutType == "secHead"))
            }
            blocks += slideBlocks
            // A typed footer, date or header once, on the first slide that shows it; its repeats
            // and the automatic fields (slide numbers, dates) are counted in the metadata.
            fieldsLeftOut += h.fieldsLeftOut
            for f in h.furniture {
                if footers.insert(f).inserted { blocks.append(Block(kind: .paragraph, text: f, marker: "footer", page: number, provenance: .textLayer)) }
                else { footersRepeated += 1 }
            }
            for (k, v) in h.languages { languages[k, default: 0] += v }
            if let rel = slideRels.first(where: { $0.kind == "notesSlide" && !$0.external }) {
                let part = PartPath.resolve(rel.target, from: slide)
                var nh = SlideHandler(names: names, page: number, notes: true, deadline: context.checkDeadline)
                if try PartReading.optional(&warnings, context, part, { try package.parse(part, &nh) }) == true {
                    notes += nh.blocks.count
                    blocks += nh.blocks
                }
            }
        }
        // A deck in parts (a title slide or section headers, then slides) has two heading levels:
        // the parts' titles at 1, the slides' at 2 (pandoc's `#` and `##` with --slide-level=2).
        // A deck of slides alone keeps every title at 1.
        if slideTitles.contains(where: \.opensPart) && slideTitles.contains(where: { !$0.opensPart }) {
            for t in slideTitles where !t.opensPart { blocks[t.index].level = 2 }
        }
        // After the titles' levels: they are set by index.
        blocks = SlideFigures.withoutRepeatedPictures(blocks)
        if !hidden.isEmpty {
            warnings.append(context.warning(.officeHiddenSlides, ["count": String(hidden.count),
                                                                  "slides": hidden.map(String.init).joined(separator: ", ")]))
        }

        var core: [String: String] = [:]
        let corePart = packageRels.first { $0.type.hasSuffix("/core-properties") }.map { PartPath.resolve($0.target, from: "") }
            ?? "docProps/core.xml"
        var ch = CorePropertiesHandler(package.names)
        if try PartReading.optional(&warnings, context, corePart, { try package.parse(corePart, &ch) }) != nil { core = ch.values }

        var metadata: [String: JSONValue] = [:]
        for (k, v) in core { metadata[k] = .string(v) }
        metadata["slides"] = .int(slides.count)
        metadata["hiddenSlides"] = .int(hidden.count)
        metadata["notes"] = .int(notes)
        metadata["images"] = .int(images)
        metadata["charts"] = .int(charts)
        metadata["diagrams"] = .int(diagrams)
        metadata["footersRepeated"] = .int(footersRepeated)
        metadata["automaticFieldsLeftOut"] = .int(fieldsLeftOut)
        if archive.entries.contains(where: { $0.name.lowercased().hasSuffix("vbaproject.bin") }) {
            metadata["macros"] = .string("present, not run")
        }
        let title = core["title"].flatMap { $0.isEmpty ? nil : TitleCandidate($0, origin: .metadata) }
            ?? blocks.first { $0.kind == .heading }.map { TitleCandidate($0.text, origin: .heading) }
        let language = languages.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }.map { String($0.key).lowercased() }
        return Extraction(blocks: blocks, title: title, language: language, metadata: metadata, warnings: warnings,
                          thinTextReason: PartReading.thinText(blocks, images: images, context), pagesRead: read)
    }
}
