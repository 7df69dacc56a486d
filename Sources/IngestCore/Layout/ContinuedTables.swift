/// A table that ends a page and one that opens the next with as many columns are one table (a
/// repeated header row dropped), over as many pages as it runs; the block keeps its first page
/// and its other fields. A PDF's text layer (IngestPDF) and a scan's recognised pages (IngestOCR)
/// break a long table alike.
public enum ContinuedTables {
    public static func joining(_ blocks: [Block]) -> [Block] {
        guard blocks.contains(where: { $0.kind == .table }) else { return blocks }
        var out: [Block] = []
        out.reserveCapacity(blocks.count)
        var endPage: Int?      // the page the last block of `out` ends on (a joined table's last page)
        for block in blocks {
            if block.kind == .table, let last = out.last, last.kind == .table, let page = block.page, last.page != nil,
               let end = endPage, page == end + 1, let a = last.rows, var b = block.rows, a.first?.count == b.first?.count {
                if let header = a.first, b.first == header { b.removeFirst() }
                var joined = last
                joined.rows = a + b
                joined.text = PageTable.render(a + b)
                out[out.count - 1] = joined
                endPage = page
                continue
            }
            out.append(block)
            endPage = block.page
        }
        return out
    }
}
