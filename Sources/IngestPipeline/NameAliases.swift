import Foundation
import Glibc
import IngestCore
import Synchronization

/// A file whose name is not UTF-8 (a Latin-1 name from an old archive) has no Swift `String`
/// path that opens it. It is read through an alias: a symbolic link named as the name is shown
/// (`caf\xE9.txt`), leading to the name's bytes, in a private folder of this process
/// (`ingest-source-PID-names`, mode 0700, under the temporary folder). Confinement is unchanged —
/// `ConfinedFiles` checks where a link leads, and this one leads into the tree that was walked —
/// and the folder is removed when the process exits (its readers, worker processes, are reaped
/// before), or by `ConfinedFiles`' sweep when it was killed. `convert`'s planner and the watcher
/// (`WatchAliases`) use it.
public final class NameAliases: Sendable {
    public static let shared = NameAliases()
    private let state = Mutex<(directory: String?, owner: pid_t, used: Set<String>)>((nil, 0, []))

    /// An alias of the file at `path` (bytes, absolute), named `shown`; nil when it cannot be made.
    public func alias(of path: [UInt8], shown: String) -> URL? {
        state.withLock { state -> URL? in
            if state.directory == nil {
                let directory = ConfinedFiles.temporary + "/ingest-source-\(getpid())-names"
                guard mkdir(directory, 0o700) == 0 || errno == EEXIST else { return nil }
                state.directory = directory
                state.owner = getpid()
                atexit { NameAliases.shared.remove() }
            }
            guard let directory = state.directory else { return nil }
            var name = shown
            var n = 2
            while state.used.contains(name) { name = "\(n)-" + shown; n += 1 }
            let link = directory + "/" + name
            unlink(link)   // one left by an earlier process that had this pid
            let made = (path + [0]).withUnsafeBufferPointer { p in
                p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: p.count) { symlink($0, link) }
            }
            guard made == 0 else { return nil }
            state.used.insert(name)
            return URL(fileURLWithPath: link, isDirectory: false)
        }
    }

    /// The aliases and their folder, by the process that made them only (not a fork of it).
    private func remove() {
        state.withLock { state in
            guard let directory = state.directory, state.owner == getpid() else { return }
            for name in state.used { unlink(directory + "/" + name) }
            rmdir(directory)
            state.directory = nil
        }
    }

    /// Whether the bytes of `path` (absolute) name a regular file, links followed.
    public static func isRegularFile(_ path: [UInt8]) -> Bool {
        var st = stat()
        let ok = (path + [0]).withUnsafeBufferPointer { p in
            p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: p.count) { stat($0, &st) }
        }
        return ok == 0 && st.st_mode & S_IFMT == S_IFREG
    }
}
