#if os(Linux)
import Glibc
import XCTest
import IngestCore
import IngestTestSupport
import IngestWatch

/// The watcher against the real kernel, in a temporary folder. Waits are bounded (a few seconds
/// at most when something is wrong); nothing here measures speed.
final class InotifyWatcherTests: XCTestCase {
    private var inbox: TemporaryDirectory!
    private var outside: TemporaryDirectory!

    override func setUpWithError() throws {
        inbox = try TemporaryDirectory("watch-inbox")
        outside = try TemporaryDirectory("watch-outside")
    }

    override func tearDown() {
        inbox.remove()
        outside.remove()
    }

    private func path(_ relative: String) -> String { inbox.url.appendingPathComponent(relative).path }

    /// Waits until `done` holds for everything seen so far, or 5 s pass.
    private func collect(_ watcher: InotifyWatcher, until done: ([WatchEvent]) -> Bool) -> [WatchEvent] {
        var events: [WatchEvent] = []
        let deadline = Date().addingTimeInterval(5)
        while !done(events), Date() < deadline { events += watcher.wait(timeout: 0.2) }
        return events
    }

    private func closed(_ events: [WatchEvent]) -> Set<String> {
        Set(events.compactMap { if case .changed(let url, true) = $0 { url.path } else { nil } })
    }
    private func movedIn(_ events: [WatchEvent]) -> Set<String> {
        Set(events.compactMap { if case .movedIn(let url) = $0 { url.path } else { nil } })
    }
    private func changed(_ events: [WatchEvent]) -> Set<String> {
        Set(events.compactMap { if case .changed(let url, _) = $0 { url.path } else { nil } })
    }
    private func removed(_ events: [WatchEvent]) -> Set<String> {
        Set(events.compactMap { if case .removed(let url) = $0 { url.path } else { nil } })
    }

    func testWriteAndCloseIsAClosedChange() throws {
        let watcher = try InotifyWatcher(root: inbox.url)
        XCTAssertEqual(watcher.wait(timeout: 0), [])
        try inbox.write("cours.pdf", "%PDF-1.4")
        let events = collect(watcher) { self.closed($0).contains(self.path("cours.pdf")) }
        XCTAssertTrue(closed(events).contains(path("cours.pdf")), "\(events)")
        XCTAssertTrue(events.allSatisfy { $0.url?.path.hasPrefix("/") ?? true }, "absolute paths")
    }

    func testEditorStyleWriteThenRenameOver() throws {
        try inbox.write("notes.txt", "old")
        let watcher = try InotifyWatcher(root: inbox.url)
        try outside.write("unused", "")  // nothing outside the inbox is reported
        try inbox.write("notes.txt.tmp", "new text")
        XCTAssertEqual(rename(path("notes.txt.tmp"), path("notes.txt")), 0)
        let events = collect(watcher) { self.closed($0).contains(self.path("notes.txt")) }
        XCTAssertTrue(closed(events).contains(path("notes.txt")), "\(events)")
        XCTAssertTrue(removed(events).contains(path("notes.txt.tmp")), "\(events)")
        let documents = changed(events).filter { !TemporaryNames.isIgnored(($0 as NSString).lastPathComponent) }
        XCTAssertEqual(documents, [path("notes.txt")])
    }

    func testBrowserStyleDownloadThenRename() throws {
        let watcher = try InotifyWatcher(root: inbox.url)
        try inbox.write("x.pdf.crdownload", "%PDF-1.4 partial")
        XCTAssertEqual(rename(path("x.pdf.crdownload"), path("x.pdf")), 0)
        let events = collect(watcher) { self.closed($0).contains(self.path("x.pdf")) }
        XCTAssertTrue(closed(events).contains(path("x.pdf")), "\(events)")
        XCTAssertTrue(removed(events).contains(path("x.pdf.crdownload")), "\(events)")
    }

    func testRsyncStyleHiddenTemporaryThenRename() throws {
        try FileManager.default.createDirectory(atPath: path("cours"), withIntermediateDirectories: true)
        let watcher = try InotifyWatcher(root: inbox.url)
        try inbox.write("cours/.x.pdf.AbC123", "%PDF-1.4")
        XCTAssertEqual(rename(path("cours/.x.pdf.AbC123"), path("cours/x.pdf")), 0)
        let events = collect(watcher) { self.closed($0).contains(self.path("cours/x.pdf")) }
        XCTAssertTrue(closed(events).contains(path("cours/x.pdf")), "\(events)")
        XCTAssertTrue(TemporaryNames.isIgnored(".x.pdf.AbC123"))
    }

    func testFilesWrittenIntoFreshlyMadeFoldersAreAllReported() throws {
        let watcher = try InotifyWatcher(root: inbox.url)
        XCTAssertEqual(watcher.watchedFolderCount, 1)
        // mkdir -p then files at once: they exist before any watch on the new folders.
        try FileManager.default.createDirectory(atPath: path("a/b/c"), withIntermediateDirectories: true)
        let names = ["a/f0.txt", "a/b/f1.txt", "a/b/c/f2.txt", "a/b/c/f3.txt"]
        for name in names { try inbox.write(name, name) }
        var events = collect(watcher) { self.changed($0).isSuperset(of: names.map(self.path)) }
        XCTAssertTrue(changed(events).isSuperset(of: names.map(path)), "\(events)")
        XCTAssertEqual(watcher.watchedFolderCount, 4)
        // The new folders are watched from now on.
        try inbox.write("a/b/c/later.txt", "later")
        events = collect(watcher) { self.closed($0).contains(self.path("a/b/c/later.txt")) }
        XCTAssertTrue(closed(events).contains(path("a/b/c/later.txt")), "\(events)")
    }

    func testAFolderMovedInReportsItsFilesAsFinished() throws {
        try outside.write("lot/1/a.pdf", "a")
        try outside.write("lot/2/deep/b.pdf", "b")
        try outside.write("lot/c.pdf", "c")
        try outside.write("lot/.git/HEAD", "ignored folder")
        let watcher = try InotifyWatcher(root: inbox.url)
        XCTAssertEqual(rename(outside.url.appendingPathComponent("lot").path, path("lot")), 0)
        let expected: Set<String> = ["lot/1/a.pdf", "lot/2/deep/b.pdf", "lot/c.pdf"].reduce(into: []) { $0.insert(path($1)) }
        var events = collect(watcher) { self.movedIn($0).isSuperset(of: expected) }
        XCTAssertEqual(movedIn(events), expected, "\(events)")
        XCTAssertEqual(closed(events), [], "moved in, not written: \(events)")
        XCTAssertEqual(watcher.watchedFolderCount, 5, "inbox, lot, lot/1, lot/2, lot/2/deep; not .git")
        try inbox.write("lot/2/deep/new.pdf", "n")
        events = collect(watcher) { self.closed($0).contains(self.path("lot/2/deep/new.pdf")) }
        XCTAssertTrue(closed(events).contains(path("lot/2/deep/new.pdf")), "\(events)")
    }

    func testDeletedFilesAndFolders() throws {
        try inbox.write("f.pdf", "x")
        try inbox.write("d/e/g.pdf", "y")
        let watcher = try InotifyWatcher(root: inbox.url)
        XCTAssertEqual(watcher.watchedFolderCount, 3)
        try FileManager.default.removeItem(atPath: path("f.pdf"))
        var events = collect(watcher) { self.removed($0).contains(self.path("f.pdf")) }
        XCTAssertEqual(removed(events), [path("f.pdf")], "\(events)")
        try FileManager.default.removeItem(atPath: path("d"))
        events = collect(watcher) { self.removed($0).contains(self.path("d")) }
        XCTAssertTrue(removed(events).isSuperset(of: [path("d"), path("d/e/g.pdf")]), "\(events)")
        XCTAssertEqual(watcher.watchedFolderCount, 1)
    }

    func testAFolderMovedOutIsRemovedAndUnwatched() throws {
        try inbox.write("d/sub/a.pdf", "a")
        let watcher = try InotifyWatcher(root: inbox.url)
        XCTAssertEqual(rename(path("d"), outside.url.appendingPathComponent("d").path), 0)
        let events = collect(watcher) { self.removed($0).contains(self.path("d")) }
        XCTAssertEqual(removed(events), [path("d")], "\(events)")
        XCTAssertEqual(watcher.watchedFolderCount, 1)
        // What happens out there is no longer reported.
        try outside.write("d/sub/b.pdf", "b")
        XCTAssertEqual(watcher.wait(timeout: 0.2), [])
    }

    func testAFolderRenamedInsideTheInboxIsWatchedUnderItsNewName() throws {
        try inbox.write("old/a.pdf", "a")
        let watcher = try InotifyWatcher(root: inbox.url)
        XCTAssertEqual(rename(path("old"), path("new")), 0)
        var events = collect(watcher) { self.movedIn($0).contains(self.path("new/a.pdf")) }
        XCTAssertTrue(removed(events).contains(path("old")), "\(events)")
        XCTAssertTrue(movedIn(events).contains(path("new/a.pdf")), "\(events)")
        try inbox.write("new/b.pdf", "b")
        events = collect(watcher) { self.closed($0).contains(self.path("new/b.pdf")) }
        XCTAssertTrue(closed(events).contains(path("new/b.pdf")), "\(events)")
        XCTAssertEqual(watcher.watchedFolderCount, 2)
    }

    func testDotFoldersAreNotWatched() throws {
        let watcher = try InotifyWatcher(root: inbox.url)
        try FileManager.default.createDirectory(atPath: path(".git/objects"), withIntermediateDirectories: true)
        try inbox.write(".git/objects/ab", "x")
        try inbox.write("after.pdf", "x")
        let events = collect(watcher) { self.closed($0).contains(self.path("after.pdf")) }
        XCTAssertFalse(events.contains { $0.url?.path.contains("/.git") ?? false }, "\(events)")
        XCTAssertEqual(watcher.watchedFolderCount, 1)
    }

    func testAHardLinkIsReportedAsCreated() throws {
        try outside.write("src.pdf", "x")
        let watcher = try InotifyWatcher(root: inbox.url)
        XCTAssertEqual(link(outside.url.appendingPathComponent("src.pdf").path, path("linked.pdf")), 0)
        let events = collect(watcher) { self.changed($0).contains(self.path("linked.pdf")) }
        XCTAssertTrue(events.contains(.changed(URL(fileURLWithPath: path("linked.pdf")), closed: false)), "\(events)")
    }

    func testAQueueOverflowIsReportedAndWatchingGoesOn() throws {
        try inbox.write("a", "")
        try inbox.write("b", "")
        let watcher = try InotifyWatcher(root: inbox.url)
        // Opening for writing and closing, alternately on two files (the kernel merges only an
        // event identical to the last one queued): one close-write each, past the queue's size,
        // without the cost of creating thousands of files.
        let queued = Int(InotifyLimits.value("max_queued_events")) ?? 16384
        for k in 0..<(queued + 2_000) {
            let fd = open(path(k % 2 == 0 ? "a" : "b"), O_WRONLY)
            XCTAssertGreaterThanOrEqual(fd, 0)
            close(fd)
        }
        let events = collect(watcher) { $0.contains(.overflow) }
        XCTAssertEqual(events.filter { $0 == .overflow }.count, 1, "one overflow among \(events.count) events")
        while !watcher.wait(timeout: 0).isEmpty {}
        try inbox.write("after.pdf", "x")
        let after = collect(watcher) { self.closed($0).contains(self.path("after.pdf")) }
        XCTAssertTrue(closed(after).contains(path("after.pdf")), "\(after)")
    }

    func testTheRootItselfRemoved() throws {
        let watcher = try InotifyWatcher(root: inbox.url)
        inbox.remove()
        let events = collect(watcher) { self.removed($0).contains(self.inbox.url.path) }
        XCTAssertTrue(removed(events).contains(inbox.url.path), "\(events)")
    }

    func testAMissingOrNonFolderRootThrows() throws {
        XCTAssertThrowsError(try InotifyWatcher(root: inbox.url.appendingPathComponent("absent"))) { error in
            XCTAssertEqual((error as? IngestError)?.code, .fileNotFound)
        }
        let file = try inbox.write("file.txt", "x")
        XCTAssertThrowsError(try InotifyWatcher(root: file)) { error in
            XCTAssertEqual((error as? IngestError)?.code, .watchUnavailable)
        }
    }
}

/// The kernel's current inotify settings, for sizing the overflow test.
enum InotifyLimits {
    static func value(_ name: String) -> String {
        ((try? String(contentsOfFile: "/proc/sys/fs/inotify/" + name, encoding: .utf8)) ?? "")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
#endif
