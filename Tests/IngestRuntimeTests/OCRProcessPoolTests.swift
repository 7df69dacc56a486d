import Foundation
import IngestCore
import IngestRuntime
import IngestTestSupport
import XCTest

/// OCR pages read by recognisers (`ingest _ocr`, one engine each) that a worker starts, through
/// the real executable: the same text as engines in one process, a recogniser that crashes or
/// hangs costs its page only, a missing language is the document's error, and none outlives the run.
/// The photos are `samples/tableau-1…3.jpg`: numbered photos of one folder, one document of three pages.
final class OCRProcessPoolTests: XCTestCase {
    var dir: TemporaryDirectory!
    var input: URL { dir.url.appendingPathComponent("in") }

    override func setUpWithError() throws {
        dir = try TemporaryDirectory("recognisers")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        for i in 1...3 {
            try FileManager.default.copyItem(at: Corpus.repositoryRoot.appendingPathComponent("samples/tableau-\(i).jpg"),
                                             to: input.appendingPathComponent("tableau-\(i).jpg"))
        }
    }
    override func tearDown() { dir.remove() }

    /// A run's document (or the failure of the summary), its summary, wall seconds, exit status
    /// and the documents the JSON Lines sink printed (with `--sink jsonl`).
    struct Run {
        let document: JSONValue?
        let summary: JSONValue
        let seconds: Double
        let status: Int32
        let handedOn: [JSONValue]
    }

    /// Converts the photos into `name` (its output folder and library: a second run of a name is
    /// the library's next run).
    func convert(_ name: String, _ extra: [String] = [], environment: [String: String] = [:]) throws -> Run {
        let out = dir.url.appendingPathComponent(name)
        let started = Date()
        let run = try IngestBinary.run(["convert", input.path, "--out", out.path, "--library", dir.url.appendingPathComponent(name + ".sqlite").path,
                                  "--lang", "en", "--quiet"] + extra,
                                 environment: environment.merging(["INGEST_CONFIG": ""]) { a, _ in a })
        let seconds = Date().timeIntervalSince(started)
        let summary = try JSONValue.parse(Data(contentsOf: out.appendingPathComponent("summary.json")))
        let document = try? JSONValue.parse(Data(contentsOf: out.appendingPathComponent("tableau.json")))
        let lines = extra.contains("jsonl") ? try run.stdout.split(separator: "\n").map { try JSONValue.parse(Data($0.utf8)) } : []
        return Run(document: document, summary: summary, seconds: seconds, status: run.status,
                   handedOn: lines.filter { $0["schemaVersion"] != nil })
    }

    func warnings(_ document: JSONValue?) -> [JSONValue] { document?["sources"]?[0]?["warnings"]?.arrayValue ?? [] }

    /// When the run ends its recognisers are gone (reaped by their worker, not left to init).
    func testPagesReadByRecognisersAreThePagesReadInProcess() throws {
        let before = Set(try recognisers())
        let recognisers = try convert("processes")
        XCTAssertEqual(Set(try self.recognisers()).subtracting(before), [], "a recogniser outlived the run")
        let inProcess = try convert("in-process", environment: ["INGEST_IN_PROCESS": "1"])
        let text = try XCTUnwrap(recognisers.document?["text"]?.stringValue)
        XCTAssertEqual(text, inProcess.document?["text"]?.stringValue)
        XCTAssertEqual(recognisers.document?["sources"]?[0]?["pagesOCRed"], 3)
        XCTAssertEqual(recognisers.document?["sources"]?[0]?["meanOCRConfidence"], inProcess.document?["sources"]?[0]?["meanOCRConfidence"])
        XCTAssertGreaterThan(text.count, 500)
        XCTAssertEqual(warnings(recognisers.document).count, 0)
    }

    /// A crash inside a recogniser (Tesseract's, say) is one page's warning; the worker, the other
    /// pages and the document go on, and the page after it gets a new recogniser.
    /// Issue 33: the document is partial and not handed on (the JSON Lines sink prints no document
    /// for it); the next run reads it again: whole now, it is the same document's next revision,
    /// handed on.
    func testARecogniserThatCrashesCostsItsPageOnlyAndThePartialDocumentIsReadAgain() throws {
        let run = try convert("crash", ["--concurrency", "1", "--sink", "jsonl"], environment: ["INGEST_FAULT_OCR_CRASH_ON_PAGE": "2"])
        let pages = try XCTUnwrap(run.document?["sources"]?[0]?["pages"]?.arrayValue)
        XCTAssertEqual(pages.map { $0["provenance"]?.stringValue ?? "-" }, ["ocr", "-", "ocr"])
        XCTAssertEqual(pages[1]["skipped"], true)
        let w = try XCTUnwrap(warnings(run.document).first)
        XCTAssertEqual(w["code"], "ocr.engineFailed")
        XCTAssertEqual(w["page"], 2)
        XCTAssertEqual(w["message"]?.stringValue, "Text recognition failed (the OCR process ended (SIGSEGV 11)).")
        assertPartial(run, pages: "2", failure: "ocr.engineFailed", page: 2)
        XCTAssertEqual(run.handedOn.count, 0, "a partial document was handed on")

        let id = try XCTUnwrap(run.summary["documents"]?[0]?["id"]?.stringValue)
        let second = try convert("crash", ["--concurrency", "1", "--sink", "jsonl"])
        XCTAssertEqual(second.status, 0)
        XCTAssertEqual(second.summary["documents"]?[0]?["status"], "succeeded")
        XCTAssertEqual(second.handedOn.count, 1)
        XCTAssertEqual(second.handedOn.first?["id"]?.stringValue, id)
        XCTAssertEqual(second.handedOn.first?["revision"], 2)
        XCTAssertNil(second.handedOn.first?["sources"]?[0]?["pages"]?.arrayValue?.first { $0["failure"] != nil })
    }

    /// Issue 33: a document with a page that could not be read is `partial` — written, counted
    /// apart, exit 1, its outcome naming the pages — never a success.
    /// `pages: nil`: other pages may have failed too (the hang test's page limit, on a very loaded machine).
    func assertPartial(_ run: Run, pages: String?,
                       failure: String, page: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(run.status, 1, file: file, line: line)
        XCTAssertEqual(run.summary["counts"]?["failed"], 0, file: file, line: line)
        XCTAssertEqual(run.summary["counts"]?["partial"], 1, file: file, line: line)
        XCTAssertEqual(run.summary["counts"]?["succeeded"], 0, file: file, line: line)
        let outcome = run.summary["documents"]?[0]
        XCTAssertEqual(outcome?["status"], "partial", file: file, line: line)
        XCTAssertEqual(outcome?["error"]?["code"], "document.partial", file: file, line: line)
        if let pages {
            XCTAssertEqual(outcome?["error"]?["message"]?.stringValue,
                           "This document was only partly read: 1 page(s) could not be read (\(pages)). It is written for checking but not handed on; the next run reads it again.",
                           file: file, line: line)
        }
        XCTAssertEqual(run.document?["sources"]?[0]?["pages"]?[page - 1]?["failure"]?.stringValue, failure, file: file, line: line)
    }

    /// A recogniser that never answers is killed once its page's time is up (and a few seconds for
    /// it to say so): the page gets the time limit's warning, the other pages are read.
    func testARecogniserThatHangsIsKilledAtItsPagesTimeLimit() throws {
        // 6 s: long enough for the other photos on a loaded machine (at load 13, 1 s was not: every
        // page was given up and the document failed), short beside the 30 s bound below.
        let run = try convert("hang", ["--set", "ocr.pageTimeLimitSeconds=6"], environment: ["INGEST_FAULT_OCR_HANG_ON_PAGE": "1"])
        let w = try XCTUnwrap(warnings(run.document).first)
        XCTAssertEqual(w["code"], "ocr.pageTimeLimit")
        XCTAssertEqual(w["message"]?.stringValue, "Page 1 was given up: recognising it took longer than 6 s.")
        XCTAssertLessThan(run.seconds, 30, "the hung recogniser was waited for")
        assertPartial(run, pages: nil, failure: "ocr.pageTimeLimit", page: 1)
    }

    /// A recogniser is held to the worker's memory limit (the supervisor sees only the worker):
    /// over it, it is killed and its page gets the warning; the others are read.
    func testARecogniserOverTheMemoryLimitCostsItsPageOnly() throws {
        let run = try convert("memory", ["--set", "workers.memoryLimitMB=400", "--concurrency", "1"],
                              environment: ["INGEST_FAULT_OCR_GROW_ON_PAGE": "3"])
        let w = try XCTUnwrap(warnings(run.document).first)
        XCTAssertEqual(w["code"], "ocr.engineFailed")
        XCTAssertEqual(w["page"], 3)
        XCTAssertEqual(w["message"]?.stringValue, "Text recognition failed (the OCR process went over workers.memoryLimitMB (400 MB)).")
        XCTAssertEqual(run.document?["sources"]?[0]?["pagesOCRed"], 2)
        assertPartial(run, pages: "3", failure: "ocr.engineFailed", page: 3)
    }

    func testAMissingLanguageIsTheDocumentsErrorOnce() throws {
        let run = try convert("language", ["--set", "ocr.languages=fra+xyz"])
        XCTAssertNil(run.document)
        let failed = try XCTUnwrap(run.summary["documents"]?[0])
        XCTAssertEqual(failed["status"], "failed")
        XCTAssertEqual(failed["error"]?["code"], "ocr.languageMissing")
        XCTAssertEqual(failed["warnings"]?.arrayValue?.count, 0, "one error for the document, not one per page")
    }

    /// A worker killed at the document's time limit while its recogniser is stuck takes the
    /// recogniser with it (it dies with the worker's spawner thread): nothing is left running.
    func testARecogniserDiesWithItsKilledWorker() throws {
        let before = Set(try recognisers())
        let run = try convert("killed", ["--set", "limits.documentTimeLimitSeconds=3"], environment: ["INGEST_FAULT_OCR_HANG_ON_PAGE": "1"])
        XCTAssertEqual(run.summary["documents"]?[0]?["error"]?["code"], "run.timeout")
        XCTAssertLessThan(run.seconds, 30)
        var left = Set(try recognisers()).subtracting(before)
        for _ in 0..<50 where !left.isEmpty { usleep(100_000); left = Set(try recognisers()).subtracting(before) }
        XCTAssertEqual(left, [], "a recogniser outlived its killed worker")
    }

    /// Recognisers of the built executable now running (their pids).
    func recognisers() throws -> [String] {
        guard let binary = IngestBinary.url else { try missingTool("the ingest executable is not built (run swift build)") }
        let all = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return all.filter { Int($0) != nil }.compactMap { pid in
            guard let cmd = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline")) else { return nil }
            let args = cmd.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return args.count == 2 && args[1] == "_ocr" && URL(fileURLWithPath: args[0]).resolvingSymlinksInPath() == binary.resolvingSymlinksInPath()
                ? pid : nil
        }
    }
}
