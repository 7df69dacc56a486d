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
    /// The path is gone (deleted or moved away). When it was a folder, everything under it is gone.
    case removed(URL)
    /// The kernel's event queue overflowed and events were lost: the caller rescans.
    case overflow
    /// A folder could not be watched because the system's watch limit is spent: the caller falls
    /// back to polling. Reported once per watcher.
    case limitReached(IngestError)
}


extension WatchEvent {
    /// The path the event is about, if any.
    public var url: URL? {
        switch self {
        case .changed(let url, _), .removed(let url): url
        case .overflow, .limitReached: nil
        }
    }
}
