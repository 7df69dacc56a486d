import Foundation
#if canImport(Glibc)
import Glibc
#endif
import IngestCore

/// Random access to the bytes of an audio file. Parsers read only the headers they need, so a
/// 1 GB WAV or a 100 MB picture frame costs a few small reads, never a full load.
protocol ByteSource: AnyObject {
    var size: Int64 { get }
    /// Up to `count` bytes at `offset` (fewer at the end of the source).
    func read(at offset: Int64, count: Int) throws -> [UInt8]
}

extension ByteSource {
    /// Exactly `count` bytes at `offset`, or `error` when the source ends first.
    func readExactly(at offset: Int64, count: Int, or error: @autoclosure () -> IngestError) throws -> [UInt8] {
        guard offset >= 0, count >= 0, offset <= size, Int64(count) <= size - offset else { throw error() }
        let b = try read(at: offset, count: count)
        guard b.count == count else { throw error() }
        return b
    }
}

/// A file opened read-only; `deinit` closes the descriptor.
final class FileSource: ByteSource {
    let fd: Int32
    let size: Int64

    init(url: URL) throws {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            throw IngestError(errno == ENOENT ? .fileNotFound : .fileUnreadable,
                              ["path": url.lastPathComponent].merging(MessageCatalog.quoted("reason", reason)) { a, _ in a }, detail: reason)
        }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            close(fd)
            throw IngestError(.fileUnreadable, MessageCatalog.quoted("reason", String(cString: strerror(errno))), detail: "fstat")
        }
        self.fd = fd
        self.size = Int64(st.st_size)
    }

    deinit { close(fd) }

    func read(at offset: Int64, count: Int) throws -> [UInt8] {
        guard offset >= 0, offset < size, count > 0 else { return [] }
        let n = Int(min(Int64(count), size - offset))
        var out = [UInt8](repeating: 0, count: n)
        var done = 0
        while done < n {
            let r = out.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, n - done, off_t(offset) + off_t(done)) }
            if r < 0 {
                if errno == EINTR { continue }
                throw IngestError(.fileUnreadable, MessageCatalog.quoted("reason", String(cString: strerror(errno))))
            }
            if r == 0 { break }
            done += r
        }
        if done < n { out.removeLast(n - done) }
        return out
    }
}

/// Bytes already in memory (a de-unsynchronised ID3 tag, an embedded tag in a test).
final class MemorySource: ByteSource {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
    var size: Int64 { Int64(bytes.count) }
    func read(at offset: Int64, count: Int) throws -> [UInt8] {
        guard offset >= 0, offset < size, count > 0 else { return [] }
        let start = Int(offset)
        return Array(bytes[start..<min(bytes.count, start + count)])
    }
}

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
