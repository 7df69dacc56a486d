import Foundation
import IngestCore
import IngestPipeline
import IngestRuntime
import IngestTestSupport
import XCTest

/// A program that runs `WorkerRun` itself (not through `ingest worker`) gets what the command
/// gets: documents written reproducibly, whatever its configuration says — no timings, and
/// `createdAt` from SOURCE_DATE_EPOCH — so a retried task writes the same bytes.
final class WorkerRunReproducibleTests: XCTestCase {
    func testALibraryCallerGetsReproducibleDocuments() throws {
        let dir = try TemporaryDirectory("worker-run")
        defer { dir.remove() }
        try dir.write("root/cours.txt", GeneratedText.lesson(seed: 35))
        var config = PipelineConfig()
        config.output.reproducible = false
        config.workers.isolation = .none    // this test process is no `ingest` executable to start workers from
        let out = dir.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let resultsPath = dir.url.appendingPathComponent("results.jsonl").path
        let fd = open(resultsPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }

        var written: [Data] = []
        for round in 0..<2 {
            let run = try WorkerRun(Runtime.Setup(config: config, outputDirectory: out, libraryPath: nil),
                                    root: dir.url.appendingPathComponent("root"))
            var requests = ["cours.txt"]
            let counts = run.run(nextLine: { requests.popLast() }, output: LineWriter(fd: fd))
            XCTAssertEqual(counts.results, 1, "round \(round)")
            XCTAssertEqual(counts.failed, 0, "round \(round)")
            written.append(try Data(contentsOf: out.appendingPathComponent("cours.json")))
            try FileManager.default.removeItem(at: out.appendingPathComponent("cours.json"))
        }
        let document = try JSONValue.parse(written[0])
        XCTAssertEqual(document["createdAt"]?.stringValue, Timestamp.reproducible())
        XCTAssertTrue(document["timings"] == nil || document["timings"] == .object([:]), "no timings in a reproducible document")
        XCTAssertEqual(written[0], written[1], "the same source gives the same bytes")
    }
}
