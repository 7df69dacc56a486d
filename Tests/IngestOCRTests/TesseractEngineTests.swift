import CTesseract
import Foundation
import IngestCore
@testable import IngestOCR
import IngestTestSupport
import XCTest

final class TesseractEngineTests: XCTestCase {
    func assertLanguageMissing(_ languages: String, dataPath: String?, names expected: String,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try TesseractEngine(languages: languages, dataPath: dataPath), file: file, line: line) { error in
            let e = error as? IngestError
            XCTAssertEqual(e?.code, .ocrLanguageMissing, file: file, line: line)
            XCTAssertEqual(e?.arguments["package"], expected, file: file, line: line)
            XCTAssertTrue(e?.message(.fr).contains("apt install \(expected)") ?? false, file: file, line: line)
        }
    }

    func testUnknownLanguageNamesItsPackage() {
        assertLanguageMissing("fra+xyz", dataPath: nil, names: "tesseract-ocr-xyz")
        assertLanguageMissing("chi_sim", dataPath: nil, names: "tesseract-ocr-chi-sim")
    }

    /// Init with "fra+eng" succeeds when only fra loads: the engine must check what loaded.
    func testPartlyLoadedLanguagesAreCaught() throws {
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        try FileManager.default.createSymbolicLink(atPath: dir.url.appendingPathComponent("fra.traineddata").path,
                                                   withDestinationPath: TessData.defaultPath + "/fra.traineddata")
        XCTAssertNoThrow(try TesseractEngine(languages: "fra", dataPath: dir.url.path + "/"))
        assertLanguageMissing("fra+eng", dataPath: dir.url.path + "/", names: "tesseract-ocr-eng")
    }

    func testWrongDataPathIsALanguageError() {
        assertLanguageMissing("fra+eng", dataPath: "/nonexistent/tessdata/", names: "tesseract-ocr-fra tesseract-ocr-eng")
    }

    func testExtractorReportsMissingLanguageAsDocumentError() throws {
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let url = try dir.write("p.png", ImageFixtures.encode(ImageFixtures.textPix("abc"), 3))
        var config = PipelineConfig()
        config.ocr.languages = "fra+qqq"
        XCTAssertThrowsError(try ImageExtractor().extract(imageInput([url]), context: ExtractionContext(config: config))) {
            XCTAssertEqual(($0 as? IngestError)?.code, .ocrLanguageMissing)
        }
    }

    /// Engines are created once per worker and reused for every page: six pages, two workers, at
    /// most two engines (one when the first worker reads every page before the second starts, as
    /// on a loaded machine: a count of the race is not asked).
    func testEnginesAreReusedAcrossPages() throws {
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let urls = try (1...6).map { try dir.write("p\($0).png", ImageFixtures.encode(ImageFixtures.textPix("Page \($0)"), 3)) }
        var config = PipelineConfig()
        config.ocr.languages = "eng+fra"   // a pool of its own for this test
        config.ocr.workers = 2
        let e = try ImageExtractor().extract(imageInput(urls), context: ExtractionContext(config: config))
        XCTAssertEqual(e.pagesOCRed, 6)
        XCTAssertTrue((1...2).contains(EnginePool.shared(languages: "eng+fra", capacity: 1).engineCount),
                      "\(EnginePool.shared(languages: "eng+fra", capacity: 1).engineCount) engines for 6 pages and 2 workers")
        XCTAssertEqual(e.blocks.map(\.page), [1, 2, 3, 4, 5, 6])
    }

    /// Engines made ahead, on a thread of their own with a core of the run's, are the ones the
    /// pages then take: none is made twice, and none at all without a free core.
    func testEnginesMadeAheadAreTakenByThePagesWithACoreOfTheRun() throws {
        let cores = LocalCoreBudget(capacity: 2)
        cores.take()   // the document's own core
        let pool = EnginePool(languages: "fra+eng", capacity: 2)
        let warmUp = pool.prepareAhead(2, cores: cores)
        XCTAssertEqual(cores.held, 2, "the engines are made on the run's second core")
        let deadline = Date(timeIntervalSinceNow: 20)
        while (cores.held > 1 || pool.engineCount < 2) && Date() < deadline { usleep(10_000) }
        XCTAssertEqual(cores.held, 1, "the core is given back once the engines are made")
        XCTAssertEqual(pool.engineCount, 2)
        // Two workers at once get the two engines made ahead, and no third is made.
        let group = DispatchGroup()
        for _ in 0..<2 {
            DispatchQueue.global().async(group: group) { try? pool.withEngine { _ in usleep(50_000) } }
        }
        group.wait()
        XCTAssertEqual(pool.engineCount, 2)
        warmUp.finish()

        let busy = LocalCoreBudget(capacity: 1)
        busy.take()
        let idle = EnginePool(languages: "fra+eng", capacity: 2)
        idle.prepareAhead(2, cores: busy).finish()
        XCTAssertEqual(idle.engineCount, 0, "no free core: the workers make their engines as they start")

        // Finished early: the engine being made (if it had started) is completed, no other is
        // started, the core is back.
        let early = EnginePool(languages: "fra+eng", capacity: 2)
        early.prepareAhead(2, cores: cores).finish()
        XCTAssertLessThanOrEqual(early.engineCount, 1)
        XCTAssertEqual(cores.held, 1)
    }

    /// leptonica's pixel buffers — ours and Tesseract's — come from the allocator that writes each
    /// new buffer's pages first (tesseract_lazy.c: no zero page to replace, so no flush of the other
    /// cores): reading a page allocates several images' worth through it.
    func testPixelBuffersComeFromIngestsAllocator() throws {
        let engine = try TesseractEngine(languages: "fra+eng")
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let pix = try ImageSource(url: dir.write("p.png", TextPage.png(TextPage.english))).decode(page: 0, maxPixels: 200_000_000)
        let imageBytes = pix.height * Int(pixGetWpl(pix.raw)) * 4
        let before = ingest_pix_bytes_allocated()
        let page = try engine.recognize(pix, deadline: .distantFuture, limitSeconds: 60, page: 1)
        XCTAssertGreaterThan(page.wordConfidences.count, 20, "the page was read")
        XCTAssertGreaterThan(Int(ingest_pix_bytes_allocated() - before), imageBytes,
                             "Tesseract's copies of the page did not come from ingest's allocator")
    }

    /// Tesseract's line images kept raw (line_images.c) give the page read exactly as through its
    /// PNGs — every paragraph, word, box and confidence — and the PNGs Ingest makes itself stay PNGs.
    func testRawLineImagesReadThePageAsThePNGsDid() throws {
        let engine = try TesseractEngine(languages: "fra+eng")
        let page = TextPage.render(TextPage.french + "\n" + TextPage.english, dpi: 300, pointSize: 11)
        func pix() -> PageImage { TextPage.pageImage(page) }
        engine.lineImagesRaw = false
        let before = ingest_tesseract_raw_line_images()
        let throughPNG = try engine.recognize(pix(), deadline: .distantFuture, limitSeconds: 60, page: 1)
        XCTAssertEqual(ingest_tesseract_raw_line_images(), before, "off: no line written raw")
        engine.lineImagesRaw = true
        let raw = try engine.recognize(pix(), deadline: .distantFuture, limitSeconds: 60, page: 1)
        let lines = ingest_tesseract_raw_line_images() - before
        XCTAssertGreaterThanOrEqual(Int(lines), 10, "libtesseract's line images did not go through line_images.c")
        XCTAssertGreaterThan(throughPNG.words.count, 100)
        XCTAssertEqual(raw, throughPNG)
        XCTAssertLessThan(characterErrorRate(raw.text, TextPage.french + "\n" + TextPage.english), 0.02)
        let png = try XCTUnwrap(pix().pngData())
        XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "Ingest's own PNG is still a PNG")
    }

    /// Words in lower case that Tesseract's own word lists hold tell a page of the languages read from a page of another
    /// script read as Latin letters: the French test page most of its words (61 of 69), a Russian one (Cyrillic, DejaVu Serif) read
    /// as capitals and mixed case (`Hayxa`, `oOpa30BaHue`, `Poccuu`), too few — what keeps a weakly read French page the
    /// detector names Cyrillic.
    func testWordsOfTheLanguagesAreToldFromAnotherScriptReadAsLatin() throws {
        let engine = try TesseractEngine(languages: "fra+eng")
        let french = try engine.recognize(TextPage.pageImage(TextPage.render(TextPage.french, heightInches: 4.6)),
                                          deadline: .distantFuture, limitSeconds: 60, page: 1)
        XCTAssertGreaterThanOrEqual(french.lowerCaseWords, 40)
        XCTAssertGreaterThanOrEqual(Double(french.dictionaryWords), 0.8 * Double(french.lowerCaseWords))
        XCTAssertTrue(french.readsAsItsLanguages)
        let russian = "Наука и образование в России развивались в течение многих веков. Первые университеты были основаны "
            + "в восемнадцатом веке, и с тех пор число студентов постоянно росло. Сегодня в стране работают сотни высших "
            + "учебных заведений, которые готовят специалистов для промышленности, медицины и культуры."
        let cyrillic = try engine.recognize(TextPage.pageImage(TextPage.render(russian, heightInches: 3)),
                                            deadline: .distantFuture, limitSeconds: 60, page: 1)
        XCTAssertGreaterThanOrEqual(cyrillic.words.count, 20, cyrillic.text)
        XCTAssertFalse(cyrillic.readsAsItsLanguages, "\(cyrillic.dictionaryWords) of \(cyrillic.lowerCaseWords): \(cyrillic.text)")
    }

    /// An engine that cannot be made ahead is not counted: the worker that asks next makes one
    /// and reports the document's error.
    func testAnEngineThatCannotBeMadeAheadLeavesTheErrorToTheWorker() {
        let pool = EnginePool(languages: "fra+qqq", capacity: 2)
        pool.prepare(2)
        XCTAssertEqual(pool.engineCount, 0)
        XCTAssertThrowsError(try pool.withEngine { _ in }) { XCTAssertEqual(($0 as? IngestError)?.code, .ocrLanguageMissing) }
    }

    /// A dense page with a short time limit is stopped by Tesseract's monitor and reported for
    /// that page; a light page of the same document is still read.
    func testPageTimeLimitStopsRecognitionAndOthersGoOn() throws {
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let dense = String(repeating: TextPage.french + "\n", count: 3)
        let page = TextPage.render(dense, dpi: 300, pointSize: 8)
        let pix = TextPage.pageImage(page)
        let denseURL = try dir.write("dense.png", ImageFixtures.encode(pix, 3))
        let lightURL = try dir.write("light.png", ImageFixtures.encode(ImageFixtures.textPix("Le cycle"), 3))

        var config = PipelineConfig()
        config.ocr.workers = 1
        // Recognition against recognition: script detection, asked before it (≈ 0.1 s of CPU per
        // page), is not what the monitor stops.
        config.ocr.detectScript = false
        // The whole reading of the dense page through the same path (engine start-up and all, so
        // both sides pay what is not recognition alike).
        let full = Date(), fullCPU = Self.processCPUSeconds()
        let complete = try ImageExtractor().extract(imageInput([denseURL]), context: ExtractionContext(config: config))
        let fullSeconds = Date().timeIntervalSince(full), fullCPUSeconds = Self.processCPUSeconds() - fullCPU
        XCTAssertNil(complete.warnings.first { $0.code == .ocrPageTimeLimit })
        XCTAssertGreaterThan(joinedText(complete).split(separator: " ").count, 200)

        config.ocr.pageTimeLimitSeconds = fullSeconds / 5
        let startedCPU = Self.processCPUSeconds()
        let e = try ImageExtractor().extract(imageInput([denseURL, lightURL]), context: ExtractionContext(config: config))
        let limitedCPUSeconds = Self.processCPUSeconds() - startedCPU
        XCTAssertEqual(e.warnings.first { $0.page == 1 }?.code, .ocrPageTimeLimit)
        XCTAssertEqual(e.pages?.first { $0.number == 1 }?.skipped, true)
        XCTAssertTrue(joinedText(e).contains("cycle"), "the other page is read")
        // Really stopped, not finished and thrown away: far less work than the full recognition.
        // Counted in this process's CPU time, which other processes on a loaded machine do not
        // lengthen (its wall time did: 1.67 s against a 1.42 s bound at load 10); the limit is
        // wall time, so load only makes the limited run do less.
        XCTAssertLessThan(limitedCPUSeconds, fullCPUSeconds * 0.7, "limited \(limitedCPUSeconds) s vs full \(fullCPUSeconds) s of CPU")
    }

    /// User and system CPU time of this process so far.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    // MARK: Heap

    // The engine's use of Tesseract's memory, checked by glibc's malloc checker in a child
    // process (a heap corrupted by one page only crashes the run several documents later).
    static let childVariable = "INGEST_TESSERACT_HEAP_CHILD"
    static let mallocDebug = "/usr/lib/x86_64-linux-gnu/libc_malloc_debug.so.0"

    /// Orientation detection many times on one engine, under `MALLOC_CHECK_=3`: it once freed the
    /// script name Tesseract returns, which points into the engine's own table.
    func testOrientationDetectionLeavesTheHeapIntact() throws {
        guard FileManager.default.fileExists(atPath: Self.mallocDebug) else {
            try missingTool("glibc's malloc checker (\(Self.mallocDebug), package libc6) is not installed")
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        p.arguments = ["IngestOCRTests.TesseractEngineTests/testChildDetectsOrientationRepeatedly"]
        var env = ProcessInfo.processInfo.environment
        env[Self.childVariable] = "1"
        env["LD_PRELOAD"] = Self.mallocDebug
        env["MALLOC_CHECK_"] = "3"
        p.environment = env
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationReason, .exit, output.suffix(3000).description)
        XCTAssertEqual(p.terminationStatus, 0, output.suffix(3000).description)
        XCTAssertTrue(output.contains("OSDCHILD turns="), output.suffix(3000).description)
    }

    /// Not a test on its own: the body run in the child process.
    func testChildDetectsOrientationRepeatedly() throws {
        guard ProcessInfo.processInfo.environment[Self.childVariable] != nil else {
            throw XCTSkip("by design: runs only as the child process of testOrientationDetectionLeavesTheHeapIntact")
        }
        let engine = try TesseractEngine(languages: "eng")
        let pix = ImageFixtures.textPix(TextPage.english, widthInches: 8.5, heightInches: 4)
        pix.rotateClockwise(quarterTurns: 2)
        var turns: [Int] = []
        for _ in 0..<12 {
            turns.append(engine.uprightTurns(pix)?.quarterTurns ?? -1)
            // Allocations between detections, as the pages of a batch make.
            _ = (0..<2_000).map { String(repeating: "x", count: $0 % 64) }
        }
        print("OSDCHILD turns=\(turns)")
    }
}
