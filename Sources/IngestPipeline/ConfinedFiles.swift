import Foundation
import IngestCore

/// Files of a confined source (a watched inbox), opened once and checked on what was opened: the
/// real path of each descriptor (`/proc/self/fd/N`) must lie in the root, so a link swapped in
/// between a check and the open cannot bring an outside file in. Every later read — sniffing,
/// hashing, the extractors, page images — goes through a private folder (mode 0700) of links to
/// those descriptors, named as the files are (extensions and names kept), so a swap after the
/// open changes nothing either. Siblings sharing the file's stem (an audio file's transcript,
/// a yt-dlp video's subtitles) are opened and checked the same way; one outside is left out.
/// The descriptors are closed and the folder removed when the last reader lets go (`deinit`).
public final class ConfinedFiles: @unchecked Sendable {
    // @unchecked: every stored property is immutable after `init`; `deinit` alone releases them.
    /// The links to read instead of the given files, in their order.
    public let urls: [URL]
    private let directory: String
    private let descriptors: [Int32]

    /// Siblings linked at most (a folder of thousands of files sharing a prefix is not listed whole).
    static let maxSiblings = 64

    init(files: [URL], root: URL) throws {
        let rootPath = Self.realPath(root.path) ?? root.standardizedFileURL.path
        _ = Self.sweep
        var template = Array((Self.temporary + "/ingest-source-\(getpid())-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw IngestError(.fileUnreadable, MessageCatalog.quoted("reason", String(cString: strerror(errno))))
        }
        let directory = String(cString: made)
        self.directory = directory
        var fds: [Int32] = []
        var links: [URL] = []
        var used = Set<String>()
        func link(_ fd: Int32, _ name: String) -> URL {
            var name = name
            if used.contains(name) { name = "\(used.count)-" + name }
            used.insert(name)
            let path = directory + "/" + name
            symlink("/proc/self/fd/\(fd)", path)
            return URL(fileURLWithPath: path, isDirectory: false)
        }
        do {
            for file in files {
                let fd = try Self.open(file, inside: rootPath)
                fds.append(fd)
                links.append(link(fd, file.lastPathComponent))
            }
            if files.count == 1, let file = files.first {
                // A yt-dlp download's tracks are named after `NAME [ID]`, not `NAME [ID].info`.
                let name = file.lastPathComponent
                let stem = name.lowercased().hasSuffix(".info.json") ? String(name.dropLast(".info.json".count))
                    : file.deletingPathExtension().lastPathComponent
                let folder = file.deletingLastPathComponent()
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                    .filter { $0 != file.lastPathComponent && $0.hasPrefix(stem) }.sorted().prefix(Self.maxSiblings)
                for name in names {
                    guard let fd = try? Self.open(folder.appendingPathComponent(name, isDirectory: false), inside: rootPath) else { continue }
                    fds.append(fd)
                    _ = link(fd, name)
                }
            }
        } catch {
            fds.forEach { close($0) }
            Self.remove(directory)
            descriptors = []; urls = []
            throw error
        }
        descriptors = fds
        urls = links
    }

    deinit {
        Self.remove(directory)
        descriptors.forEach { close($0) }
    }

    /// Opens `file` for reading and returns its descriptor when what was opened is a regular file
    /// under `root` (a real path); `file.linkOutsideInbox` otherwise.
    static func open(_ file: URL, inside root: String) throws -> Int32 {
        // Non-blocking: a FIFO swapped in must not hang the open (a regular file ignores it).
        let fd = Glibc.open(file.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            let e = errno
            if e == ENOENT { throw IngestError(.fileNotFound, ["path": file.lastPathComponent]) }
            if e == ELOOP { throw IngestError(.fileSymlinkLoop, ["path": file.lastPathComponent]) }
            throw IngestError(.fileUnreadable, MessageCatalog.quoted("reason", String(cString: strerror(e))))
        }
        guard let real = openedPath(fd), real.hasPrefix(root + "/") else {
            close(fd)
            throw IngestError(.fileLinkOutsideInbox, ["path": file.lastPathComponent])
        }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw IngestError(.fileNotRegular, ["path": file.lastPathComponent, "type": InputPlanner.fileTypeName(st.st_mode & S_IFMT)])
        }
        // Back to blocking reads for the readers.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    /// The path the kernel gives the file a descriptor holds (`/proc/self/fd/N`, read as a link:
    /// not walked again, so nothing swapped in meanwhile can change the answer).
    static func openedPath(_ fd: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/fd/\(fd)", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        buffer[n] = 0
        return String(cString: buffer)
    }

    /// What a path really names (every link resolved).
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static let temporary = NSTemporaryDirectory().hasSuffix("/") ? String(NSTemporaryDirectory().dropLast()) : NSTemporaryDirectory()

    /// Once per process: the private folders of processes that are gone (killed before their
    /// `deinit`) are removed.
    static let sweep: Void = {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? [] where name.hasPrefix("ingest-source-") {
            let parts = name.split(separator: "-")
            guard parts.count == 4, let pid = Int32(parts[2]), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            remove(temporary + "/" + name)
        }
    }()

    private static func remove(_ directory: String) {
        if let names = try? FileManager.default.contentsOfDirectory(atPath: directory) {
            for name in names { unlink(directory + "/" + name) }
        }
        rmdir(directory)
    }
}
