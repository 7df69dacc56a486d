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

    /// A masthead over three columns (issue 33, the Federal Register's first page): `Proposed
    /// Rules` large at the left and a stack of three short lines at the top right, over the third
    /// column, apart from the columns by blank space. The stack was read at the top of the third
    /// column, in the middle of the text; it is read with the title, before the columns.
    func testMastheadOverThreeColumnsIsReadFirst() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let subjects = ["The lens", "A prism", "The mirror", "Each photon", "The beam", "A grating", "The screen", "Water", "Glass", "The laser"]
        let verbs = ["bends", "splits", "reflects", "carries", "crosses", "spreads", "absorbs", "scatters", "focuses", "guides"]
        let objects = ["the light", "a narrow beam", "its energy", "the spectrum", "every colour", "the shadow", "a ray of sunlight",
                       "the image", "the wave", "two rays"]
        let tails = ["at a small angle.", "through the glass.", "onto the wall.", "in the dark room.", "before it reaches the eye.",
                     "with great care.", "as the index grows.", "when the water is still."]
        let paragraphs = (0..<9).map { p in
            (0..<7).map { s in "\(subjects[(p * 3 + s) % 10]) \(verbs[(p + s * 7) % 10]) \(objects[(p * 5 + s * 3) % 10]) \(tails[(p + s) % 8])" }
                .joined(separator: " ") + " End of part \(p)."
        }
        let masthead = "Proposed Rules Optics Register Vol. 85, No. 152 Thursday, August 6, 2020"
        let body = """
            \\noindent\\begin{minipage}[t]{0.62\\textwidth}\\vspace{0pt}{\\huge Proposed Rules}\\end{minipage}\\hfill
            \\begin{minipage}[t]{0.3\\textwidth}\\vspace{0pt}\\small Optics Register\\\\[4pt] Vol. 85, No. 152\\\\[6pt]
            Thursday, August 6, 2020\\end{minipage}

            \\vspace{2em}
            \\begin{multicols}{3}
            \(paragraphs.joined(separator: "\n\n"))
            \\end{multicols}
            """
        let tex = LaTeXPDFs.article("10pt", body).replacingOccurrences(of: "\\begin{document}", with: "\\usepackage{multicol}\n\\begin{document}")
        let pdf = try LaTeXPDFs.make("register", tex, in: tmp)
        XCTAssertEqual(try words(pdf), LaTeXPDFs.words(masthead + " " + paragraphs.joined(separator: " ")))
    }
}
