import IngestCore

/// Tables of a page as blocks: found on the page, their lines taken out of the page's text, each
/// table placed where its first line was in reading order, and a table that goes on over a page
/// break joined with its continuation.
enum TableBlocks {
    /// The page's tables: ruled ones first, then aligned columns among the words left. Only pages
    /// with two text lines cut by gaps wider than a space are looked at, and the page is rendered
    /// (for its rules) only when its text hints at a ruled table (TableHint): rendering costs
    /// about as much as reading the page's text again.
    static func find(on page: PopplerPageRef) -> [PageTable] {
        let words = page.words()
        guard words.count >= 4 else { return [] }
        let lines = WordLines.group(words)
        guard lines.lazy.filter({ WordLines.segments($0).count >= 2 }).prefix(2).count >= 2 else { return [] }
        var ruled: [PageTable] = []
        if TableHint.mayHoldRuledTable(lines, pageWidth: page.size.width) {
            let rules = PageRules.find(on: page, from: 0, to: page.size.height)
            ruled = RuledTables.find(words: words, horizontal: rules.horizontal, vertical: rules.vertical)
        }
        let rest = words.filter { w in !ruled.contains { $0.contains(w.midX, w.midY) } }
        // Rules that are no table's (a fraction bar, an underline) keep aligned text from being one.
        let aligned = AlignedColumns.find(words: rest, pageWidth: page.size.width)
        return (ruled + aligned).sorted { $0.y0 < $1.y0 }
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

    static func block(_ rows: [[TableCell]], page: Int?) -> Block {
        Block(kind: .table, text: PageTable.render(rows), page: page, provenance: .textLayer, rows: rows)
    }

    /// A table that ends a page and one that opens the next with as many columns are one table
    /// (a repeated header row dropped), over as many pages as it runs; the block keeps its first page.
    static func joiningContinued(_ blocks: [Block]) -> [Block] {
        guard blocks.contains(where: { $0.kind == .table }) else { return blocks }
        var out: [Block] = []
        out.reserveCapacity(blocks.count)
        var endPage: Int?      // the page the last block of `out` ends on (a joined table's last page)
        for block in blocks {
            if block.kind == .table, let last = out.last, last.kind == .table, let page = block.page, let lastPage = last.page,
               let end = endPage, page == end + 1, let a = last.rows, var b = block.rows, a.first?.count == b.first?.count {
                if let header = a.first, b.first == header { b.removeFirst() }
                out[out.count - 1] = TableBlocks.block(a + b, page: lastPage)
                endPage = page
                continue
            }
            out.append(block)
            endPage = block.page
        }
        return out
    }
}

extension PDFExtractor {
    /// One page, with its tables when it has a text layer of its own.
    func readWithTables(_ page: PopplerPageRef) -> PageData {
        var data = read(page)
        if data.classification.hasUsableText && data.provenance == .textLayer {
            data.tables = TaggedTables.replacing(TableBlocks.find(on: page), on: page, lines: data.lines)
        }
        return data
    }
}
