import Foundation
import IngestCore

/// Reports told on a thread of their own, in order, in batches. The first report after a quiet
/// spell is told at once; while documents keep finishing, the thread wakes at most every
/// `batchSeconds` and tells what came meanwhile. A dispatch queue woke a thread per document: on a
/// machine whose cores the workers keep busy that cost a watcher draining 1,000 small files
/// 10–20 % of its CPU time (1,500 more context switches than `convert`).
final class ReportQueue: Sendable {
    static let batchSeconds = 0.005
    private struct State {
        var pending: [(WatchReport, any WatchObserver)] = []
        var started = false
        var ending = false
        var ended = false
        var passes = 0
    }
    private let state = Monitor(State())
    /// Passes of the thread that told at least one report (for tests: a burst is one pass or few).
    var passes: Int { state.read { $0.passes } }

    func tell(_ report: WatchReport, to observer: any WatchObserver) {
        enum Next { case tellHere, start, none }
        // Wakes the thread only if it waits: while it tells a batch, reports gather for the next one.
        let next: Next = state.update { s in
            // After `drain`: told here and now.
            if s.ending { return .tellHere }
            s.pending.append((report, observer))
            if s.started { return .none }
            s.started = true
            return .start
        }
        switch next {
        case .tellHere: observer.report(report)
        case .start:
            let thread = Thread { [self] in loop() }
            thread.name = "ingest.watch.reports"
            thread.start()
        case .none: break
        }
    }

    private func loop() {
        while true {
            let batch: [(WatchReport, any WatchObserver)]? = state.wait(until: { !$0.pending.isEmpty || $0.ending }) { s in
                if s.pending.isEmpty { s.ended = true; return nil }
                defer { s.pending = []; s.passes += 1 }
                return s.pending
            }
            guard let batch else { return }
            for (report, observer) in batch { observer.report(report) }
            // A pause, not a poll: reports that come in the next few milliseconds are told together.
            usleep(useconds_t(Self.batchSeconds * 1e6))
        }
    }

    /// Returns once every report told so far has been told (the thread ends; later reports are
    /// told by their caller).
    func drain() {
        let started = state.update { s in s.ending = true; return s.started }
        if started { state.wait(until: { $0.ended }) { _ in } }
    }
}
