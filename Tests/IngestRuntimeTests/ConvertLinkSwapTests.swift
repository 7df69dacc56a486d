import Foundation
import IngestCore
import IngestPipeline
@testable import IngestRuntime
import IngestTestSupport
import XCTest

/// `convert` checks links on the file it opens, not only when it plans (issue 34): a file of the
/// course folder replaced by a link to a private file after the plan was made — between planning
/// and reading — is refused (`file.linkOutsideTree`), and the private text appears in no output;
/// a link swapped in that stays inside the folder is read. The swap is made by the run's own
/// observer when the document before it is finished (one slot: the next unit is not taken yet),
/// so the moment is exact; the documents are read by a real worker process (`ingest _reader`),
/// which receives the trees with each unit.
final class ConvertLinkSwapTests: XCTestCase {
    var dir: TemporaryDirectory!
    var course: URL { dir.url.appendingPathComponent("cours") }
    override func setUpWithError() throws { dir = try TemporaryDirectory("convert-swap") }
    override func tearDown() { dir.remove() }

    static let secretMark = "CLÉ-PRIVÉE-7Q"

    /// Calls `swap` once, when the first document is finished.
    final class SwapAfterFirst: RunObserver, @unchecked Sendable {
        // @unchecked: `done` is touched by the run's single slot thread only (one slot).
        let swap: @Sendable () -> Void
        var done = false
        init(_ swap: @escaping @Sendable () -> Void) { self.swap = swap }
        func started(total: Int) {}
        func finished(_ outcome: DocumentOutcome, done: Int, total: Int) {
            if !self.done { self.done = true; swap() }
        }
    }

    /// Plans `cours` (links out of it not followed unless `followsLinksOut`), swaps `b.txt` for a
    /// link to the private file and `c.txt` for a link to a hidden file of the course once `a.txt`
    /// is read, and returns the outcomes by source name.
    func run(followsLinksOut: Bool, out: String) throws -> [String: DocumentOutcome] {
        guard let binary = IngestBinary.url else { try missingTool("the ingest executable is not built (run swift build)") }
        let secret = try dir.write("private/cle.txt", Self.secretMark + "\n\n" + DistinctText.chapter(9))
        try dir.write("cours/a.txt", DistinctText.chapter(1))
        try dir.write("cours/b.txt", DistinctText.chapter(2))
        try dir.write("cours/c.txt", DistinctText.chapter(3))
        let hidden = try dir.write("cours/.reserve/c-vrai.txt", DistinctText.chapter(4))
        let output = dir.url.appendingPathComponent(out)
        var planner = InputPlanner(excluded: [output])
        planner.followsLinksOut = followsLinksOut
        let plan = planner.plan([course.path])
        XCTAssertEqual(plan.units.map(\.outputName), ["a", "b", "c"])
        XCTAssertEqual(plan.failures, [])

        var config = PipelineConfig()
        config.messageLanguage = .en
        let hello = WorkerHello(config: config, outputDirectory: output, libraryPath: dir.url.appendingPathComponent(out + ".sqlite").path,
                                password: nil, cacheDirectory: nil)
        let reader = SubprocessReader(hello: hello, slots: 1, executable: binary.path, prestarted: nil)
        let b = course.appendingPathComponent("b.txt").path, c = course.appendingPathComponent("c.txt").path
        let observer = SwapAfterFirst {
            // A link renamed over the name: the name is never missing, as an attacker would do it.
            XCTAssertEqual(symlink(secret.path, b + ".new"), 0)
            XCTAssertEqual(rename(b + ".new", b), 0)
            XCTAssertEqual(symlink(hidden.path, c + ".new"), 0)
            XCTAssertEqual(rename(c + ".new", c), 0)
        }
        let summary = try BatchRun(reader: reader, outputDirectory: output, libraryPath: hello.libraryPath, language: .en)
            .run(units: plan.units, observer: observer)
        return Dictionary(uniqueKeysWithValues: summary.documents.map { ($0.sources[0], $0) })
    }

    /// Every file written under `out` that holds the private text.
    func leaks(_ out: String) throws -> [String] {
        let folder = dir.url.appendingPathComponent(out)
        return try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { name in
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else { return false }
            return String(decoding: data, as: UTF8.self).contains(Self.secretMark)
        }
    }

    func testALinkSwappedInAfterPlanningIsRefusedOnTheFileOpened() throws {
        let outcomes = try run(followsLinksOut: false, out: "out")
        XCTAssertEqual(outcomes["a.txt"]?.status, .succeeded)
        XCTAssertEqual(outcomes["b.txt"]?.status, .failed)
        XCTAssertEqual(outcomes["b.txt"]?.error?.code, .fileLinkOutsideTree)
        XCTAssertEqual(outcomes["b.txt"]?.error?.message,
                       "“b.txt” is a link to a file outside the folders given: it is not read. Add --follow-links to follow such links.")
        // A link that stays in the folder is followed: the hidden file's text, every word.
        XCTAssertEqual(outcomes["c.txt"]?.status, .succeeded)
        let c = try JSONValue.parse(Data(contentsOf: dir.url.appendingPathComponent("out/c.json")))
        XCTAssertEqual(c["text"]?.stringValue?.split(whereSeparator: \.isWhitespace),
                       DistinctText.chapter(4).split(whereSeparator: \.isWhitespace))
        XCTAssertEqual(try leaks("out"), [], "the private text was written")
    }

    /// The control: with links followed (`--follow-links`), the same swap brings the private
    /// text in — the swap happens where the test says it does.
    func testTheSameSwapIsReadWhenLinksAreFollowed() throws {
        let outcomes = try run(followsLinksOut: true, out: "out-followed")
        XCTAssertEqual(outcomes["b.txt"]?.status, .succeeded)
        XCTAssertTrue(try leaks("out-followed").contains("b.json"))
    }
}
