import Foundation
import IngestCore
import IngestTestSupport
import XCTest

/// A restart of the watcher does not repeat the past (issue 34): the files already done get no
/// `taken` or `document` event, only one `alreadyDone` line with their count; a file added
/// meanwhile is announced as usual. Through the built `ingest watch --once --jsonl`.
final class WatchRestartTests: XCTestCase {
    var dir: TemporaryDirectory!
    var inbox: URL { dir.url.appendingPathComponent("inbox") }
    override func setUpWithError() throws {
        dir = try TemporaryDirectory("watch-restart")
        guard IngestBinary.url != nil else { try missingTool("the ingest executable is not built (run swift build)") }
    }
    override func tearDown() { dir.remove() }

    /// A chapter of known text, dated an hour back (the watcher's backlog, taken at once).
    func drop(_ n: Int) throws {
        let url = try dir.write(String(format: "inbox/chapitre-%02d.txt", n), DistinctText.chapter(n, characters: 1_200))
        var times = [timeval(tv_sec: time(nil) - 3600, tv_usec: 0), timeval(tv_sec: time(nil) - 3600, tv_usec: 0)]
        XCTAssertEqual(utimes(url.path, &times), 0)
    }

    func watch() throws -> (status: Int32, events: [JSONValue], stderr: String) {
        let r = try IngestBinary.run(["watch", inbox.path, "--out", dir.url.appendingPathComponent("out").path,
                                      "--library", dir.url.appendingPathComponent("library.sqlite").path, "--once", "--jsonl", "--lang", "en"],
                                     environment: ["INGEST_CONFIG": ""])
        return (r.status, try r.stdout.split(separator: "\n").map { try JSONValue.parse(Data($0.utf8)) }, r.stderr)
    }

    func testARestartAnnouncesWhatIsDoneInOneLine() throws {
        for n in 0..<3 { try drop(n) }
        let first = try watch()
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.events.filter { $0["event"] == "document" && $0["status"] == "succeeded" }.count, 3)

        try drop(3)
        let second = try watch()
        XCTAssertEqual(second.status, 0, second.stderr)
        let about = { (name: String) in second.events.filter { $0["sources"]?[0]?.stringValue == name } }
        for n in 0..<3 {
            XCTAssertEqual(about(String(format: "chapitre-%02d.txt", n)), [], "a file already done is announced again")
        }
        XCTAssertEqual(second.events.filter { $0["event"] == "alreadyDone" }.map { $0["count"] }, [.int(3)])
        let added = about("chapitre-03.txt")
        XCTAssertEqual(added.map { $0["event"]?.stringValue ?? "" }, ["taken", "document"])
        XCTAssertEqual(added.last?["status"], "succeeded")
    }
}
