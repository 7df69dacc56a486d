import Foundation
@testable import IngestPDF
import IngestCore
import IngestTestSupport
import XCTest

/// Prints the glyphs of MATH_DUMP_PDF's first page (a helper: skipped without the variable).
final class MathDump: XCTestCase {
    func testDump() throws {
        guard let path = ProcessInfo.processInfo.environment["MATH_DUMP_PDF"] else { throw XCTSkip("by design: set MATH_DUMP_PDF") }
        let doc = try PopplerDocumentRef(url: URL(fileURLWithPath: path), password: nil)
        let page = doc.page(at: 0)!
        let bars = RadicalBars(page: page)
        for g in page.mathGlyphs() where g.text == "√" { print("ROOT at \(g.x0)-\(g.x1) ends \(bars.end(g) ?? -1)") }
        for g in page.mathGlyphs() where !g.isSpace {
            print(String(format: "%@ %@ x %.1f-%.1f y %.1f-%.1f size %.1f", g.text, "\(g.font)", g.x0, g.x1, g.y0, g.y1, g.size))
        }
    }
}

extension MathDump {
    /// Prints the blocks Ingest reads from MATH_DUMP_PDF.
    func testBlocks() throws {
        guard let path = ProcessInfo.processInfo.environment["MATH_DUMP_PDF"] else { throw XCTSkip("by design: set MATH_DUMP_PDF") }
        for b in try LaTeXPDFs.extract(URL(fileURLWithPath: path)).blocks { print("BLOCK \(b.kind): \(b.text) | \(b.latex ?? "")") }
    }
}
