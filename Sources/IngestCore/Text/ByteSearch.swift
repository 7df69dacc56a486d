import Foundation

/// Substring search on UTF-8 bytes. Foundation's `contains`/`range(of:)` go through CFString on
/// Linux and cost tens of times more on the hot paths (sniffing, study sheets).
public enum ByteSearch {
    public static func contains<C: Collection>(_ hay: C, _ needle: String) -> Bool where C.Element == UInt8, C.Index == Int {
        firstIndex(of: Array(needle.utf8), in: hay) != nil
    }

    public static func contains(_ hay: String, _ needle: String) -> Bool {
        var hay = hay
        return hay.withUTF8 { firstIndex(of: Array(needle.utf8), in: $0) != nil }
    }

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
}

extension String {
    /// The UTF-8 bytes as Data in one copy (`Data(string.utf8)` appends byte by byte).
    public var utf8Data: Data {
        var s = self
        return s.withUTF8 { Data(buffer: $0) }
    }
}
