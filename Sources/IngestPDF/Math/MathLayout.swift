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

    enum Kind: Sendable, Equatable { case glyph(MathFont), radical, bigOperator, compound }

    var midX: Double { (x0 + x1) / 2 }
    var width: Double { x1 - x0 }
}

/// Reads the LaTeX of a formula from the places of its glyphs, the way TeX sets them: scripts
/// smaller and raised or lowered right after their base, a fraction's numerator centred above its
/// denominator (the bar is a rule poppler does not give: the stacking shows it), a root's radicand
/// right of the `√` under its bar, limits stacked over and under a big operator. What does not fit
/// these shapes is left in reading order, so the result is never worse than the linear text.
enum MathLayout {
    /// A glyph's baseline: its box ends this share of its size below it (Latin Modern and Computer
    /// Modern boxes, measured on pdflatex output: 10 pt boxes end 2.2 pt under the baseline).
    static let descent = 0.22

    /// The LaTeX and linear text of `glyphs` (one formula), or nil when there is nothing to read.
    /// `radicalEnd` gives where a root's bar ends (x), when it can be seen.
    /// `sure` is false when part of the formula fits none of the shapes read (a row stacked
    /// over another that is no fraction, script or limit: a matrix, a `cases`; a big delimiter):
    /// its LaTeX is then not to be trusted, and the caller keeps the linear text.
    static func read(_ glyphs: [MathGlyph], radicalEnd: (MathGlyph) -> Double? = { _ in nil }) -> (latex: String, linear: String, sure: Bool)? {
        let atoms = stackedWords(glyphs.filter { !$0.isSpace }) { g in
            var a = atom(g)
            if a.kind == .radical { a.barEnd = radicalEnd(g) }
            return a
        }
        guard !atoms.isEmpty else { return nil }
        let read = layout(atoms)
        let sure = !read.latex.contains(unsure)
        let latex = read.latex.replacingOccurrences(of: String(unsure), with: "").trimmingCharacters(in: .whitespaces)
        return latex.isEmpty ? nil : (latex, read.linear.trimmingCharacters(in: .whitespaces), sure)
    }

    /// Poppler makes one word of a small fraction's numerator and denominator when they overlap
    /// across (`$\\frac{1}{3}$`): every glyph gets the word's box, as tall as both, and the x
    /// places run on from the numerator into the denominator, the numerator's last glyph left
    /// with no width where the denominator starts back. Such a run (boxes alike, taller than 1.5
    /// times the size) is read as a fraction split after that glyph; the rest as glyphs.
    static func stackedWords(_ glyphs: [MathGlyph], _ atom: (MathGlyph) -> MathAtom) -> [MathAtom] {
        func stacked(_ g: MathGlyph) -> Bool { g.size > 0 && g.height > 1.5 * g.size }
        let plain = glyphs.filter { !stacked($0) && $0.font != .extensible && $0.text != "√" }
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
            if run.count >= 2, let split = run.dropLast().firstIndex(where: { $0.width < 0.3 }) {
                let num = rows(glyphs[k...split].map(atom)), den = rows(glyphs[(split + 1)..<j].map(atom))
                // Right after a big operator, the two are its limits (`\\sum_{k=1}^{n}` inline).
                if let last = out.last, last.kind == .bigOperator, g.x0 - last.x1 < 0.4 * size {
                    out[out.count - 1].latex += "_{\(den.latex)}^{\(num.latex)}"
                    out[out.count - 1].linear += ScriptText.render(den.linear, .subscript) + ScriptText.render(num.linear, .superscript)
                    out[out.count - 1].x1 = run.map(\.x1).max()!
                    k = j; continue
                }
                let base = bases.isEmpty ? g.y1 - descent * size : bases[bases.count / 2]
                out.append(MathAtom(latex: "\\frac{\(num.latex)}{\(den.latex)}", linear: "(\(num.linear))/(\(den.linear))",
                                    x0: run.map(\.x0).min()!, y0: g.y0, x1: run.map(\.x1).max()!, y1: g.y1, base: base, size: size,
                                    kind: .compound))
            } else {
                out.append(contentsOf: run.map(atom))
            }
            k = j
        }
        return out
    }

    static func atom(_ g: MathGlyph) -> MathAtom {
        let c = Character(g.text)
        var latex = LaTeXSymbols.latex(c), linear = g.text
        var kind = MathAtom.Kind.glyph(g.font)
        if c == "√" || g.font == .extensible && "pqrs".contains(c) {
            // Latin Modern's extension font gives its bigger roots as the letters of their codes.
            kind = .radical; latex = "√"; linear = "√"
        } else if g.font == .extensible, let op = bigOperators[g.text] {
            // Latin Modern's extension font has no Unicode for its big operators: poppler gives
            // the glyph's code as a letter (`X` for the display ∑).
            latex = op.latex; linear = op.linear; kind = .bigOperator
        } else if g.font == .extensible, !"()[]{}|‖⟨⟩".contains(c) {
            // A big delimiter or brace poppler has no Unicode for (matrices, `\\left(`, `cases`).
            latex = String(unsure)
        } else if "∑∏∫∮⋃⋂".contains(c) {
            kind = .bigOperator
        }
        if c == "◦" { latex = "\\circ" }
        if g.font == .blackboard, c.isLetter, c.isASCII { latex = "\\mathbb{\(g.text)}"; linear = g.text }
        // A big operator's box from poppler is its font's, not its ink: its middle is what counts.
        let base = kind == .bigOperator ? (g.y0 + g.y1) / 2 : g.y1 - descent * g.size
        return MathAtom(latex: latex, linear: linear, x0: g.x0, y0: g.y0, x1: g.x1, y1: g.y1, base: base, size: g.size, kind: kind)
    }

    /// Written into the LaTeX where a part was not understood (taken out by `read`, which reports
    /// it): a private-use character no glyph's LaTeX holds, so nested reads pass it up as it is.
    static let unsure: Character = "\u{E000}"

    static let bigOperators: [String: (latex: String, linear: String)] = [
        "P": ("\\sum", "∑"), "X": ("\\sum", "∑"), "Q": ("\\prod", "∏"), "Y": ("\\prod", "∏"),
        "R": ("\\int", "∫"), "Z": ("\\int", "∫"), "H": ("\\oint", "∮"), "I": ("\\oint", "∮"),
        "S": ("\\bigcup", "⋃"), "[": ("\\bigcup", "⋃"), "T": ("\\bigcap", "⋂"), "\\": ("\\bigcap", "⋂"),
    ]

    /// Roots first (their radicand may be in a fraction), then rows, scripts, fractions and limits.
    static func layout(_ input: [MathAtom]) -> (latex: String, linear: String) {
        var atoms = input.sorted { $0.x0 < $1.x0 }
        atoms = accents(roots(atoms))
        return rows(atoms)
    }

    /// Each `√` with its radicand (the atoms right of it, under its bar, up to a relation or the
    /// next root) and its index (small atoms over its left part) made one atom.
    static func roots(_ input: [MathAtom]) -> [MathAtom] {
        var atoms = input
        // Innermost (rightmost) roots first.
        while let r = atoms.lastIndex(where: { $0.kind == .radical }) {
            let root = atoms[r]
            var inside: [Int] = [], index: [Int] = []
            for (k, a) in atoms.enumerated() where k != r {
                if a.midX < root.x1 - 0.5, a.midX > root.x0 - 2, a.size < root.size * 0.85, a.y1 < (root.y0 + root.y1) / 2 + 1 {
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
                inside.append(k); end = max(end, a.x1)
            }
            // Stop at the first gap: what follows a space is not under the bar (a + after a root).
            let radicand = inside.map { atoms[$0] }
            let body = rows(radicand)
            let idx = index.isEmpty ? nil : rows(index.map { atoms[$0] })
            let latex = "\\sqrt" + (idx.map { "[\($0.latex)]" } ?? "") + "{\(body.latex)}"
            let linear = (idx.map { "\($0.linear)" } ?? "") + "√" + (radicand.count > 1 ? "(\(body.linear))" : body.linear)
            let all = [root] + radicand + index.map { atoms[$0] }
            let base = radicand.first?.base ?? root.y1 - descent * root.size
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
        var atoms = input
        var k = 0
        while k < atoms.count {
            let a = atoms[k]
            guard case .glyph = a.kind, a.latex.count == 1, let c = a.latex.first else { k += 1; continue }
            let isNegation = c == "\u{0338}" || c == "\u{20D2}"
            guard isNegation || LaTeXSymbols.accent(c) != nil || c == "⃗" || c == "\u{02D9}" else { k += 1; continue }
            // The atom it covers most.
            // The atom it covers most; else (poppler's box for an accent is not its ink) the nearest
            // one, the next one for a negation slash (TeX sets `\\not` before its relation).
            let others = atoms.indices.filter { $0 != k && atoms[$0].kind != .bigOperator }
            var under = others.max { overlap(atoms[$0], a) < overlap(atoms[$1], a) }
            if let u = under, overlap(atoms[u], a) <= 0.3 * min(a.width, atoms[u].width) { under = nil }
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
        var base: Double, size: Double
        var x0: Double, x1: Double
        var sup: [Int: [MathAtom]] = [:], sub: [Int: [MathAtom]] = [:]
        init(_ a: MathAtom) { atoms = [a]; base = a.base; size = a.size; x0 = a.x0; x1 = a.x1 }
        var midX: Double { (x0 + x1) / 2 }
    }

    /// Groups atoms into rows, attaches scripts, stacks fractions and limits, and writes the rows
    /// left to right.
    static func rows(_ atoms: [MathAtom]) -> (latex: String, linear: String) {
        guard !atoms.isEmpty else { return ("", "") }
        var rows: [Row] = []
        for a in atoms.sorted(by: { $0.x0 < $1.x0 }) {
            if a.kind != .bigOperator,
               let k = rows.lastIndex(where: { r in
                   abs(r.base - a.base) < 0.15 * max(r.size, a.size) && abs(r.size - a.size) < 0.6 && a.x0 - r.x1 < 0.6 * a.size
                       && a.x0 > r.x1 - 1 && r.atoms.last!.kind != .bigOperator
                       // Not across a larger atom between them (`(a^m)^n`: m and n are two scripts).
                       && !atoms.contains { b in b.size > a.size * 1.15 && b.midX > r.x1 && b.midX < a.x0 }
               }) {
                rows[k].atoms.append(a); rows[k].x1 = max(rows[k].x1, a.x1)
            } else {
                rows.append(Row(a))
            }
        }
        // Fractions: a row centred over another of the same size, nothing between them; not two
        // scripts of one base (set from the same left edge, right after a larger atom).
        var pairs: [(Int, Int)] = []
        var paired = Set<Int>()
        for l in rows.indices.sorted(by: { rows[$0].base < rows[$1].base }) where !paired.contains(l) {
            let den = rows[l]
            let candidates = rows.indices.filter { u in
                guard u != l, !paired.contains(u) else { return false }
                let num = rows[u]
                let wide = max(num.x1 - num.x0, den.x1 - den.x0), narrow = min(num.x1 - num.x0, den.x1 - den.x0)
                let overlap = min(num.x1, den.x1) - max(num.x0, den.x0)
                guard num.base < den.base - 0.6 * den.size, num.base > den.base - 3 * den.size, abs(num.size - den.size) < 0.6,
                      // (A row's extent leaves out its scripts: a^n under 1 looks off centre.)
                      overlap > narrow * 0.3, abs(num.midX - den.midX) < 0.25 * wide + 2 else { return false }
                let sameEdge = abs(num.x0 - den.x0) < 0.6
                let afterBase = rows.contains { r in r.size * 0.85 > den.size && r.atoms.contains { a in abs(den.x0 - a.x1) < 1 } }
                return !(sameEdge && afterBase)
            }
            guard let u = candidates.max(by: { rows[$0].base < rows[$1].base }) else { continue }
            paired.insert(u); paired.insert(l); pairs.append((u, l))
        }
        // Scripts: a smaller row right after an atom of a larger one, raised or lowered.
        var isScript = [Bool](repeating: false, count: rows.count)
        for i in rows.indices {
            let s = rows[i]
            var best: (row: Int, atom: Int, distance: Double)?
            guard !paired.contains(i) else { continue }
            for j in rows.indices where j != i && !isScript[j] && rows[j].size * 0.85 > s.size {
                for (k, a) in rows[j].atoms.enumerated() {
                    let gap = s.x0 - a.x1
                    // A big operator's lower limit tucks under its slant.
                    guard gap > (a.kind == .bigOperator ? -0.5 * a.size : -1.5), gap < 0.35 * a.size else { continue }
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
        // Limits: small rows over and under a big operator, within its width.
        for i in rows.indices where !isScript[i] && !paired.contains(i) {
            for j in rows.indices where j != i && !isScript[j] && rows[j].atoms.count == 1 && rows[j].atoms[0].kind == .bigOperator {
                let op = rows[j].atoms[0]
                guard rows[i].size < op.size * 0.85, rows[i].midX > op.x0 - 1, rows[i].midX < op.x1 + 1,
                      rows[i].x0 > op.x0 - op.size * 0.6, rows[i].x1 < op.x1 + op.size * 0.6 else { continue }
                if rows[i].base < op.y0 + 1 { rows[j].sup[0, default: []] += rows[i].atoms; isScript[i] = true }
                else if rows[i].base > op.y1 - 1 { rows[j].sub[0, default: []] += rows[i].atoms; isScript[i] = true }
            }
        }
        var items: [(x: Double, latex: String, linear: String)] = []
        var kept = rows.indices.filter { !isScript[$0] }
        for (u, l) in pairs {
            let n = write(rows[u]), d = write(rows[l])
            items.append((min(rows[u].x0, rows[l].x0), "\\frac{\(n.latex)}{\(d.latex)}", "(\(n.linear))/(\(d.linear))"))
        }
        let used = Set(pairs.flatMap { [$0.0, $0.1] })
        kept.removeAll { used.contains($0) }
        // The main row: the one with the most atoms; another one off its baseline is unexplained.
        let main = kept.filter { !rows[$0].atoms.allSatisfy { $0.kind == .bigOperator } }
            .max { rows[$0].atoms.count < rows[$1].atoms.count }
        for k in kept {
            let w = write(rows[k])
            let operatorOnly = rows[k].atoms.allSatisfy { $0.kind == .bigOperator }
            let off = !operatorOnly && (main.map { abs(rows[k].base - rows[$0].base) > 0.35 * rows[$0].size } ?? false)
            items.append((rows[k].x0, off ? String(unsure) + w.latex : w.latex, w.linear))
        }
        items.sort { $0.x < $1.x }
        return (join(items.map(\.latex)), items.map(\.linear).joined(separator: " "))
    }

    /// A row's atoms with their scripts, upright function names as commands.
    static func write(_ row: Row) -> (latex: String, linear: String) {
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
                    appendScripts(row, j - 1, &latex, &linear)
                    k = j; continue
                }
            }
            if k > 0, atoms[k].x0 - atoms[k - 1].x1 > 0.15 * row.size { linear += " " }
            latex.append(atoms[k].latex); linear += atoms[k].linear
            appendScripts(row, k, &latex, &linear)
            k += 1
        }
        return (join(latex), linear)
    }

    static func appendScripts(_ row: Row, _ k: Int, _ latex: inout [String], _ linear: inout String) {
        if let sub = row.sub[k] {
            let r = rows(sub)
            latex.append("_{\(r.latex)}"); linear += ScriptText.render(r.linear.replacingOccurrences(of: " ", with: ""), .subscript)
        }
        if let sup = row.sup[k] {
            let r = rows(sup)
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
