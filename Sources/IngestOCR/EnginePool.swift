import Foundation
import IngestCore
import Synchronization

/// Tesseract engines for one language set, initialised once and lent to one worker at a time.
/// Pools are kept for the life of the process (one per language set), so a batch pays each
/// engine's start-up once, not once per page or per document.
final class EnginePool: Sendable {
    let languages: String
    private struct State {
        var idle: [TesseractEngine] = []
        var created = 0
        var capacity: Int
    }
    /// A worker waits on it for an engine to come back when the pool is full.
    private let state: Monitor<State>

    /// A pool of its own (tests); the pipeline uses `shared`.
    init(languages: String, capacity: Int) {
        self.languages = languages
        state = Monitor(State(capacity: max(1, capacity)))
    }

    private static let registry = Mutex<[String: EnginePool]>([:])

    /// The pool for `languages`, grown to hold at least `capacity` engines.
    static func shared(languages: String, capacity: Int) -> EnginePool {
        let key = languages + "|" + (TessData.configuredPath ?? "")
        return registry.withLock { registry in
            if let pool = registry[key] {
                pool.state.update { $0.capacity = max($0.capacity, capacity) }
                return pool
            }
            let pool = EnginePool(languages: languages, capacity: capacity)
            registry[key] = pool
            return pool
        }
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
            let place = state.update { s in
                guard s.created < min(count, s.capacity) else { return false }
                s.created += 1
                return true
            }
            guard place, let engine = try? make() else { return }
            checkIn(engine)
        }
    }

    /// `prepare(count)` on a thread of its own, with a core of `cores` when there is one (none
    /// free: nothing is made ahead, the workers make their engines as they start), so the
    /// engines' start — ≈ 130 ms each — runs beside work the caller does meanwhile. The caller
    /// ends it with `WarmUp.finish()` before it returns: no engine is started after that, and
    /// the core is back when `finish` returns.
    func prepareAhead(_ count: Int, cores: (any CoreBudget)?) -> WarmUp {
        let needed = state.read { $0.created < min(count, $0.capacity) }
        guard needed, cores?.tryTake() ?? true else { return WarmUp(nil) }
        let warmUp = WarmUp(nil)
        let team = ThreadTeam(1, stackSize: 16 << 20) { [self] _ in
            defer { cores?.giveBack() }
            prepare(count, stop: { warmUp.isFinished })
        }
        warmUp.team.withLock { $0 = team }
        return warmUp
    }

    /// Engines being made ahead (`prepareAhead`).
    final class WarmUp: Sendable {
        fileprivate let team: Mutex<ThreadTeam?>
        private let finished = Mutex(false)
        fileprivate init(_ team: ThreadTeam?) { self.team = Mutex(team) }
        fileprivate var isFinished: Bool { finished.withLock { $0 } }
        /// No engine is started after this; returns once the one being made (if any) is done.
        func finish() {
            finished.withLock { $0 = true }
            team.withLock { $0 }?.join()
        }
    }

    private func checkOut() throws -> TesseractEngine {
        let engine: TesseractEngine? = state.wait(until: { !$0.idle.isEmpty || $0.created < $0.capacity }) { s in
            if let engine = s.idle.popLast() { return engine }
            s.created += 1
            return nil
        }
        return try engine ?? make()
    }

    /// Makes the engine of a place already counted in `created`; when it cannot be made, the place
    /// is freed and a waiting worker woken (it will try, and report why).
    private func make() throws -> TesseractEngine {
        do {
            return try TesseractEngine(languages: languages)
        } catch {
            state.update { $0.created -= 1 }
            throw error
        }
    }

    private func checkIn(_ engine: TesseractEngine) {
        state.update { $0.idle.append(engine) }
    }

    /// Engines created so far (for tests: proves engines are reused, not made per page).
    var engineCount: Int { state.read { $0.created } }
}
