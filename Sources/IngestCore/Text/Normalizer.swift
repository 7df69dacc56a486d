import Foundation

/// The text normalization of SPEC §3, shared by every extractor: Unicode NFC, line endings, control
/// and zero-width characters removed, soft hyphens removed, ligatures unfolded, end-of-line
/// hyphenation joined, whitespace tidied. Pure and idempotent (a property test checks).
public enum Normalizer {
    static let ligatures: [Unicode.Scalar: String] = [
        "\u{FB00}": "ff", "\u{FB01}": "fi", "\u{FB02}": "fl", "\u{FB03}": "ffi", "\u{FB04}": "ffl",
        "\u{FB05}": "st", "\u{FB06}": "st", "\u{A732}": "AA", "\u{A733}": "aa", "\u{1D6B}": "ue",
    ]

    /// Normalizes one block of text. Single line breaks are kept (lists, verse, addresses); lines
    /// are trimmed; runs of blank lines collapse to one.
    public static func normalize(_ input: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.reserveCapacity(input.unicodeScalars.count)
        var previousWasCR = false
        for s in input.unicodeScalars {
            if previousWasCR { previousWasCR = false; if s == "\n" { continue } }
            switch s.value {
            case 0x0D: scalars.append("\n"); previousWasCR = true
            case 0x0A: scalars.append("\n")
            case 0x2028, 0x2029, 0x0B, 0x0C, 0x85: scalars.append("\n")
            case 0x09: scalars.append(" ")
            case 0x00...0x1F, 0x7F...0x9F: continue                 // control characters
            case 0x00AD: continue                                    // soft hyphen
            case 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x180E: continue // zero-width
            case 0x00A0, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: scalars.append(" ")
            case 0xE000...0xF8FF: continue                           // private use (unmapped glyphs)
            default:
                if let unfolded = ligatures[s] { scalars.append(contentsOf: unfolded.unicodeScalars) }
                else { scalars.append(s) }
            }
        }
        let nfc = String(scalars).precomposedStringWithCanonicalMapping
        // Tidy first so that a cut word is always "-\n" followed by its letters, then join.
        return tidyWhitespace(joinHyphenation(tidyWhitespace(nfc)))
    }

    /// Trims each line, collapses runs of spaces and of blank lines.
    public static func tidyWhitespace(_ s: String) -> String {
        var lines: [Substring] = []
        var blank = 0
        for raw in s.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = collapseSpaces(raw)
            if line.isEmpty { blank += 1; continue }
            if !lines.isEmpty && blank > 0 { lines.append("") }
            blank = 0
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    static func collapseSpaces(_ line: Substring) -> Substring {
        var out = ""
        out.reserveCapacity(line.utf8.count)
        var pendingSpace = false
        for ch in line {
            if ch == " " { pendingSpace = !out.isEmpty; continue }
            if pendingSpace { out.append(" "); pendingSpace = false }
            out.append(ch)
        }
        return Substring(out)
    }

    /// Joins words cut by a hyphen at a line end ("exem-\nple" → "exemple"). A compound that is
    /// written with its hyphen elsewhere in the same text ("peut-être") keeps its hyphen.
    public static func joinHyphenation(_ s: String) -> String {
        guard s.contains("-\n") || s.contains("- \n") else { return s }
        var hyphenated = Set<String>()
        for word in s.split(whereSeparator: { $0.isWhitespace }) where word.contains("-") {
            hyphenated.insert(word.lowercased().trimmingCharacters(in: .punctuationCharacters))
        }
        var chars = Array(s)
        var out: [Character] = []
        out.reserveCapacity(chars.count)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "-", i > 0, chars[i - 1].isLetter {
                var j = i + 1
                while j < chars.count, chars[j] == " " { j += 1 }
                if j < chars.count, chars[j] == "\n" {
                    var k = j + 1
                    while k < chars.count, chars[k] == " " { k += 1 }
                    if k < chars.count, chars[k].isLetter, chars[k].isLowercase {
                        // Left part: letters before the hyphen; right part: letters after the break.
                        var l = out.count
                        while l > 0, out[l - 1].isLetter || out[l - 1] == "-" { l -= 1 }
                        var r = k
                        while r < chars.count, chars[r].isLetter || chars[r] == "-" { r += 1 }
                        let left = String(out[l...]).lowercased(), right = String(chars[k..<r]).lowercased()
                        if !hyphenated.contains(left + "-" + right) {
                            i = k; continue          // join: drop hyphen and break
                        }
                        out.append("-"); i = k; continue // keep a real compound's hyphen, drop the break
                    }
                }
            }
            out.append(c)
            i += 1
        }
        chars = []
        return String(out)
    }

    /// Unicode-aware character count used by readiness: characters that are not whitespace.
    public static func significantCount(_ s: String) -> Int {
        var n = 0
        for ch in s where !ch.isWhitespace { n += 1 }
        return n
    }
}
