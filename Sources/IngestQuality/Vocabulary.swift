import Foundation

/// A word list of one language, to tell words from noise in a text with no expected text: the
/// Debian lists under `/usr/share/dict` (`wfrench` for `fr`; `wamerican` and `wbritish` merged
/// for `en`). Debian 12 ships them in UTF-8; a list that is not valid UTF-8 is read as ISO-8859-1,
/// the encoding of older releases.
///
/// Entries are kept as the words `TextComparison.words` finds in them, lower-cased: a list entry
/// `aujourd'hui` gives `aujourd` and `hui`, `AA's` gives `aa` and `s`, `Paris` gives `paris`,
/// because a text is looked up word by word with that same definition, case folded.
/// Storage is one byte buffer and an open-addressing table of offsets (about 6 MB for French),
/// built in one pass over the file.
public final class Vocabulary: Sendable {
    /// The language of the list (`fr`, `en`).
    public let language: String
    let table: WordTable
    let accents: AccentIndexCache

    /// A list of the given words (each split and case folded as the files' entries are).
    public init(language: String, words: some Sequence<String>) {
        self.language = language
        var builder = WordTable.Builder(expected: 1024)
        for w in words { builder.addEntry(Array(w.utf8)[...]) }
        table = builder.table
        accents = AccentIndexCache()
    }

    /// The words of the given list files, nil when none of them can be read.
    public convenience init?(language: String, paths: [String]) {
        let contents = paths.compactMap { FileManager.default.contents(atPath: $0) }
        if contents.isEmpty { return nil }
        self.init(language: language, contents: contents)
    }

    init(language: String, contents: [Data]) {
        self.language = language
        var builder = WordTable.Builder(expected: contents.reduce(0) { $0 + $1.count } / 8)
        for data in contents { builder.addList(data) }
        table = builder.table
        accents = AccentIndexCache()
    }

    /// How many distinct words the list holds (after splitting and case folding).
    public var count: Int { table.count }

    /// Whether the list has `word` (expected in NFC, as normalized text is), in any case:
    /// `Paris`, `paris` and `PARIS` all find the entry `Paris`.
    public func contains(_ word: Substring) -> Bool {
        Self.folded(word) { table.index(of: $0) != nil }
    }

    public func contains(_ word: String) -> Bool { contains(word[...]) }

    /// The word of the list that `word` is once its accents are put back (`ecole` → `école`,
    /// `Eleve` → `élève`), lower case; nil when `word` is itself in the list or has no such word.
    public func accentedForm(of word: Substring) -> String? {
        if contains(word) { return nil }
        var stripped = Accents.strip(word.lowercased())
        let index = accents.index(for: table)
        return stripped.withUTF8 { bytes in
            index.stripped.index(of: bytes).map { table.word(at: Int(index.target[$0])) }
        }
    }

    /// Runs `body` on the lower-case UTF-8 bytes of `word`, without allocating for ASCII words.
    static func folded<R>(_ word: Substring, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var word = word
        return word.withUTF8 { bytes -> R in
            if bytes.allSatisfy({ $0 < 0x80 }) {
                if !bytes.contains(where: { (0x41...0x5A).contains($0) }) { return body(bytes) }
                return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { buffer in
                    for (i, b) in bytes.enumerated() { buffer[i] = (0x41...0x5A).contains(b) ? b | 0x20 : b }
                    return body(UnsafeBufferPointer(buffer))
                }
            }
            var lower = String(decoding: bytes, as: UTF8.self).lowercased()
            return lower.withUTF8 { body($0) }
        }
    }

    // MARK: - Debian's lists

    /// The list files of a language, nil for a language without one.
    public static func files(forLanguage iso: String, directory: String = "/usr/share/dict") -> [String]? {
        switch primaryLanguage(iso) {
        case "fr": return [directory + "/french"]
        case "en": return [directory + "/american-english", directory + "/british-english"]
        default: return nil
        }
    }

    /// The list of `iso`'s language (`fr`, `en`, or a tag such as `fr-CA`), nil when the language
    /// has none or its package is not installed. Loaded once per language and folder, then shared.
    public static func forLanguage(_ iso: String, directory: String = "/usr/share/dict") -> Vocabulary? {
        guard let paths = files(forLanguage: iso, directory: directory) else { return nil }
        let language = primaryLanguage(iso)
        return cache.value(for: language + "\u{0}" + directory) {
            Vocabulary(language: language, paths: paths)
        }
    }

    /// `fr` for `fr`, `FR`, `fr-CA`, `fr_FR`.
    static func primaryLanguage(_ iso: String) -> String {
        String(iso.lowercased().prefix { $0 != "-" && $0 != "_" })
    }

    static let cache = LoadCache()
}

// MARK: - Caches

/// Vocabularies by language and folder, loaded at most once (a missing list is remembered too).
final class LoadCache: @unchecked Sendable {
    private let lock = NSLock()
    private var loaded: [String: Vocabulary?] = [:]

    func value(for key: String, load: () -> Vocabulary?) -> Vocabulary? {
        lock.lock()
        defer { lock.unlock() }
        if let found = loaded[key] { return found }
        let value = load()
        loaded[key] = value
        return value
    }
}

/// From a word without its accents to the listed word that has them, built on first use: only
/// `lostDiacritics` needs it, and it costs as much as the list itself.
struct AccentIndex: Sendable {
    let stripped: WordTable
    /// For each stripped form, the index of its word in the vocabulary's table.
    let target: [UInt32]
}

final class AccentIndexCache: @unchecked Sendable {
    private let lock = NSLock()
    private var built: AccentIndex?

    func index(for table: WordTable) -> AccentIndex {
        lock.lock()
        defer { lock.unlock() }
        if let built { return built }
        var builder = WordTable.Builder(expected: table.count / 4)
        var target: [UInt32] = []
        for i in 0..<table.count where table.hasNonASCII(i) {
            let word = table.word(at: i)
            let stripped = Accents.strip(word)
            if stripped == word { continue }
            var key = stripped
            let at = key.withUTF8 { builder.insert($0) }
            // The first accented word keeps the form (a new form gets the next index).
            if at == target.count { target.append(UInt32(i)) }
        }
        let index = AccentIndex(stripped: builder.table, target: target)
        built = index
        return index
    }
}

/// Accents removed: canonical decomposition, nonspacing marks dropped (`é` → `e`, `ç` → `c`);
/// letters that are not a base plus a mark stay (`œ`, `æ`, `ß`, `ø`).
enum Accents {
    static func strip(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in s.unicodeScalars {
            let v = scalar.value
            if v < 0x80 { out.append(scalar); continue }
            if v < 0x250 {
                if let base = latin[Int(v - 0x80)] { out.append(base) }
                continue
            }
            for part in String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars
            where part.properties.generalCategory != .nonspacingMark {
                out.append(part)
            }
        }
        return String(out)
    }

    /// U+0080–U+024F (Latin-1 and Latin Extended A/B) with their base letter: nil for a mark.
    static let latin: [Unicode.Scalar?] = (0x80..<0x250).map { v in
        let scalar = Unicode.Scalar(UInt32(v))!
        if scalar.properties.generalCategory == .nonspacingMark { return nil }
        let parts = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars
            .filter { $0.properties.generalCategory != .nonspacingMark }
        return parts.count == 1 ? parts.first! : scalar
    }
}

// MARK: - Storage

/// A set of byte strings: one buffer holding them end to end, and an open-addressing table of
/// their indexes. Far fewer allocations than a `Set<String>`, and a lookup hashes the bytes once.
struct WordTable: Sendable {
    private(set) var bytes: [UInt8] = []
    /// Word i is `bytes[starts[i] ..< starts[i + 1]]`.
    private(set) var starts: [UInt32] = [0]
    /// 0 for an empty slot, else the word's index + 1.
    private var slots: [UInt32]

    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [UInt32](repeating: 0, count: size)
    }

    var count: Int { starts.count - 1 }

    func word(at i: Int) -> String {
        String(decoding: bytes[Int(starts[i])..<Int(starts[i + 1])], as: UTF8.self)
    }

    func hasNonASCII(_ i: Int) -> Bool {
        bytes[Int(starts[i])..<Int(starts[i + 1])].contains { $0 >= 0x80 }
    }

    @inline(__always) static func hash(_ word: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in word { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        h ^= h >> 29; h = h &* 0xBF58_476D_1CE4_E5B9; h ^= h >> 32
        return h
    }

    /// The index of `word`, or nil.
    func index(of word: UnsafeBufferPointer<UInt8>) -> Int? {
        bytes.withUnsafeBufferPointer { storage in
            slots.withUnsafeBufferPointer { slots in
                let mask = slots.count - 1
                var slot = Int(truncatingIfNeeded: Self.hash(word)) & mask
                while true {
                    let entry = slots[slot]
                    if entry == 0 { return nil }
                    let i = Int(entry - 1)
                    let start = Int(starts[i]), end = Int(starts[i + 1])
                    if end - start == word.count,
                       word.count == 0 || memcmp(storage.baseAddress! + start, word.baseAddress!, word.count) == 0 {
                        return i
                    }
                    slot = (slot + 1) & mask
                }
            }
        }
    }

    /// Adds `word` unless present; returns its index.
    @discardableResult
    mutating func insert(_ word: UnsafeBufferPointer<UInt8>) -> Int {
        if let i = index(of: word) { return i }
        if (count + 1) * 2 > slots.count { grow() }
        let i = count
        bytes.append(contentsOf: word)
        starts.append(UInt32(bytes.count))
        place(i, hash: Self.hash(word))
        return i
    }

    private mutating func place(_ i: Int, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = UInt32(i + 1)
    }

    private mutating func grow() {
        slots = [UInt32](repeating: 0, count: slots.count * 2)
        for i in 0..<count {
            let h = bytes.withUnsafeBufferPointer { storage in
                Self.hash(UnsafeBufferPointer(rebasing: storage[Int(starts[i])..<Int(starts[i + 1])]))
            }
            place(i, hash: h)
        }
    }

    /// Fills a table from list files or single entries.
    struct Builder {
        var table: WordTable
        private var scratch: [UInt8] = []

        init(expected: Int) { table = WordTable(capacity: max(expected, 16)) }

        @discardableResult
        mutating func insert(_ word: UnsafeBufferPointer<UInt8>) -> Int { table.insert(word) }

        /// A whole list: one entry a line, UTF-8 or else ISO-8859-1.
        mutating func addList(_ data: Data) {
            var bytes = [UInt8](data)
            if String(data: data, encoding: .utf8) == nil {
                // ISO-8859-1: each byte is the scalar of the same value.
                bytes = Array(String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) })).utf8)
            }
            var start = 0
            for i in 0...bytes.count where i == bytes.count || bytes[i] == 0x0A {
                var end = i
                if end > start, bytes[end - 1] == 0x0D { end -= 1 }
                if end > start { addEntry(bytes[start..<end]) }
                start = i + 1
            }
        }

        /// One entry: its words, lower-cased. ASCII entries (most of them) never become Strings.
        mutating func addEntry(_ entry: ArraySlice<UInt8>) {
            if entry.allSatisfy({ $0 < 0x80 }) {
                var wordStart: Int?
                for i in entry.startIndex...entry.endIndex {
                    let isWord = i < entry.endIndex && TextComparison.asciiWord[Int(entry[i])]
                    if isWord, wordStart == nil { wordStart = i }
                    if !isWord, let s = wordStart {
                        scratch.removeAll(keepingCapacity: true)
                        for b in entry[s..<i] { scratch.append((0x41...0x5A).contains(b) ? b | 0x20 : b) }
                        scratch.withUnsafeBufferPointer { _ = table.insert($0) }
                        wordStart = nil
                    }
                }
                return
            }
            var text = String(decoding: entry, as: UTF8.self)
            if TextComparison.needsComposition(text) { text = text.precomposedStringWithCanonicalMapping }
            for word in TextComparison.words(text) {
                var lower = word.lowercased()
                lower.withUTF8 { _ = table.insert($0) }
            }
        }
    }
}
