#if os(Linux)
import Foundation
import Glibc
import IngestCore

/// Watches an inbox folder and all its folders with inotify. Owns the descriptor (closed in
/// `deinit`); one owner calls `wait` at a time, hence not Sendable.
///
/// Create the watcher *before* scanning the inbox for the backlog: a file arriving in between is
/// then both listed and reported, never missed.
public final class InotifyWatcher {
    public let root: URL
    private let fd: Int32
    private var tree: InotifyTree
    /// Room for many events per read (each is 16 bytes plus its padded name).
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    /// A bound on reading per `wait`, so a flood of events cannot keep one call from returning.
    private static let maxReadsPerWait = 128

    /// Watches `root` recursively (dot-folders and system folders excepted). Throws
    /// `watch.limitReached` or `watch.instanceLimitReached` (the caller polls instead),
    /// `file.notFound`, or `watch.unavailable`.
    public init(root: URL) throws {
        let rootPath = root.standardizedFileURL.path
        let fd: Int32
        switch Inotify.open() {
        case .success(let opened): fd = opened
        case .failure(let e) where e.code == EMFILE: throw WatchErrors.instanceLimitReached(path: rootPath)
        case .failure(let e): throw WatchErrors.unavailable(path: rootPath, reason: e.reason)
        }
        var tree = InotifyTree(fd: fd, root: rootPath)
        do { try tree.watchAll() } catch {
            close(fd)
            throw error
        }
        self.root = URL(fileURLWithPath: rootPath, isDirectory: true)
        self.fd = fd
        self.tree = tree
    }

    deinit { close(fd) }

    /// How many folders are watched (each spends one of the user's inotify watches).
    public var watchedFolderCount: Int { tree.table.count }

    /// The inotify descriptor, for a caller that waits on it together with other descriptors
    /// (then calls `wait(timeout: 0)` to read what arrived). Owned by the watcher.
    public var descriptor: Int32 { fd }

    /// Waits up to `seconds` (negative: without limit) for events, then returns all that are
    /// queued, in order. Empty when the time passed with nothing. A folder that appeared is
    /// watched and its files are reported within the same call.
    public func wait(timeout seconds: Double) -> [WatchEvent] {
        let milliseconds: Int32
        if seconds < 0 || !seconds.isFinite {
            milliseconds = -1
        } else {
            milliseconds = Int32(min(seconds * 1000, Double(Int32.max)).rounded(.up))
        }
        guard Inotify.poll(fd, milliseconds: milliseconds) else { return [] }
        var events: [WatchEvent] = []
        for _ in 0..<Self.maxReadsPerWait {
            let count = buffer.withUnsafeMutableBytes { Inotify.read(fd, into: $0) }
            guard count > 0 else { break }
            let raws = buffer.withUnsafeBytes { Inotify.decode(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            for raw in raws { tree.translate(raw, into: &events) }
        }
        return events
    }
}

@available(*, unavailable, message: "one owner calls wait(timeout:); hand the events to other tasks instead")
extension InotifyWatcher: Sendable {}
#endif
