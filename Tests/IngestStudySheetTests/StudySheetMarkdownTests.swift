import Foundation
@testable import IngestStudySheet
import IngestTestSupport
import XCTest

/// The Markdown's escaping done on the bytes of ASCII text (`ASCIIEscape`) writes what the
/// Character-by-Character escaping writes, and text beyond ASCII is left to the Characters.
final class StudySheetMarkdownTests: XCTestCase {
    /// Seeded strings of the bytes escaping looks at (marks, line-start signs, digits, `.` `)`,
    /// spaces, LF and CR), escaped both ways, alone and as a passage's lines, in every mode.
    func testASCIIBytesEscapeAsTheirCharactersDo() {
        let alphabet = Array("#+-:=~0123456789.) \n\r\\[]<>|*_`ab\t")
        var rng = SeededGenerator(seed: 0x5EE7_3D)
        var compared = 0
        for _ in 0..<20_000 {
            let text = String((0..<Int.random(in: 0...10, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! })
            for keeps in [false, true] {
                for atLineStart in [false, true] {
                    XCTAssertEqual(ASCIIEscape.line(text, keepsMarks: keeps, atLineStart: atLineStart),
                                   StudySheetMarkdown.escapeByCharacters(text, keepsMarks: keeps, atLineStart: atLineStart),
                                   "\(text.debugDescription) keepsMarks \(keeps) atLineStart \(atLineStart)")
                }
                if text.utf8.contains(0x0D) {
                    XCTAssertNil(ASCIIEscape.lines(text, keepsMarks: keeps), "a CR (CR LF is one Character) goes to the Characters")
                } else {
                    XCTAssertEqual(ASCIIEscape.lines(text, keepsMarks: keeps),
                                   StudySheetMarkdown.escapedLinesByCharacters(text, keepsMarks: keeps), text.debugDescription)
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThan(compared, 10_000)
    }

    /// A passage of a manual's lines, as its Markdown must read: list and heading signs at a
    /// line's start, brackets, pipes and underscores escaped, empty lines left out.
    func testAPassageOfCodeLinesIsEscapedLineByLine() {
        let text = "1. first\n# not a heading\n\n- not an item\nset xrange [0:1] | a_b *c*\n12) twelve\n3.14 pi\n"
        XCTAssertEqual(StudySheetMarkdown.escapedLines(text, keepsMarks: false),
                       "1\\. first\n\\# not a heading\n\\- not an item\nset xrange \\[0:1\\] \\| a\\_b \\*c\\*\n12\\) twelve\n3.14 pi")
        XCTAssertEqual(StudySheetMarkdown.escapedLines(text, keepsMarks: true),
                       "1\\. first\n\\# not a heading\n\\- not an item\nset xrange \\[0:1\\] \\| a_b *c*\n12\\) twelve\n3.14 pi")
    }

    /// Beyond ASCII a byte is not always a Character: `*` with a combining acute is one Character
    /// that is no mark (not escaped), which the bytes alone would escape.
    func testTextBeyondASCIIIsLeftToTheCharacters() {
        XCTAssertNil(ASCIIEscape.line("*\u{301} é", keepsMarks: false, atLineStart: true))
        XCTAssertNil(ASCIIEscape.lines("a\n*\u{301}", keepsMarks: false))
        XCTAssertEqual(StudySheetMarkdown.escape("*\u{301} and *", keepsMarks: false, atLineStart: true), "*\u{301} and \\*")
        XCTAssertEqual(StudySheetMarkdown.escapedLines("#\u{301} x\n# é", keepsMarks: false), "#\u{301} x\n\\# é")
    }
}
