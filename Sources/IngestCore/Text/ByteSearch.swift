import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The one byte search of the package: where a marker (`%PDF-`, `startxref`, `-->`, a JSON key,
/// a word in UTF-8) first or last starts in bytes. Foundation's `contains`/`range(of:)` go through
/// CFString on Linux and cost tens of times more on the hot paths (sniffing, study sheets,
/// captions). Forward in contiguous bytes it finds the first byte with `memchr` (a word at a
/// time) and compares the rest; backward, a loop from the end, as markers looked for from the end are near it. An empty needle is found
/// where the range starts (or ends, looking backward).
public enum ByteSearch {
    public static func contains<C: Collection>(_ hay: C, _ needle: String) -> Bool where C.Element == UInt8, C.Index == Int {
        firstIndex(of: Array(needle.utf8), in: hay) != nil
    }

    public static func contains(_ hay: String, _ needle: String) -> Bool {
        var hay = hay
        return hay.withUTF8 { firstIndex(of: Array(needle.utf8), in: $0) != nil }
    }

    /// Where `needle` first starts in `hay` (an index of `hay`).
    public static func firstIndex<C: Collection>(of needle: [UInt8], in hay: C) -> Int? where C.Element == UInt8, C.Index == Int {
        guard let first = needle.first, hay.count >= needle.count else { return needle.isEmpty ? hay.startIndex : nil }
        var i = hay.startIndex
        let last = hay.endIndex - needle.count
        while i <= last {
            if hay[i] == first {
                var k = 1
                while k < needle.count && hay[i + k] == needle[k] { k += 1 }
                if k == needle.count { return i }
            }
            i += 1
        }
        return nil
    }

    /// Where `needle` first starts wholly inside `range` of `hay`, as an index of `hay`.
    public static func firstIndex(of needle: [UInt8], in hay: UnsafeRawBufferPointer, within range: Range<Int>) -> Int? {
        let range = range.clamped(to: 0..<hay.count)
        guard needle.count <= range.count else { return nil }
        if needle.isEmpty { return range.lowerBound }
        guard let base = hay.baseAddress else { return nil }
        return needle.withUnsafeBytes { n -> Int? in
            // The first byte by `memchr` (word at a time), then the rest compared.
            let head = Int32(n[0]), lastStart = range.upperBound - n.count
            var i = range.lowerBound
            while i <= lastStart {
                guard let hit = memchr(base + i, head, lastStart - i + 1) else { return nil }
                let at = UnsafeRawPointer(hit) - base
                if memcmp(base + at, n.baseAddress!, n.count) == 0 { return at }
                i = at + 1
            }
            return nil
        }
    }

    /// Where `needle` first starts wholly inside `range` of `hay`.
    public static func firstIndex(of needle: [UInt8], in hay: [UInt8], within range: Range<Int>) -> Int? {
        hay.withUnsafeBytes { firstIndex(of: needle, in: $0, within: range) }
    }

    /// Where `needle` last starts wholly inside `range` of `hay` (all of it when nil).
    public static func lastIndex(of needle: [UInt8], in hay: [UInt8], within range: Range<Int>? = nil) -> Int? {
        let range = (range ?? 0..<hay.count).clamped(to: 0..<hay.count)
        guard needle.count <= range.count else { return nil }
        guard let head = needle.first else { return range.upperBound }
        var i = range.upperBound - needle.count
        while i >= range.lowerBound {
            if hay[i] == head, hay[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i -= 1
        }
        return nil
    }
}

extension String {
    /// The UTF-8 bytes as Data in one copy (`Data(string.utf8)` appends byte by byte).
    public var utf8Data: Data {
        var s = self
        return s.withUTF8 { Data(buffer: $0) }
    }
}
