import Foundation
import IngestCore

/// The IngestErrors of watching, with the current system limit read from /proc so the message
/// tells the user where they stand.
enum WatchErrors {
    static func limitReached(path: String) -> IngestError {
        IngestError(.watchLimitReached, ["path": path, "limit": currentLimit("max_user_watches")],
                    detail: "inotify_add_watch: ENOSPC")
    }

    static func instanceLimitReached(path: String) -> IngestError {
        IngestError(.watchInstanceLimitReached, ["path": path, "limit": currentLimit("max_user_instances")],
                    detail: "inotify_init1: EMFILE")
    }

    /// `reason` is the system's own words (strerror): quoted inside our sentence.
    static func unavailable(path: String, reason: String) -> IngestError {
        IngestError(.watchUnavailable, ["path": path].merging(MessageCatalog.quoted("reason", reason)) { a, _ in a }, detail: reason)
    }

    /// `/proc/sys/fs/inotify/<name>`, or "?" where it cannot be read (not Linux, a sandbox).
    static func currentLimit(_ name: String) -> String {
        let text = try? String(contentsOfFile: "/proc/sys/fs/inotify/" + name, encoding: .utf8)
        let value = text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return value.isEmpty ? "?" : value
    }
}
