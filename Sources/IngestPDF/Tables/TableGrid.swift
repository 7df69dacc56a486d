import IngestCore

/// Cells from rows of words and column boundaries, with the spans the caller decides.
struct TableGrid {
    /// Each row's words and its extent on the page.
    struct Row { var words: [PageWord]; var top: Double; var bottom: Double }
    var rows: [Row]
    /// Inner column boundaries, left to right, and the table's outer edges.
    var boundaries: [Double]
    var left: Double, right: Double

    var columnCount: Int { boundaries.count + 1 }

    func column(of x: Double) -> Int { boundaries.firstIndex { x < $0 } ?? boundaries.count }

    func columnMiddle(_ c: Int) -> Double {
        let a = c == 0 ? left : boundaries[c - 1], b = c == boundaries.count ? right : boundaries[c]
        return (a + b) / 2
    }

    /// The cells: `joinsAcross(row, k)` says boundary k is absent in that row (cells merged
    /// across it), `joinsDown(row, column)` that the cell continues from the row above.
    func cells(joinsAcross: (Int, Int) -> Bool, joinsDown: (Int, Int) -> Bool) -> [[TableCell]] {
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
