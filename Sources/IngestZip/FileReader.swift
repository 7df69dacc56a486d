#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import IngestCore
import Foundation

/// Random access to a file by `pread`, so an archive of any size is never loaded whole.
/// The descriptor is closed in `deinit`.
final class FileReader {
    let fd: Int32
    let size: Int
    let path: String

    init(path: String) throws {
        self.path = path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            throw IngestError(errno == ENOENT ? .fileNotFound : .fileUnreadable,
                              ["path": path].merging(MessageCatalog.quoted("reason", reason)) { a, _ in a }, detail: reason)
        }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw IngestError(.fileUnreadable, ["path": path].merging(MessageCatalog.quoted("reason", reason)) { a, _ in a }, detail: reason)
        }
        self.fd = fd
        self.size = Int(st.st_size)
    }

    deinit { close(fd) }

    /// Reads exactly `count` bytes at `offset` into `buffer`, or throws when the file is shorter.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws {
        var done = 0
        while done < buffer.count {
            let n = pread(fd, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if n < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                throw IngestError(.fileUnreadable, ["path": path].merging(MessageCatalog.quoted("reason", reason)) { a, _ in a }, detail: reason)
            }
            if n == 0 { throw IngestError(.zipTruncated, ["entry": "?"], detail: "short read at \(offset)") }
            done += n
        }
    }

    func bytes(at offset: Int, count: Int) throws -> [UInt8] {
        guard offset >= 0, count >= 0, offset + count <= size else {
            throw IngestError(.zipOutOfBounds, ["what": "\(offset)+\(count) > \(size)"])
        }
        var out = [UInt8](repeating: 0, count: count)
        if count > 0 { try out.withUnsafeMutableBytes { try read(into: $0, at: offset) } }
        return out
    }
}

/// Little-endian field access over a byte array, returning 0 past the end (callers check sizes).
extension Array where Element == UInt8 {
    @inline(__always) func le16(_ o: Int) -> Int { o + 2 <= count ? Int(self[o]) | Int(self[o + 1]) << 8 : 0 }
    @inline(__always) func le32(_ o: Int) -> Int { o + 4 <= count ? le16(o) | le16(o + 2) << 16 : 0 }
    @inline(__always) func le64(_ o: Int) -> UInt64 {
        o + 8 <= count ? UInt64(le32(o)) | UInt64(le32(o + 4)) << 32 : 0
    }
}
