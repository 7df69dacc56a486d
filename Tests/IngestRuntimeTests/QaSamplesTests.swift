import Foundation
import IngestCore
import IngestTestSupport
import XCTest

/// The README's samples as a QA corpus: every kind the README promises, read against the
/// expected texts of `qa/samples-expected/` and the verdicts of `qa/samples.manifest.json`, and
/// compared with the committed baseline `qa/samples.baseline.json`. A change that reads any
/// sample worse than the baseline (beyond `qa.tolerances`) fails here, naming the document and
/// the figure. After an intended change, write a new baseline:
///   .build/release/ingest qa samples --manifest qa/samples.manifest.json --json qa/samples.baseline.json
final class QaSamplesTests: XCTestCase {
    func testSamplesReadNoWorseThanTheBaseline() throws {
        guard IngestBinary.url != nil else { try missingTool("the ingest executable is not built (run swift build)") }
        let root = Corpus.repositoryRoot
        let dir = try TemporaryDirectory("qa-samples")
        defer { dir.remove() }
        let json = dir.url.appendingPathComponent("samples.json")
        let r = try IngestBinary.run(["qa", "samples", "--manifest", "qa/samples.manifest.json", "--baseline", "qa/samples.baseline.json",
                                      "--json", json.path, "--lang", "en"],
                                     environment: ["INGEST_CONFIG": ""], currentDirectory: root)
        XCTAssertEqual(r.status, 0, r.stderr)
        try validateWithJSONSchema(schema: "qa-report.schema.json", files: [json, root.appendingPathComponent("qa/samples.baseline.json")])
        let report = try JSONValue.parse(Data(contentsOf: json))
        let documents = report["documents"]?.arrayValue ?? []
        // Every kind the README promises is in the samples, each with its expected text.
        let kinds = Set(documents.compactMap { $0["kind"]?.stringValue })
        for kind in ["pdf", "jpeg", "docx", "mp3", "subtitles", "text", "youtubeInfo"] {
            XCTAssertTrue(kinds.contains(kind), "no \(kind) sample: \(kinds.sorted())")
        }
        XCTAssertEqual(report["overall"]?["withExpected"]?.intValue, documents.count)
        XCTAssertEqual(report["overall"]?["readinessMismatches"]?.intValue, 0, r.stderr)
        XCTAssertEqual(report["overall"]?["failed"]?.intValue, 0, r.stderr)
        // The three photos of one lesson are one document of three pages.
        let lesson = try XCTUnwrap(documents.first { $0["name"]?.stringValue == "tableau" })
        XCTAssertEqual(lesson["sources"]?.arrayValue?.count, 3)
        XCTAssertEqual(lesson["pagesOCRed"]?.intValue, 3)
        // A folder `NAME.lesson` is one lesson of its three sources, of two kinds.
        let cellule = try XCTUnwrap(documents.first { $0["name"]?.stringValue == "la-cellule.lesson" })
        XCTAssertEqual(cellule["sources"]?.arrayValue?.count, 3)
        XCTAssertEqual(cellule["kind"]?.stringValue, "text+text+subtitles")
        XCTAssertEqual(cellule["scores"]?["cer"]?.doubleValue, 0)
        // The copy of the photosynthesis chapter is found, one way or the other.
        XCTAssertTrue(documents.contains { $0["duplicateMatches"]?.boolValue == true }, r.stderr)
    }
}
