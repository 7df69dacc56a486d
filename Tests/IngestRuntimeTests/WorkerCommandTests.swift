import Foundation
import IngestCore
@testable import IngestRuntime
import IngestTestSupport
import XCTest

/// `ingest worker` end to end, as a distributed engine runs it: requests on standard input, one
/// JSON result line per document, documents written with the bytes `ingest convert
/// --reproducible` writes; the real executable, real files, real worker processes.
final class WorkerCommandTests: XCTestCase {
    var dir: TemporaryDirectory!
    var corpus: URL { dir.url.appendingPathComponent("corpus") }

    override func setUpWithError() throws { dir = try TemporaryDirectory("worker") }
    override func tearDown() { dir.remove() }

    func chapter(_ n: Int) -> String { GeneratedText.lesson(seed: UInt64(100 + n)) }

    func worker(_ args: [String], requests: String, environment: [String: String] = [:]) throws -> (IngestBinary.Result, [JSONValue]) {
        let r = try IngestBinary.run(["worker", "--lang", "en"] + args, stdin: Data(requests.utf8),
                                     environment: environment.merging(["INGEST_CONFIG": ""]) { a, _ in a }, currentDirectory: dir.url)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        return (r, try lines.map { try JSONValue.parse($0) })
    }

    /// The documents in `folder`: relative path → bytes (`summary.json` is convert's own).
    func files(_ folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) where path != "summary.json" {
            var isDirectory: ObjCBool = false
            let url = folder.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[path] = try Data(contentsOf: url)
            }
        }
        return result
    }

    func testResultsComeInRequestOrderAndErrorsAreResults() throws {
        try dir.write("corpus/a.txt", chapter(1))
        try dir.write("corpus/sub/b.md", "# Le noyau\n\n" + chapter(2))
        let requests = """
        a.txt
        {"path": "sub/b.md", "ref": "job-7"}
        missing.pdf
        {not json

        {"path": "a.txt", "colour": "blue"}
        {"paths": ["a.txt", "sub/b.md"], "lesson": "La cellule", "ref": 9}
        """
        let (r, results) = try worker(["--root", corpus.path, "--out", "out"], requests: requests)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(results.map { $0["request"]?.intValue }, [1, 2, 3, 4, 6, 7], r.stdout)
        XCTAssertEqual(results.map { $0["status"]?.stringValue }, ["succeeded", "succeeded", "failed", "failed", "failed", "succeeded"])
        XCTAssertEqual(results[0]["output"], "a.json")
        XCTAssertEqual(results[1]["output"], "sub/b.json")
        XCTAssertEqual(results[1]["sources"], ["sub/b.md"])
        XCTAssertEqual(results[1]["ref"], "job-7")
        XCTAssertEqual(results[2]["error"]?["code"], "file.notFound")
        XCTAssertEqual(results[3]["error"]?["code"], "worker.badRequest")
        XCTAssertEqual(results[4]["error"]?["code"], "worker.badRequest")
        XCTAssertTrue(results[4]["error"]?["message"]?.stringValue?.contains("colour") == true)
        XCTAssertEqual(results[5]["output"], "La-cellule.json")
        XCTAssertEqual(results[5]["title"], "La cellule")
        XCTAssertEqual(results[5]["ref"], 9)
        // The sha256 of each result is that of the document written.
        for result in results where result["status"] == "succeeded" {
            let data = try Data(contentsOf: dir.url.appendingPathComponent("out/" + result["output"]!.stringValue!))
            let sum = runTool("sha256sum", [], input: data).map { String(decoding: $0.stdout.prefix(64), as: UTF8.self) }
            XCTAssertEqual(result["sha256"]?.stringValue, sum)
            let document = try JSONValue.parse(data)
            XCTAssertEqual(document["id"], result["id"])
            XCTAssertEqual(document["timings"], .object([:]))
            XCTAssertEqual(document["createdAt"], "1970-01-01T00:00:00Z")
        }
        XCTAssertTrue(r.stderr.contains("6 request(s), 6 result(s), 3 failed"), r.stderr)   // the blank line is none
    }

    func testDocumentsAreThoseOfConvertReproducibleByteForByte() throws {
        // Real inputs of several kinds: the samples' text, PDF, .docx, subtitles, a lesson folder.
        let samples = Corpus.repositoryRoot.appendingPathComponent("samples")
        try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
        for name in ["cours-ondes-sonores.pdf", "cours-roman-realiste.docx", "cours-histoire.srt", "photosynthese.md", "la-cellule.lesson"] {
            try FileManager.default.copyItem(at: samples.appendingPathComponent(name), to: corpus.appendingPathComponent(name))
        }
        for n in 1...4 { try dir.write("corpus/term\(n % 2)/chapitre-\(n).txt", chapter(n)) }
        try dir.write("corpus/term0/copie.txt", chapter(2))     // the same content as term0/chapitre-2.txt

        let env = ["INGEST_CONFIG": "", "SOURCE_DATE_EPOCH": "1767225600"]
        let c = try IngestBinary.run(["convert", corpus.path, "--out", "converted", "--library", "lib.sqlite", "--reproducible",
                                      "--quiet", "--lang", "en"], environment: env, currentDirectory: dir.url)
        XCTAssertEqual(c.status, 0, c.stderr)
        let plan = try IngestBinary.run(["worker", "--plan", "corpus", "--root", "corpus"], environment: env, currentDirectory: dir.url)
        XCTAssertEqual(plan.status, 0, plan.stderr)
        XCTAssertEqual(plan.stdout.split(separator: "\n").count, 10, plan.stdout)
        // The plan in reverse order: the order of the requests changes nothing.
        let reversed = plan.stdout.split(separator: "\n").reversed().joined(separator: "\n")
        let (w, results) = try worker(["--root", "corpus", "--out", "worked"], requests: reversed, environment: env)
        XCTAssertEqual(w.status, 0, w.stderr)
        XCTAssertEqual(results.count, 10)
        XCTAssertTrue(results.allSatisfy { $0["status"] == "succeeded" }, w.stdout)

        let converted = try files(dir.url.appendingPathComponent("converted"))
        let worked = try files(dir.url.appendingPathComponent("worked"))
        XCTAssertGreaterThanOrEqual(converted.count, 18)
        // (convert's pointer to the document its duplicate repeats: the worker, without a
        // library, writes that copy itself — below.)
        for (path, data) in converted where !path.hasPrefix("cache/") && !path.hasPrefix("lib.sqlite") && !path.hasSuffix(".duplicate.json") {
            XCTAssertEqual(worked[path], data, "\(path) differs from ingest convert's")
        }
        // convert wrote one of the two copies; the worker wrote both, under the same id.
        let copies = results.filter { ["term0/chapitre-2.json", "term0/copie.json"].contains($0["output"]?.stringValue ?? "") }
        XCTAssertEqual(copies.count, 2)
        XCTAssertEqual(copies[0]["id"], copies[1]["id"])
        // (and the worker's result journal, empty once every result was taken)
        XCTAssertEqual(worked[".ingest-worker-0-of-1.journal"], Data())
        XCTAssertEqual(Set(worked.keys).subtracting(converted.keys)
            .filter { !$0.hasSuffix(".sheet.json") && !$0.hasSuffix(".sheet.md") && !$0.hasPrefix(".ingest-worker-") }.count, 1)
        let document = try JSONValue.parse(worked["photosynthese.json"]!)
        XCTAssertEqual(document["createdAt"], "2026-01-01T00:00:00Z")

        // Idempotent: the same requests again give the same ids and the same bytes.
        let (again, second) = try worker(["--root", "corpus", "--out", "worked"], requests: plan.stdout, environment: env)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(Set(second.map { $0["id"] }), Set(results.map { $0["id"] }))
        XCTAssertEqual(Set(second.map { $0["sha256"] }), Set(results.map { $0["sha256"] }))
        XCTAssertEqual(try files(dir.url.appendingPathComponent("worked")), worked)
    }

    func testShardsSplitTheDocumentsWithoutOverlap() throws {
        for n in 1...12 { try dir.write("corpus/c\(n).txt", chapter(n)) }
        let requests = (1...12).map { "c\($0).txt" }.joined(separator: "\n")
        var seen: [String] = []
        for i in 0..<3 {
            let (r, results) = try worker(["--root", corpus.path, "--out", "out", "--shard", "\(i)/3"], requests: requests)
            XCTAssertEqual(r.status, 0, r.stderr)
            let outputs = results.compactMap { $0["output"]?.stringValue }
            for o in outputs { XCTAssertEqual(Shard.hash(String(o.dropLast(5))) % 3, UInt64(i), o) }
            XCTAssertTrue(r.stderr.contains("\(12 - outputs.count) document(s) of other shards"), r.stderr)
            seen += outputs
        }
        XCTAssertEqual(seen.sorted(), (1...12).map { "c\($0).json" }.sorted())
        let (bad, _) = try worker(["--shard", "3/3"], requests: "")
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("--shard takes I/N"), bad.stderr)
    }

    func testShardHashIsFNV1a() {
        // FNV-1a 64 test vectors (the published ones): the shard of a name never changes.
        XCTAssertEqual(Shard.hash(""), 0xcbf2_9ce4_8422_2325)
        XCTAssertEqual(Shard.hash("a"), 0xaf63_dc4c_8601_ec8c)
        XCTAssertEqual(Shard.hash("foobar"), 0x8594_4171_f739_67e8)
        // NFC: a decomposed é lands where the composed one does.
        XCTAssertEqual(Shard.hash("e\u{301}cole"), Shard.hash("\u{e9}cole"))
        XCTAssertEqual(Shard("2/5"), Shard(index: 2, count: 5))
        XCTAssertNil(Shard("5/5"))
        XCTAssertNil(Shard("-1/2"))
        XCTAssertNil(Shard("1"))
        XCTAssertTrue(Shard.all.contains("anything"))
    }

    func testACrashingDocumentIsAResultAndTheOthersGoOn() throws {
        for name in ["avant", "boom", "apres"] { try dir.write("corpus/\(name).txt", chapter(name.count)) }
        let (r, results) = try worker(["--root", corpus.path, "--out", "out", "--concurrency", "1"],
                                      requests: "avant.txt\nboom.txt\napres.txt\n",
                                      environment: [TestFault.Kind.crash.variable: "boom"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(results.map { $0["status"]?.stringValue }, ["succeeded", "failed", "succeeded"])
        XCTAssertEqual(results[1]["error"]?["code"], "run.crashed")
    }

    func testTheInternalReaderIsHiddenAndRefusesToRunAlone() throws {
        let help = try IngestBinary.run(["--help"])
        XCTAssertTrue(help.stdout.contains("worker [--shard I/N]"), help.stdout)
        XCTAssertFalse(help.stdout.contains(WorkerServer.command))
        // Started by hand it refuses, and says nothing: the internal reader never speaks to a person.
        let alone = try IngestBinary.run([WorkerServer.command])
        XCTAssertEqual(alone.status, 2)
        XCTAssertEqual(alone.stderr, "")
        let workerHelp = try IngestBinary.run(["help", "worker", "--lang", "en"])
        XCTAssertTrue(workerHelp.stdout.contains("--plan PATH"), workerHelp.stdout)
    }
}
