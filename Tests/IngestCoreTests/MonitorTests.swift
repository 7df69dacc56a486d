import Foundation
import IngestCore
import XCTest

/// The one wait primitive: threads wait on the state and are woken by its change.
final class MonitorTests: XCTestCase {
    /// A bounded queue of two between a producer and a consumer: every item comes through, in
    /// order, and the queue never holds more than its capacity (the producer waited for room).
    func testBoundedQueueHandsEveryItemOverInOrder() {
        struct State { var items: [Int] = []; var closed = false; var largest = 0 }
        let state = Monitor(State())
        let count = 5_000, capacity = 2
        let producer = Thread {
            for i in 0..<count {
                state.wait(until: { $0.items.count < capacity }) { s in
                    s.items.append(i)
                    s.largest = max(s.largest, s.items.count)
                }
            }
            state.update { $0.closed = true }
        }
        producer.start()
        var received: [Int] = []
        while let item = state.wait(until: { !$0.items.isEmpty || $0.closed }, then: { $0.items.isEmpty ? nil : $0.items.removeFirst() }) {
            received.append(item)
        }
        XCTAssertEqual(received, Array(0..<count))
        XCTAssertLessThanOrEqual(state.read { $0.largest }, capacity)
    }

    /// A waiter is woken by the change it waits for: several threads each wait for their turn,
    /// set by the one before.
    func testWaitersAreWokenByTheChange() {
        let turn = Monitor(0)
        let threads = 8
        let done = DispatchGroup()
        for t in (0..<threads).reversed() {
            done.enter()
            Thread { turn.wait(until: { $0 == t }) { $0 += 1 }; done.leave() }.start()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success, "a waiter was never woken")
        XCTAssertEqual(turn.read { $0 }, threads)
    }
}
