import Foundation
@testable import IngestPDF
import IngestTestSupport
import XCTest

/// Math inside a line of text (`InlineMath`), typeset by pdflatex in TeX's default OT1 encoding,
/// whose text fonts have no `< > | { } \`: TeX takes those from the math fonts in plain text too
/// (gnuplot.pdf's manual). They are text there, written as the source writes them, never `$…$`;
/// in a formula they stay the formula's.
final class InlineMathTests: XCTestCase {
    func testSignsTheTextFontLacksAreNoMathOfTheirOwn() throws {
        let tmp = try TemporaryDirectory("inlinemath"); defer { tmp.remove() }
        let source = """
            \\documentclass[12pt]{article}
            \\pagestyle{empty}
            \\begin{document}
            Curly braces (\\{\\}) denote optional arguments.

            A vertical bar (\\textbar) separates choices.

            Angle brackets (\\textless\\textgreater) mark tokens.

            End the line with a backslash (\\textbackslash) to go on.

            If $2x + 3 > 7$ then $x > 2$.

            Its size is $|x| = 4$ here.
            \\end{document}

            """
        let pdf = try LaTeXPDFs.make("ot1", source, in: tmp)
        let lines = try LaTeXPDFs.extract(pdf).blocks.flatMap { $0.text.split(separator: "\n").map(String.init) }
        XCTAssertEqual(lines, [
            "Curly braces ({}) denote optional arguments.",
            "A vertical bar (|) separates choices.",
            "Angle brackets (<>) mark tokens.",
            "End the line with a backslash (\\) to go on.",
            "If $2x+3>7$ then $x>2$.",
            "Its size is $|x|=4$ here.",
        ])
    }
}
