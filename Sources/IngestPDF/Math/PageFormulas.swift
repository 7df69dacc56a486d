import IngestCore

/// A display equation of a page: its LaTeX, its linear text and its box (points, y downwards).
struct PageFormula: Sendable {
    var latex: String
    var linear: String
    var x0: Double, y0: Double, x1: Double, y1: Double
    /// False for math left as the text reader wrote it (exponents kept, no LaTeX): counted for
    /// the document's warning, never a block.
    var sure = true

    /// Whether a line of the page is part of the equation (its middle inside the box).
    func holds(_ line: TextLine) -> Bool {
        let x = (line.x0 + line.x1) / 2, y = (line.y0 + line.y1) / 2
        return x >= x0 - 0.5 && x <= x1 + 0.5 && y >= y0 - 0.5 && y <= y1 + 0.5
    }
}

/// The math set by TeX on a page (issue 36): lines made only of math (math fonts, digits,
/// operators, Greek, function names) next to each other are one display equation, read by
/// `MathLayout`; in a line of text, the stretch in math fonts is written `$…$`. Only pages whose
/// fonts include a TeX math font are looked at, so a text page with italic words and numbers
/// never gets a formula; nor does a page whose only glyphs of a math font are the ASCII signs an
/// OT1 text font lacks (`InlineMath.borrowedSigns`: gnuplot.pdf's `{`, `<`, `|` in 177 of its 183
/// pages with a math font), which make no math of their own, and spaces (`mathGlyphs(mathOnly:)`).
enum PageFormulas {
    /// The page's display equations, and its lines with their inline math written `$…$`.
    static func find(on page: PopplerPageRef, lines: inout [TextLine]) -> [PageFormula] {
        let glyphs = page.mathGlyphs(mathOnly: true)
        guard !glyphs.isEmpty else { return [] }
        let ends = RadicalBars(page: page)
        ends.seen.glyphs = glyphs
        // Lines of math only, grouped when they touch (a fraction's numerator, bar and denominator).
        var groups: [[Int]] = []
        var lineGlyphs: [[MathGlyph]] = lines.map { _ in [] }
        func inBox(_ g: MathGlyph, _ l: TextLine) -> Bool {
            g.midX >= l.x0 - 0.3 && g.midX <= l.x1 + 0.3 && g.midY >= l.y0 - 0.3 && g.midY <= l.y1 + 0.3
        }
        // A root sign hangs above its line (its box is mostly over it): it belongs to the line of
        // its radicand, the glyph that starts where the sign ends.
        var home: [Int: Int] = [:]             // glyph index → line
        let roots = glyphs.indices.filter { glyphs[$0].isRootSign }
        // So does a text-style integral of the extension font (inline `\\int_a^b`): poppler's box
        // is its top, and may put it in the row above; what starts at its right edge, within its
        // height, is its lower limit or its operand.
        // And a big delimiter (`\\binom`'s, `\\left(`): what starts at its right edge, or for a
        // closing one what ends at its left edge, within its height.
        func fence(_ g: MathGlyph) -> (height: Double, closing: Bool)? {
            guard g.font == .extensible, let u = g.text.unicodeScalars.first, let f = MathLayout.fenceCodes[u.value] else { return nil }
            return (f.height * g.size, [")", "]", "\\}", "\\rangle"].contains(f.latex))
        }
        // And the extension font's bigger root signs (`p`…`s`: 1.2 to 3 sizes high).
        let bigRoots: [String: Double] = ["p": 1.2, "q": 1.8, "r": 2.4, "s": 3.0]
        let operators = glyphs.indices.filter { k in
            glyphs[k].font == .extensible && (["R", "H"].contains(glyphs[k].text) || bigRoots[glyphs[k].text] != nil) || fence(glyphs[k]) != nil
        }
        for g in (roots + operators).map({ glyphs[$0] }) {
            let f = fence(g)
            let depth = g.isRootSign ? Double.infinity
                : f?.height ?? bigRoots[g.text].map { $0 * g.size } ?? (MathLayout.operatorExtents[g.text]?.depth ?? 1) * g.size
            var starts = glyphs.filter { r in
                guard !r.isRootSign, r.font != .extensible, !r.isSpace, r.midY <= g.y0 + depth else { return false }
                // (TeX leaves a little room between a delimiter and what it holds.)
                if let f { return (f.closing ? g.x0 - r.x1 : r.x0 - g.x1) > -0.8 && (f.closing ? g.x0 - r.x1 : r.x0 - g.x1) < 0.3 * g.size && r.midY >= g.y0 - 1 }
                return abs(r.x0 - g.x1) < 0.8 && r.y0 >= g.y0 - 1
            }
            if let f { starts = starts.min { abs(f.closing ? g.x0 - $0.x1 : $0.x0 - g.x1) < abs(f.closing ? g.x0 - $1.x1 : $1.x0 - g.x1) }.map { [$0] } ?? [] }
            guard !starts.isEmpty else { continue }
            for (i, line) in lines.enumerated() where line.hasGeometry && line.origin == .content {
                if starts.contains(where: { inBox($0, line) }) { home[g.index] = i; break }
            }
        }
        func within(_ g: MathGlyph, _ i: Int) -> Bool { home[g.index].map { $0 == i } ?? inBox(g, lines[i]) }
        // A line's glyphs, found by the height of their middles (a page has thousands of glyphs and
        // dozens of lines: filtering all glyphs for every line made math pages the run's hot spot),
        // in the page's order.
        let byY = glyphs.indices.sorted { glyphs[$0].midY < glyphs[$1].midY }
        let midYs = byY.map { glyphs[$0].midY }
        var homed: [Int: [Int]] = [:]          // line → its root signs (indices into `glyphs`)
        for k in roots + operators { if let i = home[glyphs[k].index] { homed[i, default: []].append(k) } }
        func boxed(_ i: Int, _ keep: (Int) -> Bool) -> [Int] {
            let l = lines[i]
            var lo = 0, hi = midYs.count
            while lo < hi { let m = (lo + hi) / 2; if midYs[m] < l.y0 - 0.3 { lo = m + 1 } else { hi = m } }
            var out: [Int] = []
            var k = lo
            while k < midYs.count && midYs[k] <= l.y1 + 0.3 {
                if keep(byY[k]) { out.append(byY[k]) }
                k += 1
            }
            return out
        }
        // Boxes overlap (a root sign reaching up, a fraction's parts): a line's own glyphs are the
        // run of the page's text that spells it, where one is found.
        let spans = lines.indices.map { i in
            lines[i].hasGeometry && lines[i].origin == .content
                ? ownSpan(lines[i].text, boxed(i) { inBox(glyphs[$0], lines[i]) }.sorted(), glyphs) : nil
        }
        // (Found once per line: the rewriting below asks for a line's glyphs again and again.)
        var memberLists = [[Int]?](repeating: nil, count: lines.count)
        func members(_ i: Int) -> [Int] {
            if let known = memberLists[i] { return known }
            var out = boxed(i) { within(glyphs[$0], i) }
            if let span = spans[i] { out = out.filter { span.contains($0) } }
            for r in homed[i] ?? [] where !out.contains(r) { out.append(r) }
            out.sort()
            memberLists[i] = out
            return out
        }
        for (i, line) in lines.enumerated() where line.hasGeometry && line.origin == .content {
            lineGlyphs[i] = members(i).map { glyphs[$0] }.filter { !$0.isSpace }
        }
        var isMathLine = [Bool](repeating: false, count: lines.count)
        for i in lines.indices where !lineGlyphs[i].isEmpty { isMathLine[i] = onlyMath(lineGlyphs[i]) }
        MathUpright.keepRowsWhole(&isMathLine, lines, lineGlyphs)
        // Rows right of a big opening delimiter, up to its closing one, are the display's (a
        // `cases`'s conditions are words).
        let fences = MathArrays.fences(glyphs.filter { $0.font == .extensible })
        for f in fences where f.isOpen {
            let close = fences.filter { $0.char == MathArrays.closing[f.char] && $0.x0 > f.x1 && $0.y0 < f.y1 && $0.y1 > f.y0 }.map(\.x0).min()
            let size = f.y1 - f.y0
            for i in lines.indices where !isMathLine[i] && !lineGlyphs[i].isEmpty {
                let l = lines[i]
                if l.y0 < f.y1 && l.y1 > f.y0 && l.x0 >= f.x1 - 0.5 && l.x0 < min(close ?? .infinity, f.x1 + 4 * size) { isMathLine[i] = true }
            }
        }
        let order = lines.indices.filter { isMathLine[$0] }.sorted { lines[$0].y0 < lines[$1].y0 }
        // Lines that touch or nearly (a fraction's bar leaves half a line between numerator and
        // denominator) and overlap across are one equation: grouped to a fixed point.
        // A line's reach: poppler's box of a big operator or delimiter of the extension font is
        // its top only; the glyph hangs below it (cmex10's depths), over its lower limit or its rows.
        typealias Reach = (x0: Double, y0: Double, x1: Double, y1: Double, glyphHeight: Double)
        let reach: [Reach] = lines.indices.map { i in
            let l = lines[i]
            var (y0, y1) = (l.y0, l.y1)
            for g in lineGlyphs[i] where g.font == .extensible {
                if let e = MathLayout.operatorExtents[g.text] {
                    y0 = min(y0, g.y0 - e.height * g.size); y1 = max(y1, g.y0 + e.depth * g.size)
                } else if let f = fences.first(where: { $0.x0 == g.x0 && $0.y0 <= g.y0 && $0.y1 >= g.y0 }) {
                    y1 = max(y1, f.y1)
                }
            }
            return (l.x0, y0, l.x1, y1, l.glyphHeight)
        }
        func near(_ l: Reach, _ o: Reach) -> Bool {
            // Side by side on one row (a numerator beside `x =`), or one over the other across
            // (a denominator under its numerator, limits over a sum).
            let slack = 0.8 * max(l.glyphHeight, o.glyphHeight)
            let beside = l.y0 < o.y1 && l.y1 > o.y0 && l.x0 < o.x1 + 30 && l.x1 > o.x0 - 30
            let over = l.y0 < o.y1 + slack && l.y1 > o.y0 - slack && l.x0 < o.x1 && l.x1 > o.x0
            return beside || over
        }
        let lone = MathUpright.loneScripts(isMathLine, lines, lineGlyphs)
        for i in order {
            let touching = lone.contains(i) ? [] : groups.indices.filter { g in groups[g].contains { !lone.contains($0) && near(reach[i], reach[$0]) } }
            if touching.isEmpty { groups.append([i]); continue }
            var merged = [i]
            for g in touching { merged += groups[g] }
            for g in touching.reversed() { groups.remove(at: g) }
            groups.append(merged)
        }
        var formulas: [PageFormula] = []
        // Math lines beside a line of text on the same row are that line's inline math set on
        // several levels (a fraction's numerator and denominator, a root's bar in `$…$`).
        var stacked: [Int: [Int]] = [:]
        // Lines of text on one row taken in by the line left of them (a structure set between them).
        var joined: [Int: [Int]] = [:]
        // The line of text a math line sits beside, on the same row (overlapping up and down).
        func host(of m: Int) -> Int? {
            let (y0, y1, x0, x1) = (reach[m].y0, reach[m].y1, lines[m].x0, lines[m].x1)
            return lines.indices.filter { t in
                let l = lines[t]
                guard !isMathLine[t], l.hasGeometry, l.origin == .content, !lineGlyphs[t].isEmpty else { return false }
                return min(l.y1, y1) - max(l.y0, y0) > 0.5 && l.x0 < x1 + 40 && l.x1 > x0 - 40
            }.max { a, b in
                // (As much: the one across from it, not beside it: a numerator goes with the line
                // holding its denominator, `Formule : dx` rather than `= ky fin.`.)
                let (oa, ob) = (min(lines[a].y1, y1) - max(lines[a].y0, y0), min(lines[b].y1, y1) - max(lines[b].y0, y0))
                // Two rows touching it as little: the one its middle is nearer (an inline
                // `aligned`'s first row over the text row it is set on).
                func apart(_ t: Int) -> Double { max(0, lines[t].x0 - x1, x0 - lines[t].x1) }
                func off(_ t: Int) -> Double { abs((lines[t].y0 + lines[t].y1) / 2 - (y0 + y1) / 2) }
                guard abs(oa - ob) < 0.3 else { return oa < ob }
                let oneRow = min(lines[a].y1, lines[b].y1) - max(lines[a].y0, lines[b].y0) > 0.5 * min(lines[a].glyphHeight, lines[b].glyphHeight)
                return oneRow ? apart(a) > apart(b) : off(a) > off(b)
            }
        }
        for group in groups {
            // Each line of the group goes with the line of text on its own row (two inline formulas
            // one above the other can touch).
            var hosts = group.map(host)
            if let first = hosts.compactMap({ $0 }).first {
                // Rows of one `aligned` set inline go with one line (the text on the row between them
                // may be two lines, each beside one of them).
                let distinct = Set(hosts.compactMap { $0 })
                // (Only when those lines are on one row: two inline formulas one above the other,
                // `Formule 29 : … fin.` over `Formule 30 : … fin.`, are two rows of text.)
                let oneRow = distinct.allSatisfy { a in
                    distinct.allSatisfy { b in min(lines[a].y1, lines[b].y1) - max(lines[a].y0, lines[b].y0) > 0.5 * min(lines[a].glyphHeight, lines[b].glyphHeight) }
                }
                if distinct.count > 1, oneRow, MathArrays.aligned(group.flatMap { lineGlyphs[$0] }, ink: .none) != nil {
                    hosts = group.map { _ in first }
                } else if distinct.count > 1, oneRow, let left = distinct.min(by: { lines[$0].x0 < lines[$1].x0 }) {
                    // A matrix set inline between two lines of text on its row (`Formule :` and
                    // `= ad − bc fin.`): one line, when the structure is read across them.
                    let words = distinct.flatMap(members)
                    let stackedGlyphs: [Int] = group.flatMap(members).filter { !glyphs[$0].isSpace }
                    let row: [MathGlyph] = (words + stackedGlyphs).map { glyphs[$0] }
                        .sorted { (a: MathGlyph, b: MathGlyph) -> Bool in a.x0 < b.x0 || a.x0 == b.x0 && a.index < b.index }
                    if MathArrays.inline(row, host: Set(words.map { glyphs[$0].index }), ink: ends.end) != nil {
                        hosts = group.map { _ in left }
                        joined[left] = distinct.subtracting([left]).sorted { lines[$0].x0 < lines[$1].x0 }
                    }
                }
                for (m, h) in zip(group, hosts) { stacked[h ?? first, default: []].append(m) }
                continue
            }
            // Lines with no math font are a display only when a fraction of them is read surely
            // (`\\frac{2}{3} + \\frac{1}{6} = \\frac{5}{6}`: figures and operators of the text font).
            let mathFont = group.contains(where: { lineGlyphs[$0].contains { $0.font.isMath } })
            guard mathFont || group.count >= 2 else { continue }
            let x0 = group.map { lines[$0].x0 }.min()!, x1 = group.map { lines[$0].x1 }.max()!
            let y0 = group.map { lines[$0].y0 }.min()!, y1 = group.map { lines[$0].y1 }.max()!
            let inside = glyphs.filter { g in
                !g.isSpace && (home[g.index].map { group.contains($0) } ?? (g.midX >= x0 - 0.5 && g.midX <= x1 + 0.5 && g.midY >= y0 - 0.5 && g.midY <= y1 + 0.5))
            }
            // A brace or a bracket alone is part of something not read (a paper's `cases` drawn
            // apart), and one or two letters alone are a drawing's labels (`x`, `X₂` by an axis):
            // their lines stay text.
            guard inside.count >= 3, let read = MathArrays.read(inside, ink: ends.end) ?? MathLayout.read(inside, radicalEnd: ends.end),
                  read.linear.contains(where: { $0.isLetter || $0.isNumber }), mathFont || read.sure && read.latex.contains("\\frac") else { continue }
            // The box takes in the root signs hanging above the lines (their own lines go with it).
            formulas.append(PageFormula(latex: read.latex, linear: read.linear, x0: min(x0, inside.map(\.x0).min()!),
                                        y0: min(y0, inside.map(\.y0).min()!), x1: max(x1, inside.map(\.x1).max()!),
                                        y1: max(y1, inside.map(\.y1).max()!), sure: read.sure))
        }
        numbered(&formulas, lines)
        // Inline math in the other lines.
        var gone = Set<Int>()
        let takenAway = Set(joined.values.joined())
        // (What the rewriting changed, for the root signs settled after it.)
        let original = lines.map(\.text)
        var rewrittenLines = Set<Int>(), takenBy: [Int: Set<Int>] = [:]
        // (The lines of one row left to right: poppler may give a row's end before its start.)
        for i in leftFirst(lines.indices.filter { i in
            !isMathLine[i] && (lineGlyphs[i].contains(where: { $0.font.isMath }) || stacked[i] != nil || MathUpright.holdsUpright(lineGlyphs[i]))
                // (A listing's continuation mark is no formula: `ContinuationMarks`.)
                && !(lineGlyphs[i].filter { $0.font.isMath }.allSatisfy { "←-−".contains($0.text) }
                      && (ContinuationMarks.withoutMark(lines[i].text) != nil || ContinuationMarks.isMarkAlone(lines[i].text)))
        }, lines) {
            guard !takenAway.contains(i), !gone.contains(i) else { continue }
            let extraLines = stacked[i] ?? []
            // Lines of root signs only, whose signs all belong to this line, go with it.
            let ownRoots = (homed[i] ?? []).map { glyphs[$0] }
            let signLines = ownRoots.isEmpty ? [] : lines.indices.filter { l in
                l != i && ownRoots.contains { inBox($0, lines[l]) }
                    && lines[l].text.allSatisfy { $0 == "√" || $0 == " " }
            }
            // One row: the line's glyphs and those stacked over and under it, left to right.
            func rewrite(_ besides: [Int], continued: [Int] = []) -> String? {
                var chosen = Set(members(i))
                for e in extraLines { for k in members(e) where !glyphs[k].isSpace { chosen.insert(k) } }
                for e in besides { chosen.formUnion(members(e)) }
                for e in continued { chosen.formUnion(members(e)) }
                var inLine = spaced(chosen.sorted().map { glyphs[$0] }, lines: [i] + extraLines + besides + continued,
                                    members: { Set(members($0).map { glyphs[$0].index }) })
                // A space poppler put before a big closing delimiter (`I_0 )fin.`, the delimiter's
                // box starting a word) is the one after it: the delimiter closes the math before it.
                for k in inLine.indices.dropLast() where inLine[k].isSpace && !inLine[k + 1].isSpace && fence(inLine[k + 1])?.closing == true {
                    inLine.swapAt(k, k + 1)
                }
                var text = ([lines[i].text] + (extraLines + besides + continued).map { lines[$0].text }).joined(separator: " ")
                // (An operator poppler wrote into one of these lines but read with another's, or the
                // other way round: the text to check the glyphs against is without it, or with it.)
                let rowLines = [i] + extraLines + besides + continued
                for k in operators {
                    guard let h = home[glyphs[k].index], let s = lines.indices.first(where: { spans[$0]?.contains(k) == true }),
                          rowLines.contains(h) != rowLines.contains(s) else { continue }
                    if rowLines.contains(h) { text += " " + glyphs[k].text } else if let at = text.lastIndex(of: Character(glyphs[k].text)) { text.remove(at: at) }
                }
                guard sameCharacters(inLine, text), !MathAccents.accentLeftOut(inLine, page: glyphs) else { return nil }
                guard let rewritten = MathArrays.inline(inLine, host: Set(([i] + besides + continued).flatMap(members).map { glyphs[$0].index }), ink: ends.end)
                    ?? InlineMath.rewrite(inLine, line: text, radicalEnd: ends.end), keeps(rewritten, inLine) else { return nil }
                return rewritten
            }
            // Poppler may cut a row of text where an inline fraction is (`… ρ = m` / `V fin.`): the
            // line of text starting right of this one's start, on its row and reaching into it, is
            // read with it first; alone when the two together are not read.
            let partners = joined[i] != nil ? [] : rowPartners(i, lines, lineGlyphs, isMathLine, taken: takenAway.union(gone))
            // Only for a fraction read across the cut (what the cut is made by).
            // (With the lines stacked on them: a denominator, an operator poppler hosted there.)
            let stackedOnPartners = partners.flatMap { stacked[$0] ?? [] }.filter { !gone.contains($0) && !extraLines.contains($0) }
            let tried = partners.isEmpty ? nil : rewrite(partners + stackedOnPartners).flatMap {
                $0.contains("\\frac") || MathUpright.stacksScripts($0) || MathAccents.writes($0) ? ($0, partners + stackedOnPartners) : nil
            }
            // The rest of the row, when poppler cut it after this line (`z = a` / `+ ib fin.`): the
            // row read whole first.
            let continued = joined[i] != nil ? [] : continuations(
                of: ([i] + extraLines + partners).flatMap(members).map { glyphs[$0] },
                candidates: lines.indices.filter { t in
                    t != i && !isMathLine[t] && !extraLines.contains(t) && !partners.contains(t) && !takenAway.contains(t) && !gone.contains(t)
                        && !rewrittenLines.contains(t) && lines[t].hasGeometry && lines[t].origin == .content && !lineGlyphs[t].isEmpty
                        && lines[t].y0 < lines[i].y1 && lines[t].y1 > lines[i].y0
                }, members: { members($0).map { glyphs[$0] } }, stackedOn: { (stacked[$0] ?? []).flatMap(members).map { glyphs[$0] } })
            // (With the lines stacked over or under the rest: its scripts, its fractions' parts.)
            let stackedOnRest = continued.flatMap { stacked[$0] ?? [] }.filter { !gone.contains($0) }
            let whole = continued.isEmpty ? nil
                : rewrite(partners + stackedOnRest, continued: continued).map { ($0, partners + stackedOnRest + continued) }
            if let (rewritten, besides) = whole ?? tried ?? rewrite(joined[i] ?? []).map({ ($0, joined[i] ?? []) }) {
                lines[i].text = rewritten
                rewrittenLines.insert(i)
                takenBy[i] = Set(extraLines + besides + signLines)
                gone.formUnion(extraLines)
                gone.formUnion(besides)
                gone.formUnion(signLines)
            } else {
                formulas.append(PageFormula(latex: "", linear: lines[i].text, x0: 0, y0: 0, x1: 0, y1: 0, sure: false))
            }
        }
        // Root signs poppler wrote into another line's text than their radicand's.
        let display = Set(lines.indices.filter { h in isMathLine[h] && formulas.contains { $0.sure && $0.holds(lines[h]) } })
        // (The scalar first: a text without it cannot hold the sign, and Foundation's search costs.)
        let rootCounts = lines.indices.map { s in
            original[s].unicodeScalars.contains("√") && original[s].contains("√") ? members(s).filter { glyphs[$0].isRootSign }.count : 0
        }
        let undone = settleRoots(roots.map { glyphs[$0] }, home: home, lines: &lines, original: original, rewritten: rewrittenLines,
                                 takenBy: takenBy, readAsDisplay: { display.contains($0) }, inBox: inBox, ownRoots: { rootCounts[$0] })
        // An operator read with another line than the one poppler wrote it into: that line is left
        // as poppler wrote it when the operator's own line is left as text.
        var owner: [Int: Int] = [:]
        for (l, taken) in takenBy { for t in taken { owner[t] = l } }
        var undoneToo = Set<Int>()
        for k in operators {
            guard let h = home[glyphs[k].index], let s = lines.indices.first(where: { spans[$0]?.contains(k) == true }), s != h,
                  !(rewrittenLines.contains(h) || owner[h] != nil || display.contains(h)) else { continue }
            if let u = rewrittenLines.contains(s) ? s : owner[s], !undone.contains(u) { undoneToo.insert(u); lines[u].text = original[u] }
        }
        for u in undone.union(undoneToo) {
            gone.subtract(takenBy[u] ?? [])
            formulas.append(PageFormula(latex: "", linear: lines[u].text, x0: 0, y0: 0, x1: 0, y1: 0, sure: false))
        }
        // A big delimiter poppler wrote into another line's text (`Formule 2 :` before a formula
        // starting the next line), read with its own row: its code (the extension font's below
        // U+0020, a control character no text has) is taken out of that text.
        let settled = undone.union(undoneToo)
        for k in operators {
            guard let h = home[glyphs[k].index], let s = lines.indices.first(where: { spans[$0]?.contains(k) == true }), s != h,
                  rewrittenLines.contains(h) || display.contains(h), !settled.contains(h), !rewrittenLines.contains(s),
                  let u = glyphs[k].text.unicodeScalars.first, u.value < 0x20, glyphs[k].text.unicodeScalars.count == 1,
                  let at = lines[s].text.lastIndex(of: Character(glyphs[k].text)) else { continue }
            lines[s].text.remove(at: at)
        }
        if !gone.isEmpty { lines = lines.indices.filter { !gone.contains($0) }.map { lines[$0] } }
        return formulas
    }

    /// The lines of text poppler cut from line `i` on its row: starting right of its start and
    /// before its end (they overlap across: a fraction's denominator under its numerator), and
    /// overlapping it up and down by most of a line. Two columns never overlap across.
    static func rowPartners(_ i: Int, _ lines: [TextLine], _ lineGlyphs: [[MathGlyph]], _ isMathLine: [Bool], taken: Set<Int>) -> [Int] {
        let l = lines[i]
        // (By their own glyphs: a line's box may hold a sign read with another line, an
        // integral poppler put on the row above.)
        let (lx0, lx1) = (lineGlyphs[i].map(\.x0).min() ?? l.x0, lineGlyphs[i].map(\.x1).max() ?? l.x1)
        return lines.indices.filter { t in
            let o = lines[t]
            guard t != i, !taken.contains(t), !isMathLine[t], o.hasGeometry, o.origin == .content, !lineGlyphs[t].isEmpty else { return false }
            let across = min(l.y1, o.y1) - max(l.y0, o.y0)
            guard across > 0.5 * min(l.glyphHeight, o.glyphHeight) else { return false }
            let ox0 = lineGlyphs[t].map(\.x0).min() ?? o.x0
            guard ox0 > lx0 && ox0 < lx1 else { return false }
            // Where they overlap across, only smaller glyphs (numerator over denominator): two
            // rows of full-size text (a tall integral's line against the next one) are no cut.
            let size = (lineGlyphs[i] + lineGlyphs[t]).map(\.size).max() ?? 0
            let row = lineGlyphs[i] + lineGlyphs[t]
            return row.allSatisfy { g in g.midX < ox0 || g.midX > lx1 || g.size < 0.9 * size || MathAccents.overlapsAsAccent(g, row) }
        }.sorted { lines[$0].x0 < lines[$1].x0 }
    }

    /// Whether `rewritten` still holds every Latin letter and figure of `glyphs` (LaTeX commands
    /// left out): a line whose rewriting lost some (a matrix's rows stacked over it) stays as the
    /// text reader wrote it.
    static func keeps(_ rewritten: String, _ glyphs: [MathGlyph]) -> Bool {
        func tally(_ s: Substring) -> [Int] {
            var out = [Int](repeating: 0, count: 128)
            if s.utf8.allSatisfy({ $0 < 0x80 }) {
                // (ASCII, most lines: its bytes are its characters.)
                for b in s.utf8 where (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) { out[Int(b)] += 1 }
                return out
            }
            for c in s where c.isASCII && (c.isLetter || c.isNumber) { out[Int(c.asciiValue!)] += 1 }
            return out
        }
        var text = Substring(rewritten), plain = ""
        while let slash = text.firstIndex(of: "\\") {
            plain += text[..<slash]
            let rest = text[text.index(after: slash)...]
            let name = rest.prefix { $0.isLetter }
            // A function name's letters are the glyphs' (`\\sin`); other commands are symbols.
            if LaTeXSymbols.functions.contains(String(name)) { plain += name }
            text = rest.dropFirst(name.count)
        }
        plain += text
        let have = tally(Substring(plain))
        // Full-size glyphs only: scripts may be written as Unicode superscripts (`10⁸`).
        let size = glyphs.map(\.size).max() ?? 0
        let need = tally(Substring(glyphs.filter { $0.font != .extensible && $0.size >= 0.9 * size }.map(\.text).joined()))
        return need.indices.allSatisfy { have[$0] >= need[$0] }
    }

    /// An equation's number set at the right margin on its row (`(1)`, `(2.3)`, `(4a)`): written
    /// `\tag{…}` into the equation, and its line taken in with it (so it is no paragraph of its
    /// own). An equation with several numbers (one per row of an `align`) keeps them as text.
    static func numbered(_ formulas: inout [PageFormula], _ lines: [TextLine]) {
        for f in formulas.indices where formulas[f].sure {
            let box = formulas[f]
            let size = max(1, lines.filter { box.holds($0) }.map(\.glyphHeight).max() ?? 10)
            let numbers = lines.filter { l in
                let t = l.text.trimmingCharacters(in: .whitespaces)
                guard l.hasGeometry, l.origin == .content, t.count >= 3, t.first == "(", t.last == ")" else { return false }
                let label = t.dropFirst().dropLast()
                guard label.first?.isNumber == true, label.allSatisfy({ $0.isNumber || $0 == "." || $0.isLowercase }) else { return false }
                let y = (l.y0 + l.y1) / 2
                return y > box.y0 && y < box.y1 && l.x0 > box.x1 + 2 * size
            }
            guard numbers.count == 1, let n = numbers.first else { continue }
            let label = String(n.text.trimmingCharacters(in: .whitespaces).dropFirst().dropLast())
            formulas[f].latex += " \\tag{\(label)}"
            formulas[f].linear += " (\(label))"
            formulas[f].x1 = max(box.x1, n.x1)
        }
    }

    /// A line all of whose glyphs may be math: math fonts, figures, operators, Greek, and upright
    /// letters only in function names (`ln`, `sin`).
    static func onlyMath(_ glyphs: [MathGlyph]) -> Bool {
        // Upright words of a display (`pH = −log[H₃O⁺]`, `… = cte`): MathUpright.
        if MathUpright.onlyMath(glyphs) { return true }
        var word = ""
        var previous: MathGlyph?
        func wordIsMath() -> Bool { word.isEmpty || LaTeXSymbols.functions.contains(word) || word.count == 1 && glyphsAreMathContext }
        let glyphsAreMathContext = glyphs.contains { $0.font.isMath }
        // (Their places sorted, not the glyphs: this runs on every line of a page with math.)
        for k in glyphs.indices.sorted(by: { glyphs[$0].x0 < glyphs[$1].x0 }) {
            let g = glyphs[k]
            if g.font == .text, g.startsWithLetter, !g.startsWithGreek {
                let c = Character(g.text)
                if let p = previous, p.font == .text, p.startsWithLetter, g.x0 - p.x1 < 0.5 { word.append(c) }
                else { if !wordIsMath() { return false }; word = String(c) }
            } else {
                if !wordIsMath() { return false }
                word = ""
            }
            previous = g
        }
        return wordIsMath()
    }
}
