import Foundation
import IngestCore
import Synchronization
import XCTest

/// The run's core budget: threads that want a core wait for one and are woken by a core given
/// back or by the end of the work, never by a clock (no sleep here either: every wait below ends
/// on an event, and a missed wake-up fails the test at its time limit instead of hanging it).
final class CoreBudgetTests: XCTestCase {
    /// Pages handed out one at a time to the threads that hold a core.
    final class Pages: Sendable {
        private let state: Mutex<(next: Int, read: [Int])>
        let count: Int
        init(_ count: Int) { self.count = count; state = Mutex((0, [])) }
        var isExhausted: Bool { state.withLock { $0.next >= count } }
        func claim() -> Int? { state.withLock { s in guard s.next < count else { return nil }; s.next += 1; return s.next - 1 } }
        func read(_ page: Int) { state.withLock { $0.read.append(page) } }
        var pagesRead: [Int] { state.withLock { $0.read.sorted() } }
    }

    /// Eight threads want the one core a document holds: each gets it in turn once it is given
    /// back, reads a page on it, and they all end when no page is left.
    func testThreadsWaitingOnOneCoreAreServedInTurnAndEndWithTheWork() {
        let budget = LocalCoreBudget(capacity: 1)
        let pages = Pages(40)
        budget.take()                                   // the document's own core
        let ended = DispatchGroup()
        let started = DispatchGroup()
        let gotCores = Mutex(0)
        for _ in 0..<8 {
            ended.enter(); started.enter()
            Thread {
                started.leave()
                while budget.take(orUntil: { pages.isExhausted }) {
                    defer { budget.giveBack() }
                    gotCores.withLock { $0 += 1 }
                    guard let p = pages.claim() else { break }
                    pages.read(p)
                    if pages.isExhausted { budget.wakeWaiters() }
                }
                ended.leave()
            }.start()
        }
        started.wait()
        XCTAssertEqual(gotCores.withLock { $0 }, 0, "no thread got a core while the document held the only one")
        budget.giveBack()                               // the document is done: its core is lent
        XCTAssertEqual(ended.wait(timeout: .now() + 60), .success, "a waiting thread was never woken")
        XCTAssertEqual(pages.pagesRead, Array(0..<40), "every page read once")
        XCTAssertEqual(budget.peak, 1, "never more than the one core")
        XCTAssertEqual(budget.held, 0, "every core given back")
    }

    /// The core is never given back, but the work ends: every waiting thread wakes and ends
    /// without a core.
    func testWaitingThreadsEndWithoutACoreWhenTheWorkEnds() {
        let budget = LocalCoreBudget(capacity: 1)
        budget.take()
        let done = Mutex(false)
        let ended = DispatchGroup()
        let started = DispatchGroup()
        let outcomes = Mutex<[Bool]>([])
        for _ in 0..<8 {
            ended.enter(); started.enter()
            Thread {
                started.leave()
                let got = budget.take(orUntil: { done.withLock { $0 } })
                outcomes.withLock { $0.append(got) }
                ended.leave()
            }.start()
        }
        started.wait()
        done.withLock { $0 = true }
        budget.wakeWaiters()
        XCTAssertEqual(ended.wait(timeout: .now() + 60), .success, "a waiting thread was not woken by the end of the work")
        XCTAssertEqual(outcomes.withLock { $0 }, Array(repeating: false, count: 8))
        XCTAssertEqual(budget.held, 1, "only the document's own core is taken")
        budget.giveBack()
        XCTAssertEqual(budget.held, 0)
    }

    /// Another process's request (a worker's page): queued while no core is free, handed the next
    /// core given back and counted in its `lent` before it is told; withdrawn while waiting, no
    /// core comes; withdrawn too late, the core is counted and given back by its reader.
    func testRequestsFromAnotherProcessAreServedInOrderAndWithdrawn() {
        let budget = LocalCoreBudget(capacity: 1)
        let lentA = LentCores(), lentB = LentCores()
        let told = Mutex<[String]>([])
        budget.take()
        let a = budget.request(for: lentA) { told.withLock { $0.append("a") } }
        let b = budget.request(for: lentB) { told.withLock { $0.append("b") } }
        XCTAssertNotNil(a); XCTAssertNotNil(b)
        XCTAssertEqual(budget.queued, 2)
        XCTAssertFalse(budget.request(now: lentA), "no core is free")
        budget.giveBack()                               // goes to a, the first asked
        XCTAssertEqual(told.withLock { $0 }, ["a"])
        XCTAssertEqual(lentA.held, 1)
        XCTAssertEqual(budget.held, 1)
        XCTAssertFalse(budget.withdraw(a!), "a already has its core")
        XCTAssertTrue(budget.withdraw(b!), "b was still waiting")
        XCTAssertTrue(lentA.giveBackOne())
        budget.giveBack()                               // b withdrawn: the core is free again
        XCTAssertEqual(told.withLock { $0 }, ["a"])
        XCTAssertEqual(budget.held, 0)
        XCTAssertEqual(lentB.held, 0)
        // A free core is given at once, on the asking thread.
        XCTAssertNil(budget.request(for: lentB) { told.withLock { $0.append("b now") } })
        XCTAssertEqual(told.withLock { $0 }, ["a", "b now"])
        XCTAssertEqual(lentB.takeAll(), 1)
        budget.giveBack()
        XCTAssertEqual(budget.held, 0)
        XCTAssertEqual(budget.peak, 1)
    }
}
