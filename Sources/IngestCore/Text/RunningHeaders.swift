import Foundation

/// Removes running headers and footers — the same line at the top or bottom of most pages, page
/// numbers included — from paginated text. Format-independent: input is each page's lines in
/// reading order, output is the same pages without those lines. Used by the PDF extractor and
/// reusable by any paginated source.
public enum RunningHeaders {
    /// How many lines at each end of a page are looked at.
    public static let edgeLines = 3

    /// The lines of each page with running headers and footers removed.
    public static func remove(_ pages: [[String]]) -> [[String]] {
        let drop = detect(pages)
        return pages.indices.map { p in pages[p].indices.filter { !drop[p].contains($0) }.map { pages[p][$0] } }
    }

    /// For each page, the indices of its lines that are running headers or footers.
    ///
    /// A line is running when, with its digits masked (so "Page 3" and "Page 4" match), it occurs
    /// among the first or last `edgeLines` non-blank lines of at least 40% of the pages (and of
    /// three pages at least). A bare page number ("12", "- 12 -", "Page 12 / 40", "xii") at a
    /// page's edge is running as soon as two pages have one.
    public static func detect(_ pages: [[String]]) -> [Set<Int>] {
        var result = [Set<Int>](repeating: [], count: pages.count)
        guard pages.count >= 2 else { return result }
        // Edge positions of each page: (line index, key, zone) with zone 0 = top, 1 = bottom.
        var edges: [[(index: Int, key: String, zone: Int)]] = []
        var counts: [[String: Int]] = [[:], [:]]
        for lines in pages {
            let nonBlank = lines.indices.filter { !key(lines[$0]).isEmpty }
            var mine: [(Int, String, Int)] = []
            let top = nonBlank.prefix(edgeLines)
            let bottom = nonBlank.suffix(edgeLines).filter { !top.contains($0) }
            for (zone, ids) in [(0, Array(top)), (1, Array(bottom))] {
                var seen = Set<String>()
                for i in ids {
                    let k = key(lines[i])
                    mine.append((i, k, zone))
                    if seen.insert(k).inserted { counts[zone][k, default: 0] += 1 }
                }
            }
            edges.append(mine)
        }
        let threshold = max(3, Int((Double(pages.count) * 0.4).rounded(.up)))
        // Lines whose numbers change ("Exercice 3", "Exercice 7") are running only when the
        // numbers are the same everywhere or follow the page number ("Cours — 12").
        var numbers: [[String: [(page: Int, value: Int?)]]] = [[:], [:]]
        for (p, mine) in edges.enumerated() {
            for (i, k, zone) in mine where k.contains("#") {
                numbers[zone][k, default: []].append((p, lastNumber(pages[p][i])))
            }
        }
        func numbersFit(_ zone: Int, _ key: String) -> Bool {
            guard let seen = numbers[zone][key] else { return true }
            let values = seen.compactMap(\.value)
            if Set(values).count <= 1 { return true }
            var offsets: [Int: Int] = [:]
            for s in seen { if let v = s.value { offsets[v - s.page, default: 0] += 1 } }
            return Double(offsets.values.max() ?? 0) >= Double(seen.count) * 0.8
        }
        for (p, mine) in edges.enumerated() {
            for (i, k, zone) in mine {
                let n = counts[zone][k] ?? 0
                if isPageNumber(k) ? n >= 2 : (n >= threshold && numbersFit(zone, k)) { result[p].insert(i) }
            }
        }
        return result
    }

    static func lastNumber(_ line: String) -> Int? {
        let runs = line.split { !$0.isASCII || !$0.isNumber }
        return runs.last.flatMap { Int($0.prefix(9)) }
    }

    /// The comparison key of a line: lowercased, digit runs and lone Roman numerals masked as
    /// `#`, spaces collapsed.
    public static func key(_ line: String) -> String {
        var out = ""
        var inDigits = false
        var pendingSpace = false
        for ch in line.lowercased() {
            if ch.isWhitespace { pendingSpace = !out.isEmpty; inDigits = false; continue }
            if pendingSpace { out.append(" "); pendingSpace = false }
            if ch.isNumber {
                if !inDigits { out.append("#") }
                inDigits = true
            } else {
                inDigits = false
                out.append(ch)
            }
        }
        // A lone Roman numeral token (front-matter page numbers).
        let tokens = out.split(separator: " ").map { token -> Substring in
            let letters = token.trimmingCharacters(in: CharacterSet(charactersIn: "-–—()[]|.·"))
            if !letters.isEmpty, letters.count <= 6, letters.allSatisfy({ "ivxlc".contains($0) }) { return "#" }
            return token
        }
        return tokens.joined(separator: " ")
    }

    /// "#", "- # -", "page #", "p. #", "# / #", "page # of #", "#/#", "[#]".
    static func isPageNumber(_ key: String) -> Bool {
        let stripped = key.filter { !"-–—()[]|.·,:".contains($0) }.split(separator: " ").joined(separator: " ")
        let words: Set<Substring> = ["#", "page", "p", "seite", "pag", "/", "of", "sur", "de", "#/#"]
        let tokens = stripped.split(separator: " ")
        guard tokens.contains(where: { $0.contains("#") }) else { return false }
        return tokens.allSatisfy { words.contains($0) }
    }
}
