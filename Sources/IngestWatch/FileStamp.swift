#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What tells one state of a file from another without reading it: size, modification time and
/// inode (a rename over the name brings a new inode with possibly the same size and time).
public struct FileStamp: Hashable, Sendable, CustomStringConvertible {
    public var size: Int64
    /// Modification time in nanoseconds since 1970: whole seconds are too coarse for a file
    /// rewritten twice within a second.
    public var mtimeNs: Int64
    public var inode: UInt64

    public init(size: Int64, mtimeNs: Int64, inode: UInt64) {
        self.size = size
        self.mtimeNs = mtimeNs
        self.inode = inode
    }

    /// The stamp of the file at `path` (symbolic links followed), or nil when it is gone or
    /// unreadable.
    public init?(path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        self.init(st)
    }

    init(_ st: stat) {
        #if canImport(Darwin)
        let mtime = st.st_mtimespec
        #else
        let mtime = st.st_mtim
        #endif
        self.init(size: Int64(st.st_size), mtimeNs: Int64(mtime.tv_sec) * 1_000_000_000 + Int64(mtime.tv_nsec),
                  inode: UInt64(st.st_ino))
    }

    public var description: String { "size \(size), mtime \(mtimeNs) ns, inode \(inode)" }
}
