import IngestCore

/// Tables of a page as blocks: found on the page, their lines taken out of the page's text, each
/// table placed where its first line was in reading order, and a table that goes on over a page
/// break joined with its continuation.
enum TableBlocks {
    /// The page's tables: ruled ones first, then aligned columns among the words left. Only pages
    /// with two text lines cut by gaps wider than a space are looked at, and the page is rendered
    /// (for its rules) only when its text hints at a ruled table (TableHint): rendering costs
    /// about as much as reading the page's text again.
    /// Cells are made of the page's words with their scripts written (`scriptedWords`: `10⁻¹`,
    /// not `10− 1`), read once the plain words pass the look above.
    /// `drawing` forces what the rule finder draws (tests compare the two); by default the paths
    /// alone, with the rules of the glyphs that draw one (`GlyphRules.rules`: box-drawing
    /// characters, runs of underscores or em dashes) read from their boxes, not rendered.
    /// `textLines`, the page's (`PDFExtractor.read`): where they cut a row, a table typed in a
    /// monospaced font is looked for (`MonospacedTables`; none without them).
    /// A word cut at a cell line's end because the column was too narrow for it is read whole
    /// (`CutWords`: told by the space characters the page draws).
    static func find(on page: PopplerPageRef, drawing: PageRules.Drawing? = nil, textLines: [TextLine] = []) -> [PageTable] {
        let plain = page.words().compactMap(visible)
        guard plain.count >= 4 else { return [] }
        let plainLines = WordLines.group(plain)
        guard plainLines.lazy.filter({ WordLines.segments($0).count >= 2 }).prefix(2).count >= 2 else { return [] }
        let all = page.scriptedWords()
        let words = all.compactMap(visible)
        guard words.count >= 4 else { return [] }
        // (Most pages write no script: their words are the plain ones, already grouped.)
        let lines = words == plain ? plainLines : WordLines.group(words)
        guard lines.lazy.filter({ WordLines.segments($0).count >= 2 }).prefix(2).count >= 2 else { return [] }
        var ruled: [PageTable] = []
        if TableHint.mayHoldRuledTable(lines, pageWidth: page.size.width) {
            var rules = PageRules.drawnRules(on: page, from: 0, to: page.size.height, drawing: drawing ?? .paths)
            // The rules glyphs draw, read from their boxes where the paths alone were drawn.
            if drawing == nil, rules.drawn == .paths, GlyphRules.mayDrawRule(lines) {
                let drawnByGlyphs = GlyphRules.rules(page.ruleGlyphs())
                rules.horizontal += drawnByGlyphs.horizontal
                rules.vertical += drawnByGlyphs.vertical
            }
            ruled = RuledTables.find(words: words, horizontal: rules.horizontal, vertical: rules.vertical).map {
                framedColumns($0, words: words) ?? $0
            }
        }
        let rest = words.filter { w in !ruled.contains { $0.contains(w.midX, w.midY) } }
        // Rules that are no table's (a fraction bar, an underline) keep aligned text from being one.
        let unnamed = words.count == all.count ? [] : all.filter { !$0.text.unicodeScalars.contains { !isControl($0) } }
        // (No ruled table: the words left are the page's, their lines those grouped above.)
        let aligned = AlignedColumns.find(lines: ruled.isEmpty ? lines : WordLines.group(rest), pageWidth: page.size.width).filter { table in
            let inside = rest.filter { table.contains($0.midX, $0.midY) }
            return rowsApart(inside) >= AlignedColumns.minimumRows && !unnamed.contains { standsInGutter($0, of: inside) }
                && !isCommentedCode(table, words: inside)
        }
        var tables = ruled + aligned
        let cutRows = MonospacedTables.cutRows(textLines)
        if !cutRows.isEmpty {
            let left = aligned.isEmpty ? rest : rest.filter { w in !aligned.contains { $0.contains(w.midX, w.midY) } }
            tables += MonospacedTables.find(lines: ruled.isEmpty && aligned.isEmpty ? lines : WordLines.group(left), cutRows: cutRows)
        }
        // Words a narrow column cut at a line's end, read whole (`CutWords`).
        tables = CutWords.joining(tables, words: words, spaces: page.spaceGlyphs)
        return tables.sorted { $0.y0 < $1.y0 }
    }

    /// A table ruled only around (and under its header), its columns aligned inside with no rule
    /// between them (gnuplot.pdf's `{|ccl|}` tables: Math library functions, p. 37-39; the
    /// operators, p. 42-43; the time formats, p. 151-153): `RuledTables` makes it one column, its
    /// body one cell holding every row. Its rows and columns are then those of the aligned
    /// columns inside the frame, when they take in every word of it; nil otherwise.
    static func framedColumns(_ table: PageTable, words: [PageWord]) -> PageTable? {
        guard table.rows.allSatisfy({ $0.count == 1 }), table.rows.contains(where: { $0[0].text.contains(" ") }) else { return nil }
        let inside = words.filter { table.contains($0.midX, $0.midY) }
        let lines = WordLines.group(inside)
        // Its header is cut into cells (`Function   Arguments   Returns`), as its rows are.
        guard let header = lines.first, WordLines.segments(header).count >= 2 else { return nil }
        // (Inside a frame two columns across it are a table's: the frame's width stands for the page's.)
        let found = AlignedColumns.find(lines: lines, pageWidth: (table.x1 - table.x0) * 2)
        guard found.count == 1, let aligned = found.first, inside.allSatisfy({ aligned.contains($0.midX, $0.midY) }) else { return nil }
        // The rules' rows are kept: each is some aligned rows whole (a label row between two rules,
        // `Line Editing` on p. 32, taken by the aligned row above as a wrapped cell's line, is not).
        var next = 0
        for row in table.rows {
            var left = tokens(row[0].text)
            while !left.isEmpty {
                guard next < aligned.rows.count else { return nil }
                for word in aligned.rows[next].flatMap({ tokens($0.text) }) {
                    guard let k = left.firstIndex(of: word) else { return nil }
                    left.remove(at: k)
                }
                next += 1
            }
        }
        guard next == aligned.rows.count else { return nil }
        return PageTable(x0: table.x0, y0: table.y0, x1: table.x1, y1: table.y1, rows: aligned.rows)
    }

    /// Lines of code with their comments aligned, set in a monospaced font (gnuplot.pdf p. 247:
    /// `set terminal cgm width 432          # default`): a listing, no table. A cell after a
    /// row's first opens with a comment (`MonospacedTables.isComment`), most lines are monospaced.
    static func isCommentedCode(_ table: PageTable, words: [PageWord]) -> Bool {
        guard table.rows.contains(where: { $0.dropFirst().contains { MonospacedTables.isComment($0.text) } }) else { return false }
        let lines = WordLines.group(words)
        return lines.filter(WordLines.monospaced).count * 2 > lines.count
    }

    private static func tokens(_ text: String) -> [Substring] { text.split(whereSeparator: \.isWhitespace) }

    /// `word` without the control characters poppler writes for glyphs it has no code for (a big
    /// delimiter of the math extension font, `\bigl(` or `\left(`: U+0001...): nil when nothing
    /// else is left. They are no text of the page, and would make rows and cells of their own.
    static func visible(_ word: PageWord) -> PageWord? {
        guard word.text.unicodeScalars.contains(where: isControl) else { return word }
        var kept = word
        kept.text = String(String.UnicodeScalarView(word.text.unicodeScalars.filter { !isControl($0) }))
        return kept.text.isEmpty ? nil : kept
    }

    static func isControl(_ u: Unicode.Scalar) -> Bool { u.value < 0x20 || (0x7F...0x9F).contains(u.value) }

    /// Whether `glyph` (one poppler gives no code for: a big delimiter) stands in a gap between
    /// two cells of a line of `words` next to it: then the gap is where a formula's delimiter is
    /// drawn (poppler sets its box lower than the line), and the "columns" are that formula's pieces.
    static func standsInGutter(_ glyph: PageWord, of words: [PageWord]) -> Bool {
        WordLines.group(words).contains { line in
            let top = line.lazy.map(\.y0).min()!, bottom = line.lazy.map(\.y1).max()!, h = bottom - top
            guard glyph.y0 < bottom + h, glyph.y1 > top - h else { return false }
            let cells = WordLines.segments(line)
            return zip(cells, cells.dropFirst()).contains { a, b in a.last!.x1 <= glyph.midX && glyph.midX <= b.first!.x0 }
        }
    }

    /// How many rows `words` make once lines stacked over one another are taken as one: a line
    /// whose box reaches more than a fifth of its height into the line above is a piece of the
    /// same formula (a fraction's numerator, its line and its denominator; a big delimiter set
    /// lower), not a row. Text lines, even set tight in a table, do not overlap.
    static func rowsApart(_ words: [PageWord]) -> Int {
        var rows = 0, bottom = -Double.infinity, above = 0.0
        for line in WordLines.group(words) {
            let top = line.lazy.map(\.y0).min()!, low = line.lazy.map(\.y1).max()!
            if bottom - top > min(low - top, above) * 0.2 {
                bottom = max(bottom, low)
            } else {
                rows += 1
                bottom = low
            }
            above = low - top
        }
        return rows
    }

    /// The page's lines without those inside a table, and for each table how many of the kept
    /// lines come before it.
    static func separate(_ lines: [TextLine], _ tables: [PageTable]) -> (lines: [TextLine], positions: [Int]) {
        guard !tables.isEmpty else { return (lines, []) }
        var kept: [TextLine] = []
        kept.reserveCapacity(lines.count)
        var positions = [Int?](repeating: nil, count: tables.count)
        for line in lines {
            let x = (line.x0 + line.x1) / 2, y = (line.y0 + line.y1) / 2
            if line.origin == .content, line.hasGeometry, let t = tables.firstIndex(where: { $0.contains(x, y) }) {
                if positions[t] == nil { positions[t] = kept.count }
                continue
            }
            kept.append(line)
        }
        return (kept, positions.map { $0 ?? kept.count })
    }

    /// The page's lines outside its tables, and its tables with their places among those lines.
    static func pending(_ page: PDFExtractor.PageData) -> (lines: [TextLine], tables: ArraySlice<(position: Int, table: PageTable)>) {
        let (lines, positions) = separate(page.lines, page.tables)
        return (lines, zip(positions, page.tables).map { (position: $0, table: $1) }[...])
    }

    /// Appends to `blocks` the tables placed before line `consumed` (then counts `adding` lines
    /// more as consumed): called before each paragraph with its line count, then with `.max`.
    static func place(_ tables: inout ArraySlice<(position: Int, table: PageTable)>, consumed: inout Int, adding: Int,
                      page: Int, into blocks: inout [Block]) {
        while let next = tables.first, next.position <= consumed {
            tables.removeFirst()
            blocks.append(block(next.table.rows, page: page))
        }
        consumed += adding
    }

    /// A table block; no control character reaches its cells, whichever finder made them.
    static func block(_ rows: [[TableCell]], page: Int?) -> Block {
        let rows = rows.map { $0.map(clean) }
        return Block(kind: .table, text: PageTable.render(rows), page: page, provenance: .textLayer, rows: rows)
    }

    /// A cell without control characters, its line breaks kept: a word cut by a hyphen between
    /// two lines of a cell (`pro-` / `cess`, debian-reference p.176) is written so, for hyphen
    /// joining to decide (`DocumentBuilder`); removed, the break left `pro-cess`.
    static func clean(_ cell: TableCell) -> TableCell {
        var cell = cell
        let stray = { (u: Unicode.Scalar) in isControl(u) && u != "\n" }
        if cell.text.unicodeScalars.contains(where: stray) {
            cell.text = String(String.UnicodeScalarView(cell.text.unicodeScalars.filter { !stray($0) }))
        }
        cell.tables = cell.tables?.map { $0.map { $0.map(clean) } }
        return cell
    }

    /// A table continued over page breaks is one table (`ContinuedTables`).
    static func joiningContinued(_ blocks: [Block]) -> [Block] { ContinuedTables.joining(blocks) }
}

extension PDFExtractor {
    /// One page, with its tables when it has a text layer of its own.
    func readWithTables(_ page: PopplerPageRef) -> PageData {
        var data = read(page)
        if data.classification.hasUsableText && data.provenance == .textLayer {
            data.tables = TaggedTables.replacing(TableBlocks.find(on: page, textLines: data.lines), on: page, lines: data.lines)
        }
        return data
    }
}
