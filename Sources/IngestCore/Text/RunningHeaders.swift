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
            // Only the edge lines are keyed (a page can have hundreds of lines): the first
            // `edgeLines` non-blank lines from the top, then from the bottom, never the same twice.
            var top: [(Int, String)] = []
            var i = 0
            while i < lines.count && top.count < edgeLines {
                if !isBlank(lines[i]) { top.append((i, key(lines[i]))) }
                i += 1
            }
            var bottom: [(Int, String)] = []
            var j = lines.count - 1
            while j >= i && bottom.count < edgeLines {
                if !isBlank(lines[j]) { bottom.append((j, key(lines[j]))) }
                j -= 1
            }
            bottom.reverse()
            var mine: [(Int, String, Int)] = []
            for (zone, ids) in [(0, top), (1, bottom)] {
                var seen = Set<String>()
                for (i, k) in ids {
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
        // The last run of ASCII digits, its first nine digits.
        var value = 0, digits = 0, found: Int?
        for b in line.utf8 {
            if b &- 0x30 < 10 {
                if digits < 9 { value = value * 10 + Int(b &- 0x30) }
                digits += 1
            } else if digits > 0 {
                found = value; value = 0; digits = 0
            }
        }
        return digits > 0 ? value : found
    }

    /// A line with nothing but whitespace (its key would be empty).
    static func isBlank(_ line: String) -> Bool {
        !line.unicodeScalars.contains { !$0.properties.isWhitespace }
    }

    /// Characters stripped around a token before it is judged a Roman numeral.
    private static let romanPunctuation: Set<Unicode.Scalar> = ["-", "–", "—", "(", ")", "[", "]", "|", ".", "·"]

    /// The comparison key of a line: lowercased, digit runs and lone Roman numerals masked as
    /// `#`, spaces collapsed. Scalar by scalar (it runs on every page's edge lines).
    public static func key(_ line: String) -> String {
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(line.utf8.count)
        var tokenStart = 0
        var inDigits = false
        func endToken() {
            // A lone Roman numeral token (front-matter page numbers).
            var lo = tokenStart, hi = out.count
            while lo < hi, romanPunctuation.contains(out[lo]) { lo += 1 }
            while hi > lo, romanPunctuation.contains(out[hi - 1]) { hi -= 1 }
            guard hi > lo, hi - lo <= 6 else { return }
            for i in lo..<hi {
                switch out[i] { case "i", "v", "x", "l", "c": continue; default: return }
            }
            out.removeSubrange(tokenStart...)
            out.append("#")
        }
        func append(_ s: Unicode.Scalar) {
            if isWhitespace(s) {
                if tokenStart < out.count { endToken(); out.append(" "); tokenStart = out.count }
                inDigits = false
            } else if isNumber(s) {
                if !inDigits { out.append("#") }
                inDigits = true
            } else {
                inDigits = false
                out.append(s)
            }
        }
        for s in line.unicodeScalars {
            if s.value < 0x80 {
                append(s.value &- 0x41 < 26 ? Unicode.Scalar(s.value | 0x20)! : s)
            } else if s.properties.changesWhenLowercased {
                for l in s.properties.lowercaseMapping.unicodeScalars { append(l) }
            } else {
                append(s)
            }
        }
        if tokenStart < out.count { endToken() } else if out.last == " " { out.removeLast() }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(out.count)
        for s in out {
            if s.value < 0x80 { bytes.append(UInt8(s.value)) } else { UTF8.encode(s) { bytes.append($0) } }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @inline(__always) private static func isWhitespace(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x80 ? s.value == 0x20 || (0x09...0x0D).contains(s.value) : s.properties.isWhitespace
    }

    @inline(__always) private static func isNumber(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x80 ? (0x30...0x39).contains(s.value) : s.properties.numericType != nil
    }

    private static let pageNumberPunctuation: Set<Unicode.Scalar> = ["-", "–", "—", "(", ")", "[", "]", "|", ".", "·", ",", ":"]
    private static let pageNumberWords: Set<String> = ["#", "page", "p", "seite", "pag", "/", "of", "sur", "de", "#/#"]

    /// "#", "- # -", "page #", "p. #", "# / #", "page # of #", "#/#", "[#]".
    static func isPageNumber(_ key: String) -> Bool {
        var sawNumber = false
        for token in key.split(separator: " ") {
            var stripped = String.UnicodeScalarView()
            for s in token.unicodeScalars where !pageNumberPunctuation.contains(s) { stripped.append(s) }
            if stripped.isEmpty { continue }
            let word = String(stripped)
            guard pageNumberWords.contains(word) else { return false }
            if word.contains("#") { sawNumber = true }
        }
        return sawNumber
    }
}
