import IngestCore

/// Math inside a line of text: the stretch of words that hold a math font's glyph, with the
/// figures, operators and function names next to them, written `$…$`; the words of text around
/// it as they are. Poppler's spaces separate the words.
enum InlineMath {
    /// The line's text with its math as `$…$`, or nil when the glyphs do not give back the line's
    /// own words or a formula is not read surely (then the line is left as the text reader wrote
    /// it, exponents kept).
    static func rewrite(_ glyphs: [MathGlyph], line: String, radicalEnd ink: MathInk) -> String? {
        // The same letters and figures as the line, in the same order, or nothing is changed.
        // (Counted, not ordered: stacked parts of a formula are lines of their own in the text.)
        // (Asked first: it needs no reading of the formulas.)
        guard key(glyphs.map(\.text).joined()) == key(line) else { return nil }
        // Words: runs of glyphs between spaces.
        var words: [[MathGlyph]] = [[]]
        // Poppler puts a space where the font changes even with no gap (`H2 O`): such a space
        // does not end a word (as in `LineScripts`).
        for (k, g) in glyphs.enumerated() {
            if g.isSpace {
                let next = glyphs[(k + 1)...].first { !$0.isSpace }
                if let last = words.last?.last, let next, next.x0 - last.x1 < 0.12 * max(last.size, next.size) { continue }
                if !words.last!.isEmpty { words.append([]) }
            } else { words[words.count - 1].append(g) }
        }
        if words.last!.isEmpty { words.removeLast() }
        guard !words.isEmpty else { return nil }
        enum Kind { case math, neutral, text }
        var kinds: [Kind] = words.map { w in
            // Glyphs one over the other (a fraction's `sin x` over `cos x`, met left to right as
            // `csoins`) are no word of text.
            if stacked(w) { return .math }
            if w.contains(where: { MathText.isTextLetter($0) }) {
                let letters = String(w.filter { MathText.isTextLetter($0) }.map { Character($0.text) })
                let mathy = w.contains(where: signsMath)
                return mathy && LaTeXSymbols.functions.contains(letters) ? .math
                    // (After an opening bracket: `(ln u)'`.)
                    : LaTeXSymbols.functions.contains(letters) && w.allSatisfy({ MathText.isTextLetter($0) || "([".contains($0.text) }) ? .neutral : .text
            }
            if w.contains(where: signsMath) { return .math }
            return .neutral
        }
        // Upright words of the formula (`H₃O⁺`, `mol⁻¹`, `pH =`): MathUpright.
        for k in MathUpright.mathWords(words, math: kinds.map { $0 == .math }) { kinds[k] = .math }
        var pieces: [String] = []
        var k = 0
        while k < words.count {
            guard kinds[k] == .math else { pieces.append(plain(words[k])); k += 1; continue }
            // The run: back over function names and opening brackets, on over neutral words.
            var first = k
            while first > 0, kinds[first - 1] == .neutral, startsMath(words[first - 1]) { first -= 1 }
            // A formula starts with no operator: the number before it is its first term (`3/4 ×`,
            // an inline fraction of figures poppler makes one word).
            if first == k, k > 0, kinds[k - 1] == .neutral, words[k - 1].allSatisfy({ $0.startsWithNumber }),
               let op = words[k].first?.text, "×+−=·÷<>≤≥".contains(op) { first -= 1 }
            var last = k
            while last + 1 < words.count, kinds[last + 1] != .text { last += 1 }
            while last > k, kinds[last] == .neutral, words[last].allSatisfy({ ".,;:".contains($0.text) }) { last -= 1 }
            // Words before `first` were written as text: they go into the formula.
            pieces.removeLast(k - first)
            var run = Array(words[first...last].joined())
            var trailing = ""
            while let g = run.last, g.font == .text, ".,;:".contains(g.text) { trailing = g.text + trailing; run.removeLast() }
            guard let read = MathLayout.read(run, radicalEnd: ink), read.sure else { return nil }
            pieces.append("$" + read.latex + "$" + trailing)
            k = last + 1
        }
        return pieces.joined(separator: " ")
    }

    /// Whether a glyph makes its word math: a math font's or a Greek letter's, but not one of the
    /// ASCII signs a TeX text font in the OT1 encoding has no glyph for, which TeX takes from the
    /// math fonts in plain text too (`<` `>` `|` from cmmi/cmsy, `{` `}` `\` from cmsy): gnuplot.pdf's
    /// `'}'`, `1>` and `gnuplot->(` are text, and were written `$’\}’$`, `$1>$`, `$gnuplot->($`.
    /// Such a sign is still part of a formula that something else makes math (`$2x + 3 > 7$`,
    /// `$|x|$`): the words around a math word go into its run.
    static func signsMath(_ g: MathGlyph) -> Bool {
        guard g.font.isMath || g.startsWithGreek else { return false }
        return !borrowedSigns.contains(g.text)
    }

    /// The ASCII signs OT1 text fonts lack (`signsMath`).
    static let borrowedSigns: Set<String> = ["<", ">", "|", "{", "}", "\\"]

    /// Whether `c` is one of `borrowedSigns`.
    static func borrowed(_ c: Unicode.Scalar) -> Bool {
        c == "<" || c == ">" || c == "|" || c == "{" || c == "}" || c == "\\"
    }

    /// The letters and figures of `s`, sorted: what a rewriting keeps of a line.
    static func key(_ s: String) -> String {
        if s.utf8.allSatisfy({ $0 < 0x80 }) {
            // (ASCII, most lines: its own compatibility form, its letters and figures by byte.)
            let kept = s.utf8.filter { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
            return String(decoding: kept.sorted(), as: UTF8.self)
        }
        // By scalar: a combining accent (`⃗`) fuses with whatever precedes it, not the same in both.
        let kept = s.decomposedStringWithCompatibilityMapping.unicodeScalars.filter { Character($0).isLetter || Character($0).isNumber }
        return String(String.UnicodeScalarView(kept.sorted { $0.value < $1.value }))
    }

    /// A word of text as the line reader writes it: smaller raised or lowered glyphs as scripts
    /// (`(CO₂)`, `xₘₐₓ`), by `LineScripts` itself.
    static func plain(_ word: [MathGlyph]) -> String {
        var bytes: [UInt8] = []
        var placed: [LineGlyph] = []
        for g in word {
            let start = bytes.count
            bytes += Array(g.text.utf8)
            placed.append(LineGlyph(start: start, end: bytes.count, x0: Float(g.x0), y0: Float(g.y0), x1: Float(g.x1), y1: Float(g.y1),
                                    size: Float(g.size)))
        }
        return String(decoding: LineScripts.rewrite(bytes, glyphs: placed) ?? bytes, as: UTF8.self)
    }

    /// Whether two glyphs of the word sit one over the other (overlapping across, not up and down).
    static func stacked(_ word: [MathGlyph]) -> Bool {
        for (k, a) in word.enumerated() {
            for b in word[(k + 1)...] {
                let across = min(a.x1, b.x1) - max(a.x0, b.x0)
                if across > 0.3 * min(a.x1 - a.x0, b.x1 - b.x0), across > 0, a.y1 <= b.y0 + 0.5 || b.y1 <= a.y0 + 0.5 { return true }
            }
        }
        return false
    }

    /// A neutral word that can open a formula: a function name or an opening bracket.
    static func startsMath(_ word: [MathGlyph]) -> Bool {
        let text = word.map(\.text).joined()
        return LaTeXSymbols.functions.contains(String(text.drop { "([".contains($0) })) || text == "(" || text == "[" || text == "|" || text == "−" || text == "-"
    }
}
