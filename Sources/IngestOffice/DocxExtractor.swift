import Foundation
import IngestCore
import IngestZip

/// Word `.docx` (also `.docm`, `.dotx`, `.dotm`: read the same way; macros are never run, only
/// noted) through our own ZIP reader: the main part found via `_rels/.rels`, styles for headings,
/// numbering for list markers, tables as structure, footnotes and endnotes appended, tracked
/// changes accepted, core properties as metadata. Headers, footers and comments are left out.
public struct DocxExtractor: Extractor {
    public var kinds: Set<SourceKind> { [.docx] }

    public init() {}

    public func extract(_ input: SourceInput, context: ExtractionContext) throws -> Extraction {
        let archive = try PartReading.open(input, context)
        let package = DocxPackage(archive: archive)
        var warnings: [Warning] = []

        let packageRels = try optional(&warnings, context, "_rels/.rels") { try package.relationships(of: "") } ?? []
        let main = try package.mainPart(packageRelationships: packageRels)
        let rels = try optional(&warnings, context, PartPath.relationships(of: main)) { try package.relationships(of: main) } ?? []
        func part(_ kind: String) -> String? {
            rels.first { $0.kind == kind && !$0.external }.map { PartPath.resolve($0.target, from: main) }
        }

        var styles = StyleSheet()
        if let p = part("styles") {
            var h = StylesHandler(package.names)
            if try optional(&warnings, context, p, { try package.parse(p, &h) }) != nil { styles = h.sheet }
        }
        var numbering = Numbering()
        if let p = part("numbering") {
            var h = NumberingHandler(package.names)
            if try optional(&warnings, context, p, { try package.parse(p, &h) }) != nil { numbering = h.numbering }
        }
        var core: [String: String] = [:]
        let corePart = packageRels.first { $0.type.hasSuffix("/core-properties") }.map { PartPath.resolve($0.target, from: "") }
            ?? "docProps/core.xml"
        var ch = CorePropertiesHandler(package.names)
        if try optional(&warnings, context, corePart, { try package.parse(corePart, &ch) }) != nil { core = ch.values }

        let words = WordNames(package.names)
        var body = DocumentHandler(names: words, styles: styles, numbering: numbering, deadline: context.checkDeadline)
        try package.parse(main, &body)

        // Notes, in the order they are referenced, after the body.
        var noteBlocks: [Block] = []
        if !body.noteReferences.isEmpty {
            var notes: [String: [Block]] = [:]
            for (kind, prefix) in [("footnotes", "f:"), ("endnotes", "e:")] {
                guard let p = part(kind) else { continue }
                var h = DocumentHandler(names: words, styles: styles, numbering: body.numbering, deadline: context.checkDeadline)
                if try optional(&warnings, context, p, { try package.parse(p, &h) }) != nil {
                    for (k, v) in h.notes where k.hasPrefix(prefix) { notes[k] = v }
                }
            }
            for ref in body.noteReferences {
                guard let blocks = notes[(ref.endnote ? "e:" : "f:") + ref.id] else { continue }
                let text = blocks.map(\.text).joined(separator: "\n")
                if !text.isEmpty { noteBlocks.append(Block(kind: .paragraph, text: "[\(ref.number)] " + text, provenance: .textLayer)) }
            }
        }

        // Charts and SmartArt where their drawings stand, last first so positions hold.
        var bodyBlocks = body.blocks
        for e in body.embeds.reversed() {
            let inserted = try EmbeddedParts.blocks(e.rid, diagram: e.diagram, owner: main, rels: rels, package: package,
                                                    page: nil, warnings: &warnings, context: context)
            bodyBlocks.insert(contentsOf: inserted, at: min(e.position, bodyBlocks.count))
        }
        // Pictures with their captions; each relationship id made its part (a linked picture: no file).
        bodyBlocks = OfficeFigures.resolvingPictures(OfficeFigures.attachingCaptions(bodyBlocks)) { rid in
            rels.first { $0.id == rid && !$0.external }.map { PartPath.resolve($0.target, from: main) }.flatMap { package.has($0) ? $0 : nil }
        }
        let blocks = FigureText.droppingCaptionEchoes(bodyBlocks) + noteBlocks
        var metadata: [String: JSONValue] = [:]
        for (k, v) in core { metadata[k] = .string(v) }
        metadata["mainPart"] = .string(main)
        metadata["paragraphs"] = .int(body.paragraphCount)
        metadata["images"] = .int(body.images)
        metadata["notes"] = .int(noteBlocks.count)
        metadata["trackedChanges"] = .int(body.trackedChanges)
        metadata["fields"] = .int(body.fields)
        if body.formulas > 0 { metadata["formulas"] = .int(body.formulas) }
        metadata["charts"] = .int(body.embeds.filter { !$0.diagram }.count)
        metadata["diagrams"] = .int(body.embeds.filter(\.diagram).count)
        if archive.entries.contains(where: { $0.name.lowercased().hasSuffix("vbaproject.bin") }) {
            metadata["macros"] = .string("present, not run")
        }

        // Thin text beside pictures: count characters only up to the readiness threshold.
        let thin = PartReading.thinText(blocks, images: body.images, context)
        let title = core["title"].map { TitleCandidate($0, origin: .metadata) }
            ?? body.firstTitle.map { TitleCandidate($0, origin: .heading) }
        // The language the author set for the document first, then the one most text is marked with.
        let language = core["language"].flatMap { $0.split(separator: "-").first.map { $0.lowercased() } }
            ?? body.dominantLanguage(default: styles.defaultLanguage)
        return Extraction(blocks: blocks, title: title, language: language, metadata: metadata, warnings: warnings,
                          thinTextReason: thin)
    }

    private func optional<T>(_ warnings: inout [Warning], _ context: ExtractionContext, _ part: String,
                             _ body: () throws -> T) throws -> T? {
        try PartReading.optional(&warnings, context, part, body)
    }
}
