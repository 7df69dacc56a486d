import Foundation
@testable import IngestPDF
import IngestTestSupport
import XCTest

/// debian-reference p. 66 (DBLaTeX tables right under the header row): poppler's text can run a table's
/// columns together without a line break between one column's cell and the next column's header
/// ("dpkgpopcon", "V:919, I:999size", "5989apt"): words glued, lost to search and to recall.
/// A table written here with one text object per cell comes out of poppler with its line breaks
/// (the glued case needs DBLaTeX's layout: bench/pdf/debian-docs.sh measures it), so the first test
/// guards that the rule keeps such a table's rows and cells whole, the second tests the rule itself.
final class TableRowsTests: XCTestCase {
    func testCellsOfATableStayWhole() throws {
        let rows = [("package", "popcon", "size", "description"),
                    ("dpkg", "V:919, I:999", "5989", "low level package management system for Debian"),
                    ("apt", "V:874, I:999", "4211", "APT front-end to manage packages with CLI"),
                    ("aptitude", "V:60, I:321", "4268", "APT front-end to interactively manage packages"),
                    ("tasksel", "V:33, I:978", "346", "tools for installing Debian tasks")]
        var content = ""
        for (r, row) in rows.enumerated() {
            let y = 760 - Double(r) * 12
            content += PDFTestFiles.text(row.0, x: 72, y: y, size: 9) + "\n"
            content += PDFTestFiles.text(row.1, x: 170, y: y, size: 9) + "\n"
            content += PDFTestFiles.text(row.2, x: 250, y: y, size: 9) + "\n"
            content += PDFTestFiles.text(row.3, x: 300, y: y, size: 9) + "\n"
        }
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let url = try tmp.write("table.pdf", PDFTestFiles.make(pages: 1) { _ in content })
        let document = try PopplerDocumentRef(url: url, password: nil)
        let lines = try XCTUnwrap(document.page(at: 0)).textLines().lines
        let words = Set(lines.flatMap { $0.text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init) })
        for row in rows {
            for cell in [row.0, row.1, row.2] {
                for word in cell.split(whereSeparator: { $0 == " " || $0 == "," }) {
                    XCTAssertTrue(words.contains(String(word)), "\(word) glued: \(lines.map(\.text))")
                }
            }
        }
    }
}

extension TableRowsTests {
    /// The rule on boxes like poppler's in debian-reference's tables (rows 12 pt apart, boxes 12.95 pt
    /// high: adjacent rows overlap by ≈1 pt) and on a stacked sub- and superscript (y₀²).
    func testAnotherRowAgainstScripts() {
        // "popcon" (header row) after "dpkg" (first row): one row up.
        XCTAssertTrue(PageLines.isOnAnotherRow(glyphTop: 428.8, glyphBottom: 441.7, lineTop: 440.7, lineBottom: 453.7))
        // "apt" (second row) after "5989" (first row, third column): one row down.
        XCTAssertTrue(PageLines.isOnAnotherRow(glyphTop: 452.7, glyphBottom: 465.6, lineTop: 440.7, lineBottom: 453.7))
        // Same row.
        XCTAssertFalse(PageLines.isOnAnotherRow(glyphTop: 440.9, glyphBottom: 453.5, lineTop: 440.7, lineBottom: 453.7))
        // y₀²: base y [-8.5, 2.5], subscript 0 [-2.9, 4.1] widens the line to [-8.5, 4.1]; superscript 2 [-9, -2].
        XCTAssertFalse(PageLines.isOnAnotherRow(glyphTop: -2.9, glyphBottom: 4.1, lineTop: -8.5, lineBottom: 2.5))
        XCTAssertFalse(PageLines.isOnAnotherRow(glyphTop: -9, glyphBottom: -2, lineTop: -8.5, lineBottom: 4.1))
    }
}
