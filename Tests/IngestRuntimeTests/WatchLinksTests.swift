import Foundation
import IngestCore
import IngestTestSupport
import XCTest

/// `ln -s /private/file inbox/devoir.txt` in a watched inbox: refused with `file.linkOutsideInbox`,
/// the private text in no output; a link to a file inside the inbox is read; and a process
/// swapping a name between a file of the inbox and a link out of it while the watcher reads it
/// never gets the private text into any output.
final class WatchLinksTests: XCTestCase {
    func testALinkOutOfTheInboxIsRefusedAndNeverRead() throws {
        guard let binary = IngestBinary.url else { try missingTool("the ingest executable is not built (run swift build)") }
        let dir = try TemporaryDirectory("watch-links")
        defer { dir.remove() }
        let inbox = dir.url.appendingPathComponent("inbox"), out = dir.url.appendingPathComponent("out")
        let secret = try dir.write("private/cle.txt", "SECRET\n\n" + DistinctText.chapter(11))
        let inside = try dir.write("inbox/vrai.txt", "Chapitre vrai\n\n" + DistinctText.chapter(12))
        let w = try WatchEventStream(binary: binary, arguments: [
            "watch", inbox.path, "--out", out.path, "--library", dir.url.appendingPathComponent("lib.sqlite").path,
            "--jsonl", "--lang", "en", "--concurrency", "2", "--set", "watch.quietSeconds=0.3", "--set", "watch.closedSettleSeconds=0.05"])
        XCTAssertTrue(w.wait(20) { $0.contains { $0["event"] == "started" } })
        XCTAssertTrue(w.wait(20) { $0.contains { $0["event"] == "document" && $0["sources"]?[0] == "vrai.txt" } })

        XCTAssertEqual(runTool("/bin/ln", ["-s", secret.path, inbox.appendingPathComponent("devoir.txt").path])?.status, 0)
        XCTAssertEqual(runTool("/bin/ln", ["-s", inside.path, inbox.appendingPathComponent("lien.txt").path])?.status, 0)
        func document(_ name: String) -> ([JSONValue]) -> JSONValue? {
            { $0.last { $0["event"] == "document" && $0["sources"]?[0] == .string(name) } }
        }
        XCTAssertTrue(w.wait(20) { document("devoir.txt")($0) != nil && document("lien.txt")($0) != nil })
        XCTAssertEqual(document("devoir.txt")(w.events)?["code"], "file.linkOutsideInbox")
        XCTAssertEqual(document("devoir.txt")(w.events)?["message"],
                       "devoir.txt is a link to a file outside the watched folder: it is not read. Drop the file itself.")
        XCTAssertNotEqual(document("lien.txt")(w.events)?["status"], "failed", "a link inside the inbox is read")

        // A writer swapping `swap.txt` between a file of the inbox and a link out of it (ln -sf,
        // cp over it), 200 times, then leaving the inbox's file.
        let swap = inbox.appendingPathComponent("swap.txt").path
        let legit = try dir.write("legit.txt", "Chapitre permis\n\n" + DistinctText.chapter(13))
        // (Its temporary names are dot-files, which the watcher ignores.)
        let script = "d=$(dirname \"$3\"); i=0; while [ $i -lt 200 ]; do ln -sfn \"$1\" \"$d/.l\"; mv -f \"$d/.l\" \"$3\"; "
            + "cp \"$2\" \"$d/.c\"; mv -f \"$d/.c\" \"$3\"; i=$((i+1)); done"
        XCTAssertEqual(runTool("/bin/sh", ["-c", script, "sh", secret.path, legit.path, swap])?.status, 0)
        XCTAssertTrue(w.wait(30) { $0.contains { $0["event"] == "document" && $0["sources"]?[0] == "swap.txt" && $0["status"] == "succeeded" } },
                      "\(w.events.filter { "\($0)".contains("swap") })")
        w.stop(SIGINT)
        // The private text is in no output at all.
        for rel in try FileManager.default.subpathsOfDirectory(atPath: out.path) {
            let data = (try? Data(contentsOf: out.appendingPathComponent(rel))) ?? Data()
            XCTAssertFalse(String(decoding: data, as: UTF8.self).contains("SECRET"), "\(rel) holds the private text")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("devoir.json").path))
    }
}
