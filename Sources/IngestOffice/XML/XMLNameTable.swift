/// Interns names as small integers so the scanner's hot path compares integers, not strings.
/// One table holds three kinds of keys, told apart by a pseudo-namespace: element/attribute names
/// (`ns` = the namespace URI's id), prefixes (`prefixSpace`) and namespace URIs (`uriSpace`).
/// Open addressing over FNV-1a hashes; the bytes live in one pool. Growth is bounded by the input.
///
/// The storage is a struct: a scanner takes it out of the table while it runs, so the hot path
/// works on a local value without the dynamic exclusivity checks that class properties cost.
/// Handlers therefore ask for ids before scanning and resolve ids to names after, not during.
public final class XMLNameTable {
    static let prefixSpace: Int32 = -2
    static let uriSpace: Int32 = -3
    /// The namespace of unprefixed attributes (and of elements with no default namespace).
    public static let noNamespace: Int32 = 0

    var storage = NameStorage()

    public init() {
        // Id 0 is the empty URI (no namespace), so `noNamespace` is a real, interned URI id.
        _ = storage.intern(Self.uriSpace, nil, 0)
    }

    /// The id of a namespace URI, for handlers to compare against.
    public func namespace(_ uri: String) -> Int32 {
        var s = uri
        return storage.canonical(s.withUTF8 { storage.intern(Self.uriSpace, $0.baseAddress, $0.count) })
    }

    /// Makes `uri` read as `canonical` (ISO 29500 Strict namespaces read as Transitional ones).
    public func alias(_ uri: String, as canonical: String) {
        var s = uri
        let from = s.withUTF8 { storage.intern(Self.uriSpace, $0.baseAddress, $0.count) }
        storage.aliases[from] = namespace(canonical)
    }

    /// The id of the name `local` in namespace `uri` (the empty string: no namespace).
    public func name(_ uri: String, _ local: String) -> Int32 {
        let ns = namespace(uri)
        var s = local
        return s.withUTF8 { storage.intern(ns, $0.baseAddress, $0.count) }
    }

    /// The local part of a name id (for diagnostics and generic handlers).
    public func localName(_ id: Int32) -> String { storage.string(id) }

    public func namespaceOf(_ id: Int32) -> Int32 { storage.entries[Int(id)].ns }

    func intern(_ ns: Int32, _ p: UnsafePointer<UInt8>?, _ n: Int) -> Int32 { storage.intern(ns, p, n) }
}

struct NameStorage {
    struct Entry { var hash: UInt64; var ns: Int32; var offset: Int32; var count: Int32 }
    var pool: [UInt8] = []
    var entries: [Entry] = []
    var slots: [Int32] = Array(repeating: -1, count: 1024)
    var aliases: [Int32: Int32] = [:]

    init() {}
    /// A storage without its table, left in place while a scanner has moved the real one out.
    init(empty: ()) { slots = [] }

    @inline(__always) func canonical(_ id: Int32) -> Int32 {
        aliases.isEmpty ? id : (aliases[id] ?? id)
    }

    func string(_ id: Int32) -> String {
        precondition(Int(id) < entries.count, "XMLNameTable is lent to a running scanner: resolve ids outside handler callbacks")
        let e = entries[Int(id)]
        return String(decoding: pool[Int(e.offset)..<Int(e.offset + e.count)], as: UTF8.self)
    }

    @inline(__always)
    mutating func intern(_ ns: Int32, _ p: UnsafePointer<UInt8>?, _ n: Int) -> Int32 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bitPattern: Int64(ns))
        for i in 0..<n { h = (h ^ UInt64(p![i])) &* 0x100_0000_01b3 }
        let found: Int32 = slots.withUnsafeBufferPointer { slots in
            entries.withUnsafeBufferPointer { entries in
                pool.withUnsafeBufferPointer { pool in
                    let mask = slots.count - 1
                    var s = Int(truncatingIfNeeded: h) & mask
                    while true {
                        let id = slots[s]
                        if id < 0 { return -1 - Int32(s) }
                        let e = entries[Int(id)]
                        if e.hash == h && e.ns == ns && Int(e.count) == n
                            && Self.same(pool.baseAddress! + Int(e.offset), p, n) { return id }
                        s = (s + 1) & mask
                    }
                }
            }
        }
        if found >= 0 { return found }
        let slot = Int(-1 - found)
        let id = Int32(entries.count)
        entries.append(Entry(hash: h, ns: ns, offset: Int32(pool.count), count: Int32(n)))
        if n > 0 { pool.append(contentsOf: UnsafeBufferPointer(start: p!, count: n)) }
        slots[slot] = id
        if entries.count * 2 > slots.count { rehash() }
        return id
    }

    /// Names are short: a byte loop beats a call to memcmp.
    @inline(__always) static func same(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>?, _ n: Int) -> Bool {
        guard n > 0, let b else { return true }
        if n > 24 { return memcmp(a, b, n) == 0 }
        for i in 0..<n where a[i] != b[i] { return false }
        return true
    }

    private mutating func rehash() {
        slots = Array(repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (i, e) in entries.enumerated() {
            var s = Int(truncatingIfNeeded: e.hash) & mask
            while slots[s] >= 0 { s = (s + 1) & mask }
            slots[s] = Int32(i)
        }
    }
}

import Foundation
