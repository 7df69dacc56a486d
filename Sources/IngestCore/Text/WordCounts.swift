import Foundation

/// How many times each word was seen, keyed by the word's UTF-8 bytes: the bytes of every word
/// one after the other in one array, found through an open-addressing table (linear probing,
/// FNV-1a). What a `[String: Int]` counted, without a String made and hashed for each word read
/// (`Normalizer.OwnSpellings` reads every word of a book: 128,000 on gnuplot.pdf's 311 pages, at
/// ≈ 1,100 instructions each through a dictionary, on the serial rest of a PDF's conversion).
/// Each word also has an id, the number of different words added before it (a line's id for
/// `RunningHeaders.pagesAlike`).
///
/// Equality is a String's (canonical equivalence): words are kept as NFC bytes, and a word asked
/// or added that may not be NFC is turned to NFC first, so `é` written as `e` + U+0301 and as
/// U+00E9 are one word, as they were as dictionary keys.
public struct WordCounts: Sendable, Equatable {
    /// Every word's bytes, one after the other.
    private var bytes: [UInt8] = []
    /// By id: where the word's bytes start in `bytes`, how many there are, and its count.
    private var offsets: [Int] = [], lengths: [Int] = [], counts: [Int] = []
    /// A slot: 0 when empty, else the word's id + 1 (bits 0–31) and 8 bits of its hash (56–63: a
    /// word of another hash is told without reading its bytes).
    private var slots: [UInt64] = Array(repeating: 0, count: 64)

    public init() {}

    /// How many different words were added.
    public var count: Int { counts.count }
    public var isEmpty: Bool { counts.isEmpty }

    /// How many times `word` was added, nil when never.
    public subscript(_ word: String) -> Int? {
        Self.nfcBytes(word) { key in find(key, hash: Self.hash(key)).map { counts[$0] } }
    }

    /// Counts `word` once more; its id.
    @discardableResult
    public mutating func add(_ word: String) -> Int {
        Self.nfcBytes(word) { addNFC($0) }
    }

    /// Counts once more the word whose UTF-8 bytes are `key` (a String's bytes: valid UTF-8); its id.
    @discardableResult
    public mutating func add(bytes key: UnsafeBufferPointer<UInt8>) -> Int {
        if Self.isNFC(key) { addNFC(key) } else { add(String(decoding: key, as: UTF8.self)) }
    }

    /// Every word and its count (for tests and comparisons).
    public var dictionary: [String: Int] {
        var out: [String: Int] = [:]
        for id in counts.indices { out[String(decoding: bytes[offsets[id]..<(offsets[id] + lengths[id])], as: UTF8.self)] = counts[id] }
        return out
    }

    public static func == (a: WordCounts, b: WordCounts) -> Bool { a.dictionary == b.dictionary }

    private mutating func addNFC(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        let hash = Self.hash(key)
        if let id = find(key, hash: hash) {
            counts[id] += 1
            return id
        }
        if (count + 1) * 2 > slots.count { grow() }
        let id = count
        offsets.append(bytes.count)
        lengths.append(key.count)
        counts.append(1)
        bytes.append(contentsOf: key)
        place(id, hash: hash)
        return id
    }

    private mutating func place(_ id: Int, hash: UInt64) {
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: hash) & mask
        while slots[i] != 0 { i = (i + 1) & mask }
        slots[i] = UInt64(id + 1) | Self.tag(hash)
    }

    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        for id in counts.indices {
            let h = bytes.withUnsafeBufferPointer { Self.hash(UnsafeBufferPointer(rebasing: $0[offsets[id]..<(offsets[id] + lengths[id])])) }
            place(id, hash: h)
        }
    }

    /// The id of `key`'s bytes (`hash` its hash).
    private func find(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        let mask = slots.count - 1, tag = Self.tag(hash)
        var i = Int(truncatingIfNeeded: hash) & mask
        return bytes.withUnsafeBufferPointer { all in
            slots.withUnsafeBufferPointer { slots -> Int? in
                while slots[i] != 0 {
                    let slot = slots[i]
                    if slot & (0xFF << 56) == tag {
                        let id = Int(slot & 0xFFFF_FFFF) - 1
                        if lengths[id] == key.count,
                           key.count == 0 || memcmp(all.baseAddress! + offsets[id], key.baseAddress!, key.count) == 0 { return id }
                    }
                    i = (i + 1) & mask
                }
                return nil
            }
        }
    }

    /// The 8 bits of a hash a slot keeps, in place.
    @inline(__always) private static func tag(_ hash: UInt64) -> UInt64 { (hash >> 56) << 56 }

    /// FNV-1a, 64 bits, its high bits folded into the low ones (the table's index).
    @inline(__always) static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in key { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return h ^ (h >> 29)
    }

    /// Whether bytes are surely NFC without asking Foundation: every scalar one NFC leaves alone
    /// whatever surrounds it (`Normalizer.isNFCStable`: below the combining diacritics, and the
    /// punctuation, dashes, quotes and arrows of course text). Anything else goes through
    /// Foundation's NFC.
    @inline(__always) static func isNFC(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < key.count {
            let b = key[i]
            if b < 0x80 { i += 1; continue }
            if b < 0xCC { i += 2; continue }             // U+0080–U+02FF
            guard b >= 0xE0, b < 0xF0, i + 2 < key.count else { return false }
            let v = UInt32(b & 0x0F) << 12 | UInt32(key[i + 1] & 0x3F) << 6 | UInt32(key[i + 2] & 0x3F)
            guard Normalizer.isNFCStable(v) else { return false }
            i += 3
        }
        return true
    }

    /// `body` with `word`'s UTF-8 bytes in NFC.
    static func nfcBytes<T>(_ word: String, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        var copy = word
        var chosen = copy.withUTF8 { isNFC($0) } ? word : word.precomposedStringWithCanonicalMapping
        return chosen.withUTF8 { body($0) }
    }
}
