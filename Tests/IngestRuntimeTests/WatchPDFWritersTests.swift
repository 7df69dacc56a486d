import Foundation
import IngestCore
import IngestTestSupport
import XCTest

/// PDFs written slowly into a watched inbox by real writers: `pv -L`, `rsync --inplace
/// --bwlimit`, a writer that stops after the first `%%EOF` of a linearized file (made by `qpdf
/// --linearize`) until the watcher has seen it, and an editor appending an incremental update.
/// Each is one `succeeded` document, read whole; a file that failed and then was replaced by a
/// good one counts once, as a success.
final class WatchPDFWritersTests: XCTestCase {
    var dir: TemporaryDirectory!
    var inbox: URL { dir.url.appendingPathComponent("inbox") }
    var out: URL { dir.url.appendingPathComponent("out") }

    override func setUpWithError() throws {
        dir = try TemporaryDirectory("watch-pdf")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
    }
    override func tearDown() { dir.remove() }

    func run(_ tool: String, _ arguments: [String]) throws {
        guard let r = runTool(tool, arguments), r.status == 0 else {
            throw TestSetupFailure("\(tool) \(arguments) failed: \(String(decoding: runTool(tool, arguments)?.stderr ?? Data(), as: UTF8.self))")
        }
    }

    func start(_ shell: String, _ args: [String]) throws -> Process {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", shell, "sh"] + args
        try p.run()
        return p
    }

    func testSlowWritersGiveOneSucceededDocumentEachAndNoFailureLeft() throws {
        for tool in ["pandoc", "pdflatex", "qpdf", "pv", "rsync"] where runTool("/usr/bin/which", [tool])?.status != 0 {
            try missingTool("\(tool) is not installed (scripts/install.sh --tests)")
        }
        guard let binary = IngestBinary.url else { try missingTool("the ingest executable is not built (run swift build)") }
        // One source per file (the same content twice would be a duplicate): a known text, long
        // enough to be fingerprinted by its content, through pandoc (pdflatex), then qpdf.
        var bodies: [String: String] = [:]
        func made(_ name: String, _ n: Int) throws -> (lin: URL, table: URL) {
            let body = DistinctText.chapter(n, characters: 3000)
            let suite = DistinctText.chapter(n + 100, characters: 1500)
            bodies[name] = body + "\n" + suite
            let md = try dir.write("\(name).md", "# Chapitre \(n)\n\n" + body + "\n\n\\newpage\n\n# Suite\n\n" + suite + "\n")
            let pdf = dir.url.appendingPathComponent("\(name).pdf")
            let lin = dir.url.appendingPathComponent("\(name).lin.pdf"), table = dir.url.appendingPathComponent("\(name).table.pdf")
            try run("/usr/bin/pandoc", [md.path, "-o", pdf.path])
            try run("/usr/bin/qpdf", ["--linearize", "--object-streams=disable", pdf.path, lin.path])
            try run("/usr/bin/qpdf", ["--object-streams=disable", pdf.path, table.path])
            return (lin, table)
        }
        let pv = try made("pv", 1), rsync = try made("rsync", 2), pause = try made("pause", 3), redo = try made("redo", 4)
        let update = try made("update", 5)
        let linear = Array(try Data(contentsOf: pause.lin))
        let firstEOF = try XCTUnwrap((0..<(linear.count - 5)).first { linear[$0..<($0 + 5)].elementsEqual(Array("%%EOF".utf8)) })
        XCTAssertLessThan(firstEOF + 6, linear.count - 1000, "the linearized file has a first-page %%EOF well before its end")
        let head = try dir.write("head.pdf", Data(linear[..<(firstEOF + 6)]))
        let rest = try dir.write("rest.pdf", Data(linear[(firstEOF + 6)...]))
        let poison = try dir.write("poison.pdf", Self.poison)

        let w = try WatchEventStream(binary: binary, arguments: [
            "watch", inbox.path, "--out", out.path, "--library", dir.url.appendingPathComponent("lib.sqlite").path,
            "--jsonl", "--lang", "fr", "--concurrency", "2",
            "--set", "watch.quietSeconds=0.6", "--set", "watch.closedSettleSeconds=0.2"])
        XCTAssertTrue(w.wait(20) { $0.contains { $0["event"] == "started" } })
        func events(_ name: String, _ kind: String) -> ([JSONValue]) -> [JSONValue] {
            { $0.filter { $0["event"] == .string(kind) && ($0["sources"]?[0] ?? $0["source"]) == .string(name) } }
        }

        var writers: [Process] = []
        // pv at 16 KB/s, rsync --inplace at 16 KB/s: a linearized file trickles in for seconds.
        writers.append(try start("pv -q -L 16k \"$1\" > \"$2\"", [pv.lin.path, inbox.appendingPathComponent("pv.pdf").path]))
        writers.append(try start("rsync --inplace --bwlimit=16 \"$1\" \"$2\"", [rsync.lin.path, inbox.appendingPathComponent("rsync.pdf").path]))
        // A writer that stops after the first-page section's %%EOF until the watcher has judged
        // the file (an `incomplete` event), then writes the rest.
        try run("/bin/cp", [head.path, inbox.appendingPathComponent("pause.pdf").path])
        XCTAssertTrue(w.wait(30) { !events("pause.pdf", "incomplete")($0).isEmpty }, "the cut linearized file was never judged incomplete")
        try run("/bin/sh", ["-c", "cat \"$1\" >> \"$2\"", "sh", rest.path, inbox.appendingPathComponent("pause.pdf").path])
        // A broken PDF that fails, then replaced by a good one: one success, no failure left.
        try run("/bin/cp", [poison.path, inbox.appendingPathComponent("redo.pdf").path])
        XCTAssertTrue(w.wait(30) { $0.contains { $0["event"] == "document" && $0["sources"]?[0] == "redo.pdf" && $0["status"] == "failed" } },
                      "the broken PDF did not fail: \(w.events.filter { "\($0)".contains("redo") })")
        try run("/bin/cp", [redo.lin.path, inbox.appendingPathComponent("redo.pdf").path])
        // An editor saving an incremental update (same text, a new /Producer) after the file was read.
        try run("/bin/cp", [update.table.path, inbox.appendingPathComponent("update.pdf").path])
        XCTAssertTrue(w.wait(30) { !events("update.pdf", "document")($0).isEmpty })
        let original = Array(try Data(contentsOf: update.table))
        try Data(PDFIncrementalUpdate.appended(to: original)[original.count...]).append(to: inbox.appendingPathComponent("update.pdf"))

        for p in writers { p.waitUntilExit() }
        let names = ["pv.pdf", "rsync.pdf", "pause.pdf", "redo.pdf", "update.pdf"]
        XCTAssertTrue(w.wait(60) { e in
            names.allSatisfy { n in events(n, "document")(e).contains { $0["status"] == "succeeded" } }
                && events("update.pdf", "document")(e).count >= 2
        }, "\(w.events.filter { $0["event"] == "document" })")
        w.stop(SIGINT)
        let all = w.events

        for name in names {
            let docs = events(name, "document")(all)
            XCTAssertEqual(docs.filter { $0["status"] == "succeeded" }.count, 1, "\(name): \(docs)")
            if name != "redo.pdf" { XCTAssertFalse(docs.contains { $0["status"] == "failed" }, "\(name): \(docs)") }
        }
        // The update: read again (its bytes changed), same document and revision: announced as
        // skipped, never a second `succeeded`.
        let updates = events("update.pdf", "document")(all)
        XCTAssertEqual(updates.last?["status"], "skipped", "\(updates)")
        XCTAssertEqual(updates.last?["id"], updates.first?["id"])
        XCTAssertEqual(updates.last?["revision"], updates.first?["revision"])
        // Totals: the failure that became a success is not left counted.
        let stopped = try XCTUnwrap(all.last { $0["event"] == "stopped" })
        XCTAssertEqual(stopped["failed"], .int(0), "\(stopped)")
        XCTAssertEqual(stopped["done"], .int(5), "\(stopped)")
        // Each document holds the source's words, all of them (the linearized ones read whole).
        for name in names {
            let stem = (name as NSString).deletingPathExtension
            let source = Set((bodies[stem] ?? "").split { $0.isWhitespace || $0.isPunctuation }.map(String.init))
            XCTAssertFalse(source.isEmpty)
            let doc = try JSONValue.parse(Data(contentsOf: out.appendingPathComponent((name as NSString).deletingPathExtension + ".json")))
            let words = Set((doc["text"]?.stringValue ?? "").split { $0.isWhitespace || $0.isPunctuation }.map(String.init))
            XCTAssertTrue(source.isSubset(of: words), "\(name): missing \(source.subtracting(words).sorted().prefix(10))")
        }
    }

    /// Structurally whole (its startxref points at its xref) but its catalog names pages that do
    /// not exist: poppler cannot read it.
    static let poison: Data = {
        var s = "%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >>\nendobj\n"
        let xref = s.utf8.count
        s += "xref\n0 2\n0000000000 65535 f \n0000000009 00000 n \ntrailer << /Size 2 /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Data(s.utf8)
    }()
}

extension Data {
    /// Appends to the file at `url` (as an editor saving an incremental update does).
    func append(to url: URL) throws {
        let h = try FileHandle(forWritingTo: url)
        try h.seekToEnd()
        try h.write(contentsOf: self)
        try h.close()
    }
}
