import Foundation
import IngestCore
import IngestTestSupport
import XCTest
@testable import IngestPipeline

/// Golden ImportedDocuments for `samples/`: the pipeline's whole output, with volatile fields
/// (`createdAt`, `timings`) removed. Set INGEST_UPDATE_GOLDEN=1 to rewrite them after a deliberate change.
final class GoldenTests: XCTestCase {
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func stripVolatile(_ data: Data) throws -> JSONValue {
        guard case .object(var o) = try JSONValue.parse(data) else { return .null }
        o["createdAt"] = nil
        o["timings"] = nil
        return .object(o)
    }

    func testSamplesMatchGoldenFiles() throws {
        let dir = try TemporaryDirectory("golden")
        defer { dir.remove() }
        var config = PipelineConfig()
        config.concurrency = 1
        config.messageLanguage = .fr
        let pipeline = try Pipeline(config: config, libraryPath: dir.url.appendingPathComponent("lib.sqlite").path)
        let out = dir.url.appendingPathComponent("out")
        let plan = InputPlanner().plan([Corpus.repositoryRoot.appendingPathComponent("samples").path])
        let importer = DocumentImporter(pipeline: pipeline, outputDirectory: out)
        let outcomes = plan.units.map { importer.process($0) }
        XCTAssertEqual(outcomes.filter { $0.status == .failed }, [])
        XCTAssertEqual(outcomes.filter { $0.status == .duplicate }.count, 1)

        let names = try FileManager.default.contentsOfDirectory(atPath: out.path)
        // A duplicate leaves a pointer to the document it repeats (issue 34), not a document.
        let pointers = names.filter { $0.hasSuffix(".duplicate.json") }
        XCTAssertEqual(pointers.count, 1, "\(names)")
        let documents = names.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".sheet.json") && !$0.hasSuffix(".duplicate.json")
            && $0 != "summary.json" }.sorted()
        XCTAssertGreaterThanOrEqual(documents.count, 4)
        try validateWithJSONSchema(schema: "imported-document.schema.json", files: documents.map { out.appendingPathComponent($0) })
        XCTAssertGreaterThanOrEqual(try assertSheetsValid(in: out).count, 3)

        let update = ProcessInfo.processInfo.environment["INGEST_UPDATE_GOLDEN"] == "1"
        if update { try FileManager.default.createDirectory(at: Self.goldenDirectory, withIntermediateDirectories: true) }
        for name in documents {
            let actual = try Self.stripVolatile(Data(contentsOf: out.appendingPathComponent(name)))
            let goldenURL = Self.goldenDirectory.appendingPathComponent(name)
            if update {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                try encoder.encode(actual).write(to: goldenURL)
                continue
            }
            let expected = try JSONValue.parse(Data(contentsOf: goldenURL))
            XCTAssertEqual(actual, expected, "\(name) differs from its golden file (INGEST_UPDATE_GOLDEN=1 rewrites them)")
        }
    }
}
