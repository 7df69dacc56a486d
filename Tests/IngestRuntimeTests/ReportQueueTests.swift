import Foundation
@testable import IngestRuntime
import XCTest

/// The watcher's reports told on their own thread: in order, every one, in few passes when they
/// come in bursts, and all told when `drain` returns.
final class ReportQueueTests: XCTestCase {
    /// Keeps what it is told; the first report takes `firstDelay` (a slow reader of the events).
    final class Recorder: WatchObserver, @unchecked Sendable {
        let lock = NSLock()
        var told: [String] = []
        let firstDelay: useconds_t
        init(firstDelay: useconds_t = 0) { self.firstDelay = firstDelay }
        func report(_ report: WatchReport) {
            guard case .removed(let path) = report else { return }
            lock.lock(); let first = told.isEmpty; told.append(path); lock.unlock()
            if first { usleep(firstDelay) }
        }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return told }
    }

    func testEveryReportToldInOrderAndAllBeforeDrainReturns() {
        let queue = ReportQueue(), recorder = Recorder()
        for i in 0..<1_000 { queue.tell(.removed(path: "\(i)"), to: recorder) }
        queue.drain()
        XCTAssertEqual(recorder.all, (0..<1_000).map(String.init))
    }

    func testABurstIsToldInFewPasses() {
        // While the first report is told (20 ms), 200 more come: they wait and go in a pass or
        // two, not a wake-up each.
        let queue = ReportQueue(), recorder = Recorder(firstDelay: 20_000)
        for i in 0..<201 { queue.tell(.removed(path: "\(i)"), to: recorder) }
        queue.drain()
        XCTAssertEqual(recorder.all.count, 201)
        XCTAssertLessThanOrEqual(queue.passes, 10, "\(queue.passes) passes for a burst of 201")
    }

    func testReportsFromSeveralThreadsKeepEachThreadsOrder() {
        let queue = ReportQueue(), recorder = Recorder()
        DispatchQueue.concurrentPerform(iterations: 4) { t in
            for i in 0..<250 { queue.tell(.removed(path: "\(t).\(i)"), to: recorder) }
        }
        queue.drain()
        let all = recorder.all
        XCTAssertEqual(all.count, 1_000)
        for t in 0..<4 {
            XCTAssertEqual(all.filter { $0.hasPrefix("\(t).") }, (0..<250).map { "\(t).\($0)" })
        }
    }

    func testAReportAfterDrainIsToldAtOnce() {
        let queue = ReportQueue(), recorder = Recorder()
        queue.drain()
        queue.tell(.removed(path: "late"), to: recorder)
        XCTAssertEqual(recorder.all, ["late"], "told by its caller: no thread is left to tell it")
    }
}
