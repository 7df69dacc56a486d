import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file's bytes read into memory — never mapped. A mapped file that another program cuts
/// short while it is read kills the reader with SIGBUS on the first page past the cut (found by
/// the hostile corpus: a photo truncated and rewritten during a run crashed its worker 2 times
/// in 3). Read, the bytes are ours; a file whose size is not the same before and after the read
/// is `file.changing`, as the source reader says of it.
public enum FileBytes {
    /// The whole file, or its first `maxBytes` bytes.
    public static func read(_ url: URL, maxBytes: Int = Int.max) throws -> Data {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw IngestError(.fileUnreadable, MessageCatalog.quoted("reason", String(cString: strerror(errno))))
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw IngestError(.fileUnreadable, MessageCatalog.quoted("reason", String(cString: strerror(errno)))) }
        let size = Int(st.st_size), expected = min(size, maxBytes)
        var data = Data(count: expected)
        var filled = 0
        while filled < expected {
            let n = data.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, expected - filled) }
            if n < 0 {
                if errno == EINTR { continue }
                throw IngestError(.fileUnreadable, MessageCatalog.quoted("reason", String(cString: strerror(errno))))
            }
            if n == 0 { break }
            filled += n
        }
        // Whole: the same size after as before. A prefix: still at least that long.
        guard fstat(fd, &st) == 0, filled == expected, expected < size ? Int(st.st_size) >= expected : Int(st.st_size) == size else {
            throw IngestError(.fileChanging, ["path": url.lastPathComponent])
        }
        return data
    }
}
