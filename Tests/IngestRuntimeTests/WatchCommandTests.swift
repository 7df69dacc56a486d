import Foundation
import IngestCore
import IngestTestSupport
import XCTest

/// `ingest watch` through the real executable and real inotify, with the ways real programs write
/// files: every complete document out exactly once, the inbox never touched.
final class WatchCommandTests: XCTestCase {
    var dir: TemporaryDirectory!
    var inbox: URL { dir.url.appendingPathComponent("inbox") }
    var out: URL { dir.url.appendingPathComponent("out") }
    var library: String { dir.url.appendingPathComponent("library.sqlite").path }

    override func setUpWithError() throws {
        dir = try TemporaryDirectory("watch")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
    }
    override func tearDown() { dir.remove() }

    /// A running watcher whose JSON events are collected as they come.
    final class Watcher: @unchecked Sendable {
        let process = Process()
        private let lock = NSLock()
        private var lines: [JSONValue] = []
        private var buffer = Data()
        let stderr = Pipe()

        init(binary: URL, arguments: [String]) throws {
            process.executableURL = binary
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment.merging(["INGEST_CONFIG": ""]) { _, b in b }
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = stderr
            pipe.fileHandleForReading.readabilityHandler = { [weak self] h in
                let data = h.availableData
                guard let self, !data.isEmpty else { return }
                self.lock.lock(); defer { self.lock.unlock() }
                self.buffer.append(data)
                while let nl = self.buffer.firstIndex(of: 0x0A) {
                    if let v = try? JSONValue.parse(Data(self.buffer[self.buffer.startIndex..<nl])) { self.lines.append(v) }
                    self.buffer.removeSubrange(self.buffer.startIndex...nl)
                }
            }
            try process.run()
        }

        var events: [JSONValue] { lock.lock(); defer { lock.unlock() }; return lines }
        func documents() -> [JSONValue] { events.filter { $0["event"] == "document" } }

        /// Waits until `condition` holds (polling every 50 ms), at most `seconds`.
        @discardableResult
        func wait(_ seconds: Double = 30, _ condition: ([JSONValue]) -> Bool) -> Bool {
            let end = Date().addingTimeInterval(seconds)
            while Date() < end {
                if condition(events) { return true }
                usleep(50_000)
            }
            return condition(events)
        }

        func stop(_ sig: Int32 = SIGINT) {
            kill(process.processIdentifier, sig)
            process.waitUntilExit()
        }
    }

    func watch(_ extra: [String] = []) throws -> Watcher {
        guard let binary = IngestBinary.url else { try missingTool("the ingest executable is not built (run swift build)") }
        let w = try Watcher(binary: binary, arguments: ["watch", inbox.path, "--out", out.path, "--library", library,
                                                        "--jsonl", "--lang", "en", "--concurrency", "2",
                                                        "--set", "watch.quietSeconds=0.5", "--set", "watch.lessonQuietSeconds=1.5"] + extra)
        XCTAssertTrue(w.wait(10) { $0.contains { $0["event"] == "started" } }, "the watcher did not start")
        return w
    }

    func text(_ n: Int) -> String {
        // Different texts: chapters differing only by their number would be near-duplicates.
        "Chapitre \(n)\n\n" + DistinctText.chapter(n)
    }

    /// Every file of the inbox with its bytes' digest and its modification time.
    func inboxState() throws -> [String: String] {
        var state: [String: String] = [:]
        for rel in try FileManager.default.subpathsOfDirectory(atPath: inbox.path) {
            let url = inbox.appendingPathComponent(rel)
            var st = stat()
            guard stat(url.path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { continue }
            let data = try Data(contentsOf: url)
            state[rel] = "\(data.count) \(data.hashValue) \(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)"
        }
        return state
    }

    func testRealWritersEachCompleteDocumentOnceAndTheInboxUntouched() throws {
        // Already there before the watcher starts (the backlog).
        try dir.write("inbox/avant.txt", text(0))
        // Quiet for 1.5 s: the slow writer's 0.2 s pauses must not pass for the end of its file
        // even when this machine is busy.
        // It also closes the file once when it creates it empty: settling after a close takes 0.5 s here.
        let w = try watch(["--set", "watch.quietSeconds=1.5", "--set", "watch.closedSettleSeconds=0.5"])

        // 1. A slow writer that pauses mid-file (a dd over a slow link): one document, complete.
        let slow = inbox.appendingPathComponent("lent.txt")
        FileManager.default.createFile(atPath: slow.path, contents: nil)
        let handle = try FileHandle(forWritingTo: slow)
        let body = Data(text(1).utf8)
        for k in 0..<4 {
            try handle.write(contentsOf: body[(k * body.count / 4)..<((k + 1) * body.count / 4)])
            usleep(200_000)
        }
        try handle.close()
        // 2. Editor: write a temporary name, rename over the target.
        try dir.write("inbox/.notes.txt.swp", "swap")
        try dir.write("inbox/notes.txt~tmp", text(2))
        try FileManager.default.moveItem(at: inbox.appendingPathComponent("notes.txt~tmp"), to: inbox.appendingPathComponent("notes.txt"))
        try FileManager.default.removeItem(at: inbox.appendingPathComponent(".notes.txt.swp"))
        // 3. Browser: .crdownload, then renamed.
        try dir.write("inbox/cours.md.crdownload", "# Cours\n\n" + text(3))
        usleep(100_000)
        try FileManager.default.moveItem(at: inbox.appendingPathComponent("cours.md.crdownload"), to: inbox.appendingPathComponent("cours.md"))
        // 4. rsync: hidden temporary name, then renamed.
        try dir.write("inbox/.rsync.txt.Xy12Ab", text(4))
        try FileManager.default.moveItem(at: inbox.appendingPathComponent(".rsync.txt.Xy12Ab"), to: inbox.appendingPathComponent("rsync.txt"))
        // 5. cp -r of a whole course folder, and a folder moved in from outside.
        for i in 5..<9 { try dir.write("course/term/ch\(i).txt", text(i)) }
        XCTAssertEqual(runTool("/bin/cp", ["-r", dir.url.appendingPathComponent("course").path, inbox.path])?.status, 0)
        for i in 9..<11 { try dir.write("moved/m\(i).txt", text(i)) }
        try FileManager.default.moveItem(at: dir.url.appendingPathComponent("moved"), to: inbox.appendingPathComponent("moved"))
        // 6. A poisoned PDF: complete by its structure (%%EOF, a startxref pointing at its xref),
        // broken inside.
        try dir.write("inbox/poison.pdf", WatchPDFWritersTests.poison)
        // 7. A truncated PDF (no %%EOF): incomplete, retried, never failed for good while it is cut.
        try dir.write("inbox/partial.pdf", "%PDF-1.7\n1 0 obj << /Type /Catalog >>\n")
        // 8. Photos of one lesson dropped one by one: one document once the folder is quiet.
        let png = try XCTUnwrap(Data(base64Encoded: Self.photoPNG))
        for i in 1...3 { try dir.write("inbox/lecon/IMG_\(i).png", png); usleep(300_000) }

        let expected: Set<String> = ["avant.txt", "lent.txt", "notes.txt", "cours.md", "rsync.txt", "term/ch5.txt", "term/ch6.txt",
                                     "term/ch7.txt", "term/ch8.txt", "moved/m9.txt", "moved/m10.txt", "poison.pdf"]
        func names(_ events: [JSONValue]) -> [String] {
            events.filter { $0["event"] == "document" }.flatMap { $0["sources"]?.arrayValue?.compactMap(\.stringValue) ?? [] }
        }
        let allSeen = w.wait(40) { events in
            let seen = Set(names(events).map { $0.replacingOccurrences(of: "course/", with: "") })
            return expected.isSubset(of: seen) && names(events).contains { $0.hasPrefix("lecon/IMG_1.png") }
        }
        XCTAssertTrue(allSeen, "missing: \(expected.subtracting(names(w.events).map { $0.replacingOccurrences(of: "course/", with: "") }))")
        // 9. A file deleted after it was read is reported, its document kept.
        try FileManager.default.removeItem(at: inbox.appendingPathComponent("rsync.txt"))
        XCTAssertTrue(w.wait(10) { $0.contains { $0["event"] == "removed" && $0["source"] == "rsync.txt" } })
        usleep(500_000)
        let before = try inboxState()
        w.stop(SIGKILL)            // as a crash would
        // Restart: nothing is read twice.
        let again = try watch(["--once"])
        again.process.waitUntilExit()
        XCTAssertEqual(again.process.terminationStatus, 1, "poison.pdf failed, partial.pdf is cut")

        let docs = w.documents()
        var count: [String: Int] = [:]
        for d in docs where d["status"] != "failed" { for s in d["sources"]?.arrayValue ?? [] { count[s.stringValue ?? "", default: 0] += 1 } }
        XCTAssertEqual(count.filter { $0.value > 1 }, [:], "a document read twice: \(w.events.filter { "\($0)".contains("lent") })")
        XCTAssertNil(count[".notes.txt.swp"]); XCTAssertNil(count["cours.md.crdownload"]); XCTAssertNil(count[".rsync.txt.Xy12Ab"])
        // The lesson: one document of three pages.
        let lesson = try XCTUnwrap(docs.first { ($0["sources"]?[0]?.stringValue ?? "").hasPrefix("lecon/IMG_1.png") })
        XCTAssertEqual(lesson["sources"]?[0]?.stringValue, "lecon/IMG_1.png, lecon/IMG_2.png, lecon/IMG_3.png")
        XCTAssertEqual(docs.filter { ($0["sources"]?[0]?.stringValue ?? "").contains("IMG_") }.count, 1)
        // The poisoned PDF has a named error; the cut one was never failed (still waiting).
        XCTAssertEqual(docs.first { $0["sources"]?[0] == "poison.pdf" }?["code"]?.stringValue?.hasPrefix("pdf."), true)
        XCTAssertFalse(docs.contains { $0["sources"]?[0] == "partial.pdf" })
        XCTAssertTrue(w.events.contains { $0["event"] == "incomplete" && $0["source"] == "partial.pdf" })
        // The restart read nothing again: all skipped (or the failures retried).
        for d in again.documents() { XCTAssertTrue(d["status"] == "skipped" || d["status"] == "failed", "\(d)") }
        // Outputs: one per document, nothing half-written.
        let outputs = try FileManager.default.subpathsOfDirectory(atPath: out.path)
        XCTAssertEqual(outputs.filter { $0.hasSuffix(".ingest-tmp") }, [])
        XCTAssertTrue(outputs.contains("term/ch5.json") || outputs.contains("course/term/ch5.json"), "\(outputs)")
        // The inbox: every byte and time as the writers left them.
        XCTAssertEqual(try inboxState(), before)
    }

    func testAThousandFilesDroppedAtOnceAreEachReadOnce() throws {
        let w = try watch()
        let staging = dir.url.appendingPathComponent("staging")
        for i in 0..<1000 { try dir.write("staging/f\(i).txt", "Leçon \(i) : la cellule \(i) est l'unité du vivant.\n") }
        try FileManager.default.moveItem(at: staging, to: inbox.appendingPathComponent("bulk"))
        XCTAssertTrue(w.wait(90) { $0.filter { $0["event"] == "document" }.count >= 1000 }, "\(w.documents().count) of 1000")
        usleep(300_000)
        w.stop()
        let sources = w.documents().compactMap { $0["sources"]?[0]?.stringValue }
        XCTAssertEqual(sources.count, 1000)
        XCTAssertEqual(Set(sources).count, 1000)
    }

    func testAFileDeletedWhileItIsReadIsReportedOnceAndTheWatcherGoesOn() throws {
        let w = try watch()
        // A photo of a board: its OCR takes about a second, time to delete it while it is read.
        let photo = Corpus.repositoryRoot.appendingPathComponent("samples/tableau-1.jpg", isDirectory: false)
        try FileManager.default.copyItem(at: photo, to: inbox.appendingPathComponent("tableau.jpg"))
        XCTAssertTrue(w.wait(20) { $0.contains { $0["event"] == "taken" && $0["sources"]?[0] == "tableau.jpg" } })
        usleep(100_000)
        try FileManager.default.removeItem(at: inbox.appendingPathComponent("tableau.jpg"))
        XCTAssertTrue(w.wait(30) { $0.contains { $0["event"] == "removed" && $0["source"] == "tableau.jpg" } }, "\(w.events)")
        XCTAssertTrue(w.wait(60) { $0.contains { $0["event"] == "document" && $0["sources"]?[0] == "tableau.jpg" } })
        // The watcher goes on.
        try dir.write("inbox/apres.txt", text(3))
        XCTAssertTrue(w.wait(20) { $0.contains { $0["event"] == "document" && $0["sources"]?[0] == "apres.txt" } })
        w.stop()
        XCTAssertEqual(w.process.terminationStatus, 0)

        let photoDocs = w.documents().filter { $0["sources"]?[0] == "tableau.jpg" }
        XCTAssertEqual(photoDocs.count, 1, "read once, not again after its deletion")
        let removedAt = w.events.firstIndex { $0["event"] == "removed" && $0["source"] == "tableau.jpg" }
        let readAt = w.events.firstIndex { $0["event"] == "document" && $0["sources"]?[0] == "tableau.jpg" }
        XCTAssertLessThan(try XCTUnwrap(removedAt), try XCTUnwrap(readAt), "deleted while it was read")
        let outputs = try FileManager.default.subpathsOfDirectory(atPath: out.path)
        XCTAssertEqual(outputs.filter { $0.hasSuffix(".ingest-tmp") }, [], "nothing half-written")
        // The worker had the photo in hand: read whole, its document kept (or, had it not opened it
        // yet, a named error — never a crash).
        let doc = try XCTUnwrap(photoDocs.first)
        if doc["status"] == "failed" {
            XCTAssertNotEqual(doc["code"], "run.crashed", "\(doc)")
            XCTAssertNotNil(doc["message"]?.stringValue)
        } else {
            XCTAssertEqual(doc["status"], "succeeded", "\(doc)")
            let written = try JSONValue.parse(Data(contentsOf: out.appendingPathComponent("tableau.json")))
            XCTAssertFalse((written["text"]?.stringValue ?? "").isEmpty)
        }
    }

    func testPollingModeFindsFilesToo() throws {
        let w = try watch(["--poll", "--set", "watch.pollSeconds=0.2"])
        XCTAssertTrue(w.events.contains { $0["event"] == "started" && $0["mode"] == "polling" })
        try dir.write("inbox/a.txt", text(1))
        XCTAssertTrue(w.wait(20) { $0.contains { $0["event"] == "document" && $0["sources"]?[0] == "a.txt" } })
        w.stop(SIGTERM)
        XCTAssertEqual(w.process.terminationStatus, 0)
        XCTAssertTrue(w.events.contains { $0["event"] == "stopped" })
    }

    func testAnEditedFileIsReadAgainAndItsDocumentSupersedesTheOld() throws {
        try dir.write("inbox/chapitre.txt", text(1))
        let w = try watch()
        XCTAssertTrue(w.wait(20) { $0.contains { $0["event"] == "document" && $0["status"] == "succeeded" } })
        let first = try JSONValue.parse(Data(contentsOf: out.appendingPathComponent("chapitre.json")))
        usleep(100_000)
        try dir.write("inbox/chapitre.txt", text(1) + "\nUn paragraphe ajouté par le professeur après le cours, sur la mitose.\n")
        XCTAssertTrue(w.wait(20) { $0.filter { $0["event"] == "document" && $0["status"] == "succeeded" }.count >= 2 })
        w.stop()
        let second = try JSONValue.parse(Data(contentsOf: out.appendingPathComponent("chapitre.json")))
        XCTAssertEqual(second["id"], first["id"], "the same document")
        XCTAssertEqual(first["revision"], 1)
        XCTAssertEqual(second["revision"], 2)
        XCTAssertTrue(second["text"]?.stringValue?.contains("mitose") == true)
    }

    /// A 120 × 40 white PNG with a black bar (a photo of a page, small enough for the test).
    static let photoPNG = "iVBORw0KGgoAAAANSUhEUgAAAHgAAAAoCAAAAAAQgWH5AAAALklEQVR42u3TQQ0AAAjEsPNvGlxAAp2BvpZaKmAwGAwGgx/Dup+dwGAwGAwGj9ddadARm5IuaQAAAABJRU5ErkJggg=="
}
