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

extension MathDump {
    /// Per page of MATH_DUMP_PDF (pages MATH_DUMP_FROM…MATH_DUMP_TO, 1-based): its math glyphs
    /// (font and text), the lines the math reader changed and the formulas it found.
    func testPages() throws {
        guard let path = ProcessInfo.processInfo.environment["MATH_DUMP_PDF"] else { throw XCTSkip("by design: set MATH_DUMP_PDF") }
        let env = ProcessInfo.processInfo.environment
        let doc = try PopplerDocumentRef(url: URL(fileURLWithPath: path), password: nil)
        let from = Int(env["MATH_DUMP_FROM"] ?? "1") ?? 1, to = min(doc.pageCount, Int(env["MATH_DUMP_TO"] ?? "\(doc.pageCount)") ?? doc.pageCount)
        let extractor = PDFExtractor()
        for p in from...to {
            guard let page = doc.page(at: p - 1) else { continue }
            let math = page.mathGlyphs().filter { $0.font.isMath && !$0.isSpace }
            var counts: [String: Int] = [:]
            for g in math { counts["\(g.font):\(g.text)", default: 0] += 1 }
            var data = extractor.readWithFigures(page)
            let before = data.lines.map(\.text)
            let formulas = PageFormulas.find(on: page, lines: &data.lines)
            let after = data.lines.map(\.text)
            let changed = after.count == before.count ? zip(before, after).filter { $0 != $1 }.count : -1
            print("PAGE \(p) math \(math.count) \(counts.sorted { $0.key < $1.key }.map { "\($0.key)x\($0.value)" }.joined(separator: " ")) | lines \(before.count) changed \(changed) formulas \(formulas.filter(\.sure).count) unsure \(formulas.filter { !$0.sure }.count)")
            if changed != 0 { for (a, b) in zip(before, after) where a != b { print("  - \(a)\n  + \(b)") } }
        }
    }
}

extension MathDump {
    /// Per page of each PDF of MATH_DUMP_PDFS (colon-separated): the pages with a math-font glyph
    /// other than an OT1 borrowed sign (`LOOK`), those where it is only a space (which
    /// `mathGlyphs(mathOnly:)` no longer sends to PageFormulas), and what PageFormulas changes on
    /// the latter now (nothing: it is not given them).
    func testGate() throws {
        guard let paths = ProcessInfo.processInfo.environment["MATH_DUMP_PDFS"] else { throw XCTSkip("by design: set MATH_DUMP_PDFS") }
        let extractor = PDFExtractor()
        for path in paths.split(separator: ":") {
            guard let doc = try? PopplerDocumentRef(url: URL(fileURLWithPath: String(path)), password: nil) else { print("NOOPEN \(path)"); continue }
            var looked = 0, spaceOnly = 0, changedPages = 0
            for p in 0..<doc.pageCount {
                guard let page = doc.page(at: p) else { continue }
                let glyphs = page.mathGlyphs()
                let gate = glyphs.contains { $0.font.isMath && !InlineMath.borrowedSigns.contains($0.text) }
                let noSpace = glyphs.contains { $0.font.isMath && !$0.isSpace && !InlineMath.borrowedSigns.contains($0.text) }
                if gate { looked += 1; if noSpace { print("LOOK \(p + 1)") } }
                guard gate && !noSpace else { continue }
                spaceOnly += 1
                var data = extractor.readWithFigures(page)
                let before = data.lines.map(\.text)
                let formulas = PageFormulas.find(on: page, lines: &data.lines)
                let after = data.lines.map(\.text)
                if before != after || !formulas.isEmpty {
                    changedPages += 1
                    print("CHANGED \(path) page \(p + 1) formulas \(formulas.count)")
                    for f in formulas { print("  FORMULA sure \(f.sure) \(f.latex) | \(f.linear)") }
                    let common = Set(before).intersection(after)
                    for a in before where !common.contains(a) { print("  - \(a)") }
                    for b in after where !common.contains(b) { print("  + \(b)") }
                }
            }
            print("GATE \(path) pages \(doc.pageCount) looked \(looked) spaceOnly \(spaceOnly) changed \(changedPages)")
        }
    }
}
