import Foundation
import IngestCore
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
            for t in TableBlocks.find(on: page, textLines: page.textLines().lines) { print("table", t.x0, t.y0, t.x1, t.y1, t.rows.map { $0.map(\.text) }) }
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
            let lines = WordLines.group(words)
            if words.count >= 4, lines.filter({ WordLines.segments($0).count >= 2 }).count >= 2,
               TableHint.mayHoldRuledTable(lines, pageWidth: page.size.width) { rendered += 1 }
            found += TableBlocks.find(on: page).count
            tables += seconds(clock.now - start)
        }
        print("COST pages \(document.pageCount) rendered \(rendered) tables \(found) textLines \(text) s, tables \(tables) s")
    }

    func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }
}

extension TableDump {
    /// The tables of `$TABLE_HINT` (PDFs separated by `:`) found with the page rendered whenever two
    /// lines are cut (as before TableHint) and with the hint: pages rendered, time beside the text
    /// layer's (`textLines`, read first as the extractor does), and every page whose tables differ.
    func testHint() throws {
        guard let paths = ProcessInfo.processInfo.environment["TABLE_HINT"] else { throw XCTSkip("by design: set TABLE_HINT=a.pdf:b.pdf") }
        for path in paths.split(separator: ":").map(String.init) {
            let document = try PopplerDocumentRef(url: URL(fileURLWithPath: path), password: nil)
            var text = 0.0, always = 0.0, hinted = 0.0, renderedAlways = 0, renderedHinted = 0, tables = 0, differ: [Int] = []
            let clock = ContinuousClock()
            for index in 0..<document.pageCount {
                guard let page = document.page(at: index) else { continue }
                text += seconds(clock.measure { _ = page.textLines() })
                var start = clock.now
                let words = page.words()
                var before: [PageTable] = []
                var ruledCount = 0
                let lines = WordLines.group(words)
                if words.count >= 4, lines.filter({ WordLines.segments($0).count >= 2 }).count >= 2 {
                    renderedAlways += 1
                    let rules = PageRules.find(on: page, from: 0, to: page.size.height)
                    let ruled = RuledTables.find(words: words, horizontal: rules.horizontal, vertical: rules.vertical)
                    ruledCount = ruled.count
                    let rest = words.filter { w in !ruled.contains { $0.contains(w.midX, w.midY) } }
                    before = (ruled + AlignedColumns.find(words: rest, pageWidth: page.size.width)).sorted { $0.y0 < $1.y0 }
                }
                always += seconds(clock.now - start)
                start = clock.now
                let after = TableBlocks.find(on: page)
                hinted += seconds(clock.now - start)
                let hintedPage = words.count >= 4 && TableHint.mayHoldRuledTable(lines, pageWidth: page.size.width)
                if hintedPage { renderedHinted += 1 }
                // Per page (for tightening the hint): hinted or not, and its ruled tables.
                if hintedPage || ruledCount > 0 { print("HINTPAGE p\(index + 1) hinted \(hintedPage) ruled \(ruledCount)") }
                tables += before.count
                if before != after {
                    differ.append(index + 1)
                    print("DIFF p\(index + 1) before", before.map { $0.rows.map { $0.map(\.text) } }, "after", after.map { $0.rows.map { $0.map(\.text) } })
                }
            }
            print("HINT \((path as NSString).lastPathComponent) pages \(document.pageCount) tables \(tables) rendered \(renderedAlways) → \(renderedHinted), text layer \(String(format: "%.1f", text)) s, table pass \(String(format: "%.1f", always)) s → \(String(format: "%.1f", hinted)) s, pages differing \(differ)")
        }
    }
}

extension TableDump {
    /// Every page of the PDFs listed in `$variable` (separated by `:`), with the file's name; the
    /// count `body` returns for each file's pages, printed as `SUMMARY`.
    func eachPage(of variable: String, _ body: (String, Int, PopplerPageRef) -> Int) throws {
        guard let paths = ProcessInfo.processInfo.environment[variable] else { throw XCTSkip("by design: set \(variable)=a.pdf:b.pdf") }
        for path in paths.split(separator: ":").map(String.init) {
            let document = try PopplerDocumentRef(url: URL(fileURLWithPath: path), password: nil)
            let name = (path as NSString).lastPathComponent
            var count = 0
            for index in 0..<document.pageCount { if let page = document.page(at: index) { count += body(name, index + 1, page) } }
            print("\(variable) SUMMARY \(name) \(count)")
        }
    }

    /// The tables typed in a monospaced font (`MonospacedTables`) on every page of `$MONO_DUMP`:
    /// the tables found with the page's text lines that are not found without them, and any table
    /// found without them that is lost.
    func testMonospaced() throws {
        try eachPage(of: "MONO_DUMP") { name, number, page in
            let before = TableBlocks.find(on: page), after = TableBlocks.find(on: page, textLines: page.textLines().lines)
            for t in before where !after.contains(t) { print("LOST \(name) p\(number) \(t.rows.map { $0.map(\.text) })") }
            let found = after.filter { !before.contains($0) }
            for t in found { print("MONO \(name) p\(number) \(t.rows.map { $0.map(\.text) })") }
            return found.count
        }
    }

    /// The ruled tables of `$FRAMED_DUMP` that `TableBlocks.framedColumns` cuts into the aligned
    /// columns inside their frame, before and after.
    func testFramed() throws {
        try eachPage(of: "FRAMED_DUMP") { name, number, page in
            let words = page.scriptedWords().compactMap(TableBlocks.visible)
            let lines = WordLines.group(words)
            guard words.count >= 4, TableHint.mayHoldRuledTable(lines, pageWidth: page.size.width) else { return 0 }
            var rules = PageRules.drawnRules(on: page, from: 0, to: page.size.height, drawing: .paths)
            if rules.drawn == .paths, GlyphRules.mayDrawRule(lines) {
                let glyphs = GlyphRules.rules(page.ruleGlyphs())
                rules.horizontal += glyphs.horizontal
                rules.vertical += glyphs.vertical
            }
            var cut = 0
            for t in RuledTables.find(words: words, horizontal: rules.horizontal, vertical: rules.vertical) {
                guard let framed = TableBlocks.framedColumns(t, words: words) else { continue }
                cut += 1
                print("FRAMED \(name) p\(number) \(t.rows.map { $0.map { String($0.text.prefix(40)) } })")
                print("   -> \(framed.rows.map { $0.map(\.text) })")
            }
            return cut
        }
    }
}

extension TableDump {
    /// The word cuts `CutWords` looks at on each page of `$CUT_DUMP` (a PDF): the candidates of
    /// each table, whether the page's spaces were asked, how long that took, and what was joined.
    func testCutWords() throws {
        guard let path = ProcessInfo.processInfo.environment["CUT_DUMP"] else { throw XCTSkip("by design: set CUT_DUMP=file.pdf") }
        let document = try PopplerDocumentRef(url: URL(fileURLWithPath: path), password: nil)
        var asked = 0, spent = 0.0
        let clock = ContinuousClock()
        for index in 0..<document.pageCount {
            guard let page = document.page(at: index) else { continue }
            let tables = TableBlocks.find(on: page, textLines: page.textLines().lines)
            let words = page.scriptedWords()
            let candidates = tables.flatMap { t in CutWords.candidates(words.filter { t.contains($0.midX, $0.midY) }) }
            guard !candidates.isEmpty else { continue }
            asked += 1
            var spaces: [PageCharacters.Box] = []
            spent += seconds(clock.measure { spaces = page.spaceGlyphs() })
            print("CUTS page \(index + 1): \(candidates.map { "\($0.piece.text)/\($0.rest.text) slack \(Int($0.slack * 10))" }), \(spaces.count) spaces drawn")
        }
        print("CUTS pages \(document.pageCount), spaces asked on \(asked), \(spent) s")
    }
}
