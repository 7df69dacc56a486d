import Foundation

/// Where the sentences of a paragraph are, so a chunk never cuts one. A sentence ends at `.`,
/// `!`, `?` or `…` (with any closing quote or bracket after it) followed by a space and then
/// something that is not a lower-case letter, or at a blank line. A period does not end one
/// after an initial (`J. Dupont`), a title (`M.`, `Dr.`) or a known abbreviation (`etc.`, `p.`, `fig.`,
/// `cf.`, `e.g.`…), inside a number (`3.14`) or inside inline math (`$…$`). A line break alone
/// is the page's layout, not an end.
enum ChunkSentences {
    /// Titles, written with their capital (`M.` is Monsieur; `m.` ends "3 m." as a unit does).
    static let titles: Set<String> = ["M", "MM", "Mme", "Mmes", "Mlle", "Mr", "Mrs", "Ms", "Dr", "Pr", "Prof", "St", "Ste", "Sr", "Jr"]
    /// Abbreviations in any case.
    static let abbreviations: Set<String> = [
        "vs", "etc", "cf", "ex", "p", "pp", "fig", "figs", "vol", "no", "n°", "chap", "art", "al", "env", "av", "apr",
        "ibid", "e.g", "i.e", "op", "cit", "éd", "ed", "tél", "resp", "approx", "nb", "coll", "éds",
    ]

    /// The sentences of `text`, trimmed of surrounding whitespace, in order; empty ones left out.
    static func ranges(in text: String) -> [Range<String.Index>] {
        var result: [Range<String.Index>] = []
        var start = text.startIndex
        var inMath = false
        var i = text.startIndex
        func emit(_ end: String.Index) {
            var a = start, b = end
            while a < b, text[a].isWhitespace { a = text.index(after: a) }
            while b > a, text[text.index(before: b)].isWhitespace { b = text.index(before: b) }
            if a < b { result.append(a..<b) }
            start = end
        }
        while i < text.endIndex {
            let c = text[i]
            if c == "$", isMathDelimiter(text, i, opening: !inMath) { inMath.toggle() }
            if c == "\n", !inMath {
                // A blank line ends what comes before it.
                var j = text.index(after: i)
                while j < text.endIndex, text[j] == " " || text[j] == "\t" { j = text.index(after: j) }
                if j < text.endIndex, text[j].isNewline { emit(i); i = j; continue }
            }
            if !inMath, isTerminal(c), let end = sentenceEnd(text, at: i) {
                emit(end)
                i = end
                continue
            }
            i = text.index(after: i)
        }
        emit(text.endIndex)
        return result
    }

    /// Whether a sentence ends where `text` ends when `next` follows it (a page or cue end after
    /// `M.` or `etc.` is not one; after `la fin.` then `Puis` it is).
    static func endsAtEnd(of text: String, before next: String) -> Bool {
        let tail = String(text.suffix(80)).trimmingCharacters(in: .whitespacesAndNewlines)
        let head = String(next.prefix(80))
        guard !tail.isEmpty, !head.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return true }
        let joined = tail + " " + head
        let boundary = joined.index(joined.startIndex, offsetBy: tail.count)
        return ranges(in: joined).contains { $0.upperBound == boundary }
    }

    /// After the terminal mark at `i`: the end of the sentence (past closing quotes and further
    /// marks), or nil when the mark does not end one here.
    static func sentenceEnd(_ text: String, at i: String.Index) -> String.Index? {
        var end = text.index(after: i)
        while end < text.endIndex, isTerminal(text[end]) || isCloser(text[end]) { end = text.index(after: end) }
        // A space (French puts one before `»`) then the closing quote belongs to this sentence.
        guard end < text.endIndex, text[end].isWhitespace else { return end == text.endIndex ? end : nil }
        var next = end
        while next < text.endIndex, text[next].isWhitespace { next = text.index(after: next) }
        guard next < text.endIndex else { return text.endIndex }
        if text[next] == "»" || text[next] == "”" { return nil }
        if text[next].isLowercase { return nil }
        if text[i] == "." , isAbbreviation(text, before: i) { return nil }
        return end
    }

    static func isTerminal(_ c: Character) -> Bool {
        switch c { case ".", "!", "?", "…": true; default: false }
    }

    static func isCloser(_ c: Character) -> Bool {
        switch c { case "\"", "”", "»", ")", "’", "]", "'": true; default: false }
    }

    /// The word before the period at `i` is an initial or a known abbreviation.
    static func isAbbreviation(_ text: String, before i: String.Index) -> Bool {
        var a = i
        while a > text.startIndex {
            let p = text.index(before: a)
            if text[p].isWhitespace || "(«\"“'’".contains(text[p]) { break }
            a = p
        }
        let word = String(text[a..<i])
        // An initial: `J. Dupont`, `J.-C. Martin`.
        if word.count == 1, word.first?.isUppercase == true { return true }
        // Letters apart by periods: `U.S.`, `e.g.`, `J.-C.`.
        if word.count >= 3, word.split(separator: ".").allSatisfy({ $0.count == 1 || ($0.count == 2 && $0.first == "-") }) { return true }
        let last = String(word.split(separator: "-").last ?? "")
        return titles.contains(word) || abbreviations.contains(word.lowercased()) || (last.count == 1 && last.first?.isUppercase == true)
    }

    /// `$` opens inline math when a non-space follows it, and closes it when a non-space
    /// precedes it; an escaped `\$` never does.
    static func isMathDelimiter(_ text: String, _ i: String.Index, opening: Bool) -> Bool {
        if i > text.startIndex, text[text.index(before: i)] == "\\" { return false }
        if opening {
            let n = text.index(after: i)
            guard n < text.endIndex, !text[n].isWhitespace else { return false }
            // Only when it closes on the same line: a lone price sign `5$` never opens math.
            guard let close = text[n...].firstIndex(where: { $0 == "$" || $0.isNewline }), text[close] == "$" else { return false }
            return !text[text.index(before: close)].isWhitespace
        }
        return !text[text.index(before: i)].isWhitespace
    }
}
