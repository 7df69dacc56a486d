import Foundation

/// What keeps an inline rewrite faithful to the line poppler wrote (issue 36): one row of a
/// formula that poppler cut in several lines is read whole, a line's glyphs found by their boxes
/// are the glyphs of its text (a glyph of the next line inside its box is not taken twice), and a
/// root sign poppler wrote into another line's text (it hangs over that line) is neither lost nor
/// written twice.
extension PageFormulas {
    /// The lines of text after `row` on its baseline (`Formule 35 : z = a` / `+ ib fin.`): each
    /// starting at most a size right of where the row's glyphs end so far (or on its last glyph,
    /// which the two boxes share), chained.
    static func continuations(of row: [MathGlyph], candidates: [Int], members: (Int) -> [MathGlyph],
                              stackedOn: (Int) -> [MathGlyph]) -> [Int] {
        var glyphs = row.filter { !$0.isSpace }
        guard let size = glyphs.map(\.size).max(), size > 0 else { return [] }
        func baseline(_ gs: [MathGlyph]) -> Double? {
            let full = gs.filter { !$0.isSpace && $0.font != .extensible && !$0.isRootSign && $0.size >= 0.9 * size }
                .map { $0.y1 - MathLayout.descent * $0.size }.sorted()
            return full.isEmpty ? nil : full[full.count / 2]
        }
        guard let base = baseline(glyphs) else { return [] }
        var out: [Int] = []
        var grew = true
        while grew {
            grew = false
            let have = Set(glyphs.map(\.index))
            let end = glyphs.map(\.x1).max()!
            for t in candidates where !out.contains(t) {
                let own = members(t).filter { !$0.isSpace }
                let new = (own + stackedOn(t)).filter { !have.contains($0.index) && !$0.isSpace }
                func follows(_ start: Double?) -> Bool { start.map { $0 >= end - 1 && $0 - end < size } ?? false }
                // (With what is stacked on it, whose limits and scripts may tuck under the row's
                // last glyph, a sum's slant; or by its own glyphs, when what poppler stacked on it
                // is the row's: an exponent.)
                guard let b = baseline(own), abs(b - base) < 0.15 * size,
                      follows(new.map(\.x0).min().map { $0 + 0.5 * size - 1 }) || follows(own.filter { !have.contains($0.index) }.map(\.x0).min())
                else { continue }
                out.append(t); glyphs += new; grew = true
                break
            }
        }
        return out
    }

    /// Where in the page's glyphs (positions in `glyphs`) line `text` is: the one run of the
    /// glyphs in its box (`boxed`, in the page's order) that spells its visible characters; nil
    /// when none or several do (the box then says which glyphs are the line's).
    static func ownSpan(_ text: String, _ boxed: [Int], _ glyphs: [MathGlyph]) -> ClosedRange<Int>? {
        let want = Array(visible(text))
        guard !want.isEmpty else { return nil }
        var have: [(c: Unicode.Scalar, k: Int)] = []
        for k in boxed where !glyphs[k].isSpace {
            // (One ASCII character, most glyphs: its own visible form, but for the script marks.)
            let utf8 = glyphs[k].text.utf8
            if utf8.count == 1, let b = utf8.first, b < 0x80 {
                if b != UInt8(ascii: "^") && b != UInt8(ascii: "_") { have.append((Unicode.Scalar(b), k)) }
                continue
            }
            for c in visible(glyphs[k].text, marks: false) { have.append((c, k)) }
        }
        guard have.count >= want.count else { return nil }
        var found: ClosedRange<Int>?
        for p in 0...(have.count - want.count) {
            guard have[p].c == want[0], p == 0 || have[p - 1].k != have[p].k,
                  p + want.count == have.count || have[p + want.count].k != have[p + want.count - 1].k else { continue }
            var same = true
            for q in 1..<want.count where have[p + q].c != want[q] { same = false; break }
            guard same else { continue }
            if found != nil { return nil }
            found = have[p].k...have[p + want.count - 1].k
        }
        return found
    }

    /// The characters of a line's text to be found among its glyphs: compatibility forms
    /// (`³` is a raised `3`), no white space, and without the marks the text reader writes
    /// around scripts that have no Unicode form (`^(…)`, `_x`: `ScriptText`).
    /// (Unicode scalars: a combining accent poppler gives as a glyph of its own, `⃗`, fuses with
    /// the letter before it in the line's text.)
    static func visible(_ text: String, marks: Bool = true) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        var closing: [Bool] = []                // per open parenthesis: whether it is a mark's
        // (ASCII is its own compatibility decomposition: most of a page's lines and glyphs skip
        // Foundation's, which this runs for every line of every page.)
        let scalars = text.unicodeScalars
        let chars = scalars.allSatisfy(\.isASCII) ? Array(scalars) : Array(text.decomposedStringWithCompatibilityMapping.unicodeScalars)
        var k = 0
        while k < chars.count {
            let c = chars[k]
            defer { k += 1 }
            if c.isWhiteSpace { continue }
            if c == "^" || c == "_" {
                if marks, k + 1 < chars.count, chars[k + 1] == "(" { closing.append(true); k += 1 }
                continue
            }
            if marks, c == "(" { closing.append(false) }
            if marks, c == ")", let last = closing.popLast(), last { continue }
            out.append(c)
        }
        return out
    }

    /// `candidates` with the lines of one row left to right (each moved before the lines of its
    /// row that poppler gave before it and that start right of it).
    static func leftFirst(_ candidates: [Int], _ lines: [TextLine]) -> [Int] {
        var out: [Int] = []
        for i in candidates {
            let l = lines[i]
            let at = out.firstIndex { t in
                let o = lines[t]
                return o.x0 > l.x1 - 1 && min(l.y1, o.y1) - max(l.y0, o.y0) > 0.5 * min(l.glyphHeight, o.glyphHeight)
            }
            if let at { out.insert(i, at: at) } else { out.append(i) }
        }
        return out
    }

    /// The glyphs of several lines left to right, a space put where one line's glyph follows
    /// another line's after a gap: poppler writes no space glyph between two lines (`= 2a` /
    /// `fin.`, `Formule 30 :` / `∑`), and the words of the row are found by its spaces.
    static func spaced(_ glyphs: [MathGlyph], lines: [Int], members: (Int) -> Set<Int>) -> [MathGlyph] {
        let sorted = glyphs.sorted { $0.x0 < $1.x0 || $0.x0 == $1.x0 && $0.index < $1.index }
        guard lines.count > 1 else { return sorted }
        var owner: [Int: Int] = [:]
        for l in lines { for k in members(l) where owner[k] == nil { owner[k] = l } }
        var out: [MathGlyph] = []
        var last: MathGlyph?
        for g in sorted {
            if g.isSpace { last = nil; out.append(g); continue }
            if let p = last, owner[p.index] != owner[g.index], g.x0 - p.x1 > 0.12 * max(p.size, g.size) {
                out.append(MathGlyph(text: " ", x0: g.x0 - 0.01, y0: g.y0, x1: g.x0 - 0.01, y1: g.y1, size: g.size, font: .text,
                                     index: -1 - out.count))
            }
            out.append(g)
            if last == nil || g.x1 > last!.x1 { last = g }
        }
        return out
    }

    /// Whether `glyphs` are the visible characters of `text` (counted, not ordered: stacked parts
    /// of a formula are lines of their own), root signs left out (`rootsCounted` says where they
    /// went). Poppler's boxes overlap: a line's box may hold the first glyph of the line after it
    /// on its row (`z = a√` / `+ ib`), which read with it would be written twice.
    static func sameCharacters(_ glyphs: [MathGlyph], _ text: String) -> Bool {
        let joined = glyphs.map(\.text).joined()
        if let same = sameASCIICharacters(joined, text) { return same }
        func tally(_ s: String) -> [Character: Int] {
            var out: [Character: Int] = [:]
            // By scalar: a combining accent (`⃗`) fuses with whatever precedes it in each string.
            for u in s.decomposedStringWithCompatibilityMapping.unicodeScalars where !u.properties.isWhitespace && u != "√" {
                out[Character(u), default: 0] += 1
            }
            return out
        }
        var mine = tally(joined)
        var theirs = tally(text)
        // The text reader writes scripts with no Unicode form as `^(…)`, `_x` (`ScriptText`).
        let marked = text.components(separatedBy: "^(").count + text.components(separatedBy: "_(").count - 2
        for c: Character in ["^", "_"] { mine[c] = nil; theirs[c] = nil }
        theirs["("] = (theirs["("] ?? 0) - marked
        theirs[")"] = (theirs[")"] ?? 0) - marked
        theirs = theirs.filter { $0.value != 0 }
        return mine == theirs
    }

    /// `sameCharacters` when both strings are ASCII (most lines: their own compatibility forms,
    /// counted by byte), nil otherwise.
    static func sameASCIICharacters(_ glyphs: String, _ text: String) -> Bool? {
        func tally(_ s: String) -> [Int]? {
            var out = [Int](repeating: 0, count: 128)
            for b in s.utf8 {
                guard b < 0x80 else { return nil }
                if b != 0x20 && !(0x09...0x0D).contains(b) { out[Int(b)] += 1 }
            }
            return out
        }
        guard var mine = tally(glyphs), var theirs = tally(text) else { return nil }
        var marked = 0
        var previous: UInt8 = 0
        for b in text.utf8 {
            if b == UInt8(ascii: "("), previous == UInt8(ascii: "^") || previous == UInt8(ascii: "_") { marked += 1 }
            previous = b
        }
        for c in [UInt8(ascii: "^"), UInt8(ascii: "_")] { mine[Int(c)] = 0; theirs[Int(c)] = 0 }
        theirs[Int(UInt8(ascii: "("))] -= marked
        theirs[Int(UInt8(ascii: ")"))] -= marked
        return mine == theirs
    }

    /// After the page's lines are rewritten: a root sign read with the line of its radicand
    /// (`home`) but written by poppler into another line's text (`sources`). When its home is
    /// left as text, the line that had it in its text is left as the text reader wrote it (its
    /// rewriting dropped the sign); when its home is read, the sign is taken out of a line left as
    /// text (it is in the formula). Returns the lines whose rewriting is undone.
    static func settleRoots(_ roots: [MathGlyph], home: [Int: Int], lines: inout [TextLine], original: [String],
                            rewritten: Set<Int>, takenBy: [Int: Set<Int>], readAsDisplay: (Int) -> Bool,
                            inBox: (MathGlyph, TextLine) -> Bool, ownRoots: (Int) -> Int) -> Set<Int> {
        var undone = Set<Int>()
        var owner: [Int: Int] = [:]                    // a line taken in → the line it was read with
        for (i, taken) in takenBy { for t in taken { owner[t] = i } }
        var strays: [Int: Int] = [:]
        for root in roots {
            guard let h = home[root.index] else { continue }
            let sources = lines.indices.filter { $0 != h && original[$0].contains("√") && inBox(root, lines[$0]) }
            guard !sources.isEmpty else { continue }
            if rewritten.contains(h) || owner[h] != nil || readAsDisplay(h) {
                for s in sources where !rewritten.contains(s) && owner[s] == nil {
                    let count = original[s].filter { $0 == "√" }.count - ownRoots(s)
                    if strays[s, default: 0] < count { strays[s, default: 0] += 1; break }
                }
            } else {
                for s in sources {
                    if rewritten.contains(s) { undone.insert(s) } else if let o = owner[s] { undone.insert(o) }
                }
            }
        }
        for i in undone { lines[i].text = original[i] }
        for (s, n) in strays where !undone.contains(s) {
            var text = lines[s].text
            for _ in 0..<n {
                if let k = text.lastIndex(of: "√") { text.remove(at: k) }
            }
            lines[s].text = text.replacingOccurrences(of: "  ", with: " ").trimmingCharacters(in: .whitespaces)
        }
        return undone
    }
}
