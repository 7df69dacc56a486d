import Foundation
import IngestCore

/// Starts every worker process from one long-lived thread. A worker asks the kernel to kill it
/// when its parent dies (PR_SET_PDEATHSIG), and "parent" there is the *thread* that forked it:
/// a worker started from a pool thread would be killed when that thread retires after idling.
/// This thread lives as long as the process, so workers die exactly with their supervisor.
final class Spawner: Sendable {
    static let shared = Spawner()
    private let jobs = Monitor<[() -> Void]>([])

    private init() {
        let thread = Thread { [unowned self] in self.loop() }
        thread.name = "ingest-spawner"
        thread.start()
    }

    private func loop() {
        while true {
            let job = jobs.wait(until: { !$0.isEmpty }) { $0.removeFirst() }
            job()
        }
    }

    /// Runs `body` on the spawner thread and returns its result.
    func run<T>(_ body: @escaping () throws -> T) throws -> T {
        let result = Monitor<Result<T, Error>?>(nil)
        jobs.update { $0.append { let r = Result { try body() }; result.update { $0 = r } } }
        return try result.wait(until: { $0 != nil }) { $0! }.get()
    }
}
