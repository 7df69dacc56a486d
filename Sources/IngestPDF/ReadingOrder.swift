/// Puts a page's lines into reading order where poppler's flow analysis got columns wrong.
///
/// Recursive XY-cut over the line boxes: a region is split at a vertical gutter that no line
/// crosses (left part first), else at wide enough horizontal gaps (top first); lines of a region
/// that cannot be cut keep poppler's order. Where poppler's order is already right, nothing moves.
/// Vertical gutters are tried first so a two-column page whose paragraph breaks happen to line
/// up is not read across the columns.
enum ReadingOrder {
    /// Pages with more lines than this keep poppler's order (cost bound for pathological pages).
    static let maximumLines = 4000

    static func order(_ lines: [TextLine], pageWidth: Double) -> [TextLine] {
        guard lines.count > 2, lines.count <= maximumLines, lines.allSatisfy(\.hasGeometry) else { return lines }
        let heights = lines.map(\.glyphHeight).sorted()
        let typical = max(1, heights[heights.count / 2])
        var out: [Int] = []
        out.reserveCapacity(lines.count)
        cut(Array(lines.indices), lines, typical: typical, minimumSide: pageWidth * 0.18, into: &out, depth: 0)
        return out.map { lines[$0] }
    }

    private static func cut(_ ids: [Int], _ lines: [TextLine], typical: Double, minimumSide: Double,
                            into out: inout [Int], depth: Int) {
        if ids.count < 2 || depth > 40 { out.append(contentsOf: ids); return }
        if var (left, right) = verticalCut(ids, lines, typical: typical, minimumSide: minimumSide) {
            if isRightToLeft(left, lines) && isRightToLeft(right, lines) { swap(&left, &right) }
            cut(left, lines, typical: typical, minimumSide: minimumSide, into: &out, depth: depth + 1)
            cut(right, lines, typical: typical, minimumSide: minimumSide, into: &out, depth: depth + 1)
            return
        }
        let bands = horizontalBands(ids, lines, typical: typical)
        if bands.count > 1 {
            for band in bands { cut(band, lines, typical: typical, minimumSide: minimumSide, into: &out, depth: depth + 1) }
            return
        }
        out.append(contentsOf: ids.sorted())
    }

    /// The widest gutter (an x range no line covers) that leaves at least two lines and
    /// `minimumSide` points of width on each side.
    private static func verticalCut(_ ids: [Int], _ lines: [TextLine], typical: Double,
                                    minimumSide: Double) -> ([Int], [Int])? {
        let spans = ids.map { (lines[$0].x0, lines[$0].x1) }.sorted { $0.0 < $1.0 }
        let regionLeft = spans[0].0
        let regionRight = spans.map(\.1).max() ?? regionLeft
        var reach = spans[0].1
        var best: (x: Double, gap: Double)?
        for s in spans.dropFirst() {
            if s.0 > reach {
                let gap = s.0 - reach
                if gap >= typical * 0.6, reach - regionLeft >= minimumSide, regionRight - s.0 >= minimumSide,
                   gap > (best?.gap ?? 0) {
                    best = ((reach + s.0) / 2, gap)
                }
            }
            reach = max(reach, s.1)
        }
        guard let best else { return nil }
        let left = ids.filter { lines[$0].x1 <= best.x }
        let right = ids.filter { lines[$0].x0 >= best.x }
        guard left.count >= 2, right.count >= 2 else { return nil }
        // Columns of text have wide lines on both sides; a table's narrow column (page numbers
        // of a contents page, figures of a price list) is read row by row, as poppler does.
        func medianWidth(_ side: [Int]) -> Double {
            let widths = side.map { lines[$0].x1 - lines[$0].x0 }.sorted()
            return widths[widths.count / 2]
        }
        guard medianWidth(left) >= minimumSide * 0.4, medianWidth(right) >= minimumSide * 0.4 else { return nil }
        return (left, right)
    }

    /// Splits at every y gap taller than most line spacing.
    private static func horizontalBands(_ ids: [Int], _ lines: [TextLine], typical: Double) -> [[Int]] {
        let sorted = ids.sorted { lines[$0].y0 < lines[$1].y0 }
        var bands: [[Int]] = [[sorted[0]]]
        var reach = lines[sorted[0]].y1
        for id in sorted.dropFirst() {
            let l = lines[id]
            if l.y0 - reach >= typical * 0.8 { bands.append([id]) } else { bands[bands.count - 1].append(id) }
            reach = max(reach, l.y1)
        }
        return bands
    }

    /// Mostly Arabic or Hebrew letters: such columns and cells read from the right.
    private static func isRightToLeft(_ ids: [Int], _ lines: [TextLine]) -> Bool {
        var rtl = 0, letters = 0
        for id in ids {
            for s in lines[id].text.unicodeScalars where s.properties.isAlphabetic {
                letters += 1
                if (0x0590...0x08FF).contains(s.value) || (0xFB1D...0xFEFF).contains(s.value) { rtl += 1 }
            }
        }
        return letters > 0 && rtl * 2 > letters
    }
}
