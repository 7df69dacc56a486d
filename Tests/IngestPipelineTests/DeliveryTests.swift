import Foundation
import IngestCore
import IngestTestSupport
import XCTest

/// The HTTP sink end to end: the built `ingest`, a real SQLite library, and a real endpoint on
/// 127.0.0.1 (`Fixtures/delivery_server.py`) that deduplicates by Idempotency-Key and injects
/// faults. What counts is what the server saw: every document delivered exactly once (one first
/// delivery per document; repeats of a key are the retries the faults forced, deduplicated).
final class DeliveryTests: XCTestCase {
    var dir: TemporaryDirectory!
    var library: String { dir.url.appendingPathComponent("library.sqlite").path }
    var out: URL { dir.url.appendingPathComponent("out") }
    var input: URL { dir.url.appendingPathComponent("in") }
    var state: URL { dir.url.appendingPathComponent("server-state.jsonl") }
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/delivery_server.py")

    override func setUpWithError() throws { dir = try TemporaryDirectory("delivery") }
    override func tearDown() { dir.remove() }

    /// `count` lessons long enough to be ready, each with its own content.
    func writeLessons(_ count: Int, prefix: String = "lecon") throws {
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        for i in 0..<count {
            let line = "Leçon \(prefix) \(i) : la cellule \(i) se divise par mitose, et la leçon \(i) le montre pas à pas.\n"
            try String(repeating: line, count: 6).write(to: input.appendingPathComponent("\(prefix)-\(i).txt"), atomically: true, encoding: .utf8)
        }
    }

    func server(faults: String, port: Int = 0, extra: [String] = []) throws -> LocalServer {
        try LocalServer(script: Self.script, arguments: ["--state", state.path, "--port", String(port), "--faults", faults] + extra)
    }

    /// Flags of a run delivering to `server`, with short waits so faults cost little time.
    func sinkFlags(_ server: LocalServer, retries: Int = 8, timeout: Double = 0.5) -> [String] {
        ["--sink", "http", "--set", "sink.url=\"\(server.baseURL)/lessons\"", "--set", "sink.retries=\(retries)",
         "--set", "sink.timeoutSeconds=\(timeout)", "--set", "sink.backoffSeconds=0.05", "--set", "sink.maxWaitSeconds=2"]
    }

    func convert(_ args: [String]) throws -> IngestBinary.Result {
        try IngestBinary.run(["convert", input.path, "--out", out.path, "--library", library, "--lang", "en"] + args,
                             environment: ["INGEST_CONFIG": ""], currentDirectory: dir.url)
    }

    /// What the server recorded: requests, first deliveries (key → body id), repeats.
    struct Seen {
        var requests: [JSONValue] = []
        var firsts: [(key: String, id: String, bodyId: String)] = []
        var repeats: [String] = []
        var firstIDs: [String] { firsts.map(\.id) }
    }

    func seen() throws -> Seen {
        var s = Seen()
        guard let text = try? String(contentsOf: state, encoding: .utf8) else { return s }
        for line in text.split(separator: "\n") {
            guard let e = try? JSONValue.parse(String(line)) else { continue }
            switch e["event"]?.stringValue {
            case "request": s.requests.append(e)
            case "first": s.firsts.append((e["key"]?.stringValue ?? "", e["id"]?.stringValue ?? "", e["bodyId"]?.stringValue ?? ""))
            case "repeat": s.repeats.append(e["key"]?.stringValue ?? "")
            default: break
            }
        }
        return s
    }

    /// The ids of the documents written in the output folder.
    func writtenIDs() throws -> [String: String] {
        var ids: [String: String] = [:]
        for f in try FileManager.default.contentsOfDirectory(atPath: out.path) where f.hasSuffix(".json") && f != "summary.json" {
            ids[f] = try JSONValue.parse(Data(contentsOf: out.appendingPathComponent(f)))["id"]?.stringValue
        }
        return ids
    }

    /// Every written document was delivered exactly once, under the key of its id and revision,
    /// with its own body; nothing else was delivered.
    func assertDeliveredExactlyOnce(_ expected: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let s = try seen()
        let ids = try writtenIDs()
        XCTAssertEqual(ids.count, expected, "documents written", file: file, line: line)
        XCTAssertEqual(s.firsts.count, expected, "first deliveries seen by the server: \(s.firsts.map(\.key))", file: file, line: line)
        XCTAssertEqual(Set(s.firstIDs), Set(ids.values), "the documents delivered are the documents written", file: file, line: line)
        XCTAssertEqual(Set(s.firstIDs).count, s.firsts.count, "a document delivered under two keys", file: file, line: line)
        for f in s.firsts {
            XCTAssertEqual(f.bodyId, f.id, "the body sent under \(f.key) is that document", file: file, line: line)
            XCTAssertEqual(f.key, "\(f.id).r1", file: file, line: line)
        }
    }

    func summary() throws -> JSONValue { try JSONValue.parse(Data(contentsOf: out.appendingPathComponent("summary.json"))) }

    func deliver(_ args: [String]) throws -> IngestBinary.Result {
        try IngestBinary.run(["deliver", "--out", out.path, "--library", library, "--lang", "en"] + args,
                             environment: ["INGEST_CONFIG": ""], currentDirectory: dir.url)
    }

    // MARK: Tests

    /// Dropped connections, answers lost after delivery, delays past the timeout, 500/503, 429
    /// with Retry-After, acknowledgements sent twice: every document arrives once.
    func testEveryFaultStillDeliversEachDocumentExactlyOnce() throws {
        try writeLessons(10)
        let server = try server(faults: "drop,ok,500,ackdrop,429,ok,slow,dupack,503,ok,ackdrop,ok", extra: ["--slow", "0.8"])
        defer { server.stop() }
        let r = try convert(sinkFlags(server) + ["--concurrency", "2"])
        XCTAssertEqual(r.status, 0, r.stderr)
        try assertDeliveredExactlyOnce(10)
        let s = try seen()
        let actions = Set(s.requests.compactMap { $0["action"]?.stringValue })
        XCTAssertTrue(actions.isSuperset(of: ["drop", "500", "ackdrop", "429", "slow", "dupack", "503"]), "\(actions)")
        // Lost acknowledgements made the client send some keys again: the server saw repeats.
        XCTAssertGreaterThan(s.repeats.count, 0)
        XCTAssertEqual(try summary()["delivery"]?["delivered"], 10)
        XCTAssertEqual(try summary()["delivery"]?["pending"], 0)
        XCTAssertTrue(r.stderr.contains("Delivery to \(server.baseURL)/lessons: 10 delivered, 0 pending, 0 refused."), r.stderr)

        // Nothing twice: a re-run and `ingest deliver` send nothing more.
        let requests = s.requests.count
        XCTAssertEqual(try convert(sinkFlags(server)).status, 0)
        let d = try deliver(sinkFlags(server) + ["--json"])
        XCTAssertEqual(d.status, 0, d.stderr)
        XCTAssertEqual(try JSONValue.parse(d.stdout)["delivered"], 0)
        XCTAssertEqual(try seen().requests.count, requests)
    }

    /// The endpoint killed (SIGKILL) and restarted on its port in the middle of the batch.
    func testServerKilledAndRestartedMidBatch() throws {
        try writeLessons(10)
        var server = try server(faults: "slow", extra: ["--slow", "0.25"])
        let port = server.port
        let run = try BackgroundIngest(["convert", input.path, "--out", out.path, "--library", library, "--lang", "en"]
                                        + sinkFlags(server, timeout: 3), in: dir.url)
        try waitUntil(seconds: 60) { try self.seen().firsts.count >= 3 }
        kill(server.process.processIdentifier, SIGKILL)
        server.stop()
        let atKill = try seen().firsts.count
        XCTAssertLessThan(atKill, 10, "the server was killed mid-batch")
        usleep(700_000)
        server = try self.server(faults: "slow", port: port, extra: ["--slow", "0.05"])
        defer { server.stop() }
        let r = run.wait()
        // The retries outlast the outage; if one did not, `ingest deliver` finishes the work.
        if r.status != 0 {
            XCTAssertEqual(try summary()["counts"]?["failed"], 0, r.stderr)
            XCTAssertEqual(try deliver(sinkFlags(server)).status, 0)
        }
        try assertDeliveredExactlyOnce(10)
    }

    /// `kill -9` of `ingest convert` while it delivers; the same command run again delivers the
    /// rest, and nothing twice.
    func testKill9OfConvertMidDeliveryThenRerun() throws {
        try writeLessons(8)
        let server = try server(faults: "slow", extra: ["--slow", "0.3"])
        defer { server.stop() }
        let flags = ["--out", out.path, "--library", library, "--lang", "en"] + sinkFlags(server, timeout: 3)
        let run = try BackgroundIngest(["convert", input.path] + flags, in: dir.url)
        try waitUntil(seconds: 60) { try self.seen().firsts.count >= 2 }
        kill(run.process.processIdentifier, SIGKILL)
        _ = run.wait()
        let atKill = try seen().firsts.count
        XCTAssertLessThan(atKill, 8, "killed mid-delivery")
        usleep(300_000)   // the workers die with their parent; a POST in flight completes at the server
        let again = try convert(sinkFlags(server, timeout: 3))
        XCTAssertEqual(again.status, 0, again.stderr)
        try assertDeliveredExactlyOnce(8)
        XCTAssertEqual(try summary()["delivery"]?["pending"], 0)
    }

    /// A refusal (422) is not retried and is reported; a document that is not ready, or failed,
    /// is never sent. `ingest deliver --rejected` sends the refused ones again, once fixed.
    func testRefusalIsNotRetriedAndNotReadyOrFailedIsNeverDelivered() throws {
        try writeLessons(2)
        try "Trop court.".write(to: input.appendingPathComponent("court.txt"), atomically: true, encoding: .utf8)
        try Data().write(to: input.appendingPathComponent("vide.txt"))
        let refusing = try server(faults: "422")
        let r = try convert(sinkFlags(refusing))
        refusing.stop()
        XCTAssertEqual(r.status, 1, r.stderr)
        var s = try seen()
        XCTAssertEqual(s.requests.count, 2, "one request per ready document, no retry after a 4xx")
        XCTAssertEqual(s.firsts.count, 0)
        let delivery = try summary()["delivery"]
        XCTAssertEqual(delivery?["rejected"], 2)
        XCTAssertEqual(delivery?["withheld"], 1)
        XCTAssertEqual(delivery?["problems"]?.arrayValue?.compactMap { $0["status"]?.stringValue }, ["rejected", "rejected"])
        XCTAssertTrue(r.stderr.contains("refused by"), r.stderr)
        let notReadyID = try XCTUnwrap(writtenIDs()["court.json"])

        let accepting = try server(faults: "ok")
        defer { accepting.stop() }
        XCTAssertEqual(try deliver(sinkFlags(accepting)).status, 1, "refused ones wait for --rejected")
        XCTAssertEqual(try seen().requests.count, 2)
        let d = try deliver(sinkFlags(accepting) + ["--rejected"])
        XCTAssertEqual(d.status, 0, d.stderr)
        s = try seen()
        XCTAssertEqual(s.firsts.count, 2)
        XCTAssertFalse(s.requests.contains { $0["key"]?.stringValue?.hasPrefix(notReadyID) == true }, "a not-ready document was sent")
        XCTAssertEqual(Set(s.firstIDs), Set(try writtenIDs().filter { $0.key != "court.json" }.values))
    }

    /// A run that finds the endpoint down writes its documents, keeps their deliveries pending
    /// (exit 1, each named), and the next run delivers them without reading them again.
    func testPendingDeliveriesAreSentByTheNextRun() throws {
        try writeLessons(3)
        // Nothing listens on port 9 of the loopback.
        let down = ["--sink", "http", "--set", "sink.url=\"http://127.0.0.1:9/x\"", "--set", "sink.retries=1",
                    "--set", "sink.backoffSeconds=0.01"]
        let r = try convert(down)
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(try summary()["delivery"]?["pending"], 3)
        XCTAssertEqual(try summary()["counts"]?["succeeded"], 3)
        XCTAssertTrue(r.stderr.contains("pending (“http.unreachable"), r.stderr)   // the client's words, quoted
        let server = try server(faults: "ok")
        defer { server.stop() }
        let again = try convert(sinkFlags(server))
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try summary()["counts"]?["skipped"], 3, "not read again")
        XCTAssertEqual(try summary()["delivery"]?["delivered"], 3)
        try assertDeliveredExactlyOnce(3)
    }

    // MARK: Helpers

    func waitUntil(seconds: Double, _ condition: () throws -> Bool) throws {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if try condition() { return }
            usleep(20_000)
        }
        throw TestSetupFailure("condition not met within \(seconds) s")
    }
}

/// `ingest` running in the background (for a test that kills it, or the server under it).
final class BackgroundIngest: @unchecked Sendable {
    let process = Process()
    private let err = Pipe()
    private var errData = Data()
    private let group = DispatchGroup()

    init(_ arguments: [String], in directory: URL) throws {
        guard let url = IngestBinary.url else { try missingTool("the ingest executable is not built (run swift build)") }
        process.executableURL = url
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["INGEST_CONFIG"] = ""
        process.environment = env
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        group.enter()
        DispatchQueue.global().async { [self] in errData = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
    }

    func wait() -> (status: Int32, stderr: String) {
        process.waitUntilExit()
        group.wait()
        return (process.terminationStatus, String(decoding: errData, as: UTF8.self))
    }
}
