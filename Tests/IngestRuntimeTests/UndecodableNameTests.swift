import Foundation
import IngestCore
import IngestTestSupport
import XCTest

/// A file whose name is not UTF-8 (`caf\xE9.txt`, made by bash as a Latin-1 archive leaves it):
/// `convert` and the watcher read it (through an alias) and name it with its byte shown — the
/// watcher whether it was there at the start (the scan) or arrives while watching (inotify), and
/// a restart does not read it again; before, the watcher only named it (`file.nameNotUTF8`, one
/// failed), and before that passed over it in silence (Foundation's listing gave a U+FFFD name
/// that opened nothing). A folder so named is still named, not walked. The file beside it is read.
final class UndecodableNameTests: XCTestCase {
    var dir: TemporaryDirectory!
    var inbox: URL { dir.url.appendingPathComponent("inbox") }
    var out: URL { dir.url.appendingPathComponent("out") }
    override func setUpWithError() throws {
        dir = try TemporaryDirectory("watch-undecodable")
        try dir.write("inbox/cours.txt", GeneratedText.lesson(seed: 35))
    }
    override func tearDown() {
        _ = runTool("/bin/bash", ["-c", "rm -rf \"$1\"/$'caf\\xe9.txt' \"$1\"/$'th\\xe9.txt' \"$1\"/$'dossier\\xe9'", "_", inbox.path])
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

    /// The events hold the document of the file shown as `name`.
    static func document(_ name: String) -> ([JSONValue]) -> Bool {
        { $0.contains { $0["event"] == "document" && $0["sources"]?[0]?.stringValue == name } }
    }

    /// The document the watcher wrote for the file shown as `name` (an event of `events`): read,
    /// named as shown, every word of `text` as the file holds them.
    func assertRead(_ name: String, _ text: String, in events: [JSONValue], file: StaticString = #filePath, line: UInt = #line) throws {
        let event = try XCTUnwrap(events.first { $0["event"] == "document" && $0["sources"]?[0]?.stringValue == name }, "\(events)", file: file, line: line)
        XCTAssertEqual(event["status"], "succeeded", "\(event)", file: file, line: line)
        // Named as `convert` names it: the name shown, without its extension.
        let output = try XCTUnwrap(event["output"]?.stringValue, file: file, line: line)
        XCTAssertEqual(output, (name as NSString).deletingPathExtension + ".json", file: file, line: line)
        let document = try JSONValue.parse(Data(contentsOf: out.appendingPathComponent(output)))
        XCTAssertEqual(document["sources"]?[0]?["name"]?.stringValue, name, file: file, line: line)
        XCTAssertEqual((document["text"]?.stringValue ?? "").split(whereSeparator: \.isWhitespace), text.split(whereSeparator: \.isWhitespace),
                       file: file, line: line)
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

    func testOnceReadsAFileThereAtTheStartAndARestartDoesNotReadItAgain() throws {
        let lesson = GeneratedText.lesson(seed: 37)
        make("caf\\xe9.txt", lesson)
        // Older than the quiet period: the backlog, read as found (and counted done at a restart).
        XCTAssertEqual(runTool("/bin/bash", ["-c", "touch -d '1 hour ago' \"$1\"/*", "_", inbox.path])?.status, 0)
        let arguments = ["watch", inbox.path, "--once", "--jsonl", "--lang", "en", "--out", out.path,
                         "--library", dir.url.appendingPathComponent("lib.sqlite").path]
        let r = try IngestBinary.run(arguments, environment: ["INGEST_CONFIG": ""])
        let events = try r.stdout.split(separator: "\n").map { try JSONValue.parse(Data($0.utf8)) }
        try assertRead("caf\\xE9.txt", lesson, in: events)
        XCTAssertTrue(events.contains { $0["event"] == "document" && $0["sources"]?[0] == "cours.txt" && $0["status"] == "succeeded" }, r.stdout)
        XCTAssertEqual(events.last?["event"], "stopped")
        XCTAssertEqual(events.last?["failed"], 0, r.stdout)
        XCTAssertEqual(r.status, 0, r.stderr)

        // A restart (another process, another alias): both already done, nothing read again.
        let again = try IngestBinary.run(arguments, environment: ["INGEST_CONFIG": ""])
        let later = try again.stdout.split(separator: "\n").map { try JSONValue.parse(Data($0.utf8)) }
        XCTAssertFalse(later.contains { $0["event"] == "taken" || $0["event"] == "document" }, again.stdout)
        XCTAssertEqual(later.filter { $0["event"] == "alreadyDone" }.map { $0["count"] }, [.int(2)], again.stdout)
        XCTAssertEqual(again.status, 0, again.stderr)
    }

    func testOnceNamesAFolderSoNamed() throws {
        let r0 = runTool("/bin/bash", ["-c", "mkdir \"$1\"/$'dossier\\xe9' && printf 'x\\n' > \"$1\"/$'dossier\\xe9'/a.txt", "_", inbox.path])
        XCTAssertEqual(r0?.status, 0)
        let r = try IngestBinary.run(["watch", inbox.path, "--once", "--jsonl", "--lang", "en", "--out", out.path,
                                      "--library", dir.url.appendingPathComponent("lib.sqlite").path], environment: ["INGEST_CONFIG": ""])
        let events = try r.stdout.split(separator: "\n").map { try JSONValue.parse(Data($0.utf8)) }
        XCTAssertTrue(Self.named("dossier\\xE9")(events), r.stdout)
        XCTAssertEqual(events.last?["failed"], 1, r.stdout)
        XCTAssertEqual(r.status, 1, "a folder named, not read, needs attention: \(r.stderr)")
    }

    func testAFileArrivingWhileWatchingIsRead() throws {
        guard let binary = IngestBinary.url else { try missingTool("the ingest executable is not built (run swift build)") }
        let w = try WatchEventStream(binary: binary, arguments: [
            "watch", inbox.path, "--out", out.path, "--library", dir.url.appendingPathComponent("lib.sqlite").path,
            "--jsonl", "--lang", "en", "--set", "watch.quietSeconds=0.5", "--set", "watch.closedSettleSeconds=0.2"])
        defer { w.stop(SIGINT) }
        XCTAssertTrue(w.wait(60, Self.document("cours.txt")), "\(w.events)")
        let lesson = GeneratedText.lesson(seed: 38)
        make("th\\xe9.txt", lesson)
        XCTAssertTrue(w.wait(60, Self.document("th\\xE9.txt")), "the file was not read: \(w.events)")
        try assertRead("th\\xE9.txt", lesson, in: w.events)
        // Deleted: told as removed (its document kept).
        let r = runTool("/bin/bash", ["-c", "rm \"$1\"/$'th\\xe9.txt'", "_", inbox.path])
        XCTAssertEqual(r?.status, 0)
        XCTAssertTrue(w.wait(60) { $0.contains { $0["event"] == "removed" && $0["source"] == "th\\xE9.txt" } }, "\(w.events)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("th\\xE9.json").path))
        XCTAssertFalse(w.events.contains { $0["event"] == "notice" }, "\(w.events)")
    }
}
