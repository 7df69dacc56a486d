import IngestCore

/// One glyph of a line being built: where its bytes are in the line's text, its box (y grows
/// downwards) and its font size.
struct LineGlyph: Sendable {
    var start: Int, end: Int
    var x0: Float, y0: Float, x1: Float, y1: Float
    var size: Float
    /// A superior figure of the font (¹ ² ³ drawn at full size: see `SuperiorFigures`).
    var superior = false
}

/// Superscripts and subscripts of a PDF line (issue 33): pdflatex sets 10⁸, m² and H₂O's 2 as
/// smaller glyphs raised or lowered, and the text layer holds `108`, `m2`, `H2 O`. A run of glyphs
/// clearly smaller than the glyph it is attached to (no space between), whose middle sits clearly
/// above or below that glyph's middle, is written through `ScriptText` (`10⁸`, `H₂O`, `^(…)`).
/// A smaller word on the same baseline (an inline small-caps or footnote-size word) sits a little
/// low — its box is shorter and ends on the same baseline — so the subscript bar is set above
/// what that gives; a drop cap is larger, never smaller, than the line.
enum LineScripts {
    /// At most this share of the attached glyph's size.
    static let smaller: Float = 0.85
    /// Middle above the base glyph's middle by this share of its height: superscript.
    static let raised: Float = 0.1
    /// Middle below it by this share: subscript (a same-baseline 6-in-12 pt word gives ~0.12).
    static let lowered: Float = 0.16
    static let subscriptSize: Float = 0.55

    /// The line's bytes with its script runs rewritten, or nil when it has none.
    static func rewrite(_ bytes: [UInt8], glyphs: [LineGlyph]) -> [UInt8]? {
        guard glyphs.count >= 2 else { return nil }
        var smallest = Float.infinity, largest: Float = 0
        for g in glyphs { smallest = min(smallest, g.size); largest = max(largest, g.size) }
        guard smallest > 0, smallest < largest * smaller || glyphs.contains(where: \.superior) else { return nil }
        var out: [UInt8] = []
        var copied = 0                          // bytes of `bytes` already handled
        var i = 1
        var changed = false
        // The base of the script run just written, when the next glyph follows that run closely:
        // a script goes on (`SO₄²⁻`: the raised `2−` after the lowered `4` belongs to the `O`;
        // `10⁻¹⁹`: a superior `¹` after a raised sign).
        var carried: LineGlyph?
        var afterSuperscript = false
        while i < glyphs.count {
            let base = carried ?? glyphs[i - 1]
            let adjacent = carried != nil || glyphs[i].start == glyphs[i - 1].end
            let goesOnSuperscript = afterSuperscript
            carried = nil
            afterSuperscript = false
            // Superior figures after a letter or digit, with no space between, or going on with a
            // superscript just written: superscripts as they are.
            if glyphs[i].superior, adjacent,
               goesOnSuperscript || (!base.superior && base.x1 - 1 <= glyphs[i].x0 && isLetterOrDigit(bytes[base.start..<base.end])) {
                var j = i + 1
                while j < glyphs.count, glyphs[j].superior, glyphs[j].start == glyphs[j - 1].end { j += 1 }
                let text = String(decoding: bytes[glyphs[i].start..<glyphs[j - 1].end], as: UTF8.self)
                out += bytes[copied..<glyphs[i].start]
                out += Array(ScriptText.render(text, .superscript).utf8)
                copied = glyphs[j - 1].end
                changed = true
                // The next glyph is looked at with the last superior figure as its base: a raised
                // sign after it (`Cu²⁺`, the `⁺` set smaller) is part of the superscript.
                i = j
                continue
            }
            // A run: consecutive glyphs, no byte (space) between them nor before the first, all smaller.
            // A glyph poppler has no code for (a big delimiter of the math extension font, `\bigl[`,
            // written U+0001...) is drawn lower than the line: no base (a fraction beside it read `^(ab)`).
            guard adjacent, !isUncoded(bytes[base.start..<base.end]), glyphs[i].size < base.size * smaller,
                  glyphs[i].x0 - glyphs[i - 1].x1 < base.size * 0.15 else { i += 1; continue }
            var j = i + 1
            while j < glyphs.count, glyphs[j].start == glyphs[j - 1].end, glyphs[j].size < base.size * smaller,
                  abs(glyphs[j].size - glyphs[i].size) < 0.5 { j += 1 }
            let run = glyphs[i..<j]
            let top = run.map(\.y0).min()!, bottom = run.map(\.y1).max()!
            let height = base.y1 - base.y0
            let shift = ((top + bottom) - (base.y0 + base.y1)) / 2 / max(height, 0.1)
            // A tiny word on the baseline sits as low as a subscript: subscripts are at least
            // `subscriptSize` of their base (LaTeX 0.67, word processors 0.58).
            let position: ScriptText.Position? = shift < -raised ? .superscript
                : shift > lowered && glyphs[i].size >= base.size * subscriptSize ? .subscript : nil
            guard let position else { i = j; continue }
            let text = String(decoding: bytes[run.first!.start..<run.last!.end], as: UTF8.self)
            out += bytes[copied..<run.first!.start]
            out += Array(ScriptText.render(text, position).utf8)
            copied = run.last!.end
            // Poppler ends a word where the font changes and puts a space there even with no gap
            // (`H2 O`): dropped when the next glyph follows the run closely.
            var follows = false
            if j < glyphs.count, glyphs[j].start >= copied,
               bytes[copied..<glyphs[j].start].allSatisfy({ $0 == 0x20 }),
               glyphs[j].x0 - run.last!.x1 < base.size * 0.12 {
                copied = glyphs[j].start
                follows = true
            }
            changed = true
            // A script that goes on after the run, against the same base: another smaller run
            // (a superscript after a subscript), or superior figures after a raised sign.
            if follows, position == .superscript && glyphs[j].superior || glyphs[j].size < base.size * smaller {
                carried = base
                afterSuperscript = position == .superscript
                i = j
                continue
            }
            i = j + 1
        }
        guard changed else { return nil }
        guard copied <= bytes.count else { return nil }
        out += bytes[copied...]
        return out
    }
}

/// A glyph written as a control character: poppler's text for a glyph it has no code for.
private func isUncoded(_ bytes: ArraySlice<UInt8>) -> Bool {
    bytes.count == 1 && bytes.first! < 0x20
}

/// A letter or a digit.
private func isLetterOrDigit(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard let scalar = String(decoding: bytes, as: UTF8.self).unicodeScalars.first else { return false }
    return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
}
