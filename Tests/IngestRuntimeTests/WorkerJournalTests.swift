import Foundation
import IngestCore
import IngestTestSupport
import XCTest

/// `ingest worker`'s results delivered like documents (issue 34): a request with no result taken
/// by the reader — the reader exits, or the worker is killed with SIGKILL — is answered first by
/// the next worker on the same output folder and shard, and nothing already taken is sent again.
/// Real processes through `/bin/sh` pipes; requests are files of known text (DistinctText).
final class WorkerJournalTests: XCTestCase {
    var dir: TemporaryDirectory!
    static let count = 12

    override func setUpWithError() throws {
        dir = try TemporaryDirectory("worker-journal")
        guard IngestBinary.url != nil else { try missingTool("the ingest executable is not built (run swift build)") }
        for n in 1...Self.count {
            _ = try dir.write(String(format: "in/chapitre-%02d.txt", n), DistinctText.chapter(100 + n))
        }
        _ = try dir.write("requests.txt", (1...Self.count).map { String(format: "chapitre-%02d.txt", $0) }.joined(separator: "\n") + "\n")
        _ = try dir.write("reader.py", """
            import io, os, sys
            k, log = int(sys.argv[1]), sys.argv[2]
            source = io.open(0, 'rb', buffering=0)
            fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
            for i in range(k):
                line = source.readline()
                if not line:
                    break
                os.write(fd, line)
            """)
    }
    override func tearDown() { dir.remove() }

    /// Runs `script` with `sh` in the test folder; INGEST, PY in its environment.
    func shell(_ script: String, environment: [String: String] = [:]) throws -> Process {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", script]
        var env = ProcessInfo.processInfo.environment
        env["INGEST"] = IngestBinary.url!.path
        env["PY"] = Python.path
        env["INGEST_CONFIG"] = ""
        env.merge(environment) { _, new in new }
        p.environment = env
        p.currentDirectoryURL = dir.url
        try p.run()
        return p
    }

    static let worker = #""$INGEST" worker --root in --out out --library lib.sqlite --lang en"#

    func text(_ name: String) -> String { (try? String(contentsOf: dir.url.appendingPathComponent(name), encoding: .utf8)) ?? "" }

    /// The request numbers of the result lines taken whole, and their document ids.
    func results(_ name: String) throws -> [(request: Int, id: String?)] {
        var lines = text(name).components(separatedBy: "\n")
        lines.removeLast()
        return try lines.map { line in
            let r = try JSONValue.parse(line)
            return (r["request"]?.intValue ?? -1, r["id"]?.stringValue)
        }
    }

    /// A reader that exits after k results (seeded): the worker stops, exits 1 and says how many
    /// results were not delivered; the next worker, with no request at all, gives exactly those.
    func testAReaderThatExitsGetsItsMissingResultsFromTheNextWorker() throws {
        var rng = SeededGenerator(seed: 345)
        let k = Int.random(in: 1...5, using: &rng)
        let first = try shell(#"{ \#(Self.worker) <requests.txt 2>first.err; echo $? >first.rc; } | "$PY" reader.py \#(k) got"#)
        first.waitUntilExit()
        let got = try results("got")
        XCTAssertEqual(got.map(\.request), Array(1...k))
        XCTAssertEqual(text("first.rc").trimmingCharacters(in: .whitespacesAndNewlines), "1", text("first.err"))
        let unanswered = try XCTUnwrap(text("first.err").firstMatch(of: /stopped: (\d+) result/)?.1).description
        XCTAssertGreaterThan(Int(unanswered) ?? 0, 0, text("first.err"))

        let second = try shell(#"\#(Self.worker) </dev/null 2>second.err >again"#)
        second.waitUntilExit()
        XCTAssertEqual(second.terminationStatus, 0, text("second.err"))
        let again = try results("again")
        XCTAssertEqual(again.count, Int(unanswered), "the next worker answers what the reader did not take")
        XCTAssertEqual(Set(again.map(\.request)).intersection(got.map(\.request)), [], "a result taken is not sent again")
        // The requests taken are lines 1…T (read in order): each answered exactly once.
        let all = (got + again).map(\.request).sorted()
        XCTAssertEqual(all, Array(1...(all.last ?? 0)))
        XCTAssertTrue(text("second.err").contains("\(again.count) left unanswered by the previous run"), text("second.err"))
        // Nothing left: a third worker answers nothing.
        let third = try shell(#"\#(Self.worker) </dev/null 2>/dev/null >third"#)
        third.waitUntilExit()
        XCTAssertEqual(text("third"), "")
    }

    /// The worker killed with SIGKILL while it reads a document (a hang injected on a seeded
    /// request): what its reader took stays taken; the requests it had taken and not answered
    /// are answered by the next worker, each once.
    func testAWorkerKilledMidRunIsAnsweredOnRestart() throws {
        var rng = SeededGenerator(seed: 3405)
        let hung = Int.random(in: 3...8, using: &rng)
        let first = try shell(#"exec \#(Self.worker) <requests.txt 2>first.err >got"#,
                              environment: ["INGEST_FAULT_HANG_ON": String(format: "chapitre-%02d", hung)])
        // The results before the hung request are out and taken; then the worker is killed.
        for _ in 0..<300 where (try? results("got").count) ?? 0 < hung - 1 { usleep(50_000) }
        usleep(300_000)
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        let got = try results("got")
        XCTAssertEqual(got.map(\.request), Array(1..<hung), text("first.err"))

        let second = try shell(#"\#(Self.worker) </dev/null 2>second.err >again"#)
        second.waitUntilExit()
        XCTAssertEqual(second.terminationStatus, 0, text("second.err"))
        let again = try results("again")
        XCTAssertTrue(again.map(\.request).contains(hung), "the request being read when the worker was killed is answered")
        XCTAssertEqual(Set(again.map(\.request)).intersection(got.map(\.request)), [], "a result taken is not sent again")
        let all = (got + again).map(\.request).sorted()
        XCTAssertEqual(all, Array(1...(all.last ?? 0)), "each request taken is answered once")
        XCTAssertTrue(again.allSatisfy { $0.id != nil })
    }
}
