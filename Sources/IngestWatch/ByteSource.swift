import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Random access to a few bytes of a file (or of memory, for tests): the completeness check reads
/// the head, the tail and a few box headers, never the whole file.
protocol ByteSource {
    var size: Int { get }
    /// Up to `count` bytes from `offset`; fewer at the end of the file or on a read error.
    func bytes(at offset: Int, count: Int) -> [UInt8]
}

extension ByteSource {
    /// The last `count` bytes (all of them when the file is shorter), and where they start.
    func tail(_ count: Int) -> (start: Int, bytes: [UInt8]) {
        let start = max(0, size - count)
        return (start, bytes(at: start, count: size - start))
    }
}

struct MemoryBytes: ByteSource {
    let storage: [UInt8]
    var size: Int { storage.count }
    func bytes(at offset: Int, count: Int) -> [UInt8] {
        guard offset >= 0, count > 0, offset < storage.count else { return [] }
        return Array(storage[offset..<min(storage.count, offset + count)])
    }
}

/// A file opened read-only by `pread`; the descriptor is closed in `deinit`.
final class FileBytes: ByteSource {
    private let fd: Int32
    let size: Int

    init?(path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            return nil
        }
        self.fd = fd
        self.size = Int(st.st_size)
    }

    deinit { close(fd) }

    func bytes(at offset: Int, count: Int) -> [UInt8] {
        guard offset >= 0, count > 0 else { return [] }
        var out = [UInt8](repeating: 0, count: count)
        let done = out.withUnsafeMutableBytes { buffer -> Int in
            var done = 0
            while done < count {
                let n = pread(fd, buffer.baseAddress! + done, count - done, off_t(offset + done))
                if n > 0 { done += n } else if n < 0 && errno == EINTR { continue } else { break }
            }
            return done
        }
        out.removeLast(count - done)
        return out
    }
}
