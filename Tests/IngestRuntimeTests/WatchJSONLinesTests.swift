import Foundation
import IngestCore
import IngestTestSupport
import XCTest

/// `ingest watch --sink jsonl` whose reader goes away (issue 34): the watcher stops taking files,
/// says how many documents were not delivered, exits 1; `ingest deliver --sink jsonl` and the next
/// start send the rest, each document reaching a reader once. Real readers through a pipe (a
/// Python reader that takes exactly k lines, `head -n 1`), the built `ingest`, a real library;
/// the test waits on the processes' ends (a watcher that goes on is killed after 180 s and fails).
final class WatchJSONLinesTests: XCTestCase {
    var dir: TemporaryDirectory!
    var inbox: URL { dir.url.appendingPathComponent("inbox") }
    var out: URL { dir.url.appendingPathComponent("out") }

    override func setUpWithError() throws {
        dir = try TemporaryDirectory("watch-jsonl")
        guard IngestBinary.url != nil else { try missingTool("the ingest executable is not built (run swift build)") }
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        try JSONLinesReader.script.write(to: dir.url.appendingPathComponent("reader.py"), atomically: true, encoding: .utf8)
    }
    override func tearDown() { dir.remove() }

    /// `count` chapters of known text, dated an hour back: the watcher's backlog, taken at once.
    func drop(_ count: Int) throws {
        for n in 0..<count {
            let url = inbox.appendingPathComponent(String(format: "chapitre-%02d.txt", n))
            try DistinctText.chapter(n, characters: 1_500).write(to: url, atomically: true, encoding: .utf8)
            var times = [timeval(tv_sec: time(nil) - 3600, tv_usec: 0), timeval(tv_sec: time(nil) - 3600, tv_usec: 0)]
            XCTAssertEqual(utimes(url.path, &times), 0)
        }
    }

    /// Runs `script` with `sh` (INGEST, IN, OUT, LIB, DIR, PY set) and waits for it to end. A
    /// watcher still running after 180 s (its pid in `$DIR/watch.pid`) is killed: a failure.
    @discardableResult
    func shell(_ script: String, file: StaticString = #filePath, line: UInt = #line) throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", script]
        var env = ProcessInfo.processInfo.environment
        env["INGEST"] = IngestBinary.url!.path
        env["IN"] = inbox.path
        env["OUT"] = out.path
        env["LIB"] = dir.url.appendingPathComponent("library.sqlite").path
        env["DIR"] = dir.url.path
        env["PY"] = Python.path
        env["INGEST_CONFIG"] = ""
        p.environment = env
        p.currentDirectoryURL = dir.url
        let ended = DispatchSemaphore(value: 0)
        p.terminationHandler = { _ in ended.signal() }
        try p.run()
        if ended.wait(timeout: .now() + 180) == .timedOut {
            if let pid = Int32(text("watch.pid").trimmingCharacters(in: .whitespacesAndNewlines)) { kill(pid, SIGKILL) }
            ended.wait()
            XCTFail("the watcher went on after its reader went away", file: file, line: line)
        }
        return p.terminationStatus
    }

    /// `ingest watch` on the inbox with the jsonl sink, into `consumer`; its status and stderr.
    func watch(into consumer: String, run: String, once: Bool = false) throws -> (status: Int32, stderr: String) {
        try shell("""
            { "$INGEST" watch "$IN" --out "$OUT" --library "$LIB" --lang en --sink jsonl --concurrency 1 \(once ? "--once" : "") \
            2>"$DIR/\(run).err" & echo $! >"$DIR/watch.pid"; wait $!; echo $? >"$DIR/\(run).rc"; } | \(consumer)
            """)
        return (Int32(text("\(run).rc").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1, text("\(run).err"))
    }

    func text(_ name: String) -> String { (try? String(contentsOf: dir.url.appendingPathComponent(name), encoding: .utf8)) ?? "" }

    /// The documents of the output folder: id → file.
    func documents() throws -> [String: URL] {
        var found: [String: URL] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: out.path) where name.hasSuffix(".json") && name != "summary.json" {
            let url = out.appendingPathComponent(name)
            if let id = try JSONValue.parse(Data(contentsOf: url))["id"]?.stringValue { found[id] = url }
        }
        return found
    }

    /// The ids of the whole lines in `name`, each the very document of the output folder it names.
    func received(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let data = (try? Data(contentsOf: dir.url.appendingPathComponent(name))) ?? Data()
        var parts = data.split(separator: 0x0A, omittingEmptySubsequences: false)
        parts.removeLast()
        let files = try documents()
        return try parts.map { bytes in
            let value = try JSONValue.parse(Data(bytes))
            let id = value["id"]?.stringValue ?? "?"
            let written = try XCTUnwrap(files[id], "a line for a document not in the output folder", file: file, line: line)
            XCTAssertEqual(value, try JSONValue.parse(Data(contentsOf: written)), file: file, line: line)
            return id
        }
    }

    /// The counts the stop message gives: (not delivered, not read).
    func said(_ stderr: String, file: StaticString = #filePath, line: UInt = #line) -> (pending: Int, notRead: Int)? {
        let prefix = "The reader of standard output stopped: "
        guard let start = stderr.range(of: prefix) else { XCTFail("not said: \(stderr)", file: file, line: line); return nil }
        let words = stderr[start.upperBound...].split(separator: " ")
        guard words.count > 5, let pending = Int(words[0]), let notRead = Int(words[4]) else { return nil }
        return (pending, notRead)
    }

    /// The reader takes one line of eight documents and exits: the watcher (no --once) stops,
    /// exits 1 and says how many it did not deliver and did not read; `ingest deliver` sends
    /// exactly the documents written and not taken; the next start reads the rest. Every
    /// document reaches a reader once.
    func testAReaderThatExitsStopsTheWatcher() throws {
        let total = 8
        try drop(total)
        let first = try watch(into: #""$PY" "$DIR/reader.py" 1 "$DIR/got" exit"#, run: "first")
        XCTAssertEqual(first.status, 1, first.stderr)
        let got = try received("got")
        XCTAssertEqual(got.count, 1)
        let written = try documents()
        let counts = try XCTUnwrap(said(first.stderr))
        XCTAssertEqual(counts.pending, written.count - got.count, first.stderr)
        XCTAssertEqual(counts.notRead, total - written.count, first.stderr)
        XCTAssertLessThan(written.count, total, "the watcher stopped taking files")

        XCTAssertEqual(try shell(#""$INGEST" deliver --sink jsonl --out "$OUT" --library "$LIB" --lang en 2>"$DIR/deliver.err" | cat >"$DIR/got-deliver""#), 0,
                       text("deliver.err"))
        let delivered = try received("got-deliver")
        XCTAssertEqual(Set(delivered), Set(written.keys).subtracting(got), "deliver sends exactly what the reader missed")

        let again = try watch(into: #"cat >"$DIR/got-again""#, run: "again", once: true)
        XCTAssertEqual(again.status, 0, again.stderr)
        let rest = try received("got-again")
        let all = try documents()
        XCTAssertEqual(all.count, total)
        let every = got + delivered + rest
        XCTAssertEqual(every.count, total, "lines: \(got.count) + \(delivered.count) + \(rest.count)")
        XCTAssertEqual(Set(every), Set(all.keys), "every document reaches a reader once")
    }

    /// `head -n 1` takes the only document and exits while the watcher has nothing more to write:
    /// the closed pipe alone stops it (nothing is left undelivered).
    func testHeadLeavingAnIdleWatcherStopsIt() throws {
        try drop(1)
        let r = try watch(into: #"head -n 1 >"$DIR/got""#, run: "idle")
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(try received("got").count, 1)
        let counts = try XCTUnwrap(said(r.stderr))
        XCTAssertEqual(counts.pending, 0, r.stderr)
        XCTAssertEqual(counts.notRead, 0, r.stderr)
    }
}

/// A reader of JSON Lines that takes exactly its lines (one byte per read, so it never takes from
/// the pipe what it does not keep), appends each to LOG, and exits after K lines.
enum JSONLinesReader {
    static let script = """
        import io, os, sys
        k, log = int(sys.argv[1]), sys.argv[2]
        source = io.open(0, 'rb', buffering=0)
        fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        for i in range(k):
            line = source.readline()
            if not line:
                break
            os.write(fd, line)
        """
}
