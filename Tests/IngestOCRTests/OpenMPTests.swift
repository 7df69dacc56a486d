import CTesseract
import Foundation
import IngestCore
@testable import IngestOCR
import IngestTestSupport
import XCTest

/// Debian's libtesseract runs OpenMP teams that make OCR ~8× slower on small machines unless
/// OpenMP is limited. These tests start this test binary again as a child process WITHOUT
/// `OMP_THREAD_LIMIT` (as a user's shell or a library caller would) and look at what it does.
final class OpenMPTests: XCTestCase {
    static let childVariable = "INGEST_OMP_CHILD"

    /// Runs one test of this class in a child process with `environment` changes; returns its output.
    func runChild(_ test: String, _ changes: [String: String?]) throws -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        p.arguments = ["IngestOCRTests.OpenMPTests/\(test)"]
        var env = ProcessInfo.processInfo.environment
        for (k, v) in changes { env[k] = v }
        p.environment = env
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func testRecognitionStaysSingleThreadedWithoutThreadLimitInEnvironment() throws {
        let r = try runChild("testChildRecognizesAndCountsThreads",
                             ["OMP_THREAD_LIMIT": nil, OpenMP.reexecMarker: nil, Self.childVariable: "count"])
        XCTAssertEqual(r.status, 0, r.output)
        let line = try XCTUnwrap(r.output.split(separator: "\n").first { $0.hasPrefix("OMPCHILD ") }, r.output)
        let f = line.split(separator: " ")
        XCTAssertEqual(f[1], "limit=unset", "the child must run without OMP_THREAD_LIMIT")
        let before = try XCTUnwrap(Int(f[2].dropFirst(7))), after = try XCTUnwrap(Int(f[3].dropFirst(6)))
        // Without the guard, libgomp leaves a team of worker threads (up to 9) parked after the
        // first parallel region; with it, recognition runs on the calling thread alone.
        XCTAssertTrue(OpenMP.isPresent, "Debian's libtesseract links OpenMP; the guard must find it")
        XCTAssertLessThanOrEqual(after - before, 1, "OpenMP threads were started: \(line)")
        XCTAssertTrue(f[4].hasPrefix("words="), String(line))
        XCTAssertGreaterThan(Int(f[4].dropFirst(6)) ?? 0, 20, "the child really recognised a page")
    }

    /// Tesseract (and libgomp) is opened on first use, after `prepareProcess`: setting the
    /// variable is enough, no re-execution; the runtime loaded afterwards reports limit 1.
    func testPrepareProcessSetsThreadLimitReadByTesseractLoadedLater() throws {
        let r = try runChild("testChildRecognizesAndCountsThreads",
                             ["OMP_THREAD_LIMIT": nil, OpenMP.reexecMarker: nil, Self.childVariable: "reexec"])
        XCTAssertEqual(r.status, 0, r.output)
        let lines = r.output.split(separator: "\n").filter { $0.hasPrefix("OMPCHILD ") }
        XCTAssertEqual(lines.count, 1, r.output)
        XCTAssertEqual(lines.first.map(String.init), "OMPCHILD reexec limit=1 marker=unset loadedBefore=false omp=1")
    }

    /// When the OpenMP runtime is already loaded (it read its environment), the program is
    /// re-executed once with the variable set.
    func testPrepareProcessReexecutesOnceWhenRuntimeAlreadyLoaded() throws {
        let r = try runChild("testChildRecognizesAndCountsThreads",
                             ["OMP_THREAD_LIMIT": nil, OpenMP.reexecMarker: nil, Self.childVariable: "reexec-loaded"])
        XCTAssertEqual(r.status, 0, r.output)
        let lines = r.output.split(separator: "\n").filter { $0.hasPrefix("OMPCHILD ") }
        // Exactly one report, from the re-executed process, which has the variable and the marker.
        XCTAssertEqual(lines.count, 1, r.output)
        XCTAssertEqual(lines.first.map(String.init), "OMPCHILD reexec limit=1 marker=1 loadedBefore=true omp=1")
    }

    /// libtesseract's parallel regions bind to the executable's GOMP_parallel (serial_openmp.c),
    /// not libgomp's, whose one-thread barrier makes a system call per region: a page goes
    /// through thousands of regions, all counted there, and is still read.
    func testTesseractsParallelRegionsRunThroughTheSerialOpenMP() throws {
        let engine = try TesseractEngine(languages: "fra+eng")
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let pix = try ImageSource(url: dir.write("p.png", TextPage.png(TextPage.english))).decode(page: 0, maxPixels: 200_000_000)
        let before = ingest_serial_openmp_regions()
        let page = try engine.recognize(pix, deadline: .distantFuture, limitSeconds: 60, page: 1)
        let regions = ingest_serial_openmp_regions() - before
        XCTAssertGreaterThan(regions, 1_000, "libtesseract's OpenMP calls did not reach serial_openmp.c")
        XCTAssertGreaterThan(page.wordConfidences.count, 20, "the page was read")
    }

    /// Not a test on its own: the body run in the child process.
    func testChildRecognizesAndCountsThreads() throws {
        guard let mode = ProcessInfo.processInfo.environment[Self.childVariable] else {
            throw XCTSkip("by design: runs only as the child process of the other OpenMP tests")
        }
        let env = ProcessInfo.processInfo.environment
        if mode == "reexec" || mode == "reexec-loaded" {
            if mode == "reexec-loaded" { XCTAssertEqual(ingest_tesseract_load(), 1) }
            let loadedBefore = OpenMP.runtimeLoaded
            OpenMP.reexecIfNeeded()   // with the runtime loaded, returns only in the re-executed process
            let now = ProcessInfo.processInfo.environment
            let limit = ingest_tesseract_lookup("omp_get_thread_limit").map {
                String(unsafeBitCast($0, to: (@convention(c) () -> Int32).self)())
            } ?? "none"
            print("OMPCHILD reexec limit=\(now["OMP_THREAD_LIMIT"] ?? "unset") marker=\(now[OpenMP.reexecMarker] ?? "unset") loadedBefore=\(loadedBefore) omp=\(limit)")
            return
        }
        let engine = try TesseractEngine(languages: "fra+eng")
        let pngData = TextPage.png(TextPage.english)
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let pix = try ImageSource(url: dir.write("p.png", pngData)).decode(page: 0, maxPixels: 200_000_000)
        let before = OpenMP.threadCount() ?? -1
        let page = try engine.recognize(pix, deadline: .distantFuture, limitSeconds: 60, page: 1)
        let after = OpenMP.threadCount() ?? -1
        print("OMPCHILD limit=\(env["OMP_THREAD_LIMIT"] ?? "unset") before=\(before) after=\(after) words=\(page.wordConfidences.count)")
    }
}
