import Foundation
import IngestCore

/// Work run on another thread while the calling thread does its own (a document's study sheet
/// while the document is written), when a core is free for it — the run's budget says, and the
/// core is given back when the work ends — else at once on the calling thread. Without a budget (a
/// library caller) it always gets its thread. `finish()` waits for it and rethrows its error; it
/// must be called before the caller returns (no thread outlives the document).
final class SideWork: Sendable {
    private let team: ThreadTeam?
    private let failure: Monitor<(any Error)?>

    init(cores: (any CoreBudget)?, _ work: @escaping @Sendable () throws -> Void) {
        let failure = Monitor<(any Error)?>(nil)
        self.failure = failure
        @Sendable func run() {
            do { try work() } catch { failure.update { $0 = error } }
        }
        if let cores, !cores.tryTake() {
            team = nil
            run()
            return
        }
        team = ThreadTeam(1, stackSize: 8 << 20) { _ in
            run()
            cores?.giveBack()
        }
    }

    /// Waits for the work to end; throws what it threw. May be called again (it then only rethrows).
    func finish() throws {
        team?.join()
        if let error = failure.read({ $0 }) { throw error }
    }
}
