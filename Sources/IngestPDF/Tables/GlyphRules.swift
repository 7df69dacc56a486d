import IngestCore

/// Whether a page's text may draw a rule with its glyphs: then the rule finder renders the page
/// whole (`PageRules.Drawing.everything`), as the paths alone would miss it.
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
