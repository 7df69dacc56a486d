import Foundation
import IngestCore
@testable import IngestPDF
import IngestTestSupport
import XCTest

/// GlyphRules tells a page whose glyphs may draw a rule from words and boxes alone, and reads
/// the rules they draw from their boxes. A run of em dashes the rendering takes for a rule is
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

    func glyph(_ text: Unicode.Scalar, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> GlyphRules.Glyph {
        GlyphRules.Glyph(scalar: text, x0: x0, y0: y0, x1: x1, y1: y1)
    }

    /// Glyphs that join (box-drawing lines, underscores, em dashes) make a rule through their
    /// boxes where they touch for at least a rule's length; a hyphen, `=`, `|` or a run too short
    /// make none; box verticals stacked line over line make a vertical rule.
    func testRulesReadFromGlyphBoxes() {
        // `┌──────┐` in 10 pt monospace: 8 glyphs of 6 pt, touching: one rule.
        let top = ["┌", "─", "─", "─", "─", "─", "─", "┐"].enumerated().map { k, c in
            glyph(Unicode.Scalar(c)!, 100 + Double(k) * 6, 100, 106 + Double(k) * 6, 112)
        }
        // Its ink runs from the middle of `┌` to the middle of `┐`.
        XCTAssertEqual(GlyphRules.rules(top).horizontal, [PageRule(position: 106, lower: 103, upper: 145)])
        // The same with hyphens, or two em dashes (12 pt): no rule.
        XCTAssertEqual(GlyphRules.rules(top.map { var g = $0; g.scalar = "-"; return g }).horizontal, [])
        XCTAssertEqual(GlyphRules.rules([glyph("—", 100, 100, 106, 112), glyph("—", 106, 100, 112, 112)]).horizontal, [])
        // Underscores apart (a space between) are two short runs; touching, one rule low in their boxes.
        let blanks = (0..<4).map { glyph("_", 100 + Double($0) * 5, 100, 104 + Double($0) * 5, 110) }
        XCTAssertEqual(GlyphRules.rules(blanks).horizontal, [])
        let line = (0..<4).map { glyph("_", 100 + Double($0) * 5, 100, 105 + Double($0) * 5, 110) }
        XCTAssertEqual(GlyphRules.rules(line).horizontal, [PageRule(position: 108, lower: 100, upper: 120)])
        // `│` on three lines 12 pt apart, boxes touching: one rule 36 pt long; at another x, none.
        let bars = (0..<3).map { glyph("│", 100, 100 + Double($0) * 12, 106, 112 + Double($0) * 12) }
        XCTAssertEqual(GlyphRules.rules(bars).vertical, [PageRule(position: 103, lower: 100, upper: 136)])
        XCTAssertEqual(GlyphRules.rules(bars.enumerated().map { k, g in var g = g; g.x0 += Double(k) * 20; g.x1 += Double(k) * 20; return g }).vertical, [])
        XCTAssertEqual(GlyphRules.rules(bars.map { var g = $0; g.scalar = "|"; return g }).vertical, [])
    }

    /// A table drawn with box-drawing characters (a text file set in DejaVu Sans Mono by
    /// LibreOffice): the rules read from the glyphs' boxes are those of the page's rendering —
    /// each within a point of a rendered rule, at both ends too — and there are as many: the
    /// table's five lines across and four down.
    func testBoxDrawingRulesAreTheRenderings() throws {
        guard runTool("soffice", ["--version"])?.status == 0 else {
            try missingTool("LibreOffice (soffice) missing (apt-get install libreoffice-writer-nogui)")
        }
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let text = try tmp.write("box.txt", Data("""
            Planets and their moons

            ┌─────────┬───────┬──────────┐
            │ Planet  │ Moons │ Distance │
            ├─────────┼───────┼──────────┤
            │ Earth   │ 1     │ 1.00 AU  │
            ├─────────┼───────┼──────────┤
            │ Mars    │ 2     │ 1.52 AU  │
            ├─────────┼───────┼──────────┤
            │ Jupiter │ 95    │ 5.20 AU  │
            └─────────┴───────┴──────────┘

            """.utf8))
        let profile = "file://" + tmp.url.appendingPathComponent("profile").path
        guard runTool("soffice", ["-env:UserInstallation=" + profile, "--headless", "--convert-to", "pdf", "--outdir", tmp.url.path, text.path])?.status == 0 else {
            throw TestSetupFailure("soffice could not convert box.txt to pdf")
        }
        let document = try PopplerDocumentRef(url: tmp.url.appendingPathComponent("box.pdf"), password: nil)
        let page = try XCTUnwrap(document.page(at: 0))
        let read = GlyphRules.rules(page.ruleGlyphs())
        let drawn = PageRules.find(on: page, from: 0, to: page.size.height, drawing: .everything)
        XCTAssertEqual(read.horizontal.count, 5, "\(read.horizontal)")
        XCTAssertEqual(read.vertical.count, 4, "\(read.vertical)")
        XCTAssertEqual(drawn.horizontal.count, read.horizontal.count, "\(drawn.horizontal)")
        XCTAssertEqual(drawn.vertical.count, read.vertical.count, "\(drawn.vertical)")
        for (rules, rendered) in [(read.horizontal, drawn.horizontal), (read.vertical, drawn.vertical)] {
            for rule in rules {
                XCTAssertTrue(rendered.contains { abs($0.position - rule.position) <= 1 && abs($0.lower - rule.lower) <= 1 && abs($0.upper - rule.upper) <= 1 },
                              "\(rule) not among \(rendered)")
            }
        }
        // Nothing to render for them: the page is drawn from its paths (it has none).
        XCTAssertEqual(PageRules.drawnRules(on: page, from: 0, to: page.size.height, drawing: .paths).drawn, .paths)
    }
}
