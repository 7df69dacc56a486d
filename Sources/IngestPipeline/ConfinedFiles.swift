import Foundation
import IngestCore
import Synchronization

/// Files of a confined source (a watched inbox, or the folders given to `convert`), opened once
/// and checked on what was opened: the real path of each descriptor (`/proc/self/fd/N`) must lie
/// in one of the roots, so a link swapped in between a check and the open cannot bring an
/// outside file in (links that stay inside are followed: the check is on where they lead). Every later read — sniffing,
/// hashing, the extractors, page images — goes through a private folder (mode 0700) of links to
/// those descriptors, named as the files are (extensions and names kept), so a swap after the
/// open changes nothing either. Siblings sharing the file's stem (an audio file's transcript,
/// a yt-dlp video's subtitles) are opened and checked the same way; one outside is left out.
/// The descriptors are closed and the folder removed when the last reader lets go (`deinit`).
public final class ConfinedFiles: Sendable {
    // @unchecked: every stored property is immutable after `init`; `deinit` alone releases them.
    /// The links to read instead of the given files, in their order.
    public let urls: [URL]
    private let directory: String
    private let descriptors: [Int32]

    /// Siblings linked at most (a folder of thousands of files sharing a prefix is not listed whole).
    static let maxSiblings = 64

    /// `refusal`: the code a file out of every root is refused with (`file.linkOutsideInbox`,
    /// `file.linkOutsideTree`).
    init(files: [URL], roots: [URL], refusal: ErrorCode) throws {
        let rootPaths = roots.map { Self.realPath($0.path) ?? $0.standardizedFileURL.path }
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
                let fd = try Self.open(file, inside: rootPaths, refusal: refusal)
                fds.append(fd)
                links.append(link(fd, file.lastPathComponent))
            }
            if files.count == 1, let file = files.first {
                // A yt-dlp download's tracks are named after `NAME [ID]`, not `NAME [ID].info`.
                let name = file.lastPathComponent
                let stem = name.lowercased().hasSuffix(".info.json") ? String(name.dropLast(".info.json".count))
                    : file.deletingPathExtension().lastPathComponent
                let folder = file.deletingLastPathComponent()
                let names = FolderNames.shared.names(in: folder.path, startingWith: stem)
                    .filter { $0 != file.lastPathComponent }.prefix(Self.maxSiblings)
                for name in names {
                    guard let fd = try? Self.open(folder.appendingPathComponent(name, isDirectory: false), inside: rootPaths, refusal: refusal)
                    else { continue }
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
    /// under one of `roots` (real paths); `refusal` otherwise.
    static func open(_ file: URL, inside roots: [String], refusal: ErrorCode) throws -> Int32 {
        // First a path descriptor (O_PATH): it names the file the walk reached without opening
        // it — nothing outside the roots is ever opened for reading, a device or a FIFO swapped in
        // is not opened at all — and what it names is checked.
        let located = Glibc.open(file.path, Self.pathOnly | O_CLOEXEC)
        guard located >= 0 else {
            let e = errno
            if e == ENOENT { throw IngestError(.fileNotFound, ["path": file.lastPathComponent]) }
            if e == ELOOP { throw IngestError(.fileSymlinkLoop, ["path": file.lastPathComponent]) }
            throw IngestError(.fileUnreadable, MessageCatalog.quoted("reason", String(cString: strerror(e))))
        }
        defer { close(located) }
        guard let real = openedPath(located), roots.contains(where: { real.hasPrefix($0 == "/" ? "/" : $0 + "/") }) else {
            throw IngestError(refusal, ["path": file.lastPathComponent])
        }
        var st = stat()
        guard fstat(located, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else {
            throw IngestError(.fileNotRegular, ["path": file.lastPathComponent, "type": InputPlanner.fileTypeName(st.st_mode & S_IFMT)])
        }
        // Then that very file opened for reading, through its descriptor's own link (no path is
        // walked again: a name swapped meanwhile changes nothing).
        let fd = Glibc.open("/proc/self/fd/\(located)", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw IngestError(.fileUnreadable, MessageCatalog.quoted("reason", String(cString: strerror(errno))))
        }
        return fd
    }

    /// O_PATH (Linux: 010000000 on x86-64 and arm64), which Swift's Glibc module does not export.
    static let pathOnly: Int32 = 0o10_000_000

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
        for name in (try? FolderListing(path: temporary))?.names ?? [] where name.hasPrefix("ingest-source-") {
            let parts = name.split(separator: "-")
            guard parts.count == 4, let pid = Int32(parts[2]), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            remove(temporary + "/" + name)
        }
    }()

    private static func remove(_ directory: String) {
        if let listing = try? FolderListing(path: directory) {
            for name in listing.names { unlink(directory + "/" + name) }
            // A name that is not UTF-8 is unlinked by its bytes.
            for bytes in listing.undecodableBytes { unlink(Array((directory + "/").utf8) + bytes + [0]) }
        }
        rmdir(directory)
    }
}

/// The sorted names of the folders whose files are opened confined, kept per process: every file
/// of a folder of 10,000 looks for its siblings (same stem), and listing the folder for each one
/// made a `convert` quadratic (3,000 notes: 46 s against 26 s unconfined). A listing is reused
/// while the folder's change time is the same and over a second old (a change within the same
/// clock tick as the listing could otherwise go unseen); names are only candidates — each is
/// still opened and checked.
final class FolderNames: Sendable {
    static let shared = FolderNames()
    private struct Listing { var changed: timespec; var inode: ino_t; var names: [String] }
    private let listings = Mutex<[String: Listing]>([:])
    /// Folders kept at most (a walk of a large tree does not keep every listing).
    static let capacity = 64

    /// The names in `folder` that start with `prefix`, sorted.
    func names(in folder: String, startingWith prefix: String) -> [String] {
        var st = stat()
        guard stat(folder, &st) == 0 else { return [] }
        let settled = Double(time(nil)) - Double(st.st_ctim.tv_sec) > 1
        let cached = listings.withLock { $0[folder] }
        let names: [String]
        if settled, let cached, cached.inode == st.st_ino, cached.changed.tv_sec == st.st_ctim.tv_sec,
           cached.changed.tv_nsec == st.st_ctim.tv_nsec {
            names = cached.names
        } else {
            names = ((try? FolderListing(path: folder).names) ?? []).sorted()   // names as bytes: a name that is not UTF-8 is no candidate
            if settled {
                listings.withLock {
                    if $0.count >= Self.capacity { $0.removeAll() }
                    $0[folder] = Listing(changed: st.st_ctim, inode: st.st_ino, names: names)
                }
            }
        }
        // Every name that starts with `prefix` sorts in [prefix, prefix + U+10FFFF): found by a
        // binary search, then checked one by one (a combining mark after the prefix sorts in the
        // range without starting a name with it).
        var low = 0, high = names.count
        while low < high {
            let mid = (low + high) / 2
            if names[mid] < prefix { low = mid + 1 } else { high = mid }
        }
        let end = prefix + "\u{10FFFF}"
        var found: [String] = []
        while low < names.count, names[low] < end {
            if names[low].hasPrefix(prefix) { found.append(names[low]) }
            low += 1
        }
        return found
    }
}
