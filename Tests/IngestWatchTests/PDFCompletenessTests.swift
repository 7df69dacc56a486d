import Foundation
import IngestCore
import IngestTestSupport
@testable import IngestWatch
import XCTest

/// Completeness of PDFs made by real tools (pdflatex through pandoc, then qpdf): a linearized
/// file is whole only at its `/L` length, the last `startxref` must point at a cross-reference
/// table or stream, and a file cut at any inner `%%EOF` (the end of a linearized file's first
/// page section, the end of the original before an incremental update) or anywhere else is not
/// whole — except the original before an update, which is a whole PDF in its own right.
final class PDFCompletenessTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("pdf-completeness") }
    override func tearDown() { dir.remove() }

    /// A two-page PDF from known text (pandoc → pdflatex), as pdflatex writes it (object and
    /// cross-reference streams).
    func madePDF() throws -> URL {
        for tool in ["pandoc", "pdflatex", "qpdf"] where runTool("/usr/bin/which", [tool])?.status != 0 {
            try missingTool("\(tool) is not installed (scripts/install.sh --tests)")
        }
        let md = try dir.write("cours.md", "# La photosynthèse\n\nLes plantes vertes captent la lumière.\n\n\\newpage\n\n# La respiration\n\nLes cellules libèrent l'énergie du glucose.\n")
        let pdf = dir.url.appendingPathComponent("cours.pdf")
        guard runTool("/usr/bin/pandoc", [md.path, "-o", pdf.path])?.status == 0 else { throw TestSetupFailure("pandoc failed") }
        return pdf
    }

    func qpdf(_ arguments: [String]) throws {
        guard let r = runTool("/usr/bin/qpdf", arguments), r.status == 0 || r.status == 3 else {
            throw TestSetupFailure("qpdf \(arguments) failed")
        }
    }

    func offsets(of needle: String, in data: [UInt8]) -> [Int] {
        let n = Array(needle.utf8)
        return (0...(data.count - n.count)).filter { data[$0] == n[0] && data[$0..<($0 + n.count)].elementsEqual(n) }
    }

    func verdict(_ bytes: [UInt8]) -> Completeness.Verdict { Completeness.check(data: Data(bytes)) }

    func assertOnlyWholeIsComplete(_ bytes: [UInt8], _ label: String, seed: UInt64) {
        XCTAssertEqual(verdict(bytes), .complete, "\(label): whole")
        // Cut just after every inner %%EOF (and its end of line), and at 200 seeded places.
        var cuts = offsets(of: "%%EOF", in: bytes).flatMap { [$0 + 5, $0 + 6] }.filter { $0 < bytes.count - 8 }
        var rng = SeededGenerator(seed: seed)
        cuts += (0..<200).map { _ in Int.random(in: 1..<(bytes.count - 8), using: &rng) }
        for cut in cuts {
            if case .complete = verdict(Array(bytes[..<cut])) { XCTFail("\(label): cut at \(cut) of \(bytes.count) passes as whole") }
        }
    }

    func testLinearizedFilesAreWholeOnlyAtTheirLength() throws {
        let pdf = try madePDF()
        for (name, extra) in [("linearized with an xref table", ["--object-streams=disable"]), ("linearized with xref streams", [])] {
            let out = dir.url.appendingPathComponent("lin.pdf")
            try qpdf(["--linearize"] + extra + [pdf.path, out.path])
            let bytes = Array(try Data(contentsOf: out))
            XCTAssertEqual(Completeness.linearizedLength(Array(bytes.prefix(1024))), bytes.count, name)
            if extra.isEmpty == false {
                // The first-page section ends with a %%EOF of its own: cut there, not whole.
                let first = try XCTUnwrap(offsets(of: "%%EOF", in: bytes).first)
                XCTAssertLessThan(first, 2048, name)
                guard case .incomplete(let reason) = verdict(Array(bytes[..<(first + 6)])) else { return XCTFail("\(name): first %%EOF") }
                XCTAssertTrue(reason.contains("linearized"), reason)
            }
            assertOnlyWholeIsComplete(bytes, name, seed: 34)
        }
    }

    func testCrossReferenceStreamsAndTablesAreFollowed() throws {
        let pdf = try madePDF()
        let streams = Array(try Data(contentsOf: pdf))
        XCTAssertEqual(verdict(streams), .complete, "pdflatex's xref stream")
        let table = dir.url.appendingPathComponent("table.pdf")
        try qpdf(["--object-streams=disable", pdf.path, table.path])
        let bytes = Array(try Data(contentsOf: table))
        XCTAssertEqual(verdict(bytes), .complete, "qpdf's xref table")
        // The same file with its startxref pointing elsewhere (one byte off): not whole.
        let keyword = try XCTUnwrap(offsets(of: "startxref", in: bytes).last)
        var i = keyword + 9
        while bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x20 { i += 1 }
        var j = i
        while bytes[j] >= 0x30 && bytes[j] <= 0x39 { j += 1 }
        let offset = Int(String(decoding: bytes[i..<j], as: UTF8.self))!
        let wrong = Array(bytes[..<i]) + Array(String(offset + 1).utf8) + Array(bytes[j...])
        guard case .incomplete = verdict(wrong) else { return XCTFail("a startxref pointing past its xref") }
    }

    /// An incremental update (a new Info dictionary) appended the way PDF editors append one:
    /// the original alone is whole, the update being written is not, the whole is.
    func testIncrementalUpdateIsWholeOnlyWhenItsEndIsWritten() throws {
        let pdf = try madePDF()
        let table = dir.url.appendingPathComponent("table.pdf")
        try qpdf(["--object-streams=disable", pdf.path, table.path])
        let base = Array(try Data(contentsOf: table))
        let updated = PDFIncrementalUpdate.appended(to: base)
        let url = try dir.write("updated.pdf", Data(updated))
        guard let check = runTool("/usr/bin/qpdf", ["--check", url.path]), check.status == 0 else {
            throw TestSetupFailure("the update is not a valid PDF: \(String(decoding: runTool("/usr/bin/qpdf", ["--check", url.path])?.stdout ?? Data(), as: UTF8.self))")
        }
        XCTAssertEqual(verdict(base), .complete, "the original, before its update")
        XCTAssertEqual(verdict(updated), .complete, "with its update")
        for cut in (base.count + 1)..<(updated.count - 7) {
            if case .complete = verdict(Array(updated[..<cut])) { XCTFail("update cut at \(cut - base.count) of \(updated.count - base.count)") }
        }
    }
}
