import Foundation
import IngestCore
@testable import IngestPDF
import XCTest

/// On every page of the PDFs listed in `$GLYPH_DUMP` (colon-separated) whose text hints at a ruled
/// table and whose glyphs may draw a rule (`GlyphRules`, the pages rendered whole for their rules),
/// compares the tables found by default (its paths, and the rules of its glyphs read from their boxes) with those of the whole rendering. A tool
/// for looking at files by hand, skipped by design otherwise.
final class GlyphRulesDump: XCTestCase {
    func testCompare() throws {
        guard let list = ProcessInfo.processInfo.environment["GLYPH_DUMP"] else { throw XCTSkip("by design: set GLYPH_DUMP=a.pdf:b.pdf") }
        for path in list.split(separator: ":").map(String.init) {
            guard let document = try? PopplerDocumentRef(url: URL(fileURLWithPath: path), password: nil) else { print("cannot open", path); continue }
            var glyphPages = 0, differ = 0
            for index in 0..<document.pageCount {
                guard let page = document.page(at: index) else { continue }
                let lines = WordLines.group(page.scriptedWords().compactMap(TableBlocks.visible))
                guard TableHint.mayHoldRuledTable(lines, pageWidth: page.size.width), GlyphRules.mayDrawRule(lines) else { continue }
                glyphPages += 1
                let paths = TableBlocks.find(on: page), whole = TableBlocks.find(on: page, drawing: .everything)
                let show = { (t: [PageTable]) in t.map { "\(Int($0.x0)),\(Int($0.y0))-\(Int($0.x1)),\(Int($0.y1)) \($0.rows.map { $0.map(\.text) })" } }
                if paths != whole {
                    differ += 1
                    print("TABLES DIFFER \(path) p\(index + 1)")
                    print("  paths", show(paths))
                    print("  whole", show(whole))
                } else {
                    print("SAME \(path) p\(index + 1) tables \(whole.count)")
                }
            }
            print("SUMMARY \(path): glyph pages \(glyphPages), tables differ \(differ)")
        }
    }
}
