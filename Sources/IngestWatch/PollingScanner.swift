import Foundation
import IngestCore

/// Finds what changed in a tree by comparing two snapshots: for `--poll`, for network shares
/// and a spent watch limit (where inotify sees nothing), and for the rescan after an overflow.
public struct PollingScanner: Sendable {
    public init() {}

    /// Every regular file under `root`, by absolute path. Symbolic links are followed, but each
    /// folder is walked once (a link to an ancestor does not loop); ignored folders
    /// (`TemporaryNames.isIgnoredFolder`) are skipped, ignored file names are kept (the caller
    /// decides, as for the watcher's events).
    public func snapshot(root: URL) -> [String: FileStamp] { scan(root: root).files }

    /// The snapshot, and the paths of names in the tree that are not UTF-8 (shown with `\xHH`):
    /// no path opens them: the caller reads a file through an alias, names a folder.
    public func scan(root: URL) -> (files: [String: FileStamp], undecodable: [String]) {
        let rootPath = root.standardizedFileURL.path
        guard let rootIdentity = FolderIdentity(path: rootPath) else { return ([:], []) }
        var files: [String: FileStamp] = [:]
        var undecodable: [String] = []
        var seen: Set<FolderIdentity> = [rootIdentity]
        var pending = [rootPath]
        while let folder = pending.popLast() {
            for entry in FolderListing.entries(of: folder, undecodable: &undecodable) {
                switch entry.kind {
                case .file:
                    files[entry.path] = entry.stamp
                case .folder:
                    if !TemporaryNames.isIgnoredFolder(entry.name), seen.insert(entry.identity).inserted {
                        pending.append(entry.path)
                    }
                }
            }
        }
        return (files, undecodable)
    }

    /// The events that turn `old` into `new`, sorted by path: a new file or one whose stamp
    /// differs is `.changed` (not `closed`: a scan cannot tell a finished file from one being
    /// written, so the stability gate waits the quiet period), a missing one `.removed`.
    public func diff(_ old: [String: FileStamp], _ new: [String: FileStamp]) -> [WatchEvent] {
        var changes: [(String, WatchEvent)] = []
        for (path, stamp) in new where old[path] != stamp {
            changes.append((path, .changed(URL(fileURLWithPath: path), closed: false)))
        }
        for path in old.keys where new[path] == nil {
            changes.append((path, .removed(URL(fileURLWithPath: path))))
        }
        return changes.sorted { $0.0 < $1.0 }.map(\.1)
    }
}
