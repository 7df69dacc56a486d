import IngestCore

/// Tables typed in a monospaced font and aligned with spaces: a manual's verbatim text laid out
/// in columns (gnuplot.pdf p. 171, `set mouse mouseformat`'s formats: `0   default (same as 1)`,
/// `3   x = timefmt     y = axis           [(as set by ...), 2.45]`). Poppler cuts such a row where
/// its spaces are wide and gives each piece a line of its own, so the text layer reads each cell
/// as a paragraph; `AlignedColumns` does not take them (most rows have a cell spanning columns,
/// and a monospaced word space is as wide as its gutters).
///
/// On a character grid a run of two spaces or more is deliberate: rows are cut there into cells,
/// a single space joins the words of a cell. A column starts where cells of two rows or more
/// start; a cell belongs to the column that starts at or before it and spans to the column of the
/// row's next cell. The first column holds each row's key (a number, a name): its cell ends where
/// the second column starts even when the key fills it up to a single space
/// (`21,22,23 ... hot`, p. 183, beside `7,5,15   ... traditional pm3d`).
///
/// Taken only where the text layer cuts a row (`cutRows`): a listing whose lines poppler keeps
/// whole reads as lines of text, and stays so.
enum MonospacedTables {
    /// Rows of a table.
    static let minimumRows = 3
    /// Widest gap, in advances, that joins two words of one cell (a single space).
    static let cellSpace = 1.5

    /// The tables among `lines` (`WordLines.group`) of which the text layer cuts a row (`cutRows`).
    static func find(lines: [[PageWord]], cutRows: [(y: Double, x: Double)]) -> [PageTable] {
        guard !cutRows.isEmpty else { return [] }
        var tables: [PageTable] = []
        var start = 0, end = 0, advance = 0.0
        func close() {
            if end - start >= minimumRows, let table = table(lines[start..<end], advance: advance, cutRows: cutRows,
                                                            around: (start > 0 ? lines[start - 1] : nil, end < lines.count ? lines[end] : nil)) {
                tables.append(table)
            }
            start = end
        }
        for (i, line) in lines.enumerated() {
            guard let a = Self.advance(line) else { close(); start = i + 1; end = i + 1; continue }
            if end > start {
                let last = lines[end - 1]
                let h = max(last.lazy.map(\.height).max()!, line.lazy.map(\.height).max()!)
                let gap = line.lazy.map(\.y0).min()! - last.lazy.map(\.y1).max()!
                // One font, one left edge, the next line down.
                if abs(a - advance) > advance * 0.02 || abs(line[0].x0 - lines[start][0].x0) > advance * 0.2 || gap > h * 1.5 { close() }
            }
            if end == start { advance = a }
            end = i + 1
        }
        close()
        return tables
    }

    /// Where the text layer cuts a row: the middle of each text line's band that it shares with
    /// another, and the x between the two, sorted by y; empty on most pages. (Lines of two text
    /// columns share their bands too: the x, between the columns, is outside a table of either.)
    static func cutRows(_ lines: [TextLine]) -> [(y: Double, x: Double)] {
        let placed = lines.filter { $0.hasGeometry && $0.origin == .content && $0.y1 > $0.y0 }.sorted { $0.y0 < $1.y0 }
        var out: [(y: Double, x: Double)] = []
        for (a, b) in zip(placed, placed.dropFirst()) where abs(a.y0 - b.y0) < 1 && abs(a.y1 - b.y1) < 1 {
            let (first, second) = a.x0 <= b.x0 ? (a, b) : (b, a)
            out.append(((a.y0 + a.y1) / 2, (first.x1 + second.x0) / 2))
        }
        return out
    }

    /// The advance of a line's characters when every word is as wide as its characters at one
    /// advance (that of its first word of two characters or more) and starts on their grid; nil
    /// for a line set in a proportional font (told at its first words, most often) or of one word.
    static func advance(_ line: [PageWord]) -> Double? {
        guard line.count >= 2, let first = line.first(where: { characters($0.text) >= 2 }) else { return nil }
        let a = (first.x1 - first.x0) / Double(characters(first.text))
        guard a > 0 else { return nil }
        let origin = line[0].x0
        for (k, w) in line.enumerated() {
            let n = Double(characters(w.text))
            guard abs(w.x1 - w.x0 - n * a) <= max(0.5, n * a * 0.03) else { return nil }
            let cell = (w.x0 - origin) / a
            guard abs(cell - cell.rounded()) <= 0.2 else { return nil }
            if k > 0, w.x0 - line[k - 1].x1 < a * 0.8 { return nil }
        }
        return a
    }

    /// How many characters (scalars) `text` holds: its UTF-8 bytes that open one.
    @inline(__always) static func characters(_ text: String) -> Int {
        var n = 0
        for b in text.utf8 where b & 0xC0 != 0x80 { n += 1 }
        return n
    }

    /// A row's cells as its words from each cell's first: cut at gaps of two spaces or more.
    static func cells(_ line: [PageWord], advance: Double) -> [[PageWord]] {
        var out: [[PageWord]] = []
        for w in line {
            if let last = out.last?.last, w.x0 - last.x1 < advance * cellSpace { out[out.count - 1].append(w) } else { out.append([w]) }
        }
        return out
    }

    private static func table(_ run: ArraySlice<[PageWord]>, advance a: Double, cutRows: [(y: Double, x: Double)],
                              around: (above: [PageWord]?, below: [PageWord]?)) -> PageTable? {
        let run = Array(run)
        let tops = run.map { $0.lazy.map(\.y0).min()! }, bottoms = run.map { $0.lazy.map(\.y1).max()! }
        let left = run[0][0].x0, right = run.lazy.map { $0.last!.x1 }.max()!
        // The text layer cuts one of its rows at least, inside the table.
        guard run.indices.contains(where: { r in cutRows.contains { $0.y >= tops[r] && $0.y <= bottoms[r] && $0.x > left && $0.x < right } }) else { return nil }
        func column(_ w: PageWord) -> Int { Int(((w.x0 - left) / a).rounded()) }
        var rows = run.map { cells($0, advance: a) }
        // Columns: where the cells of two rows or more start.
        var starts: [Int: Int] = [:]
        for row in rows { for cell in row.dropFirst() { starts[column(cell[0]), default: 0] += 1 } }
        let columns = [0] + starts.filter { $0.value >= 2 }.keys.sorted()
        guard columns.count >= 2 else { return nil }
        // Every cell starts at a column, or one character past it (gnuplot's `1.23, 2.45`): cells
        // right-aligned (a command's figures) or set anywhere are not a table's.
        guard rows.allSatisfy({ $0.allSatisfy { cell in columns.contains { (0...1).contains(column(cell[0]) - $0) } } }) else { return nil }
        // A cell filling its column up to a single space ends where the next column starts
        // (`21,22,23 ...`); not one already spanning columns (`format from ‘set mouse mouseformat`).
        for r in rows.indices {
            var split: [[PageWord]] = []
            for cell in rows[r] {
                var rest = cell[...]
                while let c = columns.lastIndex(where: { $0 <= column(rest.first!) }), c + 1 < columns.count,
                      let k = rest.indices.dropFirst().first(where: { column(rest[$0]) >= columns[c + 1] }),
                      column(rest[k]) == columns[c + 1], column(rest[k - 1]) < columns[c + 1] {
                    split.append(Array(rest[..<k]))
                    rest = rest[k...]
                }
                split.append(Array(rest))
            }
            rows[r] = split
        }
        guard rows.allSatisfy({ $0.count >= 2 }) else { return nil }
        // Lines of code with their comments aligned (`plot f(x) dt 3   # use terminal-specific...`).
        if rows.contains(where: { $0.dropFirst().contains { Self.isComment($0) } }) || rows.contains(where: { Self.isComment($0[0]) }) { return nil }
        // A drawing in characters (the dumb terminal's plot): most words hold no letter or figure.
        let words = run.joined()
        if words.filter({ !$0.text.unicodeScalars.contains { $0.properties.isAlphabetic || ("0"..."9").contains($0) } }).count * 2 > words.count { return nil }
        // A piece of a wider table or listing: a line right above or below, one row's pitch away,
        // with a word over the table's width (the tt cells of scrguide's Table 3.15 beside its
        // others; a numbered listing's line `2` alone above lines `3`-`5`, maint-guide p. 29; a
        // command's output under its prompt `lvm> lvscan`, debian-reference p. 198). Text before
        // a verbatim table is set further off (gnuplot's, a paragraph's skip above).
        let pitch = run.count > 1 ? (tops[tops.count - 1] - tops[0]) / Double(run.count - 1) : 0
        for (line, distance) in [(around.above, { (w: PageWord) in tops[0] - w.y0 }), (around.below, { (w: PageWord) in w.y0 - tops[tops.count - 1] })] {
            if let line, line.contains(where: { w in abs(distance(w) - pitch) <= pitch * 0.1 && w.x0 < right && w.x1 > left }) { return nil }
        }
        let boundaries = columns.dropFirst().map { left + (Double($0) - 0.5) * a }
        let gridRows = run.indices.map { TableGrid.Row(words: run[$0], top: tops[$0], bottom: bottoms[$0]) }
        let grid = TableGrid(rows: gridRows, boundaries: boundaries, left: left, right: right)
        // Each cell spans from its column to that of the row's next cell (its words end two
        // spaces, or one, before the next cell: their middles fall in its columns).
        let opening = rows.map { Set($0.map { grid.column(of: $0[0].x0) }) }
        let slots = grid.cells(joinsAcross: { r, k in !opening[r].contains(k + 1) }, joinsDown: { _, _ in false })
        return PageTable(x0: left, y0: tops[0], x1: right, y1: bottoms[bottoms.count - 1], rows: slots)
    }

    /// A comment of a code line: `#`, `%` or `//` alone or before a space.
    static func isComment(_ cell: [PageWord]) -> Bool { isComment(cell[0].text) }

    /// The same of a cell's text (or its first word's).
    static func isComment(_ text: String) -> Bool {
        ["#", "%", "//"].contains { text == $0 || text.hasPrefix($0 + " ") }
    }
}
