import Foundation

/// How many times each word was seen, keyed by the word's UTF-8 bytes: the bytes of every word
/// one after the other in one array, found through an open-addressing table (linear probing,
/// FNV-1a). What a `[String: Int]` counted, without a String made and hashed for each word read
/// (`Normalizer.OwnSpellings` reads every word of a book: 128,000 on gnuplot.pdf's 311 pages, at
/// ≈ 1,100 instructions each through a dictionary, on the serial rest of a PDF's conversion).
///
/// Equality is a String's (canonical equivalence): words are kept as NFC bytes, and a word asked
/// or added that may not be NFC is turned to NFC first, so `é` written as `e` + U+0301 and as
/// U+00E9 are one word, as they were as dictionary keys.
public struct WordCounts: Sendable, Equatable {
    /// Every word's bytes, one after the other.
    private var bytes: [UInt8] = []
    /// A slot: 0 when empty, else the word's offset in `bytes` (bits 0–31), its length (32–47),
    /// 8 bits of its hash (48–55: a word of another hash is told without reading its bytes) and
    /// bit 63 set.
    private var slots: [UInt64]
    /// The count of the word in the slot of the same index.
    private var counts: [Int]
    public private(set) var count = 0

    public init() {
        slots = Array(repeating: 0, count: 64)
        counts = Array(repeating: 0, count: 64)
    }

    public var isEmpty: Bool { count == 0 }

    /// How many times `word` was added, nil when never.
    public subscript(_ word: String) -> Int? {
        Self.nfcBytes(word) { key in find(key, hash: Self.hash(key)).map { counts[$0] } }
    }

    /// Counts `word` once more.
    public mutating func add(_ word: String) {
        Self.nfcBytes(word) { addNFC($0) }
    }

    /// Counts once more the word whose UTF-8 bytes are `key` (a String's bytes: valid UTF-8).
    public mutating func add(bytes key: UnsafeBufferPointer<UInt8>) {
        if Self.isNFC(key) { addNFC(key) } else { add(String(decoding: key, as: UTF8.self)) }
    }

    /// Every word and its count (for tests and comparisons).
    public var dictionary: [String: Int] {
        var out: [String: Int] = [:]
        for (i, slot) in slots.enumerated() where slot != 0 {
            let offset = Int(slot & 0xFFFF_FFFF), length = Int((slot >> 32) & 0xFFFF)
            out[String(decoding: bytes[offset..<(offset + length)], as: UTF8.self)] = counts[i]
        }
        return out
    }

    public static func == (a: WordCounts, b: WordCounts) -> Bool { a.dictionary == b.dictionary }

    private mutating func addNFC(_ key: UnsafeBufferPointer<UInt8>) {
        guard key.count < 1 << 16, bytes.count + key.count < 1 << 32 else { return }
        let hash = Self.hash(key)
        if let s = find(key, hash: hash) {
            counts[s] += 1
            return
        }
        if (count + 1) * 2 > slots.count { grow() }
        let offset = bytes.count
        bytes.append(contentsOf: key)
        let s = place(UInt64(offset) | UInt64(key.count) << 32 | Self.tag(hash) | 1 << 63, hash: hash)
        counts[s] = 1
        count += 1
    }

    private mutating func place(_ slot: UInt64, hash: UInt64) -> Int {
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: hash) & mask
        while slots[i] != 0 { i = (i + 1) & mask }
        slots[i] = slot
        return i
    }

    private mutating func grow() {
        let (old, oldCounts) = (slots, counts)
        slots = Array(repeating: 0, count: old.count * 2)
        counts = Array(repeating: 0, count: old.count * 2)
        for (k, slot) in old.enumerated() where slot != 0 {
            let offset = Int(slot & 0xFFFF_FFFF), length = Int((slot >> 32) & 0xFFFF)
            let h = bytes.withUnsafeBufferPointer { Self.hash(UnsafeBufferPointer(rebasing: $0[offset..<(offset + length)])) }
            counts[place(slot, hash: h)] = oldCounts[k]
        }
    }

    /// The slot holding `key`'s bytes (`hash` its hash).
    private func find(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        let mask = slots.count - 1, tag = Self.tag(hash)
        var i = Int(truncatingIfNeeded: hash) & mask
        return bytes.withUnsafeBufferPointer { all in
            slots.withUnsafeBufferPointer { slots -> Int? in
                while slots[i] != 0 {
                    let slot = slots[i]
                    let length = Int((slot >> 32) & 0xFFFF)
                    if slot & (0xFF << 48) == tag, length == key.count,
                       key.count == 0 || memcmp(all.baseAddress! + Int(slot & 0xFFFF_FFFF), key.baseAddress!, length) == 0 { return i }
                    i = (i + 1) & mask
                }
                return nil
            }
        }
    }

    /// The 8 bits of a hash a slot keeps, in place.
    @inline(__always) private static func tag(_ hash: UInt64) -> UInt64 { (hash >> 56) << 48 }

    /// FNV-1a, 64 bits, its high bits folded into the low ones (the table's index).
    @inline(__always) static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in key { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return h ^ (h >> 29)
    }

    /// Whether bytes are surely NFC without asking Foundation: ASCII and U+0080–U+02FF (Latin-1,
    /// Latin Extended-A and -B, IPA, spacing modifiers), where no scalar is decomposed, composed or
    /// reordered by NFC. Anything else goes through Foundation's NFC.
    @inline(__always) static func isNFC(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < key.count {
            let b = key[i]
            if b < 0x80 { i += 1; continue }
            if b >= 0xCC { return false }
            i += 2
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
