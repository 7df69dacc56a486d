import Foundation
import IngestCore
import IngestTestSupport
import XCTest

/// The watcher's events as an outbox: killed (SIGKILL) at seeded moments while real writers
/// (cp, rsync, pv) drop files, every file gets exactly one `document` event — or that event and
/// one repeat with the same `eventId` — and one output holding its text; a restart announces
/// nothing of what was already done.
final class WatchOutboxTests: XCTestCase {
    var dir: TemporaryDirectory!
    var inbox: URL { dir.url.appendingPathComponent("inbox") }
    var staging: URL { dir.url.appendingPathComponent("staging") }
    var out: URL { dir.url.appendingPathComponent("out") }
    var library: String { dir.url.appendingPathComponent("library.sqlite").path }

    override func setUpWithError() throws {
        dir = try TemporaryDirectory("watch-outbox")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
    }
    override func tearDown() { dir.remove() }

    func watch(_ extra: [String] = []) throws -> WatchEventStream {
        guard let binary = IngestBinary.url else { try missingTool("the ingest executable is not built (run swift build)") }
        let w = try WatchEventStream(binary: binary, arguments: [
            "watch", inbox.path, "--out", out.path, "--library", library, "--jsonl", "--lang", "en", "--concurrency", "2",
            "--set", "watch.quietSeconds=1", "--set", "watch.closedSettleSeconds=0.2"] + extra)
        XCTAssertTrue(w.wait(20) { $0.contains { $0["event"] == "started" } }, "the watcher did not start")
        return w
    }

    /// Starts a real writer copying `source` into the inbox as `name`; returns it running.
    func startWriter(_ kind: Int, source: URL, name: String) throws -> Process {
        let target = inbox.appendingPathComponent(name).path
        let p = Process()
        switch kind {
        case 0: p.executableURL = URL(fileURLWithPath: "/bin/cp"); p.arguments = [source.path, target]
        case 1: p.executableURL = URL(fileURLWithPath: "/usr/bin/rsync"); p.arguments = [source.path, target]
        case 2: p.executableURL = URL(fileURLWithPath: "/usr/bin/rsync"); p.arguments = ["--inplace", source.path, target]
        default:
            // pv at 6 KB/s: a 2.4 KB chapter trickles in over about 0.4 s, in small writes.
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            p.arguments = ["-c", "pv -q -L 6k \"$1\" > \"$2\"", "sh", source.path, target]
        }
        try p.run()
        return p
    }

    func testKilledAtSeededMomentsEachFileHasOneDocumentEventAndOneOutput() throws {
        for tool in ["pv", "rsync"] where runTool("/usr/bin/which", [tool])?.status != 0 {
            try missingTool("\(tool) is not installed (apt-get install \(tool))")
        }
        var rng = SeededGenerator(seed: 34)
        var texts: [String: String] = [:]
        var writers: [Process] = []
        var all: [JSONValue] = []
        var kills = 0, n = 0
        // 24 watchers, each killed at a seeded moment: after k more events (0 = as soon as it
        // started, while it replays or reads its backlog), or when it stays silent for 3 s.
        for _ in 0..<24 {
            let w = try watch()
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let name = "f\(n).txt"
                let text = "Chapitre \(n)\n\n" + DistinctText.chapter(n)
                texts[name] = text
                let source = try dir.write("staging/\(name)", text)
                writers.append(try startWriter(Int.random(in: 0...3, using: &rng), source: source, name: name))
                n += 1
            }
            let base = w.events.count
            let k = Int.random(in: 0...6, using: &rng)
            w.wait(3) { $0.count >= base + k }
            w.stop(SIGKILL)
            kills += 1
            all += w.events
        }
        for p in writers { p.waitUntilExit() }

        // A last watcher, let run until every file is announced, then stopped normally.
        let last = try watch()
        func announced(_ events: [JSONValue]) -> Set<String> {
            Set(events.filter { $0["event"] == "document" && $0["status"] != "skipped" }.compactMap { $0["sources"]?[0]?.stringValue })
        }
        XCTAssertTrue(last.wait(90) { Set(texts.keys).isSubset(of: announced(all + $0)) },
                      "never announced: \(Set(texts.keys).subtracting(announced(all + last.events)).sorted())")
        last.stop(SIGINT)
        all += last.events
        XCTAssertGreaterThanOrEqual(kills, 20)

        var repeats = 0, replayed = 0
        for (name, text) in texts.sorted(by: { $0.key < $1.key }) {
            let docs = all.filter { $0["event"] == "document" && $0["sources"]?[0] == .string(name) && $0["status"] != "skipped" }
            let ids = Set(docs.compactMap { $0["eventId"]?.stringValue })
            XCTAssertEqual(ids.count, 1, "\(name): \(docs)")
            XCTAssertTrue((1...2).contains(docs.count), "\(name): \(docs.count) document events")
            repeats += docs.count - 1
            replayed += docs.filter { $0["replayed"] == true }.count
            for d in docs {
                XCTAssertEqual(d["status"], "succeeded", "\(name): \(d)")
                XCTAssertNotNil(d["id"]?.stringValue, "\(name): \(d)")
                XCTAssertEqual(d["revision"], .int(1), "\(name): \(d)")
                XCTAssertNotNil(d["time"]?.stringValue, "\(name): \(d)")
            }
            // One output, holding the file's words.
            let output = out.appendingPathComponent((name as NSString).deletingPathExtension + ".json")
            let document = try JSONValue.parse(Data(contentsOf: output))
            func words(_ s: String) -> [Substring] { s.split { $0.isWhitespace } }
            XCTAssertEqual(words(document["text"]?.stringValue ?? ""), words(text), name)
        }
        let outputs = try FileManager.default.subpathsOfDirectory(atPath: out.path)
        XCTAssertEqual(outputs.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".sheet.json") }.count, texts.count, "\(outputs.sorted())")
        XCTAssertEqual(outputs.filter { $0.contains(".ingest-tmp") }, [])
        // Restarts announce nothing of what was already done: no `taken` for a file after its
        // document event, across every watcher.
        for name in texts.keys {
            let lines = all.enumerated().filter { $0.element["sources"]?[0] == .string(name) }
            guard let first = lines.first(where: { $0.element["event"] == "document" })?.offset else { continue }
            XCTAssertFalse(lines.contains { $0.offset > first && $0.element["event"] == "taken" }, "\(name) taken again after its document")
        }
        print("WatchOutboxTests: \(texts.count) files, \(kills) kills, \(replayed) events printed after a restart, \(repeats) repeats")
    }
}
