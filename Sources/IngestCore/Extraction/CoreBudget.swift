import Foundation
import Synchronization

/// The cores a run may use (`concurrency`), shared by the documents read at once and by the extra
/// page threads of one document (PDF pages, OCR pages): a document being read holds one core; a
/// document with many pages reads more at once only with cores it takes, a few pages per core,
/// while one is free — the core of a worker with nothing left to read, say. So a folder whose last
/// document is a long scan keeps every core busy until the end, and `--concurrency 1` means one
/// core, OCR included.
///
/// An extra page thread waits for a core in `take(orUntil:)`: it is woken by a core given back, or
/// by the end of its document's pages (`wakeWaiters`), never by a clock. A page that got a core
/// gives it back when it is done, so a document that starts on another slot gets its core back
/// after at most one loan.
public protocol CoreBudget: Sendable {
    /// Takes one more core if one is free now.
    func tryTake() -> Bool
    /// Waits for a core and takes it (true), or returns false without one once `isDone` holds:
    /// it is looked at when the wait starts and again at each `wakeWaiters()`, so whoever makes it
    /// true (the thread that hands out the last page) calls `wakeWaiters()` afterwards.
    func take(orUntil isDone: () -> Bool) -> Bool
    /// Wakes the threads waiting in `take(orUntil:)` to look at their `isDone` again.
    func wakeWaiters()
    /// Gives back a core `tryTake` or `take(orUntil:)` gave.
    func giveBack()
}

/// The cores of a run lent to another process (a worker's pages, asked for over its channel):
/// counted by the budget as it hands each one over, so that when the worker ends — or dies — its
/// reader gives back exactly what it still held.
public final class LentCores: Sendable {
    private let count = Mutex(0)
    public init() {}
    /// Cores lent and not given back.
    public var held: Int { count.withLock { $0 } }
    func add() { count.withLock { $0 += 1 } }
    /// One lent core comes back; false when none was lent (a message out of turn).
    public func giveBackOne() -> Bool { count.withLock { n in guard n > 0 else { return false }; n -= 1; return true } }
    /// Every lent core, counted as given back: how many the caller gives back to the budget.
    public func takeAll() -> Int { count.withLock { n in defer { n = 0 }; return n } }
}

/// A budget within one process: `capacity` cores, of which `held` are taken.
public final class LocalCoreBudget: CoreBudget, Sendable {
    public let capacity: Int
    private let state = Monitor(State())

    private struct State {
        var taken = 0
        var most = 0
        /// Cores asked for from another process (`request`), served in order as cores come back.
        var queue: [Request] = []
        var tickets = 0
    }

    private struct Request {
        let ticket: Int
        let lent: LentCores
        let hand: @Sendable () -> Void
    }

    public init(capacity: Int) { self.capacity = max(1, capacity) }

    /// Cores taken now (a document's own core included).
    public var held: Int { state.read { $0.taken } }
    /// The most cores taken at once so far.
    public var peak: Int { state.read { $0.most } }
    /// Requests from other processes waiting for a core.
    public var queued: Int { state.read { $0.queue.count } }

    /// Takes a core whether or not one is free: the core of a document starting to be read. The
    /// caller never reads more documents at once than `capacity`, so the budget can only be
    /// exceeded by pages that took a core before the document started, each for one loan at most.
    public func take() { state.update { s in s.taken += 1; s.most = max(s.most, s.taken) } }

    public func tryTake() -> Bool {
        state.update { s in
            guard s.taken < capacity else { return false }
            s.taken += 1
            s.most = max(s.most, s.taken)
            return true
        }
    }

    public func take(orUntil isDone: () -> Bool) -> Bool {
        // Requests from other processes are served first: a core comes back to the queue before
        // a waiter here sees it free (`giveBack`).
        state.wait(until: { s in isDone() || s.taken < capacity }) { s in
            guard !isDone() else { return false }
            s.taken += 1
            s.most = max(s.most, s.taken)
            return true
        }
    }

    public func wakeWaiters() { state.update { _ in } }

    public func giveBack() {
        let served: Request? = state.update { s in
            s.taken = max(0, s.taken - 1)
            guard s.taken < capacity, !s.queue.isEmpty else { return nil }
            let r = s.queue.removeFirst()
            s.taken += 1
            s.most = max(s.most, s.taken)
            r.lent.add()            // counted before the lock is let go: `withdraw` then sees it
            return r
        }
        served?.hand()
    }

    /// A core for a thread of another process (a worker's page waiting in `take(orUntil:)`): taken
    /// now if one is free, otherwise the next one given back goes to it, in the order asked. Either
    /// way `lent` counts it before `hand` is called — here, or on the thread that gives a core back
    /// — to tell the other process. Returns the ticket of a request left waiting.
    public func request(for lent: LentCores, hand: @escaping @Sendable () -> Void) -> Int? {
        let ticket: Int? = state.update { s in
            if s.taken < capacity {
                s.taken += 1
                s.most = max(s.most, s.taken)
                lent.add()
                return nil
            }
            s.tickets += 1
            s.queue.append(Request(ticket: s.tickets, lent: lent, hand: hand))
            return s.tickets
        }
        if ticket == nil { hand() }
        return ticket
    }

    /// A core for a thread of another process if one is free now (`tryTake`), counted in `lent`.
    public func request(now lent: LentCores) -> Bool {
        state.update { s in
            guard s.taken < capacity else { return false }
            s.taken += 1
            s.most = max(s.most, s.taken)
            lent.add()
            return true
        }
    }

    /// Withdraws a waiting request: true when it was still waiting (no core will come for it),
    /// false when a core was handed to it already (counted in its `lent`).
    public func withdraw(_ ticket: Int) -> Bool {
        state.update { s in
            guard let i = s.queue.firstIndex(where: { $0.ticket == ticket }) else { return false }
            s.queue.remove(at: i)
            return true
        }
    }
}
