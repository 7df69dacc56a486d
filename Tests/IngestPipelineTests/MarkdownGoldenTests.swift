import Foundation
import IngestCore
import IngestTestSupport
import XCTest
@testable import IngestPipeline

/// Golden Markdown and chunks of the golden documents of `samples/` (`Golden/NAME.json`, kept by
/// `GoldenTests`): `MarkdownGolden/NAME.md` and `MarkdownGolden/NAME.chunks.jsonl` are what
/// `--format markdown --chunks` writes for them, reviewed by eye once and pinned since. Set
/// INGEST_UPDATE_GOLDEN=1 to rewrite them after a deliberate change (of the writer, or of the
/// golden documents).
final class MarkdownGoldenTests: XCTestCase {
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let documents = here.appendingPathComponent("Golden")
    static let golden = here.appendingPathComponent("MarkdownGolden")

    func testGoldenDocumentsRenderAsPinned() throws {
        let update = ProcessInfo.processInfo.environment["INGEST_UPDATE_GOLDEN"] == "1"
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.documents.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 10)
        if update { try FileManager.default.createDirectory(at: Self.golden, withIntermediateDirectories: true) }
        for name in names {
            // The golden documents leave out the volatile fields (`createdAt`, `timings`).
            guard case .object(var fields) = try JSONValue.parse(Data(contentsOf: Self.documents.appendingPathComponent(name))) else {
                XCTFail(name); continue
            }
            fields["createdAt"] = .string(""); fields["timings"] = .object([:])
            let document = try JSONDecoder().decode(ImportedDocument.self, from: JSONEncoder().encode(JSONValue.object(fields)))
            let stem = String(name.dropLast(".json".count))
            let markdown = MarkdownWriter.render(document)
            let chunks = try ChunkBuilder.chunks(of: document).map { String(decoding: try StreamingJSONEncoder.encode($0, pretty: false), as: UTF8.self) }
                .joined(separator: "\n") + "\n"
            for (file, text) in [(stem + ".md", markdown), (stem + ".chunks.jsonl", chunks)] {
                let url = Self.golden.appendingPathComponent(file)
                if update { try text.write(to: url, atomically: true, encoding: .utf8); continue }
                guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
                    XCTFail("\(file) missing: INGEST_UPDATE_GOLDEN=1 writes it"); continue
                }
                XCTAssertEqual(text, expected, "\(file) differs from its golden (INGEST_UPDATE_GOLDEN=1 after a deliberate change)")
            }
        }
    }
}
