#if os(Linux)
import CInotify
import Glibc
import IngestCore

/// Every raw inotify and poll call of the module, in one place; each returns the errno on
/// failure instead of throwing, so the callers decide what a failure means.
enum Inotify {
    /// Event bits, typed once (glibc's macros arrive as Int32).
    static let closeWrite = UInt32(IN_CLOSE_WRITE)
    static let movedFrom = UInt32(IN_MOVED_FROM)
    static let movedTo = UInt32(IN_MOVED_TO)
    static let create = UInt32(IN_CREATE)
    static let delete = UInt32(IN_DELETE)
    static let deleteSelf = UInt32(IN_DELETE_SELF)
    static let moveSelf = UInt32(IN_MOVE_SELF)
    static let attrib = UInt32(IN_ATTRIB)
    static let isFolder = UInt32(IN_ISDIR)
    static let ignored = UInt32(IN_IGNORED)
    static let overflow = UInt32(IN_Q_OVERFLOW)

    static func open() -> Result<Int32, Errno> {
        let fd = cinotify_open()
        return fd >= 0 ? .success(fd) : .failure(Errno(errno))
    }

    /// Watches one folder. Adding a folder already watched (by any path) returns its existing
    /// descriptor: the caller uses that to notice a second path to the same folder.
    static func addWatch(_ fd: Int32, _ path: String) -> Result<Int32, Errno> {
        let wd = inotify_add_watch(fd, path, CINOTIFY_FOLDER_MASK)
        return wd >= 0 ? .success(wd) : .failure(Errno(errno))
    }

    static func removeWatch(_ fd: Int32, _ wd: Int32) { _ = inotify_rm_watch(fd, wd) }

    /// Waits until events are readable or `milliseconds` pass (negative: no limit). Returns
    /// whether there is something to read; an interrupted wait resumes with the time left.
    static func poll(_ fd: Int32, milliseconds: Int32) -> Bool {
        let start = monotonicMilliseconds()
        var left = milliseconds
        while true {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let n = Glibc.poll(&pfd, 1, left)
            if n > 0 { return pfd.revents & Int16(POLLIN) != 0 }
            if n == 0 { return false }
            guard errno == EINTR else { return false }
            if milliseconds >= 0 {
                left = max(0, milliseconds - Int32(clamping: monotonicMilliseconds() - start))
            }
        }
    }

    /// Reads what is queued into `buffer`: the byte count, 0 when nothing is left (EAGAIN on the
    /// non-blocking descriptor), retried on EINTR.
    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
            if n >= 0 { return n }
            if errno != EINTR { return 0 }
        }
    }

    /// Decodes a buffer of events (the names are copied out).
    static func decode(_ buffer: UnsafeRawBufferPointer) -> [RawEvent] {
        guard let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return [] }
        var events: [RawEvent] = []
        var offset = 0
        var event = cinotify_event()
        while cinotify_next(base, buffer.count, &offset, &event) == 1 {
            let bytes = Array(UnsafeRawBufferPointer(start: event.name, count: Int(event.name_length)))
            // A name that is not UTF-8 is kept apart, shown with `\xHH` (it names, it opens nothing).
            if let name = String(validating: bytes, as: UTF8.self) {
                events.append(RawEvent(wd: event.wd, mask: event.mask, name: name))
            } else {
                events.append(RawEvent(wd: event.wd, mask: event.mask, name: FolderListing.escaped(bytes), undecodable: true))
            }
        }
        return events
    }

    static func monotonicMilliseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
    }

    /// One kernel event: the watch it came from, what happened, and the name inside the folder
    /// ("" when it is about the folder itself).
    struct RawEvent: Sendable, Equatable {
        var wd: Int32
        var mask: UInt32
        var name: String
        /// The name's bytes are not UTF-8: `name` shows them, no path opens it.
        var undecodable = false
        func has(_ bit: UInt32) -> Bool { mask & bit != 0 }
    }

    struct Errno: Error, Equatable {
        var code: Int32
        init(_ code: Int32) { self.code = code }
        var reason: String { String(cString: strerror(code)) }
    }
}
#endif
