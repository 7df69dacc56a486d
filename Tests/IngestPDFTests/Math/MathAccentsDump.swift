import Foundation
@testable import IngestPDF
import IngestCore
import XCTest

/// Prints the lines of MATH_DUMP_PDF's page MATH_DUMP_PAGE (1-based, default 1) before and after
/// the formula reader, and the display equations it finds (a helper: skipped without the variable).
final class MathAccentsDump: XCTestCase {
    func testLines() throws {
        let env = ProcessInfo.processInfo.environment
        guard let path = env["MATH_DUMP_PDF"] else { throw XCTSkip("by design: set MATH_DUMP_PDF") }
        let doc = try PopplerDocumentRef(url: URL(fileURLWithPath: path), password: nil)
        let page = doc.page(at: (Int(env["MATH_DUMP_PAGE"] ?? "1") ?? 1) - 1)!
        if env["MATH_TIME_BANDS"] != nil {
            let ink = MathInk(page: page)
            let start = Date()
            for k in 0..<20 { _ = ink.rules(left: 100, right: 200, top: 100 + Double(k) * 30, bottom: 102.5 + Double(k) * 30, shortest: 2.5) }
            print(String(format: "BANDS 20 in %.1f ms", Date().timeIntervalSince(start) * 1000))
        }
        var lines = PDFExtractor().readWithFigures(page).lines
        for l in lines { print(String(format: "LINE x %.1f-%.1f y %.1f-%.1f «%@»", l.x0, l.x1, l.y0, l.y1, l.text)) }
        if let prefix = env["MATH_DUMP_LINE"], let l = lines.first(where: { $0.text.hasPrefix(prefix) }) {
            let glyphs = page.mathGlyphs().filter { g in !g.isSpace && g.midY >= l.y0 - 0.3 && g.midY <= l.y1 + 0.3 && g.midX >= l.x0 - 0.3 && g.midX <= l.x1 + 0.3 }
            let bars = RadicalBars(page: page)
            bars.seen.glyphs = page.mathGlyphs()
            let ink = bars.end
            print("READ ink «\(String(describing: InlineMath.rewrite(glyphs, line: l.text, radicalEnd: ink)))» none «\(String(describing: InlineMath.rewrite(glyphs, line: l.text, radicalEnd: .none)))»")
            let math = glyphs.filter { $0.x0 > 140 }
            for r in ink.rules(left: math.map(\.x0).min()! - 15, right: math.map(\.x1).max()! + 15, top: math.map(\.y0).min()! - 2, bottom: math.map(\.y1).max()! + 2, shortest: 2.5) { print("RULE \(r)") }
            print("LAYOUT ink \(String(describing: MathLayout.read(math, radicalEnd: ink)))")
        }
        if let box = env["MATH_DUMP_BOX"]?.split(separator: ",").compactMap({ Double($0) }), box.count == 4 {
            let math = page.mathGlyphs().filter { g in !g.isSpace && g.midX >= box[0] && g.midX <= box[2] && g.midY >= box[1] && g.midY <= box[3] }
            for g in math { print(String(format: "GLYPH %@ %@ x %.2f-%.2f y %.2f-%.2f size %.1f", g.text, "\(g.font)", g.x0, g.x1, g.y0, g.y1, g.size)) }
            let ink = MathInk(page: page)
            for r in ink.rules(left: math.map(\.x0).min()! - 15, right: math.map(\.x1).max()! + 15, top: math.map(\.y0).min()! - 2, bottom: math.map(\.y1).max()! + 2, shortest: 2.5) { print(String(format: "RULE y %.2f x %.2f-%.2f", r.y, r.x0, r.x1)) }
            var marked = ink
            marked.drawn = ink.rules(left: math.map(\.x0).min()! - 15, right: math.map(\.x1).max()! + 15, top: math.map(\.y0).min()! - 2, bottom: math.map(\.y1).max()! + 2, shortest: 2.5)
            let atoms = MathAccents.marks(math.map(MathLayout.atom), &marked)
            print("MARKED \(atoms.map(\.latex)) left \(marked.drawn.map { String(format: "%.2f %.2f-%.2f", $0.y, $0.x0, $0.x1) }) dangling \(String(describing: MathLayout.dangling(atoms, marked)))")
            var plain = ink
            plain.drawn = ink.rules(left: math.map(\.x0).min()! - 15, right: math.map(\.x1).max()! + 15, top: math.map(\.y0).min()! - 2, bottom: math.map(\.y1).max()! + 2, shortest: 2.5)
            print("LAYOUT \(MathLayout.layout(math.map(MathLayout.atom), plain).latex.unicodeScalars.map { $0.value == 0xE000 ? "<?>" : String($0) }.joined())")
            let spaced = page.mathGlyphs().filter { g in g.midX >= box[0] && g.midX <= box[2] && g.midY >= box[1] && g.midY <= box[3] }
                .sorted { $0.x0 < $1.x0 || $0.x0 == $1.x0 && $0.index < $1.index }
            print("SPACEDBOX \(spaced.map { String(format: "%@%.1f", $0.text, $0.x0) })")
            print("INLINE \(String(describing: InlineMath.rewrite(spaced, line: spaced.map(\.text).joined(), radicalEnd: ink)))")
            print("BOXREAD \(String(describing: MathLayout.read(math, radicalEnd: ink)))")
        }
        if let which = env["MATH_DUMP_LINES"]?.split(separator: ",").compactMap({ Int($0) }) {
            let all = page.mathGlyphs()
            func inBox(_ g: MathGlyph, _ l: TextLine) -> Bool { g.midX >= l.x0 - 0.3 && g.midX <= l.x1 + 0.3 && g.midY >= l.y0 - 0.3 && g.midY <= l.y1 + 0.3 }
            let sets = which.map { i in Set(all.indices.filter { inBox(all[$0], lines[i]) }) }
            let chosen = sets.reduce(Set<Int>()) { $0.union($1) }.map { all[$0] }
            let row = PageFormulas.spaced(chosen, lines: Array(which.indices), members: { sets[$0] })
            print("SPACED «\(row.map(\.text).joined())» \(row.map { String(format: "%@%.1f", $0.text, $0.x0) })")
            let text = which.map { lines[$0].text }.joined(separator: " ")
            print("LINES-INLINE \(String(describing: InlineMath.rewrite(row, line: text, radicalEnd: MathInk(page: page))))")
        }
        let formulas = PageFormulas.find(on: page, lines: &lines)
        for f in formulas { print("FORMULA sure=\(f.sure) «\(f.latex)» «\(f.linear)»") }
        for l in lines { print("AFTER «\(l.text)»") }
    }
}
