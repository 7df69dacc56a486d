import XCTest
import IngestTestSupport
import IngestWatch

final class ArrivalQueueTests: XCTestCase {
    private func drain(_ queue: inout ArrivalQueue) -> [String] {
        var out: [String] = []
        while let path = queue.pop() { out.append(path) }
        return out
    }

    func testBacklogGoesNewestFirst() {
        var queue = ArrivalQueue()
        queue.addBacklog("/in/old", mtimeNs: 10)
        queue.addBacklog("/in/new", mtimeNs: 30)
        queue.addBacklog("/in/mid", mtimeNs: 20)
        XCTAssertEqual(queue.count, 3)
        XCTAssertEqual(drain(&queue), ["/in/new", "/in/mid", "/in/old"])
        XCTAssertNil(queue.pop())
        XCTAssertTrue(queue.isEmpty)
    }

    func testBacklogFromASnapshotWithEqualTimesIsOrderedByPath() {
        var queue = ArrivalQueue()
        let stamp = FileStamp(size: 1, mtimeNs: 5, inode: 1)
        queue.addBacklog(["/in/b": stamp, "/in/a": stamp, "/in/c": FileStamp(size: 1, mtimeNs: 9, inode: 2)])
        XCTAssertEqual(drain(&queue), ["/in/c", "/in/a", "/in/b"])
    }

    func testArrivalsGoAheadOfTheBacklogMostRecentFirst() {
        var queue = ArrivalQueue()
        queue.addBacklog("/in/backlog-new", mtimeNs: 100)
        queue.addBacklog("/in/backlog-old", mtimeNs: 1)
        XCTAssertEqual(queue.pop(), "/in/backlog-new")
        queue.addArrival("/in/first")
        queue.addArrival("/in/second")
        XCTAssertEqual(drain(&queue), ["/in/second", "/in/first", "/in/backlog-old"])
    }

    func testAPathIsQueuedOnceAndAReArrivalMovesUp() {
        var queue = ArrivalQueue()
        queue.addBacklog("/in/x", mtimeNs: 1)
        queue.addBacklog("/in/x", mtimeNs: 1)
        queue.addArrival("/in/a")
        queue.addArrival("/in/b")
        queue.addArrival("/in/a")        // moves ahead of b
        queue.addArrival("/in/x")        // leaves the backlog for the arrivals
        queue.addBacklog("/in/a", mtimeNs: 99)  // an arrival stays an arrival
        XCTAssertEqual(queue.count, 3)
        XCTAssertEqual(drain(&queue), ["/in/x", "/in/a", "/in/b"])
    }

    func testRemove() {
        var queue = ArrivalQueue()
        queue.addBacklog("/in/a", mtimeNs: 1)
        queue.addBacklog("/in/b", mtimeNs: 2)
        queue.addArrival("/in/c")
        queue.remove("/in/b")
        queue.remove("/in/c")
        queue.remove("/in/never")
        XCTAssertEqual(queue.count, 1)
        XCTAssertFalse(queue.contains("/in/b"))
        XCTAssertEqual(drain(&queue), ["/in/a"])
    }

    /// Random operations against a plain model: each pop is the newest arrival, else the newest
    /// backlog file; nothing is lost or duplicated.
    func testMatchesASimpleModel() {
        let seed: UInt64 = 0x5EED_0A11
        var rng = SeededGenerator(seed: seed)
        var queue = ArrivalQueue()
        var arrivals: [String] = []                       // most recent last
        var backlog: [String: Int64] = [:]
        for step in 0..<5000 {
            let path = "/in/f\(Int.random(in: 0..<40, using: &rng))"
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<3:
                let mtime = Int64.random(in: 0..<8, using: &rng)
                queue.addBacklog(path, mtimeNs: mtime)
                if !arrivals.contains(path) { backlog[path] = mtime }
            case 3..<5:
                queue.addArrival(path)
                arrivals.removeAll { $0 == path }
                arrivals.append(path)
                backlog[path] = nil
            case 5:
                queue.remove(path)
                arrivals.removeAll { $0 == path }
                backlog[path] = nil
            default:
                let expected: String?
                if let last = arrivals.popLast() {
                    expected = last
                } else {
                    expected = backlog.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }?.key
                    if let expected { backlog[expected] = nil }
                }
                XCTAssertEqual(queue.pop(), expected, "seed \(seed), step \(step)")
            }
            XCTAssertEqual(queue.count, arrivals.count + backlog.count, "seed \(seed), step \(step)")
        }
    }
}
