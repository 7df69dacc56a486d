import Foundation
import IngestCore

/// What the watcher (or a polling rescan) saw. Paths are absolute.
public enum WatchEvent: Sendable, Equatable {
    /// A file that may now be complete: written and closed, moved or renamed into place, created
    /// (hard links and writers that never close send nothing else), or found by a scan.
    /// `closed` is true when the event itself says the writer is done (close-write, a rename into
    /// place, a folder moved in whole): the stability gate then lets it through without the quiet
    /// period.
    case changed(URL, closed: Bool)
    /// A file of a folder moved in whole (`mv cours inbox/` on the same file system): the move is
    /// the last thing its writer did, so it is read without the settle time a close-write gets.
    /// (A folder copied in — `cp -r`, `mv` across file systems — is created, and its files come
    /// as close-writes.)
    case movedIn(URL)
    /// The path is gone (deleted or moved away). When it was a folder, everything under it is gone.
    case removed(URL)
    /// The kernel's event queue overflowed and events were lost: the caller rescans.
    case overflow
    /// A folder could not be watched because the system's watch limit is spent: the caller falls
    /// back to polling. Reported once per watcher.
    case limitReached(IngestError)
    /// A file (or folder) whose name is not UTF-8 — a Latin-1 name from an old archive or a
    /// Windows share: no path of ours opens it. The path is its folder's with the name's invalid
    /// bytes shown as `\xHH` (`FolderListing.escaped`), to name it, never to open it. Told when
    /// it is there whole, and for a file when it goes: the caller finds which by listing its folder.
    case undecodable(String)
}


extension WatchEvent {
    /// The path the event is about, if any.
    public var url: URL? {
        switch self {
        case .changed(let url, _), .movedIn(let url), .removed(let url): url
        case .overflow, .limitReached, .undecodable: nil
        }
    }
}
