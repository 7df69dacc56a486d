import Foundation
import IngestCore
@testable import IngestPDF
import IngestTestSupport
import XCTest

/// Tables typed in a monospaced font and aligned with spaces (`verbatim`, as gnuplot's manual sets
/// them: its p. 171 and p. 183), typeset by pdflatex from the source below: each comes out as one
/// `table` block with the source's rows and cells, not a paragraph per piece poppler cuts; lines
/// of code with their comments aligned, and a drawing in characters, stay text.
final class MonospacedTablesTests: XCTestCase {
    static let body = """
        The following formats are available:

        \\begin{verbatim}
          0   default (same as 1)
          1   axis coordinates                    1.23, 2.45
          2   graph coordinates (from 0 to 1)    /0.00, 1.00/
          3   x = timefmt     y = axis           [(as set by timefmt), 2.45]
          4   x = date        y = axis           [31. 12. 1999, 2.45]
          5   x = time        y = axis           [23:59, 2.45]
          6   x = date time   y = axis           [31. 12. 1999 23:59, 2.45]
          7   format from `set mouse mouseformat <format-string>`
          8   format from `set mouse mouseformat function <func>`
        \\end{verbatim}

        Some nice schemes in RGB color space

        \\begin{verbatim}
            7,5,15   ... traditional pm3d (black-blue-red-yellow)
            3,11,6   ... green-red-violet
            21,22,23 ... hot (black-red-yellow-white)
            30,31,32 ... color printable on gray (black-blue-violet-yellow-white)
        \\end{verbatim}

        Examples:

        \\begin{verbatim}
              plot f(x) dt 3             # use terminal-specific dash pattern 3
              plot f(x) dt (2,5,2,15)    # numerical representation of the same pattern
              set dashtype 11 (2,4,4,7)  # define new dashtype to be called by index
        \\end{verbatim}

        The width, as gnuplot's p. 247 sets it (poppler keeps each line whole):

        \\begin{verbatim}
              set terminal cgm width 432          # default
              set terminal cgm width 6*72         # same as above
              set terminal cgm width 10/2.54*72   # 10 cm wide
        \\end{verbatim}

        A plot drawn in characters:

        \\begin{verbatim}
            0.8 +|||++           ++||||++                 |
            0.6 +|||||+         ++|||||||+                |
            0.4 +||||||+       ++|||||||||+               |
        \\end{verbatim}

        The end.
        """

    func testVerbatimTablesAreTablesAndCodeStaysText() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let pdf = try LaTeXPDFs.make("verbatim", LaTeXPDFs.article("11pt", Self.body), in: tmp)
        let extraction = try LaTeXPDFs.extract(pdf)
        // (The finder alone, on the page's words: the drawing is no table of its.)
        let page = try XCTUnwrap(try PopplerDocumentRef(url: pdf, password: nil).page(at: 0))
        let alone = MonospacedTables.find(lines: WordLines.group(page.words()), cutRows: MonospacedTables.cutRows(page.textLines().lines))
        XCTAssertEqual(alone.count, 2)
        XCTAssertFalse(alone.contains { $0.rows.joined().contains { $0.text.contains("|") } })
        let tables = extraction.blocks.filter { $0.kind == .table }.map { $0.rows!.map { $0.map(\.text) } }
        // (AlignedColumns takes the drawing: not this finder's, not asked here.)
        XCTAssertEqual(tables.filter { !$0.joined().contains { $0.contains("|") } }, [
            [["0", "default (same as 1)", "", ""],
             ["1", "axis coordinates", "", "1.23, 2.45"],
             ["2", "graph coordinates (from 0 to 1)", "", "/0.00, 1.00/"],
             ["3", "x = timefmt", "y = axis", "[(as set by timefmt), 2.45]"],
             ["4", "x = date", "y = axis", "[31. 12. 1999, 2.45]"],
             ["5", "x = time", "y = axis", "[23:59, 2.45]"],
             ["6", "x = date time", "y = axis", "[31. 12. 1999 23:59, 2.45]"],
             ["7", "format from ‘set mouse mouseformat <format-string>‘", "", ""],
             ["8", "format from ‘set mouse mouseformat function <func>‘", "", ""]],
            [["7,5,15", "... traditional pm3d (black-blue-red-yellow)"],
             ["3,11,6", "... green-red-violet"],
             ["21,22,23", "... hot (black-red-yellow-white)"],
             ["30,31,32", "... color printable on gray (black-blue-violet-yellow-white)"]],
        ])
        // Each table where its source is, between the sentences around it; the code's and the
        // drawing's words stay the text's, none in a table.
        let kinds = extraction.blocks.map(\.kind)
        XCTAssertEqual(kinds.firstIndex(of: .table).map { extraction.blocks[$0 - 1].text }, "The following formats are available:")
        let text = extraction.blocks.filter { $0.kind != .table }.map(\.text).joined(separator: "\n")
        for words in ["plot f(x) dt 3", "# use terminal-specific dash pattern 3", "set dashtype 11 (2,4,4,7)",
                      "set terminal cgm width 6*72", "# same as above"] {
            XCTAssertTrue(text.contains(words), words)
        }
        XCTAssertFalse(text.contains("traditional pm3d"))
        XCTAssertFalse(text.contains("graph coordinates"))
    }
}
