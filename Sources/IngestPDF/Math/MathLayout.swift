import IngestCore

/// A piece of a formula placed on the page: a glyph, or a part already read (a root, a fraction,
/// a big operator with its limits), with its LaTeX and its linear text.
struct MathAtom: Sendable {
    var latex: String
    var linear: String
    var x0: Double, y0: Double, x1: Double, y1: Double
    /// Where the atom's baseline is (y downwards) and its font size.
    var base: Double
    var size: Double
    var kind: Kind
    /// A root's bar end (x), when it was seen on the page.
    var barEnd: Double?

    enum Kind: Sendable, Equatable { case glyph(MathFont), radical, bigOperator, fraction, fence, compound }

    var midX: Double { (x0 + x1) / 2 }
    var width: Double { x1 - x0 }
    var midY: Double { (y0 + y1) / 2 }
}

/// Reads the LaTeX of a formula from the places of its glyphs, the way TeX sets them: scripts
/// smaller and raised or lowered right after their base, a fraction's numerator centred above its
/// denominator with a rule drawn between them (seen on a rendering: poppler gives no paths), a
/// root's radicand right of the `√` under its bar, limits stacked over and under a big operator
/// or a function name (`\\lim`, `\\max`). Glyphs stacked with no rule between them are never a
/// fraction; what fits none of these shapes makes the reading unsure (the caller keeps the text).
enum MathLayout {
    /// A glyph's baseline: its box ends this share of its size below it (Latin Modern and Computer
    /// Modern boxes, measured on pdflatex output: 10 pt boxes end 2.2 pt under the baseline).
    static let descent = 0.22

    /// The LaTeX and linear text of `glyphs` (one formula), or nil when there is nothing to read.
    /// `ink` shows the page's rules: where a root's bar ends, the bars of fractions.
    /// `sure` is false when part of the formula fits none of the shapes read (a row stacked
    /// over another that is no fraction, script or limit: a matrix, a `cases`; a big delimiter):
    /// its LaTeX is then not to be trusted, and the caller keeps the linear text.
    static func read(_ glyphs: [MathGlyph], radicalEnd ink: MathInk = .none) -> (latex: String, linear: String, sure: Bool)? {
        let atoms = MathFences.openings(stackedWords(glyphs.filter { !$0.isSpace }, ink) { g in
            var a = atom(g)
            if a.kind == .radical { a.barEnd = ink(g) }
            return a
        }, ink: ink)
        guard !atoms.isEmpty else { return nil }
        // The formula's rules, drawn once (fraction bars are among them), seen well past its
        // glyphs: a bar running on past them says a part is missing.
        // Only where atoms stand one over another or off one baseline (a numerator whose
        // denominator was not given looks like an exponent): a rendering of the page costs tens
        // of milliseconds, and many formulas are one row.
        var ink = ink
        var underRoot = false
        let bases = atoms.filter { $0.kind != .bigOperator }.map(\.base)
        if stacked(atoms) || (bases.max() ?? 0) - (bases.min() ?? 0) > 1 || partsNearby(glyphs, page: ink.seen?.glyphs ?? []) {
            ink.drawn = ink.rules(left: atoms.map(\.x0).min()! - 15, right: atoms.map(\.x1).max()! + 15,
                                  top: atoms.map(\.y0).min()! - 2, bottom: atoms.map(\.y1).max()! + 2, shortest: 2.5)
            underRoot = rootOver(ink.drawn, atoms, glyphs, page: ink.seen?.glyphs ?? [])
            ink.drawn = foreignStrokesLeftOut(ink.drawn, glyphs, page: ink.seen?.glyphs ?? [])
        }
        let read = layout(atoms, ink)
        let sure = !read.latex.contains(unsure) && !halfFraction(ink.drawn, atoms, glyphs, page: ink.seen?.glyphs ?? [])
            && !limitLeftOut(glyphs, page: ink.seen?.glyphs ?? []) && !underRoot
        let latex = read.latex.replacingOccurrences(of: String(unsure), with: "").trimmingCharacters(in: .whitespaces)
        return latex.isEmpty ? nil : (latex, read.linear.trimmingCharacters(in: .whitespaces), sure)
    }

    /// Whether math glyphs of the page that are not the formula's stand right over or
    /// under it (a numerator over a denominator poppler put on a line of its own): the rules are
    /// then looked for, so that a fraction bar with the formula on one side makes it unsure.
    static func partsNearby(_ glyphs: [MathGlyph], page: [MathGlyph]) -> Bool {
        let mine = glyphs.filter { !$0.isSpace }
        guard let size = mine.map(\.size).max(), size > 0, !page.isEmpty else { return false }
        let indices = Set(mine.map(\.index))
        let (left, right) = (mine.map(\.x0).min()!, mine.map(\.x1).max()!)
        let (top, bottom) = (mine.map(\.y0).min()!, mine.map(\.y1).max()!)
        return page.contains { g in
            guard g.x1 > left, g.x0 < right, g.y1 > top - 0.8 * size, g.y0 < bottom + 0.8 * size, !g.isSpace,
                  g.font.isMath || g.startsWithNumber, !indices.contains(g.index) else { return false }
            return mine.contains { m in
                min(m.x1, g.x1) - max(m.x0, g.x0) > 0.3 * min(m.width, g.width)
                    && (g.y0 >= m.y1 - 0.3 * m.height || g.y1 <= m.y0 + 0.3 * m.height)
            }
        }
    }

    /// Whether a rule of the formula has its atoms on one side and glyphs of the page that are
    /// not the formula's right on the other: a fraction whose numerator (or denominator) poppler
    /// put on another line, read without it (`dx` alone is no formula).
    static func halfFraction(_ rules: [MathRule], _ atoms: [MathAtom], _ glyphs: [MathGlyph], page: [MathGlyph]) -> Bool {
        guard !rules.isEmpty, !page.isEmpty else { return false }
        let mine = Set(glyphs.map(\.index))
        return rules.contains { r in
            guard !stroke(r, atoms), !atoms.contains(where: { a in a.kind == .radical && abs(r.x0 - a.x1) < 2 }) else { return false }
            let over = stack(r, atoms, over: true, grow: false), under = stack(r, atoms, over: false, grow: false)
            guard over.isEmpty != under.isEmpty else { return false }
            // (An accent's glyph over what it covers: a macron's box is not its ink.)
            guard !atoms.contains(where: { a in
                guard a.latex.count == 1, let c = a.latex.first, LaTeXSymbols.accent(c) != nil || c == "⃗" || c == "\u{02D9}" else { return false }
                return min(a.x1, r.x1) - max(a.x0, r.x0) > -0.5
            }) else { return false }
            let size = (over + under).map { atoms[$0].size }.max()!
            return page.contains { g in
                guard !g.isSpace, !mine.contains(g.index), g.midX > r.x0, g.midX < r.x1 else { return false }
                return over.isEmpty ? g.y1 <= r.y + 0.5 && g.y1 >= r.y - 0.6 * size - 1 : g.y0 >= r.y - 0.5 && g.y0 <= r.y + 0.6 * size + 1
            }
        }
    }

    /// Whether a big operator of the formula has a script-size glyph of the page that is not the
    /// formula's at its right edge, within its height: a limit poppler put on another line
    /// (`\\int_{a}` read without its `b`).
    static func limitLeftOut(_ glyphs: [MathGlyph], page: [MathGlyph]) -> Bool {
        // (And a closing big delimiter: its exponent, `\\right)^n`.)
        func extent(_ g: MathGlyph) -> (height: Double, depth: Double)? {
            guard g.font == .extensible else { return nil }
            if let e = operatorExtents[g.text] { return e }
            guard let u = g.text.unicodeScalars.first, let f = fenceCodes[u.value], [")", "]", "\\}", "\\rangle"].contains(f.latex) else { return nil }
            return (0, f.height)
        }
        let operators = glyphs.filter { extent($0) != nil }
        guard !operators.isEmpty, !page.isEmpty, let size = glyphs.filter({ !$0.isSpace }).map(\.size).max() else { return false }
        let mine = Set(glyphs.map(\.index))
        return operators.contains { op in
            let e = extent(op)!
            let (top, bottom) = (op.y0 - e.height * op.size, op.y0 + e.depth * op.size)
            return page.contains { g in
                !g.isSpace && !mine.contains(g.index) && g.size < 0.9 * size && g.x0 >= op.x1 - 0.5 * op.size && g.x0 <= op.x1 + 2
                    && g.midY >= top - 0.3 * op.size && g.midY <= bottom + 0.3 * op.size
            }
        }
    }

    /// Whether the bar of a root sign of the page that is not the formula's runs right over its
    /// atoms: the formula is that root's radicand, read without its sign (`\\frac{m}{k}` of
    /// `\\sqrt{\\frac{m}{k}}`).
    static func rootOver(_ rules: [MathRule], _ atoms: [MathAtom], _ glyphs: [MathGlyph], page: [MathGlyph]) -> Bool {
        let mine = Set(glyphs.map(\.index))
        // (The sign first: a page holds thousands of glyphs, and few signs.)
        var signs: [MathAtom] = []
        for k in page.indices where page[k].isRootSign || page[k].font == .extensible && "pqrs".contains(page[k].text) {
            if !mine.contains(page[k].index) { signs.append(atom(page[k])) }
        }
        guard !signs.isEmpty else { return false }
        return rules.contains { r in
            signs.contains { a in abs(r.x0 - a.x1) < 2 && r.y > a.y0 - 1 && r.y < a.y1 + 1.5 }
                && !stack(r, atoms, over: false, grow: false).isEmpty
        }
    }

    /// `rules` without the strokes of the page's glyphs that are not the formula's: the box of a
    /// formula whose root sign reaches up (or whose scripts reach down) takes in the letters of
    /// the line above or below (`z`'s foot over `|z| = \\sqrt{…}`), whose strokes would be bars
    /// with atoms on one side (`dangling`, a reading made unsure).
    static func foreignStrokesLeftOut(_ rules: [MathRule], _ glyphs: [MathGlyph], page: [MathGlyph]) -> [MathRule] {
        guard !rules.isEmpty, !page.isEmpty else { return rules }
        let mine = Set(glyphs.map(\.index))
        let left = rules.map(\.x0).min()! - 2, right = rules.map(\.x1).max()! + 2
        let top = rules.map(\.y).min()! - 30, bottom = rules.map(\.y).max()! + 30
        let others = page.filter { g in
            g.x1 >= left && g.x0 <= right && g.y1 >= top && g.y0 <= bottom && !g.isSpace && !mine.contains(g.index)
        }.map { g in
            // (Poppler's box of an MSBM letter, `ℝ`, is lower than its ink.)
            var a = atom(g, written: false)
            if g.font == .blackboard { a.y0 -= 0.3 * g.size }
            return a
        }
        guard !others.isEmpty else { return rules }
        return rules.filter { r in
            !stroke(r, others) && !others.contains { a in
                // Another formula's root bar, from the top right of its sign.
                a.kind == .radical && abs(r.x0 - a.x1) < 2 && r.y > a.y0 - 1 && r.y < a.y1 + 1.5
            }
        }
    }

    /// Whether two atoms stand one over the other (overlapping across, one's middle above the
    /// other's top): a fraction, limits, a script pair; else the formula is one row.
    static func stacked(_ atoms: [MathAtom]) -> Bool {
        let sorted = atoms.sorted { $0.x0 < $1.x0 }
        for (i, a) in sorted.enumerated() {
            for b in sorted[(i + 1)...] {
                if b.x0 >= a.x1 - 0.3 { break }
                if a.midY < b.y0 || b.midY < a.y0 { return true }
            }
        }
        return false
    }

    /// Poppler makes one word of a small fraction's numerator and denominator when they overlap
    /// across (`$\\frac{1}{3}$`): every glyph gets the word's box, as tall as both, and the x
    /// places run on from the numerator into the denominator, the numerator's last glyph left
    /// with no width where the denominator starts back. Such a run (boxes alike, taller than 1.5
    /// times the size) split after that glyph is a fraction when a rule runs under the whole first
    /// part and over the whole second one, a big operator's limits right after one, else unsure.
    static func stackedWords(_ glyphs: [MathGlyph], _ ink: MathInk, _ atom: (MathGlyph) -> MathAtom) -> [MathAtom] {
        func stacked(_ g: MathGlyph) -> Bool { g.size > 0 && g.height > 1.5 * g.size }
        let plain = glyphs.filter { !stacked($0) && $0.font != .extensible && !$0.isRootSign }
        guard plain.count < glyphs.count else { return glyphs.map(atom) }
        // The line's size and baseline, which the fraction sits on.
        var sizes: [Double: Int] = [:]
        for g in plain { sizes[(g.size * 10).rounded() / 10, default: 0] += 1 }
        let size = sizes.max { $0.value < $1.value }?.key ?? glyphs[0].size / 0.73
        let bases = plain.filter { abs($0.size - size) < 0.3 }.map { $0.y1 - descent * $0.size }.sorted()
        var out: [MathAtom] = []
        var k = 0
        while k < glyphs.count {
            let g = glyphs[k]
            var j = k + 1
            if stacked(g) {
                while j < glyphs.count, stacked(glyphs[j]), abs(glyphs[j].y0 - g.y0) < 0.05, abs(glyphs[j].y1 - g.y1) < 0.05,
                      abs(glyphs[j].size - g.size) < 0.1 { j += 1 }
            }
            let run = glyphs[k..<j]
            // (Or next to none: a numerator wider than its denominator starts a little left of it.)
            if run.count >= 2, let split = run.dropLast().firstIndex(where: { $0.width < max(0.3, 0.15 * $0.size) }) {
                let num = rows(glyphs[k...split].map(atom), ink), den = rows(glyphs[(split + 1)..<j].map(atom), ink)
                let height = g.y1 - g.y0
                let bar = ink.rules(left: run.map(\.x0).min()! - 6, right: run.map(\.x1).max()! + 6, top: g.y0 + 0.25 * height,
                                    bottom: g.y1 - 0.25 * height, shortest: 1.5).first { r in
                    run.allSatisfy { $0.width < 0.3 || $0.x0 >= r.x0 - 0.8 && $0.x1 <= r.x1 + 0.8 }
                        // An arrow's or a sign's own stroke is no bar (`↦` without Unicode is a
                        // `7` of the symbol font's codes, of no width, before a `→`).
                        && !run.contains { g in g.font == .symbols && g.text.first.map { $0.isASCII && ($0.isLetter || $0.isNumber) } == true }
                        && ![glyphs[k...split], glyphs[(split + 1)..<j]].contains { part in part.allSatisfy { "→←↔⇒⇐⇔−-=≡∼".contains($0.text) } }
                }
                // Right after a big operator and with no rule, the two are its limits (`\\sum_{k=1}^{n}` inline).
                if bar == nil, let last = out.last, last.kind == .bigOperator, g.x0 - last.x1 < 0.6 * size {
                    out[out.count - 1].latex += "_{\(den.latex)}^{\(num.latex)}"
                    out[out.count - 1].linear += ScriptText.render(den.linear, .subscript) + ScriptText.render(num.linear, .superscript)
                    out[out.count - 1].x1 = run.map(\.x1).max()!
                    k = j; continue
                }
                // On its rule, the math axis of the row it sits in (whose size is about its
                // parts' over TeX's script ratio, 0.7).
                let outer = g.size / 0.7
                let base = bar.map { $0.y + 0.25 * outer } ?? (bases.isEmpty ? g.y1 - descent * size : bases[bases.count / 2])
                // No rule: glyphs stacked, no fraction (a binomial, `\\overset`): not understood.
                // Nor are parts with scripts (their glyphs share the word's box: `v2` for `v^2`).
                let mixed = [glyphs[k...split], glyphs[(split + 1)..<j]].contains { part in
                    part.contains { abs($0.size - part.first!.size) > 0.3 }
                }
                let latex = bar == nil || mixed ? String(unsure) + num.latex + " " + den.latex : "\\frac{\(num.latex)}{\(den.latex)}"
                out.append(MathAtom(latex: latex, linear: bar == nil ? num.linear + " " + den.linear : "(\(num.linear))/(\(den.linear))",
                                    x0: run.map(\.x0).min()!, y0: g.y0, x1: run.map(\.x1).max()!, y1: g.y1, base: base,
                                    size: bar == nil ? size : outer, kind: bar == nil ? .compound : .fraction))
            } else {
                out.append(contentsOf: run.map(atom))
            }
            k = j
        }
        return out
    }

    static func atom(_ g: MathGlyph) -> MathAtom { atom(g, written: true) }

    /// `atom(g)`, or with `written` false only its kind, box and baseline (its LaTeX and text
    /// left empty): what the strokes of a page's glyphs beside a formula are weighed by
    /// (`foreignStrokesLeftOut`), thousands of glyphs a page of math.
    /// (The characters below have no other Unicode form, nor does any other character decompose
    /// to them: a glyph is one of them exactly when its text is that one scalar, which is asked
    /// without comparing strings beyond ASCII, costly on every glyph.)
    static func atom(_ g: MathGlyph, written: Bool) -> MathAtom {
        let c = Character(g.text)
        var latex = written ? LaTeXSymbols.latex(c) : "", linear = written ? g.text : ""
        var kind = MathAtom.Kind.glyph(g.font)
        let scalar: UInt32? = {
            var scalars = g.text.unicodeScalars.makeIterator()
            guard let first = scalars.next(), scalars.next() == nil else { return nil }
            return first.value
        }()
        if g.isRootSign || g.font == .extensible && "pqrs".contains(c) {
            // Latin Modern's extension font gives its bigger roots as the letters of their codes.
            kind = .radical; latex = "√"; linear = "√"
        } else if g.font == .extensible, let op = bigOperators[g.text] {
            // Latin Modern's extension font has no Unicode for its big operators: poppler gives
            // the glyph's code as a letter (`X` for the display ∑).
            latex = op.latex; linear = op.linear; kind = .bigOperator
        } else if g.font == .extensible, let scalar = g.text.unicodeScalars.first, let fence = fenceCodes[scalar.value] {
            // A big delimiter (`\\left(`, `\\bigl[`): poppler gives the extension font's code.
            // Its box is its top only; TeX centres it on the math axis, a quarter of the size
            // over the baseline of the row it closes.
            let bottom = g.y0 + fence.height * g.size
            return MathAtom(latex: fence.latex, linear: fence.linear, x0: g.x0, y0: g.y0, x1: g.x1, y1: bottom,
                            base: (g.y0 + bottom) / 2 + 0.25 * g.size, size: g.size, kind: .fence)
        } else if g.font == .extensible, let wide = wideAccents[g.text] {
            latex = wide; linear = ""
        } else if g.font == .blackboard, let wide = ["[": "\\widehat", "\\": "\\widehat", "]": "\\widetilde", "^": "\\widetilde"][g.text] {
            // amssymb's wide accents, from MSBM (codes 5B-5E).
            latex = wide; linear = ""
        } else if g.font == .extensible, !"()[]{}|‖⟨⟩".contains(c) {
            // A big delimiter or brace poppler has no Unicode for (matrices, `\\left(`, `cases`).
            latex = String(unsure)
        } else if let scalar, [0x2211, 0x220F, 0x222B, 0x222E, 0x22C3, 0x22C2].contains(scalar) {   // ∑∏∫∮⋃⋂
            kind = .bigOperator
        } else if g.font == .symbols, c.isASCII, c.isUppercase {
            // The symbol font's capitals are its calligraphic letters (`\\mathcal{A}`).
            if written { latex = "\\mathcal{\(g.text)}" }
        } else if g.font == .symbols, c.isASCII, c.isLetter || c.isNumber, let symbol = symbolCodes[c] {
            // A symbol font with no Unicode for some glyphs (Computer Modern's CMSY in a PDF
            // made without ToUnicode): poppler gives their codes as ASCII.
            if written { latex = LaTeXSymbols.latex(symbol); linear = String(symbol) }
        }
        if written, scalar == 0x25E6 { latex = "\\circ" }   // ◦
        if written, g.font == .blackboard, c.isLetter, c.isASCII { latex = "\\mathbb{\(g.text)}"; linear = g.text }
        // A big operator's box from poppler is its font's, not its ink: the extension font's
        // glyphs hang from their baseline, where poppler's box starts, as deep as the font says.
        // Its middle (TeX centres it on the math axis) is what scripts are compared with.
        var (y0, y1) = (g.y0, g.y1)
        if kind == .bigOperator, g.font == .extensible, let extent = operatorExtents[g.text] {
            (y0, y1) = (g.y0 - extent.height * g.size, g.y0 + extent.depth * g.size)
        }
        // So do its bigger root signs (`p`…`s`: 1.2 to 3 sizes), from their bar down.
        var base = kind == .bigOperator ? (y0 + y1) / 2 : g.y1 - descent * g.size
        if kind == .radical, g.font == .extensible, let height = ["p": 1.2, "q": 1.8, "r": 2.4, "s": 3.0][g.text] {
            y1 = g.y0 + height * g.size
            base = (y0 + y1) / 2 + 0.25 * g.size
        }
        return MathAtom(latex: latex, linear: linear, x0: g.x0, y0: y0, x1: g.x1, y1: y1, base: base, size: g.size, kind: kind)
    }

    /// The extension font's wide accents by code (cmex10 `b c d`: `\\widehat`, `e f g`:
    /// `\\widetilde`; amssymb takes them from MSBM), put over what they span by `accents`.
    static let wideAccents: [String: String] = ["b": "\\widehat", "c": "\\widehat", "d": "\\widehat",
                                                "e": "\\widetilde", "f": "\\widetilde", "g": "\\widetilde"]

    /// The extension font's big delimiters by code (cmex10): LaTeX, text, height in sizes.
    static let fenceCodes: [UInt32: (latex: String, linear: String, height: Double)] = {
        var table: [UInt32: (String, String, Double)] = [:]
        let kinds: [(String, String)] = [("(", "("), (")", ")"), ("[", "["), ("]", "]")]
        // big (1.2 sizes), Big (1.8), bigg (2.4), Bigg (3.0): parentheses and brackets.
        for (first, height) in [(0x00, 1.2), (0x10, 1.8), (0x12, 2.4), (0x20, 3.0)] as [(UInt32, Double)] {
            for (k, kind) in kinds.enumerated() where first != 0x10 || k < 2 { table[first + UInt32(k)] = (kind.0, kind.1, height) }
        }
        for (code, height) in [(0x08, 1.2), (0x6E, 1.8), (0x1A, 2.4), (0x28, 3.0)] as [(UInt32, Double)] {
            table[code] = ("\\{", "{", height); table[code + 1] = ("\\}", "}", height)
        }
        table[0x68] = ("[", "[", 1.8); table[0x69] = ("]", "]", 1.8)
        for (code, height) in [(0x0A, 1.2), (0x44, 1.8), (0x1C, 2.4), (0x2A, 3.0)] as [(UInt32, Double)] {
            table[code] = ("\\langle", "⟨", height); table[code + 1] = ("\\rangle", "⟩", height)
        }
        return table.mapValues { (latex: $0.0, linear: $0.1, height: $0.2) }
    }()

    /// Codes of TeX's symbol font (OMS encoding) poppler may give as ASCII, with their characters.
    /// (`7`, the `↦` bar, and `6`, the negation slash, are put on what follows by `layout`.)
    static let symbolCodes: [Character: Character] = [
        "0": "′", "1": "∞", "2": "∈", "3": "∋", "4": "△", "5": "▽", "6": "\u{0338}", "7": "\u{E001}", "8": "∀", "9": "∃",
        "f": "{", "g": "}", "h": "⟨", "i": "⟩", "j": "|", "k": "‖", "n": "∖", "o": "≀", "x": "§", "y": "†", "z": "‡",
    ]

    /// Height and depth (in sizes) of the extension font's big operators, from cmex10.tfm (Latin
    /// Modern's are the same): text style ∑∏⋃⋂ 1, ∫∮ 1.111; display style ∑∏⋃⋂ 0.1 + 1.5, ∫∮ 2.222.
    static let operatorExtents: [String: (height: Double, depth: Double)] = [
        "P": (0, 1), "Q": (0, 1), "S": (0, 1), "T": (0, 1), "R": (0, 1.111), "H": (0, 1.111),
        "X": (0.1, 1.5), "Y": (0.1, 1.5), "[": (0.1, 1.5), "\\": (0.1, 1.5), "Z": (0, 2.222), "I": (0, 2.222),
    ]

    /// Written into the LaTeX where a part was not understood (taken out by `read`, which reports
    /// it): a private-use character no glyph's LaTeX holds, so nested reads pass it up as it is.
    static let unsure: Character = "\u{E000}"

    static let bigOperators: [String: (latex: String, linear: String)] = [
        "P": ("\\sum", "∑"), "X": ("\\sum", "∑"), "Q": ("\\prod", "∏"), "Y": ("\\prod", "∏"),
        "R": ("\\int", "∫"), "Z": ("\\int", "∫"), "H": ("\\oint", "∮"), "I": ("\\oint", "∮"),
        "S": ("\\bigcup", "⋃"), "[": ("\\bigcup", "⋃"), "T": ("\\bigcap", "⋂"), "\\": ("\\bigcap", "⋂"),
    ]

    /// Roots first (their radicand may be in a fraction), then rows, scripts, fractions and limits.
    static func layout(_ input: [MathAtom], _ ink: MathInk) -> (latex: String, linear: String) {
        // Built arrows and overlines first: their rules are no fraction bars (MathAccents).
        var ink = ink
        var atoms = MathAccents.marks(input, &ink)
        if let r = dangling(atoms, ink) {
            atoms.append(MathAtom(latex: String(unsure), linear: "", x0: r.x0, y0: r.y, x1: r.x1, y1: r.y, base: r.y, size: 1, kind: .compound))
        }
        // Big delimiters come in pairs; poppler drops some codes (the extension font's 0, 12, 32):
        // one left alone says a delimiter is missing.
        let opening = atoms.filter { $0.kind == .fence && ["(", "[", "\\{", "\\langle"].contains($0.latex) }.count
        let closing = atoms.filter { $0.kind == .fence && [")", "]", "\\}", "\\rangle"].contains($0.latex) }.count
        if opening != closing, let f = atoms.first(where: { $0.kind == .fence }) {
            atoms.append(MathAtom(latex: String(unsure), linear: "", x0: f.x0, y0: f.y0, x1: f.x1, y1: f.y1, base: f.base, size: 1, kind: .compound))
        }
        atoms = MathUpright.prescripts(accents(roots(namedOperators(joined(atoms)), ink)))
        return rows(atoms, ink)
    }

    /// Glyphs TeX sets as one symbol: `↦` (the symbol font's bar glyph, code `7`, then `→`), `∬`
    /// (two integral signs overlapping).
    static func joined(_ input: [MathAtom]) -> [MathAtom] {
        var atoms = input
        var k = 0
        while k + 1 < atoms.count {
            let a = atoms[k], b = atoms[k + 1]
            let close = b.x0 - a.x1 < 0.3 * max(a.size, b.size) && abs(a.base - b.base) < 0.2 * a.size
            if a.latex == "\u{E001}", close, b.latex == "\\to" || b.latex == "\\rightarrow" {
                atoms[k + 1].latex = "\\mapsto"; atoms[k + 1].linear = "↦"; atoms[k + 1].x0 = a.x0
                atoms.remove(at: k); continue
            }
            if a.kind == .bigOperator, b.kind == .bigOperator, a.latex == "\\int", b.latex == "\\int", close {
                atoms[k].latex = "\\iint"; atoms[k].linear = "∬"; atoms[k].x1 = b.x1
                atoms.remove(at: k + 1); continue
            }
            k += 1
        }
        // A `↦` bar left alone is not understood.
        return atoms.map { a in
            guard a.latex == "\u{E001}" else { return a }
            var u = a; u.latex = String(unsure); return u
        }
    }

    /// Upright letters spelling a function whose limits TeX sets under it in display (`lim`,
    /// `max`, `sup`), made one big operator: what is stacked under it is its subscript.
    static func namedOperators(_ input: [MathAtom]) -> [MathAtom] {
        func letter(_ a: MathAtom) -> Bool {
            if case .glyph(.text) = a.kind, a.latex.count == 1, a.latex.first!.isLetter { return true }
            return false
        }
        var atoms = input
        var k = 0
        while k < atoms.count {
            guard letter(atoms[k]) else { k += 1; continue }
            // The letters that follow it on its baseline, touching (x order is not enough: a limit
            // under `lim` may start left of its `i`).
            var chain = [k]
            while let next = atoms.indices.first(where: { j in
                let p = atoms[chain.last!], a = atoms[j]
                return !chain.contains(j) && letter(a) && abs(a.base - p.base) < 0.1 * p.size && abs(a.size - p.size) < 0.1
                    && a.x0 > p.x1 - 0.3 && a.x0 < p.x1 + 0.5
            }) { chain.append(next) }
            let word = chain.map { atoms[$0].latex }.joined()
            let before = atoms.indices.contains { j in
                let a = atoms[j]
                return letter(a) && abs(a.base - atoms[k].base) < 0.1 * a.size && a.x1 > atoms[k].x0 - 0.5 && a.x1 < atoms[k].x0 + 0.3 && j != k
            }
            guard !before, LaTeXSymbols.limitFunctions.contains(word) else { k += 1; continue }
            let parts = chain.map { atoms[$0] }
            let op = MathAtom(latex: "\\" + word, linear: word, x0: parts.map(\.x0).min()!, y0: parts.map(\.y0).min()!,
                              x1: parts.map(\.x1).max()!, y1: parts.map(\.y1).max()!, base: parts[0].base, size: parts[0].size,
                              kind: .bigOperator)
            let gone = Set(chain)
            atoms = atoms.indices.filter { !gone.contains($0) }.map { atoms[$0] } + [op]
            atoms.sort { $0.x0 < $1.x0 }
            k = 0
        }
        return atoms
    }

    /// Each `√` with its radicand (the atoms right of it, under its bar, up to a relation or the
    /// next root) and its index (small atoms over its left part) made one atom.
    static func roots(_ input: [MathAtom], _ ink: MathInk) -> [MathAtom] {
        var atoms = input
        // Innermost (rightmost) roots first.
        while let r = atoms.lastIndex(where: { $0.kind == .radical }) {
            let root = atoms[r]
            var inside: [Int] = [], index: [Int] = []
            for (k, a) in atoms.enumerated() where k != r {
                // (Or whole within the sign's width: poppler's box of an inline sign may stand
                // above its ink, below its index.)
                if a.midX < root.x1 - 0.5, a.midX > root.x0 - 2, a.size < root.size * 0.85,
                   a.y1 < (root.y0 + root.y1) / 2 + 1 || a.x0 >= root.x0 - 0.5 && a.x1 <= root.x1 + 0.5 {
                    index.append(k)
                }
            }
            // The radicand: atoms from the root's right edge, below its bar, in the root's height.
            var end = root.x1
            for (k, a) in atoms.enumerated() where k != r && !index.contains(k) {
                guard a.x0 >= root.x1 - 0.5, a.y0 >= root.y0 - 0.5, a.y0 <= root.y1 + 0.5 else { continue }
                if let bar = root.barEnd {
                    if a.x1 <= bar + 0.8 { inside.append(k) }
                    continue
                }
                guard a.x0 - end < root.size * 0.45 else { continue }
                if case .glyph = a.kind, relations.contains(a.latex) { break }
                if a.kind == .radical { break }
                // A closing bracket opened before the root closes around it: `(\\sqrt{x})`.
                let closers = [")": "(", "]": "[", "\\}": "\\{"]
                if let opener = closers[a.latex], !inside.contains(where: { atoms[$0].latex == opener }) { break }
                inside.append(k); end = max(end, a.x1)
            }
            // Stop at the first gap: what follows a space is not under the bar (a + after a root).
            let radicand = inside.map { atoms[$0] }
            let body = rows(radicand, ink)
            let idx = index.isEmpty ? nil : rows(index.map { atoms[$0] }, ink)
            let latex = "\\sqrt" + (idx.map { "[\($0.latex)]" } ?? "") + "{\(body.latex)}"
            let linear = (idx.map { "\($0.linear)" } ?? "") + "√" + (radicand.count > 1 ? "(\(body.linear))" : body.linear)
            let all = [root] + radicand + index.map { atoms[$0] }
            // (A bigger sign of the extension font sits on the row's axis: its own base.)
            let base = root.y1 - root.y0 > 1.1 * root.size ? root.base : radicand.first?.base ?? root.y1 - descent * root.size
            let merged = MathAtom(latex: latex, linear: linear, x0: all.map(\.x0).min()!, y0: all.map(\.y0).min()!,
                                  x1: all.map(\.x1).max()!, y1: all.map(\.y1).max()!, base: base,
                                  size: radicand.first?.size ?? root.size, kind: .compound)
            let gone = Set(inside + index + [r])
            atoms = atoms.indices.filter { !gone.contains($0) }.map { atoms[$0] } + [merged]
            atoms.sort { $0.x0 < $1.x0 }
        }
        return atoms
    }

    /// An accent (`¯`, `ˆ`, `⃗`, `˙`) over an atom made one atom with it (`\\bar{z}`); a slash
    /// over a relation (`̸` over `=`) its negation.
    static func accents(_ input: [MathAtom]) -> [MathAtom] {
        // A wide accent over the atoms it spans, on the row under it (the steps since
        // MathAccents.marks may have joined atoms under it); one that spans none is unsure.
        var atoms = MathAccents.wideAccents(input)
        var k = 0
        while k < atoms.count {
            let a = atoms[k]
            if case .glyph = a.kind, a.latex == "\\widehat" || a.latex == "\\widetilde" {
                atoms[k].latex = String(unsure); k += 1; continue
            }
            guard case .glyph = a.kind, a.latex.count == 1, let c = a.latex.first else { k += 1; continue }
            let isNegation = c == "\u{0338}" || c == "\u{20D2}"
            guard isNegation || LaTeXSymbols.accent(c) != nil || c == "⃗" || c == "\u{02D9}" else { k += 1; continue }
            // The atom it covers most; else (poppler's box for an accent is not its ink) the nearest
            // one, the next one for a negation slash (TeX sets `\\not` before its relation).
            let others = atoms.indices.filter { $0 != k && atoms[$0].kind != .bigOperator }
            var under = others.max { overlap(atoms[$0], a) < overlap(atoms[$1], a) }
            if let u = under, overlap(atoms[u], a) <= 0.3 * min(a.width, atoms[u].width) { under = nil }
            // An accent poppler gives no width sits where its atom starts (`q\\vec{v}`: the
            // arrow's box is between q and v, touching v).
            if a.width < 1, let next = others.filter({ atoms[$0].x0 >= a.x0 - 0.3 && atoms[$0].x0 <= a.x1 + 0.5 })
                .min(by: { atoms[$0].x0 < atoms[$1].x0 }) {
                under = next
            }
            if under == nil {
                let candidates = isNegation ? others.filter { atoms[$0].x0 >= a.x0 - 1 } : others
                under = candidates.min { abs(atoms[$0].midX - a.midX) < abs(atoms[$1].midX - a.midX) }
                if let u = under, abs(atoms[u].midX - a.midX) > max(a.size, atoms[u].size) { under = nil }
            }
            guard let u = under else { k += 1; continue }
            var merged = atoms[u]
            if isNegation {
                let negated = ["=": "\\neq", "\\in": "\\notin", "\\equiv": "\\not\\equiv", "<": "\\not<", ">": "\\not>"]
                merged.latex = negated[merged.latex] ?? "\\not" + merged.latex
                merged.linear = merged.linear == "=" ? "≠" : merged.linear + "\u{0338}"
            } else {
                let command = c == "⃗" ? "\\vec" : LaTeXSymbols.accent(c) ?? "\\dot"
                merged.latex = command + "{" + merged.latex + "}"
                merged.linear = merged.linear + String(c)
            }
            merged.kind = .compound
            atoms[u] = merged
            atoms.remove(at: k)
        }
        return atoms
    }

    static func overlap(_ a: MathAtom, _ b: MathAtom) -> Double { min(a.x1, b.x1) - max(a.x0, b.x0) }

    static let relations: Set<String> = ["=", "<", ">", "\\leq", "\\geq", "\\neq", "\\approx", "\\to", "\\rightarrow",
                                         "\\Rightarrow", "\\Leftrightarrow", "\\equiv", "\\sim", "\\in", "\\subset", "\\propto"]

    /// A row of atoms sharing a baseline and a size, left to right.
    struct Row {
        var atoms: [MathAtom]
        /// Where its atoms are in the list the rows were made from.
        var indices: [Int]
        var base: Double, size: Double
        var x0: Double, x1: Double
        var sup: [Int: [MathAtom]] = [:], sub: [Int: [MathAtom]] = [:]
        init(_ a: MathAtom, _ index: Int) { atoms = [a]; indices = [index]; base = a.base; size = a.size; x0 = a.x0; x1 = a.x1 }
        var midX: Double { (x0 + x1) / 2 }
    }

    /// Atoms (sorted by x0) grouped into rows: same baseline and size, close after each other.
    static func group(_ atoms: [MathAtom]) -> [Row] {
        var rows: [Row] = []
        for (i, a) in atoms.enumerated() {
            if a.kind != .bigOperator,
               let k = rows.lastIndex(where: { r in
                   abs(r.base - a.base) < 0.15 * max(r.size, a.size)
                       && (abs(r.size - a.size) < 0.6 || a.kind == .fence || r.atoms.last!.kind == .fence) && a.x0 - r.x1 < 0.6 * a.size
                       && a.x0 > r.x1 - 1 && r.atoms.last!.kind != .bigOperator
                       // Not across a larger atom between them (`(a^m)^n`: m and n are two scripts).
                       && !atoms.contains { b in b.size > a.size * 1.15 && b.midX > r.x1 && b.midX < a.x0 }
               }) {
                rows[k].atoms.append(a); rows[k].indices.append(i); rows[k].x1 = max(rows[k].x1, a.x1)
            } else {
                rows.append(Row(a, i))
            }
        }
        return rows
    }

    /// Fractions made atoms, innermost (shortest bar) first: a rule drawn in the formula (not a
    /// stroke of one of its glyphs: a minus, a sum's edge, a root's bar) with atoms stacked over
    /// it and under it within its ends, and none of the stack reaching past them. The numerator
    /// is what stands on the rule, and what touches that upwards (scripts, a fraction); the
    /// denominator what hangs under it, downwards.
    static func fractions(_ input: [MathAtom], _ ink: MathInk) -> [MathAtom] {
        guard input.count >= 2, !ink.drawn.isEmpty else { return input }
        var atoms = input.sorted { $0.x0 < $1.x0 }
        var rules = ink.drawn
        while true {
            var best: (rule: Int, over: [Int], under: [Int])?
            for (i, rule) in rules.enumerated() where best == nil || rule.length < rules[best!.rule].length {
                guard !stroke(rule, atoms) else { continue }
                let over = stack(rule, atoms, over: true), under = stack(rule, atoms, over: false)
                guard !over.isEmpty, !under.isEmpty, fills(rule, over.map { atoms[$0] }, under.map { atoms[$0] }) else { continue }
                // Nothing beside the stack, at its heights, reaches past the rule's ends.
                let top = (over + under).map { atoms[$0].y0 }.min()!, bottom = (over + under).map { atoms[$0].y1 }.max()!
                guard !atoms.contains(where: { $0.midY > top && $0.midY < bottom && crosses($0, rule) }) else { continue }
                best = (i, over, under)
            }
            guard let (i, over, under) = best else { return atoms }
            let rule = rules.remove(at: i)
            let n = rows(over.map { atoms[$0] }, ink), d = rows(under.map { atoms[$0] }, ink)
            let parts = (over + under).map { atoms[$0] }
            // Its size and baseline are those of the row it sits in: the nearest atom beside it whose
            // math axis (a quarter of its size over its baseline) is the rule.
            let gone = Set(over + under)
            let beside = atoms.indices.filter { k in
                !gone.contains(k) && atoms[k].kind != .bigOperator && (atoms[k].x1 <= rule.x0 + 0.5 || atoms[k].x0 >= rule.x1 - 0.5)
                    && abs(atoms[k].base - 0.25 * atoms[k].size - rule.y) < 0.12 * atoms[k].size
            }.min { distance(atoms[$0], rule) < distance(atoms[$1], rule) }
            let size = beside.map { atoms[$0].size } ?? parts.map(\.size).max()!
            let fraction = MathAtom(latex: "\\frac{\(n.latex)}{\(d.latex)}", linear: "(\(n.linear))/(\(d.linear))",
                                    x0: min(rule.x0, parts.map(\.x0).min()!), y0: parts.map(\.y0).min()!,
                                    x1: max(rule.x1, parts.map(\.x1).max()!), y1: parts.map(\.y1).max()!,
                                    base: rule.y + 0.25 * size, size: size, kind: .fraction)
            atoms = atoms.indices.filter { !gone.contains($0) }.map { atoms[$0] } + [fraction]
            atoms.sort { $0.x0 < $1.x0 }
        }
    }

    /// A rule of the formula with atoms on one side only that is no glyph's stroke, no root's bar
    /// and no accent's: a fraction whose other part was not given (set on another line of the
    /// page), an `\\overline`. Looked for among the formula's glyphs before anything is read.
    static func dangling(_ atoms: [MathAtom], _ ink: MathInk) -> MathRule? {
        ink.drawn.first { r in
            guard !stroke(r, atoms),
                  // A root's bar starts at the top right of its sign (which hangs from it).
                  !atoms.contains(where: { a in
                      a.kind == .radical && abs(r.x0 - a.x1) < 2 && (a.barEnd.map { abs(r.x1 - $0) < 1.5 } ?? (r.y > a.y0 - 1 && r.y < a.y1 + 1.5))
                  }) else { return false }
            let over = stack(r, atoms, over: true, grow: false), under = stack(r, atoms, over: false, grow: false)
            guard over.isEmpty != under.isEmpty else { return false }
            // The part next to it is centred on it (else it is a rule of another line, a root's).
            let part = (over + under).map { atoms[$0] }
            let size = part.map(\.size).max()!
            guard abs((part.map(\.x0).min()! + part.map(\.x1).max()!) / 2 - (r.x0 + r.x1) / 2) < 1.2 + 0.1 * size else { return false }
            // An accent's glyph over what it covers (a macron's box is not its ink).
            let accent = atoms.contains { a in
                guard a.latex.count == 1, let c = a.latex.first, LaTeXSymbols.accent(c) != nil || c == "⃗" || c == "\u{02D9}" else { return false }
                return min(a.x1, r.x1) - max(a.x0, r.x0) > -0.5
            }
            return !(over.isEmpty && accent)
        }
    }

    static func within(_ a: MathAtom, _ r: MathRule) -> Bool { a.midX > r.x0 && a.midX < r.x1 && a.x0 >= r.x0 - 0.8 && a.x1 <= r.x1 + 0.8 }
    static func crosses(_ a: MathAtom, _ r: MathRule) -> Bool { !within(a, r) && min(a.x1, r.x1) - max(a.x0, r.x0) > 0.8 }

    /// Glyphs' own strokes lie in their boxes above their baselines (serifs of letters side by
    /// side make one run); a part already read (a root, a fraction, a big operator) holds its rules.
    static func stroke(_ r: MathRule, _ atoms: [MathAtom]) -> Bool {
        var spans: [(Double, Double)] = []
        for a in atoms {
            if case .glyph = a.kind {
                // (An italic glyph's ink overhangs its box to the right.)
                if r.y >= a.y0 - 0.3 && r.y <= a.base + 0.3 { spans.append((a.x0 - 0.1 * a.size, a.x1 + 0.2 * a.size)) }
            } else if r.x0 >= a.x0 - 0.5 && r.x1 <= a.x1 + 0.5 && r.y >= a.y0 - 0.5 && r.y <= a.y1 + 0.5 {
                return true
            }
        }
        var reached = r.x0 + 0.5
        for (x0, x1) in spans.sorted(by: { $0.0 < $1.0 }) where x0 <= reached + 0.3 { reached = max(reached, x1) }
        return reached >= r.x1 - 0.5
    }

    /// TeX centres the narrower part over the wider one, and the bar is as long as the wider:
    /// a part missing shows.
    static func fills(_ r: MathRule, _ over: [MathAtom], _ under: [MathAtom]) -> Bool {
        // (TeX's box of an italic letter takes in its italic correction, poppler's does not.)
        let parts = [over, under].map { side in (side.map(\.x0).min()!, side.map(\.x1).max()!, side.map(\.size).max()!) }
        let widest = parts.map { $0.1 - $0.0 + 0.2 * $0.2 }.max()!
        return widest >= r.length - 1.2 && parts.allSatisfy { abs(($0.0 + $0.1) / 2 - (r.x0 + r.x1) / 2) < 1.2 + 0.1 * $0.2 }
    }

    /// The atoms (indices) stacked on one side of `r`: those next to it, and those touching them
    /// away from it.
    static func stack(_ r: MathRule, _ atoms: [MathAtom], over: Bool, grow: Bool = true) -> [Int] {
        let side = atoms.indices.filter { within(atoms[$0], r) && (over ? atoms[$0].midY < r.y : atoms[$0].midY > r.y) }
        var taken = side.filter { k in
            let a = atoms[k]
            return over ? a.y1 >= r.y - 0.6 * a.size - 1 : a.y0 <= r.y + 0.6 * a.size + 1
        }
        var grew = grow
        while grew {
            grew = false
            for k in side where !taken.contains(k) {
                let a = atoms[k]
                if taken.contains(where: { t in a.y1 >= atoms[t].y0 - 0.2 * atoms[t].size && a.y0 <= atoms[t].y1 + 0.2 * atoms[t].size }) {
                    taken.append(k); grew = true
                }
            }
        }
        return taken
    }

    static func distance(_ a: MathAtom, _ r: MathRule) -> Double { a.x1 <= r.x0 + 0.5 ? r.x0 - a.x1 : a.x0 - r.x1 }

    /// Groups atoms into rows, makes fractions, attaches scripts and limits, and writes the rows
    /// left to right.
    static func rows(_ input: [MathAtom], _ ink: MathInk) -> (latex: String, linear: String) {
        guard !input.isEmpty else { return ("", "") }
        var rows = group(fractions(input, ink).sorted { $0.x0 < $1.x0 })
        // Scripts: a smaller row right after an atom of a larger one, raised or lowered.
        var isScript = [Bool](repeating: false, count: rows.count)
        for i in rows.indices {
            let s = rows[i]
            var best: (row: Int, atom: Int, distance: Double)?
            // (In script-script style, TeX's smallest, a script is as small as its base: `v^2` in
            // a fraction in a root in a denominator.)
            for j in rows.indices where j != i && !isScript[j] && (rows[j].size * 0.85 > s.size || s.size < 6.5 && abs(rows[j].size - s.size) < 0.3) {
                for (k, a) in rows[j].atoms.enumerated() {
                    let gap = s.x0 - a.x1
                    // A big operator's lower limit tucks under its slant.
                    // (A display integral's upper one starts past its slant.)
                    guard gap > (a.kind == .bigOperator ? -0.5 * a.size : -1.5), gap < (a.kind == .bigOperator ? 0.6 : 0.35) * a.size else { continue }
                    // Scripts sit within about half a size of their base's baseline: a
                    // denominator's exponent is not its numerator's subscript.
                    let rise = abs(s.base - a.base)
                    guard a.kind == .bigOperator || rise < 0.75 * a.size else { continue }
                    let distance = max(gap, 0) + rise
                    if best == nil || distance < best!.distance { best = (j, k, distance) }
                }
            }
            guard let b = best else { continue }
            let base = rows[b.row].atoms[b.atom]
            let shift = s.base - (base.kind == .bigOperator ? base.base : base.base)
            if base.kind == .bigOperator {
                if s.base < base.base { rows[b.row].sup[b.atom, default: []] += s.atoms } else { rows[b.row].sub[b.atom, default: []] += s.atoms }
            } else if shift < -0.1 * base.size {
                rows[b.row].sup[b.atom, default: []] += s.atoms
            } else if shift > 0.1 * base.size {
                rows[b.row].sub[b.atom, default: []] += s.atoms
            } else { continue }
            isScript[i] = true
        }
        // Limits: small rows centred over and under a big operator.
        for i in rows.indices where !isScript[i] {
            for j in rows.indices where j != i && !isScript[j] && rows[j].atoms.count == 1 && rows[j].atoms[0].kind == .bigOperator {
                let op = rows[j].atoms[0]
                guard rows[i].size < op.size * 0.85, abs(rows[i].midX - op.midX) < 0.2 * op.width + 1.5 else { continue }
                if rows[i].base < op.y0 + 1 { rows[j].sup[0, default: []] += rows[i].atoms; isScript[i] = true }
                else if rows[i].base > op.y1 - 1 { rows[j].sub[0, default: []] += rows[i].atoms; isScript[i] = true }
            }
        }
        var items: [(x: Double, latex: String, linear: String)] = []
        let kept = rows.indices.filter { !isScript[$0] }
        // The main row: the one with the most atoms; another one off its baseline is unexplained.
        let main = kept.filter { !rows[$0].atoms.allSatisfy { $0.kind == .bigOperator } }
            .max { rows[$0].atoms.count < rows[$1].atoms.count }
        for k in kept {
            let w = write(rows[k], ink)
            // (A big operator's base is its middle; a function name's letters have a baseline:
            // `\\det` over a matrix's second row is no formula.)
            let operatorOnly = rows[k].atoms.allSatisfy { $0.kind == .bigOperator && !$0.linear.contains(where: \.isLetter) }
            // (Smaller and raised or lowered with no base: a script whose base was not given.)
            let off = !operatorOnly && (main.map {
                abs(rows[k].base - rows[$0].base) > 0.35 * rows[$0].size
                    || rows[k].size < 0.85 * rows[$0].size && abs(rows[k].base - rows[$0].base) > 0.1 * rows[$0].size
            } ?? false)
            items.append((rows[k].x0, off ? String(unsure) + w.latex : w.latex, w.linear))
        }
        items.sort { $0.x < $1.x }
        return (join(items.map(\.latex)), items.map(\.linear).joined(separator: " "))
    }

    /// A row's atoms with their scripts, upright function names as commands.
    static func write(_ row: Row, _ ink: MathInk) -> (latex: String, linear: String) {
        var latex: [String] = [], linear = ""
        var k = 0
        let atoms = row.atoms
        while k < atoms.count {
            // Upright letters in a run: a function name (`\ln`) when they spell one.
            if case .glyph(.text) = atoms[k].kind, atoms[k].latex.count == 1, atoms[k].latex.first!.isLetter {
                var j = k
                while j < atoms.count, case .glyph(.text) = atoms[j].kind, atoms[j].latex.count == 1, atoms[j].latex.first!.isLetter,
                      j == k || atoms[j].x0 - atoms[j - 1].x1 < 0.5 && row.sup[j - 1] == nil && row.sub[j - 1] == nil { j += 1 }
                let word = atoms[k..<j].map(\.latex).joined()
                if j - k >= 2, LaTeXSymbols.functions.contains(word), row.sup[j - 1] == nil || true {
                    latex.append("\\" + word); linear += word
                    appendScripts(row, j - 1, ink, &latex, &linear)
                    k = j; continue
                }
                // Other upright letters: `\\mathrm{pH}`, `\\mathrm{H}_{3}` (MathUpright).
                if k > 0, atoms[k].x0 - atoms[k - 1].x1 > 0.15 * row.size { linear += " " }
                latex.append(MathUpright.latex(word, in: row, at: k)); linear += word
                appendScripts(row, j - 1, ink, &latex, &linear)
                k = j; continue
            }
            if k > 0, atoms[k].x0 - atoms[k - 1].x1 > 0.15 * row.size { linear += " " }
            latex.append(atoms[k].latex); linear += atoms[k].linear
            appendScripts(row, k, ink, &latex, &linear)
            k += 1
        }
        return (join(latex), linear)
    }

    static func appendScripts(_ row: Row, _ k: Int, _ ink: MathInk, _ latex: inout [String], _ linear: inout String) {
        // A big operator with an upper limit and no lower one: the lower one was set on another
        // line of the page (poppler's) and not given: not to be written as it is.
        if row.atoms[k].kind == .bigOperator, row.sup[k] != nil, row.sub[k] == nil { latex.append(String(unsure)) }
        if let sub = row.sub[k] {
            let r = rows(sub, ink)
            latex.append("_{\(r.latex)}"); linear += ScriptText.render(r.linear.replacingOccurrences(of: " ", with: ""), .subscript)
        }
        if let sup = row.sup[k] {
            let r = rows(sup, ink)
            // Primes are superscripts TeX raises: `f'`, not `f^{'}`.
            if !r.latex.isEmpty, r.latex.allSatisfy({ $0 == "'" || $0 == "′" }) {
                latex.append(String(repeating: "'", count: r.latex.count)); linear += r.linear; return
            }
            latex.append("^{\(r.latex)}"); linear += ScriptText.render(r.linear.replacingOccurrences(of: " ", with: ""), .superscript)
        }
    }

    /// Pieces of LaTeX joined, a space only where a command would run into a letter.
    static func join(_ parts: [String]) -> String {
        var out = ""
        for p in parts where !p.isEmpty {
            if let first = p.first, first.isLetter, out.last?.isLetter == true {
                // `\alpha x`, not `\alphax` (a plain `ab` stays `ab`).
                let letters = out.reversed().prefix { $0.isLetter }.count
                let before = out.index(out.endIndex, offsetBy: -letters)
                if before > out.startIndex, out[out.index(before: before)] == "\\" { out += " " }
            }
            out += p
        }
        return out
    }
}
