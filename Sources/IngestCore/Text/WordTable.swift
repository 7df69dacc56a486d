import Foundation

/// Different words, each kept once by its UTF-8 bytes and given an id (the number of different
/// words added before it) and eight bits of flags its caller sets. The bytes of every word one
/// after the other in one array, found through an open-addressing table (linear probing,
/// FNV-1a): what a `[String: Int]` of ids answered, without a String made and hashed for each
/// word read. `WordCounts` keeps how many times each word was seen beside it by id; the study
/// sheet's `LexiconTable` keeps each dictionary word's classes in its flags.
///
/// Equality is a String's (canonical equivalence): words are kept as NFC bytes, and a word asked
/// or added that may not be NFC is turned to NFC first, so `é` written as `e` + U+0301 and as
/// U+00E9, or `Ω` as OHM SIGN (as fr.dic writes it) and as OMEGA, are one word, as they were as
/// dictionary keys.
///
/// Inlinable: the study sheet's Lexicon reads 240,000 words into three tables at every start.
@frozen
public struct WordTable: Sendable {
    /// Every word's bytes, one after the other.
    @usableFromInline var bytes: [UInt8] = []
    /// By id, where the word's bytes start in `bytes`; one more, where the last word's end.
    @usableFromInline var bounds: [Int] = [0]
    /// A slot: 0 when empty, else the word's id + 1 (bits 0–31), its length up to 0xFFFF (32–47),
    /// its flags (48–55) and 8 bits of its hash (56–63): a word of another hash or length is
    /// told without reading its bytes, which are elsewhere in memory.
    @usableFromInline var slots: [UInt64]

    /// A table for about `capacity` words of `averageLength` bytes (it grows past them).
    public init(capacity: Int = 0, averageLength: Int = 0) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        bounds.reserveCapacity(capacity + 1)
        bytes.reserveCapacity(capacity * averageLength)
    }

    /// How many different words were added.
    @inlinable public var count: Int { bounds.count - 1 }
    @inlinable public var isEmpty: Bool { bounds.count == 1 }

    /// The id of `word`, nil when it was never added.
    @inlinable public func id(of word: String) -> Int? {
        Self.nfcBytes(word) { find($0, hash: Self.hash($0)) }.map { Int(slots[$0] & 0xFFFF_FFFF) - 1 }
    }

    /// The flags of `word` (those of every insertion, together), nil when it was never added.
    @inlinable public func flags(of word: String) -> UInt8? {
        Self.nfcBytes(word) { find($0, hash: Self.hash($0)) }.map { UInt8(truncatingIfNeeded: slots[$0] >> 48) }
    }

    /// Adds `word` when it is new, and `flags` to its flags; its id, and whether it was new.
    @inlinable @discardableResult
    public mutating func insert(_ word: String, flags: UInt8 = 0) -> (id: Int, inserted: Bool) {
        Self.nfcBytes(word) { insertNFC($0, flags: flags) }
    }

    /// Adds the word whose UTF-8 bytes are `key` (a String's bytes: valid UTF-8) when it is new,
    /// and `flags` to its flags; its id, and whether it was new.
    @inlinable @discardableResult
    public mutating func insert(bytes key: UnsafeBufferPointer<UInt8>, flags: UInt8 = 0) -> (id: Int, inserted: Bool) {
        if Self.isNFC(key) { insertNFC(key, flags: flags) } else { insert(String(decoding: key, as: UTF8.self), flags: flags) }
    }

    /// The word of `id` (as NFC).
    public func word(_ id: Int) -> String {
        String(decoding: bytes[bounds[id]..<bounds[id + 1]], as: UTF8.self)
    }

    @inlinable mutating func insertNFC(_ key: UnsafeBufferPointer<UInt8>, flags: UInt8) -> (id: Int, inserted: Bool) {
        let hash = Self.hash(key)
        if let s = find(key, hash: hash) {
            slots[s] |= UInt64(flags) << 48
            return (Int(slots[s] & 0xFFFF_FFFF) - 1, false)
        }
        if (count + 1) * 2 > slots.count { grow() }
        let id = count
        bytes.append(contentsOf: key)
        bounds.append(bytes.count)
        place(Self.slot(id, length: key.count, hash: hash) | UInt64(flags) << 48, hash: hash)
        return (id, true)
    }

    @inlinable mutating func place(_ slot: UInt64, hash: UInt64) {
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: hash) & mask
        while slots[i] != 0 { i = (i + 1) & mask }
        slots[i] = slot
    }

    @usableFromInline mutating func grow() {
        let old = slots
        slots = Array(repeating: 0, count: old.count * 2)
        for slot in old where slot != 0 {
            let id = Int(slot & 0xFFFF_FFFF) - 1
            let h = bytes.withUnsafeBufferPointer { Self.hash(UnsafeBufferPointer(rebasing: $0[bounds[id]..<bounds[id + 1]])) }
            place(slot, hash: h)
        }
    }

    /// The slot holding `key`'s bytes (`hash` its hash).
    @inlinable func find(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        let mask = slots.count - 1, probe = Self.slot(0, length: key.count, hash: hash) & Self.told
        var i = Int(truncatingIfNeeded: hash) & mask
        return bytes.withUnsafeBufferPointer { all in
            bounds.withUnsafeBufferPointer { bounds in
                slots.withUnsafeBufferPointer { slots -> Int? in
                    while slots[i] != 0 {
                        let slot = slots[i]
                        if slot & Self.told == probe {
                            let id = Int(slot & 0xFFFF_FFFF) - 1, start = bounds[id]
                            if bounds[id + 1] - start == key.count,
                               key.count == 0 || memcmp(all.baseAddress! + start, key.baseAddress!, key.count) == 0 { return i }
                        }
                        i = (i + 1) & mask
                    }
                    return nil
                }
            }
        }
    }

    /// The bits of a slot that tell words apart without their bytes: the length and the hash's.
    @usableFromInline static let told: UInt64 = 0xFF00_FFFF_0000_0000

    /// The slot of word `id`: its length (0xFFFF for any longer) and 8 bits of its hash, no flags.
    @inlinable @inline(__always) static func slot(_ id: Int, length: Int, hash: UInt64) -> UInt64 {
        UInt64(truncatingIfNeeded: id + 1) & 0xFFFF_FFFF | UInt64(min(length, 0xFFFF)) << 32 | (hash >> 56) << 56
    }

    /// FNV-1a, 64 bits, its high bits folded into the low ones (the table's index).
    @inlinable @inline(__always) static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in key { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return h ^ (h >> 29)
    }

    /// Whether bytes are surely NFC without asking Foundation: every scalar one NFC leaves alone
    /// whatever surrounds it (ASCII and U+0080–U+02FF here; `stableFrom` asks of the rest
    /// `Normalizer.isNFCStable`: the punctuation, dashes, quotes and arrows of course text).
    /// Anything else (combining marks, Greek's and Hebrew's points, OHM SIGN, Hangul…) goes
    /// through Foundation's NFC.
    @inlinable @inline(__always) static func isNFC(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < key.count {
            let b = key[i]
            if b < 0x80 { i += 1; continue }
            if b < 0xCC { i += 2; continue }             // U+0080–U+02FF
            return stableFrom(key, i)
        }
        return true
    }

    /// `isNFC` of `key` from byte `i` on, which opens a scalar from U+0300 up.
    @usableFromInline static func stableFrom(_ key: UnsafeBufferPointer<UInt8>, _ start: Int) -> Bool {
        var i = start
        while i < key.count {
            let b = key[i]
            if b < 0x80 { i += 1; continue }
            if b < 0xCC { i += 2; continue }
            guard b >= 0xE0, b < 0xF0, i + 2 < key.count else { return false }
            let v = UInt32(b & 0x0F) << 12 | UInt32(key[i + 1] & 0x3F) << 6 | UInt32(key[i + 2] & 0x3F)
            guard Normalizer.isNFCStable(v) else { return false }
            i += 3
        }
        return true
    }

    /// `body` with `word`'s UTF-8 bytes in NFC.
    @inlinable @inline(__always) static func nfcBytes<T>(_ word: String, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        var copy = word
        var chosen = copy.withUTF8 { isNFC($0) } ? word : word.precomposedStringWithCanonicalMapping
        return chosen.withUTF8 { body($0) }
    }
}
