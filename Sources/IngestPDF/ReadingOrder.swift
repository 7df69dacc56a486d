import IngestCore

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

    static func order(_ lines: [TextLine], pageWidth: Double, gutters: [PageGutter] = []) -> [TextLine] {
        guard lines.count > 2, lines.count <= maximumLines, lines.allSatisfy(\.hasGeometry) else { return lines }
        let heights = lines.map(\.glyphHeight).sorted()
        let typical = max(1, heights[heights.count / 2])
        var out: [Int] = []
        out.reserveCapacity(lines.count)
        guard !gutters.isEmpty else {
            cut(Array(lines.indices), lines, typical: typical, minimumSide: pageWidth * 0.18, into: &out, depth: 0)
            return out.map { lines[$0] }
        }
        var ordered: [TextLine] = []
        ordered.reserveCapacity(lines.count)
        for part in ColumnRegions.split(Array(lines.indices), lines, gutters: gutters, typical: typical) {
            if part.ordered {
                ordered += part.column ? joiningRowPieces(part.ids.map { lines[$0] }) : part.ids.map { lines[$0] }
                continue
            }
            out = []
            cut(part.ids, lines, typical: typical, minimumSide: pageWidth * 0.18, into: &out, depth: 0)
            ordered += out.map { lines[$0] }
        }
        return ordered
    }

    /// A column's lines (row by row) with the pieces of one row made one line again. Poppler's flow
    /// analysis cuts a line of a narrow column at a wide justified space and reads the piece
    /// beside the gutter elsewhere (`La mole et` … `les`): pieces on one row, in one column, no
    /// further apart than the line builder's widest space (1.5 glyph heights), are one line.
    static func joiningRowPieces(_ column: [TextLine]) -> [TextLine] {
        var out: [TextLine] = []
        out.reserveCapacity(column.count)
        for line in column {
            guard let last = out.last, last.origin == .content, line.origin == .content, last.hasGeometry, line.hasGeometry
            else { out.append(line); continue }
            let h = max(last.glyphHeight, line.glyphHeight, 1)
            let gap = line.x0 - last.x1
            let overlap = min(last.y1, line.y1) - max(last.y0, line.y0)
            let ratio = line.glyphHeight / max(last.glyphHeight, 0.1)
            guard gap >= -0.5, gap <= h * 1.5, overlap > min(last.y1 - last.y0, line.y1 - line.y0) * 0.5,
                  ratio <= 1.2, ratio >= 0.83 else { out.append(line); continue }
            var joined = TextLine(text: last.text + " " + line.text, x0: min(last.x0, line.x0), y0: min(last.y0, line.y0),
                                  x1: max(last.x1, line.x1), y1: max(last.y1, line.y1),
                                  glyphHeight: (last.glyphHeight * Double(last.text.count) + line.glyphHeight * Double(line.text.count))
                                      / Double(max(1, last.text.count + line.text.count)),
                                  hasGeometry: true)
            joined.fontSize = max(last.fontSize, line.fontSize)
            out[out.count - 1] = joined
        }
        return out
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
        if let runs = columnRuns(ids, lines, typical: typical, minimumSide: minimumSide) {
            for run in runs { cut(run, lines, typical: typical, minimumSide: minimumSide, into: &out, depth: depth + 1) }
            return
        }
        out.append(contentsOf: topDown(ids.sorted(), lines))
    }

    /// Regions larger than this keep poppler's order as it is (`topDown` compares every pair).
    static let maximumTopDownLines = 300

    /// Poppler's order (`ids`, sorted), except that a line poppler gives after a line it lies
    /// entirely above, at the same left edge (the paragraph's margin), moves up just before it: poppler's flow puts the
    /// pieces of a tall formula (a fraction's numerator, a binomial) in blocks of their own, and a
    /// label line beside them ("Formule 2 :") after the next formula's line. Lines side by side,
    /// overlapping in height or starting elsewhere (a contents page's numbers) keep poppler's order.
    private static func topDown(_ ids: [Int], _ lines: [TextLine]) -> [Int] {
        guard ids.count > 1, ids.count <= maximumTopDownLines else { return ids }
        // A contents page: its entries, numbers and page numbers come in poppler's order, whatever it is.
        // (Looked for as bytes first: Foundation's search, through CFString, cost a thousand times
        // more, on every line of every page; it decides only where the bytes are, no other text
        // being equal to dots and spaces.)
        func dotted(_ text: String, _ leader: String) -> Bool { ByteSearch.contains(text, leader) && text.contains(leader) }
        guard !ids.contains(where: { dotted(lines[$0].text, ". . . .") || dotted(lines[$0].text, "........") }) else { return ids }
        // The boxes alone (by place in `ids`), taken out once: every pair is compared, and a line
        // (with its text) copied for each comparison cost its retain and release.
        let boxes = ids.map { (x0: lines[$0].x0, y0: lines[$0].y0, x1: lines[$0].x1, y1: lines[$0].y1) }
        func above(_ a: Int, _ b: Int) -> Bool {
            let p = boxes[a], q = boxes[b]
            // Horizontal lines only: columns of vertical writing (Japanese) are read as poppler gives them.
            return p.y1 <= q.y0 && abs(p.x0 - q.x0) <= 1 && p.x1 - p.x0 > p.y1 - p.y0 && q.x1 - q.x0 > q.y1 - q.y0
        }
        var out: [Int] = []
        out.reserveCapacity(ids.count)
        for k in ids.indices {
            // Moved up only when poppler gave it after a line under it: just before the first such line.
            if let j = out.firstIndex(where: { above(k, $0) }) { out.insert(k, at: j) } else { out.append(k) }
        }
        return out.map { ids[$0] }
    }

    /// A region where full-width text runs straight into columns (a Writer section with two
    /// columns right under a paragraph, no blank space between): no cut works on the whole, so
    /// the region is split, row by row, where the column structure changes. The gutter is the x
    /// that falls in the gaps between side-by-side lines of the most rows; rows with a line across
    /// it are full-width. Nil when there is no such gutter or nothing to split.
    private static func columnRuns(_ ids: [Int], _ lines: [TextLine], typical: Double, minimumSide: Double) -> [[Int]]? {
        guard ids.count >= 4 else { return nil }
        // Rows: glyph boxes of consecutive lines overlap a little when the leading is tight.
        let rows = horizontalBands(ids, lines, typical: typical, factor: -0.3)
        guard rows.count >= 3 else { return nil }
        let regionLeft = ids.map { lines[$0].x0 }.min()!, regionRight = ids.map { lines[$0].x1 }.max()!
        // Gaps between side-by-side lines of each row.
        var gaps: [[(Double, Double)]] = []
        for row in rows {
            let spans = row.map { (lines[$0].x0, lines[$0].x1) }.sorted { $0.0 < $1.0 }
            var reach = spans[0].1
            var rowGaps: [(Double, Double)] = []
            for s in spans.dropFirst() {
                if s.0 - reach >= typical * 0.6 { rowGaps.append((reach, s.0)) }
                reach = max(reach, s.1)
            }
            gaps.append(rowGaps)
        }
        var best: (x: Double, rows: Int)?
        for candidate in gaps.joined() {
            let x = (candidate.0 + candidate.1) / 2
            guard x - regionLeft >= minimumSide, regionRight - x >= minimumSide else { continue }
            let count = gaps.filter { $0.contains { $0.0 <= x && x <= $0.1 } }.count
            if count > (best?.rows ?? 1) { best = (x, count) }
        }
        guard let x = best?.x else { return nil }
        // The middle of what those rows leave free in common, so that short lines ending near a
        // column's edge are not taken for lines across it.
        var free = (regionLeft, regionRight)
        for rowGaps in gaps { for g in rowGaps where g.0 <= x && x <= g.1 { free = (max(free.0, g.0), min(free.1, g.1)) } }
        let gutter = (free.0 + free.1) / 2
        // Columned rows have no line across the gutter; a columned run needs two rows really
        // split there, else it is a short line of full-width text.
        // A row on one side only that comes after blank space (a heading under the columns) is
        // not column text: column lines follow each other without a gap.
        var runs: [(ids: [Int], columned: Bool, split: Int)] = []
        let fullWidth = (regionRight - regionLeft) * 0.6
        var previousBottom = -Double.infinity
        for (row, rowGaps) in zip(rows, gaps) {
            let top = row.map { lines[$0].y0 }.min()!
            defer { previousBottom = row.map { lines[$0].y1 }.max()! }
            let split = rowGaps.contains { $0.0 <= gutter && gutter <= $0.1 } ? 1 : 0
            let crossing = row.filter { lines[$0].x0 < gutter && gutter < lines[$0].x1 }
            // Only the plain case is rearranged: a line across the gutter is a full-width line of
            // body text. Tables, sidebars and three-column layouts keep poppler's order.
            if crossing.contains(where: { lines[$0].x1 - lines[$0].x0 < fullWidth }) { return nil }
            let columned = crossing.isEmpty && (split == 1 || top - previousBottom < typical * 0.25)
            if let last = runs.last, last.columned == columned {
                runs[runs.count - 1].ids += row
                runs[runs.count - 1].split += split
            } else {
                runs.append((row, columned, split))
            }
        }
        var merged: [(ids: [Int], columned: Bool)] = []
        for run in runs {
            let columned = run.columned && run.split >= 2
            if let last = merged.last, last.columned == columned, !columned {
                merged[merged.count - 1].ids += run.ids
            } else {
                merged.append((run.ids, columned))
            }
        }
        guard merged.count > 1 else { return nil }
        return merged.map(\.ids)
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

    /// Splits at every y gap of at least `factor` glyph heights (0.8: wider than most line spacing; below 0: rows).
    private static func horizontalBands(_ ids: [Int], _ lines: [TextLine], typical: Double, factor: Double = 0.8) -> [[Int]] {
        let sorted = ids.sorted { lines[$0].y0 < lines[$1].y0 }
        var bands: [[Int]] = [[sorted[0]]]
        var reach = lines[sorted[0]].y1
        for id in sorted.dropFirst() {
            let l = lines[id]
            if l.y0 - reach >= typical * factor { bands.append([id]) } else { bands[bands.count - 1].append(id) }
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
