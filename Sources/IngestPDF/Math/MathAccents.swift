import IngestCore

/// Marks TeX builds over a group of atoms rather than takes from a font as one glyph: an arrow
/// made of the symbol font's `−` pieces ending in `→` (`\\overrightarrow{AB}`: `−−→` over `AB`),
/// and a rule drawn just above atoms (`\\overline{OA'}`). Each is made one atom with what it
/// covers before anything else is read, so its rule is no fraction bar and its arrow no relation.
/// Single-glyph accents over one atom (`\\vec`, `\\bar`, `\\hat`, `\\ddot`) are `MathLayout.accents`';
/// the width of the mark is not what tells them apart, how TeX made it is (a `⃗` glyph is `\\vec`,
/// a built arrow `\\overrightarrow`, a macron glyph `\\bar`, a rule `\\overline`), as the source wrote it.
enum MathAccents {
    /// `atoms` with their built arrows and overlines read; the rules taken by them (and the
    /// strokes of wide accents' ink, which the rule finder sees) left out of `ink.drawn`.
    static func marks(_ input: [MathAtom], _ ink: inout MathInk) -> [MathAtom] {
        var atoms = wideAccents(groupAccents(arrows(braces(dots(input), &ink), ink), ink))
        ink.drawn.removeAll { r in atoms.contains { wideAccentStroke(r, $0) } }
        atoms = overlines(atoms, &ink)
        return atoms.sorted { $0.x0 < $1.x0 }
    }

    /// Three centred dots of the symbol font in a row, a thin space apart: `\\cdots` (TeX sets it
    /// as three `\\cdot`, which would read `\\cdot\\cdot\\cdot`).
    static func dots(_ input: [MathAtom]) -> [MathAtom] {
        var atoms = input.sorted { $0.x0 < $1.x0 }
        func dot(_ a: MathAtom) -> Bool {
            guard case .glyph(.symbols) = a.kind else { return false }
            return a.linear == "·" || a.linear == "⋅"
        }
        // The dot right after `p` on its baseline, a thin space on (other rows may interleave in x).
        func next(_ p: Int) -> Int? {
            atoms.indices.filter { j in
                let a = atoms[j], b = atoms[p]
                return j != p && dot(a) && a.x0 - b.x1 > -0.3 && a.x0 - b.x1 < 0.25 * b.size && abs(a.base - b.base) < 0.05 * b.size
                    && abs(a.size - b.size) < 0.1
            }.min { atoms[$0].x0 < atoms[$1].x0 }
        }
        var k = 0
        while k < atoms.count {
            guard dot(atoms[k]), let second = next(k), let third = next(second), next(third) == nil,
                  !atoms.indices.contains(where: { j in next(j) == k && dot(atoms[j]) }) else { k += 1; continue }
            var merged = atoms[k]
            merged.latex = "\\cdots"; merged.linear = "⋯"; merged.x1 = atoms[third].x1; merged.kind = .compound
            let gone: Set<Int> = [second, third]
            atoms[k] = merged
            atoms = atoms.indices.filter { !gone.contains($0) }.map { atoms[$0] }
            k = 0
        }
        return atoms
    }

    /// `\\underbrace` and `\\overbrace`: the extension font's four brace pieces (codes 7A-7D,
    /// which poppler gives as `z { | }`) on one level, joined by drawn rules — `| { z }` left to
    /// right under the atoms it spans, `z } | {` over them. Made one atom with what it spans and
    /// the label TeX sets under (over) it as its sub- (super)script (`\\limits`).
    static func braces(_ input: [MathAtom], _ ink: inout MathInk) -> [MathAtom] {
        var atoms = input.sorted { $0.x0 < $1.x0 }
        func piece(_ a: MathAtom) -> Bool {
            guard case .glyph(.extensible) = a.kind else { return false }
            return a.linear.count == 1 && "z{|}".contains(a.linear)
        }
        var k = 0
        while k < atoms.count {
            guard piece(atoms[k]) else { k += 1; continue }
            let level = atoms.indices.filter { piece(atoms[$0]) && abs(atoms[$0].y0 - atoms[k].y0) < 0.3 && atoms[$0].x0 >= atoms[k].x0 - 0.1 }
                .sorted { atoms[$0].x0 < atoms[$1].x0 }
            guard level.count >= 4 else { k += 1; continue }
            let four = Array(level.prefix(4)), text = four.map { atoms[$0].linear }.joined()
            guard text == "|{z}" || text == "z}|{" else { k += 1; continue }
            let under = text == "|{z}"
            let pieces = four.map { atoms[$0] }
            let x0 = pieces[0].x0, x1 = pieces[3].x1, top = pieces[0].y0, bottom = pieces[0].y1
            // What it spans: the atoms next to it on its open side, and those touching them.
            let edge = MathRule(y: under ? top : bottom, x0: x0, x1: x1)
            let spanned = MathLayout.stack(edge, atoms, over: under).filter { !four.contains($0) && !piece(atoms[$0]) }
            guard !spanned.isEmpty else { k += 1; continue }
            let parts = spanned.map { atoms[$0] }
            let body = MathLayout.rows(parts, ink)
            let size = parts.map(\.size).max()!
            // Its label: smaller atoms stacked on its other side, within its ends (TeX's limits).
            let outer = MathRule(y: under ? bottom : top, x0: x0, x1: x1)
            let label = MathLayout.stack(outer, atoms, over: !under).filter { j in
                !four.contains(j) && !spanned.contains(j) && !piece(atoms[j]) && atoms[j].size < 0.85 * size
            }
            let labelParts = label.map { atoms[$0] }
            let named = MathLayout.rows(labelParts, ink)
            let script = label.isEmpty ? "" : (under ? "_{" : "^{") + named.latex + "}"
            let all = parts + labelParts
            let main = parts.filter { $0.size >= size - 0.1 }.min { $0.x0 < $1.x0 }!
            let merged = MathAtom(latex: (under ? "\\underbrace{" : "\\overbrace{") + body.latex + "}" + script,
                                  linear: body.linear + (label.isEmpty ? "" : " (" + named.linear + ")"),
                                  x0: min(x0, all.map(\.x0).min()!), y0: min(top, all.map(\.y0).min()!),
                                  x1: max(x1, all.map(\.x1).max()!), y1: max(bottom, all.map(\.y1).max()!),
                                  base: main.base, size: size, kind: .compound)
            let gone = Set(spanned + label + four)
            atoms = atoms.indices.filter { !gone.contains($0) }.map { atoms[$0] } + [merged]
            atoms.sort { $0.x0 < $1.x0 }
            // Its flat parts are rules drawn between the pieces: no fraction bars, no overlines.
            // (Their ink reaches past poppler's boxes of the pieces, by a third of their size.)
            ink.drawn.removeAll { r in r.x0 >= x0 - 1 && r.x1 <= x1 + 1 && r.y >= top - 0.35 * pieces[0].size && r.y <= bottom + 0.35 * pieces[0].size }
            k = 0
        }
        return atoms
    }

    /// Arrows set over atoms: `\\overrightarrow` (`−…−→`), `\\overleftarrow` (`←−…−`),
    /// `\\overleftrightarrow` (`←−…−→`). TeX's `\\rightarrowfill` puts at least one `−` with the
    /// head, touching, on one baseline, raised over what they cover (a relation arrow sits on
    /// the row's baseline and has no `−` glued to it).
    static func arrows(_ input: [MathAtom], _ ink: MathInk) -> [MathAtom] {
        var atoms = input.sorted { $0.x0 < $1.x0 }
        func piece(_ a: MathAtom) -> Bool {
            guard case .glyph(.symbols) = a.kind else { return false }
            return a.linear == "−" || a.linear == "→" || a.linear == "←"
        }
        var k = 0
        while k < atoms.count {
            guard piece(atoms[k]) else { k += 1; continue }
            // The run: pieces touching or overlapping one another on one baseline (over one
            // letter the shaft lies under the head), left to right, heads at the ends.
            var run = [k]
            var reach = (atoms[k].x0, atoms[k].x1)
            while let next = atoms.indices.first(where: { j in
                let p = atoms[k], a = atoms[j]
                return !run.contains(j) && piece(a) && abs(a.base - p.base) < 0.05 * p.size && abs(a.size - p.size) < 0.1
                    && a.x0 <= reach.1 + 0.3 && a.x1 >= reach.0 - 0.3
            }) { run.append(next); reach = (min(reach.0, atoms[next].x0), max(reach.1, atoms[next].x1)) }
            let rank = ["←": 0, "−": 1, "→": 2]
            run.sort { (atoms[$0].x0, rank[atoms[$0].linear]!) < (atoms[$1].x0, rank[atoms[$1].linear]!) }
            let text = run.map { atoms[$0].linear }
            let right = text.last == "→", left = text.first == "←"
            let shafts = text.dropFirst(left ? 1 : 0).dropLast(right ? 1 : 0)
            // (`\\overleftrightarrow` over one letter is its two heads touching.)
            guard run.count >= 2, right || left, !shafts.isEmpty || left && right, shafts.allSatisfy({ $0 == "−" }) else { k += 1; continue }
            let arrow = run.map { atoms[$0] }
            let x0 = arrow.map(\.x0).min()!, x1 = arrow.map(\.x1).max()!, base = arrow[0].base, size = arrow[0].size
            // What it covers: atoms under it across its width, on a baseline well below its own.
            let covered = atoms.indices.filter { j in
                let a = atoms[j]
                return !run.contains(j) && a.midX > x0 && a.midX < x1 && a.x0 >= x0 - 1 && a.x1 <= x1 + 1.5 && a.base > base + 0.3 * size
                    && a.y0 < base + 0.6 * size
            }
            guard !covered.isEmpty else {
                // Nothing under it: not over its neighbours, a long arrow
                // (`\\longrightarrow`: a `−` joined to the head); raised over nothing given (its
                // letters on another poppler line), not understood.
                let beside = atoms.indices.filter { j in
                    !run.contains(j) && !piece(atoms[j]) && (atoms[j].x1 <= x0 + 0.5 && x0 - atoms[j].x1 < size || atoms[j].x0 >= x1 - 0.5 && atoms[j].x0 - x1 < size)
                }
                // (Beside a fraction its neighbours stand over and under its axis.)
                let raised = beside.isEmpty || beside.allSatisfy { atoms[$0].base - base > 0.3 * size }
                if !raised, run.count == 2 {
                    let long: (String, String) = left && right ? ("\\longleftrightarrow", "⟷") : left ? ("\\longleftarrow", "⟵") : ("\\longrightarrow", "⟶")
                    var merged = atoms[run[0]]
                    merged.latex = long.0; merged.linear = long.1; merged.x0 = x0; merged.x1 = x1
                    atoms[run[0]] = merged
                    atoms.remove(at: run[1])
                    k = 0; continue
                } else if raised {
                    for j in run { atoms[j].latex = String(MathLayout.unsure) }
                }
                k += 1; continue
            }
            let parts = covered.map { atoms[$0] }
            let main = parts.filter { $0.size >= parts.map(\.size).max()! - 0.1 }
            // TeX centres the arrow over its argument, as wide as it (at least a `−` and a head).
            let middle = (parts.map(\.x0).min()! + parts.map(\.x1).max()!) / 2
            guard abs(middle - (x0 + x1) / 2) < 1.5, parts.map(\.x1).max()! - parts.map(\.x0).min()! <= x1 - x0 + 2 else { k += 1; continue }
            let body = MathLayout.rows(parts, ink)
            let command = left && right ? "\\overleftrightarrow" : left ? "\\overleftarrow" : "\\overrightarrow"
            let merged = MathAtom(latex: command + "{" + body.latex + "}", linear: body.linear + (left ? "\u{20D6}" : "\u{20D7}"),
                                  x0: min(x0, parts.map(\.x0).min()!), y0: arrow.map(\.y0).min()!, x1: max(x1, parts.map(\.x1).max()!),
                                  y1: parts.map(\.y1).max()!, base: main[0].base, size: main[0].size, kind: .compound)
            let gone = Set(run + covered)
            atoms = atoms.indices.filter { !gone.contains($0) }.map { atoms[$0] } + [merged]
            atoms.sort { $0.x0 < $1.x0 }
            k = 0
        }
        return atoms
    }

    /// Whether `g` is a one-glyph accent set over another glyph of `glyphs`, or the glyph under
    /// one: poppler may start a line of text at an accent over a letter (`Formule : E` /
    /// `⃗ = F⃗ fin.`), both as large as the text around them.
    static func overlapsAsAccent(_ g: MathGlyph, _ glyphs: [MathGlyph]) -> Bool {
        func across(_ a: MathGlyph, _ b: MathGlyph) -> Bool { min(a.x1, b.x1) - max(a.x0, b.x0) > 0.3 * min(a.width, b.width) }
        if accentGlyph(g) { return glyphs.contains { $0 != g && !accentGlyph($0) && !$0.isSpace && across(g, $0) } }
        return glyphs.contains { accentGlyph($0) && across(g, $0) }
    }

    /// Whether an accent of the page that is not among `glyphs` stands over one of them: poppler
    /// put it on another line (`Formule 209 : E` / `⃗ = F⃗ fin.`), and the letter read without it
    /// (`$E$` for `\\vec{E}`) would be another formula.
    static func accentLeftOut(_ glyphs: [MathGlyph], page: [MathGlyph]) -> Bool {
        let mine = Set(glyphs.map(\.index))
        func rise(_ a: MathGlyph, over g: MathGlyph) -> Double {
            (g.y1 - MathLayout.descent * g.size) - (a.y1 - MathLayout.descent * a.size)
        }
        func across(_ a: MathGlyph, _ g: MathGlyph) -> Bool { min(a.x1, g.x1) - max(a.x0, g.x0) > 0.3 * min(a.width, g.width) }
        guard let top = glyphs.map(\.y0).min(), let bottom = glyphs.map(\.y1).max() else { return false }
        let size = glyphs.map(\.size).max() ?? 10
        return page.contains { a in
            // (Only glyphs just over the line's: a page holds thousands.)
            guard a.y1 > top - size, a.y0 < bottom, !mine.contains(a.index), a.width >= 1 else { return false }
            if accentGlyph(a) {
                return glyphs.contains { g in !accentGlyph(g) && across(a, g) && rise(a, over: g) > -0.3 && rise(a, over: g) < 0.5 * g.size }
            }
            // A piece of a built arrow (`\\overrightarrow`) raised over a letter of the line.
            guard a.font == .symbols, a.text == "−" || a.text == "→" || a.text == "←" else { return false }
            return glyphs.contains { g in
                g.font == .italic && g.startsWithLetter && across(a, g) && rise(a, over: g) > 0.3 * g.size && rise(a, over: g) < 0.9 * g.size
            }
        }
    }

    /// An accent's glyph as poppler gives it (TeX's math accents and combining marks; not `→`,
    /// `^` or `~`, which are symbols of their own).
    static func accentGlyph(_ g: MathGlyph) -> Bool {
        guard let s = g.text.unicodeScalars.first, g.text.unicodeScalars.count == 1 else { return false }
        return (0x300...0x36F).contains(s.value) || s.value == 0x20D7 || s.value == 0x20D6 || "˙¨ˆ˜¯ˇ˘´".unicodeScalars.contains(s)
    }

    /// Whether `latex` writes a mark over or under letters (an accent read).
    static func writes(_ latex: String) -> Bool {
        ["\\vec{", "\\bar{", "\\hat{", "\\dot{", "\\ddot{", "\\tilde{", "\\check{", "\\breve{", "\\acute{", "\\grave{",
         "\\overrightarrow{", "\\overleftarrow{", "\\overleftrightarrow{", "\\overline{", "\\widehat{", "\\widetilde{"].contains { latex.contains($0) }
    }

    /// A one-glyph accent (`¯`, `ˆ`, `⃗`, `˙`, a combining mark), put on its atom by `MathLayout.accents`.
    static func accentGlyph(_ a: MathAtom) -> Bool {
        guard case .glyph = a.kind, a.latex.count == 1, let c = a.latex.first else { return false }
        return LaTeXSymbols.accent(c) != nil || c == "⃗" || c == "\u{02D9}"
    }

    /// A one-glyph accent raised over its argument (poppler's box of a raised accent is a letter's,
    /// moved up a quarter of a size): put on the atom of the row under it that has it centred (a
    /// letter's accent sits over that letter, shifted by its slant a point at most), else on the
    /// letters next to each other under it whose middle it is (`\\vec{OM}`: TeX centres it over
    /// the group), else on the one it covers most on that row — never on a letter of another
    /// row its box overlaps (a denominator's `m` under `\\vec{F}`). Accents poppler gives no
    /// width or no raise are left to `MathLayout.accents`.
    static func groupAccents(_ input: [MathAtom], _ ink: MathInk) -> [MathAtom] {
        var atoms = input.sorted { $0.x0 < $1.x0 }
        var k = 0
        while k < atoms.count {
            let a = atoms[k]
            guard accentGlyph(a), a.width >= 1, let c = a.latex.first else { k += 1; continue }
            let under = atoms.indices.filter { j in
                let b = atoms[j]
                guard j != k, case .glyph = b.kind, !accentGlyph(b) else { return false }
                let drop = b.base - a.base
                return MathLayout.overlap(a, b) > 0 && drop > 0.1 * b.size && drop < 0.5 * b.size
            }
            guard let first = under.first else {
                // Raised over nothing given (its letter is on another poppler line, not read with
                // it): not put on a neighbour (`\\vec{\\cdot}`), the reading is unsure.
                let near = atoms.indices.filter { $0 != k && !accentGlyph(atoms[$0]) }
                    .min { abs(atoms[$0].midX - a.midX) < abs(atoms[$1].midX - a.midX) }
                let raised = near.map { atoms[$0].base - a.base > 0.1 * atoms[$0].size } ?? true
                if raised, !atoms.indices.contains(where: { $0 != k && MathLayout.overlap(atoms[$0], a) > 0.3 * min(a.width, atoms[$0].width) }) {
                    atoms[k].latex = String(MathLayout.unsure)
                }
                k += 1; continue
            }
            var chosen: [Int]? = under.filter { abs(atoms[$0].midX - a.midX) < 1.2 }
                .min { abs(atoms[$0].midX - a.midX) < abs(atoms[$1].midX - a.midX) }.map { [$0] }
            if chosen == nil {
                // The letters touching them on that baseline: the shortest run whose middle is the accent's.
                let row = atoms.indices.filter { j in
                    let b = atoms[j]
                    guard case .glyph = b.kind, !accentGlyph(b), b.latex.count == 1, b.latex.first!.isLetter || b.latex.first!.isNumber else { return false }
                    return abs(b.base - atoms[first].base) < 0.05 * b.size && abs(b.size - atoms[first].size) < 0.1
                }.sorted { atoms[$0].x0 < atoms[$1].x0 }
                if let at = row.firstIndex(of: first) {
                    for lo in max(0, at - 3)...at {
                        for hi in at..<min(row.count, lo + 4) where hi > lo {
                            let run = Array(row[lo...hi])
                            let touching = zip(run, run.dropFirst()).allSatisfy { abs(atoms[$1].x0 - atoms[$0].x1) < 0.5 }
                            let middle = (atoms[run.first!].x0 + atoms[run.last!].x1) / 2
                            guard touching, abs(middle - a.midX) < 1, under.allSatisfy({ run.contains($0) }) else { continue }
                            if chosen == nil || run.count < chosen!.count { chosen = run }
                        }
                    }
                }
            }
            if chosen == nil, let most = under.max(by: { MathLayout.overlap(atoms[$0], a) < MathLayout.overlap(atoms[$1], a) }) { chosen = [most] }
            guard let run = chosen else { k += 1; continue }
            let parts = run.map { atoms[$0] }
            let command = c == "⃗" ? "\\vec" : LaTeXSymbols.accent(c) ?? "\\dot"
            let body = MathLayout.rows(parts, ink)
            let merged = MathAtom(latex: command + "{" + body.latex + "}", linear: body.linear + String(c),
                                  x0: parts[0].x0, y0: min(a.y0, parts.map(\.y0).min()!), x1: parts.last!.x1, y1: parts.map(\.y1).max()!,
                                  base: parts[0].base, size: parts[0].size, kind: .compound)
            let gone = Set(run + [k])
            atoms = atoms.indices.filter { !gone.contains($0) }.map { atoms[$0] } + [merged]
            atoms.sort { $0.x0 < $1.x0 }
            k = 0
        }
        return atoms
    }

    /// A wide accent (`\\widehat`, `\\widetilde`) over the atoms it spans on the row under it —
    /// but never ending on an opening bracket nor starting on a closing one: over one narrow
    /// letter TeX's smallest hat overhangs it (`\\widehat{f}(\\xi)`, not `\\widehat{f(}\\xi)`).
    static func wideAccents(_ input: [MathAtom]) -> [MathAtom] {
        var atoms = input.sorted { $0.x0 < $1.x0 }
        let openers: Set<String> = ["(", "[", "\\{", "\\langle", "\\lbrack"], closers: Set<String> = [")", "]", "\\}", "\\rangle", "\\rbrack"]
        var k = 0
        while k < atoms.count {
            let a = atoms[k]
            guard case .glyph = a.kind, a.latex == "\\widehat" || a.latex == "\\widetilde" else { k += 1; continue }
            var covered = atoms.indices.filter { j in
                j != k && MathLayout.overlap(atoms[j], a) > 0.5 && atoms[j].midY > a.y0 && atoms[j].kind != .bigOperator
            }
            while covered.count > 1, let last = covered.last, openers.contains(atoms[last].latex) { covered.removeLast() }
            while covered.count > 1, let first = covered.first, closers.contains(atoms[first].latex) { covered.removeFirst() }
            guard let first = covered.first else { k += 1; continue }
            let parts = covered.map { atoms[$0] }
            let merged = MathAtom(latex: a.latex + "{" + MathLayout.join(parts.map(\.latex)) + "}", linear: parts.map(\.linear).joined() + "\u{0302}",
                                  x0: parts.map(\.x0).min()!, y0: min(a.y0, parts.map(\.y0).min()!), x1: parts.map(\.x1).max()!,
                                  y1: parts.map(\.y1).max()!, base: atoms[first].base, size: atoms[first].size, kind: .compound)
            let gone = Set(covered + [k])
            atoms = atoms.indices.filter { !gone.contains($0) }.map { atoms[$0] } + [merged]
            atoms.sort { $0.x0 < $1.x0 }
            k = 0
        }
        return atoms
    }

    /// A stroke of a wide accent's ink (`\\widehat`'s two slopes, found as short rules): over the
    /// accent's box (poppler's box of the glyph is a letter's; its ink is above it).
    static func wideAccentStroke(_ r: MathRule, _ a: MathAtom) -> Bool {
        guard a.latex == "\\widehat" || a.latex == "\\widetilde" || a.latex.hasPrefix("\\widehat{") || a.latex.hasPrefix("\\widetilde{") else { return false }
        return r.x0 >= a.x0 - 1 && r.x1 <= a.x1 + 1 && r.y < a.y0 + 0.5 && r.y > a.y0 - 0.7 * a.size
    }

    /// Whether glyphs of the page that are not the formula's stand right over `r`, within its
    /// ends and alone on their baseline there (a numerator centred over its bar; a line of text
    /// above runs on past the rule's ends).
    static func numeratorOver(_ r: MathRule, _ atoms: [MathAtom], page: [MathGlyph], size: Double) -> Bool {
        func foreign(_ g: MathGlyph) -> Bool {
            !g.isSpace && !atoms.contains { a in g.midX >= a.x0 && g.midX <= a.x1 && g.midY >= a.y0 && g.midY <= a.y1 }
        }
        let over = page.filter { g in
            g.midX > r.x0 && g.midX < r.x1 && g.y1 <= r.y + 0.5 && g.y1 >= r.y - 0.6 * size - 1 && foreign(g)
        }
        return over.contains { g in
            let base = g.y1 - MathLayout.descent * g.size
            return !page.contains { o in
                !o.isSpace && abs(o.y1 - MathLayout.descent * o.size - base) < 0.2 * g.size
                    && (o.x1 > r.x0 - 3 && o.x1 < r.x0 - 0.5 || o.x0 < r.x1 + 3 && o.x0 > r.x1 + 0.5)
            }
        }
    }

    /// Where an atom's ink starts (y): poppler's box of a glyph reaches a capital's height; a
    /// small letter's ink stops at the x-height (Latin Modern: 0.43 size over the baseline, the box
    /// 0.67), so a rule over it lies in its box.
    static func inkTop(_ a: MathAtom) -> Double {
        guard case .glyph = a.kind, a.latex.count == 1 || a.linear.count == 1, let c = a.linear.first else { return a.y0 }
        if smallLetters.contains(c) { return a.y0 + 0.24 * a.size }
        if c == "t" { return a.y0 + 0.06 * a.size }
        return a.y0
    }

    /// Letters whose ink stops at the x-height (a set: asked for every atom beside every rule).
    static let smallLetters = Set("acemnorsuvwxzgpqyıȷαγεηικμνοπρστυχωϵ")

    /// `MathLayout.stroke` with glyphs' strokes from their ink's top (a rule over a small letter
    /// lies in its box, above its ink).
    static func stroke(_ r: MathRule, _ atoms: [MathAtom]) -> Bool {
        var spans: [(Double, Double)] = []
        for a in atoms {
            if case .glyph = a.kind {
                // (inkTop is at or under the box's top: the box's test first, it is cheaper.)
                if r.y <= a.base + 0.3 && r.y >= a.y0 - 0.3 && r.y >= inkTop(a) - 0.3 { spans.append((a.x0 - 0.1 * a.size, a.x1 + 0.2 * a.size)) }
            } else if r.x0 >= a.x0 - 0.5 && r.x1 <= a.x1 + 0.5 && r.y >= a.y0 - 0.5 && r.y <= a.y1 + 0.5 {
                return true
            }
        }
        var reached = r.x0 + 0.5
        for (x0, x1) in spans.sorted(by: { $0.0 < $1.0 }) where x0 <= reached + 0.3 { reached = max(reached, x1) }
        return reached >= r.x1 - 0.5
    }

    /// Rules drawn just above atoms (TeX leaves three rule thicknesses between the rule and its
    /// argument: about 1.3 pt over poppler's box of a capital, whatever the size) with nothing
    /// over them but another rule (a fraction's bar over an overlined denominator): `\\overline`.
    /// A fraction's bar stands farther from its denominator (twice as far and more), a root's bar
    /// starts at its sign, a glyph's own strokes lie in its box.
    static func overlines(_ input: [MathAtom], _ ink: inout MathInk) -> [MathAtom] {
        var atoms = input.sorted { $0.x0 < $1.x0 }
        // Lowest first: an overline over an overline covers the inner one made an atom.
        var rules = ink.drawn.sorted { $0.y > $1.y }
        var k = 0
        while k < rules.count {
            let r = rules[k]
            guard r.length >= 2.5, !stroke(r, atoms),
                  !atoms.contains(where: { $0.kind == .radical && abs(r.x0 - $0.x1) < 2 }),
                  // A macron's ink (`\\bar{b}`: poppler's box of the accent is a letter's, its ink a rule over it).
                  !atoms.contains(where: { accentGlyph($0) && MathLayout.overlap($0, MathAtom(latex: "", linear: "", x0: r.x0, y0: r.y, x1: r.x1, y1: r.y, base: r.y, size: 1, kind: .compound)) > -0.5 })
            else { k += 1; continue }
            let under = atoms.indices.filter { j in MathLayout.within(atoms[j], r) && atoms[j].midY > r.y && inkTop(atoms[j]) < r.y + 0.6 * atoms[j].size + 1 }
            guard !under.isEmpty else { k += 1; continue }
            let parts = under.map { atoms[$0] }
            let size = parts.map(\.size).max()!
            // Its argument's full-size atoms, whose tops the rule stands just over.
            let top = parts.filter { $0.size >= size - 0.1 }.map(inkTop).min()!
            let gap = top - r.y
            // As wide as its argument (an italic letter's ink overhangs its box).
            let x0 = parts.map(\.x0).min()!, x1 = parts.map(\.x1).max()!
            guard gap >= 0.6, gap <= 2.2, abs(x0 - r.x0) < 1, abs(x1 - r.x1) < 1 + 0.2 * size,
                  // Nothing beside it at its height runs through it (it is no stroke of a wider glyph).
                  !atoms.indices.contains(where: { j in !under.contains(j) && MathLayout.crosses(atoms[j], r) && atoms[j].y0 < r.y && atoms[j].y1 > r.y })
            else { k += 1; continue }
            // Over it, within its width: nothing, or a rule nearer than anything else (a fraction
            // bar whose denominator it is).
            let over = atoms.filter { MathLayout.within($0, r) && $0.base < r.y }
            if let nearest = over.map(\.base).max() {
                let barBetween = rules.contains { o in
                    o.y < r.y - 0.5 && o.y > nearest && o.x0 <= r.x0 + 0.5 && o.x1 >= r.x1 - 0.5 && !stroke(o, atoms)
                }
                guard barBetween else { k += 1; continue }
            }
            // Nor a numerator of the page not given with the formula (its denominator read alone).
            guard !numeratorOver(r, atoms, page: ink.seen?.glyphs ?? [], size: size) else { k += 1; continue }
            let body = MathLayout.rows(parts, ink)
            let main = parts.filter { $0.size >= size - 0.1 }.min { $0.x0 < $1.x0 }!
            let merged = MathAtom(latex: "\\overline{" + body.latex + "}",
                                  linear: String(body.linear.flatMap { $0.isWhitespace ? [$0] : [$0, "\u{0305}"] }),
                                  x0: min(x0, r.x0), y0: r.y, x1: max(x1, r.x1), y1: parts.map(\.y1).max()!,
                                  base: main.base, size: main.size, kind: .compound)
            let gone = Set(under)
            atoms = atoms.indices.filter { !gone.contains($0) }.map { atoms[$0] } + [merged]
            atoms.sort { $0.x0 < $1.x0 }
            rules.remove(at: k)
            ink.drawn.removeAll { $0 == r }
        }
        return atoms
    }
}
