/// The order in which the watch loop reads files. SPEC: newest first. The backlog found at start
/// goes newest modification time first; a file that arrives during the run goes ahead of all the
/// backlog, and among arrivals the most recent goes first (what the user just dropped is what
/// they are waiting for; a re-arrival moves up). A path is queued once.
///
/// Removal is lazy (a stale slot is skipped when reached), so every operation stays cheap with a
/// backlog of 100,000 files.
public struct ArrivalQueue: Sendable {
    private enum Place: Equatable { case arrival(ticket: Int), backlog(ticket: Int, mtimeNs: Int64) }

    /// Where each queued path is; the arrays below may hold stale slots for paths moved or gone.
    private var place: [String: Place] = [:]
    /// Arrivals in arrival order: the last is popped first.
    private var arrivals: [(path: String, ticket: Int)] = []
    /// Backlog sorted oldest first: the last (newest) is popped first. `pendingBacklog` holds
    /// what was added since the last sort, merged when the backlog is next needed.
    private var backlog: [(path: String, ticket: Int, mtimeNs: Int64)] = []
    private var pendingBacklog: [(path: String, ticket: Int, mtimeNs: Int64)] = []
    private var nextTicket = 0

    public init() {}

    public var count: Int { place.count }
    public var isEmpty: Bool { place.isEmpty }
    public func contains(_ path: String) -> Bool { place[path] != nil }

    /// Queues a file found at start (or by a rescan). A path already queued as an arrival stays
    /// there; one already in the backlog takes the new time.
    public mutating func addBacklog(_ path: String, mtimeNs: Int64) {
        if case .arrival = place[path] { return }
        if case .backlog(_, let old) = place[path], old == mtimeNs { return }
        let ticket = takeTicket()
        place[path] = .backlog(ticket: ticket, mtimeNs: mtimeNs)
        pendingBacklog.append((path, ticket, mtimeNs))
    }

    /// Queues every file of a snapshot (`PollingScanner.snapshot`) as backlog.
    public mutating func addBacklog(_ snapshot: [String: FileStamp]) {
        for (path, stamp) in snapshot { addBacklog(path, mtimeNs: stamp.mtimeNs) }
    }

    /// Queues a file that arrived during the run, ahead of everything queued so far.
    public mutating func addArrival(_ path: String) {
        let ticket = takeTicket()
        place[path] = .arrival(ticket: ticket)
        arrivals.append((path, ticket))
        compactIfStale()
    }

    /// The next file to read, or nil when nothing is queued.
    public mutating func pop() -> String? {
        while let last = arrivals.popLast() {
            if place[last.path] == .arrival(ticket: last.ticket) {
                place[last.path] = nil
                return last.path
            }
        }
        mergePendingBacklog()
        while let last = backlog.popLast() {
            if place[last.path] == .backlog(ticket: last.ticket, mtimeNs: last.mtimeNs) {
                place[last.path] = nil
                return last.path
            }
        }
        return nil
    }

    /// Takes `path` out of the queue (removed from the inbox, or read by other means).
    public mutating func remove(_ path: String) {
        place[path] = nil
        compactIfStale()
    }

    private mutating func takeTicket() -> Int {
        nextTicket += 1
        return nextTicket
    }

    /// Newest last; equal times by path, so the order does not depend on the snapshot's hashing.
    private mutating func mergePendingBacklog() {
        guard !pendingBacklog.isEmpty else { return }
        backlog += pendingBacklog
        pendingBacklog.removeAll()
        backlog.sort { $0.mtimeNs != $1.mtimeNs ? $0.mtimeNs < $1.mtimeNs : $0.path > $1.path }
    }

    /// Drops stale slots once they outnumber the live ones, so re-arrivals cannot grow memory.
    private mutating func compactIfStale() {
        let slots = arrivals.count + backlog.count + pendingBacklog.count
        guard slots > 64, slots > 2 * place.count else { return }
        arrivals.removeAll { place[$0.path] != .arrival(ticket: $0.ticket) }
        backlog.removeAll { place[$0.path] != .backlog(ticket: $0.ticket, mtimeNs: $0.mtimeNs) }
        pendingBacklog.removeAll { place[$0.path] != .backlog(ticket: $0.ticket, mtimeNs: $0.mtimeNs) }
    }
}
