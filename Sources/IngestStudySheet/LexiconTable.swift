import Foundation

/// The words of one of the Lexicon's sources and their classes: the words' UTF-8 bytes one after
/// the other in one array, found through an open-addressing hash table (linear probing, FNV-1a).
/// What a `[String: Classes]` answered, without a String made and hashed for each of the 240,000
/// words read at every start (WordNet's indexes and fr.dic: 0.06 s of CPU that way, on the study
/// sheet's path).
///
/// Equality is a String's: canonical equivalence. Words are kept as NFC bytes and a word asked is
/// turned to NFC before its bytes are compared (`nfcBytes`), so `Ω` (OHM SIGN, as fr.dic writes it)
/// and `Ω` (GREEK CAPITAL OMEGA) are one word, as they were as dictionary keys.
struct LexiconTable: Sendable {
    typealias Classes = Lexicon.Classes

    /// Every word's bytes, one after the other.
    private var bytes: [UInt8] = []
    /// A slot: 0 when empty, else the word's offset in `bytes` (bits 0–31), its length (32–47), its
    /// classes (48–55), 7 bits of its hash (56–62: a word of another hash is told without reading
    /// its bytes, which are elsewhere in memory) and bit 63 set.
    private var slots: [UInt64]
    private(set) var count = 0

    /// A table for about `capacity` words (it grows past them).
    init(capacity: Int = 0) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        bytes.reserveCapacity(capacity * 9)
    }

    /// A table of these words and classes (tests, the empty lexicon).
    init(_ words: [String: Classes]) {
        self.init(capacity: words.count)
        for (word, classes) in words { insert(word, classes) }
    }

    var isEmpty: Bool { count == 0 }

    /// The classes of `word`, nil when the table does not hold it.
    subscript(_ word: String) -> Classes? {
        Self.nfcBytes(word) { find($0, hash: Self.hash($0)) }.map { Classes(rawValue: UInt8(truncatingIfNeeded: slots[$0] >> 48)) }
    }

    /// Adds `classes` to those of `word`.
    mutating func insert(_ word: String, _ classes: Classes) {
        Self.nfcBytes(word) { insertNFC($0, classes) }
    }

    /// Adds `classes` to those of the word whose UTF-8 bytes are `key` (any bytes of a String).
    mutating func insert(bytes key: UnsafeBufferPointer<UInt8>, _ classes: Classes) {
        if Self.isNFC(key) { insertNFC(key, classes) } else { insert(String(decoding: key, as: UTF8.self), classes) }
    }

    private mutating func insertNFC(_ key: UnsafeBufferPointer<UInt8>, _ classes: Classes) {
        guard key.count < 1 << 16, bytes.count + key.count < 1 << 32 else { return }
        let hash = Self.hash(key)
        if let s = find(key, hash: hash) {
            slots[s] |= UInt64(classes.rawValue) << 48
            return
        }
        if (count + 1) * 2 > slots.count { grow() }
        let offset = bytes.count
        bytes.append(contentsOf: key)
        place(UInt64(offset) | UInt64(key.count) << 32 | UInt64(classes.rawValue) << 48 | Self.tag(hash) | 1 << 63, hash: hash)
        count += 1
    }

    private mutating func place(_ slot: UInt64, hash: UInt64) {
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: hash) & mask
        while slots[i] != 0 { i = (i + 1) & mask }
        slots[i] = slot
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: 0, count: old.count * 2)
        for slot in old where slot != 0 {
            let offset = Int(slot & 0xFFFF_FFFF), length = Int((slot >> 32) & 0xFFFF)
            let h = bytes.withUnsafeBufferPointer { Self.hash(UnsafeBufferPointer(rebasing: $0[offset..<(offset + length)])) }
            place(slot, hash: h)
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
                    if slot & (0x7F << 56) == tag, length == key.count,
                       key.count == 0 || memcmp(all.baseAddress! + Int(slot & 0xFFFF_FFFF), key.baseAddress!, length) == 0 { return i }
                    i = (i + 1) & mask
                }
                return nil
            }
        }
    }

    /// The 7 bits of a hash a slot keeps, in place.
    private static func tag(_ hash: UInt64) -> UInt64 { (hash >> 57) << 56 }

    /// FNV-1a, 64 bits.
    static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in key { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return h ^ (h >> 29)
    }

    /// Whether bytes are surely NFC without asking Foundation: ASCII and U+0080–U+02FF (Latin-1,
    /// Latin Extended-A and -B, IPA, spacing modifiers: all of French), where no scalar is
    /// decomposed, composed or reordered by NFC. Anything else (combining marks, Greek's and
    /// Hebrew's points, OHM SIGN as fr.dic writes `Ω`, Hangul…) goes through Foundation's NFC.
    static func isNFC(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
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
