/// Interns names as small integers so the scanner's hot path compares integers, not strings.
/// One table holds three kinds of keys, told apart by a pseudo-namespace: element/attribute names
/// (`ns` = the namespace URI's id), prefixes (`prefixSpace`) and namespace URIs (`uriSpace`).
/// Open addressing over FNV-1a hashes; the bytes live in one pool. Growth is bounded by the input.
public final class XMLNameTable {
    static let prefixSpace: Int32 = -2
    static let uriSpace: Int32 = -3
    /// The namespace of unprefixed attributes (and of elements with no default namespace).
    public static let noNamespace: Int32 = 0

    private struct Entry { var hash: UInt64; var ns: Int32; var offset: Int32; var count: Int32 }
    private var pool: [UInt8] = []
    private var entries: [Entry] = []
    private var slots: [Int32] = Array(repeating: -1, count: 1024)
    private var aliases: [Int32: Int32] = [:]

    public init() {
        // Id 0 is the empty URI (no namespace), so `noNamespace` is a real, interned URI id.
        _ = intern(Self.uriSpace, nil, 0)
    }

    /// The id of a namespace URI, for handlers to compare against.
    public func namespace(_ uri: String) -> Int32 {
        var s = uri
        return canonical(s.withUTF8 { intern(Self.uriSpace, $0.baseAddress, $0.count) })
    }

    /// Makes `uri` read as `canonical` (ISO 29500 Strict namespaces read as Transitional ones).
    public func alias(_ uri: String, as canonical: String) {
        var s = uri
        let from = s.withUTF8 { intern(Self.uriSpace, $0.baseAddress, $0.count) }
        aliases[from] = namespace(canonical)
    }

    @inline(__always) func canonical(_ id: Int32) -> Int32 {
        aliases.isEmpty ? id : (aliases[id] ?? id)
    }

    /// The id of the name `local` in namespace `uri` (the empty string: no namespace).
    public func name(_ uri: String, _ local: String) -> Int32 {
        let ns = namespace(uri)
        var s = local
        return s.withUTF8 { intern(ns, $0.baseAddress, $0.count) }
    }

    /// The local part and namespace of a name id (for diagnostics and generic handlers).
    public func localName(_ id: Int32) -> String {
        let e = entries[Int(id)]
        return String(decoding: pool[Int(e.offset)..<Int(e.offset + e.count)], as: UTF8.self)
    }

    public func namespaceOf(_ id: Int32) -> Int32 { entries[Int(id)].ns }

    @inline(__always)
    func intern(_ ns: Int32, _ p: UnsafePointer<UInt8>?, _ n: Int) -> Int32 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bitPattern: Int64(ns))
        for i in 0..<n { h = (h ^ UInt64(p![i])) &* 0x100_0000_01b3 }
        let mask = slots.count - 1
        var s = Int(truncatingIfNeeded: h) & mask
        while true {
            let id = slots[s]
            if id < 0 { break }
            let e = entries[Int(id)]
            if e.hash == h && e.ns == ns && Int(e.count) == n && equal(Int(e.offset), p, n) { return id }
            s = (s + 1) & mask
        }
        let id = Int32(entries.count)
        entries.append(Entry(hash: h, ns: ns, offset: Int32(pool.count), count: Int32(n)))
        if n > 0 { pool.append(contentsOf: UnsafeBufferPointer(start: p!, count: n)) }
        slots[s] = id
        if entries.count * 2 > slots.count { rehash() }
        return id
    }

    @inline(__always)
    private func equal(_ offset: Int, _ p: UnsafePointer<UInt8>?, _ n: Int) -> Bool {
        pool.withUnsafeBufferPointer { buf in
            for i in 0..<n where buf[offset + i] != p![i] { return false }
            return true
        }
    }

    private func rehash() {
        slots = Array(repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (i, e) in entries.enumerated() {
            var s = Int(truncatingIfNeeded: e.hash) & mask
            while slots[s] >= 0 { s = (s + 1) & mask }
            slots[s] = Int32(i)
        }
    }
}
