import Foundation

/// The parts of speech of English and French words, read from real lexical data installed on the machine:
/// Princeton WordNet's index files (Debian `wordnet-base`: `/usr/share/wordnet/index.noun`, `.verb`, `.adj`,
/// `.adv` and the `.exc` lists of irregular forms) and the `po:` fields of hunspell's French dictionary
/// (Debian `hunspell-fr`: `/usr/share/hunspell/fr.dic`, `maison/S.() po:nom`, `fournir/… po:v2…`).
/// A file that is absent leaves its language empty: every question about it answers "unknown", and the
/// rules that ask (DefinitionWordClasses.swift) abstain — the recogniser then behaves as it did without them.
public struct Lexicon: Sendable {
    public struct Classes: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let noun = Classes(rawValue: 1)
        public static let verb = Classes(rawValue: 2)
        public static let adjective = Classes(rawValue: 4)
        public static let adverb = Classes(rawValue: 8)
    }

    /// English lemmas (WordNet writes compounds with `_`; only single words are looked up here).
    let english: LexiconTable
    /// Irregular English forms and their lemmas' classes (`children` → noun, `went` → verb).
    let englishIrregular: LexiconTable
    /// French words as the dictionary lists them (lemmas and the forms it writes out).
    let french: LexiconTable
    /// First names as the French dictionary marks them (`Alice/L'D'Q' po:prn`), lower-cased; kept apart from `french`, whose classes
    /// the rules read as "known word".
    let frenchFirstNames: LexiconTable

    public var isEmpty: Bool { english.isEmpty && french.isEmpty }
    public var hasEnglish: Bool { !english.isEmpty }
    public var hasFrench: Bool { !french.isEmpty }

    public static let empty = Lexicon(english: LexiconTable(), englishIrregular: LexiconTable(), french: LexiconTable(), frenchFirstNames: LexiconTable())

    /// The lexicon of this machine, read once, on first use (a few hundred milliseconds).
    public static let shared = Lexicon(wordNet: URL(fileURLWithPath: "/usr/share/wordnet"),
                                       frenchDictionary: URL(fileURLWithPath: "/usr/share/hunspell/fr.dic"))

    init(english: LexiconTable, englishIrregular: LexiconTable, french: LexiconTable, frenchFirstNames: LexiconTable = LexiconTable()) {
        self.english = english
        self.englishIrregular = englishIrregular
        self.french = french
        self.frenchFirstNames = frenchFirstNames
    }

    /// Reads what exists of the two sources; a missing or unreadable file counts as empty.
    public init(wordNet: URL, frenchDictionary: URL) {
        var english = LexiconTable(capacity: 160_000)
        var irregular = LexiconTable(capacity: 8_000)
        for (file, cls) in [("index.noun", Classes.noun), ("index.verb", .verb), ("index.adj", .adjective), ("index.adv", .adverb)] {
            // An index line opens with the lemma then a space; its licence's lines open with two spaces.
            Self.eachLine(of: wordNet.appendingPathComponent(file)) { line in
                guard let first = line.first, first != UInt8(ascii: " "), let space = line.firstIndex(of: UInt8(ascii: " ")) else { return }
                english.insert(bytes: UnsafeBufferPointer(rebasing: line[line.startIndex..<space]), cls)
            }
        }
        for (file, cls) in [("noun.exc", Classes.noun), ("verb.exc", .verb), ("adj.exc", .adjective)] {
            Self.eachLine(of: wordNet.appendingPathComponent(file)) { line in
                guard let space = line.firstIndex(of: UInt8(ascii: " ")) else { return }
                irregular.insert(bytes: UnsafeBufferPointer(rebasing: line[line.startIndex..<space]), cls)
            }
        }
        var french = LexiconTable(capacity: 90_000)
        var firstNames = LexiconTable(capacity: 3_000)
        var lowered: [UInt8] = []
        Self.eachLine(of: frenchDictionary) { line in
            // `word/flags po:nom is:mas`; a word may carry several `po:` fields.
            guard let end = line.firstIndex(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) else { return }
            var cls: Classes = []
            var firstName = false
            var i = end
            while let p = Self.poField(in: line, from: i) {
                let value = line[(p + 3)...].prefix { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
                if Self.opens(value, 0x70, 0x72, 0x6E) { firstName = true }                  // prn
                if Self.opens(value, 0x6E, 0x6F, 0x6D) { cls.insert(.noun) }                 // nom
                else if Self.opens(value, 0x61, 0x64, 0x6A) { cls.insert(.adjective) }       // adj
                else if Self.opens(value, 0x61, 0x64, 0x76) { cls.insert(.adverb) }          // adv
                else if value.first == UInt8(ascii: "v"), value.dropFirst().first.map({ $0 >= 0x30 && $0 <= 0x39 }) == true { cls.insert(.verb) }
                i = p + 3
            }
            if firstName, Self.lowercased(UnsafeBufferPointer(rebasing: line[line.startIndex..<end]), into: &lowered) {
                lowered.withUnsafeBufferPointer { firstNames.insert(bytes: $0, .noun) }
            }
            guard !cls.isEmpty else { return }
            let word = UnsafeBufferPointer(rebasing: line[line.startIndex..<end])
            if Self.lowercased(word, into: &lowered) {
                lowered.withUnsafeBufferPointer { french.insert(bytes: $0, cls) }
            } else {
                french.insert(String(decoding: word, as: UTF8.self).lowercased(), cls)
            }
        }
        self.init(english: english, englishIrregular: irregular, french: french, frenchFirstNames: firstNames)
    }

    /// Whether `value` opens with the three bytes `a b c`.
    private static func opens(_ value: Slice<UnsafeBufferPointer<UInt8>>, _ a: UInt8, _ b: UInt8, _ c: UInt8) -> Bool {
        let i = value.startIndex
        return value.count >= 3 && value[i] == a && value[i + 1] == b && value[i + 2] == c
    }

    /// The bytes of `String(decoding: word, as: UTF8.self).lowercased()` in `out`, for a word of ASCII
    /// and Latin-1 letters (most of the French dictionary), byte by byte: A–Z and À–Þ (but ×) take
    /// 0x20 more, as their Unicode lower-case mappings do, and every other such character is its own
    /// lower case. False for any other word (`lowercased()` then decides).
    static func lowercased(_ word: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) -> Bool {
        out.removeAll(keepingCapacity: true)
        var i = word.startIndex
        while i < word.endIndex {
            let b = word[i]
            if b < 0x80 {
                out.append(b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") ? b + 0x20 : b)
                i += 1
            } else if b == 0xC3, i + 1 < word.endIndex, word[i + 1] >= 0x80, word[i + 1] <= 0xBF {
                let c = word[i + 1]
                out.append(0xC3)
                out.append(c >= 0x80 && c <= 0x9E && c != 0x97 ? c + 0x20 : c)
                i += 2
            } else {
                return false
            }
        }
        return true
    }

    /// Where the next `po:` of `line` starts, at or after `start`.
    private static func poField(in line: UnsafeBufferPointer<UInt8>.SubSequence, from start: Int) -> Int? {
        var i = start
        while i + 3 <= line.endIndex {
            if line[i] == UInt8(ascii: "p"), line[i + 1] == UInt8(ascii: "o"), line[i + 2] == UInt8(ascii: ":") { return i }
            i += 1
        }
        return nil
    }

    private static func eachLine(of url: URL, _ body: (UnsafeBufferPointer<UInt8>.SubSequence) -> Void) {
        guard let data = try? Data(contentsOf: url, options: .mappedIfSafe) else { return }
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            while start < bytes.count {
                let rest = UnsafeRawBufferPointer(rebasing: raw[start...])
                let end = rest.baseAddress.flatMap { memchr($0, 0x0A, rest.count) }.map { start + (UnsafeRawPointer($0) - rest.baseAddress!) } ?? bytes.count
                if end > start { body(bytes[start..<end]) }
                start = end + 1
            }
        }
    }

    // MARK: English

    /// The classes of an English word as written (its lemma's), lower-cased.
    public func englishLemma(_ word: String) -> Classes { english[word.lowercased()] ?? [] }

    /// WordNet's detachment rules (morphy): an inflected form and the lemmas it may come from, by class.
    static let nounEndings = [("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"), ("men", "man"), ("ies", "y"), ("s", "")]
    static let verbEndings = [("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", ""), ("s", "")]
    static let adjectiveEndings = [("er", ""), ("est", ""), ("er", "e"), ("est", "e")]

    /// The classes an English word may belong to as an inflected form (`workflows` → noun, `defines` → verb),
    /// its own lemma's aside.
    public func englishInflected(_ word: String) -> Classes {
        let w = word.lowercased()
        var found = englishIrregular[w] ?? []
        for (cls, endings) in [(Classes.noun, Self.nounEndings), (.verb, Self.verbEndings), (.adjective, Self.adjectiveEndings)] where !found.contains(cls) {
            // (A noun in -ss is no plural: `class`, `process`.)
            if cls == .noun, w.hasSuffix("ss") { continue }
            for (end, base) in endings where w.count > end.count + 1 && w.hasSuffix(end) {
                if english[String(w.dropLast(end.count)) + base]?.contains(cls) == true { found.insert(cls); break }
            }
        }
        return found
    }

    /// Whether an English word is a plural noun and nothing else as written (`workflows`, `strategies`, `sets`):
    /// a noun by its inflection, not a lemma itself (`series`, `means`, `analysis` are).
    public func englishPluralNoun(_ word: String) -> Bool {
        let w = word.lowercased()
        guard w.count > 3, w.hasSuffix("s"), !w.hasSuffix("ss"), englishLemma(w).isEmpty else { return false }
        return englishInflected(w).contains(.noun)
    }

    // MARK: French

    /// The classes of a French word, or of the lemma its plural or feminine ending comes from
    /// (`liens` → `lien`, `principales` → `principal`, `disponibles` → `disponible`).
    public func frenchWord(_ word: String) -> Classes {
        let w = word.lowercased()
        if let c = french[w] { return c }
        var found: Classes = []
        for (end, base) in [("aux", "al"), ("s", ""), ("x", ""), ("es", ""), ("e", "")] where w.count > end.count + 2 && w.hasSuffix(end) {
            found.formUnion(french[String(w.dropLast(end.count)) + base] ?? [])
        }
        return found
    }

    /// Whether the word is a first name the French dictionary lists (`Alice`, `Paul`), whatever its case.
    public func isFrenchFirstName(_ word: String) -> Bool { frenchFirstNames[word.lowercased()] != nil }

    /// Whether a French word is a plural noun as written (`liens`, `programmes`), not a word the dictionary lists so.
    public func frenchPluralNoun(_ word: String) -> Bool {
        let w = word.lowercased()
        guard w.count > 3, w.hasSuffix("s") || w.hasSuffix("x"), french[w] == nil else { return false }
        for (end, base) in [("aux", "al"), ("s", ""), ("x", "")] where w.hasSuffix(end) {
            if french[String(w.dropLast(end.count)) + base]?.contains(.noun) == true { return true }
        }
        return false
    }

    /// Whether the word is one the dictionaries know, in either language, as written or inflected.
    public func knows(_ word: String) -> Bool {
        let w = word.lowercased()
        return english[w] != nil || !englishInflected(w).isEmpty || !frenchWord(w).isEmpty
    }
}
