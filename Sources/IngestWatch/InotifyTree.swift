#if os(Linux)
import Foundation
import IngestCore

/// The watcher's logic over a descriptor it does not own: which folders are watched, and how a
/// kernel event becomes a `WatchEvent`. Kept apart from `InotifyWatcher` so the initial walk can
/// run (and fail) before the watcher exists.
struct InotifyTree {
    let fd: Int32
    let root: String
    private(set) var table = WatchTable()
    /// `.limitReached` is reported once: the caller falls back to polling the whole tree.
    private var limitReported = false

    init(fd: Int32, root: String) {
        self.fd = fd
        self.root = root
    }

    /// Watches the root and every folder under it, reporting no files (the caller's start-up
    /// scan makes the backlog). Throws when the root cannot be watched or the limit is spent.
    mutating func watchAll() throws {
        switch Inotify.addWatch(fd, root) {
        case .success(let wd): table.add(wd, path: root)
        case .failure(let e) where e.code == ENOSPC: throw WatchErrors.limitReached(path: root)
        case .failure(let e) where e.code == ENOENT:
            throw IngestError(.fileNotFound, ["path": root], detail: e.reason)
        case .failure(let e): throw WatchErrors.unavailable(path: root, reason: e.reason)
        }
        var ignored: [WatchEvent] = []
        for entry in FolderListing.entries(of: root) where entry.kind == .folder && !TemporaryNames.isIgnoredFolder(entry.name) {
            if case .limitReached(let error) = watchTree(entry.path, reportingFiles: nil, into: &ignored) {
                throw error
            }
        }
    }

    enum TreeOutcome { case done, limitReached(IngestError) }

    /// Watches `folder` and its folders, each watch added *before* the folder is listed so that a
    /// file landing in between is either listed or seen as an event. Files found are reported as
    /// `.movedIn` when `closed` (a folder moved in whole holds finished files), `.changed` when not
    /// (a folder just created may be still filling), not at all when `reportingFiles` is nil.
    @discardableResult
    mutating func watchTree(_ folder: String, reportingFiles closed: Bool?, into events: inout [WatchEvent]) -> TreeOutcome {
        var pending = [folder]
        while let dir = pending.popLast() {
            switch Inotify.addWatch(fd, dir) {
            case .success(let wd):
                // The same folder already watched under another path (a link to an ancestor or a
                // sibling): keep the first path, and do not walk it twice.
                if let known = table.pathOf[wd], known != dir { continue }
                table.add(wd, path: dir)
            case .failure(let e) where e.code == ENOSPC:
                let error = WatchErrors.limitReached(path: dir)
                if !limitReported {
                    limitReported = true
                    events.append(.limitReached(error))
                }
                return .limitReached(error)
            case .failure:
                continue  // gone again, or unreadable: nothing to watch there
            }
            var undecodable: [String] = []
            let entries = FolderListing.entries(of: dir, undecodable: &undecodable)
            if closed != nil { events += undecodable.map { .undecodable($0) } }
            for entry in entries {
                switch entry.kind {
                case .folder where !TemporaryNames.isIgnoredFolder(entry.name): pending.append(entry.path)
                case .folder: break
                case .file:
                    let url = URL(fileURLWithPath: entry.path)
                    if let closed { events.append(closed ? .movedIn(url) : .changed(url, closed: false)) }
                }
            }
        }
        return .done
    }

    /// Turns one kernel event into what the caller needs to know, adding and dropping watches as
    /// folders come and go.
    mutating func translate(_ raw: Inotify.RawEvent, into events: inout [WatchEvent]) {
        if raw.has(Inotify.overflow) {
            if events.last != .overflow { events.append(.overflow) }
            return
        }
        if raw.has(Inotify.ignored) {
            table.remove(raw.wd)
            return
        }
        guard let dir = table.pathOf[raw.wd] else { return }  // a watch already dropped
        if raw.name.isEmpty {
            // About a watched folder itself. A subfolder's deletion or move is reported through
            // its parent's event; only the root's own has no parent to speak for it.
            if dir == root, raw.has(Inotify.deleteSelf) || raw.has(Inotify.moveSelf) {
                events.append(.removed(URL(fileURLWithPath: root)))
            }
            return
        }
        let path = dir + "/" + raw.name
        if raw.undecodable {
            // Told once it is there whole (or a folder once it is there), and a file when it goes:
            // the caller reads a file through an alias, names a folder.
            let gone = !raw.has(Inotify.isFolder) && (raw.has(Inotify.delete) || raw.has(Inotify.movedFrom))
            if raw.has(Inotify.closeWrite) || raw.has(Inotify.movedTo) || (raw.has(Inotify.isFolder) && raw.has(Inotify.create)) || gone {
                events.append(.undecodable(path))
            }
            return
        }
        if raw.has(Inotify.isFolder) {
            guard !TemporaryNames.isIgnoredFolder(raw.name) else { return }
            if raw.has(Inotify.create) || raw.has(Inotify.movedTo) {
                watchTree(path, reportingFiles: raw.has(Inotify.movedTo), into: &events)
            } else if raw.has(Inotify.delete) || raw.has(Inotify.movedFrom) {
                for wd in table.removeTree(path) { Inotify.removeWatch(fd, wd) }
                events.append(.removed(URL(fileURLWithPath: path)))
            }
            return
        }
        let url = URL(fileURLWithPath: path)
        if raw.has(Inotify.closeWrite) || raw.has(Inotify.movedTo) {
            events.append(.changed(url, closed: true))
        } else if raw.has(Inotify.create) || raw.has(Inotify.attrib) {
            events.append(.changed(url, closed: false))
        } else if raw.has(Inotify.delete) || raw.has(Inotify.movedFrom) {
            events.append(.removed(url))
        }
    }
}
#endif
