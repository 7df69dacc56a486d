import Foundation
import IngestCore

/// Tesseract engines for one language set, initialised once and lent to one worker at a time.
/// Pools are kept for the life of the process (one per language set), so a batch pays each
/// engine's start-up once, not once per page or per document.
final class EnginePool: @unchecked Sendable {
    let languages: String
    private let condition = NSCondition()
    private var idle: [TesseractEngine] = []
    private var created = 0
    private var capacity: Int

    /// A pool of its own (tests); the pipeline uses `shared`.
    init(languages: String, capacity: Int) {
        self.languages = languages
        self.capacity = max(1, capacity)
    }

    private static let registryLock = NSLock()
    nonisolated(unsafe) private static var registry: [String: EnginePool] = [:]

    /// The pool for `languages`, grown to hold at least `capacity` engines.
    static func shared(languages: String, capacity: Int) -> EnginePool {
        registryLock.lock()
        defer { registryLock.unlock() }
        let key = languages + "|" + (TessData.configuredPath ?? "")
        if let pool = registry[key] {
            pool.condition.lock()
            pool.capacity = max(pool.capacity, capacity)
            pool.condition.unlock()
            return pool
        }
        let pool = EnginePool(languages: languages, capacity: capacity)
        registry[key] = pool
        return pool
    }

    /// Runs `body` with an engine of its own, creating one if the pool is not full yet and
    /// waiting for one to come back otherwise.
    func withEngine<T>(_ body: (TesseractEngine) throws -> T) throws -> T {
        let engine = try checkOut()
        defer { checkIn(engine) }
        return try body(engine)
    }

    /// Creates engines on the calling thread until the pool holds `count` (at most its
    /// capacity) or `stop` says so, each put straight back for a worker to take; stops at the
    /// first that cannot be made (the worker that then makes one reports why). A worker that asks
    /// meanwhile waits for the engine being made rather than making another.
    func prepare(_ count: Int, stop: () -> Bool = { false }) {
        while !stop() {
            condition.lock()
            guard created < min(count, capacity) else { condition.unlock(); return }
            created += 1
            condition.unlock()
            guard let engine = try? make() else { return }
            checkIn(engine)
        }
    }

    /// `prepare(count)` on a thread of its own, with a core of `cores` when there is one (none
    /// free: nothing is made ahead, the workers make their engines as they start), so the
    /// engines' start — ≈ 130 ms each — runs beside work the caller does meanwhile. The caller
    /// ends it with `WarmUp.finish()` before it returns: no engine is started after that, and
    /// the core is back when `finish` returns.
    func prepareAhead(_ count: Int, cores: (any CoreBudget)?) -> WarmUp {
        let warmUp = WarmUp()
        condition.lock()
        let needed = created < min(count, capacity)
        condition.unlock()
        guard needed, cores?.tryTake() ?? true else { return warmUp }
        warmUp.running.enter()
        let thread = Thread { [self] in
            defer { cores?.giveBack(); warmUp.running.leave() }
            prepare(count, stop: { warmUp.isFinished })
        }
        thread.stackSize = 16 << 20
        thread.start()
        return warmUp
    }

    /// Engines being made ahead (`prepareAhead`).
    final class WarmUp: @unchecked Sendable {
        fileprivate let running = DispatchGroup()
        private let lock = NSLock()
        private var finished = false
        fileprivate var isFinished: Bool { lock.lock(); defer { lock.unlock() }; return finished }
        /// No engine is started after this; returns once the one being made (if any) is done.
        func finish() {
            lock.lock(); finished = true; lock.unlock()
            running.wait()
        }
    }

    private func checkOut() throws -> TesseractEngine {
        condition.lock()
        while idle.isEmpty && created >= capacity { condition.wait() }
        if let engine = idle.popLast() { condition.unlock(); return engine }
        created += 1
        condition.unlock()
        return try make()
    }

    /// Makes the engine of a place already counted in `created`; when it cannot be made, the place
    /// is freed and a waiting worker woken (it will try, and report why).
    private func make() throws -> TesseractEngine {
        do {
            return try TesseractEngine(languages: languages)
        } catch {
            condition.lock(); created -= 1; condition.signal(); condition.unlock()
            throw error
        }
    }

    private func checkIn(_ engine: TesseractEngine) {
        condition.lock()
        idle.append(engine)
        condition.signal()
        condition.unlock()
    }

    /// Engines created so far (for tests: proves engines are reused, not made per page).
    var engineCount: Int { condition.lock(); defer { condition.unlock() }; return created }
}
