import IngestCore
import XCTest

/// A table cut by page breaks is one table, whichever reader cut it: the rows of a LibreOffice
/// table over four scanned pages (bench/tables writer-ruled-long, as OCRTables reads it) joined,
/// the block keeping its first page, provenance and confidence.
final class ContinuedTablesTests: XCTestCase {
    func table(_ rows: [[String]], page: Int, _ provenance: Provenance = .ocr) -> Block {
        let cells = rows.map { $0.map { TableCell(text: $0) } }
        return Block(kind: .table, text: PageTable.render(cells), page: page, provenance: provenance, rows: cells, confidence: 91)
    }

    func testTableOverScannedPagesIsOneTable() {
        let header = ["Valeur", "Symbole", "Notion", "Date"]
        let blocks = [Block(kind: .paragraph, text: "Un long tableau.", page: 1, provenance: .ocr),
                      table([header, ["Lipide", "232,19", "281,05", "Énergie"]], page: 1),
                      table([["Glucide", "1044", "Féminin", "Puissance"]], page: 2),
                      table([header, ["Force", "695,11", "443", "40,42"]], page: 3),
                      Block(kind: .paragraph, text: "Fin.", page: 3, provenance: .ocr)]
        let joined = ContinuedTables.joining(blocks)
        XCTAssertEqual(joined.map(\.kind), [.paragraph, .table, .paragraph])
        XCTAssertEqual(joined[1].rows?.map { $0.map(\.text) },
                       [header, ["Lipide", "232,19", "281,05", "Énergie"], ["Glucide", "1044", "Féminin", "Puissance"], ["Force", "695,11", "443", "40,42"]])
        XCTAssertEqual(joined[1].page, 1)
        XCTAssertEqual(joined[1].provenance, .ocr)
        XCTAssertEqual(joined[1].confidence, 91)
        XCTAssertEqual(joined[1].text, PageTable.render(joined[1].rows!))
    }

    /// Tables on pages not one after the other, with other column counts, or with a block between
    /// them stay apart.
    func testTablesApartStayApart() {
        let a = table([["a", "b"]], page: 1), b = table([["c", "d"]], page: 3), c = table([["e", "f", "g"]], page: 4)
        XCTAssertEqual(ContinuedTables.joining([a, b, c]).count, 3)
        XCTAssertEqual(ContinuedTables.joining([a, Block(kind: .paragraph, text: "x", page: 2, provenance: .ocr), table([["c", "d"]], page: 2)]).count, 3)
    }
}
