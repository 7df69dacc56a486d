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
    /// A run's glyphs whose middles are further apart than this share of its first glyph's height
    /// are two runs (a subscript then a superscript: 0.86 in LibreOffice's `SO₄²⁻`).
    static let jump: Float = 0.4

    /// One script run written: `range` of the line's bytes (the run, and the space poppler put
    /// after it when the next glyph follows closely) becomes `text`.
    struct Edit: Sendable, Equatable {
        var range: Range<Int>
        var text: [UInt8]
    }

    /// Where ink is drawn: for a box of the page and the x ranges of glyphs in it, each glyph's
    /// ink top and bottom inside the box (nil: none seen). A rendering: see `settled`.
    typealias Ink = (_ box: (x0: Float, y0: Float, x1: Float, y1: Float), _ columns: [(x0: Float, x1: Float)])
        -> [(top: Float, bottom: Float)?]

    /// The line's bytes with its script runs rewritten, or nil when it has none.
    static func rewrite(_ bytes: [UInt8], glyphs: [LineGlyph], ink: Ink? = nil) -> [UInt8]? {
        let edits = self.edits(bytes, glyphs: glyphs, ink: ink)
        guard !edits.isEmpty else { return nil }
        return apply(edits, to: bytes[...])
    }

    /// `bytes` with `edits` (in order, inside `bytes`' indices) written over it.
    static func apply(_ edits: some Sequence<Edit>, to bytes: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        var copied = bytes.startIndex
        for edit in edits {
            out += bytes[copied..<edit.range.lowerBound]
            out += edit.text
            copied = edit.range.upperBound
        }
        out += bytes[copied...]
        return out
    }

    /// The line's script runs, in order (none when it has none). `glyphs` are the line's glyphs
    /// other than spaces, in order, their `start`/`end` offsets into `bytes`.
    static func edits(_ bytes: [UInt8], glyphs: [LineGlyph], ink: Ink? = nil) -> [Edit] {
        guard glyphs.count >= 2 else { return [] }
        var smallest = Float.infinity, largest: Float = 0
        for g in glyphs { smallest = min(smallest, g.size); largest = max(largest, g.size) }
        guard smallest > 0, smallest < largest * smaller || glyphs.contains(where: \.superior) else { return [] }
        let glyphs = ink.map { settled(glyphs, largest: largest, ink: $0) } ?? glyphs
        var edits: [Edit] = []
        var copied = 0                          // bytes of `bytes` already handled
        var i = 1
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
                edits.append(Edit(range: glyphs[i].start..<glyphs[j - 1].end, text: Array(ScriptText.render(text, .superscript).utf8)))
                copied = glyphs[j - 1].end
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
            // The run ends where its glyphs jump up or down: LibreOffice sets `SO~4~^2−^` as a
            // lowered 4 and a raised 2− of one size with nothing between (read as one run, its
            // middle the base's: `SO42−`).
            // Glyphs smaller still inside the run are its own scripts (`2^{|X_A|}`: the A lowered
            // under the X, then the run goes on; `e^{-x^2}`): read with the run, as a line of its
            // own. Poppler puts a space where the font changes even with no gap: next to them, a
            // space before a glyph that follows closely stays inside the run.
            var j = i + 1
            var nested = false
            func isNested(_ g: LineGlyph) -> Bool { abs(g.size - glyphs[i].size) >= 0.5 }
            while j < glyphs.count, glyphs[j].size < base.size * smaller {
                let touching = glyphs[j].start == glyphs[j - 1].end
                let spaced = !touching && glyphs[j].start > glyphs[j - 1].end
                    && bytes[glyphs[j - 1].end..<glyphs[j].start].allSatisfy({ $0 == 0x20 })
                    && glyphs[j].x0 - glyphs[j - 1].x1 < base.size * 0.12
                if !isNested(glyphs[j]) {
                    guard level(glyphs[j], glyphs[i]), touching || spaced && isNested(glyphs[j - 1]) else { break }
                } else if glyphs[j].size < glyphs[i].size * smaller {
                    guard touching || spaced else { break }
                    nested = true
                } else {
                    break
                }
                j += 1
            }
            let run = glyphs[i..<j]
            let main = run.filter { abs($0.size - glyphs[i].size) < 0.5 }
            let top = main.map(\.y0).min()!, bottom = main.map(\.y1).max()!
            let height = base.y1 - base.y0
            let shift = ((top + bottom) - (base.y0 + base.y1)) / 2 / max(height, 0.1)
            // A tiny word on the baseline sits as low as a subscript: subscripts are at least
            // `subscriptSize` of their base (LaTeX 0.67, word processors 0.58).
            let position: ScriptText.Position? = shift < -raised ? .superscript
                : shift > lowered && glyphs[i].size >= base.size * subscriptSize ? .subscript : nil
            // No script: its smaller glyphs are still looked at, against the glyph before them.
            guard let position else { i = nested ? (i + 1..<j).first { isNested(glyphs[$0]) }! : j; continue }
            var runBytes = Array(bytes[run.first!.start..<run.last!.end])
            if nested {
                // The run's glyphs side by side (the spaces inside it dropped), read as a line.
                var inner: [LineGlyph] = [], innerBytes: [UInt8] = []
                for g in run {
                    var moved = g
                    moved.start = innerBytes.count
                    innerBytes += bytes[g.start..<g.end]
                    moved.end = innerBytes.count
                    inner.append(moved)
                }
                runBytes = apply(Self.edits(innerBytes, glyphs: inner), to: innerBytes[...])
            }
            let text = String(decoding: runBytes, as: UTF8.self)
            edits.append(Edit(range: run.first!.start..<run.last!.end, text: Array(ScriptText.render(text, position).utf8)))
            copied = run.last!.end
            // Poppler ends a word where the font changes and puts a space there even with no gap
            // (`H2 O`): dropped when the next glyph follows the run closely.
            var follows = false
            if j < glyphs.count, glyphs[j].start >= copied,
               bytes[copied..<glyphs[j].start].allSatisfy({ $0 == 0x20 }),
               glyphs[j].x0 - run.last!.x1 < base.size * 0.12 {
                copied = glyphs[j].start
                edits[edits.count - 1].range = run.first!.start..<copied
                follows = true
            }
            // A script that goes on after the run, against the same base: another smaller run
            // (a superscript after a subscript), or superior figures after a raised sign or a
            // subscript (`SO₄²⁻` typed in Unicode: a lowered 4, then textcomp's superior ²).
            if follows, glyphs[j].superior || glyphs[j].size < base.size * smaller {
                carried = base
                afterSuperscript = position == .superscript
                i = j
                continue
            }
            i = j + 1
        }
        guard copied <= bytes.count else { return [] }
        return edits
    }
}

extension LineScripts {
    /// Boxes taller than this share of what their size gives are stretched (`settled`).
    static let stretched: Float = 1.35

    /// `glyphs` with the boxes of stretched smaller glyphs set where their ink is. Poppler gives
    /// the glyphs of one of its words one box: LibreOffice's `SO~4~^2−^` is one word `42−` whose
    /// box runs from the raised 2's top to the lowered 4's bottom (15.1 pt for 7 pt glyphs, whose
    /// box alone is 9.1), so the run's middle is its base's. The page drawn there tells which
    /// glyph is up and which down: each gets a box of its size's height at the top or the bottom
    /// of the stretched one. Glyphs whose ink is about the middle keep their box.
    static func settled(_ glyphs: [LineGlyph], largest: Float, ink: Ink) -> [LineGlyph] {
        // Box height per point of size, as the line's full-size glyphs have it.
        let ratios = glyphs.filter { $0.size >= largest * 0.95 && $0.size > 0 }.map { ($0.y1 - $0.y0) / $0.size }.sorted()
        guard !ratios.isEmpty else { return glyphs }
        let ratio = ratios[ratios.count / 2]
        func isStretched(_ g: LineGlyph) -> Bool { g.size > 0 && g.size < largest * smaller && g.y1 - g.y0 > g.size * ratio * stretched }
        guard glyphs.contains(where: isStretched) else { return glyphs }
        var out = glyphs
        var i = 0
        while i < out.count {
            guard isStretched(out[i]) else { i += 1; continue }
            // The stretched glyphs of one box, one after the other.
            var j = i + 1
            while j < out.count, isStretched(out[j]), out[j].y0 == out[i].y0, out[j].y1 == out[i].y1 { j += 1 }
            let top = out[i].y0, bottom = out[i].y1, height = bottom - top
            let box = (x0: out[i..<j].map(\.x0).min()!, y0: top, x1: out[i..<j].map(\.x1).max()!, y1: bottom)
            // A glyph's ink away from its neighbours' (kerning may overlap boxes a little).
            let columns = out[i..<j].map { g in (x0: g.x0 + (g.x1 - g.x0) * 0.15, x1: g.x1 - (g.x1 - g.x0) * 0.15) }
            for (k, seen) in zip(i..<j, ink(box, columns)) {
                guard let seen else { continue }
                let middle = (seen.top + seen.bottom) / 2, expected = out[k].size * ratio
                if middle < top + height * 0.4 { out[k].y1 = top + expected } else if middle > bottom - height * 0.4 { out[k].y0 = bottom - expected }
            }
            i = j
        }
        return out
    }
}

/// Whether `glyph` sits at the height of `first`: their middles less than `LineScripts.jump` of
/// `first`'s height apart.
private func level(_ glyph: LineGlyph, _ first: LineGlyph) -> Bool {
    abs((glyph.y0 + glyph.y1) - (first.y0 + first.y1)) / 2 < (first.y1 - first.y0) * LineScripts.jump
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
