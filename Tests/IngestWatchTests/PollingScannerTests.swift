import XCTest
import IngestTestSupport
import IngestWatch

final class PollingScannerTests: XCTestCase {
    func testSnapshotListsFilesRecursivelyWithTheirStamps() throws {
        let dir = try TemporaryDirectory("scan")
        defer { dir.remove() }
        let a = try dir.write("a.pdf", "12345")
        let b = try dir.write("cours/semaine 1/b.txt", "ab")
        try dir.write(".git/objects/x", "ignored folder")
        try dir.write("cours/.hidden-file", "kept: the loop filters names")
        let snapshot = PollingScanner().snapshot(root: dir.url)
        XCTAssertEqual(Set(snapshot.keys), [a.path, b.path, dir.url.appendingPathComponent("cours/.hidden-file").path])
        XCTAssertEqual(snapshot[a.path]?.size, 5)
        XCTAssertEqual(snapshot[b.path]?.size, 2)
        XCTAssertEqual(snapshot[a.path], FileStamp(path: a.path))
        XCTAssertNotEqual(snapshot[a.path]?.inode, snapshot[b.path]?.inode)
        XCTAssertGreaterThan(snapshot[a.path]?.mtimeNs ?? 0, 1_000_000_000 * 1_600_000_000)
    }

    func testSymlinkLoopsAreWalkedOnce() throws {
        let dir = try TemporaryDirectory("scan-loop")
        defer { dir.remove() }
        let f = try dir.write("d/f.txt", "x")
        try FileManager.default.createSymbolicLink(atPath: dir.url.appendingPathComponent("d/loop").path,
                                                   withDestinationPath: dir.url.path)
        try FileManager.default.createSymbolicLink(atPath: dir.url.appendingPathComponent("d/self").path,
                                                   withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: dir.url.appendingPathComponent("broken").path,
                                                   withDestinationPath: "/nonexistent/ingest")
        XCTAssertEqual(Array(PollingScanner().snapshot(root: dir.url).keys), [f.path])
    }

    func testAMissingRootIsEmpty() {
        XCTAssertEqual(PollingScanner().snapshot(root: URL(fileURLWithPath: "/nonexistent/ingest-inbox")), [:])
    }

    func testDiffReportsNewChangedAndRemovedFilesByPath() {
        let s1 = FileStamp(size: 1, mtimeNs: 1, inode: 1)
        let s2 = FileStamp(size: 2, mtimeNs: 2, inode: 1)
        let old = ["/in/same": s1, "/in/grown": s1, "/in/gone": s1, "/in/replaced": s1]
        let new = ["/in/same": s1, "/in/grown": s2, "/in/new": s1,
                   "/in/replaced": FileStamp(size: 1, mtimeNs: 1, inode: 9)]
        let url = { URL(fileURLWithPath: $0) }
        XCTAssertEqual(PollingScanner().diff(old, new), [
            .removed(url("/in/gone")), .changed(url("/in/grown"), closed: false),
            .changed(url("/in/new"), closed: false), .changed(url("/in/replaced"), closed: false),
        ])
        XCTAssertEqual(PollingScanner().diff(new, new), [])
    }

    func testTwoSnapshotsAroundChangesOnDisk() throws {
        let dir = try TemporaryDirectory("scan-diff")
        defer { dir.remove() }
        let keep = try dir.write("keep.txt", "k")
        let grow = try dir.write("grow.txt", "g")
        let gone = try dir.write("sub/gone.txt", "x")
        let scanner = PollingScanner()
        let before = scanner.snapshot(root: dir.url)
        try "grown".write(to: grow, atomically: false, encoding: .utf8)
        try FileManager.default.removeItem(at: gone)
        let added = try dir.write("sub/added.txt", "new")
        let events = scanner.diff(before, scanner.snapshot(root: dir.url))
        XCTAssertEqual(events.compactMap(\.url?.path), [grow.path, added.path, gone.path].sorted())
        XCTAssertFalse(events.contains { $0.url?.path == keep.path })
    }
}
