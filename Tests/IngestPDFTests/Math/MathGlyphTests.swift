import Foundation
@testable import IngestPDF
import IngestTestSupport
import XCTest

/// `mathGlyphs(mathOnly:)`, the formula reader's gate: typeset by pdflatex in TeX's default OT1
/// encoding, whose text fonts take `< > | { } \` from the math fonts (gnuplot.pdf's manual), and
/// poppler gives the space after such a sign the sign's font.
final class MathGlyphTests: XCTestCase {
    func testAPageWhoseMathFontGlyphsAreOnlyBorrowedSignsAndSpacesHasNone() throws {
        let tmp = try TemporaryDirectory("mathglyph"); defer { tmp.remove() }
        let source = """
            \\documentclass[12pt]{article}
            \\pagestyle{empty}
            \\begin{document}
            where \\textless min\\textgreater{} and \\textless max\\textgreater{} terms are constants,
            and \\{ \\} are braces.
            \\newpage
            If $x > 2$ then \\textless min\\textgreater{} is kept.
            \\end{document}

            """
        let pdf = try LaTeXPDFs.make("ot1gate", source, in: tmp)
        let doc = try PopplerDocumentRef(url: pdf, password: nil)
        let signs = doc.page(at: 0)!.mathGlyphs()
        // (What the gate is for: math-font glyphs on the page, none but the signs and spaces.)
        XCTAssertEqual(Set(signs.filter { $0.font.isMath && !$0.isSpace }.map(\.text)), ["<", ">", "{", "}"])
        XCTAssertTrue(signs.contains { $0.font.isMath && $0.isSpace }, "poppler gave no space a math font: the case is not made")
        XCTAssertEqual(doc.page(at: 0)!.mathGlyphs(mathOnly: true).count, 0)
        // A math-font letter sends the page to the formula reader.
        let math = doc.page(at: 1)!.mathGlyphs(mathOnly: true)
        XCTAssertTrue(math.contains { $0.font == .italic && $0.text == "x" })
        // The words are the source's: `min` is no `\\min` of a formula.
        let lines = try LaTeXPDFs.extract(pdf).blocks.flatMap { $0.text.split(separator: "\n").map(String.init) }
        XCTAssertEqual(lines, [
            "where <min> and <max> terms are constants, and { } are braces.",
            "If $x>2$ then <min> is kept.",
        ])
    }
}
