import Foundation
import IngestCore
import IngestTestSupport
import XCTest

/// The `ingest convert` command end to end, as a user runs it: real files, a real SQLite library,
/// the built executable. Every document written is validated against the schema.
final class ConvertCommandTests: XCTestCase {
    var dir: TemporaryDirectory!
    var library: String { dir.url.appendingPathComponent("library.sqlite").path }
    var out: URL { dir.url.appendingPathComponent("out") }

    override func setUpWithError() throws { dir = try TemporaryDirectory("convert") }
    override func tearDown() { dir.remove() }

    func convert(_ args: [String], stdin: Data? = nil, prefix: [String] = [],
                 environment: [String: String] = [:]) throws -> IngestBinary.Result {
        try IngestBinary.run(["convert"] + args + ["--library", library, "--lang", "en"], stdin: stdin,
                             environment: environment.merging(["INGEST_CONFIG": ""]) { a, _ in a }, prefix: prefix,
                             currentDirectory: dir.url)
    }

    func summary() throws -> JSONValue { try JSONValue.parse(Data(contentsOf: out.appendingPathComponent("summary.json"))) }

    func failures() throws -> [String: String] {
        var result: [String: String] = [:]
        for d in try summary()["documents"]?.arrayValue ?? [] where d["status"] == "failed" {
            result[d["sources"]?.arrayValue?.first?.stringValue ?? "?"] = d["error"]?["code"]?.stringValue
        }
        return result
    }

    /// Validates every document in the output folder, with our validator and Python's jsonschema.
    func assertDocumentsValid() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: out.path)
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".sheet.json") && !$0.hasSuffix(".duplicate.json") && !$0.hasSuffix("summary.json") }
            .map { out.appendingPathComponent($0) }
        let schemaText = try String(contentsOf: Corpus.repositoryRoot.appendingPathComponent("schemas/imported-document.schema.json"), encoding: .utf8)
        let validator = try SchemaValidator(schemaText: schemaText)
        for f in files {
            XCTAssertEqual(validator.validate(try JSONValue.parse(Data(contentsOf: f))), [], f.lastPathComponent)
        }
        try validateWithJSONSchema(schema: "imported-document.schema.json", files: files)
        try assertSheetsValid(in: out)
    }

    func testSamplesConvertAndRerunSkips() throws {
        let samples = Corpus.repositoryRoot.appendingPathComponent("samples").path
        let first = try convert([samples, "--out", out.path])
        // Every sample is ready: the README's first command ends with 0 (its not-ready example is
        // examples/pas-pret/, outside samples/).
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stderr.contains("Results in \(out.path)"), first.stderr)
        XCTAssertFalse(first.stderr.contains("\r["), "no progress bar when stderr is not a terminal")
        let s = try summary()
        XCTAssertEqual(s["counts"]?["duplicates"], 1)
        XCTAssertEqual(s["counts"]?["failed"], 0)
        XCTAssertEqual(s["counts"]?["notReady"], 0)
        try assertDocumentsValid()
        // The same chapter twice (UTF-8 Markdown, UTF-16 text): one is reported as the other's
        // duplicate. Which one is the original depends on which worker finishes first.
        let duplicate = s["documents"]?.arrayValue?.first { $0["status"] == "duplicate" }
        let pair: Set<String> = ["photosynthese.md", "révision - copie du chapitre photosynthèse.txt"]
        let original = try XCTUnwrap(duplicate?["duplicateOf"]?["source"]?.stringValue)
        let copy = try XCTUnwrap(duplicate?["sources"]?[0]?.stringValue)
        XCTAssertEqual(Set([original, copy]), pair)
        let second = try convert([samples, "--out", out.path])
        // Everything skipped (a not-ready document skipped is still said not ready, and why:
        // CommandLineLanguageTests.testEveryVerdictSaysWhyAlsoOnARerun).
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(try summary()["counts"]?["skipped"]?.intValue, s["counts"]?["total"]?.intValue)
        XCTAssertEqual(try summary()["counts"]?["notReady"], 0)
        XCTAssertTrue(second.stderr.contains("already done"), second.stderr)
    }

    func testBadInputsGetNamedErrorsAndTheRunGoesOn() throws {
        let input = dir.url.appendingPathComponent("in")
        let d = try TemporaryDirectory("unused"); d.remove()
        func put(_ name: String, _ data: Data) throws {
            let url = input.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        var rng = SeededGenerator(seed: 42)
        // Three different texts: the same chapter in three files would be one document.
        let chapter = DistinctText.chapter(1, characters: 600)
        try put("empty.txt", Data())
        try put("garbage.txt", rng.bytes(2000))
        try put("invalid-utf8.txt", Data("Les élèves étudient à l'école. ".utf8) + Data([0xFF, 0xFE, 0xC3]) + Data(DistinctText.chapter(2, characters: 600).utf8))
        try put("big.txt", Data(repeating: 0x61, count: 5000))
        try put("dossier avec espaces/chapître été.txt", Data(chapter.utf8))
        try put("wrong-extension.pdf", Data(("# Un titre\n\n" + DistinctText.chapter(3, characters: 600)).utf8))
        try put("old.doc", Data([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1] + [UInt8](repeating: 0, count: 600)))
        try FileManager.default.createDirectory(at: input.appendingPathComponent("loop"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: input.appendingPathComponent("loop/back").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: input.appendingPathComponent("self-link.txt").path, withDestinationPath: "self-link.txt")

        let r = try convert([input.path, "--out", out.path, "--set", "limits.maxFileBytes=4000", "--jsonl"])
        XCTAssertEqual(r.status, 1, r.stderr)
        let f = try failures()
        XCTAssertEqual(f["empty.txt"], "file.empty")
        XCTAssertEqual(f["garbage.txt"], "text.binary")
        XCTAssertEqual(f["big.txt"], "file.tooLarge")
        XCTAssertEqual(f["old.doc"], "sniff.legacyDoc")   // an OLE2 header and nothing else, named .doc (issue 13)
        XCTAssertEqual(f["self-link.txt"], "file.symlinkLoop")
        XCTAssertTrue(f.values.contains("file.symlinkLoop"))
        XCTAssertEqual(f.count, 6, "\(f)")
        // The good files went through despite the bad ones.
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("dossier avec espaces/chapître été.json").path))
        let mismatch = try JSONValue.parse(Data(contentsOf: out.appendingPathComponent("wrong-extension.json")))
        XCTAssertEqual(mismatch["sources"]?[0]?["warnings"]?[0]?["code"], "sniff.extensionMismatch")
        let repaired = try JSONValue.parse(Data(contentsOf: out.appendingPathComponent("invalid-utf8.json")))
        XCTAssertEqual(repaired["sources"]?[0]?["warnings"]?[0]?["code"], "text.invalidUTF8Repaired")
        try assertDocumentsValid()
        // JSON Lines: one event per document plus start and summary, each a JSON object.
        let events = try r.stdout.split(separator: "\n").map { try JSONValue.parse(String($0)) }
        XCTAssertEqual(events.first?["event"], "start")
        XCTAssertEqual(events.last?["event"], "summary")
        XCTAssertEqual(events.filter { $0["event"] == "document" }.count, events.first?["total"]?.intValue)
    }

    /// A document on which the reader crashes (a C library's segmentation fault, injected here by
    /// `INGEST_FAULT_CRASH_ON`) is set aside with `run.crashed`; every other document is converted,
    /// with one worker or several.
    func testACrashOnOneDocumentDoesNotStopTheRun() throws {
        let input = dir.url.appendingPathComponent("crash-in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        for name in ["a", "b", "c", "d", "e", "f"] {
            // Different texts (chapters differing by their name alone would be near-duplicates).
            let text = "Chapitre \(name)\n\n" + DistinctText.chapter(Int(name.unicodeScalars.first!.value))
            try text.write(to: input.appendingPathComponent(name + ".txt"), atomically: true, encoding: .utf8)
        }
        for concurrency in ["1", "2"] {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(atPath: library)
            let r = try convert([input.path, "--out", out.path, "--concurrency", concurrency],
                                environment: ["INGEST_FAULT_CRASH_ON": "c.txt"])
            XCTAssertEqual(r.status, 1, r.stderr)
            XCTAssertEqual(try failures(), ["c.txt": "run.crashed"], r.stderr)
            let counts = try summary()["counts"]
            XCTAssertEqual(counts?["succeeded"]?.intValue, 5, r.stderr)
            XCTAssertEqual(counts?["total"]?.intValue, 6)
            for name in ["a", "b", "d", "e", "f"] {
                XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent(name + ".json").path), name)
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("c.json").path))
            XCTAssertTrue(r.stderr.contains("crashed the reader (SIGSEGV 11)"), r.stderr)
            try assertDocumentsValid()
        }
        // Without the fault the same folder converts whole, the crashed document included.
        let r = try convert([input.path, "--out", out.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try failures(), [:])
    }

    func testLegacyDocAndEncryptedOfficeHaveTheirOwnMessages() throws {
        let input = dir.url.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try OLE2Fixture.make(["WordDocument", "1Table"]).write(to: input.appendingPathComponent("ancien.doc"))
        try OLE2Fixture.make(["EncryptionInfo", "EncryptedPackage"]).write(to: input.appendingPathComponent("protege.docx"))
        let r = try IngestBinary.run(["convert", input.path, "--out", out.path, "--library", library, "--lang", "fr"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("Les anciens .doc ne sont pas lus : exporte-les en .docx depuis Word."), r.stderr)
        XCTAssertTrue(r.stderr.contains("protégé par un mot de passe"), r.stderr)
        XCTAssertEqual(try failures(), ["ancien.doc": "sniff.legacyDoc", "protege.docx": "sniff.encryptedOffice"])
    }

    func testUnreadableFileIsNamedWhenNotRoot() throws {
        let input = dir.url.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        let secret = input.appendingPathComponent("secret.txt")
        try Data("Un texte privé.".utf8).write(to: secret)
        try Data(String(repeating: "Texte lisible. ", count: 20).utf8).write(to: input.appendingPathComponent("lisible.txt"))
        chmod(secret.path, 0o000)
        for path in [dir.url.path, input.path] { chmod(path, 0o777) }
        // As root permission bits don't apply: run the tool as `nobody` to meet a real EACCES.
        var prefix: [String] = []
        if geteuid() == 0 {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { try missingTool("setpriv is not installed (apt-get install util-linux)") }
            prefix = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        }
        let lib = dir.url.appendingPathComponent("nobody/library.sqlite").path
        try FileManager.default.createDirectory(atPath: (lib as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        chmod((lib as NSString).deletingLastPathComponent, 0o777)
        let r = try IngestBinary.run(["convert", input.path, "--out", out.path, "--library", lib, "--lang", "en"],
                                     prefix: prefix, currentDirectory: dir.url)
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(try failures(), ["secret.txt": "file.unreadable"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("lisible.json").path))
    }

    func testOutputFolderIsCreatedAndAFileIsAUsageError() throws {
        let nested = dir.url.appendingPathComponent("a/b/c")
        let text = dir.url.appendingPathComponent("t.txt")
        try Data(String(repeating: "Une phrase de cours. ", count: 10).utf8).write(to: text)
        XCTAssertEqual(try IngestBinary.run(["convert", text.path, "--out", nested.path, "--library", library]).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: nested.appendingPathComponent("t.json").path))
        let r = try IngestBinary.run(["convert", text.path, "--out", text.path, "--library", library, "--lang", "en"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("is a file, not a folder"), r.stderr)
    }

    func testUsageAndConfigurationErrorsExitWith2() throws {
        XCTAssertEqual(try IngestBinary.run(["convert"]).status, 2)
        let typo = try IngestBinary.run(["convert", "x", "--ot", "y", "--lang", "en"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stderr.contains("did you mean --out?"), typo.stderr)
        let bad = try IngestBinary.run(["convert", "x", "--set", "ocr.pagecap=3", "--lang", "en"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("ocr.pagecap") && bad.stderr.contains("Did you mean pageCap?"), bad.stderr)
        let config = dir.url.appendingPathComponent("bad.json")
        try Data(#"{"readiness": {"shortBelow": -1}}"#.utf8).write(to: config)
        let c = try IngestBinary.run(["config", "--check", config.path, "--lang", "en"])
        XCTAssertEqual(c.status, 2)
        XCTAssertTrue(c.stderr.contains("readiness.shortBelow"), c.stderr)
        XCTAssertEqual(try IngestBinary.run(["--help"]).status, 0)
        for command in ["convert", "youtube", "config", "deliver"] {
            let h = try IngestBinary.run([command, "--help", "--lang", "en"])
            XCTAssertEqual(h.status, 0)
            XCTAssertTrue(h.stdout.contains("Usage: ingest \(command)"), h.stdout)
        }
        XCTAssertEqual(try IngestBinary.run(["frobnicate"]).status, 2)
    }

    func testStandardInputIsTypedText() throws {
        let text = "# Cours de géographie\n\n" + String(repeating: "Les fleuves descendent vers la mer. ", count: 8)
        let r = try convert(["-", "--out", out.path], stdin: Data(text.utf8))
        XCTAssertEqual(r.status, 0, r.stderr)
        let doc = try JSONValue.parse(Data(contentsOf: out.appendingPathComponent("stdin.json")))
        XCTAssertEqual(doc["title"], "Cours de géographie")
        XCTAssertEqual(doc["sources"]?[0]?["provenance"], ["typed"])
        try assertDocumentsValid()
    }

    func testSameContentInAnotherEncodingIsADuplicateAcrossRuns() throws {
        let text = "# La Révolution\n\n" + String(repeating: "En 1789, les États généraux se réunissent à Versailles. ", count: 8)
        let a = dir.url.appendingPathComponent("a/cours.txt"), b = dir.url.appendingPathComponent("b/copie.txt")
        for u in [a, b] { try FileManager.default.createDirectory(at: u.deletingLastPathComponent(), withIntermediateDirectories: true) }
        try Data(text.utf8).write(to: a)
        try (Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)!).write(to: b)
        XCTAssertEqual(try convert([a.path, "--out", out.path]).status, 0)
        let r = try convert([b.path, "--out", out.path, "--jsonl"])
        XCTAssertEqual(r.status, 0)
        let s = try summary()
        XCTAssertEqual(s["documents"]?[0]?["status"], "duplicate")
        XCTAssertEqual(s["documents"]?[0]?["duplicateOf"]?["source"], "cours.txt")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("copie.json").path), "no second document")
    }
}
