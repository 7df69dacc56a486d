import Foundation
import IngestCore
@testable import IngestPDF
import XCTest

/// Compares, on every page of the PDFs listed in `$PATHS_DUMP` (colon-separated), the rules found
/// on the page's paths alone (`PageRules.Drawing.paths`) with those of the whole rendering, and
/// counts how pages were drawn. A tool for looking at files by hand, skipped by design otherwise.
final class PagePathsDump: XCTestCase {
    func testCompare() throws {
        guard let list = ProcessInfo.processInfo.environment["PATHS_DUMP"] else { throw XCTSkip("by design: set PATHS_DUMP=a.pdf:b.pdf") }
        let hintedOnly = ProcessInfo.processInfo.environment["PATHS_HINTED"] != nil
        for path in list.split(separator: ":").map(String.init) {
            guard let document = try? PopplerDocumentRef(url: URL(fileURLWithPath: path), password: nil) else { print("cannot open", path); continue }
            var pages = 0, viaPaths = 0, fellBack = 0, glyphs = 0, differ = 0, tablesDiffer = 0
            for index in 0..<document.pageCount {
                guard let page = document.page(at: index) else { continue }
                let words = page.scriptedWords().compactMap(TableBlocks.visible)
                let lines = WordLines.group(words)
                if hintedOnly && !TableHint.mayHoldRuledTable(lines, pageWidth: page.size.width) { continue }
                pages += 1
                if GlyphRules.mayDrawRule(lines) {
                    glyphs += 1
                    if ProcessInfo.processInfo.environment["PATHS_GLYPHS"] != nil {
                        let marked = lines.joined().filter { $0.text.unicodeScalars.contains { GlyphRules.isHorizontal($0) || GlyphRules.isVertical($0) || GlyphRules.isBox($0) } }
                        print("GLYPHS p\(index + 1)", marked.map { "\($0.text)[\(Int($0.x1 - $0.x0))x\(Int($0.height))]" }.joined(separator: " "))
                    }
                }
                let fast = PageRules.drawnRules(on: page, from: 0, to: page.size.height, drawing: .paths)
                let full = PageRules.find(on: page, from: 0, to: page.size.height, drawing: .everything)
                if fast.drawn == .paths { viaPaths += 1 } else { fellBack += 1 }
                let tablesFast = TableBlocks.find(on: page), tablesFull = TableBlocks.find(on: page, drawing: .everything)
                if tablesFast != tablesFull {
                    print("TABLES DIFFER \(path) p\(index + 1)")
                    print("  auto", tablesFast.map { "\($0.x0),\($0.y0)-\($0.x1),\($0.y1) \($0.rows.map { $0.map(\.text) })" })
                    print("  full", tablesFull.map { "\($0.x0),\($0.y0)-\($0.x1),\($0.y1) \($0.rows.map { $0.map(\.text) })" })
                    tablesDiffer += 1
                }
                if fast.horizontal != full.horizontal || fast.vertical != full.vertical {
                    differ += 1
                    let f = { (r: [PageRule]) in r.map { "\(Int($0.position)):\(Int($0.lower))-\(Int($0.upper))" }.joined(separator: " ") }
                    print("DIFF \(path) p\(index + 1) glyphs=\(GlyphRules.mayDrawRule(lines))")
                    print("  paths H", f(fast.horizontal), "| V", f(fast.vertical))
                    print("  full  H", f(full.horizontal), "| V", f(full.vertical))
                }
            }
            print("SUMMARY \(path): pages \(pages), paths \(viaPaths), fell back \(fellBack), glyph-hinted \(glyphs), rules differ \(differ), tables differ \(tablesDiffer)")
        }
    }
}
