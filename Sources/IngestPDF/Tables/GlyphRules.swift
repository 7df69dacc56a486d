import IngestCore

/// The rules a page's glyphs draw, which the paths alone (`PageRules.Drawing.paths`) miss: whether
/// its text may draw one (`mayDrawRule`), and then the rules read from the glyphs' boxes (`rules`),
/// not from a rendering of the page whole (which cost as much again as reading its text, for
/// ink that no page of the manuals and test files here made a table of).
///
/// Glyph ink is mostly no rule (strokes are short, a word's rows stack into a blob), but some
/// glyphs are rules: a run of dashes or underscores that touch (`———` in Computer Modern is one
/// 0.4 pt bar), box-drawing characters (a table of `│` and `─`), a vertical bar set large or
/// stacked over the next line's. Told from the text's characters and boxes, erring towards
/// "may": a rule of glyphs is at least `PageRules.minimumLength` long, so a run of such
/// characters (estimated from its share of its word's width) or a bar (its box's height) shorter
/// than `share` of it cannot be one; bars on two lines are taken as stacked when their boxes
/// overlap across and are less than `stackGap` points apart.
enum GlyphRules {
    /// Share of the shortest rule a run's estimated length must reach (the estimate takes every
    /// character of its word as wide as the others: half, for narrow letters beside wide dashes).
    static let share = 0.5
    /// Share of the shortest rule a word that is all dashes (its width exact) must reach.
    static let wholeShare = 0.8
    /// Widest gap, in points, between the boxes of two bars taken as stacked.
    static let stackGap = 3.0

    /// Characters whose glyph is a horizontal bar (dashes, underscores, overlines, `=`, box-drawing lines).
    static func isHorizontal(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x2D, 0x3D, 0x5F, 0xAF, 0x2010...0x2015, 0x2017, 0x203E, 0x2212, 0x23AF, 0x2500, 0x2501, 0x2504, 0x2505,
             0x2508, 0x2509, 0x254C, 0x254D, 0x2550, 0x2581, 0x2594, 0xFE58, 0xFF0D, 0xFF1D, 0xFF3F: true
        default: false
        }
    }

    /// Characters whose glyph is a vertical bar.
    static func isVertical(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x7C, 0xA6, 0x2016, 0x2223, 0x2225, 0x23AA, 0x23AE, 0x2502, 0x2503, 0x2506, 0x2507, 0x250A, 0x250B, 0x254E,
             0x254F, 0x2551, 0x258F, 0x2595, 0xFF5C: true
        default: false
        }
    }

    /// Box-drawing and block characters that are neither (corners, crossings, blocks): always may.
    static func isBox(_ u: Unicode.Scalar) -> Bool {
        (0x2500...0x259F).contains(u.value) && !isHorizontal(u) && !isVertical(u)
    }

    /// Whether the glyphs of `lines` (a page's words grouped in lines) may draw a rule.
    static func mayDrawRule(_ lines: [[PageWord]]) -> Bool {
        var bars: [PageWord] = []
        for line in lines {
            // Words that touch (no gap between their boxes) make one run of ink.
            var k = line.startIndex
            while k < line.endIndex {
                var end = k + 1
                while end < line.endIndex, line[end].x0 - line[end - 1].x1 < 0.5 { end += 1 }
                if runMayBeRule(line[k..<end]) { return true }
                for word in line[k..<end] where word.text.unicodeScalars.contains(where: isVertical) {
                    if word.height >= PageRules.minimumLength * wholeShare { return true }
                    bars.append(word)
                }
                k = end
            }
        }
        // Bars of two lines stacked.
        bars.sort { $0.y0 < $1.y0 }
        for (i, a) in bars.enumerated() {
            for b in bars[(i + 1)...] {
                if b.y0 - a.y1 > stackGap { break }
                if b.y0 > a.midY, min(a.x1, b.x1) > max(a.x0, b.x0) { return true }
            }
        }
        return false
    }

    /// Whether touching `words` hold a box-drawing character, or a run of horizontal bars that may
    /// reach the shortest rule.
    static func runMayBeRule(_ words: ArraySlice<PageWord>) -> Bool {
        let scalars = words.flatMap { $0.text.unicodeScalars }
        guard scalars.contains(where: { isHorizontal($0) || isBox($0) }) else { return false }
        if scalars.contains(where: isBox) { return true }
        let width = words.last!.x1 - words.first!.x0
        if scalars.allSatisfy(isHorizontal) { return width >= PageRules.minimumLength * wholeShare }
        var longest = 0, run = 0
        for u in scalars {
            run = isHorizontal(u) ? run + 1 : 0
            longest = max(longest, run)
        }
        return width * Double(longest) / Double(scalars.count) >= PageRules.minimumLength * share
    }
}

extension GlyphRules {
    /// A glyph of the page as the rule reader sees it: its character and its box (points, y down).
    struct Glyph: Sendable, Equatable {
        var scalar: Unicode.Scalar
        var x0: Double, y0: Double, x1: Double, y1: Double
    }

    /// Characters whose glyphs are drawn to join the next one's into one line across: box-drawing
    /// characters with an arm left or right, the underscore, the em dash and the horizontal bar.
    /// (A hyphen, `=` or a monospaced font's bars stand apart: their ink leaves gaps.)
    static func joinsAcross(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x5F, 0x2014, 0x2015: true
        default: arms(u).map { $0.left || $0.right } ?? false
        }
    }

    /// Box-drawing characters with an arm up or down (`│`, `┼`, `├`, `┌`…), drawn to join the
    /// glyph above or below into one line down.
    static func joinsDown(_ u: Unicode.Scalar) -> Bool { arms(u).map { $0.up || $0.down } ?? false }

    /// The arms of a box-drawing character (U+2500...U+257F) that reach its box's sides from its
    /// middle; nil for any other character.
    static func arms(_ u: Unicode.Scalar) -> (left: Bool, right: Bool, up: Bool, down: Bool)? {
        let v = u.value
        switch v {
        case 0x2500, 0x2501, 0x2504, 0x2505, 0x2508, 0x2509, 0x254C, 0x254D, 0x2550: return (true, true, false, false)
        case 0x2502, 0x2503, 0x2506, 0x2507, 0x250A, 0x250B, 0x254E, 0x254F, 0x2551: return (false, false, true, true)
        case 0x250C...0x250F, 0x2552...0x2554: return (false, true, false, true)      // ┌
        case 0x2510...0x2513, 0x2555...0x2557: return (true, false, false, true)      // ┐
        case 0x2514...0x2517, 0x2558...0x255A: return (false, true, true, false)      // └
        case 0x2518...0x251B, 0x255B...0x255D: return (true, false, true, false)      // ┘
        case 0x251C...0x2523, 0x255E...0x2560: return (false, true, true, true)       // ├
        case 0x2524...0x252B, 0x2561...0x2563: return (true, false, true, true)       // ┤
        case 0x252C...0x2533, 0x2564...0x2566: return (true, true, false, true)       // ┬
        case 0x2534...0x253B, 0x2567...0x2569: return (true, true, true, false)       // ┴
        case 0x253C...0x254B, 0x256A...0x256C: return (true, true, true, true)        // ┼
        case 0x256D: return (false, true, false, true)
        case 0x256E: return (true, false, false, true)
        case 0x256F: return (true, false, true, false)
        case 0x2570: return (false, true, true, false)
        case 0x2574, 0x2578: return (true, false, false, false)
        case 0x2575, 0x2579: return (false, false, true, false)
        case 0x2576, 0x257A: return (false, true, false, false)
        case 0x2577, 0x257B: return (false, false, false, true)
        case 0x257C: return (true, true, false, false)
        case 0x257D, 0x257E, 0x257F: return v == 0x257E ? (true, true, false, false) : (false, false, true, true)
        default: return nil
        }
    }

    /// The rules `glyphs` (a page's, in its text order) draw, read from their boxes: glyphs that
    /// join across, one after the other on a line with their boxes touching, are a horizontal
    /// rule through their middle (an underscore's, low in its box) when the run is at least
    /// `PageRules.minimumLength` long; glyphs that join down, stacked with less than `stackGap`
    /// between their boxes, a vertical rule through their middle.
    static func rules(_ glyphs: [Glyph]) -> (horizontal: [PageRule], vertical: [PageRule]) {
        var horizontal: [PageRule] = []
        // A run's ink: from the first glyph's left side (its middle when it has no arm left, `┌`)
        // to the last one's right side (its middle when it has no arm right, `┐`).
        var run: (x0: Double, x1: Double, ink: Double, y: Double, top: Double, bottom: Double)?
        func endRun() {
            if let r = run, r.ink - r.x0 >= PageRules.minimumLength { horizontal.append(PageRule(position: r.y, lower: r.x0, upper: r.ink)) }
            run = nil
        }
        for g in glyphs {
            guard joinsAcross(g.scalar), g.x1 > g.x0 else { endRun(); continue }
            let arms = arms(g.scalar), middle = (g.x0 + g.x1) / 2
            let inkEnd = arms?.right == false ? middle : g.x1
            if let r = run, r.ink == r.x1, arms?.left != false, abs(g.x0 - r.x1) < 0.5, g.y0 < r.bottom, g.y1 > r.top {
                run!.x1 = g.x1
                run!.ink = inkEnd
            } else {
                endRun()
                let y = g.scalar.value == 0x5F ? g.y1 - (g.y1 - g.y0) * 0.2 : (g.y0 + g.y1) / 2
                run = (arms?.left == false ? middle : g.x0, g.x1, inkEnd, y, g.y0, g.y1)
            }
        }
        endRun()
        // Down: each glyph that joins down, stacked on one above it (its middle within the other's
        // width), from the top glyph's middle when it has no arm up (`┌`) to the bottom one's
        // middle when it has no arm down (`└`).
        let bars = glyphs.filter { joinsDown($0.scalar) && $0.y1 > $0.y0 }.sorted { ($0.y0, $0.x0) < ($1.y0, $1.x0) }
        var columns: [(x: Double, half: Double, top: Double, bottom: Double, ink: Double)] = []
        for g in bars {
            let x = (g.x0 + g.x1) / 2, arms = arms(g.scalar), middle = (g.y0 + g.y1) / 2
            let inkEnd = arms?.down == false ? middle : g.y1
            if arms?.up != false, let k = columns.lastIndex(where: {
                $0.ink == $0.bottom && abs($0.x - x) <= $0.half && g.y0 - $0.bottom <= stackGap && g.y0 >= $0.top
            }) {
                columns[k].bottom = g.y1
                columns[k].ink = inkEnd
            } else {
                columns.append((x, (g.x1 - g.x0) / 2, arms?.up == false ? middle : g.y0, g.y1, inkEnd))
            }
        }
        var vertical: [PageRule] = []
        for c in columns where c.ink - c.top >= PageRules.minimumLength {
            vertical.append(PageRule(position: c.x, lower: c.top, upper: c.ink))
        }
        return (horizontal, vertical.sorted { ($0.position, $0.lower) < ($1.position, $1.lower) })
    }
}

extension PopplerPageRef {
    /// The page's glyphs, each with its character and box, in its text order (line breaks left
    /// out); empty when poppler gives no box per character.
    func ruleGlyphs() -> [GlyphRules.Glyph] {
        withText { raw, rects, count -> [GlyphRules.Glyph] in
            guard let rects else { return [] }
            let scalars = String(cString: raw).unicodeScalars
            var out: [GlyphRules.Glyph] = []
            var k = 0
            for u in scalars {
                guard k < count else { return [] }
                defer { k += 1 }
                guard u != "\n", GlyphRules.joinsAcross(u) || GlyphRules.joinsDown(u) || u == " " else { continue }
                let r = rects[k]
                out.append(GlyphRules.Glyph(scalar: u, x0: min(r.x1, r.x2), y0: min(r.y1, r.y2), x1: max(r.x1, r.x2), y1: max(r.y1, r.y2)))
            }
            return k == count ? out : []
        } ?? []
    }
}
