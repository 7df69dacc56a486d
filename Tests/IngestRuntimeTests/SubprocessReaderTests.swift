import Foundation
import IngestCore
import IngestPipeline
@testable import IngestRuntime
import IngestTestSupport
import XCTest

/// The worker-process reader through the library API, with the real `ingest` executable as the
/// worker: hard limits, crash isolation and recycling, each with a real input.
final class SubprocessReaderTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("runtime") }
    override func tearDown() { dir.remove() }

    func reader(_ edit: (inout PipelineConfig) -> Void = { _ in }, slots: Int = 1,
                environment: [String: String] = [:]) throws -> SubprocessReader {
        guard let binary = IngestBinary.url else { try missingTool("the ingest executable is not built (run swift build)") }
        var config = PipelineConfig()
        config.messageLanguage = .en
        edit(&config)
        let hello = WorkerHello(config: config, outputDirectory: dir.url.appendingPathComponent("out"),
                                libraryPath: dir.url.appendingPathComponent("lib.sqlite").path, password: nil, cacheDirectory: nil)
        return SubprocessReader(hello: hello, slots: slots, executable: binary.path,
                                environment: ProcessInfo.processInfo.environment.merging(environment) { _, b in b })
    }

    func chapter(_ name: String) throws -> ImportUnit {
        // Different texts (chapters differing by their name alone would be near-duplicates).
        let url = try dir.write("in/\(name).txt", "Chapitre \(name)\n\n" + DistinctText.chapter(name.unicodeScalars.reduce(0) { $0 &* 31 &+ Int($1.value) }))
        return ImportUnit(sources: [.file(url)], outputName: name)
    }

    /// Three photos of one board (`samples/tableau-*.jpg`): one document of three OCR'd pages.
    var board: ImportUnit {
        let photos = (1...3).map { Corpus.repositoryRoot.appendingPathComponent("samples/tableau-\($0).jpg", isDirectory: false) }
        return ImportUnit(sources: [UnitSource(files: photos, name: "tableau")], outputName: "tableau")
    }

    func testOCRPagesTakeTheCoreAnIdleSlotLeavesAndGiveItBack() throws {
        // Two slots, one document: its worker asks for the idle slot's core over the channel and
        // reads two pages at once; every core is back when the unit ends.
        let two = try reader({ $0.ocr.workers = 2 }, slots: 2)
        defer { two.close() }
        let o = try two.read(board, slot: 0, skipsDone: false, events: ReadEvents())
        XCTAssertEqual(o.status, .succeeded, "\(o)")
        XCTAssertEqual(two.cores.peak, 2, "a page was read on the lent core")
        XCTAssertEqual(two.cores.held, 0)
        XCTAssertEqual(two.cores.queued, 0, "no question left waiting")
        // `concurrency 1` is one core, OCR included: the pages one after another. The second OCR
        // thread waits for a core all through the unit (its question queued by the supervisor)
        // and ends when the last page is handed out (the question withdrawn): the read returns.
        let one = try reader({ $0.ocr.workers = 2 }, slots: 1)
        defer { one.close() }
        let p = try one.read(board, slot: 0, skipsDone: false, events: ReadEvents())
        XCTAssertEqual(p.status, .succeeded, "\(p)")
        XCTAssertEqual(one.cores.peak, 1)
        XCTAssertEqual(one.cores.held, 0)
        XCTAssertEqual(one.cores.queued, 0, "the waiting question was withdrawn")
    }

    func testTheCoresOfAWorkerThatCrashesComeBack() throws {
        let r = try reader({ $0.ocr.workers = 2 }, slots: 2, environment: [TestFault.Kind.crash.variable: "tableau"])
        defer { r.close() }
        let o = try r.read(board, slot: 0, skipsDone: false, events: ReadEvents())
        XCTAssertEqual(o.error?.code, .readerCrashed, "\(o)")
        XCTAssertEqual(r.cores.held, 0)
    }

    func testReadsDocumentsAndRecyclesWorkersAfterNDocuments() throws {
        let r = try reader { $0.workers.recycleAfterDocuments = 2 }
        defer { r.close() }
        for name in ["a", "b", "c", "d", "e"] {
            let o = try r.read(try chapter(name), slot: 0, skipsDone: true, events: ReadEvents())
            XCTAssertEqual(o.status, .succeeded, "\(o)")
            XCTAssertEqual(o.kind, "text")
        }
        // 5 documents, a new worker every 2: three workers.
        XCTAssertEqual(r.workersStarted, 3)
    }

    func testAWorkersSuccessorStartsBeforeItsRecyclingAndTakesOver() throws {
        // Recycled after 18 documents: the successor starts 16 before (after the second), so the
        // slot never waits for a process start at the recycling.
        let r = try reader { $0.workers.recycleAfterDocuments = SubprocessReader.successorLead + 2 }
        defer { r.close() }
        var startedAfter: [Int] = []
        for i in 1...20 {
            let o = try r.read(try chapter("s\(i)"), slot: 0, skipsDone: true, events: ReadEvents())
            XCTAssertEqual(o.status, .succeeded, "\(o)")
            startedAfter.append(r.workersStarted)
        }
        XCTAssertEqual(startedAfter[0], 1)
        XCTAssertEqual(startedAfter[1], 2, "the successor started 16 documents before the recycling")
        XCTAssertEqual(startedAfter[17], 2, "the successor took over at the 18th: no start then")
        XCTAssertEqual(startedAfter[18], 2)
        XCTAssertEqual(startedAfter[19], 3, "the successor's own successor, two documents in")
    }

    func testASuccessorTakesOverFromAWorkerThatCrashed() throws {
        let r = try reader({ $0.workers.recycleAfterDocuments = SubprocessReader.successorLead + 1 },
                           environment: [TestFault.Kind.crash.variable: "boom"])
        defer { r.close() }
        XCTAssertEqual(try r.read(try chapter("first"), slot: 0, skipsDone: true, events: ReadEvents()).status, .succeeded)
        XCTAssertEqual(r.workersStarted, 2, "a successor is ready")
        let crashed = try r.read(try chapter("boom"), slot: 0, skipsDone: true, events: ReadEvents())
        XCTAssertEqual(crashed.error?.code, .readerCrashed)
        let next = try r.read(try chapter("next"), slot: 0, skipsDone: true, events: ReadEvents())
        XCTAssertEqual(next.status, .succeeded, "\(next)")
        XCTAssertEqual(r.workersStarted, 3, "the successor read it (and started its own): no other start")
    }

    func testAHangingDocumentIsKilledAtTheTimeLimitAndTheNextOneIsRead() throws {
        let r = try reader({ $0.limits.documentTimeLimitSeconds = 0.5 }, environment: [TestFault.Kind.hang.variable: "stuck"])
        defer { r.close() }
        let started = Date()
        let hung = try r.read(try chapter("stuck"), slot: 0, skipsDone: true, events: ReadEvents())
        XCTAssertEqual(hung.status, .failed)
        XCTAssertEqual(hung.error?.code, .timeout)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30, "killed, not waited for")
        let next = try r.read(try chapter("next"), slot: 0, skipsDone: true, events: ReadEvents())
        XCTAssertEqual(next.status, .succeeded, "\(next)")
        XCTAssertEqual(r.workersStarted, 2)
    }

    func testACrashCostsOneDocument() throws {
        let r = try reader(environment: [TestFault.Kind.crash.variable: "boom"])
        defer { r.close() }
        let crashed = try r.read(try chapter("boom"), slot: 0, skipsDone: true, events: ReadEvents())
        XCTAssertEqual(crashed.error?.code, .readerCrashed)
        XCTAssertTrue(crashed.error?.message.contains("SIGSEGV") == true, crashed.error?.message ?? "")
        XCTAssertEqual(try r.read(try chapter("after"), slot: 0, skipsDone: true, events: ReadEvents()).status, .succeeded)
    }

    /// A real memory-hungry input: a 6,000 × 6,000 photo (tiny as a PNG, ~144 MB once decoded for
    /// OCR) read by a worker allowed 100 MB.
    func testAMemoryHungryDocumentGetsRunMemory() throws {
        let png = dir.url.appendingPathComponent("in/huge.png")
        try FileManager.default.createDirectory(at: png.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.writeSolidPNG(to: png, width: 6000, height: 6000)
        let r = try reader { $0.workers.memoryLimitMB = 100 }
        defer { r.close() }
        let o = try r.read(ImportUnit(sources: [.file(png)], outputName: "huge"), slot: 0, skipsDone: true, events: ReadEvents())
        XCTAssertEqual(o.error?.code, .memoryLimit, "\(o)")
        XCTAssertTrue(o.error?.message.contains("100 MB") == true, o.error?.message ?? "")
        XCTAssertEqual(try r.read(try chapter("small"), slot: 0, skipsDone: true, events: ReadEvents()).status, .succeeded)
    }

    func testAWorkerThatCannotOpenTheLibraryStopsTheRun() throws {
        guard let binary = IngestBinary.url else { try missingTool("the ingest executable is not built (run swift build)") }
        try dir.write("not-a-folder", "x")
        let hello = WorkerHello(config: PipelineConfig(), outputDirectory: dir.url,
                                libraryPath: dir.url.appendingPathComponent("not-a-folder/lib.sqlite").path,
                                password: nil, cacheDirectory: nil)
        let r = SubprocessReader(hello: hello, slots: 1, executable: binary.path)
        defer { r.close() }
        XCTAssertThrowsError(try r.read(try chapter("a"), slot: 0, skipsDone: true, events: ReadEvents())) { error in
            XCTAssertEqual((error as? IngestError)?.code, .libraryUnavailable)
        }
    }

    /// A solid white RGB PNG, written with Python's zlib (compresses to a few hundred KB).
    static func writeSolidPNG(to url: URL, width: Int, height: Int) throws {
        let script = """
        import struct, sys, zlib
        w, h, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
        def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
        row = b'\\x00' + b'\\xff' * (3 * w)
        c = zlib.compressobj(9); body = b''.join(c.compress(row) for _ in range(h)) + c.flush()
        open(path, 'wb').write(b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0)) + chunk(b'IDAT', body) + chunk(b'IEND', b''))
        """
        guard let r = runTool("/usr/bin/python3", ["-c", script, String(width), String(height), url.path]), r.status == 0 else {
            try missingTool("python3 is needed to write the large PNG (scripts/install.sh --tests installs it)")
        }
    }
}
