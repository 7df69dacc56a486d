import Foundation
import IngestCore
import IngestTestSupport
import XCTest

/// The JSON Lines sink end to end (issue 34): the built `ingest`, a real SQLite library, and real
/// readers of its standard output through a pipe (`/bin/sh`) that stop at seeded moments —
/// `head -c N`, a Python reader that exits, raises or aborts after k lines, one killed with
/// SIGKILL. What counts is what each reader got: the lines it took whole. The next run (or
/// `ingest deliver --sink jsonl`) must send exactly the documents it did not get, each once.
final class JSONLinesDeliveryTests: XCTestCase {
    var dir: TemporaryDirectory!
    var input: URL { dir.url.appendingPathComponent("in") }
    var out: URL { dir.url.appendingPathComponent("out") }
    static let lessons = 24

    override func setUpWithError() throws {
        dir = try TemporaryDirectory("jsonl-delivery")
        guard IngestBinary.url != nil else { try missingTool("the ingest executable is not built (run swift build)") }
        // 24 chapters of ~2,400 characters: about 170 KB of lines, more than a pipe holds (64 KB),
        // so a reader that stops leaves lines unread in the pipe as well as lines never written.
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        for n in 0..<Self.lessons {
            try DistinctText.chapter(n).write(to: input.appendingPathComponent(String(format: "chapitre-%02d.txt", n)),
                                               atomically: true, encoding: .utf8)
        }
        try Self.reader.write(to: dir.url.appendingPathComponent("reader.py"), atomically: true, encoding: .utf8)
    }
    override func tearDown() { dir.remove() }

    /// A reader that takes exactly its lines (unbuffered: one byte per read, so it never takes
    /// from the pipe what it does not keep), appends each to LOG, and after K lines: `exit`s,
    /// `raise`s (a Python traceback, status 1), `abort`s (SIGABRT) or `wait`s to be killed.
    static let reader = """
        import io, os, sys, time
        k, log, mode = int(sys.argv[1]), sys.argv[2], sys.argv[3]
        source = io.open(0, 'rb', buffering=0)
        fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        for i in range(k):
            line = source.readline()
            if not line:
                break
            os.write(fd, line)
        if mode == 'raise':
            raise RuntimeError('the consumer crashed after %d lines' % k)
        if mode == 'abort':
            os.abort()
        if mode == 'wait':
            open(log + '.ready', 'w').write(str(os.getpid()))
            time.sleep(3600)
        """

    /// Runs `script` with `sh`; INGEST, IN, OUT, LIB, DIR and PY in its environment.
    @discardableResult
    func shell(_ script: String) throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", script]
        var env = ProcessInfo.processInfo.environment
        env["INGEST"] = IngestBinary.url!.path
        env["IN"] = input.path
        env["OUT"] = out.path
        env["LIB"] = dir.url.appendingPathComponent("library.sqlite").path
        env["DIR"] = dir.url.path
        env["PY"] = Python.path
        env["INGEST_CONFIG"] = ""
        p.environment = env
        p.currentDirectoryURL = dir.url
        try p.run()
        p.waitUntilExit()
        return p.terminationStatus
    }

    /// `ingest convert` with the jsonl sink, its standard output piped into `consumer`; returns
    /// its exit status and standard error.
    func convert(into consumer: String, run: String) throws -> (status: Int32, stderr: String) {
        try shell("""
            { "$INGEST" convert "$IN" --out "$OUT" --library "$LIB" --lang en --sink jsonl --concurrency 2 2>"$DIR/\(run).err"; \
            echo $? >"$DIR/\(run).rc"; } | \(consumer)
            """)
        return (Int32(text("\(run).rc").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1, text("\(run).err"))
    }

    /// A fresh library for the next run: the file and everything SQLite and the band table keep
    /// beside it (the file alone once left a journal that made the next run's open fail with
    /// "disk I/O error" in a clean-clone run under load).
    func removeLibrary() {
        for suffix in ["", "-wal", "-shm", "-journal", "-bands"] {
            try? FileManager.default.removeItem(at: dir.url.appendingPathComponent("library.sqlite" + suffix))
        }
    }

    func text(_ name: String) -> String { (try? String(contentsOf: dir.url.appendingPathComponent(name), encoding: .utf8)) ?? "" }

    /// The ids of the lines a reader took whole (a last line cut short is not one), each line
    /// checked against the document file it comes from: the same JSON, on one line.
    func received(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let data = (try? Data(contentsOf: dir.url.appendingPathComponent(name))) ?? Data()
        var parts = data.split(separator: 0x0A, omittingEmptySubsequences: false)
        parts.removeLast()   // after the last newline: empty, or a line cut short
        let files = try documents()
        return try parts.map { bytes in
            let value = try JSONValue.parse(Data(bytes))
            let id = value["id"]?.stringValue ?? "?"
            let written = try XCTUnwrap(files[id], "a line for a document not in the output folder", file: file, line: line)
            XCTAssertEqual(value, try JSONValue.parse(Data(contentsOf: written)), "the line is the document \(written.lastPathComponent)",
                           file: file, line: line)
            return id
        }
    }

    /// The documents of the output folder: id → file.
    func documents() throws -> [String: URL] {
        var found: [String: URL] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: out.path) where name.hasSuffix(".json") && name != "summary.json" {
            let url = out.appendingPathComponent(name)
            if let id = try JSONValue.parse(Data(contentsOf: url))["id"]?.stringValue { found[id] = url }
        }
        return found
    }

    /// First run: the reader stops; `check` says what the run said. Then `resend` (the next
    /// run, or `ingest deliver`, then the next run for what was never read) into a reader that
    /// takes everything. Every document reaches a reader exactly once.
    func assertExactlyOnce(consumer: String, resendWithDeliver: Bool = false, file: StaticString = #filePath, line: UInt = #line) throws {
        let first = try convert(into: consumer, run: "first")
        let got = try received("got", file: file, line: line)
        let writtenFirst = try documents()
        XCTAssertEqual(Set(got).count, got.count, "a repeat within one reader", file: file, line: line)
        XCTAssertTrue(Set(got).isSubset(of: Set(writtenFirst.keys)), file: file, line: line)
        let missing = writtenFirst.count - got.count
        if missing > 0 || writtenFirst.count < Self.lessons {
            // The reader stopped before the run was done: the run stops, fails, and says how many.
            XCTAssertEqual(first.status, 1, first.stderr, file: file, line: line)
            XCTAssertTrue(first.stderr.contains("The reader of standard output stopped: \(missing) document(s) not delivered, "
                                                + "\(Self.lessons - writtenFirst.count) file(s) not read yet."), first.stderr, file: file, line: line)
        }
        var again: [String] = []
        if resendWithDeliver {
            XCTAssertEqual(try shell(#""$INGEST" deliver --sink jsonl --out "$OUT" --library "$LIB" --lang en 2>"$DIR/deliver.err" | cat >"$DIR/got-deliver""#),
                           0, file: file, line: line)
            let delivered = try received("got-deliver", file: file, line: line)
            XCTAssertEqual(Set(delivered), Set(writtenFirst.keys).subtracting(got), "deliver sends exactly what the reader missed",
                           file: file, line: line)
            again += delivered
        }
        let second = try convert(into: #"cat >"$DIR/got-again""#, run: "again")
        XCTAssertEqual(second.status, 0, second.stderr, file: file, line: line)
        again += try received("got-again", file: file, line: line)
        let all = try documents()
        XCTAssertEqual(all.count, Self.lessons, file: file, line: line)
        XCTAssertEqual(Set(got).intersection(again), [], "sent twice to readers", file: file, line: line)
        XCTAssertEqual(got.count + again.count, Self.lessons, "lines sent: \(got.count) + \(again.count)", file: file, line: line)
        XCTAssertEqual(Set(got + again), Set(all.keys), "every document reaches a reader", file: file, line: line)
    }

    // MARK: Tests

    /// `head -c N` at seeded byte counts: N falls inside a line (the line is not delivered), in
    /// the first line, and past what one pipe holds.
    func testHeadStopsAtSeededByteCounts() throws {
        var rng = SeededGenerator(seed: 34)
        for n in [300, Int.random(in: 20_000...60_000, using: &rng), Int.random(in: 70_000...140_000, using: &rng)] {
            try? FileManager.default.removeItem(at: out)
            removeLibrary()
            for name in ["got", "got-again"] { try? FileManager.default.removeItem(at: dir.url.appendingPathComponent(name)) }
            try assertExactlyOnce(consumer: #"head -c \#(n) >"$DIR/got""#)
        }
    }

    /// A Python reader that exits after k lines; what it missed is sent by `ingest deliver`.
    func testReaderExitsThenDeliverSendsTheMissingOnes() throws {
        var rng = SeededGenerator(seed: 341)
        let k = Int.random(in: 2...6, using: &rng)
        try assertExactlyOnce(consumer: #""$PY" "$DIR/reader.py" \#(k) "$DIR/got" exit"#, resendWithDeliver: true)
    }

    /// A reader that crashes: an uncaught exception, then an abort (SIGABRT).
    func testReaderCrashes() throws {
        try assertExactlyOnce(consumer: #""$PY" "$DIR/reader.py" 5 "$DIR/got" raise 2>/dev/null"#)
        for name in ["got", "got-again"] { try? FileManager.default.removeItem(at: dir.url.appendingPathComponent(name)) }
        removeLibrary()
        try? FileManager.default.removeItem(at: out)
        try assertExactlyOnce(consumer: #""$PY" "$DIR/reader.py" 11 "$DIR/got" abort"#)
    }

    /// A reader killed with SIGKILL after k lines (seeded), while the run is still writing.
    func testReaderKilledWithSigkill() throws {
        var rng = SeededGenerator(seed: 3409)
        let k = Int.random(in: 1...8, using: &rng)
        let killer = Thread { [dir] in
            let ready = dir!.url.appendingPathComponent("got.ready")
            for _ in 0..<600 {
                if let pid = (try? String(contentsOf: ready, encoding: .utf8)).flatMap({ Int32($0) }) { kill(pid, SIGKILL); return }
                usleep(50_000)
            }
        }
        killer.start()
        try assertExactlyOnce(consumer: #""$PY" "$DIR/reader.py" \#(k) "$DIR/got" wait"#, resendWithDeliver: true)
    }

    /// `ingest deliver --sink jsonl --all` replays every document of the output folder for a
    /// reader that lost its state, delivered or not; `--since` those written from then on.
    func testReplayAllAndSince() throws {
        _ = try convert(into: #""$PY" "$DIR/reader.py" 3 "$DIR/got" exit"#, run: "first")
        let firstRun = Set(try documents().keys)
        Thread.sleep(forTimeInterval: 0.05)
        let middle = Date()
        Thread.sleep(forTimeInterval: 0.05)
        XCTAssertEqual(try convert(into: #"cat >/dev/null"#, run: "again").status, 0)
        let all = try documents()
        XCTAssertEqual(all.count, Self.lessons)

        XCTAssertEqual(try shell(#""$INGEST" deliver --sink jsonl --all --out "$OUT" --library "$LIB" --lang en 2>"$DIR/all.err" >"$DIR/got-all""#), 0)
        let replayed = try received("got-all")
        XCTAssertEqual(replayed.count, Self.lessons)
        XCTAssertEqual(Set(replayed), Set(all.keys))
        XCTAssertTrue(text("all.err").contains("\(Self.lessons) of the \(Self.lessons) document(s) of the output folder delivered again."),
                      text("all.err"))

        let since = ISO8601DateFormatter.string(from: middle, timeZone: TimeZone(identifier: "UTC")!,
                                                formatOptions: [.withInternetDateTime, .withFractionalSeconds])
        XCTAssertEqual(try shell(#""$INGEST" deliver --sink jsonl --since \#(since) --out "$OUT" --library "$LIB" >"$DIR/got-since""#), 0)
        XCTAssertEqual(Set(try received("got-since")), Set(all.keys).subtracting(firstRun))
        XCTAssertFalse(firstRun.isEmpty)

        // A replay whose reader stops says so and fails.
        try shell(#"{ "$INGEST" deliver --sink jsonl --all --out "$OUT" --library "$LIB" --lang en 2>"$DIR/cut.err"; echo $? >"$DIR/cut.rc"; } | head -c 5000 >/dev/null"#)
        XCTAssertEqual(text("cut.rc").trimmingCharacters(in: .whitespacesAndNewlines), "1")
        XCTAssertTrue(text("cut.err").contains("0 of the \(Self.lessons) document(s) of the output folder delivered again."), text("cut.err"))
    }
}
