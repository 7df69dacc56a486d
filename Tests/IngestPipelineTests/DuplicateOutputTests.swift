import Foundation
import IngestCore
import IngestTestSupport
import XCTest

/// A duplicate's pointer (`NAME.duplicate.json`) and a document (`NAME.json`) never stand side by
/// side for one source (issue 34): when the source later becomes a document of its own — its
/// text changed, or the document it repeated is not in the library the run uses — the pointer
/// goes as the document is written; when a source that was a document comes to repeat another
/// one, the old document (and its study sheet) goes as the pointer is written. Through the built
/// `ingest convert` on chapters of known text, with a real library.
final class DuplicateOutputTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws {
        dir = try TemporaryDirectory("duplicate-output")
        guard IngestBinary.url != nil else { try missingTool("the ingest executable is not built (run swift build)") }
    }
    override func tearDown() { dir.remove() }

    func convert(_ folder: String, out: String, library: String = "library.sqlite") throws -> IngestBinary.Result {
        try IngestBinary.run(["convert", dir.url.appendingPathComponent(folder).path, "--out", dir.url.appendingPathComponent(out).path,
                              "--library", dir.url.appendingPathComponent(library).path, "--lang", "en", "--quiet"],
                             environment: ["INGEST_CONFIG": ""])
    }

    /// The files of an output folder, summary aside.
    func files(_ out: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent(out).path).filter { $0 != "summary.json" }.sorted()
    }

    func json(_ path: String) throws -> JSONValue { try JSONValue.parse(Data(contentsOf: dir.url.appendingPathComponent(path))) }

    func testThePointerGoesWhenTheSourceBecomesItsOwnDocumentAndBack() throws {
        try dir.write("in-1/cycle.txt", DistinctText.chapter(7))
        try dir.write("in-2/copie.txt", DistinctText.chapter(7))
        XCTAssertEqual(try convert("in-1", out: "out-1").status, 0)
        let original = try XCTUnwrap(json("out-1/cycle.json")["id"]?.stringValue)
        XCTAssertEqual(try convert("in-2", out: "out-2").status, 0)
        XCTAssertEqual(try files("out-2"), ["copie.duplicate.json"])

        // Its text changes: a document of its own; the pointer goes.
        try dir.write("in-2/copie.txt", DistinctText.chapter(8))
        XCTAssertEqual(try convert("in-2", out: "out-2").status, 0)
        XCTAssertEqual(try files("out-2"), ["copie.json", "copie.sheet.json", "copie.sheet.md"])
        let own = try json("out-2/copie.json")
        XCTAssertNotEqual(own["id"]?.stringValue, original)
        XCTAssertEqual(own["text"]?.stringValue?.split(whereSeparator: \.isWhitespace),
                       DistinctText.chapter(8).split(whereSeparator: \.isWhitespace), "the new text, every word")

        // And back: it repeats the chapter of out-1 again; the old document and its sheet go.
        try dir.write("in-2/copie.txt", DistinctText.chapter(7))
        XCTAssertEqual(try convert("in-2", out: "out-2").status, 0)
        XCTAssertEqual(try files("out-2"), ["copie.duplicate.json"])
        XCTAssertEqual(try json("out-2/copie.duplicate.json")["duplicateOf"]?["id"]?.stringValue, original)
        // The document repeated is never touched.
        XCTAssertEqual(try json("out-1/cycle.json")["id"]?.stringValue, original)
    }

    func testThePointerGoesWhenTheDocumentRepeatedIsNotInTheLibrary() throws {
        try dir.write("in-1/cycle.txt", DistinctText.chapter(3))
        try dir.write("in-2/copie.txt", DistinctText.chapter(3))
        XCTAssertEqual(try convert("in-1", out: "out-1").status, 0)
        XCTAssertEqual(try convert("in-2", out: "out-2").status, 0)
        XCTAssertEqual(try files("out-2"), ["copie.duplicate.json"])
        // Another library (the first one gone, or another user's): nothing to repeat there.
        let r = try convert("in-2", out: "out-2", library: "other.sqlite")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try files("out-2"), ["copie.json", "copie.sheet.json", "copie.sheet.md"])
        XCTAssertEqual(try json("out-2/copie.json")["text"]?.stringValue?.split(whereSeparator: \.isWhitespace),
                       DistinctText.chapter(3).split(whereSeparator: \.isWhitespace))
    }
}
