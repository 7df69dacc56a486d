import Foundation
import IngestCore
@testable import IngestPDF
import IngestTestSupport
import XCTest

/// PageRules' one-pass scan gives the rules the first implementation gave (kept below as the
/// reference: a Bool per pixel, then rows and columns walked apart), on images holding rules of
/// every thickness around the limit, rules cut by the edges, crossings, and text-like ink.
final class PageRulesTests: XCTestCase {
    /// `InkBits.read` (16 pixels at a time) gives the bit of the definition, luminance
    /// (3 R + 6 G + B) / 10 under 224, for every colour near the threshold (where the arithmetic
    /// could slip) and seeded random ones, whatever the unused top byte, in rows whose width is
    /// and is not a multiple of 64 (the tail is read a pixel at a time).
    func testInkBitsOfEveryColour() {
        var colours: [UInt32] = []
        for r in UInt32(0)...255 { for g in UInt32(0)...255 {
            // Blue moves the luminance by at most 255: only the blues that reach 2180...2300.
            let rg = 3 * r + 6 * g
            guard rg + 255 >= 2180, rg <= 2300 else { continue }
            for b in UInt32(0)...255 where (2180...2300).contains(rg + b) { colours.append(r << 16 | g << 8 | b) }
        } }
        var generator = SeededGenerator(seed: 6)
        for _ in 0..<100_000 { colours.append(UInt32.random(in: 0...UInt32.max, using: &generator)) }
        colours = colours.enumerated().map { k, c in c & 0xFF_FFFF | UInt32(k % 251) << 24 }
        XCTAssertGreaterThan(colours.count, 150_000)
        for width in [64 * 37, 1227] {
            let rows = (colours.count + width - 1) / width
            var pixels = [UInt32](repeating: 0xFF_FFFF, count: rows * width)
            pixels.replaceSubrange(0..<colours.count, with: colours)
            let words = (width + 63) / 64
            var bits = [UInt64](repeating: 0, count: words)
            for y in 0..<rows {
                pixels.withUnsafeBufferPointer { p in
                    bits.withUnsafeMutableBufferPointer { PageRules.InkBits.read(p.baseAddress! + y * width, width: width, into: $0) }
                }
                for x in 0..<width {
                    let p = pixels[y * width + x]
                    let ink = ((p >> 16) & 0xFF) * 3 + ((p >> 8) & 0xFF) * 6 + (p & 0xFF) < 2240
                    if (bits[x / 64] >> UInt64(x % 64)) & 1 != (ink ? 1 : 0) {
                        return XCTFail(String(format: "pixel %08X: ink %@", p, ink ? "yes" : "no"))
                    }
                }
            }
        }
    }

    func testScanGivesTheReferenceRules() {
        var generator = SeededGenerator(seed: 36)
        for round in 0..<12 {
            let width = 300 + round * 37, height = 420 + round * 23
            var pixels = [UInt32](repeating: 0xFFFFFF, count: width * height)
            func fill(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, _ colour: UInt32) {
                guard max(0, y0) < min(height, y1), max(0, x0) < min(width, x1) else { return }
                for y in max(0, y0)..<min(height, y1) { for x in max(0, x0)..<min(width, x1) { pixels[y * width + x] = colour } }
            }
            // Text-like ink: short strokes in lines of words.
            for y in stride(from: 10, to: height - 12, by: 24) {
                for x in stride(from: 5, to: width - 8, by: 6) where Int.random(in: 0..<3, using: &generator) > 0 {
                    fill(x, y, x + 2, y + Int.random(in: 3...11, using: &generator), 0x202020)
                }
            }
            // Rules: horizontal and vertical, 1 to 7 px thick (the limit is 5), dark or grey (grey
            // around the ink threshold), some past the edges, some crossing.
            for _ in 0..<14 {
                let thick = Int.random(in: 1...7, using: &generator), long = Int.random(in: 10...260, using: &generator)
                let x = Int.random(in: -20..<width, using: &generator), y = Int.random(in: -20..<height, using: &generator)
                let grey = UInt32([0x00, 0x80, 0xD8, 0xE0, 0xE6].randomElement(using: &generator)!)
                let colour = grey << 16 | grey << 8 | grey
                if Bool.random(using: &generator) { fill(x, y, x + long, y + thick, colour) } else { fill(x, y, x + thick, y + long, colour) }
            }
            let found = pixels.withUnsafeBytes { PageRules.rules($0.baseAddress!, stride: width * 4, width: width, height: height) }
            let reference = Reference.rules(pixels, width: width, height: height)
            XCTAssertEqual(found.horizontal, reference.horizontal, "round \(round)")
            XCTAssertEqual(found.vertical, reference.vertical, "round \(round)")
            XCTAssertFalse(reference.horizontal.isEmpty && reference.vertical.isEmpty, "round \(round) has rules")
        }
    }

    /// The rules read on a page's paths alone (`Drawing.paths`, CPopplerPaths) are those of the
    /// whole rendering (the reference) wherever no glyph is a rule: table rules stroked and
    /// filled (`|`, `\\hline`, `\\cline`, booktabs' rules), a frame, `\\rule`, dashed and
    /// half-transparent lines, a table scaled down to hairlines (drawn one pixel wide) and one
    /// rotated a quarter turn, a light cell shade over a rule. A run of em dashes is a rule of
    /// glyphs only the rendering sees, and `GlyphRules` says so; a page with a shading is
    /// rendered whole; a page of text alone has no rule either way.
    func testPathsGiveTheRenderingsRules() throws {
        let tmp = try TemporaryDirectory("page-paths")
        defer { try? FileManager.default.removeItem(at: tmp.url) }
        let source = """
        \\documentclass[11pt]{article}
        \\usepackage[T1]{fontenc}\\usepackage{lmodern}\\usepackage[a4paper,margin=2cm]{geometry}
        \\usepackage[table]{xcolor}\\usepackage{booktabs,graphicx,tikz}
        \\pagestyle{empty}
        \\begin{document}
        \\begin{tabular}{|l|r|}\\hline Planet & Moons \\\\ \\hline Earth & 1 \\\\ \\cline{2-2} Mars & 2 \\\\ \\hline\\end{tabular}
        \\quad
        \\begin{tabular}{lr}\\toprule Metal & Density \\\\ \\midrule Iron & 7.87 \\\\ \\rowcolor{gray!15} Gold & 19.3 \\\\ \\bottomrule\\end{tabular}

        \\bigskip
        \\fbox{A framed note} \\quad \\rule{6cm}{0.4pt}

        \\bigskip
        \\begin{tikzpicture}
        \\draw[dashed] (0,0) -- (5,0);
        \\draw[opacity=0.6, line width=0.8pt] (0,-0.5) -- (5,-0.5);
        \\draw[gray] (6,-1) -- (6,1);
        \\end{tikzpicture}

        \\bigskip
        \\scalebox{0.3}{\\begin{tabular}{|c|c|}\\hline Small & Table \\\\ \\hline One & Two \\\\ \\hline\\end{tabular}}
        \\quad
        \\rotatebox{90}{\\begin{tabular}{|c|c|}\\hline Turned & Table \\\\ \\hline Three & Four \\\\ \\hline\\end{tabular}}
        \\newpage
        A line drawn with dashes: ------------------ and the words go on.
        \\newpage
        \\begin{tikzpicture}\\shade[left color=black, right color=white] (0,0) rectangle (6,0.05);\\draw (0,1) -- (6,1);\\end{tikzpicture}
        \\newpage
        Only words on this page, in two short lines.

        And a second paragraph of words.
        \\end{document}

        """
        let url = try LaTeXPDFs.make("paths", source, in: tmp)
        let document = try PopplerDocumentRef(url: url, password: nil)
        XCTAssertEqual(document.pageCount, 4)
        var drawn: [PageRules.Drawing] = [], glyphs: [Bool] = [], counts: [Int] = []
        for index in 0..<document.pageCount {
            let page = try XCTUnwrap(document.page(at: index))
            let height = page.size.height
            let paths = PageRules.drawnRules(on: page, from: 0, to: height, drawing: .paths)
            let whole = PageRules.find(on: page, from: 0, to: height, drawing: .everything)
            drawn.append(paths.drawn)
            glyphs.append(GlyphRules.mayDrawRule(WordLines.group(page.scriptedWords().compactMap(TableBlocks.visible))))
            counts.append(whole.horizontal.count + whole.vertical.count)
            if index == 1 {
                // The dashes' rule: the rendering's alone.
                XCTAssertEqual(paths.horizontal.count + paths.vertical.count, 0)
                XCTAssertTrue(whole.horizontal.contains { $0.upper - $0.lower > 50 }, "\(whole.horizontal)")
                continue
            }
            XCTAssertEqual(paths.horizontal, whole.horizontal, "page \(index + 1)")
            XCTAssertEqual(paths.vertical, whole.vertical, "page \(index + 1)")
            // A band of the page: the same rules, cut by its edges.
            let band = PageRules.drawnRules(on: page, from: height * 0.1, to: height * 0.5, drawing: .paths)
            let wholeBand = PageRules.find(on: page, from: height * 0.1, to: height * 0.5, drawing: .everything)
            XCTAssertEqual(band.horizontal, wholeBand.horizontal, "page \(index + 1), band")
            XCTAssertEqual(band.vertical, wholeBand.vertical, "page \(index + 1), band")
        }
        XCTAssertEqual(drawn, [.paths, .paths, .everything, .paths])
        XCTAssertEqual(glyphs, [false, true, false, false])
        // Page 1: 4 + 2 + 3 + 2 + 1 + 3 + 3 horizontal rules and more, vertical ones; page 4 none.
        XCTAssertGreaterThan(counts[0], 20)
        XCTAssertEqual(counts[3], 0)
    }

    /// The scan as first written (commit 1db43c5's PageRules.find and segments).
    enum Reference {
        static func rules(_ pixels: [UInt32], width pw: Int, height ph: Int) -> (horizontal: [PageRule], vertical: [PageRule]) {
            var ink = [Bool](repeating: false, count: pw * ph)
            for y in 0..<ph {
                for x in 0..<pw {
                    let p = pixels[y * pw + x]
                    let lum = (Int((p >> 16) & 0xFF) * 3 + Int((p >> 8) & 0xFF) * 6 + Int(p & 0xFF)) / 10
                    ink[y * pw + x] = lum < 224
                }
            }
            return (segments(ink, width: pw, height: ph, transposed: false), segments(ink, width: pw, height: ph, transposed: true))
        }

        static func segments(_ ink: [Bool], width: Int, height: Int, transposed: Bool) -> [PageRule] {
            let scale = PageRules.scale
            let lines = transposed ? width : height, along = transposed ? height : width
            let minimum = Int(PageRules.minimumLength * scale), thickest = Int((PageRules.maximumThickness * scale).rounded(.up))
            struct Open { var first: Int; var last: Int; var lower: Int; var upper: Int; var seen: Bool }
            var open: [Open] = []
            var rules: [PageRule] = []
            func close(_ o: Open) {
                guard o.last - o.first + 1 <= thickest else { return }
                rules.append(PageRule(position: Double(o.first + o.last + 1) / 2 / scale,
                                      lower: Double(o.lower) / scale, upper: Double(o.upper + 1) / scale))
            }
            for line in 0..<lines {
                for k in open.indices { open[k].seen = false }
                var i = 0
                while i < along {
                    guard ink[transposed ? i * width + line : line * width + i] else { i += 1; continue }
                    var j = i
                    while j + 1 < along && ink[transposed ? (j + 1) * width + line : line * width + j + 1] { j += 1 }
                    if j - i + 1 >= minimum {
                        if let k = open.firstIndex(where: { o in !o.seen && min(o.upper, j) - max(o.lower, i) >= (max(o.upper, j) - min(o.lower, i)) * 8 / 10 }) {
                            open[k].last = line; open[k].seen = true
                            open[k].lower = min(open[k].lower, i); open[k].upper = max(open[k].upper, j)
                        } else {
                            open.append(Open(first: line, last: line, lower: i, upper: j, seen: true))
                        }
                    }
                    i = j + 1
                }
                var kept: [Open] = []
                for o in open { if o.seen { kept.append(o) } else { close(o) } }
                open = kept
            }
            open.forEach(close)
            return rules
        }
    }
}

/// SplitMix64: the same images every run.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
