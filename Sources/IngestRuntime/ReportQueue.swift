import Foundation

/// Reports told on a thread of their own, in order, in batches. The first report after a quiet
/// spell is told at once; while documents keep finishing, the thread wakes at most every
/// `batchSeconds` and tells what came meanwhile. A dispatch queue woke a thread per document: on a
/// machine whose cores the workers keep busy that cost a watcher draining 1,000 small files
/// 10–20 % of its CPU time (1,500 more context switches than `convert`).
final class ReportQueue: @unchecked Sendable {
    static let batchSeconds = 0.005
    private let condition = NSCondition()
    private var pending: [(WatchReport, any WatchObserver)] = []
    /// Whether the thread waits for a report without a deadline (then a report wakes it).
    private var idle = false
    private var started = false
    private var ending = false
    private var ended = false
    /// Passes of the thread that told at least one report (for tests: a burst is one pass or few).
    private(set) var passes = 0

    func tell(_ report: WatchReport, to observer: any WatchObserver) {
        condition.lock()
        if ending {
            // After `drain`: told here and now.
            condition.unlock()
            observer.report(report)
            return
        }
        pending.append((report, observer))
        if !started {
            started = true
            let thread = Thread { [self] in loop() }
            thread.name = "ingest.watch.reports"
            thread.start()
        } else if idle {
            condition.signal()
        }
        condition.unlock()
    }

    private func loop() {
        condition.lock()
        while true {
            if pending.isEmpty {
                if ending { ended = true; condition.broadcast(); condition.unlock(); return }
                idle = true
                condition.wait()
                idle = false
                continue
            }
            let batch = pending
            pending = []
            passes += 1
            condition.unlock()
            for (report, observer) in batch { observer.report(report) }
            // Reports that come in the next few milliseconds are told together.
            usleep(useconds_t(Self.batchSeconds * 1e6))
            condition.lock()
        }
    }

    /// Returns once every report told so far has been told (the thread ends; later reports are
    /// told by their caller).
    func drain() {
        condition.lock()
        ending = true
        if started {
            condition.broadcast()
            while !ended { condition.wait() }
        }
        condition.unlock()
    }
}
