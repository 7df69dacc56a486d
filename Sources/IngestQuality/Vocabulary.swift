import Foundation
import Synchronization

/// A word list of one language, to tell words from noise in a text with no expected text: the
/// Debian lists under `/usr/share/dict` (`wfrench` for `fr`; `wamerican` and `wbritish` merged
/// for `en`). Debian 12 ships them in UTF-8; a list that is not valid UTF-8 is read as ISO-8859-1,
/// the encoding of older releases.
///
/// Entries are kept as the words `TextComparison.words` finds in them, lower-cased: a list entry
/// `aujourd'hui` gives `aujourd` and `hui`, `AA's` gives `aa` and `s`, `Paris` gives `paris`,
/// because a text is looked up word by word with that same definition, case folded.
/// Storage is one byte buffer and an open-addressing table of offsets (about 7 MB for French),
/// built in one pass over the file and one over the table.
///
/// `forLanguage` keeps the built tables (and the accent index) in a cache file per language
/// (`VocabularyCache`, under `$XDG_CACHE_HOME/ingest/`), so a run after the first reads them in a
/// few milliseconds instead of building them again (~0.1 s for French).
public final class Vocabulary: Sendable {
    /// The language of the list (`fr`, `en`).
    public let language: String
    let table: WordTable
    let accents: AccentIndexCache
    /// Whether the tables were read from a cache file rather than built from the lists.
    let loadedFromCache: Bool

    /// A list of the given words (each split and case folded as the files' entries are).
    public init(language: String, words: some Sequence<String>) {
        self.language = language
        var builder = WordTable.Builder()
        for w in words { builder.addEntry(Array(w.utf8)[...]) }
        table = builder.finish()
        accents = AccentIndexCache()
        loadedFromCache = false
    }

    /// The words of the given list files, nil when none of them can be read.
    public convenience init?(language: String, paths: [String]) {
        self.init(language: language, paths: paths, cacheDirectory: nil)
    }

    /// The words of the given list files, nil when none of them can be read; with a
    /// `cacheDirectory`, read from its cache file when that was made from these very files (same
    /// size, modification time and inode), else built from them and written there for next time
    /// (with the accent index, built at once then). A cache that cannot be read, or is stale or
    /// damaged, is built again; one that cannot be written is only not written.
    public convenience init?(language: String, paths: [String], cacheDirectory: String?) {
        // The files are looked at (`stat`) before they are read: a list changed in between leaves
        // a cache stamped with its former state, so rebuilt next time, never a stale one kept.
        let cache = cacheDirectory.flatMap { VocabularyCache(directory: $0, language: language, paths: paths) }
        if let cache, let (table, index) = cache.load() {
            self.init(language: language, table: table, accents: AccentIndexCache(built: index), loadedFromCache: true)
            return
        }
        let contents = paths.compactMap { FileManager.default.contents(atPath: $0) }
        if contents.isEmpty { return nil }
        self.init(language: language, contents: contents)
        cache?.store(table, accents.index(for: table))
    }

    init(language: String, table: WordTable, accents: AccentIndexCache, loadedFromCache: Bool) {
        self.language = language
        self.table = table
        self.accents = accents
        self.loadedFromCache = loadedFromCache
    }

    init(language: String, contents: [Data]) {
        self.language = language
        var builder = WordTable.Builder()
        for data in contents { builder.addList(data) }
        table = builder.finish()
        accents = AccentIndexCache()
        loadedFromCache = false
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
    /// has none or its package is not installed. Loaded once per language and folder, then shared;
    /// through the cache files of `cacheDirectory` (`defaultCacheDirectory` unless told; nil: none).
    public static func forLanguage(_ iso: String, directory: String = "/usr/share/dict",
                                   cacheDirectory: String? = Vocabulary.defaultCacheDirectory) -> Vocabulary? {
        guard let paths = files(forLanguage: iso, directory: directory) else { return nil }
        let language = primaryLanguage(iso)
        return cache.value(for: language + "\u{0}" + directory + "\u{0}" + (cacheDirectory ?? "")) {
            Vocabulary(language: language, paths: paths, cacheDirectory: cacheDirectory)
        }
    }

    /// Where `forLanguage` keeps its cache files: `$XDG_CACHE_HOME/ingest`, else
    /// `~/.cache/ingest`; nil when neither can be told.
    public static var defaultCacheDirectory: String? {
        cacheDirectory(environment: ProcessInfo.processInfo.environment)
    }

    static func cacheDirectory(environment: [String: String]) -> String? {
        // The XDG spec: a relative `XDG_CACHE_HOME` is invalid, and ignored.
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/ingest" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/ingest" }
        return nil
    }

    /// `fr` for `fr`, `FR`, `fr-CA`, `fr_FR`.
    static func primaryLanguage(_ iso: String) -> String {
        String(iso.lowercased().prefix { $0 != "-" && $0 != "_" })
    }

    static let cache = LoadCache()
}

// MARK: - Caches

/// Vocabularies by language and folder, loaded at most once (a missing list is remembered too).
final class LoadCache: Sendable {
    private let loaded = Mutex<[String: Vocabulary?]>([:])

    func value(for key: String, load: () -> Vocabulary?) -> Vocabulary? {
        loaded.withLock { loaded in
            if let found = loaded[key] { return found }
            let value = load()
            loaded[key] = value
            return value
        }
    }
}

/// From a word without its accents to the listed word that has them, built on first use: only
/// `lostDiacritics` needs it, and it costs as much as the list itself.
struct AccentIndex: Sendable {
    let stripped: WordTable
    /// For each stripped form as stored, the index of its word in the vocabulary's table.
    let target: [UInt32]
}

final class AccentIndexCache: Sendable {
    private let built: Mutex<AccentIndex?>

    /// Empty, or holding an index already built (read from a cache file).
    init(built: AccentIndex? = nil) { self.built = Mutex(built) }

    func index(for table: WordTable) -> AccentIndex {
        self.built.withLock { built in
            if let built { return built }
            let index = AccentIndex(for: table)
            built = index
            return index
        }
    }
}

extension AccentIndex {
    init(for table: WordTable) {
        var builder = WordTable.Builder()
        var target: [UInt32] = []
        for i in 0..<table.stored where table.hasNonASCII(i) {
            let word = table.word(at: i)
            var stripped = Accents.strip(word)
            if stripped == word { continue }
            stripped.withUTF8 { builder.add($0) }
            target.append(UInt32(i))
        }
        // Of several accented words with one stripped form, the first in the list keeps it.
        self.init(stripped: builder.finish(), target: target)
    }

    /// An index read from a cache file, nil unless every target is a word of `table`.
    init?(validating stripped: WordTable, target: [UInt32], for table: WordTable) {
        guard target.count == stripped.stored else { return nil }
        let stored = UInt32(table.stored)
        let outside = target.withUnsafeBufferPointer { target in
            var outside: UInt32 = 0
            for t in target { outside |= t >= stored ? 1 : 0 }
            return outside
        }
        guard outside == 0 else { return nil }
        self.init(stripped: stripped, target: target)
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
///
/// Built in bulk: the words are stored as they come (repeats too), then put in the table in the
/// order of their home slots (a radix sort of their hashes), so that filling the table walks it
/// once instead of missing the cache on every word; a repeat is found then, next to its first
/// occurrence, and left out.
struct WordTable: Sendable {
    let bytes: [UInt8]
    /// Word i is `bytes[starts[i] ..< starts[i + 1]]` (i < `stored`).
    let starts: [UInt32]
    /// 0 for an empty slot, else the word's index + 1 in the low `indexBits` bits and the top bits
    /// of its hash above them: most probes that miss are told apart without reading the word, and
    /// four bytes a slot keep the table small (2 MB for French).
    let slots: [UInt32]
    let indexBits: Int
    /// Distinct words.
    let count: Int

    /// Words stored, repeats included.
    var stored: Int { starts.count - 1 }

    /// The slot count for `n` words: at most 70 % full; an index + 1 stays below the slot count,
    /// so within `indexBits`.
    static func slotCount(for n: Int) -> Int {
        var size = 16
        while size * 7 < n * 10 { size <<= 1 }
        return size
    }

    /// A table as read from a cache file, nil unless it is one `init(bytes:starts:)` could have
    /// built: the words end to end within `bytes`, the slot count of their number, every slot
    /// empty or naming a stored word, `count` the slots used. A lookup then stays in bounds and
    /// ends (a table that size always has an empty slot), whatever the file held; that it finds
    /// the right words is the checksum's business.
    init?(validatingBytes bytes: [UInt8], starts: [UInt32], slots: [UInt32], indexBits: Int, count: Int) {
        guard let first = starts.first, first == 0, Int(starts[starts.count - 1]) == bytes.count else { return nil }
        // Branch-free passes (~1 ns a word): a cache file is checked on every run.
        let unordered = starts.withUnsafeBufferPointer { starts in
            var unordered: UInt32 = 0
            for i in 1..<starts.count { unordered |= starts[i] < starts[i - 1] ? 1 : 0 }
            return unordered
        }
        guard unordered == 0 else { return nil }
        let n = starts.count - 1
        let size = Self.slotCount(for: n)
        guard slots.count == size, indexBits == size.trailingZeroBitCount, indexBits < 32 else { return nil }
        let indexMask = Self.indexMask(indexBits), stored = UInt32(n)
        let (used, outside) = slots.withUnsafeBufferPointer { slots in
            var used = 0, outside: UInt32 = 0
            for entry in slots {
                let full: UInt32 = entry != 0 ? 1 : 0
                used &+= Int(full)
                // index + 1 in 1 ... stored; 0 wraps around to past it.
                outside |= full & ((entry & indexMask) &- 1 >= stored ? 1 : 0)
            }
            return (used, outside)
        }
        guard outside == 0, used == count, count < size else { return nil }
        self.bytes = bytes
        self.starts = starts
        self.slots = slots
        self.indexBits = indexBits
        self.count = count
    }

    init(bytes: [UInt8], starts: [UInt32]) {
        self.bytes = bytes
        self.starts = starts
        let n = starts.count - 1
        let size = Self.slotCount(for: n)
        indexBits = size.trailingZeroBitCount
        let mask = size - 1, bits = indexBits
        var hashes = [UInt64](repeating: 0, count: n)
        bytes.withUnsafeBufferPointer { storage in
            for i in 0..<n {
                hashes[i] = Self.hash(UnsafeBufferPointer(rebasing: storage[Int(starts[i])..<Int(starts[i + 1])]))
            }
        }
        // Stable LSD radix sort of the indexes by home slot, 11 bits a pass.
        var order = [UInt32](0..<UInt32(n)), scratch = [UInt32](repeating: 0, count: n)
        var shift = 0
        while shift < bits {
            var counts = [Int](repeating: 0, count: 2049)
            for i in order { counts[Int((hashes[Int(i)] & UInt64(mask)) >> UInt64(shift)) & 2047 + 1] += 1 }
            for k in 0..<2048 { counts[k + 1] += counts[k] }
            for i in order {
                let key = Int((hashes[Int(i)] & UInt64(mask)) >> UInt64(shift)) & 2047
                scratch[counts[key]] = i
                counts[key] += 1
            }
            swap(&order, &scratch)
            shift += 11
        }
        var table = [UInt32](repeating: 0, count: size)
        var distinct = 0
        bytes.withUnsafeBufferPointer { storage in
            for i in order {
                let h = hashes[Int(i)], tag = Self.tag(h, bits)
                let start = Int(starts[Int(i)]), length = Int(starts[Int(i) + 1]) - start
                var slot = Int(truncatingIfNeeded: h) & mask
                var repeated = false
                while table[slot] != 0 {
                    let entry = table[slot]
                    if entry & ~Self.indexMask(bits) == tag {
                        let j = Int(entry & Self.indexMask(bits)) - 1
                        let other = Int(starts[j])
                        if Int(starts[j + 1]) - other == length,
                           length == 0 || memcmp(storage.baseAddress! + start, storage.baseAddress! + other, length) == 0 {
                            repeated = true
                            break
                        }
                    }
                    slot = (slot + 1) & mask
                }
                if !repeated {
                    table[slot] = tag | (i + 1)
                    distinct += 1
                }
            }
        }
        slots = table
        count = distinct
    }

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

    @inline(__always) static func tag(_ hash: UInt64, _ indexBits: Int) -> UInt32 {
        indexBits >= 32 ? 0 : UInt32(truncatingIfNeeded: hash >> 40) << UInt32(indexBits)
    }

    @inline(__always) static func indexMask(_ indexBits: Int) -> UInt32 {
        indexBits >= 32 ? .max : (1 << UInt32(indexBits)) - 1
    }

    /// The index of `word` (of its first occurrence), or nil.
    func index(of word: UnsafeBufferPointer<UInt8>) -> Int? {
        let h = Self.hash(word)
        let tag = Self.tag(h, indexBits), indexMask = Self.indexMask(indexBits)
        return bytes.withUnsafeBufferPointer { storage in
            starts.withUnsafeBufferPointer { starts in
                slots.withUnsafeBufferPointer { slots in
                    let mask = slots.count - 1
                    var slot = Int(truncatingIfNeeded: h) & mask
                    while true {
                        let entry = slots[slot]
                        if entry == 0 { return nil }
                        if entry & ~indexMask == tag {
                            let i = Int(entry & indexMask) - 1
                            let start = Int(starts[i]), end = Int(starts[i + 1])
                            if end - start == word.count,
                               word.count == 0 || memcmp(storage.baseAddress! + start, word.baseAddress!, word.count) == 0 {
                                return i
                            }
                        }
                        slot = (slot + 1) & mask
                    }
                }
            }
        }
    }

    /// Collects words from list files or single entries, then builds the table.
    struct Builder {
        private var bytes: [UInt8] = []
        private var starts: [UInt32] = [0]
        /// The static tables, held here: read per byte, a static costs a `swift_once` each time.
        private let asciiWord = TextComparison.asciiWord
        private let latin = Builder.latin

        init() {}

        mutating func add(_ word: UnsafeBufferPointer<UInt8>) {
            bytes.append(contentsOf: word)
            starts.append(UInt32(bytes.count))
        }

        func finish() -> WordTable { WordTable(bytes: bytes, starts: starts) }

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

        /// U+0080–U+024F lower-cased in UTF-8, nil for those that are not `\w`.
        static let latin: [[UInt8]?] = (0x80..<0x250).map { v in
            let scalar = Unicode.Scalar(UInt32(v))!
            return TextComparison.isWord(scalar) ? Array(scalar.properties.lowercaseMapping.utf8) : nil
        }

        /// One entry: its words, lower-cased, read straight from the bytes (no String per entry:
        /// the lists have hundreds of thousands). An entry NFC could change takes the slow way.
        mutating func addEntry(_ entry: ArraySlice<UInt8>) {
            // The word being read grows at the end of `bytes`; `flush` closes it.
            let wordsBefore = starts.count
            var i = entry.startIndex
            while i < entry.endIndex {
                let b = entry[i]
                if b < 0x80 {
                    if asciiWord[Int(b)] { bytes.append((0x41...0x5A).contains(b) ? b | 0x20 : b) }
                    else { flush() }
                    i += 1
                    continue
                }
                let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2
                guard i + length <= entry.endIndex else { break }
                var v = UInt32(b) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                for k in 1..<length { v = v << 6 | UInt32(entry[i + k] & 0x3F) }
                guard let scalar = Unicode.Scalar(v) else { break }
                if !(v < 0x300 || (0x2002..<0x20D0).contains(v)) {
                    bytes.removeSubrange(Int(starts[wordsBefore - 1])...)
                    starts.removeSubrange(wordsBefore...)
                    addComposed(entry)
                    return
                }
                if v < 0x250 {
                    // Latin letters, most of the non-ASCII ones: from a table.
                    if let folded = latin[Int(v - 0x80)] { bytes.append(contentsOf: folded) } else { flush() }
                } else if TextComparison.isWord(scalar) {
                    if scalar.properties.changesWhenLowercased {
                        bytes.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
                    } else {
                        bytes.append(contentsOf: entry[i..<(i + length)])
                    }
                } else {
                    flush()
                }
                i += length
            }
            flush()
        }

        private mutating func flush() {
            if bytes.count > Int(starts[starts.count - 1]) { starts.append(UInt32(bytes.count)) }
        }

        /// An entry that needs NFC first.
        private mutating func addComposed(_ entry: ArraySlice<UInt8>) {
            let text = String(decoding: entry, as: UTF8.self).precomposedStringWithCanonicalMapping
            for word in TextComparison.words(text) {
                var lower = word.lowercased()
                lower.withUTF8 { add($0) }
            }
        }
    }
}
