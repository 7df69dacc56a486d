import Foundation
import IngestCore
import IngestZip

/// OpenDocument text (`.odt`, `.ott`) and presentations (`.odp`, `.otp`) through the same ZIP
/// reader and XML scanner as `.docx`: `content.xml` read as a stream, with the heading and list
/// styles of `styles.xml`, metadata from `meta.xml`. Notes (`text:note`) follow the body as
/// `[n] text` paragraphs, as .docx footnotes do. A presentation's blocks carry their slide number.
/// A password-protected file (its manifest lists encryption data) is refused by name. Charts
/// (embedded `Object N/` parts) are read where their frames stand; a presentation's typed footer or
/// fixed date is kept once, its current dates and page numbers counted as left out.
public struct ODFExtractor: Extractor {
    public var kinds: Set<SourceKind> { [.odt, .odp] }
    public var includeHidden: Bool
    public init(includeHidden: Bool = false) { self.includeHidden = includeHidden }

    public func extract(_ input: SourceInput, context: ExtractionContext) throws -> Extraction {
        let archive = try PartReading.open(input, context)
        let package = DocxPackage(archive: archive)
        var warnings: [Warning] = []
        if let manifest = archive.entry("META-INF/manifest.xml"),
           let bytes = try? archive.data(manifest, maxBytes: 4 << 20), ByteSearch.contains(bytes, "encryption-data") {
            throw IngestError(.encryptedOffice)
        }
        guard package.has("content.xml") else { throw IngestError(.officeMissingPart, ["part": "content.xml"]) }
        let names = ODFNames(package.names)

        var styles = ODFStyles()
        var sh = ODFHandler(names: names, deadline: context.checkDeadline)
        if try PartReading.optional(&warnings, context, "styles.xml", { try package.parse("styles.xml", &sh) }) == true { styles = sh.styles }
        let formulas = try Self.formulas(package, &warnings, context)
        var body = ODFHandler(names: names, styles: styles, includeHidden: includeHidden, formulas: formulas,
                              deadline: context.checkDeadline)
        try package.parse("content.xml", &body)
        var mh = ODFMetaHandler(package.names)
        let meta = try PartReading.optional(&warnings, context, "meta.xml", { try package.parse("meta.xml", &mh) }) == true ? mh.values : [:]

        // Charts (embedded objects) where their frames stand, last first so positions hold.
        // A text document's pictures with their captions (`OfficeFigures`).
        var bodyBlocks = body.isPresentation ? body.blocks : OfficeFigures.attachingCaptions(body.blocks)
        // A slide picture's link (`Pictures/…png`) is its part when the package holds it; a picture
        // linked outside the package has none.
        for i in bodyBlocks.indices where bodyBlocks[i].kind == .figure {
            guard let href = bodyBlocks[i].image else { continue }
            let part = href.hasPrefix("./") ? String(href.dropFirst(2)) : href
            bodyBlocks[i].image = package.has(part) ? part : nil
        }
        let chartNames = ODFChartHandler.Names(package.names)
        var charts = 0
        for o in body.objects.reversed() {
            let part = o.folder + "/content.xml"
            var h = ODFChartHandler(chartNames)
            guard package.has(part), try PartReading.optional(&warnings, context, part, { try package.parse(part, &h) }) == true else { continue }
            let inserted = h.blocks(page: o.page)
            if !inserted.isEmpty { charts += 1 }
            bodyBlocks.insert(contentsOf: inserted, at: min(o.position, bodyBlocks.count))
        }
        // A deck in parts (a title slide or section headers, then slides): the slides' titles
        // are level 2 under the parts' (as in PptxExtractor); a deck of slides alone keeps 1.
        if body.isPresentation, !body.partPages.isEmpty, !body.titledPages.subtracting(body.partPages).isEmpty {
            for i in bodyBlocks.indices where bodyBlocks[i].kind == .heading && !body.partPages.contains(bodyBlocks[i].page ?? 0) {
                bodyBlocks[i].level = 2
            }
        }
        var blocks = FigureText.droppingCaptionEchoes(body.isPresentation ? SlideFigures.withoutRepeatedPictures(bodyBlocks) : bodyBlocks)
        for note in body.footnotes {
            let prefix = note.citation.isEmpty ? "" : "[\(note.citation)] "
            blocks.append(Block(kind: .paragraph, text: prefix + note.text, provenance: .textLayer))
        }
        if !body.hiddenPages.isEmpty {
            warnings.append(context.warning(.officeHiddenSlides, ["count": String(body.hiddenPages.count),
                                                                  "slides": body.hiddenPages.map(String.init).joined(separator: ", ")]))
        }
        var metadata: [String: JSONValue] = [:]
        for (k, v) in meta where k != "language" { metadata[k] = .string(v) }
        metadata["images"] = .int(body.images)
        metadata["charts"] = .int(charts)
        if body.formulas > 0 { metadata["formulas"] = .int(body.formulas) }
        if body.isPresentation {
            metadata["footersRepeated"] = .int(body.footersRepeated)
            metadata["automaticFieldsLeftOut"] = .int(body.automaticFieldsLeftOut)
        }
        metadata["notes"] = .int(body.footnotes.count)
        if body.isPresentation {
            metadata["slides"] = .int(body.pageCount)
            metadata["hiddenSlides"] = .int(body.hiddenPages.count)
        }
        let title = meta["title"].map { TitleCandidate($0, origin: .metadata) }
            ?? blocks.first { $0.kind == .heading }.map { TitleCandidate($0.text, origin: .heading) }
        let language = (meta["language"] ?? body.styles.language)?.split(separator: "-").first.map { $0.lowercased() }
        return Extraction(blocks: blocks, title: title, language: language, metadata: metadata, warnings: warnings,
                          thinTextReason: PartReading.thinText(blocks, images: body.images, context),
                          pagesRead: body.isPresentation ? body.pageCount - body.hiddenPages.count : nil)
    }

    /// The equations of the embedded formula objects (`Object 1/content.xml`, pandoc's
    /// `Formula-0/content.xml`), by folder, read before the body so each is written where its
    /// frame stands.
    static func formulas(_ package: DocxPackage, _ warnings: inout [Warning], _ context: ExtractionContext) throws -> [String: Formula] {
        var formulas: [String: Formula] = [:]
        let vocabulary = MathVocabulary.mathML(package.names)
        for entry in package.archive.entries where entry.name.hasSuffix("/content.xml") && formulas.count < 10_000 {
            let folder = String(entry.name.dropLast("/content.xml".count))
            guard !folder.isEmpty, !folder.contains("/") else { continue }
            var h = MathMLPartHandler(package.names, vocabulary: vocabulary)
            guard try PartReading.optional(&warnings, context, entry.name, { try package.parse(entry.name, &h) }) == true,
                  let f = h.formula else { continue }
            formulas[folder] = f
        }
        return formulas
    }
}
