import Foundation
import IngestCore

/// Guesses a lesson's subject from its title and opening text: the subject with the most distinct
/// keywords found, and only when it has at least two (one word proves nothing: « onde » may be a
/// poem's). The keywords are data, French and English (`Subjects/subjects-*.txt`), read once.
public enum SubjectGuesser {
    /// How much of the text is read (Unicode scalars): the opening, where a course says what it is about.
    public static let openingCharacters = 3000

    struct Keyword {
        /// Folded words (lower case, accents removed); the last one may be a prefix.
        let words: [String]
        let prefix: Bool
        let display: String
    }

    struct Subject {
        let code: String
        var keywords: [Keyword]
    }

    /// Both lists, merged by subject code (a French course quotes English terms and back).
    static let subjects: [Subject] = {
        var order: [String] = []
        var byCode: [String: [Keyword]] = [:]
        for bytes in [PackageResources.subjects_fr_txt, PackageResources.subjects_en_txt] {
            for (code, keywords) in parse(String(decoding: bytes, as: UTF8.self)) {
                if byCode[code] == nil { order.append(code) }
                byCode[code, default: []] += keywords
            }
        }
        return order.map { Subject(code: $0, keywords: byCode[$0] ?? []) }
    }()

    /// `code: word, word*, a phrase` per line; `#` starts a comment line.
    static func parse(_ text: String) -> [(String, [Keyword])] {
        var out: [(String, [Keyword])] = []
        for line in text.split(separator: "\n") {
            let t = line.trimmingCharacters(in: .whitespaces)
            guard !t.isEmpty, !t.hasPrefix("#"), let colon = t.firstIndex(of: ":") else { continue }
            let code = String(t[..<colon]).trimmingCharacters(in: .whitespaces)
            let keywords = t[t.index(after: colon)...].split(separator: ",").compactMap { raw -> Keyword? in
                var k = raw.trimmingCharacters(in: .whitespaces)
                guard !k.isEmpty else { return nil }
                let display = k
                let prefix = k.hasSuffix("*")
                if prefix { k.removeLast() }
                let words = Tokenizer.tokens(fold(k)).map(\.text)
                return words.isEmpty ? nil : Keyword(words: words, prefix: prefix, display: display)
            }
            out.append((code, keywords))
        }
        return out
    }

    /// Lower case, accents removed, `’` as `'`. Latin text is folded scalar by scalar from a table
    /// made once with Foundation's folding (calling it on every text was most of a guess's cost);
    /// a text with a scalar outside the table is folded by Foundation whole.
    static func fold(_ s: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            let v = c.value
            if v < 0x80 {
                out.append(UInt8(v >= 0x41 && v <= 0x5A ? v + 0x20 : v))
            } else if v == 0x2019 {
                out.append(UInt8(ascii: "'"))
            } else if v >= latinTableStart && v < latinTableEnd {
                out += latinFolds[Int(v - latinTableStart)]
            } else {
                let folded = s.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
                return folded.contains("’") ? folded.replacingOccurrences(of: "’", with: "'") : folded
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Latin-1 Supplement, Latin Extended-A and -B: what Foundation folds each scalar to.
    static let latinTableStart: UInt32 = 0x80, latinTableEnd: UInt32 = 0x250
    static let latinFolds: [[UInt8]] = (latinTableStart..<latinTableEnd).map { v in
        Array(String(Unicode.Scalar(v)!).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).utf8)
    }

    /// The subject of a lesson titled `title` whose text begins with `text`, or nil.
    public static func guess(title: String, text: String) -> SubjectGuess? {
        let opening = title + "\n" + String(text.unicodeScalars.prefix(openingCharacters))
        // Words split at apostrophes too: « l'énergie » holds « énergie ».
        var words: [String] = []
        for t in Tokenizer.tokens(fold(opening)) {
            if t.text.utf8.contains(UInt8(ascii: "'")) { words += t.text.split(separator: "'").map(String.init) } else { words.append(t.text) }
        }
        guard !words.isEmpty else { return nil }
        var first: [String: [Int]] = [:]
        for (i, w) in words.enumerated() { first[w, default: []].append(i) }
        let prefixes = PrefixIndex(first)
        /// The text's word (or phrase) a keyword matches, or nil: distinct matches are counted, so
        /// one word of the text matching two keywords (`mole*`, `molécule*`) counts once.
        func occurs(_ k: Keyword) -> String? {
            if k.words.count == 1 {
                let w = k.words[0]
                if !k.prefix { return first[w] != nil ? w : nil }
                return prefixes.firstWord(withPrefix: w)
            }
            for start in first[k.words[0]] ?? [] where start + k.words.count <= words.count {
                var ok = true
                for j in 1..<k.words.count {
                    let word = words[start + j], want = k.words[j]
                    let last = j == k.words.count - 1
                    if !(word == want || (last && k.prefix && word.hasPrefix(want))) { ok = false; break }
                }
                if ok { return words[start..<(start + k.words.count)].joined(separator: " ") }
            }
            return nil
        }
        var best: (code: String, found: [String])?
        var tie = false
        for subject in subjects {
            var found: [String] = []
            var seen = Set<String>()
            for k in subject.keywords {
                guard let match = occurs(k) else { continue }
                if seen.insert(match).inserted { found.append(k.display) }
            }
            guard found.count >= 2 else { continue }
            if let b = best {
                if found.count > b.found.count { best = (subject.code, found); tie = false }
                else if found.count == b.found.count { tie = true }
            } else { best = (subject.code, found) }
        }
        guard let best, !tie else { return nil }
        return SubjectGuess(code: best.code, keywords: best.found)
    }
}
