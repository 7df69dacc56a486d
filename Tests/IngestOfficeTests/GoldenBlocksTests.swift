import Foundation
import IngestCore
import IngestTestSupport
import XCTest

/// The blocks (kind, level, marker, text, table rows) of a few corpus documents, against golden
/// JSON files. Set INGEST_UPDATE_GOLDEN=1 to rewrite them after a deliberate change.
final class GoldenBlocksTests: XCTestCase {
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let files = ["pandoc-lists.docx", "pandoc-tables.docx", "pandoc-notes.docx", "pandoc-headers.docx",
                        "pandoc-track_changes_move.docx", "pandoc-text_in_shape_format.docx"]

    func testCorpusBlocksMatchGoldenFiles() throws {
        try Corpus.require()
        let update = ProcessInfo.processInfo.environment["INGEST_UPDATE_GOLDEN"] == "1"
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        for name in Self.files {
            let x = try extractDocx(Corpus.url("docx/" + name))
            let actual = try encoder.encode(x.blocks)
            let golden = Self.goldenDirectory.appendingPathComponent(name + ".blocks.json")
            if update {
                try FileManager.default.createDirectory(at: Self.goldenDirectory, withIntermediateDirectories: true)
                try actual.write(to: golden)
                continue
            }
            let expected = try Data(contentsOf: golden)
            XCTAssertEqual(String(decoding: actual, as: UTF8.self), String(decoding: expected, as: UTF8.self), name)
        }
    }
}
