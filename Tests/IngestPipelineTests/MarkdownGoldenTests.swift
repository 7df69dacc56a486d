import Foundation
import IngestCore
import IngestTestSupport
import XCTest
@testable import IngestPipeline

/// Golden Markdown and chunks of the samples' documents: `MarkdownGolden/NAME.json` (a copy of
/// `GoldenTests`' golden document, frozen here so this test pins the writers alone) renders as
/// `MarkdownGolden/NAME.md` and `MarkdownGolden/NAME.chunks.jsonl` — what `--format markdown
/// --chunks` writes for it, reviewed by eye once and pinned since. INGEST_UPDATE_GOLDEN=1
/// rewrites them after a deliberate change of the writers (and copies a missing document from
/// `Golden/`: delete one to take a newer golden document).
final class MarkdownGoldenTests: XCTestCase {
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let documents = here.appendingPathComponent("Golden")
    static let golden = here.appendingPathComponent("MarkdownGolden")

    func testGoldenDocumentsRenderAsPinned() throws {
        let update = ProcessInfo.processInfo.environment["INGEST_UPDATE_GOLDEN"] == "1"
        if update {
            try FileManager.default.createDirectory(at: Self.golden, withIntermediateDirectories: true)
            for name in try FileManager.default.contentsOfDirectory(atPath: Self.documents.path) where name.hasSuffix(".json") {
                let copy = Self.golden.appendingPathComponent(name)
                if !FileManager.default.fileExists(atPath: copy.path) {
                    try FileManager.default.copyItem(at: Self.documents.appendingPathComponent(name), to: copy)
                }
            }
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.golden.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 10)
        for name in names {
            // The golden documents leave out the volatile fields (`createdAt`, `timings`).
            guard case .object(var fields) = try JSONValue.parse(Data(contentsOf: Self.golden.appendingPathComponent(name))) else {
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
