import Foundation
@testable import IngestPDF
import XCTest

/// Prints what the table finder sees on each page of `$TABLE_DUMP` (a PDF): words, rules, tables.
/// A tool for looking at a file by hand, skipped by design otherwise.
final class TableDump: XCTestCase {
    func testDump() throws {
        guard let path = ProcessInfo.processInfo.environment["TABLE_DUMP"] else { throw XCTSkip("by design: set TABLE_DUMP=file.pdf") }
        let document = try PopplerDocumentRef(url: URL(fileURLWithPath: path), password: nil)
        for index in 0..<document.pageCount {
            guard let page = document.page(at: index) else { continue }
            let words = page.words()
            for line in WordLines.group(words) {
                print("line", WordLines.segments(line).map { s in "[\(Int(s.first!.x0))-\(Int(s.last!.x1)) y\(Int(s.first!.y0)) h\(Int(s.first!.height))] " + s.map(\.text).joined(separator: " ") })
            }
            let rules = PageRules.find(on: page, from: 0, to: page.size.height)
            print("H", rules.horizontal.map { "\(Int($0.position)):\(Int($0.lower))-\(Int($0.upper))" })
            print("V", rules.vertical.map { "\(Int($0.position)):\(Int($0.lower))-\(Int($0.upper))" })
            for t in TableBlocks.find(on: page) { print("table", t.x0, t.y0, t.x1, t.y1, t.rows.map { $0.map(\.text) }) }
        }
    }
}

extension TableDump {
    /// What the table finder costs beside the text layer on `$TABLE_COST` (a PDF): per page, the
    /// time of `textLines` and of `TableBlocks.find`, and how many pages were rendered for rules.
    func testCost() throws {
        guard let path = ProcessInfo.processInfo.environment["TABLE_COST"] else { throw XCTSkip("by design: set TABLE_COST=file.pdf") }
        let document = try PopplerDocumentRef(url: URL(fileURLWithPath: path), password: nil)
        var text = 0.0, tables = 0.0, rendered = 0, found = 0
        let clock = ContinuousClock()
        for index in 0..<document.pageCount {
            guard let page = document.page(at: index) else { continue }
            text += seconds(clock.measure { _ = page.textLines() })
            let start = clock.now
            let words = page.words()
            if WordLines.group(words).filter({ WordLines.segments($0).count >= 2 }).count >= 2 { rendered += 1 }
            found += TableBlocks.find(on: page).count
            tables += seconds(clock.now - start)
        }
        print("COST pages \(document.pageCount) rendered \(rendered) tables \(found) textLines \(text) s, tables \(tables) s")
    }

    func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }
}
