/// Decides when a file that changed is settled enough to read. The clock is the caller's
/// (seconds as a Double, monotonic), so the gate is a plain value and is tested without waiting.
///
/// The caller feeds it stamps (`observe`) from events and from re-checking the paths in
/// `waiting` at `nextDeadline`, and takes what `ready` releases. A file is released:
/// - after a close-write or a rename into place (`closed: true`), as soon as one later check
///   finds the same stamp at least `closedSettleSeconds` after it: a `cp` of a small file is
///   through in a few tens of milliseconds;
/// - otherwise once checks have found its stamp unchanged for `quietSeconds` (writers that never
///   close, polling, files found by a scan).
/// A released file judged incomplete (`retryLater`) is released again every
/// `retryIncompleteAfterSeconds` while unchanged, and after `giveUpIncompleteAfterSeconds` of being
/// unchanged it is released as `.readyIncomplete`, once, so the extractor names what is wrong
/// instead of the file waiting forever. Any change of stamp starts over.
public struct StabilityGate: Sendable {
    public var quietSeconds: Double
    public var closedSettleSeconds: Double
    public var retryIncompleteAfterSeconds: Double
    public var giveUpIncompleteAfterSeconds: Double

    public init(quietSeconds: Double = 3, closedSettleSeconds: Double = 0.02,
                retryIncompleteAfterSeconds: Double = 5, giveUpIncompleteAfterSeconds: Double = 120) {
        self.quietSeconds = quietSeconds
        self.closedSettleSeconds = closedSettleSeconds
        self.retryIncompleteAfterSeconds = retryIncompleteAfterSeconds
        self.giveUpIncompleteAfterSeconds = giveUpIncompleteAfterSeconds
    }

    /// A file let through.
    public enum Release: Sendable, Hashable {
        /// Settled: check its completeness, then read it.
        case ready(String)
        /// Settled but judged incomplete for too long: read it anyway (no completeness check) so
        /// the extractor reports the damage.
        case readyIncomplete(String)

        public var path: String {
            switch self { case .ready(let p), .readyIncomplete(let p): p }
        }
    }

    struct Entry: Sendable {
        var stamp: FileStamp
        var changedAt: Double
        var checkedAt: Double
        /// When a close-write (or rename into place) was seen with the current stamp.
        var closedAt: Double?
        /// Checks with an unchanged stamp since `closedAt`.
        var checksSinceClose = 0
        /// Finished before it was seen (a folder moved in whole): no settle check.
        var settled = false
        var released = false
        var retryAt: Double?
        var gaveUp = false
    }

    private var entries: [String: Entry] = [:]

    /// Files tracked, released or not.
    public var count: Int { entries.count }

    /// Paths not released yet, sorted: re-check (stat and `observe`) these at `nextDeadline`.
    public var waiting: [String] { entries.filter { !$0.value.released }.keys.sorted() }

    /// Records what a check or an event found. `closed`: the event says the writer is done.
    /// `settled`: it was done before the event (a folder moved in whole): released by the next
    /// `ready` without waiting for the settle check.
    public mutating func observe(_ path: String, stamp: FileStamp, now: Double, closed: Bool = false, settled: Bool = false) {
        if settled, entries[path].map({ !$0.released && $0.retryAt == nil }) ?? true {
            var entry = Entry(stamp: stamp, changedAt: now, checkedAt: now, closedAt: now)
            entry.settled = true
            entries[path] = entry
            return
        }
        guard var entry = entries[path], entry.stamp == stamp else {
            entries[path] = Entry(stamp: stamp, changedAt: now, checkedAt: now, closedAt: closed ? now : nil)
            return
        }
        entry.checkedAt = max(entry.checkedAt, now)
        if entry.closedAt != nil {
            entry.checksSinceClose += 1
        } else if closed, !entry.released, entry.retryAt == nil {
            // The close of a file already seen (its create event came first): the settle check
            // counts from now; this observation itself does not confirm anything.
            entry.closedAt = now
        }
        entries[path] = entry
    }

    /// Releases what is settled, each once (until its stamp changes or `retryLater`), by path.
    public mutating func ready(now: Double) -> [Release] {
        var out: [Release] = []
        for (path, entry) in entries where !entry.released {
            guard let release = verdict(path, entry, now: now) else { continue }
            entries[path]?.released = true
            if case .readyIncomplete = release { entries[path]?.gaveUp = true }
            out.append(release)
        }
        return out.sorted { $0.path < $1.path }
    }

    private func verdict(_ path: String, _ e: Entry, now: Double) -> Release? {
        let unchangedFor = e.checkedAt - e.changedAt
        if let retryAt = e.retryAt {
            if unchangedFor >= giveUpIncompleteAfterSeconds { return .readyIncomplete(path) }
            return e.checkedAt >= retryAt ? .ready(path) : nil
        }
        if e.settled { return .ready(path) }
        if let closedAt = e.closedAt, e.checksSinceClose > 0, e.checkedAt - closedAt >= closedSettleSeconds {
            return .ready(path)
        }
        return unchangedFor >= quietSeconds ? .ready(path) : nil
    }

    /// The file released last was judged incomplete: hold it, and try again later (see above).
    /// Ignored for a file already released as `.readyIncomplete`, so it never loops.
    public mutating func retryLater(_ path: String, now: Double) {
        guard var entry = entries[path], !entry.gaveUp else { return }
        entry.released = false
        entry.closedAt = nil
        entry.settled = false
        entry.retryAt = now + retryIncompleteAfterSeconds
        entries[path] = entry
    }

    /// Stops tracking `path` (removed, or handed over for good).
    public mutating func forget(_ path: String) { entries[path] = nil }

    /// Forgets `folder` and everything under it (a folder removed or moved away).
    public mutating func forgetTree(_ folder: String) {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        entries = entries.filter { $0.key != folder && !$0.key.hasPrefix(prefix) }
    }

    /// The earliest time a check could let a waiting file through, nil when nothing waits: the
    /// caller re-checks `waiting` then (or at once if it is past) and asks `ready` again.
    public func nextDeadline() -> Double? {
        entries.values.lazy.filter { !$0.released }.map { e -> Double in
            if let retryAt = e.retryAt { return min(retryAt, e.changedAt + giveUpIncompleteAfterSeconds) }
            if e.settled { return e.changedAt }
            if let closedAt = e.closedAt { return closedAt + closedSettleSeconds }
            return e.changedAt + quietSeconds
        }.min()
    }
}
