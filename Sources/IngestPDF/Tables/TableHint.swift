import IngestCore

/// Whether a page's text may hold a ruled table, so that rendering it for its rules is worth it.
///
/// Rendering interprets the page's content a second time (poppler's text pass and its cairo pass
/// each decode and parse it): on a LaTeX manual, a rendered page costs as much as reading its
/// text again. The hint asks the text for what every table with rules also shows there: three
/// text lines cut at one gutter — an x interval between two of their words — that no line
/// between them crosses (lines of a wrapped cell stay on their side; a sentence crosses). Lines
/// of a table's rows need not follow each other: LibreOffice centres a short cell on a line of
/// its own beside a tall one. Not taken as cut: justified prose whose spaces are stretched
/// alike, and words in the margin beside the page's text block (marginal notes, version tags).
/// A gutter whose lines are all set in one monospaced font is code aligned with spaces. A table
/// of a header and one row is hinted by its two lines, one under the other, cut at two gutters
/// alike, each at least `pairGutter` line heights wide (spaces in loose prose are narrower).
///
/// A page of contents, a list of figures or an index whose entries run to their page numbers
/// over dot leaders (`leaderLines` such lines or more) is not hinted: its numbers line up as a
/// table's columns do, but it holds none.
///
/// Measured on the table corpus (bench/tables) every page with a table is hinted; on
/// KOMA-Script's scrguide-en (566 pages) 64 pages are, against 524 with any two cut lines, and
/// 62 of gnuplot.pdf's 311 (99 and 79 before contents and index pages were left out: none held a
/// ruled table). A ruled table of two lines with only two columns is not hinted.
enum TableHint {
    /// Lines cut at one gutter for a hint.
    static let rows = 3
    /// Narrowest gutter, in points, once every line has trimmed it.
    static let minimumGutter = 2.0
    /// A blank band taller than this many line heights ends a gutter (a running header above the body).
    static let maximumSpacing = 2.5
    /// Narrowest gutter, in line heights, shared by a pair of lines cut in three.
    static let pairGutter = 0.8

    /// Lines with a dot leader that make a page of contents.
    static let leaderLines = 5
    /// Dots in a row that make a leader (an ellipsis has three).
    static let leaderDots = 8

    static func mayHoldRuledTable(_ lines: [[PageWord]], pageWidth: Double) -> Bool {
        !isContents(lines) && cutAtOneGutter(lines, pageWidth: pageWidth)
    }

    /// `leaderLines` lines or more with a dot leader.
    static func isContents(_ lines: [[PageWord]]) -> Bool {
        lines.lazy.filter(hasLeader).prefix(leaderLines).count >= leaderLines
    }

    /// Three lines cut at one gutter, or a pair cut alike (see the type's comment).
    static func cutAtOneGutter(_ lines: [[PageWord]], pageWidth: Double) -> Bool {
        var lines = lines
        if let (left, right) = textBlock(lines, pageWidth: pageWidth) {
            lines = lines.map { $0.filter { $0.x1 >= left - 3 && $0.x0 <= right + 3 } }.filter { !$0.isEmpty }
        }
        // (Each line's segments, tallest word, top and bottom found once: the walk below asks
        // them of the lines under every gutter.)
        let segments = lines.map { WordLines.segments($0) }
        let cut = lines.indices.map { segments[$0].count >= 2 && !justified(lines[$0]) }
        if zip(lines.indices, lines.indices.dropFirst()).contains(where: {
            cut[$0] && cut[$1] && pairAlike(lines[$0], lines[$1], segments: (segments[$0], segments[$1]))
        }) { return true }
        let heights = lines.map { $0.map(\.height).max() }, tops = lines.map { $0.map(\.y0).min() }, bottoms = lines.map { $0.map(\.y1).max() }
        for i in lines.indices where cut[i] {
            for (a, b) in zip(segments[i], segments[i].dropFirst()) {
                var lo = a.last!.x1, hi = b.first!.x0
                var hinted = [i]
                for j in (i + 1)..<lines.count {
                    let line = lines[j]
                    let height = max(heights[j]!, heights[j - 1]!)
                    if tops[j]! - bottoms[j - 1]! > height * maximumSpacing { break }
                    // Words reaching into the gutter narrow it; one inside keeps its wider side.
                    for w in line where w.x1 > lo && w.x0 < hi {
                        if w.x0 <= lo { lo = w.x1 } else if w.x1 >= hi { hi = w.x0 } else if w.x0 - lo >= hi - w.x1 { hi = w.x0 } else { lo = w.x1 }
                    }
                    if hi - lo < minimumGutter { break }
                    guard cut[j], line.contains(where: { $0.x1 <= lo }), line.contains(where: { $0.x0 >= hi }) else { continue }
                    hinted.append(j)
                    if hinted.count >= rows {
                        if hinted.allSatisfy({ monospaced(lines[$0]) }) { break }
                        return true
                    }
                }
            }
        }
        return false
    }

    /// A run of `leaderDots` dots or more, alone or spaced (`. . . .`), between a line's words.
    static func hasLeader(_ line: [PageWord]) -> Bool {
        var dots = 0
        for word in line {
            guard !word.text.isEmpty, word.text.utf8.allSatisfy({ $0 == UInt8(ascii: ".") }) else { dots = 0; continue }
            dots += word.text.utf8.count
            if dots >= leaderDots { return true }
        }
        return false
    }

    /// Two lines one right under the other, each cut in three or more, sharing two gutters at least
    /// `pairGutter` line heights wide; not both monospaced.
    static func pairAlike(_ a: [PageWord], _ b: [PageWord],
                          segments: (first: [[PageWord]], second: [[PageWord]])? = nil) -> Bool {
        let first = segments?.first ?? WordLines.segments(a), second = segments?.second ?? WordLines.segments(b)
        guard first.count >= 3, second.count >= 3, !(monospaced(a) && monospaced(b)) else { return false }
        let height = max(a.map(\.height).max()!, b.map(\.height).max()!)
        guard b.map(\.y0).min()! - a.map(\.y1).max()! <= height * maximumSpacing else { return false }
        func gutters(_ segments: [[PageWord]]) -> [(Double, Double)] { zip(segments, segments.dropFirst()).map { ($0.last!.x1, $1.first!.x0) } }
        let other = gutters(second)
        let shared = gutters(first).filter { g in other.contains { min(g.1, $0.1) - max(g.0, $0.0) >= height * pairGutter } }
        return shared.count >= 2
    }

    /// The page's text block when most of its wide lines share a left and a right edge (a
    /// justified body), in points; nil otherwise (a page that is all table, a slide).
    static func textBlock(_ lines: [[PageWord]], pageWidth: Double) -> (left: Double, right: Double)? {
        let wide = lines.filter { $0.last!.x1 - $0.first!.x0 > pageWidth * 0.5 }
        guard wide.count >= 8 else { return nil }
        func mostCommon(_ values: [Double]) -> (value: Double, count: Int) {
            var counts: [Int: Int] = [:]
            for v in values { counts[Int(v.rounded()), default: 0] += 1 }
            let best = counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }!
            return (Double(best.key), best.value)
        }
        let left = mostCommon(wide.map { $0.first!.x0 }), right = mostCommon(wide.map { $0.last!.x1 })
        guard left.count >= 5, right.count >= 5 else { return nil }
        return (left.value, right.value)
    }

    /// A line of prose stretched to its measure: four words or more, spaces alike (the widest
    /// under 1.6 times the middle one) and narrower than the line is tall.
    static func justified(_ line: [PageWord]) -> Bool {
        let spaces = zip(line, line.dropFirst()).map { $1.x0 - $0.x1 }.sorted()
        guard spaces.count >= 3 else { return false }
        return spaces.last! <= spaces[spaces.count / 2] * 1.6 && spaces.last! < line.map(\.height).max()!
    }

    /// `WordLines.monospaced`.
    static func monospaced(_ line: [PageWord]) -> Bool { WordLines.monospaced(line) }
}
