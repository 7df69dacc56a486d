import Foundation
import IngestCore

/// Rich Text Format (`.rtf`, as WordPad, TextEdit, Word, LibreOffice and pandoc write it) read as a
/// document rather than as its markup: see `RTFReader` for what is kept. Title and author come from
/// `\info`; the language from the `\langN` most text is marked with.
public struct RTFExtractor: Extractor {
    public var kinds: Set<SourceKind> { [.rtf] }
    public init() {}

    public func extract(_ input: SourceInput, context: ExtractionContext) throws -> Extraction {
        let data: Data
        do { data = try Data(contentsOf: input.url, options: .mappedIfSafe) } catch {
            throw IngestError(.fileUnreadable, ["reason": input.name], detail: String(describing: error))
        }
        var reader = RTFReader([UInt8](data), deadline: context.checkDeadline)
        try reader.read()
        var blocks = reader.blocks
        for note in reader.notes where !note.text.isEmpty {
            blocks.append(Block(kind: .paragraph, text: "[\(note.number)] " + note.text, provenance: .textLayer))
        }
        var metadata: [String: JSONValue] = ["paragraphs": .int(reader.paragraphs), "images": .int(reader.pictures),
                                             "notes": .int(reader.notes.count)]
        if let t = reader.title { metadata["title"] = .string(t) }
        if let a = reader.author { metadata["author"] = .string(a) }
        let title = reader.title.map { TitleCandidate($0, origin: .metadata) }
            ?? blocks.first { $0.kind == .heading }.map { TitleCandidate($0.text, origin: .heading) }
        let language = reader.languageCounts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key
        return Extraction(blocks: blocks, title: title, language: language, metadata: metadata,
                          thinTextReason: PartReading.thinText(blocks, images: reader.pictures, context))
    }
}
