/// A table found on a page: its box in points (y downwards) and its rows of cells. A cell that
/// spans rows or columns holds its text in its top-left slot; the slots it covers are empty, as
/// the ODF reader gives covered cells.
public struct PageTable: Sendable, Equatable {
    public var x0: Double, y0: Double, x1: Double, y1: Double
    public var rows: [[TableCell]]

    public init(x0: Double, y0: Double, x1: Double, y1: Double, rows: [[TableCell]]) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
        self.rows = rows
    }

    public func contains(_ x: Double, _ y: Double) -> Bool {
        x >= x0 - 1 && x <= x1 + 1 && y >= y0 - 1 && y <= y1 + 1
    }

    /// One line per row, cells separated by " | " (the Office readers' rendering).
    public static func render(_ rows: [[TableCell]]) -> String {
        rows.map { $0.map(\.text).joined(separator: " | ") }
            .filter { !$0.allSatisfy { $0 == " " || $0 == "|" } }.joined(separator: "\n")
    }
}

