import Foundation
#if canImport(Glibc)
import Glibc
#endif
import IngestCore

/// A checked cursor over bytes in memory: every read is bounds-checked and throws `error`,
/// so malformed input can never trap.
struct ByteCursor {
    let bytes: [UInt8]
    var pos: Int
    let error: IngestError

    init(_ bytes: [UInt8], at pos: Int = 0, error: IngestError) { self.bytes = bytes; self.pos = pos; self.error = error }

    var remaining: Int { max(0, bytes.count - pos) }
    var atEnd: Bool { pos >= bytes.count }

    mutating func u8() throws -> UInt8 {
        guard pos < bytes.count else { throw error }
        defer { pos += 1 }
        return bytes[pos]
    }
    mutating func take(_ n: Int) throws -> ArraySlice<UInt8> {
        guard n >= 0, n <= remaining else { throw error }
        defer { pos += n }
        return bytes[pos..<pos + n]
    }
    mutating func skip(_ n: Int) throws { _ = try take(n) }
    mutating func rest() -> ArraySlice<UInt8> { defer { pos = bytes.count }; return bytes[min(pos, bytes.count)...] }
    mutating func be(_ n: Int) throws -> UInt64 { try take(n).reduce(0) { $0 << 8 | UInt64($1) } }
    mutating func le(_ n: Int) throws -> UInt64 { try take(n).reversed().reduce(0) { $0 << 8 | UInt64($1) } }
    mutating func u16be() throws -> Int { Int(try be(2)) }
    mutating func u32be() throws -> Int { Int(try be(4)) }
    mutating func u16le() throws -> Int { Int(try le(2)) }
    mutating func u32le() throws -> Int { Int(try le(4)) }
    mutating func fourCC() throws -> String { String(decoding: try take(4), as: UTF8.self) }
}

/// Big- and little-endian integers read from a fixed spot of a byte array (caller checked bounds).
extension Array where Element == UInt8 {
    func be(_ at: Int, _ n: Int) -> UInt64 {
        guard at >= 0, at + n <= count else { return 0 }
        return self[at..<at + n].reduce(0) { $0 << 8 | UInt64($1) }
    }
    func le(_ at: Int, _ n: Int) -> UInt64 {
        guard at >= 0, at + n <= count else { return 0 }
        return self[at..<at + n].reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }
    func ascii(_ at: Int, _ n: Int) -> String {
        guard at >= 0, at + n <= count else { return "" }
        return String(decoding: self[at..<at + n], as: UTF8.self)
    }
    func hasBytes(_ s: String, at: Int) -> Bool {
        let u = Array(s.utf8)
        guard at >= 0, at + u.count <= count else { return false }
        return Array(self[at..<at + u.count]) == u
    }
}
