/// Tables without rules: consecutive text lines cut by wide gaps into segments that line up in
/// columns (a gutter no row crosses) over at least three rows.
public enum AlignedColumns {
    public static let minimumRows = 3

    public static func find(words: [PageWord], pageWidth: Double) -> [PageTable] {
        find(lines: WordLines.group(words), pageWidth: pageWidth)
    }

    /// `find(words:pageWidth:)` of words already grouped by `WordLines.group`.
    public static func find(lines: [[PageWord]], pageWidth: Double) -> [PageTable] {
        // Whether each line is cut into cells, found once: the run below asks it of a line again
        // at every line after it (a page of code listings asked it thousands of times).
        let cut = lines.map { WordLines.segments($0).count >= 2 }
        var tables: [PageTable] = []
        // A run of lines close together, its first line cut into cells; lines not cut may be cells
        // wrapped onto a line of their own. `start` is the run's first line in `lines`.
        var start = 0, end = 0
        // The columns of the run's cut lines so far, by the run's start and how many cut lines it
        // holds (lines are added in order: the same two numbers are the same lines).
        var known: (start: Int, cuts: Int, left: Double, boundaries: [Double])?
        func close() {
            defer { start = end }
            while end > start && !cut[end - 1] { end -= 1 }
            guard end - start >= minimumRows, let table = table(lines[start..<end], above: start > 0 ? lines[start - 1] : nil,
                                                                pageWidth: pageWidth) else { return }
            tables.append(table)
        }
        for (i, line) in lines.enumerated() {
            if end > start {
                let last = lines[end - 1]
                let h = max(last.lazy.map(\.height).max()!, line.lazy.map(\.height).max()!)
                let gap = line.lazy.map(\.y0).min()! - last.lazy.map(\.y1).max()!
                if gap > h * 1.5 { close(); end = i; start = i }
            }
            if end == start && !cut[i] { start = i + 1; end = i + 1; continue }
            // A line not cut that does not fit the columns found so far ends the run (a sentence
            // between two tables).
            if !cut[i] {
                let cuts = (start..<end).filter { cut[$0] }
                if cuts.count >= 2 {
                    if known.map({ $0.start != start || $0.cuts != cuts.count }) ?? true {
                        let cutLines = cuts.map { lines[$0] }
                        let all = cutLines.flatMap { $0 }
                        let left = all.map(\.x0).min()!, right = all.map(\.x1).max()!
                        known = (start, cuts.count, left, Gutters.boundaries(cutLines, left: left, right: right, minimum: 6))
                    }
                    let (left, boundaries) = (known!.left, known!.boundaries)
                    if line.contains(where: { w in w.x0 < left - 2 || boundaries.contains { w.x0 < $0 && w.x1 > $0 } }) {
                        close(); start = i + 1; end = i + 1; continue
                    }
                }
            }
            end = i + 1
        }
        close()
        return tables
    }

    private static func table(_ run: ArraySlice<[PageWord]>, above: [PageWord]?, pageWidth: Double) -> PageTable? {
        let cutLines = run.filter { WordLines.segments($0).count >= 2 }
        guard cutLines.count >= minimumRows else { return nil }
        let all = cutLines.flatMap { $0 }
        let left = all.map(\.x0).min()!, right = all.map(\.x1).max()!
        let boundaries = Gutters.boundaries(Array(cutLines), left: left, right: right, minimum: 6)
        // Two columns across the page are as likely a two-column index or glossary (read column by
        // column) as a table: only narrower pairs are taken.
        guard boundaries.count >= 2 || (boundaries.count == 1 && right - left < pageWidth * 0.5) else { return nil }
        let probe = TableGrid(rows: [], boundaries: boundaries, left: left, right: right)
        func fits(_ line: [PageWord]) -> Bool {
            // Past the right edge only in the last column (a wrapped cell there may be wider).
            line.allSatisfy { w in w.x0 >= left - 2 && !boundaries.contains { w.x0 < $0 && w.x1 > $0 } }
                && WordLines.segments(line).allSatisfy { probe.column(of: $0.first!.x0) == probe.column(of: $0.last!.x1) }
        }
        // Rows: a cut line opens one, a line that fits the columns continues it (a wrapped cell);
        // one that does not ends the table.
        // Where rows are set further apart than the lines of a cell (Word's spacing after a cell's
        // paragraph), a line at the shorter pitch — closer than its own height, as lines of one
        // paragraph are — continues the row above even when it is cut.
        let tops = run.map { $0.map(\.y0).min()! }
        let pitches = zip(tops.dropFirst(), tops).map { $0 - $1 }
        let shortest = pitches.min() ?? 0
        let spaced = pitches.contains { $0 > shortest * 1.15 }
        var rows: [[PageWord]] = []
        for (k, line) in run.enumerated() {
            let continues = spaced && k > 0 && tops[k] - tops[k - 1] <= shortest * 1.08
                && tops[k] - tops[k - 1] < line.map(\.height).max()!
            if WordLines.segments(line).count >= 2 && !(continues && fits(line)) { rows.append(line) }
            else if fits(line), !rows.isEmpty { rows[rows.count - 1] += line }
            else { break }
        }
        guard rows.count >= minimumRows else { return nil }
        // A header cell aligned to its bottom starts a line higher ("Masse" over "atomique"): a line
        // right above, outside the first column, each piece aligned with the header's cell below it.
        if let above, fits(above), let first = rows.first, above.map(\.y1).max()! > first.map(\.y0).min()! - first[0].height * 0.8 {
            let headers = WordLines.segments(first)
            let aligned = WordLines.segments(above).allSatisfy { piece in
                let c = probe.column(of: piece[0].x0)
                return c > 0 && headers.contains { h in probe.column(of: h[0].x0) == c
                    && (abs(h[0].x0 - piece[0].x0) <= 2 || abs(h.last!.x1 - piece.last!.x1) <= 2) }
            }
            if aligned { rows[0] = above + rows[0] }
        }
        // Two columns of running text side by side are not a table: their lines are long and wordy.
        var columns = [[Double]](repeating: [], count: boundaries.count + 1)
        var wordCounts = [Int](repeating: 0, count: boundaries.count + 1)
        var crossings = 0
        for line in rows {
            // A word across a gutter: a cell spanning columns (cells set close together may run into
            // one segment without any word crossing).
            if boundaries.contains(where: { Self.spans(line, $0) }) { crossings += 1 }
            var extent: [Int: (Double, Double)] = [:]
            for w in line {
                let c = probe.column(of: w.midX)
                let e = extent[c] ?? (w.x0, w.x1)
                extent[c] = (min(e.0, w.x0), max(e.1, w.x1))
                wordCounts[c] += 1
            }
            for (c, e) in extent { columns[c].append(e.1 - e.0) }
        }
        guard crossings * 5 <= rows.count else { return nil }
        let prose = columns.indices.filter { c in
            let sorted = columns[c].sorted()
            guard !sorted.isEmpty else { return false }
            return sorted[sorted.count / 2] > pageWidth * 0.28 || wordCounts[c] > sorted.count * 6
        }
        if prose.count >= 2 { return nil }
        // Every column holds something in at least half of the rows, or it is stray text.
        for c in columns.indices where columns[c].count * 2 < rows.count { return nil }
        // A column of bullets or numbers before text is a list (LibreOffice sets a list's markers
        // apart from their items), not a table.
        let markers = rows.compactMap { row in row.filter { probe.column(of: $0.midX) == 0 } }
        if markers.allSatisfy({ $0.count == 1 && isMarker($0[0].text) }) { return nil }
        let gridRows = rows.map { TableGrid.Row(words: $0, top: $0.map(\.y0).min()!, bottom: $0.map(\.y1).max()!) }
        let grid = TableGrid(rows: gridRows, boundaries: boundaries, left: left, right: right)
        let cells = grid.cells(joinsAcross: { r, k in Self.spans(gridRows[r].words, boundaries[k]) }, joinsDown: { _, _ in false })
        return PageTable(x0: left, y0: gridRows.first!.top, x1: right, y1: gridRows.last!.bottom, rows: cells)
    }

    /// Words set as one phrase (spaced less than a third of their height) that run across the
    /// boundary by more than a few points on each side: a cell spanning the two columns.
    public static func spans(_ words: [PageWord], _ x: Double) -> Bool {
        var phrase: (x0: Double, x1: Double)?
        for w in words.sorted(by: { $0.x0 < $1.x0 }) {
            if let p = phrase, w.x0 - p.x1 < w.height * 0.35 { phrase = (p.x0, w.x1) } else { phrase = (w.x0, w.x1) }
            if let p = phrase, p.x0 < x - 3 && p.x1 > x + 3 { return true }
        }
        return false
    }

    /// A bullet, or an enumerator: up to three digits, letters or roman numerals, then `.` or `)`.
    public static func isMarker(_ text: String) -> Bool {
        if text.count == 1, let c = text.first, !c.isLetter && !c.isNumber { return true }
        guard let last = text.last, last == "." || last == ")", text.count <= 4 else { return false }
        return text.dropLast().allSatisfy { $0.isNumber || $0.isLetter }
    }
}
