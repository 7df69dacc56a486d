import Foundation

/// Starts every worker process from one long-lived thread. A worker asks the kernel to kill it
/// when its parent dies (PR_SET_PDEATHSIG), and "parent" there is the *thread* that forked it:
/// a worker started from a pool thread would be killed when that thread retires after idling.
/// This thread lives as long as the process, so workers die exactly with their supervisor.
final class Spawner: @unchecked Sendable {
    static let shared = Spawner()
    private let condition = NSCondition()
    private var jobs: [() -> Void] = []

    private init() {
        let thread = Thread { [unowned self] in self.loop() }
        thread.name = "ingest-spawner"
        thread.start()
    }

    private func loop() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job()
        }
    }

    /// Runs `body` on the spawner thread and returns its result.
    func run<T>(_ body: @escaping () throws -> T) throws -> T {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<T, Error>!
        condition.lock()
        jobs.append { result = Result { try body() }; done.signal() }
        condition.signal()
        condition.unlock()
        done.wait()
        return try result.get()
    }
}
