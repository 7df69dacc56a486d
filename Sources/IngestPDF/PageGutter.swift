/// The gutter between two columns of text on a page, found from its glyph boxes before lines are
/// built: poppler's text analysis runs a line of the left column into the line beside it in the
/// right one when the columns are close (LaTeX's 10 pt `\columnsep`: `Light and the elec- high
/// frequency…`), so the lines are split there and read column by column (`ReadingOrder`).
///
/// A gutter is a vertical strip, away from the text's edges, that no glyph crosses on most rows
/// of the page, with text on both sides of it on at least `sharedRows` of the rows — a ragged
/// right margin has nothing beside it. Aligned table columns leave such strips too; what tells
/// columns of text from cells is how full the rows are on each side: a line of text covers most
/// of its column (only word spaces are empty), a cell a small part of it.
struct PageGutter: Sendable, Equatable {
    /// The free strip, in points.
    var lower: Double
    var upper: Double
    var middle: Double { (lower + upper) / 2 }

    /// Rows (of `rowHeight` points) with ink crossing the strip: at most this share of the inked rows.
    static let crossingShare = 0.3
    /// Rows with text on both sides and none in the strip: at least this share of the inked rows.
    static let sharedRows = 0.4
    /// A row's side is text when glyphs cover this share of the column's width (median over rows).
    static let textFill = 0.5
    static let rowHeight = 2.0

    /// The gutters of a page whose visible glyphs have these boxes, left to right (one on a
    /// two-column page, two on a three-column one).
    static func find(_ boxes: [(x0: Double, y0: Double, x1: Double, y1: Double)], pageWidth: Double, pageHeight: Double) -> [PageGutter] {
        guard boxes.count >= 40, pageWidth > 0, pageHeight > 0, pageWidth <= 4000, pageHeight <= 4000 else { return [] }
        let columns = Int(pageWidth.rounded(.up)) + 1, rows = Int((pageHeight / rowHeight).rounded(.up)) + 1
        // One bit a cell, a row of 64-cell words after another: a page's bitmap is 32 KB, not 240,
        // and a row's cells are counted a word at a time.
        let stride = (columns + 63) / 64
        var ink = [UInt64](repeating: 0, count: stride * rows)
        // Kept as the bitmap is inked: whether a row holds ink.
        var rowInked = [Bool](repeating: false, count: rows)
        var left = Double.infinity, right = -Double.infinity
        var heights = [Double](repeating: 0, count: boxes.count), inkedBoxes = 0
        // Through buffer pointers: every glyph inks a few dozen cells, on every page.
        ink.withUnsafeMutableBufferPointer { ink in
            rowInked.withUnsafeMutableBufferPointer { rowInked in
                heights.withUnsafeMutableBufferPointer { heights in
                    for b in boxes where b.x1 > b.x0 && b.y1 > b.y0 {
                        // A quarter point in from each side: glyphs that touch do not ink their neighbour's column.
                        let c0 = max(0, Int((b.x0 + 0.25).rounded(.down))), c1 = min(columns - 1, Int((b.x1 - 0.25).rounded(.up)) - 1)
                        let r0 = max(0, Int(b.y0 / rowHeight)), r1 = min(rows - 1, Int((b.y1 - 0.01) / rowHeight))
                        guard c0 <= c1, r0 <= r1 else { continue }
                        let w0 = c0 >> 6, w1 = c1 >> 6
                        if w0 == w1 {
                            // (Most glyphs: within one word of a row, the same bits on each of their rows.)
                            let mask = cellMask(w0, from: c0, through: c1)
                            for r in r0...r1 {
                                rowInked[r] = true
                                ink[r * stride + w0] |= mask
                            }
                        } else {
                            for r in r0...r1 {
                                rowInked[r] = true
                                let row = r * stride
                                for w in w0...w1 { ink[row + w] |= cellMask(w, from: c0, through: c1) }
                            }
                        }
                        left = min(left, b.x0); right = max(right, b.x1)
                        heights[inkedBoxes] = b.y1 - b.y0
                        inkedBoxes += 1
                    }
                }
            }
        }
        heights.removeLast(boxes.count - inkedBoxes)
        // How many rows each column's ink is on.
        let crossed = columnCounts(ink, stride: stride, columns: columns, rows: rowInked)
        // Glyphs drawn past the page's edge (VisualTikZ.pdf) ink no cell: the text's span stays inside the bitmap.
        left = max(0, left); right = min(Double(columns - 1), right)
        guard right > left, !heights.isEmpty else { return [] }
        let typical = Self.orderStatistic(&heights, heights.count / 2)
        let inkedRows = (0..<rows).filter { rowInked[$0] }
        guard inkedRows.count >= 10 else { return [] }
        // Columns of the bitmap crossed by few rows, in the middle 70 % of the text's width.
        let from = Int(left + (right - left) * 0.15), to = Int(right - (right - left) * 0.15)
        guard from < to else { return [] }
        let limit = Int(Double(inkedRows.count) * crossingShare)
        var found: [PageGutter] = []
        let narrowed = strips(crossed, from: from, to: to, limit: limit, floor: max(inkedRows.count / 20, Int(typical * 3 / rowHeight)))
        // Strips closer than a line's height are one gutter crossed in its middle (a page number).
        var merged: [(Int, Int)] = []
        for strip in narrowed {
            if let last = merged.last, Double(strip.0 - last.1) < typical { merged[merged.count - 1].1 = strip.1 } else { merged.append(strip) }
        }
        for (c, end) in merged {
            let lower = Double(c), upper = Double(end + 1)
            // Wider than a word space of justified text (a LaTeX gutter is 10 pt, 0.6 of a 12 pt line).
            guard upper - lower >= typical * 0.5 else { continue }
            // Rows with text on both sides and none in the strip, and how full each side is there.
            var shared = 0, rightRows = 0
            var leftFill: [Double] = [], rightFill: [Double] = []
            for r in inkedRows {
                let row = r * stride
                guard inked(ink, row, c, end + 1) == 0 else { continue }
                let l = inked(ink, row, Int(left), c), rt = inked(ink, row, end + 1, min(columns, Int(right.rounded(.up)) + 1))
                if rt > 0 { rightRows += 1 }
                guard l > 0, rt > 0 else { continue }
                shared += 1
                leftFill.append(Double(l) / max(1, lower - left))
                rightFill.append(Double(rt) / max(1, right - upper))
            }
            // Most of the page, or (a last page whose right column is short) most of the right
            // side's rows beside a strip as wide as a column gutter; and at least four lines: on a
            // short page a word space can line up.
            let mostOfPage = Double(shared) >= Double(inkedRows.count) * sharedRows
            let shortRightColumn = Double(shared) >= Double(rightRows) * 0.6 && upper - lower >= typical * 0.5
            guard mostOfPage || shortRightColumn, Double(shared) * rowHeight >= typical * 4 else { continue }
            leftFill.sort(); rightFill.sort()
            guard leftFill[leftFill.count / 2] >= textFill, rightFill[rightFill.count / 2] >= textFill else { continue }
            found.append(PageGutter(lower: lower, upper: upper))
        }
        return found
    }

    /// The value at `k` of `values` once sorted (`values` is left reordered): the middle glyph
    /// height of a page without sorting its thousands of glyphs (a quickselect, Hoare's partition).
    static func orderStatistic(_ values: inout [Double], _ k: Int) -> Double {
        values.withUnsafeMutableBufferPointer { v in
            var lo = 0, hi = v.count - 1
            while lo < hi {
                let pivot = v[(lo + hi) / 2]
                var i = lo, j = hi
                while i <= j {
                    while v[i] < pivot { i += 1 }
                    while v[j] > pivot { j -= 1 }
                    if i <= j { v.swapAt(i, j); i += 1; j -= 1 }
                }
                if k <= j { hi = j } else if k >= i { lo = i } else { break }
            }
            return v[k]
        }
    }

    /// For each column of the bitmap (`stride` words a row, one row per entry of `rows`, only the
    /// rows marked true holding ink), how many rows have its cell inked. Counted a word at a time
    /// in bit-sliced counters (plane k holds bit k of the 64 columns' counts; a row's word is added
    /// with carries), not a cell at a time: a page's text inks some 10^5 cells, its rows a few
    /// thousand words (counting per cell as glyphs were inked was 1 % of gnuplot.pdf's run).
    static func columnCounts(_ ink: [UInt64], stride: Int, columns: Int, rows: [Bool]) -> [Int] {
        let planesPerWord = max(1, Int.bitWidth - rows.count.leadingZeroBitCount)
        var planes = [UInt64](repeating: 0, count: stride * planesPerWord)
        planes.withUnsafeMutableBufferPointer { planes in
            ink.withUnsafeBufferPointer { ink in
                for r in rows.indices where rows[r] {
                    let row = r * stride
                    for w in 0..<stride {
                        // A count never exceeds the rows, so the carry is spent within the planes.
                        var carry = ink[row + w], k = w * planesPerWord
                        while carry != 0 {
                            let plane = planes[k]
                            planes[k] = plane ^ carry
                            carry &= plane
                            k += 1
                        }
                    }
                }
            }
        }
        return (0..<columns).map { c in
            let w = c >> 6, bit = UInt64(c & 63)
            var count = 0
            for k in 0..<planesPerWord { count |= Int((planes[w * planesPerWord + k] >> bit) & 1) << k }
            return count
        }
    }

    /// The bits of word `w` (cells `64 w ..< 64 w + 64`) for cells `from...through`.
    private static func cellMask(_ w: Int, from: Int, through: Int) -> UInt64 {
        let low = max(from - w << 6, 0), high = min(through - w << 6, 63)
        guard low <= high else { return 0 }
        let upTo: UInt64 = high == 63 ? ~0 : (1 << UInt64(high + 1)) - 1
        return upTo & ~((1 << UInt64(low)) - 1)
    }

    /// How many cells `from..<to` of the bitmap's row starting at word `row` are inked (counted a
    /// word at a time: this runs for every row beside every candidate strip).
    private static func inked(_ ink: [UInt64], _ row: Int, _ from: Int, _ to: Int) -> Int {
        guard from < to else { return 0 }
        var count = 0
        for w in (from >> 6)...((to - 1) >> 6) { count += (ink[row + w] & cellMask(w, from: from, through: to - 1)).nonzeroBitCount }
        return count
    }

    /// Runs of bitmap columns crossed by at most `limit` rows, each narrowed to where it is
    /// crossed least (within `floor` rows of its minimum): beside a short right column, the strip
    /// of few crossings runs on over that column, whose rows are few too, and the gutter is where
    /// only a page number or a title crosses. The floor is three lines, so that a heading across
    /// the gutter does not narrow it to the space between two of its words.
    private static func strips(_ crossed: [Int], from: Int, to: Int, limit: Int, floor: Int) -> [(Int, Int)] {
        var out: [(Int, Int)] = []
        var c = from
        while c <= to {
            guard crossed[c] <= limit else { c += 1; continue }
            var end = c
            while end + 1 <= to, crossed[end + 1] <= limit { end += 1 }
            let least = crossed[c...end].min()! + floor
            var k = c
            while k <= end {
                guard crossed[k] <= least else { k += 1; continue }
                var e = k
                while e + 1 <= end, crossed[e + 1] <= least { e += 1 }
                out.append((k, e))
                k = e + 1
            }
            c = end + 1
        }
        return out
    }
}
