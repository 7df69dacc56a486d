import Foundation
import IngestCore
@testable import IngestPDF
import IngestTestSupport
import XCTest

/// The render hint on a pdflatex document: pages whose lines are cut by wide gaps but hold no
/// table (justified prose with marginal notes, code aligned with spaces) are not rendered; pages
/// with a ruled table are, a table of a header and one row too. Each page is first checked to have two cut lines, the old condition
/// for rendering, so that each case is one the hint decides.
final class TableHintTests: XCTestCase {
    func testHintsTablesNotMarginNotesNorCode() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let prose = (1...6).map { n in
            "Paragraph \(n) of the lesson explains how a sound wave travels through air, water and solids, "
                + "why its speed depends on the medium\\marginpar{Note \(n)} and what the ear hears of it when the "
                + "frequency rises or falls over the range that people can hear without any discomfort at all."
        }.joined(separator: "\n\n")
        let body = """
            \(prose)
            \\newpage
            \\begin{verbatim}
            set xrange [0:10]     # the x axis
            set yrange [0:5]      # the y axis
            set title "Waves"     # the title
            plot sin(x)           # a curve
            \\end{verbatim}
            \\newpage
            Planets of the solar system.

            \\begin{tabular}{|l|r|l|}
            \\hline
            Planet & Distance (AU) & Type \\\\ \\hline
            Mercury & 0.39 & rocky \\\\ \\hline
            Venus & 0.72 & rocky \\\\ \\hline
            Jupiter & 5.2 & giant \\\\ \\hline
            \\end{tabular}

            Booktabs-like rules only above, under the header and below.

            \\begin{tabular}{lcr}
            \\hline
            Name & Value & Unit \\\\ \\hline
            Mass & 12 & kg \\\\
            Length & 3.5 & m \\\\
            Time & 60 & s \\\\ \\hline
            \\end{tabular}
            \\newpage
            A table of a header and one row.

            \\begin{tabular}{|l|l|l|}
            \\hline
            Symbol & Example & Explanation \\\\ \\hline
            ?: & a?b:c & ternary operation \\\\ \\hline
            \\end{tabular}
            """
        let source = LaTeXPDFs.article("11pt", body).replacingOccurrences(of: "margin=2cm", with: "margin=2cm,marginparwidth=1.5cm,marginparsep=0.3cm,right=3cm")
        let url = try LaTeXPDFs.make("hint", source, in: tmp)
        let document = try PopplerDocumentRef(url: url, password: nil)
        XCTAssertEqual(document.pageCount, 4)
        var hints: [Bool] = []
        for index in 0..<document.pageCount {
            let page = try XCTUnwrap(document.page(at: index))
            let lines = WordLines.group(page.words())
            XCTAssertGreaterThanOrEqual(lines.filter { WordLines.segments($0).count >= 2 }.count, 2, "page \(index + 1) has cut lines")
            hints.append(TableHint.mayHoldRuledTable(lines, pageWidth: page.size.width))
        }
        XCTAssertEqual(hints, [false, false, true, true])
        // The table page's tables are still found, cell for cell.
        let page = try XCTUnwrap(document.page(at: 2))
        XCTAssertEqual(TableBlocks.find(on: page).map { $0.rows.map { $0.map(\.text) } },
                       [[["Planet", "Distance (AU)", "Type"], ["Mercury", "0.39", "rocky"], ["Venus", "0.72", "rocky"], ["Jupiter", "5.2", "giant"]],
                        [["Name", "Value", "Unit"], ["Mass", "12", "kg"], ["Length", "3.5", "m"], ["Time", "60", "s"]]])
        XCTAssertEqual(TableBlocks.find(on: try XCTUnwrap(document.page(at: 3))).map { $0.rows.map { $0.map(\.text) } },
                       [[["Symbol", "Example", "Explanation"], ["?:", "a?b:c", "ternary operation"]]])
    }

    /// A page of contents (LaTeX's own lines: sections, and subsections with dot leaders) is cut
    /// at its page numbers' gutter as a table is, and was rendered for rules it does not have; the
    /// table page after it still is hinted.
    func testContentsPageIsNotHinted() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let titles = ["Sound waves", "Frequency and pitch", "Amplitude", "Speed in air", "Echoes", "Resonance"]
        let sections = (1...6).map { s in
            "\\section{Chapter \(s) of the course}\n" + titles.map { "\\subsection{\($0)}\nText.\n" }.joined()
        }.joined(separator: "\n")
        let body = """
            \\tableofcontents
            \\newpage
            Planets of the solar system.

            \\begin{tabular}{|l|r|l|}
            \\hline
            Planet & Distance (AU) & Type \\\\ \\hline
            Mercury & 0.39 & rocky \\\\ \\hline
            Venus & 0.72 & rocky \\\\ \\hline
            \\end{tabular}
            \\newpage
            \(sections)
            """
        // Typeset twice: the first run writes the contents the second sets.
        _ = try LaTeXPDFs.make("contents", LaTeXPDFs.article("11pt", body), in: tmp)
        let url = try LaTeXPDFs.make("contents", LaTeXPDFs.article("11pt", body), in: tmp)
        let document = try PopplerDocumentRef(url: url, password: nil)
        let contentsPage = try XCTUnwrap(document.page(at: 0))
        let lines = WordLines.group(contentsPage.words())
        XCTAssertEqual(lines.filter(TableHint.hasLeader).count, 36, "every subsection line has its leader")
        XCTAssertTrue(TableHint.cutAtOneGutter(lines, pageWidth: contentsPage.size.width), "cut at the page numbers as a table")
        XCTAssertFalse(TableHint.mayHoldRuledTable(lines, pageWidth: contentsPage.size.width))
        let tablePage = try XCTUnwrap(document.page(at: 1))
        let tableLines = WordLines.group(tablePage.words())
        XCTAssertTrue(TableHint.mayHoldRuledTable(tableLines, pageWidth: tablePage.size.width))
        XCTAssertEqual(TableBlocks.find(on: tablePage).map { $0.rows.map { $0.map(\.text) } },
                       [[["Planet", "Distance (AU)", "Type"], ["Mercury", "0.39", "rocky"], ["Venus", "0.72", "rocky"]]])
        // An ellipsis is no leader.
        func word(_ text: String, _ x0: Double) -> PageWord { PageWord(text: text, x0: x0, y0: 100, x1: x0 + 8, y1: 110) }
        XCTAssertFalse(TableHint.hasLeader([word("wait", 0), word("...", 10), word("and", 20), word("...", 30)]))
        XCTAssertTrue(TableHint.hasLeader([word("Echoes", 0)] + (1...8).map { word(".", 10 + Double($0) * 4) } + [word("35", 80)]))
    }

    func testJustifiedAndMonospacedLines() {
        func word(_ text: String, _ x0: Double, _ x1: Double) -> PageWord { PageWord(text: text, x0: x0, y0: 100, x1: x1, y1: 110) }
        // Spaces stretched alike, each under the line's height: prose.
        XCTAssertTrue(TableHint.justified([word("one", 0, 20), word("two", 26, 46), word("three", 52, 80), word("four", 86.5, 110)]))
        // Single-word cells with wide gaps alike: a table's header, not prose.
        XCTAssertFalse(TableHint.justified([word("Value", 0, 40), word("Symbol", 120, 170), word("Notion", 250, 295), word("Date", 375, 400)]))
        XCTAssertTrue(TableHint.monospaced([word("set", 0, 15), word("xrange", 20, 50), word("[0:10]", 55, 85)]))
        XCTAssertFalse(TableHint.monospaced([word("Mercury", 0, 40), word("rocky", 60, 85)]))
    }
}
