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
    let english: [String: Classes]
    /// Irregular English forms and their lemmas' classes (`children` → noun, `went` → verb).
    let englishIrregular: [String: Classes]
    /// French words as the dictionary lists them (lemmas and the forms it writes out).
    let french: [String: Classes]

    public var isEmpty: Bool { english.isEmpty && french.isEmpty }
    public var hasEnglish: Bool { !english.isEmpty }
    public var hasFrench: Bool { !french.isEmpty }

    public static let empty = Lexicon(english: [:], englishIrregular: [:], french: [:])

    /// The lexicon of this machine, read once, on first use (a few hundred milliseconds).
    public static let shared = Lexicon(wordNet: URL(fileURLWithPath: "/usr/share/wordnet"),
                                       frenchDictionary: URL(fileURLWithPath: "/usr/share/hunspell/fr.dic"))

    init(english: [String: Classes], englishIrregular: [String: Classes], french: [String: Classes]) {
        self.english = english
        self.englishIrregular = englishIrregular
        self.french = french
    }

    /// Reads what exists of the two sources; a missing or unreadable file counts as empty.
    public init(wordNet: URL, frenchDictionary: URL) {
        var english: [String: Classes] = [:]
        var irregular: [String: Classes] = [:]
        for (file, cls) in [("index.noun", Classes.noun), ("index.verb", .verb), ("index.adj", .adjective), ("index.adv", .adverb)] {
            // An index line opens with the lemma then a space; its licence's lines open with two spaces.
            Self.eachLine(of: wordNet.appendingPathComponent(file)) { line in
                guard let first = line.first, first != UInt8(ascii: " "), let space = line.firstIndex(of: UInt8(ascii: " ")) else { return }
                english[String(decoding: line[line.startIndex..<space], as: UTF8.self), default: []].insert(cls)
            }
        }
        for (file, cls) in [("noun.exc", Classes.noun), ("verb.exc", .verb), ("adj.exc", .adjective)] {
            Self.eachLine(of: wordNet.appendingPathComponent(file)) { line in
                guard let space = line.firstIndex(of: UInt8(ascii: " ")) else { return }
                irregular[String(decoding: line[line.startIndex..<space], as: UTF8.self), default: []].insert(cls)
            }
        }
        var french: [String: Classes] = [:]
        Self.eachLine(of: frenchDictionary) { line in
            // `word/flags po:nom is:mas`; a word may carry several `po:` fields.
            guard let end = line.firstIndex(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) else { return }
            var cls: Classes = []
            var i = end
            while let p = Self.find(Array("po:".utf8), in: line, from: i) {
                let value = line[(p + 3)...].prefix { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
                if value.starts(with: "nom".utf8) { cls.insert(.noun) }
                else if value.starts(with: "adj".utf8) { cls.insert(.adjective) }
                else if value.starts(with: "adv".utf8) { cls.insert(.adverb) }
                else if value.first == UInt8(ascii: "v"), value.dropFirst().first.map({ $0 >= 0x30 && $0 <= 0x39 }) == true { cls.insert(.verb) }
                i = p + 3
            }
            guard !cls.isEmpty else { return }
            french[String(decoding: line[line.startIndex..<end], as: UTF8.self).lowercased(), default: []].formUnion(cls)
        }
        self.init(english: english, englishIrregular: irregular, french: french)
    }

    private static func find(_ needle: [UInt8], in line: ArraySlice<UInt8>, from start: Int) -> Int? {
        guard line.count >= needle.count, start <= line.endIndex - needle.count else { return nil }
        var i = start
        while i <= line.endIndex - needle.count {
            if line[i] == needle[0], line[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    private static func eachLine(of url: URL, _ body: (ArraySlice<UInt8>) -> Void) {
        guard let data = try? Data(contentsOf: url, options: .mappedIfSafe) else { return }
        let bytes = [UInt8](data)
        var start = 0
        for i in bytes.indices where bytes[i] == UInt8(ascii: "\n") {
            if i > start { body(bytes[start..<i]) }
            start = i + 1
        }
        if start < bytes.count { body(bytes[start...]) }
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
