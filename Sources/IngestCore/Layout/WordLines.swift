/// Words grouped into text lines (same baseline band), top to bottom, each left to right.
public enum WordLines {
    public static func group(_ words: [PageWord]) -> [[PageWord]] {
        var lines: [[PageWord]] = []
        for word in words.sorted(by: { $0.midY < $1.midY || ($0.midY == $1.midY && $0.x0 < $1.x0) }) {
            if let last = lines.last?.last, abs(word.midY - last.midY) <= max(1, min(word.height, last.height) * 0.4) {
                lines[lines.count - 1].append(word)
            } else {
                lines.append([word])
            }
        }
        return lines.map { $0.sorted { $0.x0 < $1.x0 } }
    }

    /// The line cut where two words are further apart than a wide space: the cells of a row.
    public static func segments(_ line: [PageWord]) -> [[PageWord]] {
        var out: [[PageWord]] = []
        for word in line {
            if let last = out.last?.last, word.x0 - last.x1 < max(word.height, last.height) * 0.5 {
                out[out.count - 1].append(word)
            } else {
                out.append([word])
            }
        }
        return out
    }

    /// Every word of two characters or more as wide per character as the others (within 4 %):
    /// a line set in a monospaced font (code, verbatim text).
    public static func monospaced(_ line: [PageWord]) -> Bool {
        let advances = line.compactMap { w -> Double? in
            let n = w.text.unicodeScalars.count
            return n >= 2 ? (w.x1 - w.x0) / Double(n) : nil
        }
        guard advances.count >= 2 else { return false }
        return advances.max()! <= advances.min()! * 1.04
    }

    /// A cell's text: its lines joined by a space, or by a line break after a word cut at its
    /// end by a hyphen (`pro-` / `cess`): hyphen joining then decides (`DocumentBuilder`), as
    /// for a paragraph's lines; a space made it `pro- cess` (debian-reference p.176).
    public static func text(_ words: [PageWord]) -> String {
        var text = ""
        for line in group(words) {
            let next = line.map(\.text).joined(separator: " ")
            if !text.isEmpty { text += WordLookAhead.cutsAWord(text, before: next) ? "\n" : " " }
            text += next
        }
        return text
    }
}

/// Column boundaries from where words are not: x intervals that no row covers. Rows cut into
/// fewer cells than most (a cell spanning columns, a title over the table) are not asked: they
/// would close the gutters they cross.
public enum Gutters {
    /// The middles of the gutters between `left` and `right`, intervals at least `minimum` wide.
    /// `everyRow`: every row asked, however few its cells.
    public static func boundaries(_ rows: [[PageWord]], left: Double, right: Double, minimum: Double = 5, everyRow: Bool = false) -> [Double] {
        guard right > left, !rows.isEmpty else { return [] }
        let counts = rows.map { WordLines.segments($0).count }
        var frequency: [Int: Int] = [:]
        for c in counts { frequency[c, default: 0] += 1 }
        let usual = everyRow ? 0 : frequency.max { $0.value < $1.value || ($0.value == $1.value && $0.key < $1.key) }!.key
        let bins = Int((right - left) * 2) + 1
        var covered = [Bool](repeating: false, count: bins)
        for (row, count) in zip(rows, counts) where count >= usual {
            for w in row {
                let a = max(0, Int((w.x0 - left) * 2)), b = min(bins - 1, Int((w.x1 - left) * 2))
                if a <= b { for k in a...b { covered[k] = true } }
            }
        }
        guard let first = covered.firstIndex(of: true), let last = covered.lastIndex(of: true) else { return [] }
        var out: [Double] = []
        var k = first
        while k <= last {
            guard !covered[k] else { k += 1; continue }
            var j = k
            while j + 1 <= last && !covered[j + 1] { j += 1 }
            if Double(j - k + 1) / 2 >= minimum { out.append(left + Double(k + j + 1) / 4) }
            k = j + 1
        }
        return out
    }
}
