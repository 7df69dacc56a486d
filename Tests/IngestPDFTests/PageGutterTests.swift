import XCTest
@testable import IngestPDF
import IngestTestSupport

final class PageGutterTests: XCTestCase {
    /// Two columns of 30 lines each from `top`, the left one starting `shift` points left of the page's edge.
    private func columns(shift: Double, top: Double = 72) -> [(x0: Double, y0: Double, x1: Double, y1: Double)] {
        var boxes: [(x0: Double, y0: Double, x1: Double, y1: Double)] = []
        for line in 0..<30 {
            let y = top + Double(line) * 14
            // Glyph boxes that touch, as in a justified line (no word gap lines up from line to line).
            for glyph in 0..<34 { let x = 60 - shift + Double(glyph) * 6; boxes.append((x, y, x + 6, y + 10)) }
            for glyph in 0..<34 { let x = 320 + Double(glyph) * 6; boxes.append((x, y, x + 6, y + 10)) }
        }
        return boxes
    }

    func testTwoColumnsHaveOneGutter() {
        let found = PageGutter.find(columns(shift: 0), pageWidth: 595, pageHeight: 842)
        XCTAssertEqual(found.count, 1)
        if let g = found.first { XCTAssert(g.lower >= 264 && g.upper <= 320, "\(g)") }
    }

    /// Glyphs drawn past the page's left edge (a TikZ picture wider than the page, VisualTikZ.pdf)
    /// crashed the gutter finder with an index out of range (a row at the page's top read before the
    /// bitmap's start): they are kept inside the page.
    func testGlyphsPastThePageEdgeDoNotCrash() {
        let found = PageGutter.find(columns(shift: 100, top: 0), pageWidth: 595, pageHeight: 842)
        XCTAssertLessThanOrEqual(found.count, 1)
    }

    /// The bitmap is kept a bit a cell, 64 cells a word: a gutter whose first free cell starts a
    /// word (x = 256) and a text edge ending a word (255) are found to the point. Left column's
    /// glyphs end at 256, the right one's start at 266: the strip is 256..<266 exactly, and both
    /// sides are full on every row (a cell counted twice or lost at a word's edge moves or loses it).
    func testAGutterAtAWordEdgeOfTheBitmapIsExact() {
        var boxes: [(x0: Double, y0: Double, x1: Double, y1: Double)] = []
        for line in 0..<30 {
            let y = 72 + Double(line) * 14
            for glyph in 0..<36 { let x = 40 + Double(glyph) * 6; boxes.append((x, y, x + 6, y + 10)) }
            for glyph in 0..<36 { let x = 266 + Double(glyph) * 6; boxes.append((x, y, x + 6, y + 10)) }
        }
        XCTAssertEqual(PageGutter.find(boxes, pageWidth: 595, pageHeight: 842), [PageGutter(lower: 256, upper: 266)])
    }

    /// The bit-sliced column counts are the counts of a cell at a time, on seeded random bitmaps
    /// of every width around a word's edge, rows with no ink among them, and a column inked on
    /// every row (the largest count, where a carry would run past the planes).
    func testColumnCountsAreTheCountsOfEachCell() {
        var rng = SeededGenerator(seed: 36)
        for columns in [1, 63, 64, 65, 130, 613] {
            for rows in [1, 2, 7, 64, 421, 1024] {
                let stride = (columns + 63) / 64
                var ink = [UInt64](repeating: 0, count: stride * rows)
                var inked = [Bool](repeating: false, count: rows)
                for r in 0..<rows where r == 0 || UInt64.random(in: 0..<4, using: &rng) != 0 {
                    inked[r] = true
                    for c in 0..<columns where c == 0 || Bool.random(using: &rng) { ink[r * stride + c >> 6] |= 1 << UInt64(c & 63) }
                }
                let expected = (0..<columns).map { c in (0..<rows).filter { ink[$0 * stride + c >> 6] >> UInt64(c & 63) & 1 == 1 }.count }
                XCTAssertEqual(PageGutter.columnCounts(ink, stride: stride, columns: columns, rows: inked), expected, "\(columns) columns, \(rows) rows")
            }
        }
    }

    /// The middle height is the sorted heights' middle, for lists of every length up to 40 with
    /// few distinct values (glyph heights repeat) and with all distinct ones, and at every index.
    func testOrderStatisticIsTheSortedValue() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 { seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407; return seed >> 33 }
        for count in 1...40 {
            for distinct in [2, 5, 1_000_000] {
                let values = (0..<count).map { _ in Double(next() % UInt64(distinct)) / 4 }
                let sorted = values.sorted()
                for k in 0..<count {
                    var copy = values
                    XCTAssertEqual(PageGutter.orderStatistic(&copy, k), sorted[k], "\(values) at \(k)")
                    XCTAssertEqual(copy.sorted(), sorted)
                }
            }
        }
    }
}

