import Foundation
import IngestCore
import IngestTestSupport
import XCTest

/// A file whose name is not UTF-8 (`caf\xE9.txt`, made by bash as a Latin-1 archive leaves it):
/// `convert` reads it (through an alias) and names it with its byte shown; the watcher names it —
/// a `file.nameNotUTF8` notice and one failed — whether it was there at the start (the scan) or
/// arrives while watching (inotify), instead of passing over it in silence as it did
/// (Foundation's listing gave a U+FFFD name that opened nothing). The file beside it is read.
final class UndecodableNameTests: XCTestCase {
    var dir: TemporaryDirectory!
    var inbox: URL { dir.url.appendingPathComponent("inbox") }
    override func setUpWithError() throws {
        dir = try TemporaryDirectory("watch-undecodable")
        try dir.write("inbox/cours.txt", GeneratedText.lesson(seed: 35))
    }
    override func tearDown() {
        _ = runTool("/bin/bash", ["-c", "rm -f \"$1\"/$'caf\\xe9.txt' \"$1\"/$'th\\xe9.txt'", "_", inbox.path])
        dir.remove()
    }

    /// Writes `text` to `name` (a bash $'…' string: its \xHH are bytes) in the inbox.
    func make(_ name: String, _ text: String) {
        let r = runTool("/bin/bash", ["-c", "printf '%s\\n' \"$2\" > \"$1\"/$'\(name)'", "_", inbox.path, text])
        XCTAssertEqual(r?.status, 0)
    }

    /// The events hold the notice naming `name`.
    static func named(_ name: String) -> ([JSONValue]) -> Bool {
        { $0.contains { $0["event"] == "notice" && $0["code"] == "file.nameNotUTF8" && ($0["message"]?.stringValue ?? "").contains(name) } }
    }

    func testConvertReadsItAndNamesIt() throws {
        let lesson = GeneratedText.lesson(seed: 36)
        make("caf\\xe9.txt", lesson)
        let out = dir.url.appendingPathComponent("out")
        let r = try IngestBinary.run(["convert", inbox.path, "--out", out.path, "--library", dir.url.appendingPathComponent("lib.sqlite").path,
                                      "--lang", "en", "--quiet"], environment: ["INGEST_CONFIG": ""])
        XCTAssertEqual(r.status, 0, r.stderr)
        let summary = try JSONValue.parse(Data(contentsOf: out.appendingPathComponent("summary.json")))
        let entry = try XCTUnwrap(summary["documents"]?.arrayValue?.first { $0["sources"]?[0] == "caf\\xE9.txt" }, "\(summary)")
        XCTAssertEqual(entry["status"], "succeeded")
        let output = try XCTUnwrap(entry["output"]?.stringValue)
        let document = try JSONValue.parse(Data(contentsOf: out.appendingPathComponent(output)))
        XCTAssertEqual(document["sources"]?[0]?["name"], "caf\\xE9.txt")
        // Every word of the file, as the file holds them.
        XCTAssertEqual((document["text"]?.stringValue ?? "").split(whereSeparator: \.isWhitespace), lesson.split(whereSeparator: \.isWhitespace))
    }

    func testOnceNamesAFileThereAtTheStart() throws {
        make("caf\\xe9.txt", "Caf\u{E9} noir, sans sucre, pour la pause du cours.")
        let r = try IngestBinary.run(["watch", inbox.path, "--once", "--jsonl", "--lang", "en", "--out", dir.url.appendingPathComponent("out").path,
                                      "--library", dir.url.appendingPathComponent("lib.sqlite").path], environment: ["INGEST_CONFIG": ""])
        let events = try r.stdout.split(separator: "\n").map { try JSONValue.parse(Data($0.utf8)) }
        XCTAssertTrue(Self.named("caf\\xE9.txt")(events), r.stdout)
        XCTAssertTrue(events.contains { $0["event"] == "document" && $0["sources"]?[0] == "cours.txt" && $0["status"] == "succeeded" }, r.stdout)
        XCTAssertEqual(events.last?["event"], "stopped")
        XCTAssertEqual(events.last?["failed"], 1, r.stdout)
        XCTAssertEqual(r.status, 1, "a file named, not read, needs attention: \(r.stderr)")
    }

    func testAFileArrivingWhileWatchingIsNamed() throws {
        guard let binary = IngestBinary.url else { try missingTool("the ingest executable is not built (run swift build)") }
        let w = try WatchEventStream(binary: binary, arguments: [
            "watch", inbox.path, "--out", dir.url.appendingPathComponent("out").path, "--library", dir.url.appendingPathComponent("lib.sqlite").path,
            "--jsonl", "--lang", "en", "--set", "watch.quietSeconds=0.5", "--set", "watch.closedSettleSeconds=0.2"])
        defer { w.stop(SIGINT) }
        XCTAssertTrue(w.wait(60) { $0.contains { $0["event"] == "document" && $0["sources"]?[0] == "cours.txt" } }, "\(w.events)")
        make("th\\xe9.txt", "Th\u{E9} vert pour la suite du cours.")
        XCTAssertTrue(w.wait(60, Self.named("th\\xE9.txt")), "the file was passed over: \(w.events)")
    }
}
