import Foundation
import IngestCore

/// Guesses a lesson's subject from its title and opening text: the subject with the most distinct
/// keywords found, and only when it has at least two (one word proves nothing: « onde » may be a
/// poem's). The keywords are data, French and English (`Subjects/subjects-*.txt`), read once; a
/// document in French or English is matched against its own language's list only (the English
/// `cell` is not the French « celle »), another or unknown language against both.
///
/// Words compare without case but with their accents (« gène » is neither « gêne » nor
/// « général »), except a word written in capitals, which French often leaves without accents
/// (« THEOREME »): it is compared folded with the folded keyword.
public enum SubjectGuesser {
    /// How much of the text is read (Unicode scalars): the opening, where a course says what it is about.
    public static let openingCharacters = 3000
    /// The shortest prefix of a one-word keyword (`onde*` would take « ondée », `cell*` « cellar »);
    /// a shorter one in a list is read as the word itself.
    static let minimumPrefixLength = 5

    /// One keyword: its forms (`onde|ondes`), which count once together.
    struct Keyword {
        let forms: [Form]
        let display: String
    }

    /// A word or phrase to look for.
    struct Form {
        /// Lower-case words, accents as written; the last one may be a prefix.
        let words: [WordKey]
        /// The same words folded (no accents): what a word written in capitals is compared with.
        let folded: [WordKey]
        let prefix: Bool
    }

    struct Subject {
        let code: String
        var keywords: [Keyword]
    }

    /// Each language's list (`fr`, `en`).
    static let lists: [(language: String, subjects: [Subject])] = [
        ("fr", parse(String(decoding: PackageResources.subjects_fr_txt, as: UTF8.self)).map { Subject(code: $0.0, keywords: $0.1) }),
        ("en", parse(String(decoding: PackageResources.subjects_en_txt, as: UTF8.self)).map { Subject(code: $0.0, keywords: $0.1) }),
    ]

    /// Both lists merged by subject code, for a document in another or no known language.
    static let merged: [Subject] = {
        var order: [String] = []
        var byCode: [String: [Keyword]] = [:]
        for (_, subjects) in lists {
            for s in subjects {
                if byCode[s.code] == nil { order.append(s.code) }
                byCode[s.code, default: []] += s.keywords
            }
        }
        return order.map { Subject(code: $0, keywords: byCode[$0] ?? []) }
    }()

    static func subjects(for language: String?) -> [Subject] {
        lists.first { $0.language == language }?.subjects ?? merged
    }

    /// `code: word, word*, a phrase, form|form` per line; `#` starts a comment line.
    static func parse(_ text: String) -> [(String, [Keyword])] {
        var out: [(String, [Keyword])] = []
        for line in text.split(separator: "\n") {
            let t = line.trimmingCharacters(in: .whitespaces)
            guard !t.isEmpty, !t.hasPrefix("#"), let colon = t.firstIndex(of: ":") else { continue }
            let code = String(t[..<colon]).trimmingCharacters(in: .whitespaces)
            let keywords = t[t.index(after: colon)...].split(separator: ",").compactMap { raw -> Keyword? in
                let display = raw.trimmingCharacters(in: .whitespaces).precomposedStringWithCanonicalMapping
                let forms = display.split(separator: "|").compactMap { f -> Form? in
                    var k = f.trimmingCharacters(in: .whitespaces)
                    var prefix = k.hasSuffix("*")
                    if prefix { k.removeLast() }
                    let words = Tokenizer.tokens(lower(k)).map(\.text)
                    guard let last = words.last else { return nil }
                    if words.count == 1 && last.count < minimumPrefixLength { prefix = false }
                    return Form(words: words.map(WordKey.init), folded: words.map { WordKey(foldBytes($0)) }, prefix: prefix)
                }
                return forms.isEmpty ? nil : Keyword(forms: forms, display: display)
            }
            out.append((code, keywords))
        }
        return out
    }

    /// Lower case, accents removed, `’` as `'`. Latin text is folded scalar by scalar from a table
    /// made once with Foundation's folding (calling it on every text was most of a guess's cost);
    /// a text with a scalar outside the table is folded by Foundation whole.
    static func fold(_ s: String) -> String { String(decoding: foldBytes(s), as: UTF8.self) }

    /// `fold` as UTF-8 bytes (the guess compares words as bytes).
    static func foldBytes(_ s: String) -> [UInt8] {
        mapped(s, latin: latinFolds) { $0.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }
    }

    /// `s` lower-cased ASCII, `’` as `'`, Latin scalars from `latin` (a table indexed from
    /// `latinTableStart`); a string with any other scalar is mapped whole by `whole`.
    private static func mapped(_ s: String, latin: [[UInt8]], whole: (String) -> String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            let v = c.value
            if v < 0x80 {
                out.append(UInt8(v >= 0x41 && v <= 0x5A ? v + 0x20 : v))
            } else if v == 0x2019 {
                out.append(UInt8(ascii: "'"))
            } else if v >= latinTableStart && v < latinTableEnd {
                out += latin[Int(v - latinTableStart)]
            } else {
                let w = whole(s)
                return Array((w.contains("’") ? w.replacingOccurrences(of: "’", with: "'") : w).utf8)
            }
        }
        return out
    }

    /// Latin-1 Supplement, Latin Extended-A and -B: what Foundation folds each scalar to.
    static let latinTableStart: UInt32 = 0x80, latinTableEnd: UInt32 = 0x250
    static let latinFolds: [[UInt8]] = (latinTableStart..<latinTableEnd).map { v in
        Array(String(Unicode.Scalar(v)!).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).utf8)
    }

    /// Lower case with accents kept, `’` as `'`: Latin text scalar by scalar from a table made
    /// once, anything else by the standard library whole.
    static func lower(_ s: String) -> String { String(decoding: lowerBytes(s), as: UTF8.self) }

    /// `lower` as UTF-8 bytes.
    static func lowerBytes(_ s: String) -> [UInt8] { mapped(s, latin: latinLowers) { $0.lowercased() } }

    static let latinLowers: [[UInt8]] = (latinTableStart..<latinTableEnd).map { v in
        Array(String(Unicode.Scalar(v)!).lowercased().utf8)
    }

    /// The first `openingCharacters` scalars of `text`, found on its UTF-8 (a scalar starts at
    /// every byte that is not a continuation byte) rather than by walking its scalars.
    static func opening(of text: String) -> String {
        var scalars = 0
        var end = text.utf8.endIndex
        for i in text.utf8.indices where text.utf8[i] & 0xC0 != 0x80 {
            if scalars == openingCharacters { end = i; break }
            scalars += 1
        }
        return String(text.unicodeScalars[..<end])
    }

    /// The subject of a lesson titled `title` whose text begins with `text`, or nil. `language`:
    /// the document's (`fr`, `en`: that list only; another or nil: both).
    public static func guess(title: String, text: String, language: String? = nil) -> SubjectGuess? {
        let opening = title + "\n" + Self.opening(of: text)
        // Words split at apostrophes too: « l'énergie » holds « énergie ». A word in capitals is
        // kept folded, and compared with folded keywords. Words are compared as UTF-8 bytes (the
        // text is NFC, as the keywords are): hashing a String key normalizes it first.
        var words: [WordKey] = []
        var capitals: [Bool] = []
        for t in Tokenizer.tokens(opening) {
            let caps = t.isAllCaps
            let form = caps ? foldBytes(t.text) : lowerBytes(t.text)
            if form.contains(UInt8(ascii: "'")) {
                for part in form.split(separator: UInt8(ascii: "'")) { words.append(WordKey(Array(part))); capitals.append(caps) }
            } else {
                words.append(WordKey(form)); capitals.append(caps)
            }
        }
        guard !words.isEmpty else { return nil }
        var first: [WordKey: Int] = [:], firstCapitals: [WordKey: Int] = [:]
        first.reserveCapacity(words.count)
        for (i, w) in words.enumerated() {
            if capitals[i] { if firstCapitals[w] == nil { firstCapitals[w] = i } } else if first[w] == nil { first[w] = i }
        }
        let prefixes = PrefixIndex(first), capitalPrefixes = PrefixIndex(firstCapitals)
        /// Whether the text's word at `i` is the form's word `j` (a prefix for the last one).
        func matches(_ i: Int, _ k: Form, _ j: Int) -> Bool {
            let want = capitals[i] ? k.folded[j] : k.words[j]
            return words[i] == want || (j == k.words.count - 1 && k.prefix && words[i].bytes.starts(with: want.bytes))
        }
        /// The text's word (or phrase) a form matches, or nil: distinct matches are counted, so
        /// one word of the text matching two keywords (`mole*`, `molécule*`) counts once.
        func occurs(_ k: Form) -> WordKey? {
            if k.words.count == 1 {
                if !k.prefix {
                    if first[k.words[0]] != nil { return k.words[0] }
                    return firstCapitals[k.folded[0]] != nil ? k.folded[0] : nil
                }
                return prefixes.firstWord(withPrefix: k.words[0]) ?? capitalPrefixes.firstWord(withPrefix: k.folded[0])
            }
            // A phrase: where its first word occurs, in lower case then in capitals.
            for caps in [false, true] {
                let head = caps ? k.folded[0] : k.words[0]
                guard (caps ? firstCapitals[head] : first[head]) != nil else { continue }
                for start in words.indices where capitals[start] == caps && words[start] == head && start + k.words.count <= words.count {
                    if (1..<k.words.count).allSatisfy({ matches(start + $0, k, $0) }) {
                        return WordKey(Array(words[start..<(start + k.words.count)].map(\.bytes).joined(separator: [UInt8(ascii: " ")])))
                    }
                }
            }
            return nil
        }
        var best: (code: String, found: [String])?
        var tie = false
        for subject in subjects(for: language) {
            var found: [String] = []
            var seen = Set<WordKey>()
            for k in subject.keywords {
                guard let match = k.forms.lazy.compactMap(occurs).first else { continue }
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

/// A word as its UTF-8 bytes, hashed in one piece (a `String` key is normalized before it is
/// hashed, which cost more than the rest of a subject guess).
struct WordKey: Hashable, Comparable {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
    init(_ s: String) { bytes = Array(s.utf8) }
    var string: String { String(decoding: bytes, as: UTF8.self) }
    func hash(into hasher: inout Hasher) { bytes.withUnsafeBytes { hasher.combine(bytes: $0) } }
    static func == (a: WordKey, b: WordKey) -> Bool { a.bytes == b.bytes }
    /// UTF-8 byte order: every word starting with a prefix follows it, contiguously.
    static func < (a: WordKey, b: WordKey) -> Bool { a.bytes.lexicographicallyPrecedes(b.bytes) }
}
