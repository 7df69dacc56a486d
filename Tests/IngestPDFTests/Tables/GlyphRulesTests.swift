import IngestCore
@testable import IngestPDF
import XCTest

/// GlyphRules tells a page whose glyphs may draw a rule (then rendered whole for its rules) from
/// words and boxes alone. The PDF case, a run of em dashes the rendering takes for a rule, is
/// PageRulesTests.testPathsGiveTheRenderingsRules.
final class GlyphRulesTests: XCTestCase {
    func word(_ text: String, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> PageWord {
        PageWord(text: text, x0: x0, y0: y0, x1: x1, y1: y1)
    }

    func may(_ words: [PageWord]) -> Bool { GlyphRules.mayDrawRule(WordLines.group(words)) }

    func testRunsOfDashesAsLongAsARule() {
        // Four em dashes of 10 pt text: 40 pt of bar.
        XCTAssertTrue(may([word("————", 100, 100, 140, 110)]))
        // One: 10 pt, shorter than any rule.
        XCTAssertFalse(may([word("—", 100, 100, 110, 110)]))
        // A hyphen or an underscore inside a word.
        XCTAssertFalse(may([word("well-known", 100, 100, 145, 110), word("x_min", 150, 100, 175, 110)]))
        // Dashes of two words that touch are one run; apart, two short ones.
        XCTAssertTrue(may([word("——", 100, 100, 108, 110), word("——", 108, 100, 116, 110)]))
        XCTAssertFalse(may([word("——", 100, 100, 108, 110), word("——", 111, 100, 119, 110)]))
        // Underscores filling most of a word (a blank to fill in).
        XCTAssertTrue(may([word("Name:________", 100, 100, 170, 110)]))
    }

    func testBoxDrawingAndBars() {
        XCTAssertTrue(may([word("┼", 100, 100, 106, 110)]))
        // Bars stacked over two lines, or one as tall as a rule.
        XCTAssertTrue(may([word("a|b", 100, 100, 115, 110), word("c|d", 100, 111, 115, 121)]))
        XCTAssertFalse(may([word("a|b", 100, 100, 115, 110), word("c|d", 200, 111, 215, 121)]))
        XCTAssertFalse(may([word("a|b", 100, 100, 115, 110), word("c|d", 100, 130, 115, 140)]))
        XCTAssertTrue(may([word("|", 100, 100, 103, 114)]))
        // No bar, no dash: plain words.
        XCTAssertFalse(may([word("Planet", 100, 100, 130, 110), word("Moons", 150, 100, 175, 110)]))
    }
}
