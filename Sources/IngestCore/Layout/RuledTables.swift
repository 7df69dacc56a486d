/// Tables drawn with rules: a group of rules that meet (or horizontal rules of one width stacked,
/// as `\hline` or booktabs draw them). Rows come from the horizontal rules — and, in a band that
/// holds several rows between two rules, from its text lines; columns from the vertical rules, or
/// from the gutters between the words when there are none. A cell spans columns where the
/// vertical rule is missing in its row, rows where a partial rule (`\cline`) leaves its column open.
/// Rules and words in points, y downwards: a PDF page's (IngestPDF) or a scanned page's (IngestOCR).
public enum RuledTables {
    static let tolerance = 3.0

    public static func find(words: [PageWord], horizontal: [PageRule], vertical: [PageRule]) -> [PageTable] {
        guard horizontal.count >= 2 else { return [] }
        let hs = horizontal.sorted { $0.position < $1.position }
        // Union-find over rules: horizontal ones 0..<hs.count, vertical ones after.
        var parent = Array(0..<(hs.count + vertical.count))
        func root(_ i: Int) -> Int { var i = i; while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }; return i }
        func unite(_ a: Int, _ b: Int) { parent[root(a)] = root(b) }
        var meetsVertical = [Bool](repeating: false, count: hs.count)
        for (i, h) in hs.enumerated() {
            for (j, v) in vertical.enumerated()
            where v.position >= h.lower - tolerance && v.position <= h.upper + tolerance
                && h.position >= v.lower - tolerance && h.position <= v.upper + tolerance {
                unite(i, hs.count + j)
                meetsVertical[i] = true
            }
        }
        // Stacked rules of one width that meet no vertical rule, not too far apart: one table's top,
        // middle and bottom (`\hline` or booktabs). Rules that meet vertical ones are grouped by them
        // alone: two ruled tables of one width, one under the other, stay two.
        // Further apart, the next such rule below is the same table's when the lines between are
        // a table's body (`bodyBetween`): a long booktabs table (scrguide-en p. 104, Table 3.15,
        // its body 381 pt high, came out a paragraph per column).
        let alone = hs.indices.filter { !meetsVertical[$0] }
        for (n, i) in alone.enumerated() {
            var next = true
            for k in alone[(n + 1)...] {
                let (h, o) = (hs[i], hs[k])
                guard abs(o.lower - h.lower) <= tolerance && abs(o.upper - h.upper) <= tolerance else { continue }
                if o.position - h.position <= 320 || (next && bodyBetween(h, o, words)) { unite(i, k) }
                next = false
            }
        }
        var groups: [Int: (h: [PageRule], v: [PageRule])] = [:]
        for (i, h) in hs.enumerated() { groups[root(i), default: ([], [])].h.append(h) }
        for (j, v) in vertical.enumerated() { groups[root(hs.count + j), default: ([], [])].v.append(v) }
        // Top, then left: `groups` is a dictionary, whose order changes with every process's hash
        // seed, so tables side by side at one height (a reference card's columns) need the tie broken.
        return groups.values.compactMap { table($0.h, $0.v, words) }.sorted { ($0.y0, $0.x0) < ($1.y0, $1.x0) }
    }

    /// Whether the lines between two rules of one width (words within their extent) are a table's
    /// body: columns found between the lines cut into cells (`Gutters`) that no line of one
    /// piece crosses (a sentence between two tables, their rules of one width), no other two of.
    static func bodyBetween(_ upper: PageRule, _ lower: PageRule, _ words: [PageWord]) -> Bool {
        let inside = words.filter { $0.midX > upper.lower && $0.midX < upper.upper && $0.midY > upper.position && $0.midY < lower.position }
        let lines = WordLines.group(inside)
        let cut = lines.map { WordLines.segments($0).count >= 2 }
        guard cut.filter({ $0 }).count >= 2 else { return false }
        let boundaries = Gutters.boundaries(zip(lines, cut).filter(\.1).map(\.0), left: upper.lower, right: upper.upper)
        guard !boundaries.isEmpty else { return false }
        return zip(lines, cut).allSatisfy { line, cut in
            let (x0, x1) = (line.first!.x0, line.lazy.map(\.x1).max()!)
            return cut ? boundaries.filter { x in line.contains { $0.x0 < x && $0.x1 > x } }.count < 2 : !boundaries.contains { x0 < $0 && x1 > $0 }
        }
    }

    /// Positions within `tolerance` taken as one, with the rules at each.
    static func merged(_ rules: [PageRule]) -> [(position: Double, rules: [PageRule])] {
        var out: [(position: Double, rules: [PageRule])] = []
        for r in rules.sorted(by: { $0.position < $1.position }) {
            if let last = out.last, r.position - last.position <= tolerance { out[out.count - 1].rules.append(r) }
            else { out.append((r.position, [r])) }
        }
        return out
    }

    static func covers(_ rules: [PageRule], _ t: Double) -> Bool {
        rules.contains { t >= $0.lower - tolerance && t <= $0.upper + tolerance }
    }

    private static func table(_ h: [PageRule], _ v: [PageRule], _ all: [PageWord]) -> PageTable? {
        let ys = merged(h)
        guard ys.count >= 2 else { return nil }
        let left = min(h.map(\.lower).min()!, v.map(\.position).min() ?? .infinity)
        let right = max(h.map(\.upper).max()!, v.map(\.position).max() ?? -.infinity)
        let top = ys.first!.position, bottom = ys.last!.position
        guard right - left >= 20, bottom - top >= 8 else { return nil }
        let inside = all.filter { $0.midX > left && $0.midX < right && $0.midY > top && $0.midY < bottom }
        guard !inside.isEmpty else { return nil }
        // A line of text that runs on across the rules' edge is not in a table: two framed notes
        // (dblatex's Note and Tip, drawn with rules above and below) and the paragraph between
        // them made one table, and the paragraph's words left of the rules were lost
        // (debian-reference.en.pdf p. 113: `The modinfo(8) program…` read `modinfo(8) program…`).
        for o in all where (o.midX <= left || o.midX >= right) && o.midY > top && o.midY < bottom {
            // (A word space apart, not a gutter: a table in one column of two stays a table.)
            let h = max(o.height, 1)
            if inside.contains(where: { abs($0.midY - o.midY) < 0.5 * h && ($0.x0 - o.x1 < 0.6 * h && o.x0 - $0.x1 < 0.6 * h) }) { return nil }
        }
        let xs = merged(v).filter { $0.position > left + tolerance && $0.position < right - tolerance }
        // Bands between horizontal rules, and the text lines in each.
        var bands: [(top: Double, bottom: Double, lines: [[PageWord]])] = []
        for k in 1..<ys.count {
            let a = ys[k - 1].position, b = ys[k].position
            let lines = WordLines.group(inside.filter { $0.midY > a && $0.midY < b })
            bands.append((a, b, lines))
        }
        let textBands = bands.filter { !$0.lines.isEmpty }
        guard !textBands.isEmpty else { return nil }
        var boundaries = xs.map(\.position)
        if v.isEmpty {
            // Horizontal rules alone (top, under the header, bottom): three at least, and no line
            // across two columns' gutters (a sentence between two tables whose header rules line up).
            guard ys.count >= 3 else { return nil }
            boundaries = Gutters.boundaries(textBands.flatMap(\.lines), left: left, right: right)
            for line in textBands.flatMap(\.lines) {
                let crossed = boundaries.filter { x in line.contains { $0.x0 < x && $0.x1 > x } }
                if crossed.count >= 2 { return nil }
            }
        }
        // Rules between every row (three bands of text or more): a band of several lines is one row of
        // wrapped cells — unless each of its lines, three or more, has words in two columns or more.
        // Otherwise (`\hline` or booktabs: a header band and a body band) a band holds rows: a line
        // with words in two columns or more starts one.
        let probeColumns = TableGrid(rows: [], boundaries: boundaries, left: left, right: right)
        func filled(_ line: [PageWord]) -> Int { Set(line.map { probeColumns.column(of: $0.midX) }).count }
        func holdsRows(_ lines: [[PageWord]]) -> Bool {
            textBands.count < 3 || (lines.count >= 3 && lines.allSatisfy { filled($0) >= 2 })
        }
        let probe = TableGrid(rows: [], boundaries: boundaries, left: left, right: right)
        var rows: [TableGrid.Row] = []
        var bandOf: [Int] = []
        for (b, band) in bands.enumerated() where !band.lines.isEmpty {
            var current: [PageWord] = []
            for line in band.lines {
                let columns = Set(line.map { probe.column(of: $0.midX) })
                if !current.isEmpty && holdsRows(band.lines) && columns.count >= 2 {
                    rows.append(TableGrid.Row(words: current, top: current.map(\.y0).min()!, bottom: current.map(\.y1).max()!))
                    bandOf.append(b)
                    current = []
                }
                current += line
            }
            rows.append(TableGrid.Row(words: current, top: current.map(\.y0).min()!, bottom: current.map(\.y1).max()!))
            bandOf.append(b)
        }
        guard rows.count >= 2 || boundaries.count >= 1 else { return nil }
        let grid = TableGrid(rows: rows, boundaries: boundaries, left: left, right: right)
        let cells = grid.cells(joinsAcross: { r, k in
            let x = boundaries[k]
            if !xs.isEmpty, let at = xs.first(where: { abs($0.position - x) <= tolerance }) {
                return !covers(at.rules, (rows[r].top + rows[r].bottom) / 2)
            }
            return rows[r].words.contains { $0.x0 < x - 1 && $0.x1 > x + 1 }
        }, joinsDown: { r, c in
            // Only between two bands, where a rule runs but not over this column.
            guard bandOf[r] != bandOf[r - 1] else { return false }
            let rule = ys[bandOf[r]]
            return !covers(rule.rules, grid.columnMiddle(c))
        })
        return PageTable(x0: left, y0: top, x1: right, y1: bottom, rows: cells)
    }
}
