import Foundation
import IngestCore
@testable import IngestPDF
import IngestTestSupport
import XCTest

/// Pages in columns typeset by pdflatex (issue 33): poppler runs a line of the left column into
/// the line beside it when the gutter is narrow; Ingest reads the left column, then the right,
/// with a full-width title and a wide table in place, and leaves single-column pages and tables
/// of a single column as they were.
final class ColumnRegionsTests: XCTestCase {
    static let vocabulary = ["light", "wave", "prism", "colour", "lens", "mirror", "photon", "beam", "screen", "grating",
                             "spectrum", "energy", "filament", "diode", "laser", "angle", "index", "glass", "water", "shadow"]

    /// Paragraph `p`: words that never repeat in the same order, each paragraph with its own number.
    static func paragraph(_ p: Int) -> String {
        (0..<70).map { vocabulary[(p * 7 + $0 * ($0 % 4 + 3)) % vocabulary.count] }.joined(separator: " ") + " end\(p)"
    }

    /// The words of the extracted document, in order, with the line-end hyphens of the justified
    /// columns joined (hyphenation is off, so the only ones left are poppler's).
    func words(_ pdf: URL) throws -> [String] {
        LaTeXPDFs.words(try LaTeXPDFs.extract(pdf).blocks.map(\.text).joined(separator: "\n"))
    }

    func testTwoColumnsAreReadOneAfterTheOther() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        var body = "\\twocolumn[{\\centering\\LARGE Optics in two columns\\par\\bigskip}]\n"
        var source = ["Optics", "in", "two", "columns"]
        for p in 0..<14 {
            if p % 4 == 0 {
                body += "\\section*{Part \(p / 4 + 1)}\n"
                source += ["Part", "\(p / 4 + 1)"]
            }
            body += Self.paragraph(p) + "\n\n"
            source += LaTeXPDFs.words(Self.paragraph(p))
        }
        let pdf = try LaTeXPDFs.make("two", LaTeXPDFs.article("10pt", body), in: tmp)
        XCTAssertEqual(try words(pdf), source)
    }

    /// A `table*` across both columns at the top of page 2: its rows are read across, then the columns.
    func testWideTableStaysInPlaceAndReadsByRow() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let rows = (1...5).map { r in (1...4).map { "r\(r)c\($0)" } }
        var body = "\\begin{table*}[t]\\centering\\begin{tabular}{llll}\n"
            + rows.map { $0.joined(separator: " & ") + " \\\\" }.joined(separator: "\n") + "\n\\end{tabular}\\end{table*}\n"
        // Enough for page 2 to be in two full columns under the table.
        for p in 0..<40 { body += Self.paragraph(p) + "\n\n" }
        let pdf = try LaTeXPDFs.make("wide", LaTeXPDFs.article("10pt,twocolumn", body), in: tmp)
        let found = try words(pdf)
        let cells = found.filter { $0.hasPrefix("r") && $0.contains("c") && $0.count == 4 }
        XCTAssertEqual(cells, rows.flatMap { $0 }, "cells row by row")
        XCTAssertEqual(found.filter { !cells.contains($0) }, (0..<40).flatMap { LaTeXPDFs.words(Self.paragraph($0)) })
    }

    /// A single-column page of prose and a table of short cells: nothing is taken for columns.
    func testSingleColumnPageAndTableAreLeftAsTheyWere() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let rows = (1...14).map { r in ["name\(r)", "\(r * 7)", "unit\(r)"] }
        let body = Self.paragraph(1) + "\n\n" + Self.paragraph(2) + "\n\n\\begin{tabular}{lll}\n"
            + rows.map { $0.joined(separator: " & ") + " \\\\" }.joined(separator: "\n") + "\n\\end{tabular}\n"
        let pdf = try LaTeXPDFs.make("one", LaTeXPDFs.article("11pt", body), in: tmp)
        let document = try PopplerDocumentRef(url: pdf, password: nil)
        XCTAssertEqual(try XCTUnwrap(document.page(at: 0)).textLines().gutters, [])
        XCTAssertEqual(try words(pdf), LaTeXPDFs.words(Self.paragraph(1) + " " + Self.paragraph(2)) + rows.flatMap { $0 })
    }

    /// The last page of a two-column document, whose right column is short, is read in columns
    /// too: the page number under both is no reason to read across.
    func testShortRightColumnOnTheLastPage() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        var body = ""
        for p in 0..<5 { body += Self.paragraph(p) + "\n\n" }
        let source = (0..<5).flatMap { LaTeXPDFs.words(Self.paragraph($0)) }
        let tex = LaTeXPDFs.article("12pt,twocolumn", body).replacingOccurrences(of: "\\pagestyle{empty}", with: "")
        let pdf = try LaTeXPDFs.make("last", tex, in: tmp)
        XCTAssertEqual(try words(pdf).filter { $0 != "1" }, source)
    }
}
