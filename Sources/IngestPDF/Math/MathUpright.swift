import IngestCore

/// Upright text inside TeX math (issue 36): `\text{pH}`, `\text{card}(\Omega)`, units
/// (`\text{ mol}^{-1}`, `\text{ W/m}^2`), chemistry (`\text{H}_3\text{O}^+`, `\text{Fe(OH)}_3`,
/// `\text{NaCl} \rightarrow …`) and prescripts (`{}^{14}_{6}\text{C}`). TeX takes these letters from
/// the text font, as it does the words around the formula (pdflatex even embeds one font file for
/// both), so no font tells them apart; their shape does: element symbols or units carrying
/// scripts, a short name glued to a math glyph, a short word an operator joins to math.
enum MathUpright {
    /// Words of a line (glyphs between poppler's spaces) that are math set upright, given which
    /// words are already known to be math: indices into `words`. A word of upright letters with a
    /// math glyph among them (`card(Ω)`, `pKₐ`, `10⁻ᵖᴴ`) or an isotope (`¹⁴₆C`) is math by itself;
    /// element symbols or units with their scripts (`H₃O⁺`, `mol⁻¹`) only next to math, across
    /// figures and operators (`× 10²³ mol⁻¹`, `CO₂ + H₂O ⇌`): in a sentence, `(CO₂)` or `12 m²` set
    /// with `\\textsubscript` look the same and stay text. A short upright word is math where an
    /// operator joins it to math (`pH = …`, `… → Cu`).
    static func mathWords(_ words: [[MathGlyph]], math known: [Bool]) -> [Int] {
        var math = known
        let own = words.map(isMathWord)
        for k in words.indices where !math[k] && own[k] && (hasMathGlyph(words[k]) || isIsotope(words[k])) { math[k] = true }
        func neutral(_ k: Int) -> Bool {
            let limit = fullLimit(words[k])
            return !math[k] && (!words[k].contains { $0.size >= limit && MathText.isTextLetter($0) } || isFunctionWord(words[k]))
        }
        // Math reached from word k, one way, across neutral words only.
        func reaches(_ k: Int, _ step: Int) -> Bool {
            var j = k + step
            while words.indices.contains(j) {
                if math[j] { return true }
                if !neutral(j) { return false }
                j += step
            }
            return false
        }
        // To a fixed point (`NaCl → Na⁺`: the arrow takes `Na⁺`, which then takes `NaCl`).
        var grew = true
        while grew {
            grew = false
            for k in words.indices where !math[k] {
                let joins = own[k] ? reaches(k, -1) || reaches(k, 1)
                    : isShortUpright(words[k]) && (k + 2 < words.count && isOperator(words[k + 1]) && math[k + 2]
                        || k >= 2 && isOperator(words[k - 1]) && math[k - 2])
                if joins { math[k] = true; grew = true }
            }
        }
        return words.indices.filter { math[$0] && !known[$0] }
    }

    /// (Not by an ASCII sign an OT1 text font lacks, `InlineMath.signsMath`: gnuplot.pdf's `<min>`
    /// is no `$<\\min>$`.)
    static func hasMathGlyph(_ word: [MathGlyph]) -> Bool { word.contains(where: InlineMath.signsMath) }

    /// Raised and lowered figures before element symbols: an isotope's mass and atomic numbers.
    static func isIsotope(_ word: [MathGlyph]) -> Bool {
        let limit = fullLimit(word)
        guard let first = word.firstIndex(where: { $0.size >= limit && MathText.isTextLetter($0) }), first >= 2 else { return false }
        let before = word[..<first], base = word[first].y1 - MathLayout.descent * word[first].size
        let shifts = before.map { $0.y1 - MathLayout.descent * $0.size - base }
        return before.allSatisfy { !($0.size >= limit) && $0.startsWithNumber }
            && shifts.allSatisfy { abs($0) > 0.1 * word[first].size }
            && shifts.contains { $0 < -0.1 * word[first].size } && shifts.contains { $0 > 0.1 * word[first].size }
    }

    /// Whether a line's glyphs (spaces left out) are a display equation's row holding upright
    /// words: every word is math (math fonts, figures, operators, function names, upright words as
    /// `mathWords` finds them, a unit after a number or a symbol: `π rad`), one glyph at least in a
    /// math font, and one word at least is upright (else `PageFormulas.onlyMath` decides).
    static func onlyMath(_ glyphs: [MathGlyph]) -> Bool {
        // (This runs on every line of every page: the words are made only where a test below can
        // pass - a unit has four letters at most, concentrations end with `]`, the rest needs a
        // math font.)
        let mathFont = glyphs.contains { $0.font.isMath }
        guard mathFont || glyphs.lazy.filter({ !$0.isSpace }).count <= 4 || glyphs.contains(where: { $0.text == "]" }) else { return false }
        let words = split(glyphs)
        // A unit alone on its line: a display's last word set apart by a fraction (`\\frac{\\pi}{2}\\text{ rad}`).
        if words.count == 1, words[0].allSatisfy({ MathText.isTextLetter($0) }), isUnit(letters(words[0])) { return true }
        // Concentrations alone (`[\\text{D}]`, `[\\text{Ox}]`): a fraction's part poppler set on a line of its own.
        if concentrations(glyphs) { return true }
        guard mathFont else { return false }
        // A word that stays text whatever its neighbours (below) makes the line no display row:
        // most lines of text holding a math glyph (a manual's `{<min>}`) end here, their words
        // not weighed one by one.
        if words.contains(where: staysText) { return false }
        let plain = words.map { w in
            let limit = fullLimit(w)
            return !w.contains { $0.size >= limit && MathText.isTextLetter($0) } || isFunctionWord(w)
        }
        guard plain.contains(false) else { return false }
        var math = plain
        for k in mathWords(words, math: plain) { math[k] = true }
        for k in words.indices where !math[k] {
            // A unit right after a number or a symbol (`π rad`, `3 m`), last or before an operator.
            let text = letters(words[k])
            guard k > 0, plain[k - 1], !isOperator(words[k - 1]), isUnit(text), text.count == words[k].count,
                  k + 1 == words.count || isOperator(words[k + 1]) else { return false }
            math[k] = true
        }
        return math.allSatisfy { $0 }
    }

    /// A word no test of `onlyMath` makes math: four upright letters or more, all of one size
    /// (no script), no math glyph among them, and no function name, unit or element symbols
    /// (which `isMathWord` and `isShortUpright` could take).
    static func staysText(_ word: [MathGlyph]) -> Bool {
        guard let size = word.first?.size, word.allSatisfy({ MathText.isTextLetter($0) && $0.size == size }) else { return false }
        let text = letters(word)
        return text.count >= 4 && !LaTeXSymbols.functions.contains(text) && !isUnit(text) && !isElements(text)
    }

    /// Lines `onlyMath` made math for their upright words (a word of two upright letters or more
    /// that is no function name) that are pieces of a row of text poppler cut (`… : CO₂+H₂O ⇀` /
    /// `↽ HCO⁻` / `₃ +H⁺. La masse…`): full-size glyphs on the baseline of a line of text beside
    /// them. They stay text, read with that row (a display is a row of its own).
    static func keepRowsWhole(_ isMath: inout [Bool], _ lines: [TextLine], _ glyphs: [[MathGlyph]]) {
        func baselines(_ g: [MathGlyph]) -> [(Double, Double)] {
            let size = g.map(\.size).max() ?? 0
            return g.filter { $0.size >= 0.85 * size }.map { ($0.y1 - MathLayout.descent * $0.size, $0.size) }
        }
        for i in lines.indices where isMath[i] && !glyphs[i].isEmpty {
            let words = split(glyphs[i])
            guard words.contains(where: { w in runs(w).contains { $0.text.count >= 2 && !LaTeXSymbols.functions.contains($0.text) } }),
                  onlyMath(glyphs[i]) else { continue }
            let mine = baselines(glyphs[i])
            let beside = lines.indices.contains { t in
                guard t != i, !isMath[t], !glyphs[t].isEmpty, lines[t].x0 < lines[i].x1 + 20, lines[t].x1 > lines[i].x0 - 20 else { return false }
                return baselines(glyphs[t]).contains { b in mine.contains { abs($0.0 - b.0) < 0.1 * $0.1 && abs($0.1 - b.1) < 0.3 } }
            }
            if beside { isMath[i] = false }
        }
    }

    /// Math lines that are a few script glyphs set right at the edge of a full-size glyph of a line
    /// of text on their row, raised or lowered from it (`H⁺`'s charge, a poppler line of its own):
    /// that line's scripts, never grouped with the math lines above or below them (the display
    /// over `… H⁺` is no part of it).
    static func loneScripts(_ isMath: [Bool], _ lines: [TextLine], _ glyphs: [[MathGlyph]]) -> Set<Int> {
        var out = Set<Int>()
        for i in lines.indices where isMath[i] && !glyphs[i].isEmpty && glyphs[i].count <= 3 {
            guard let first = glyphs[i].min(by: { $0.x0 < $1.x0 }) else { continue }
            let found = lines.indices.contains { t in
                guard t != i, !isMath[t], lines[t].y0 < lines[i].y1, lines[t].y1 > lines[i].y0 else { return false }
                return glyphs[t].contains { b in
                    let shift = (first.y1 - MathLayout.descent * first.size) - (b.y1 - MathLayout.descent * b.size)
                    // (A script overlaps its base's box up and down: a numerator's charge over a denominator is none.)
                    return abs(first.x0 - b.x1) < 0.6 && glyphs[i].allSatisfy { $0.size < 0.85 * b.size } && abs(shift) > 0.1 * b.size
                        && abs(shift) < 0.6 * b.size && first.y1 > b.y0 && first.y0 < b.y1
                }
            }
            if found { out.insert(i) }
        }
        return out
    }

    /// Whether a line with no math font holds upright math by itself (`card(Ω)`: TeX sets it and an
    /// upper-case Greek letter from the text font; an isotope `¹⁴₆C`): its inline math is looked for
    /// as in lines with math fonts.
    static func holdsUpright(_ glyphs: [MathGlyph]) -> Bool {
        // (Runs on every line of text: both tests below need a math or Greek glyph, or one smaller
        // than the line's full size - a script; most lines have none and skip making words.)
        let lineSize = glyphs.map(\.size).max() ?? 0
        guard glyphs.contains(where: { $0.font.isMath || $0.size < 0.85 * lineSize || $0.startsWithGreek })
        else { return false }
        let words = split(glyphs)
        if words.contains(where: { isMathWord($0) && (hasMathGlyph($0) || isIsotope($0)) }) { return true }
        // Its last word small raised figures after a space (poppler cut the row at an isotope's
        // mass number: `Formule : ¹⁴` / `₆C fin.`), not a footnote's mark (glued to its word).
        guard words.count >= 2, let last = words.last, let size = glyphs.map(\.size).max(),
              last.allSatisfy({ $0.size < 0.85 * size && $0.startsWithNumber }) else { return false }
        let base = words[words.count - 2].filter { $0.size >= 0.85 * size }.map { $0.y1 - MathLayout.descent * $0.size }.max() ?? 0
        return last.contains { $0.y1 - MathLayout.descent * $0.size < base - 0.1 * size }
    }

    /// Whether a reading holds scripts stacked on one base or before an empty one (`\\mathrm{HCO}_{3}^{-}`,
    /// `{}^{14}_{6}`): poppler cuts a row of text there as at a fraction.
    static func stacksScripts(_ latex: String) -> Bool {
        latex.contains("{}^") || latex.contains("{}_") || latex.range(of: #"_\{[^{}]*\}\^\{"#, options: .regularExpression) != nil
    }

    // MARK: Words

    /// Glyphs (spaces left out, page order) cut into words where a gap is wider than a thin space.
    static func split(_ glyphs: [MathGlyph]) -> [[MathGlyph]] {
        var out: [[MathGlyph]] = []
        for g in glyphs.sorted(by: { $0.x0 < $1.x0 || $0.x0 == $1.x0 && $0.index < $1.index }) where !g.isSpace {
            if let word = out.last, let last = word.max(by: { $0.x1 < $1.x1 }), g.x0 - last.x1 < 0.15 * max(last.size, g.size) {
                out[out.count - 1].append(g)
            } else { out.append([g]) }
        }
        return out
    }

    /// Whether a glyph is of the word's full size (not one of its scripts).
    static func full(_ g: MathGlyph, in word: [MathGlyph]) -> Bool { g.size >= fullLimit(word) }

    /// The size from which a glyph of the word is full size (found once per word by the loops
    /// below: asked glyph by glyph, it made them quadratic).
    static func fullLimit(_ word: [MathGlyph]) -> Double { 0.85 * (word.map(\.size).max() ?? 0) }

    static func letters(_ word: [MathGlyph]) -> String { String(word.filter { MathText.isTextLetter($0) }.map(\.text).joined()) }

    static func isFunctionWord(_ w: [MathGlyph]) -> Bool {
        w.allSatisfy { MathText.isTextLetter($0) } && LaTeXSymbols.functions.contains(letters(w))
    }

    static let operators: Set<String> = ["=", "+", "−", "→", "←", "↔", "⇌", "⇋", "⇒", "⇔", "×", "<", ">", "≤", "≥", "≈", "≠", "⟶", "⇄", "·", "⋅"]

    static func isOperator(_ word: [MathGlyph]) -> Bool { !word.isEmpty && word.allSatisfy { operators.contains($0.text) } }

    /// Upright letters only (a chemical formula may hold parentheses): element symbols, a unit, or
    /// at most three letters (`pH`, `cte`).
    static func isShortUpright(_ word: [MathGlyph]) -> Bool {
        let limit = fullLimit(word)
        guard word.allSatisfy({ MathText.isTextLetter($0) || "()".contains($0.text) }), word.allSatisfy({ $0.size >= limit }) else { return false }
        let text = letters(word)
        guard !text.isEmpty else { return false }
        return text.count <= 3 || isUnit(text) || runs(word).allSatisfy { isElements($0.text) }
    }

    /// A script glyph of the word: smaller than its full-size glyphs and off the baseline of the
    /// full-size glyph before it (raised: `sup`).
    struct Script { var index: Int; var sup: Bool }

    static func scripts(_ word: [MathGlyph]) -> [Script] {
        var out: [Script] = []
        var base: MathGlyph?
        let limit = fullLimit(word)
        for (k, g) in word.enumerated() {
            if g.size >= limit { base = g; continue }
            guard let b = base else { continue }
            let shift = (g.y1 - MathLayout.descent * g.size) - (b.y1 - MathLayout.descent * b.size)
            if abs(shift) > 0.1 * b.size { out.append(Script(index: k, sup: shift < 0)) }
        }
        return out
    }

    /// Runs of full-size upright letters of a word, with where each starts and ends in it.
    static func runs(_ word: [MathGlyph]) -> [(text: String, from: Int, to: Int)] {
        var out: [(String, Int, Int)] = []
        var k = 0
        let limit = fullLimit(word)
        while k < word.count {
            guard MathText.isTextLetter(word[k]), word[k].size >= limit else { k += 1; continue }
            var j = k
            while j + 1 < word.count, MathText.isTextLetter(word[j + 1]), word[j + 1].size >= limit { j += 1 }
            out.append((word[k...j].map(\.text).joined(), k, j))
            k = j + 1
        }
        return out.map { (text: $0.0, from: $0.1, to: $0.2) }
    }

    /// Whether a word holding upright letters is math by its own shape: each run of its
    /// full-size upright letters is a function name, element symbols carrying a count or a charge
    /// (`H₃O⁺`, `Fe(OH)₃`), a unit carrying an exponent (`mol⁻¹`, `W/m²`), a name in brackets
    /// (`[AH]`), one or two letters glued to a math letter (`pKₐ`, `dx`) or a name applied to math
    /// (`card(Ω)`); and the word shows math (scripts or a math glyph). Letters only in scripts
    /// (`10⁻ᵖᴴ`) are math when the word holds a math glyph.
    static func isMathWord(_ word: [MathGlyph]) -> Bool {
        guard word.contains(where: { MathText.isTextLetter($0) }) else { return false }
        let subs = scripts(word)
        let mathGlyph = word.contains { $0.font.isMath || $0.startsWithGreek }
        // Figures set small before element symbols: an isotope's mass and atomic numbers (`¹⁴₆C`).
        let limit = fullLimit(word)
        func prescripted(_ k: Int) -> Bool { k > 0 && !(word[k - 1].size >= limit) && word[k - 1].startsWithNumber }
        guard !subs.isEmpty || mathGlyph || word.indices.contains(where: { prescripted($0) }) else { return false }
        // Every smaller glyph clearly raised or lowered (or an isotope's figures): one on the
        // baseline says the boxes do not show the baselines (a font whose descriptor gives no
        // ascent: poppler's boxes are its bounding box), and the scripts would be misread.
        let shifted = Set(subs.map(\.index))
        for k in word.indices where !(word[k].size >= limit) && !shifted.contains(k) {
            // A prescript: figures off the baseline of the letter they stand before.
            guard word[k].startsWithNumber, let b = word[(k + 1)...].first(where: { $0.size >= limit }),
                  abs((word[k].y1 - MathLayout.descent * word[k].size) - (b.y1 - MathLayout.descent * b.size)) > 0.1 * b.size else { return false }
        }
        let runs = runs(word)
        guard !runs.isEmpty else { return mathGlyph }
        let scriptAt = Dictionary(subs.map { ($0.index, $0.sup) }, uniquingKeysWith: { a, _ in a })
        // Chemistry: a count (lowered figures) or a charge (raised + or −) somewhere in the word.
        let chemistry = subs.contains { s in
            let t = word[s.index].text
            return s.sup ? t == "+" || t == "−" || t == "-" : t.first?.isNumber == true
        }
        // The script group right after position `k` (the glyphs that follow it and are scripts).
        func scriptAfter(_ k: Int) -> Bool { k + 1 < word.count && scriptAt[k + 1] != nil }
        func mathLetter(_ k: Int) -> Bool {
            guard word.indices.contains(k) else { return false }
            let g = word[k]
            return g.font == .italic && Character(g.text).isLetter
        }
        for (n, r) in runs.enumerated() {
            if LaTeXSymbols.functions.contains(r.text) { continue }
            if isElements(r.text), chemistry || prescripted(r.from) { continue }
            if isUnit(r.text) {
                // A unit chain (`W/m²`, `m·s⁻¹`): the exponent on its last unit.
                var m = n, to = r.to
                while m + 1 < runs.count, runs[m + 1].from == to + 2, "/·.".contains(word[to + 1].text), isUnit(runs[m + 1].text) {
                    m += 1; to = runs[m].to
                }
                if scriptAfter(to), scriptAt[to + 1] == true { continue }
            }
            if r.from > 0, word[r.from - 1].text == "[", r.to + 1 < word.count, word[r.to + 1].text == "]", r.text.count <= 4 { continue }
            if r.text.count <= 2, mathLetter(r.from - 1) && word[r.from].x0 - word[r.from - 1].x1 < 0.6
                || mathLetter(r.to + 1) && word[r.to + 1].x0 - word[r.to].x1 < 0.6 { continue }
            if mathGlyph, r.to + 1 < word.count, word[r.to + 1].text == "(" { continue }
            return false
        }
        return true
    }

    /// Glyphs that are concentrations only, left to right (a gap inside one is where a charge set on
    /// another poppler line stands: `[A` `⁻` `]`).
    static func concentrations(_ glyphs: [MathGlyph]) -> Bool {
        var groups: [[MathGlyph]] = [], current: [MathGlyph] = []
        for g in glyphs.sorted(by: { $0.x0 < $1.x0 }) where !g.isSpace {
            current.append(g)
            if g.text == "]" { groups.append(current); current = [] }
        }
        return current.isEmpty && !groups.isEmpty && groups.allSatisfy(isConcentration)
    }

    /// `[X]` with X element symbols or a short capitalised name (`[AH]`, `[Ox]`, `[Red]`).
    static func isConcentration(_ word: [MathGlyph]) -> Bool {
        guard word.count >= 3, word.first?.text == "[", word.last?.text == "]" else { return false }
        let inner = word.dropFirst().dropLast()
        guard inner.allSatisfy({ MathText.isTextLetter($0) }) else { return false }
        let text = inner.map(\.text).joined()
        return isElements(text) || text.count <= 3 && text.first!.isUppercase
    }

    // MARK: Names

    static let elements: Set<String> = Set("""
    H He Li Be B C N O F Ne Na Mg Al Si P S Cl Ar K Ca Sc Ti V Cr Mn Fe Co Ni Cu Zn Ga Ge As Se Br Kr Rb Sr Y Zr Nb Mo \
    Tc Ru Rh Pd Ag Cd In Sn Sb Te I Xe Cs Ba La Ce Pr Nd Pm Sm Eu Gd Tb Dy Ho Er Tm Yb Lu Hf Ta W Re Os Ir Pt Au Hg Tl Pb \
    Bi Po At Rn Fr Ra Ac Th Pa U Np Pu Am Cm Bk Cf Es Fm Md No Lr Rf Db Sg Bh Hs Mt Ds Rg Cn Nh Fl Mc Lv Ts Og
    """.split(separator: " ").map(String.init))

    /// Whether a run of letters is element symbols one after another (`NaCl`, `HCO`).
    static func isElements(_ s: String) -> Bool {
        let c = Array(s)
        var ok = [Bool](repeating: false, count: c.count + 1)
        ok[0] = true
        for i in 0..<c.count where ok[i] {
            if elements.contains(String(c[i])) { ok[i + 1] = true }
            if i + 1 < c.count, elements.contains(String(c[i...i + 1])) { ok[i + 2] = true }
        }
        return !c.isEmpty && ok[c.count]
    }

    static let units: Set<String> = ["m", "g", "s", "A", "K", "mol", "cd", "Hz", "N", "Pa", "J", "W", "C", "V", "F", "Ω", "S", "Wb", "T",
                                     "H", "lm", "lx", "Bq", "Gy", "Sv", "L", "l", "rad", "sr", "eV", "h", "min", "bar", "atm", "dB", "t"]
    static let prefixes: [String] = ["k", "m", "µ", "μ", "n", "c", "d", "h", "M", "G", "T", "p"]

    /// Whether letters are an SI unit, with or without a prefix (`mol`, `km`, `kPa`).
    static func isUnit(_ s: String) -> Bool {
        units.contains(s) || prefixes.contains { p in s.hasPrefix(p) && units.contains(String(s.dropFirst(p.count))) }
    }

    // MARK: Prescripts

    /// Scripts set before a letter on an empty base (`{}^{14}_{6}\\text{C}`, an isotope): small
    /// atoms raised and lowered ending right before it, with nothing they could be the scripts of
    /// on their left (an operator, a space, the formula's start), made one atom `{}^{…}_{…}` the
    /// letter follows.
    static func prescripts(_ input: [MathAtom]) -> [MathAtom] {
        var atoms = input.sorted { $0.x0 < $1.x0 }
        var k = 0
        while k < atoms.count {
            let b = atoms[k]
            // (A letter, Latin or Greek: `{}^{0}_{0}\\gamma`.)
            guard case .glyph = b.kind, b.linear.count == 1, b.linear.first!.isLetter else { k += 1; continue }
            // The small atoms ending right before it, up or down, running on leftwards (the wider
            // row); the other row starts where that one does (TeX sets both after one empty box).
            func small(_ j: Int, up: Bool) -> Bool {
                let shift = atoms[j].base - b.base
                guard case .glyph = atoms[j].kind, atoms[j].latex.count == 1, atoms[j].latex.first!.isNumber else { return false }
                return atoms[j].size < 0.85 * b.size && (up ? shift < -0.1 * b.size : shift > 0.1 * b.size)
            }
            func row(up: Bool) -> [Int] {
                var out: [Int] = []
                var edge = b.x0
                while let next = atoms.indices.filter({ j in
                    !out.contains(j) && small(j, up: up) && atoms[j].x1 <= edge + 0.3 && atoms[j].x1 >= edge - (out.isEmpty ? 1.5 : 0.3 * atoms[j].size)
                }).max(by: { atoms[$0].x1 < atoms[$1].x1 }) {
                    out.append(next); edge = atoms[next].x0
                }
                return out
            }
            func row(up: Bool, from start: Double) -> [Int] {
                var out: [Int] = []
                var edge = start
                while let next = atoms.indices.filter({ j in
                    !out.contains(j) && small(j, up: up) && atoms[j].x1 <= b.x0 + 0.3
                        && (out.isEmpty ? abs(atoms[j].x0 - start) < 0.6 : atoms[j].x0 >= edge - 0.3 && atoms[j].x0 < edge + 0.3 * atoms[j].size)
                }).min(by: { atoms[$0].x0 < atoms[$1].x0 }) {
                    out.append(next); edge = atoms[next].x1
                }
                return out
            }
            var sup = row(up: true), sub = row(up: false)
            if sub.isEmpty, let start = sup.map({ atoms[$0].x0 }).min() { sub = row(up: false, from: start) }
            if sup.isEmpty, let start = sub.map({ atoms[$0].x0 }).min() { sup = row(up: true, from: start) }
            let stack = sup + sub
            guard !stack.isEmpty else { k += 1; continue }
            let left = stack.map { atoms[$0].x0 }.min()!
            if !sup.isEmpty, !sub.isEmpty, abs(sup.map { atoms[$0].x0 }.min()! - sub.map { atoms[$0].x0 }.min()!) > 0.6 { k += 1; continue }
            // Nothing they could be the scripts of just left of them.
            // (Any size and kind: a limit's `k=1` under a sum is no prescript of what follows.)
            let top = stack.map { atoms[$0].y0 }.min()!, bottom = stack.map { atoms[$0].y1 }.max()!
            let before = atoms.indices.filter { !stack.contains($0) && $0 != k && atoms[$0].x1 <= left + 0.5 && atoms[$0].y0 < bottom && atoms[$0].y1 > top }
                .max { atoms[$0].x1 < atoms[$1].x1 }
            if let p = before {
                let a = atoms[p]
                let op: Bool
                if case .glyph = a.kind, a.size >= 0.85 * b.size { op = operators.contains(a.linear) || MathLayout.relations.contains(a.latex) } else { op = false }
                guard op || left - a.x1 > 1.4 else { k += 1; continue }
            }
            func latex(_ row: [Int]) -> String { MathLayout.join(row.sorted { atoms[$0].x0 < atoms[$1].x0 }.map { atoms[$0].latex }) }
            func linear(_ row: [Int]) -> String { row.sorted { atoms[$0].x0 < atoms[$1].x0 }.map { atoms[$0].linear }.joined() }
            let parts = stack.map { atoms[$0] }
            let merged = MathAtom(latex: "{}" + (sup.isEmpty ? "" : "^{\(latex(sup))}") + (sub.isEmpty ? "" : "_{\(latex(sub))}"),
                                  linear: ScriptText.render(linear(sup), .superscript) + ScriptText.render(linear(sub), .subscript),
                                  x0: left, y0: parts.map(\.y0).min()!, x1: min(b.x0, parts.map(\.x1).max()!), y1: parts.map(\.y1).max()!,
                                  base: b.base, size: b.size, kind: .compound)
            let gone = Set(stack)
            atoms = atoms.indices.filter { !gone.contains($0) }.map { atoms[$0] } + [merged]
            atoms.sort { $0.x0 < $1.x0 }
            k = (atoms.firstIndex { $0.x0 == b.x0 && $0.latex == b.latex } ?? k) + 1
        }
        return atoms
    }

    /// Upright letters of math written as LaTeX: `\\mathrm{…}` (a function name is written by
    /// `MathLayout` as its command); `\\text{ …}` when a space of text stands between them and the
    /// ordinary atom before them (its scripts included): `10^{23}\\text{ mol}`, `\\pi\\text{ rad}`,
    /// `n\\text{ termes}` (TeX's math leaves no space there, so the source had one).
    static func latex(_ letters: String, in row: MathLayout.Row, at k: Int) -> String {
        guard k > 0 else { return "\\mathrm{\(letters)}" }
        let previous = row.atoms[k - 1]
        let end = ([previous] + (row.sup[k - 1] ?? []) + (row.sub[k - 1] ?? [])).map(\.x1).max()!
        let ordinary: Bool
        if case .glyph = previous.kind {
            ordinary = !operators.contains(previous.linear) && !MathLayout.relations.contains(previous.latex) && !",;:([".contains(previous.linear)
        } else { ordinary = previous.kind != .bigOperator }
        return ordinary && row.atoms[k].x0 - end > 0.2 * row.size ? "\\text{ \(letters)}" : "\\mathrm{\(letters)}"
    }
}
