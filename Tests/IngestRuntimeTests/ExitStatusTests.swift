import Foundation
import IngestCore
import IngestRuntime
import IngestTestSupport
import XCTest

/// Every command's exit status, through the real executable: done (0), needs attention (1: a
/// document not ready, a QA regression, a link that cannot be read), usage (2) and refused (2: a
/// configuration, an output folder or an inbox that cannot be used). Each comes from the command's
/// `CommandOutcome` through `ExitStatus.of`, the one mapping (`main` exits once).
final class ExitStatusTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws {
        guard IngestBinary.url != nil else { try missingTool("the ingest executable is not built (run swift build)") }
        dir = try TemporaryDirectory("exit-status")
        try dir.write("ready/cours.txt", GeneratedText.lesson(seed: 35))
        try dir.write("short/note.txt", "Trois mots seulement.")
        try dir.write("bad.json", #"{"concurrency": "many"}"#)
        try dir.write("a-file", "not a folder")
        // Nothing to read (`convert` says so): needs attention.
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("empty"), withIntermediateDirectories: true)
    }
    override func tearDown() { dir?.remove() }

    func path(_ name: String) -> String { dir.url.appendingPathComponent(name).path }

    func ingest(_ arguments: [String], stdin: String? = nil) throws -> IngestBinary.Result {
        try IngestBinary.run(arguments + ["--lang", "en"], stdin: stdin.map { Data($0.utf8) }, environment: ["INGEST_CONFIG": ""],
                             currentDirectory: dir.url)
    }

    func assertStatus(_ expected: CommandOutcome, _ arguments: [String], stdin: String? = nil,
                      file: StaticString = #filePath, line: UInt = #line) throws {
        let r = try ingest(arguments, stdin: stdin)
        XCTAssertEqual(r.status, ExitStatus.of(expected), "\(arguments.joined(separator: " ")): \(r.stderr)", file: file, line: line)
    }

    func testTheFourOutcomesHaveTheirStatus() {
        XCTAssertEqual([CommandOutcome.done, .needsAttention, .usage, .refused].map(ExitStatus.of), [0, 1, 2, 2])
        XCTAssertEqual(CommandOutcome.done.with(.needsAttention), .needsAttention)
        XCTAssertEqual(CommandOutcome.refused.with(.needsAttention), .refused)
    }

    func testConvert() throws {
        try assertStatus(.done, ["convert", path("ready"), "--out", path("out1"), "--library", path("lib1.sqlite")])
        try assertStatus(.needsAttention, ["convert", path("short"), "--out", path("out2"), "--library", path("lib2.sqlite")])
        try assertStatus(.needsAttention, ["convert", path("empty"), "--out", path("out3"), "--library", path("lib3.sqlite")])
        try assertStatus(.usage, ["convert"])
        try assertStatus(.usage, ["convert", path("ready"), "--group", "chapter"])
        try assertStatus(.refused, ["convert", path("ready"), "--out", path("a-file"), "--library", path("lib4.sqlite")])
        try assertStatus(.refused, ["convert", path("ready"), "--config", path("bad.json"), "--out", path("out5")])
    }

    func testWatchOnce() throws {
        try assertStatus(.done, ["watch", path("ready"), "--once", "--out", path("out1"), "--library", path("lib1.sqlite")])
        try assertStatus(.needsAttention, ["watch", path("short"), "--once", "--out", path("out2"), "--library", path("lib2.sqlite")])
        try assertStatus(.usage, ["watch"])
        try assertStatus(.refused, ["watch", path("no-such-inbox"), "--once", "--out", path("out3"), "--library", path("lib3.sqlite")])
        try assertStatus(.refused, ["watch", path("ready"), "--once", "--out", path("a-file"), "--library", path("lib4.sqlite")])
    }

    func testQa() throws {
        try dir.write("qa/cours.txt", GeneratedText.lesson(seed: 36))
        try dir.write("qa/cours.expected.txt", GeneratedText.lesson(seed: 36))
        let baseline = path("baseline.json")
        try assertStatus(.done, ["qa", path("qa"), "--json", baseline, "--quiet"])
        // The same extraction against a changed expected text: a worse CER than the baseline's.
        try dir.write("qa/cours.expected.txt", GeneratedText.lesson(seed: 37))
        try assertStatus(.needsAttention, ["qa", path("qa"), "--baseline", baseline, "--quiet"])
        try assertStatus(.usage, ["qa"])
        try assertStatus(.usage, ["qa", path("a-file")])
        try assertStatus(.refused, ["qa", path("qa"), "--baseline", path("bad.json"), "--quiet"])
    }

    func testWorker() throws {
        // A request for a missing file is a failed result, not a failed worker: done.
        try assertStatus(.done, ["worker", "--root", path("ready"), "--out", path("out1"), "--quiet"], stdin: "cours.txt\nmissing.pdf\n")
        try assertStatus(.usage, ["worker", "--shard", "3"])
        try assertStatus(.usage, ["worker", "--root", path("a-file")])
        try assertStatus(.refused, ["worker", "--root", path("ready"), "--out", path("a-file")], stdin: "cours.txt\n")
        try assertStatus(.refused, ["worker", "--config", path("bad.json")], stdin: "")
    }

    func testDeliverYouTubeConfigAndHelp() throws {
        try assertStatus(.usage, ["deliver", "somewhere"])
        try assertStatus(.refused, ["deliver", "--sink", "jsonl", "--library", path("no-such-library.sqlite")])
        // A link that is not a video: that document fails, the command ran.
        try assertStatus(.needsAttention, ["youtube", "https://example.com/not-a-video"])
        try assertStatus(.usage, ["youtube"])
        try assertStatus(.refused, ["youtube", "https://youtu.be/dQw4w9WgXcQ", "--config", path("bad.json")])
        try assertStatus(.done, ["config", "--defaults"])
        try assertStatus(.refused, ["config", "--check", path("bad.json")])
        try assertStatus(.usage, ["config", "--no-such-flag"])
        try assertStatus(.done, ["help", "convert"])
        try assertStatus(.usage, ["help", "convrt"])
        try assertStatus(.usage, ["no-such-command"])
        try assertStatus(.done, ["--version"])
    }

    /// The children, started by hand (no parent, no channel): refused, said by the recogniser.
    func testChildrenStartedByHandAreRefused() throws {
        try assertStatus(.refused, [WorkerServer.command])
        try assertStatus(.refused, [OCRServer.command])
    }
}
