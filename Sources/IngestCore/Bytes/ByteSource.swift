import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Random access to the bytes of a file (or of memory): a reader takes only the bytes it needs —
/// the audio parsers their headers (a 1 GB WAV costs a few small reads), the watcher's
/// completeness check a file's head, tail and a few box headers — never the whole file.
/// (`FileBytes` is the other way: a whole file read into memory, for the extractors.)
public protocol ByteSource: AnyObject {
    var size: Int64 { get }
    /// Up to `count` bytes at `offset` (fewer at the end of the source).
    func read(at offset: Int64, count: Int) throws -> [UInt8]
}

extension ByteSource {
    /// Exactly `count` bytes at `offset`, or `error` when the source ends first.
    public func readExactly(at offset: Int64, count: Int, or error: @autoclosure () -> IngestError) throws -> [UInt8] {
        guard offset >= 0, count >= 0, offset <= size, Int64(count) <= size - offset else { throw error() }
        let b = try read(at: offset, count: count)
        guard b.count == count else { throw error() }
        return b
    }

    /// The size as an index.
    public var count: Int { Int(size) }

    /// Up to `count` bytes at `offset`, none on a read error: for a check that decides on what it
    /// finds (a missing marker is its answer).
    public func bytes(at offset: Int, count: Int) -> [UInt8] { (try? read(at: Int64(offset), count: count)) ?? [] }

    /// The last `count` bytes (all of them when the source is shorter), and where they start.
    public func tail(_ count: Int) -> (start: Int, bytes: [UInt8]) {
        let start = max(0, self.count - count)
        return (start, bytes(at: start, count: self.count - start))
    }
}

/// A regular file opened read-only (by `pread`); `deinit` closes the descriptor.
public final class FileSource: ByteSource {
    let fd: Int32
    public let size: Int64

    public init(url: URL) throws {
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
        // A folder, a device or a pipe has no bytes to take at an offset.
        guard st.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw IngestError(.fileUnreadable, ["path": url.lastPathComponent].merging(MessageCatalog.quoted("reason", String(cString: strerror(EINVAL)))) { a, _ in a },
                              detail: "not a regular file")
        }
        self.fd = fd
        self.size = Int64(st.st_size)
    }

    deinit { close(fd) }

    public func read(at offset: Int64, count: Int) throws -> [UInt8] {
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

/// Bytes already in memory (a de-unsynchronised ID3 tag, a file handed over as data, a test).
public final class MemorySource: ByteSource {
    public let bytes: [UInt8]
    public init(_ bytes: [UInt8]) { self.bytes = bytes }
    public var size: Int64 { Int64(bytes.count) }
    public func read(at offset: Int64, count: Int) throws -> [UInt8] {
        guard offset >= 0, offset < size, count > 0 else { return [] }
        let start = Int(offset)
        return Array(bytes[start..<min(bytes.count, start + count)])
    }
}
