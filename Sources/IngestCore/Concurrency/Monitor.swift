import Foundation

/// State behind one lock, with a condition threads wait on: the one wait primitive of Ingest (the
/// core budget, the runtime's queues and spawner, thread teams). A thread that needs something (a
/// core, a request, room in a queue, the end of a run) waits until the state says so and is woken
/// by the change that makes it so, never by a clock. Plain shared state without waiting uses
/// Synchronization's `Mutex`.
public final class Monitor<State>: @unchecked Sendable {
    // @unchecked: `state` is read and written only while `condition` is held, a lock the compiler
    // cannot see through (Synchronization's Mutex has no condition to wait on).
    private let condition = NSCondition()
    private var state: State

    public init(_ state: State) { self.state = state }

    /// Changes the state and wakes the threads waiting on it (a broadcast with no waiter costs nothing).
    @discardableResult
    public func update<R>(_ body: (inout State) throws -> R) rethrows -> R {
        condition.lock()
        defer { condition.broadcast(); condition.unlock() }
        return try body(&state)
    }

    /// Reads the state.
    public func read<R>(_ body: (State) throws -> R) rethrows -> R {
        condition.lock(); defer { condition.unlock() }
        return try body(state)
    }

    /// Waits until `ready` holds, then changes the state with `body` and wakes the other waiters.
    /// `ready` may also read state kept elsewhere, if whoever changes that state calls `update`
    /// afterwards (an empty one will do): the waiter is then woken to look again.
    @discardableResult
    public func wait<R>(until ready: (State) -> Bool, then body: (inout State) throws -> R) rethrows -> R {
        condition.lock()
        defer { condition.broadcast(); condition.unlock() }
        while !ready(state) { condition.wait() }
        return try body(&state)
    }
}
