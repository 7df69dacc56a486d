import Foundation

/// The cores a run may use (`concurrency`), shared by the documents read at once and by the OCR
/// pages of one document: a document being read holds one core; the OCR of a document with many
/// pages takes more, one page at a time, only while a core is free — the core of a worker with
/// nothing left to read, say. So a folder whose last document is a long scan keeps every core
/// busy until the end, and `--concurrency 1` means one core, OCR included.
///
/// A budget never blocks: `tryTake` says at once whether a core was free, and a page that got one
/// gives it back when it is done, so a document that starts on another slot gets its core back
/// after at most one page.
public protocol CoreBudget: Sendable {
    /// Takes one more core if one is free now.
    func tryTake() -> Bool
    /// Gives back a core `tryTake` gave.
    func giveBack()
}

/// A budget within one process: `capacity` cores, of which `held` are taken.
public final class LocalCoreBudget: CoreBudget, @unchecked Sendable {
    public let capacity: Int
    private var taken = 0
    private var most = 0
    private let lock = NSLock()

    public init(capacity: Int) { self.capacity = max(1, capacity) }

    /// Cores taken now (a document's own core included).
    public var held: Int { lock.lock(); defer { lock.unlock() }; return taken }
    /// The most cores taken at once so far.
    public var peak: Int { lock.lock(); defer { lock.unlock() }; return most }

    /// Takes a core whether or not one is free: the core of a document starting to be read. The
    /// caller never reads more documents at once than `capacity`, so the budget can only be
    /// exceeded by pages that took a core before the document started, each for one page at most.
    public func take() { lock.lock(); taken += 1; most = max(most, taken); lock.unlock() }

    public func tryTake() -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard taken < capacity else { return false }
        taken += 1
        most = max(most, taken)
        return true
    }

    public func giveBack() { lock.lock(); taken = max(0, taken - 1); lock.unlock() }
}
