import Foundation
import IngestCore
import IngestZip

/// A `.docx` (or `.docm`, `.dotx`, `.dotm`) opened as an OPC package: parts found through
/// relationships, each parsed as a stream straight from the inflater into the XML scanner.
struct DocxPackage {
    let archive: ZipArchive
    let names: XMLNameTable

    init(archive: ZipArchive) {
        self.archive = archive
        self.names = OOXML.nameTable()
    }

    func has(_ part: String) -> Bool { archive.entry(part) != nil }

    /// Streams `part` through a scanner into `handler`. Returns false when the part is absent.
    @discardableResult
    func parse<H: XMLHandler>(_ part: String, _ handler: inout H) throws -> Bool {
        guard let entry = archive.entry(part) else { return false }
        let scanner = XMLScanner(part: part, names: names)
        try archive.read(entry) { chunk in try scanner.feed(chunk, &handler) }
        try scanner.finish(&handler)
        return true
    }

    func relationships(of part: String) throws -> [Relationship] {
        var h = RelationshipsHandler(names)
        try parse(PartPath.relationships(of: part), &h)
        return h.items
    }

    /// The main document part, from the package's `officeDocument` relationship (it is not always
    /// `word/document.xml`), else the conventional name.
    func mainPart(packageRelationships: [Relationship]) throws -> String {
        if let rel = packageRelationships.first(where: { $0.kind == "officeDocument" && !$0.external }) {
            let path = PartPath.resolve(rel.target, from: "")
            if has(path) { return path }
        }
        if has("word/document.xml") { return "word/document.xml" }
        throw IngestError(.officeNoMainPart)
    }
}
