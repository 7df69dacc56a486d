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

/// The fidelity suite's chemistry lesson (Tests/IngestFidelityTests/Fidelity/cours-chimie.tex and
/// its Markdown, the truth) typeset by pdflatex in two A5 columns, twice (for hyperref's outline):
/// its title, justified over the left column with wide spaces (`La mole   et   les` /
/// `concentrations`), was cut by poppler, the piece `les` read apart, and its first row taken for
/// part of the page's header (read before `Masse molaire`, the right column's first heading, which
/// became the document's title); the fancyhdr header of its two pages stayed in the text.
extension ColumnRegionsTests {
    static func chemistryInTwoColumns(in tmp: TemporaryDirectory) throws -> URL {
        try LaTeXPDFs.requirePDFLaTeX()
        let tex = Corpus.repositoryRoot.appendingPathComponent("Tests/IngestFidelityTests/Fidelity/cours-chimie.tex")
        for _ in 0..<2 {
            guard runTool("pdflatex", ["-interaction=batchmode", "-halt-on-error", "-output-directory", tmp.url.path, "-jobname", "two",
                                       "\\def\\fidelitycolumns{twocolumn}\\input{\(tex.path)}"])?.status == 0 else {
                throw TestSetupFailure("pdflatex failed on cours-chimie.tex in two columns")
            }
        }
        return tmp.url.appendingPathComponent("two.pdf")
    }

    func testTitleJustifiedOverAColumnIsTheFirstHeading() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let pdf = try Self.chemistryInTwoColumns(in: tmp)
        XCTAssertEqual(try PopplerDocumentRef(url: pdf, password: nil).pageCount, 2, "the lesson fills two pages")
        let extraction = try LaTeXPDFs.extract(pdf)
        let blocks = extraction.blocks.map { (kind: $0.kind, level: $0.level, text: Normalizer.normalize($0.text).replacingOccurrences(of: "\n", with: " ")) }
        XCTAssertEqual(extraction.title?.text, "La mole et les concentrations")
        XCTAssertEqual(blocks.first?.kind, .heading)
        XCTAssertEqual(blocks.first?.level, 1)
        XCTAssertEqual(blocks.first?.text, "La mole et les concentrations")
        // The source's headings, in its order, each at its level.
        XCTAssertEqual(blocks.filter { $0.kind == .heading }.map { "\($0.level ?? 0) \($0.text)" }, [
            "1 La mole et les concentrations", "2 La quantité de matière", "3 Masse molaire", "3 Gaz et température",
            "2 Les solutions et leur concentration", "2 Résultats des groupes",
        ])
        // The opening paragraph follows the title, in the left column, before `Masse molaire`.
        XCTAssertTrue(blocks.dropFirst().first?.text.hasPrefix("Les chimistes ne comptent pas les atomes") == true, "\(blocks.prefix(3))")
        // The running header of both pages (`Chimie, classe de seconde` … `La mole`) is gone.
        let text = blocks.map(\.text).joined(separator: "\n")
        XCTAssertFalse(text.contains("Chimie"), text)
        XCTAssertFalse(blocks.contains { $0.text == "La mole" }, text)
    }

    /// The title's row (`La mole et` / `les` at the left, `Masse molaire` at the right) is a
    /// paragraph's leading under the page's header from the rest of its columns: the header is
    /// the band over clear blank space only, and the title's pieces are one line of the left column.
    func testColumnsFirstRowIsNoHeaderAndItsPiecesAreOneLine() {
        func line(_ text: String, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> TextLine {
            TextLine(text: text, x0: x0, y0: y0, x1: x1, y1: y1, glyphHeight: 15.5, hasGeometry: true)
        }
        // pdflatex's boxes on the lesson's first page (points), in poppler's order.
        var lines = [line("Chimie, classe de seconde", 42.5, 2.4, 173.4, 18), line("La mole et", 42.5, 42.7, 162, 57.8),
                     line("concentrations", 42.5, 64.6, 165.1, 79.7), line("La mole", 335.9, 2.4, 377, 18),
                     line("les", 182.9, 42.7, 204.8, 57.8), line("Masse molaire", 214.7, 46.3, 298.8, 56.8)]
        lines += (0..<8).map { line("droite \($0)", 214.7, 65.4 + Double($0) * 14.4, 377, 81 + Double($0) * 14.4) }
        lines += (0..<8).map { line("gauche \($0)", 42.5, 103.4 + Double($0) * 14.4, 204.8, 119 + Double($0) * 14.4) }
        let order = ReadingOrder.order(lines, pageWidth: 419.5, gutters: [PageGutter(lower: 205, upper: 214)]).map(\.text)
        XCTAssertEqual(order, ["Chimie, classe de seconde", "La mole", "La mole et les", "concentrations"]
            + (0..<8).map { "gauche \($0)" } + ["Masse molaire"] + (0..<8).map { "droite \($0)" })
    }
}
