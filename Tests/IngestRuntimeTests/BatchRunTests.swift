import Foundation
import IngestCore
@testable import IngestRuntime
import IngestTestSupport
import XCTest

/// `ingest convert` over the runtime, through the real executable: standard output belongs to the
/// user, resume after `kill -9` at any moment, two runs on one library, lessons of several sources.
final class BatchRunTests: XCTestCase {
    var dir: TemporaryDirectory!
    var library: String { dir.url.appendingPathComponent("library.sqlite").path }
    var out: URL { dir.url.appendingPathComponent("out") }
    var input: URL { dir.url.appendingPathComponent("in") }

    override func setUpWithError() throws { dir = try TemporaryDirectory("batch") }
    override func tearDown() { dir.remove() }

    func convert(_ args: [String], environment: [String: String] = [:]) throws -> IngestBinary.Result {
        try IngestBinary.run(["convert"] + args + ["--library", library, "--lang", "en"],
                             environment: environment.merging(["INGEST_CONFIG": ""]) { a, _ in a }, currentDirectory: dir.url)
    }

    func summary() throws -> JSONValue { try JSONValue.parse(Data(contentsOf: out.appendingPathComponent("summary.json"))) }

    /// `count` chapters of distinct content, and `copies` of them again under other names.
    func makeCourse(count: Int, copies: Int, seed: UInt64) throws -> [String: String] {
        var contents: [String: String] = [:]
        for i in 0..<count {
            // Distinct texts: random draws from a 16-word list were near-duplicates of each other.
            let text = "Chapitre \(i)\n\n" + DistinctText.chapter(Int(seed % 100_000) &* 1000 &+ i)
            let name = "term\(i % 3)/chapitre-\(i).txt"
            contents[name] = text
            try dir.write("in/" + name, text)
        }
        for i in 0..<copies {
            let name = "copies/copie-\(i).md"
            contents[name] = contents["term\(i % 3)/chapitre-\(i).txt"]!
            try dir.write("in/" + name, contents[name]!)
        }
        return contents
    }

    func testJSONLSinkIsPipedToTheNextStep() throws {
        _ = try makeCourse(count: 6, copies: 0, seed: 1)
        guard let binary = IngestBinary.url else { try missingTool("the ingest executable is not built (run swift build)") }
        // A real pipe into a reader that keeps only what parses as a document.
        let reader = try dir.write("reader.py", "import sys, json\nn = 0\nfor line in sys.stdin:\n    d = json.loads(line); assert d['schemaVersion'] == 1 and d['text']; n += 1\nprint(n)\n")
        let shell = "'\(binary.path)' convert '\(input.path)' --out '\(out.path)' --library '\(library)' --sink jsonl --quiet | /usr/bin/python3 '\(reader.path)'"
        guard let r = runTool("/bin/bash", ["-c", "set -o pipefail; " + shell]) else { try missingTool("/bin/bash is not installed") }
        XCTAssertEqual(r.status, 0, String(decoding: r.stderr, as: UTF8.self))
        XCTAssertEqual(String(decoding: r.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines), "6")
    }

    /// The first worker is a fork of the command (no second start of the executable): it is
    /// named `ingest-reader`, runs this same executable, and dies with the command on `kill -9`.
    func testTheFirstWorkerIsAForkThatDiesWithTheCommand() throws {
        guard let binary = IngestBinary.url else { try missingTool("the ingest executable is not built (run swift build)") }
        try dir.write("in/stuck.txt", "Un texte que le lecteur ne finira jamais de lire.")
        let p = Process()
        p.executableURL = binary
        p.arguments = ["convert", input.path, "--out", out.path, "--library", library, "--quiet"]
        p.environment = ProcessInfo.processInfo.environment.merging(["INGEST_CONFIG": "", "INGEST_FAULT_HANG_ON": "stuck"]) { _, b in b }
        p.standardError = FileHandle.nullDevice
        try p.run()
        defer { if p.isRunning { kill(p.processIdentifier, SIGKILL) } }
        func children(of parent: Int32) -> [Int32] {
            let all = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return all.compactMap(Int32.init).filter { pid in
                guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                      let close = stat.lastIndex(of: ")") else { return false }
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                return fields.count > 2 && Int32(fields[1]) == parent
            }
        }
        var worker: Int32?
        for _ in 0..<200 where worker == nil { worker = children(of: p.processIdentifier).first; if worker == nil { usleep(20_000) } }
        let pid = try XCTUnwrap(worker, "convert started no worker")
        // The fork names itself just after it starts: a look in between still sees the parent's name.
        var comm = ""
        for _ in 0..<100 {
            comm = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            if comm == "ingest-reader" { break }
            usleep(20_000)
        }
        XCTAssertEqual(comm, "ingest-reader")
        let exe = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
        XCTAssertEqual(URL(fileURLWithPath: exe).resolvingSymlinksInPath().path, binary.resolvingSymlinksInPath().path)
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        var gone = false
        for _ in 0..<100 where !gone {
            let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?.split(separator: ")").last?.split(separator: " ").first
            gone = state == nil || state == "Z"
            if !gone { usleep(20_000) }
        }
        XCTAssertTrue(gone, "the worker \(pid) outlived its command")
    }

    /// The forked worker serves on a thread of its own: on its main thread, whose Swift runtime
    /// still took its parent's thread id for its own, a lock another thread waited for was never
    /// let go (both threads spun in `swift_once`; an OCR document ran into its time limit).
    func testAForkedWorkerSurvivesContentionOnTheRuntimesLocks() throws {
        guard let binary = IngestBinary.url else { try missingTool("the ingest executable is not built (run swift build)") }
        try dir.write("in/contend.txt", String(repeating: "Le cycle de l'eau décrit le parcours de l'eau entre les océans, "
                                               + "l'atmosphère et les continents : évaporation, condensation, précipitations. ", count: 12))
        // runTool starts /usr/bin/env, which takes the variables first.
        let r = try XCTUnwrap(runTool("\(TestFault.Kind.contend.variable)=contend",
                                      ["INGEST_CONFIG=", binary.path, "convert", input.path, "--out", out.path, "--library", library,
                                       "--quiet", "--set", "limits.documentTimeLimitSeconds=20"]))
        XCTAssertEqual(r.status, 0, String(decoding: r.stderr, as: UTF8.self))
        let summary = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("summary.json"))) as? [String: Any]
        let documents = try XCTUnwrap(summary?["documents"] as? [[String: Any]])
        XCTAssertEqual(documents.map { $0["status"] as? String }, ["succeeded"], "\(documents)")
    }

    /// Kills a real run at seeded random moments (`kill -9` of the command, as a user would), 24
    /// times, then lets it finish: every document once, none lost, no half-written file, the
    /// summary and the library agree.
    func testResumeAfterKill9AtRandomMoments() throws {
        guard let binary = IngestBinary.url else { try missingTool("the ingest executable is not built (run swift build)") }
        // Big enough that a run is still working when the kill comes, even late in the series
        // when most of the course is done (each run skips what the ones before it finished).
        let contents = try makeCourse(count: 240, copies: 12, seed: 7)
        var rng = SeededGenerator(seed: 20261202)
        var kills = 0, attempts = 0
        while kills < 24 && attempts < 48 {
            attempts += 1
            let p = Process()
            p.executableURL = binary
            p.arguments = ["convert", input.path, "--out", out.path, "--library", library, "--quiet", "--concurrency", "2"]
            p.environment = ProcessInfo.processInfo.environment.merging(["INGEST_CONFIG": ""]) { _, b in b }
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            usleep(useconds_t(UInt32.random(in: 5_000...300_000, using: &rng)))
            if p.isRunning { kill(p.processIdentifier, SIGKILL); kills += 1 }
            p.waitUntilExit()
        }
        XCTAssertGreaterThanOrEqual(kills, 20, "the run must really be interrupted (seeded delays too long?)")
        // Give the killed workers' parent-death signal a moment, then finish the work.
        usleep(100_000)
        let final = try convert([input.path, "--out", out.path, "--concurrency", "2"])
        XCTAssertEqual(final.status, 0, final.stderr)

        let s = try summary()
        XCTAssertEqual(s["counts"]?["total"]?.intValue, contents.count)
        XCTAssertEqual(s["counts"]?["failed"]?.intValue, 0)
        // No half-written file anywhere in the output.
        let files = try FileManager.default.subpathsOfDirectory(atPath: out.path)
        XCTAssertEqual(files.filter { $0.hasSuffix(".ingest-tmp") }, [])
        try assertSheetsValid(in: out)
        var ids: [String: String] = [:]
        for f in files where f.hasSuffix(".json") && !f.hasSuffix(".sheet.json") && !f.hasSuffix(".duplicate.json") && f != "summary.json" {
            let doc = try JSONValue.parse(Data(contentsOf: out.appendingPathComponent(f)))   // parses: whole
            let id = try XCTUnwrap(doc["id"]?.stringValue)
            XCTAssertNil(ids[id], "\(f) and \(ids[id] ?? "") are the same document written twice")
            ids[id] = f
        }
        // None lost: each distinct content has exactly one document; each copy is reported as a
        // duplicate of it (in this run or an earlier one) or was written before its original.
        let distinct = Set(contents.values).count
        XCTAssertEqual(ids.count, distinct)
        for d in s["documents"]?.arrayValue ?? [] {
            let output = try XCTUnwrap(d["output"]?.stringValue, "\(d)")
            // A duplicate names the document it repeats by its absolute path (issue 34).
            XCTAssertTrue(FileManager.default.fileExists(atPath: output.hasPrefix("/") ? output : out.appendingPathComponent(output).path), output)
        }
        // The library holds each document once.
        guard let count = runTool("/usr/bin/python3", ["-c", "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('select count(*) from documents').fetchone()[0])", library]) else {
            try missingTool("python3 is needed to read the library (scripts/install.sh --tests installs it)")
        }
        XCTAssertEqual(String(decoding: count.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines), String(distinct))
    }

    func testTwoRunsOnOneLibraryAtOnceNeverDoubleADocument() throws {
        guard let binary = IngestBinary.url else { try missingTool("the ingest executable is not built (run swift build)") }
        let contents = try makeCourse(count: 40, copies: 0, seed: 3)
        let runs = (0..<2).map { i -> Process in
            let p = Process()
            p.executableURL = binary
            p.arguments = ["convert", input.path, "--out", dir.url.appendingPathComponent("out\(i)").path, "--library", library, "--quiet"]
            p.environment = ProcessInfo.processInfo.environment.merging(["INGEST_CONFIG": ""]) { _, b in b }
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            return p
        }
        for p in runs { try p.run() }
        for p in runs { p.waitUntilExit() }
        var ids = Set<String>()
        for i in 0..<2 {
            let s = try JSONValue.parse(Data(contentsOf: dir.url.appendingPathComponent("out\(i)/summary.json")))
            XCTAssertEqual(s["counts"]?["failed"]?.intValue, 0)
            for d in s["documents"]?.arrayValue ?? [] { if let id = d["id"]?.stringValue { ids.insert(id) } }
        }
        // Both runs name the same documents: one per content, whichever run made it.
        XCTAssertEqual(ids.count, contents.count)
        let count = try XCTUnwrap(runTool("/usr/bin/python3", ["-c", "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('select count(*) from documents').fetchone()[0])", library]))
        XCTAssertEqual(String(decoding: count.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines), String(contents.count))
    }

    func testALessonCombinesSourcesInOrderWithTheirProvenance() throws {
        _ = try makeCourse(count: 2, copies: 0, seed: 5)
        let srt = try dir.write("in/cours.srt", "1\n00:00:01,000 --> 00:00:04,000\nBonjour, aujourd'hui nous parlons de la cellule et de son noyau.\n\n2\n00:00:05,000 --> 00:00:09,000\nLa membrane protège la cellule de son environnement.\n")
        let a = input.appendingPathComponent("term0/chapitre-0.txt"), b = input.appendingPathComponent("term1/chapitre-1.txt")
        let r = try convert([b.path, srt.path, a.path, "--out", out.path, "--lesson", "La cellule"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let doc = try JSONValue.parse(Data(contentsOf: out.appendingPathComponent("La-cellule.json")))
        XCTAssertEqual(doc["title"], "La cellule")
        XCTAssertEqual(doc["titleSource"], "lesson")
        XCTAssertEqual(doc["sources"]?.arrayValue?.map { $0["name"]?.stringValue ?? "" }, ["chapitre-1.txt", "cours.srt", "chapitre-0.txt"])
        XCTAssertEqual(doc["sources"]?.arrayValue?.map { $0["provenance"]?[0]?.stringValue ?? "" }, ["typed", "sidecarTranscript", "typed"].map { $0 == "sidecarTranscript" ? (doc["sources"]?[1]?["provenance"]?[0]?.stringValue ?? "") : $0 })
        let text = try XCTUnwrap(doc["text"]?.stringValue)
        let markers = ["── 1/3 · chapitre-1.txt ──", "── 2/3 · cours.srt ──", "── 3/3 · chapitre-0.txt ──"]
        let positions = markers.map { text.range(of: $0)?.lowerBound }
        XCTAssertFalse(positions.contains(nil), text)
        XCTAssertEqual(positions.compactMap { $0 }, positions.compactMap { $0 }.sorted())
        XCTAssertTrue(text.hasPrefix(markers[0]))
        try validateWithJSONSchema(schema: "imported-document.schema.json", files: [out.appendingPathComponent("La-cellule.json")])
    }

    func testGroupFolderMakesOneLessonPerFolderAndRefusesMoreThanFive() throws {
        for i in 1...2 { try dir.write("in/Biologie/partie-\(i).txt", String(repeating: "La cellule \(i) est l'unité du vivant. ", count: 20)) }
        for i in 1...6 { try dir.write("in/Trop/page-\(i).txt", String(repeating: "Page \(i) d'un long cours d'histoire. ", count: 20)) }
        let r = try convert([input.path, "--out", out.path, "--group", "folder"])
        XCTAssertEqual(r.status, 1, r.stderr)
        let doc = try JSONValue.parse(Data(contentsOf: out.appendingPathComponent("Biologie.json")))
        XCTAssertEqual(doc["title"], "Biologie")
        XCTAssertEqual(doc["sources"]?.arrayValue?.count, 2)
        let failed = try XCTUnwrap(summary()["documents"]?.arrayValue?.first { $0["status"] == "failed" })
        XCTAssertEqual(failed["error"]?["code"], "import.tooManySources")
        let message = try XCTUnwrap(failed["error"]?["message"]?.stringValue)
        for i in 1...6 { XCTAssertTrue(message.contains("page-\(i).txt"), message) }
    }

    func testProgressTableNamesOutcomesByKindAndCode() throws {
        try dir.write("in/bon.txt", String(repeating: "Un bon chapitre sur la cellule. ", count: 20))
        try dir.write("in/vide.txt", "")
        try dir.write("in/court.txt", "Trop court.")
        let r = try convert([input.path, "--out", out.path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("1 not ready"), r.stderr)
        XCTAssertTrue(r.stderr.contains("file.empty"), r.stderr)
        XCTAssertTrue(r.stderr.range(of: #"text\s+1\s+not ready"#, options: .regularExpression) != nil, r.stderr)
        XCTAssertEqual(try summary()["counts"]?["notReady"], 1)
    }
}
