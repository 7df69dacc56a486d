import XCTest
import IngestWatch

/// The gate with a fake clock: times are plain numbers of seconds.
final class StabilityGateTests: XCTestCase {
    private let a = FileStamp(size: 10, mtimeNs: 1, inode: 7)
    private let b = FileStamp(size: 20, mtimeNs: 2, inode: 7)
    private func gate() -> StabilityGate {
        StabilityGate(quietSeconds: 2, closedSettleSeconds: 0.02, retryIncompleteAfterSeconds: 5,
                      giveUpIncompleteAfterSeconds: 60)
    }

    func testAFileThatIsNotClosedWaitsForTheQuietPeriodOfChecks() {
        var gate = gate()
        gate.observe("/in/f", stamp: a, now: 0)
        XCTAssertEqual(gate.ready(now: 0.5), [])
        gate.observe("/in/f", stamp: a, now: 1)
        XCTAssertEqual(gate.ready(now: 1.9), [])
        // Time alone is not enough: the stamp must be checked unchanged after the quiet period.
        XCTAssertEqual(gate.ready(now: 5), [])
        XCTAssertEqual(gate.nextDeadline(), 2)
        gate.observe("/in/f", stamp: a, now: 5)
        XCTAssertEqual(gate.ready(now: 5), [.ready("/in/f")])
        XCTAssertEqual(gate.ready(now: 6), [], "released once")
        XCTAssertEqual(gate.waiting, [])
        XCTAssertNil(gate.nextDeadline())
    }

    func testAChangeRestartsTheQuietPeriod() {
        var gate = gate()
        gate.observe("/in/f", stamp: a, now: 0)
        gate.observe("/in/f", stamp: b, now: 1.5)    // a slow writer, still going
        gate.observe("/in/f", stamp: b, now: 3)
        XCTAssertEqual(gate.ready(now: 3), [])
        gate.observe("/in/f", stamp: b, now: 3.5)
        XCTAssertEqual(gate.ready(now: 3.5), [.ready("/in/f")])
    }

    func testACloseWriteIsThroughAtTheFirstCheckAfterTheSettleTime() {
        var gate = gate()
        gate.observe("/in/cp.pdf", stamp: a, now: 10, closed: true)
        XCTAssertEqual(gate.ready(now: 10), [], "the stamp is not checked again yet")
        XCTAssertEqual(gate.waiting, ["/in/cp.pdf"])
        XCTAssertEqual(try XCTUnwrap(gate.nextDeadline()), 10.02, accuracy: 1e-9)
        gate.observe("/in/cp.pdf", stamp: a, now: 10.03)
        XCTAssertEqual(gate.ready(now: 10.03), [.ready("/in/cp.pdf")])
    }

    func testAFileOfAFolderMovedInIsThroughAtOnce() {
        var gate = gate()
        gate.observe("/in/lot/a.pdf", stamp: a, now: 10, closed: true, settled: true)
        XCTAssertEqual(gate.ready(now: 10), [.ready("/in/lot/a.pdf")], "no settle check: finished before the move")
        XCTAssertEqual(gate.ready(now: 11), [], "released once")
        // Changed afterwards (a writer still at work in it): through the gate like any change.
        gate.observe("/in/lot/a.pdf", stamp: b, now: 12)
        XCTAssertEqual(gate.ready(now: 12.5), [])
        gate.observe("/in/lot/a.pdf", stamp: b, now: 14)
        XCTAssertEqual(gate.ready(now: 14), [.ready("/in/lot/a.pdf")])
    }

    func testAMoveDoesNotCutShortAnIncompleteFilesRetry() {
        var gate = gate()
        gate.observe("/in/f.pdf", stamp: a, now: 0, closed: true, settled: true)
        XCTAssertEqual(gate.ready(now: 0), [.ready("/in/f.pdf")])
        gate.retryLater("/in/f.pdf", now: 0)         // judged incomplete
        gate.observe("/in/f.pdf", stamp: a, now: 1, closed: true, settled: true)
        XCTAssertEqual(gate.ready(now: 1), [], "still waits for its retry time")
    }

    func testACreateThenACloseWriteTakesTheFastPath() {
        var gate = gate()
        gate.observe("/in/f", stamp: a, now: 0)                 // IN_CREATE, already written
        gate.observe("/in/f", stamp: a, now: 0.001, closed: true)
        XCTAssertEqual(gate.ready(now: 0.001), [])
        gate.observe("/in/f", stamp: a, now: 0.03)
        XCTAssertEqual(gate.ready(now: 0.03), [.ready("/in/f")])
    }

    func testAWriterThatReopensAfterClosingFallsBackToTheQuietPeriod() {
        var gate = gate()
        gate.observe("/in/f", stamp: a, now: 0, closed: true)
        gate.observe("/in/f", stamp: b, now: 0.05)              // written again, not closed
        XCTAssertEqual(gate.ready(now: 0.05), [])
        gate.observe("/in/f", stamp: b, now: 1)
        XCTAssertEqual(gate.ready(now: 1), [])
        gate.observe("/in/f", stamp: b, now: 2.1)
        XCTAssertEqual(gate.ready(now: 2.1), [.ready("/in/f")])
    }

    func testAnIncompleteFileIsRetriedThenReleasedAsIncompleteOnce() {
        var gate = gate()
        gate.observe("/in/cut.jpg", stamp: a, now: 0, closed: true)
        gate.observe("/in/cut.jpg", stamp: a, now: 0.1)
        XCTAssertEqual(gate.ready(now: 0.1), [.ready("/in/cut.jpg")])
        gate.retryLater("/in/cut.jpg", now: 0.1)                 // Completeness said incomplete
        gate.observe("/in/cut.jpg", stamp: a, now: 3)
        XCTAssertEqual(gate.ready(now: 3), [], "not before the retry time")
        gate.observe("/in/cut.jpg", stamp: a, now: 5.2)
        XCTAssertEqual(gate.ready(now: 5.2), [.ready("/in/cut.jpg")])
        var now = 5.2
        while now + 5 < 60 {                                      // still incomplete each time
            gate.retryLater("/in/cut.jpg", now: now)
            now += 5
            gate.observe("/in/cut.jpg", stamp: a, now: now)
            XCTAssertEqual(gate.ready(now: now).map(\.path), ["/in/cut.jpg"])
        }
        gate.retryLater("/in/cut.jpg", now: now)
        gate.observe("/in/cut.jpg", stamp: a, now: 60)
        XCTAssertEqual(gate.ready(now: 60), [.readyIncomplete("/in/cut.jpg")])
        // Never again, even if the caller asks to retry: no loop.
        gate.retryLater("/in/cut.jpg", now: 60)
        gate.observe("/in/cut.jpg", stamp: a, now: 200)
        XCTAssertEqual(gate.ready(now: 200), [])
        // …until the file changes: then it is a new file to gate.
        gate.observe("/in/cut.jpg", stamp: b, now: 201, closed: true)
        gate.observe("/in/cut.jpg", stamp: b, now: 201.1)
        XCTAssertEqual(gate.ready(now: 201.1), [.ready("/in/cut.jpg")])
    }

    func testAChangeWhileIncompleteRestartsTheGiveUpClock() {
        var gate = gate()
        gate.observe("/in/dl.pdf", stamp: a, now: 0)
        gate.observe("/in/dl.pdf", stamp: a, now: 2)
        XCTAssertEqual(gate.ready(now: 2), [.ready("/in/dl.pdf")])
        gate.retryLater("/in/dl.pdf", now: 2)
        gate.observe("/in/dl.pdf", stamp: b, now: 50)             // the download resumed
        gate.observe("/in/dl.pdf", stamp: b, now: 70)
        XCTAssertEqual(gate.ready(now: 70), [.ready("/in/dl.pdf")], "a normal release, not a give-up")
    }

    func testAReleasedFileSeenAgainUnchangedIsNotReleasedAgain() {
        var gate = gate()
        gate.observe("/in/f", stamp: a, now: 0, closed: true)
        gate.observe("/in/f", stamp: a, now: 0.1)
        XCTAssertEqual(gate.ready(now: 0.1).count, 1)
        gate.observe("/in/f", stamp: a, now: 9, closed: true)     // touch, rescan, a second close
        gate.observe("/in/f", stamp: a, now: 20)
        XCTAssertEqual(gate.ready(now: 20), [])
    }

    func testForget() {
        var gate = gate()
        gate.observe("/in/d/x", stamp: a, now: 0)
        gate.observe("/in/d/y", stamp: a, now: 0)
        gate.observe("/in/dz", stamp: a, now: 0)
        gate.observe("/in/f", stamp: a, now: 0)
        gate.forgetTree("/in/d")
        gate.forget("/in/f")
        XCTAssertEqual(gate.waiting, ["/in/dz"])
        XCTAssertEqual(gate.count, 1)
    }

    func testReleasesAreSortedAndDeadlineIsTheEarliest() {
        var gate = gate()
        gate.observe("/in/b", stamp: a, now: 0)
        gate.observe("/in/a", stamp: a, now: 1)
        gate.observe("/in/c", stamp: a, now: 0.5, closed: true)
        XCTAssertEqual(try XCTUnwrap(gate.nextDeadline()), 0.52, accuracy: 1e-9)
        for path in gate.waiting { gate.observe(path, stamp: a, now: 3) }
        XCTAssertEqual(gate.ready(now: 3), [.ready("/in/a"), .ready("/in/b"), .ready("/in/c")])
    }
}
