import IngestCore

/// Tables a tagged PDF names in its structure tree (TABLE → rows → TH/TD): the author's own rows
/// and cells, where the geometric finder (`TableBlocks.find`) can only guess them from glyph
/// positions and rules. A page's tagged tables replace the geometric ones over the same words;
/// the geometric finder stays for untagged PDFs, for tables the tree does not name, and for any
/// tagged table that cannot be trusted: a malformed tree (no rows, a cell outside a row), or
/// cells whose text is not what the page shows there (a word of the page would be lost with the
/// lines the table takes out of the paragraphs).
///
/// Spans are read from where the cells' words are (poppler-glib 22.12 does not give a cell's
/// RowSpan/ColSpan, see `PopplerStructureNode`): a cell starts at the column its first word is
/// in and covers the columns up to its last word's; a slot no cell of its row takes is covered
/// by a cell above.
enum TaggedTables {
    /// `found` (the geometric tables of `page`) with the page's tagged tables in place of those
    /// they overlap. `lines` are the page's lines, of which `TableBlocks.separate` takes out
    /// every one whose middle is in a table's box.
    static func replacing(_ found: [PageTable], on page: PopplerPageRef, lines: [TextLine]) -> [PageTable] {
        let named = page.document.taggedTables.filter { $0.pages.contains(page.index) }
        guard !named.isEmpty else { return found }
        let words = page.words()
        var tagged: [PageTable] = []
        for table in named {
            let node = table.read(page: page.index)
            guard let cells = rows(node, page: page.index) else { continue }
            // A header repeated on the page belongs to the table (`TableBlocks.joiningContinued`
            // drops it when it joins the table with its beginning); without it when not repeated.
            let header = repeatedHeader(node, page: page.index)
            for candidate in header.isEmpty ? [cells] : [header + cells, cells] {
                if let placed = place(candidate, words: words), shows(placed, lines: lines) { tagged.append(placed); break }
            }
        }
        guard !tagged.isEmpty else { return found }
        let kept = found.filter { geometric in !tagged.contains { overlap($0, geometric) } }
        return (kept + tagged).sorted { $0.y0 < $1.y0 }
    }

    // MARK: - Rows from the structure

    /// The texts of the cells of each row of `table` on 0-based `page`; nil when the tree is
    /// malformed (a cell outside a row, a row without cells, no row) or nothing is on that page.
    static func rows(_ table: PopplerStructureNode, page: Int) -> [[String]]? {
        guard let all = allRows(table) else { return nil }
        let out = all.filter { $0.page == page }.map(\.cells)
        return out.isEmpty ? nil : out
    }

    /// The table's header rows (its first rows made of TH cells only) when the table began on an
    /// earlier page than `page`: a page a table goes on to may repeat them (LibreOffice and Word
    /// do, outside the structure tree).
    static func repeatedHeader(_ table: PopplerStructureNode, page: Int) -> [[String]] {
        guard let all = allRows(table), let first = all.first?.page, first < page else { return [] }
        return all.prefix { $0.heading }.map(\.cells)
    }

    private static func allRows(_ table: PopplerStructureNode) -> [(cells: [String], page: Int?, heading: Bool)]? {
        guard table.kind == .table else { return nil }
        var rows: [PopplerStructureNode] = []
        for child in table.children {
            switch child.kind {
            case .row: rows.append(child)
            case .rowGroup:
                for row in child.children {
                    if row.kind == .row { rows.append(row) } else if !isEmpty(row) { return nil }
                }
            case .heading, .data: return nil
            case .table, .other: continue
            }
        }
        guard !rows.isEmpty else { return nil }
        var out: [(cells: [String], page: Int?, heading: Bool)] = []
        for row in rows {
            var cells: [PopplerStructureNode] = []
            for child in row.children {
                switch child.kind {
                case .heading, .data: cells.append(child)
                default: if !isEmpty(child) { return nil }
                }
            }
            guard !cells.isEmpty else { return nil }
            out.append((cells.map { text($0.text ?? "") }, cells.lazy.compactMap(\.page).first ?? row.page,
                        cells.allSatisfy { $0.kind == .heading }))
        }
        return out
    }

    /// A cell's text as one line (the paragraphs of a cell joined by a space, as the geometric
    /// finder joins a cell's lines).
    static func text(_ raw: String) -> String {
        raw.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private static func isEmpty(_ node: PopplerStructureNode) -> Bool {
        node.children.isEmpty && (node.text ?? "").allSatisfy(\.isWhitespace)
    }

    // MARK: - Where the table is on the page

    /// The table on the page: its box (the run of the page's words, in poppler's order, richest
    /// in the table's words) and its rows laid out on its columns. nil when a cell's words are
    /// not among the page's there, or a cell falls outside the table's columns.
    static func place(_ rows: [[String]], words: [PageWord]) -> PageTable? {
        let tokens = Set(rows.joined().flatMap { $0.split(separator: " ").map(String.init) })
        guard !tokens.isEmpty else { return nil }
        // Kadane's best run: +1 for a word of the table, -1 for any other.
        var best = (score: 0, start: 0, end: -1), score = 0, start = 0
        for (i, word) in words.enumerated() {
            if score <= 0 { score = 0; start = i }
            score += tokens.contains(word.text) ? 1 : -1
            if score > best.score { best = (score, start, i) }
        }
        guard best.end >= best.start else { return nil }
        // The run's words top to bottom, each line left to right: the cells, taken in the tree's
        // order, take the first unused word of each of their words.
        let pool = WordLines.group(words[best.start...best.end].filter { tokens.contains($0.text) }).flatMap { $0 }
        var used = [Bool](repeating: false, count: pool.count)
        var boxes: [[(x0: Double, x1: Double)?]] = []
        for row in rows {
            var line: [(x0: Double, x1: Double)?] = []
            for cell in row {
                var box: (x0: Double, x1: Double)?
                for token in cell.split(separator: " ") {
                    guard let k = pool.indices.first(where: { !used[$0] && pool[$0].text == token }) else { return nil }
                    used[k] = true
                    box = (min(box?.x0 ?? .infinity, pool[k].x0), max(box?.x1 ?? -.infinity, pool[k].x1))
                }
                line.append(box)
            }
            boxes.append(line)
        }
        guard let grid = layOut(rows, boxes) else { return nil }
        let placed = pool.indices.filter { used[$0] }.map { pool[$0] }
        guard !placed.isEmpty else { return nil }
        return PageTable(x0: placed.map(\.x0).min()!, y0: placed.map(\.y0).min()!, x1: placed.map(\.x1).max()!,
                         y1: placed.map(\.y1).max()!, rows: grid)
    }

    /// The rows on the table's columns: as many as the fullest row has cells, each column's
    /// extent taken from the fullest rows' cells. A column's cell starts at or left of its
    /// leftmost word, so a cell that begins before that word belongs to a column on the left
    /// (a spanning header centred over two columns, a number set right).
    static func layOut(_ rows: [[String]], _ boxes: [[(x0: Double, x1: Double)?]]) -> [[TableCell]]? {
        let width = rows.map(\.count).max() ?? 0
        var extents = [(x0: Double, x1: Double)?](repeating: nil, count: width)
        for line in boxes where line.count == width {
            for (c, box) in line.enumerated() {
                guard let box else { continue }
                extents[c] = (min(extents[c]?.x0 ?? .infinity, box.x0), max(extents[c]?.x1 ?? -.infinity, box.x1))
            }
        }
        var boundaries: [Double] = []
        for c in 0..<max(0, width - 1) {
            guard let left = extents[c], let right = extents[c + 1], left.x1 < right.x0 else { return nil }
            boundaries.append(right.x0)
        }
        func column(_ x: Double) -> Int { boundaries.firstIndex { x < $0 } ?? boundaries.count }
        var grid: [[TableCell]] = []
        for (row, line) in zip(rows, boxes) {
            var slots = [TableCell](repeating: TableCell(text: ""), count: width)
            var next = 0
            for (text, box) in zip(row, line) {
                var first = max(next, box.map { column($0.x0 + 0.5) } ?? next)
                let last = max(first, box.map { column($0.x1 - 0.5) } ?? first)
                // Slots skipped are covered by a cell above, unless there is no row above or the
                // cell is centred over them and its own columns (a header spanning columns).
                if first > next, let box, grid.isEmpty || centred(box, extents[next]?.x0, last + 1 < width ? extents[last + 1]?.x0 : extents[last]?.x1) {
                    first = next
                }
                guard first < width else { return nil }
                slots[first] = TableCell(text: text)
                next = last + 1
            }
            grid.append(slots)
        }
        return grid
    }

    /// Whether `box` is centred between `left` (where a column's words start) and `right` (where
    /// the next column's start, or the last column's words end).
    private static func centred(_ box: (x0: Double, x1: Double), _ left: Double?, _ right: Double?) -> Bool {
        guard let left, let right, right > left else { return false }
        return abs((box.x0 + box.x1) / 2 - (left + right) / 2) <= (right - left) * 0.05 + 1
    }

    /// Whether the page's lines in the table's box are made of its cells' characters only (else
    /// a word of the page would be lost with them) and show nearly all of them (else the tree's
    /// text is not what the page shows).
    static func shows(_ table: PageTable, lines: [TextLine]) -> Bool {
        var left = characters(table.rows.joined().map(\.text))
        let total = left.values.reduce(0, +)
        var shown = 0
        for line in lines where line.origin == .content && line.hasGeometry && table.contains((line.x0 + line.x1) / 2, (line.y0 + line.y1) / 2) {
            for ch in line.text where !ch.isWhitespace {
                guard let n = left[ch], n > 0 else { return false }
                left[ch] = n - 1
                shown += 1
            }
        }
        return shown * 10 >= total * 9
    }

    /// How many times each character other than white space occurs in `texts`.
    static func characters(_ texts: [String]) -> [Character: Int] {
        var counts: [Character: Int] = [:]
        for text in texts { for ch in text where !ch.isWhitespace { counts[ch, default: 0] += 1 } }
        return counts
    }

    private static func overlap(_ a: PageTable, _ b: PageTable) -> Bool {
        min(a.x1, b.x1) > max(a.x0, b.x0) && min(a.y1, b.y1) > max(a.y0, b.y0)
    }
}
