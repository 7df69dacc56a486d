/// Cells from rows of words and column boundaries, with the spans the caller decides.
public struct TableGrid {
    /// Each row's words and its extent on the page.
    public struct Row {
        public var words: [PageWord]; public var top: Double; public var bottom: Double
        public init(words: [PageWord], top: Double, bottom: Double) { self.words = words; self.top = top; self.bottom = bottom }
    }
    public var rows: [Row]
    /// Inner column boundaries, left to right, and the table's outer edges.
    public var boundaries: [Double]
    public var left: Double, right: Double

    public init(rows: [Row], boundaries: [Double], left: Double, right: Double) {
        self.rows = rows; self.boundaries = boundaries; self.left = left; self.right = right
    }

    public var columnCount: Int { boundaries.count + 1 }

    public func column(of x: Double) -> Int { boundaries.firstIndex { x < $0 } ?? boundaries.count }

    public func columnMiddle(_ c: Int) -> Double {
        let a = c == 0 ? left : boundaries[c - 1], b = c == boundaries.count ? right : boundaries[c]
        return (a + b) / 2
    }

    /// The cells: `joinsAcross(row, k)` says boundary k is absent in that row (cells merged
    /// across it), `joinsDown(row, column)` that the cell continues from the row above.
    public func cells(joinsAcross: (Int, Int) -> Bool, joinsDown: (Int, Int) -> Bool) -> [[TableCell]] {
        let n = columnCount
        // owner[r][c]: the top-left slot of the cell that (r, c) belongs to.
        var owner = [[(Int, Int)]](repeating: [], count: rows.count)
        for r in rows.indices {
            owner[r] = (0..<n).map { (r, $0) }
            for c in 1..<max(n, 1) where joinsAcross(r, c - 1) { owner[r][c] = owner[r][c - 1] }
            if r > 0 {
                for c in 0..<n where joinsDown(r, c) && owner[r][c] == (r, c) {
                    // The whole cell above continues, over the columns it spans in this row too.
                    let above = owner[r - 1][c]
                    for k in c..<n where owner[r][k] == (r, c) || k == c { owner[r][k] = above }
                }
            }
        }
        var words = [[[PageWord]]](repeating: [[PageWord]](repeating: [], count: n), count: rows.count)
        for (r, row) in rows.enumerated() {
            for w in row.words {
                let (or, oc) = owner[r][column(of: w.midX)]
                words[or][oc].append(w)
            }
        }
        return rows.indices.map { r in
            (0..<n).map { c in TableCell(text: owner[r][c] == (r, c) ? WordLines.text(words[r][c]) : "") }
        }
    }
}
