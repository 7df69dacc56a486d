import Foundation
import IngestCore

/// A table block as a pipe table: its first row is the header row (a pipe table must have one),
/// rows shorter than the widest are padded with empty cells, `|` in a cell is escaped, a line
/// break in a cell is ` <br> `, and a table nested in a cell is written in it row by row
/// (cells apart by ` / `, rows by `; `) since a pipe table cannot hold a table.
enum MarkdownTable {
    static func render(_ block: Block, own: OwnMarkup = []) -> String? {
        guard let rows = block.rows, !rows.isEmpty else { return nil }
        let width = rows.map(\.count).max() ?? 0
        guard width > 0 else { return nil }
        func line(_ cells: [String]) -> String { "| " + cells.joined(separator: " | ") + " |" }
        var out: [String] = []
        for (i, row) in rows.enumerated() {
            let cells = row.map { text($0, own: own) } + Array(repeating: "", count: width - row.count)
            out.append(line(cells))
            if i == 0 { out.append(line(Array(repeating: "---", count: width))) }
        }
        return out.joined(separator: "\n")
    }

    static func text(_ cell: TableCell, own: OwnMarkup) -> String {
        var parts = [MarkdownEscaping.cell(cell.text, own: own)]
        for table in cell.tables ?? [] {
            parts.append(table.map { $0.map { text($0, own: own) }.joined(separator: " / ") }.joined(separator: "; "))
        }
        return parts.filter { !$0.isEmpty }.joined(separator: " ")
    }
}
