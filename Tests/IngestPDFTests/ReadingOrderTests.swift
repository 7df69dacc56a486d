import Foundation
import IngestCore
@testable import IngestPDF
import IngestTestSupport
import XCTest

final class ReadingOrderTests: XCTestCase {
    /// A line box as poppler gives it for 11-point text on a 14-point leading (boxes overlap a little).
    func line(_ text: String, x0: Double, x1: Double, row: Int) -> TextLine {
        let y0 = 100 + Double(row) * 14
        return TextLine(text: text, x0: x0, y0: y0, x1: x1, y1: y0 + 15.5, glyphHeight: 15.5, hasGeometry: true)
    }

    /// Full-width paragraph lines, then straight away (no blank space) a two-column section whose
    /// lines poppler gives row by row: left column first, then right, then the heading below.
    func testTwoColumnSectionRightUnderAParagraph() {
        var lines = (0..<4).map { line("Paragraphe pleine largeur \($0)", x0: 57, x1: 530, row: $0) }
        for r in 0..<6 {
            lines.append(line("gauche \(r)", x0: 57, x1: 270 + Double(r % 2) * 10, row: 4 + r))
            if r < 5 { lines.append(line("droite \(r)", x0: 312, x1: 525, row: 4 + r)) }
        }
        lines.append(TextLine(text: "Titre suivant", x0: 57, y0: 100 + 10 * 14 + 8, x1: 200, y1: 100 + 10 * 14 + 8 + 21,
                              glyphHeight: 21, hasGeometry: true))
        lines.append(line("Paragraphe suivant, pleine largeur", x0: 57, x1: 531, row: 12))
        let order = ReadingOrder.order(lines, pageWidth: 595).map(\.text)
        let expected = (0..<4).map { "Paragraphe pleine largeur \($0)" } + (0..<6).map { "gauche \($0)" }
            + (0..<5).map { "droite \($0)" } + ["Titre suivant", "Paragraphe suivant, pleine largeur"]
        XCTAssertEqual(order, expected)
    }

    /// A table (narrow cells crossing where a gutter would be) keeps poppler's row order.
    func testTableRowsAreNotReadAsColumns() {
        var lines: [TextLine] = []
        for r in 0..<6 {
            lines.append(line("nom \(r)", x0: 57, x1: 150, row: r))
            lines.append(line("valeur \(r)", x0: 250, x1: 340, row: r))
            lines.append(line("unité \(r)", x0: 420, x1: 500, row: r))
        }
        XCTAssertEqual(ReadingOrder.order(lines, pageWidth: 595).map(\.text), lines.map(\.text))
    }

    /// Pages read on several threads (each with its own poppler document) give what one thread gives.
    func testPagesReadInParallelMatchSequentialReading() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let data = PDFTestFiles.make(pages: 40) { p in
            (0..<20).map { PDFTestFiles.text("Page \(p + 1), ligne \($0) : du texte ordinaire.", x: 60, y: 780 - Double($0) * 14) }
                .joined(separator: "\n")
        }
        let url = try tmp.write("quarante.pdf", data)
        let document = try PopplerDocumentRef(url: url, password: nil)
        let extractor = PDFExtractor()
        let stream = PageStream(url: url, password: nil, context: ExtractionContext())
        let outcome = try stream.read(document, pageCount: document.pageCount) { extractor.read($0) }
        XCTAssertEqual(outcome.pages.count, 40)
        for index in 0..<40 {
            let alone = extractor.read(try XCTUnwrap(document.page(at: index)))
            XCTAssertEqual(outcome.pages[index]?.lines, alone.lines, "page \(index + 1)")
        }
        XCTAssertEqual(outcome.pages[39]?.lines.first?.text, "Page 40, ligne 0 : du texte ordinaire.")
    }
    /// Two formula lines of a pdflatex page (the source's order: `Formule 2` then `Formule 5`):
    /// poppler's flow gives the pieces of the tall first formula (a fraction over a fraction) as
    /// blocks of their own and the label line "Formule 2 :" after the second formula's line; the
    /// 4-pt gap between them is no cut. A line entirely above another it shares width with comes first.
    func testALabelLinePopplerPutsLateComesBeforeTheLineUnderIt() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let pdf = try LaTeXPDFs.make("order", #"""
        \documentclass[11pt]{article}
        \usepackage[T1]{fontenc}\usepackage{lmodern}\usepackage{amsmath,amssymb}
        \begin{document}
        Formule 2 : $\left(\frac{u}{v}\right)' = \frac{u' v - u v'}{v^2}$ fin.

        \medskip

        Formule 5 : $P(X = k) = \binom{n}{k} p^k (1 - p)^{n-k}$ fin.
        \end{document}
        """#, in: tmp)
        let t = try LaTeXPDFs.extract(pdf).blocks.map(\.text).joined(separator: "\n")
        let two = try XCTUnwrap(t.range(of: "Formule 2")), five = try XCTUnwrap(t.range(of: "Formule 5"))
        XCTAssertLessThan(two.lowerBound, five.lowerBound, t)
    }

    /// Lines side by side and lines in poppler's order already keep it: a narrow line set a little
    /// higher to the right (a margin note) does not jump ahead of the paragraph beside it.
    func testLinesSideBySideKeepPopplersOrder() {
        var lines = (0..<3).map { line("Paragraphe \($0)", x0: 57, x1: 400, row: $0) }
        lines.append(TextLine(text: "Note", x0: 430, y0: 95, x1: 520, y1: 105, glyphHeight: 10, hasGeometry: true))
        XCTAssertEqual(ReadingOrder.order(lines, pageWidth: 595).map(\.text), lines.map(\.text))
    }
}
