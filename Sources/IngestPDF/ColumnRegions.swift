/// A page in columns cut into the parts read one after the other (issue 33): from the top, each
/// run of column text gives its columns left to right; a line across a gutter (a title, an
/// abstract, a wide table's row) stays where it is, between the runs above and below it. A band
/// of narrow cells in several columns (a wide table whose cells happen to leave the gutters free)
/// is kept whole too: its rows are read across, as the table's.
enum ColumnRegions {
    /// A part of the page: lines already in reading order (a column of a run, a band of cells
    /// read row by row), or lines kept in place for `ReadingOrder`'s cuts.
    struct Part: Equatable {
        var ids: [Int]
        var ordered: Bool
        /// A column of text: pieces of one row in it are one line (`ReadingOrder.joiningRowPieces`).
        var column = false
    }

    static func split(_ ids: [Int], _ lines: [TextLine], gutters: [PageGutter], typical: Double) -> [Part] {
        let middles = gutters.map(\.middle).sorted()
        /// The column a line lies in, or nil for a line across a gutter.
        func column(_ id: Int) -> Int? {
            let k = middles.filter { $0 <= lines[id].x0 }.count
            return k < middles.count && lines[id].x1 > middles[k] ? nil : k
        }
        let sorted = ids.sorted { lines[$0].y0 < lines[$1].y0 || (lines[$0].y0 == lines[$1].y0 && $0 < $1) }
        // Runs of column lines and of lines across, top to bottom.
        var runs: [(ids: [Int], across: Bool)] = []
        for id in sorted {
            let across = column(id) == nil
            if let last = runs.last, last.across == across { runs[runs.count - 1].ids.append(id) } else { runs.append(([id], across)) }
        }
        // Each column's width, for telling cells from text.
        var widths = [Double](repeating: 0, count: middles.count + 1)
        for k in widths.indices {
            let inside = ids.filter { column($0) == k }
            guard let x0 = inside.map({ lines[$0].x0 }).min(), let x1 = inside.map({ lines[$0].x1 }).max() else { continue }
            widths[k] = x1 - x0
        }
        let spacing = leading(ids.filter { column($0) != nil }, lines, column: { column($0) ?? 0 }, typical: typical)
        var parts: [Part] = []
        for (r, run) in runs.enumerated() {
            if run.across { parts.append(Part(ids: run.ids.sorted(), ordered: false)); continue }
            var pending: [Int] = []
            func flushColumns() {
                for k in widths.indices {
                    let inside = pending.filter { column($0) == k }
                    if !inside.isEmpty { parts.append(Part(ids: rows(inside, lines), ordered: true, column: true)) }
                }
                pending = []
            }
            var bands = bands(run.ids, lines, gap: spacing + typical * 0.4)
            // A short band in one column set apart right above or below lines across (a heading
            // or a paragraph's last line of full-width text, `Partie 3` over its paragraph) belongs
            // with them, not at the end of a column.
            func alone(_ band: [Int]) -> Bool {
                let low = band.map { lines[$0].y0 }.min()!, high = band.map { lines[$0].y1 }.max()!
                return Set(band.map { column($0) }).count == 1 && high - low <= typical * 3
            }
            var before: [Int] = [], after: [Int] = []
            if bands.count > 1, r > 0, runs[r - 1].across, alone(bands[0]) { before = bands.removeFirst() }
            if bands.count > 1, r + 1 < runs.count, runs[r + 1].across, alone(bands[bands.count - 1]) { after = bands.removeLast() }
            if !before.isEmpty { parts.append(Part(ids: before.sorted(), ordered: false)) }
            defer { if !after.isEmpty { parts.append(Part(ids: after.sorted(), ordered: false)) } }
            // A page's header set apart by blank space is read where it is, not at a column's end:
            // the bands at the top of the page that are a line or two (a page number) or a masthead
            // (`Proposed Rules` on the left, `Federal Register` / `Vol. 85…` / `Thursday…` stacked on
            // the right, which was read at the top of the third column).
            var header = 0
            if r == 0 {
                while header < bands.count - 1 {
                    let band = bands[header]
                    let low = band.map { lines[$0].y0 }.min()!, high = band.map { lines[$0].y1 }.max()!
                    guard high - low <= typical * 2.5 || isMasthead(band, lines, column: { column($0) ?? 0 }, widths: widths) else { break }
                    header += 1
                }
                // A header ends at clear blank space: the columns' first row (a title in the left
                // column, `La mole et les`, beside a heading in the right) is only a paragraph's
                // leading away from the rest of its column, and is read in it.
                while header > 0 && gapBelow(bands[header - 1], bands[header], lines) < typical * 0.8 { header -= 1 }
            }
            // Read column by column, each from the top: `Proposed Rules`, then the stack at the right.
            if header > 0 {
                let top = bands[..<header].flatMap { $0 }
                for k in widths.indices {
                    let inside = top.filter { column($0) == k }
                    if !inside.isEmpty { parts.append(Part(ids: rows(inside, lines), ordered: true)) }
                }
            }
            for (b, band) in bands.enumerated() where b >= header {
                // So is the footer line under the columns.
                let low = band.map { lines[$0].y0 }.min()!, high = band.map { lines[$0].y1 }.max()!
                let footer = bands.count > 1 && r == runs.count - 1 && b == bands.count - 1 && high - low <= typical * 2.5
                if footer {
                    flushColumns()
                    parts.append(Part(ids: band.sorted(), ordered: false))
                } else if isCells(band, lines, column: { column($0) ?? 0 }, widths: widths) {
                    flushColumns()
                    parts.append(Part(ids: rows(band, lines), ordered: true))
                } else {
                    pending += band
                }
            }
            flushColumns()
        }
        return parts
    }

    /// A column's lines row by row, top to bottom, each row from the left. Poppler's own order is
    /// not kept: it assigns the words of one row to different lines when a heading in the other
    /// column sits beside them (`high frequency necessarily has a` … `short`).
    static func rows(_ ids: [Int], _ lines: [TextLine]) -> [Int] {
        let sorted = ids.sorted { (lines[$0].y0 + lines[$0].y1, $0) < (lines[$1].y0 + lines[$1].y1, $1) }
        var rows: [[Int]] = []
        var top = 0.0, bottom = 0.0
        for id in sorted {
            let l = lines[id]
            // On the row when most of the line's height overlaps the row's first line.
            if !rows.isEmpty, min(l.y1, bottom) - max(l.y0, top) > min(l.y1 - l.y0, bottom - top) * 0.5 {
                rows[rows.count - 1].append(id)
            } else {
                rows.append([id]); top = l.y0; bottom = l.y1
            }
        }
        return rows.flatMap { $0.sorted { lines[$0].x0 < lines[$1].x0 } }
    }

    /// The usual space between a line's box and the next one's in a column (negative when the
    /// boxes overlap, as LibreOffice's do; positive for Latin Modern's short boxes).
    private static func leading(_ ids: [Int], _ lines: [TextLine], column: (Int) -> Int, typical: Double) -> Double {
        var gaps: [Double] = []
        var byColumn: [Int: [Int]] = [:]
        for id in ids { byColumn[column(id), default: []].append(id) }
        for (_, inside) in byColumn {
            let sorted = inside.sorted { lines[$0].y0 < lines[$1].y0 }
            for (a, b) in zip(sorted, sorted.dropFirst()) where lines[b].y0 > lines[a].y0 {
                let gap = lines[b].y0 - lines[a].y1
                if abs(gap) < typical { gaps.append(gap) }
            }
        }
        guard !gaps.isEmpty else { return 0 }
        return gaps.sorted()[gaps.count / 2]
    }

    /// Lines cut at every horizontal gap that all columns share, wider than `gap` (the usual
    /// leading and some: blank space over a heading or between paragraphs).
    private static func bands(_ sorted: [Int], _ lines: [TextLine], gap: Double) -> [[Int]] {
        var bands: [[Int]] = [[sorted[0]]]
        var reach = lines[sorted[0]].y1
        for id in sorted.dropFirst() {
            if lines[id].y0 - reach >= gap { bands.append([id]) } else { bands[bands.count - 1].append(id) }
            reach = max(reach, lines[id].y1)
        }
        return bands
    }

    /// The blank space between the bottom of `band` and the top of the band under it.
    private static func gapBelow(_ band: [Int], _ next: [Int], _ lines: [TextLine]) -> Double {
        next.map { lines[$0].y0 }.min()! - band.map { lines[$0].y1 }.max()!
    }

    /// The block over a page's columns, apart from them by blank space: a few short lines in each
    /// column it touches (the Federal Register's `Federal Register` / `Vol. 85, No. 152` / `Thursday,
    /// August 6, 2020` stacked at the top right, `Proposed Rules` at the left), not the opening
    /// lines of column text, which fill their column.
    private static func isMasthead(_ band: [Int], _ lines: [TextLine], column: (Int) -> Int, widths: [Double]) -> Bool {
        var byColumn: [Int: Int] = [:]
        for id in band { byColumn[column(id), default: 0] += 1 }
        guard byColumn.values.allSatisfy({ $0 <= 3 }) else { return false }
        let ratios = band.map { id in (lines[id].x1 - lines[id].x0) / max(widths[column(id)], 1) }.sorted()
        return ratios[ratios.count / 2] < 0.7
    }

    /// Lines in two columns or more, at least two in each, most of them narrow in every one:
    /// table cells, not column text.
    private static func isCells(_ band: [Int], _ lines: [TextLine], column: (Int) -> Int, widths: [Double]) -> Bool {
        var byColumn: [Int: [Double]] = [:]
        for id in band { byColumn[column(id), default: []].append(lines[id].x1 - lines[id].x0) }
        guard byColumn.count >= 2 else { return false }
        for (k, w) in byColumn {
            guard w.count >= 2 else { return false }
            let median = w.sorted()[w.count / 2]
            if median >= widths[k] * 0.4 { return false }
        }
        return true
    }
}
