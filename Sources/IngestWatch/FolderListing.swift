import Foundation
import IngestCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One entry of a folder, classified with `stat` (symbolic links followed, so a link to a folder
/// is a folder). Shared by the watcher's scan of a new folder and the polling scanner.
struct FolderEntry {
    enum Kind { case file, folder }
    var name: String
    var path: String
    var kind: Kind
    var stamp: FileStamp
    /// Device and inode: the identity of a folder, to walk each one once (symlink loops).
    var identity: FolderIdentity
}

struct FolderIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
    init(_ st: stat) { device = UInt64(st.st_dev); inode = UInt64(st.st_ino) }
    init?(path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        self.init(st)
    }
}

extension FolderListing {
    /// Regular files and folders inside `folder` (absolute path), sorted by name, from the one
    /// folder listing (IngestCore). Sockets, pipes, devices and broken links are left out, and so
    /// are names that are not UTF-8 (no path of ours opens them); an unreadable or vanished folder
    /// lists as empty (the watcher or the next scan will see what happens to it).
    static func entries(of folder: String) -> [FolderEntry] {
        var undecodable: [String] = []
        return entries(of: folder, undecodable: &undecodable)
    }

    /// The same, and the paths of the names that are not UTF-8 (shown with `\xHH`) added to
    /// `undecodable`, hidden ones left out.
    static func entries(of folder: String, undecodable: inout [String]) -> [FolderEntry] {
        guard let listing = try? FolderListing(path: folder) else { return [] }
        let names = listing.names
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        undecodable += listing.undecodable.filter { !$0.hasPrefix(".") }.sorted().map { prefix + $0 }
        var out: [FolderEntry] = []
        out.reserveCapacity(names.count)
        for name in names.sorted() {
            let path = prefix + name
            var st = stat()
            guard stat(path, &st) == 0 else { continue }
            let type = st.st_mode & S_IFMT
            let kind: FolderEntry.Kind
            if type == S_IFREG { kind = .file } else if type == S_IFDIR { kind = .folder } else { continue }
            out.append(FolderEntry(name: name, path: path, kind: kind, stamp: FileStamp(st), identity: FolderIdentity(st)))
        }
        return out
    }
}
