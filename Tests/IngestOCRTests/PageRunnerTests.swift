import Foundation
import IngestCore
@testable import IngestOCR
@testable import IngestPDF
import IngestTestSupport
import Synchronization
import XCTest

/// The order OCR pages are handed out in: heaviest first among the pages made ahead of their
/// readers, so the longest page does not start last and run alone; each page drawn once.
final class PageRunnerTests: XCTestCase {
    func job(_ number: Int, _ work: Double) -> PageJob {
        PageJob(number: number, work: work) { throw IngestError(.internalError) }
    }

    /// Two pages detected upright in a script read here settle a document's script; a page
    /// detected otherwise, or a page read without detection that turned out turned or foreign,
    /// puts the detection back for the rest; blank pages say nothing.
    func testTwoAgreeingPagesSettleTheScript() {
        let upright = RecognizedPage(paragraphs: [RecognizedParagraph(text: "Texte", confidence: 90)], readScript: true)
        let agreement = PageRunner.ScriptAgreement()
        agreement.note(RecognizedPage(leftOut: .blank), detectedFirst: true)
        agreement.note(upright, detectedFirst: true)
        XCTAssertFalse(agreement.isSettled)
        agreement.note(upright, detectedFirst: true)
        XCTAssertTrue(agreement.isSettled)
        agreement.note(RecognizedPage(paragraphs: upright.paragraphs), detectedFirst: false)
        XCTAssertTrue(agreement.isSettled, "a page read well without the detector keeps it settled")
        agreement.note(RecognizedPage(quarterTurns: 2), detectedFirst: false)
        XCTAssertFalse(agreement.isSettled, "a turned page puts the detection back")

        let foreign = PageRunner.ScriptAgreement()
        foreign.note(RecognizedPage(leftOut: .scriptNotInstalled, script: "Arabic"), detectedFirst: true)
        foreign.note(upright, detectedFirst: true)
        foreign.note(upright, detectedFirst: true)
        XCTAssertFalse(foreign.isSettled, "a document with a foreign page keeps detecting")
        let weak = PageRunner.ScriptAgreement()
        weak.note(RecognizedPage(paragraphs: upright.paragraphs), detectedFirst: true)
        weak.note(upright, detectedFirst: true)
        weak.note(upright, detectedFirst: true)
        XCTAssertFalse(weak.isSettled, "a page detected but not found upright and well read keeps it on")
    }

    /// The estimate comes while the first pages are read: until then pages go in page order, then
    /// the ones left heaviest first.
    func testAnEstimateThatComesLateOrdersThePagesLeft() {
        let state = PageRunner.RunState((1...5).map { job($0, 0) })
        XCTAssertEqual(state.next(), 0)
        XCTAssertEqual(state.next(), 1)
        state.setWork([1, 1, 5, 9, 5])
        XCTAssertEqual(state.next(), 3)
        XCTAssertEqual(state.next(), 2)
        XCTAssertEqual(state.next(), 4)
        XCTAssertNil(state.next())
        XCTAssertTrue(state.isExhausted)
    }

    func testPagesAreHandedOutHeaviestFirstAndInPageOrderAmongEquals() {
        XCTAssertEqual(PageRunner.handingOrder([job(8, 5), job(9, 9), job(10, 1), job(11, 9)]), [1, 3, 0, 2])
        XCTAssertEqual(PageRunner.handingOrder((1...5).map { job($0, 0) }), [0, 1, 2, 3, 4], "no estimate: page order")
        var rng = SeededGenerator(seed: 0x0C2)
        for _ in 0..<200 {
            let jobs = (1...Int.random(in: 1...12, using: &rng)).map { job($0, Double(Int.random(in: 0...4, using: &rng))) }
            let order = PageRunner.handingOrder(jobs)
            XCTAssertEqual(order.sorted(), Array(jobs.indices), "every page once")
            for (a, b) in zip(order, order.dropFirst()) {
                XCTAssertTrue(jobs[a].work > jobs[b].work || (jobs[a].work == jobs[b].work && a < b))
            }
        }
    }

    /// More writing, more dark runs on the page drawn for recognition: a page of several lines is
    /// expected to take longer than a page of one word.
    func testExpectedWorkFollowsTheAmountOfWriting() throws {
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let url = dir.url.appendingPathComponent("scan.pdf")
        let texts = ["Un", "La respiration cellulaire produit l'énergie de la cellule à partir du glucose et de l'oxygène.",
                     "La photosynthèse"]
        try ScanRecognizerTests.imagePDF(texts.map { ImageFixtures.textPix($0, widthInches: 6, heightInches: 2) }, at: url)
        let renderer = try PDFPageImages(url: url)
        let work = try (1...3).map { ScanRecognizer.expectedWork(of: try ScanRecognizer.render(page: $0, dpi: 300, maxPixels: 50_000_000) { renderer }) }
        XCTAssertGreaterThan(work[1], work[2], "\(work)")
        XCTAssertGreaterThan(work[2], work[0], "\(work)")
        XCTAssertGreaterThan(work[0], 0)
    }

    /// A document nobody here wrote: the federal register's seven scanned pages (8–14) take
    /// 1.4–2.1 s each to read, and page 14 3.6 s. Its image as drawn for recognition has the most
    /// writing of the seven.
    func testTheFederalRegistersLongestScannedPageIsTheHeaviest() throws {
        try Corpus.require()
        let renderer = try PDFPageImages(url: Corpus.url("pdf/pdfplumber-federal-register-2020-17221.pdf"))
        let pages = Array(8...14)
        let work = try pages.map { ScanRecognizer.expectedWork(of: try ScanRecognizer.render(page: $0, dpi: 300, maxPixels: 50_000_000) { renderer }) }
        XCTAssertEqual(pages[work.indices.max { work[$0] < work[$1] }!], 14, "\(zip(pages, work).map { "\($0): \($1)" })")
    }

    /// Gray images `width` pixels wide standing for pages (their work: the width).
    func pages(_ widths: [Int]) -> [PageImage] { widths.map { PageImage.emptyGray(width: $0, height: 1)! } }
    let byWidth = PageRunner.Ahead(pages: 10, pixels: 1_000_000) { Double($0.width) }

    /// All made before any is taken: the heaviest first, page order among equals, each once.
    func testMadePagesGoHeaviestFirst() {
        let images = pages([5, 9, 1, 9, 3])
        let made = MadePages(images.count, ahead: byWidth)
        let state = PageRunner.RunState(images.indices.map { job($0 + 1, 0) })
        made.make { .success(images[$0]) }
        var order: [Int] = []
        while let (i, image) = made.take(handing: state) {
            XCTAssertTrue(try image.get() === images[i])
            order.append(i)
        }
        XCTAssertEqual(order, [1, 3, 0, 4, 2])
        XCTAssertTrue(state.isExhausted)
        XCTAssertNil(state.next(), "every page handed out once")
    }

    /// With room for one page only (by count, or by pixels: one is made whatever its size), the
    /// pages are made one at a time as they are taken, so they go in page order; a page that
    /// could not be made is handed out with its error.
    func testOnePageAheadGoesInPageOrder() {
        let images = pages([5, 9, 1, 9, 3])
        for ahead in [PageRunner.Ahead(pages: 1, pixels: 1_000_000) { Double($0.width) },
                      PageRunner.Ahead(pages: 10, pixels: 1) { Double($0.width) }] {
            let made = MadePages(images.count, ahead: ahead)
            let state = PageRunner.RunState(images.indices.map { job($0 + 1, 0) })
            let maker = ThreadTeam(1, stackSize: 1 << 20) { _ in
                made.make { i in i == 4 ? .failure(IngestError(.ocrRenderFailed, ["page": "5"])) : .success(images[i]) }
            }
            var order: [Int] = []
            while let (i, image) = made.take(handing: state) {
                order.append(i)
                XCTAssertEqual((try? image.get()) == nil, i == 4)
            }
            maker.join()
            XCTAssertEqual(order, [0, 1, 2, 3, 4], "\(ahead.pages) pages, \(ahead.pixels) pixels")
        }
    }

    /// Stopped (the run is over), the making ends without making the pages left, and nothing more
    /// is handed out.
    func testStoppedMakingEnds() {
        let images = pages([1, 2, 3, 4])
        let made = MadePages(images.count, ahead: PageRunner.Ahead(pages: 1, pixels: 1_000_000) { Double($0.width) })
        let state = PageRunner.RunState(images.indices.map { job($0 + 1, 0) })
        let loads = Mutex(0)
        let maker = ThreadTeam(1, stackSize: 1 << 20) { _ in
            made.make { i in loads.withLock { $0 += 1 }; return .success(images[i]) }
        }
        XCTAssertEqual(made.take(handing: state)?.0, 0)
        made.stop()
        maker.join()
        XCTAssertLessThanOrEqual(loads.withLock { $0 }, 2, "at most the page taken and the one made after it")
        XCTAssertNil(made.take(handing: state))
    }

    /// A scan of five pages read by two OCR threads: every page read, in page order in the text,
    /// and each page drawn by poppler once (no second drawing to estimate its work).
    func testEachPageIsDrawnOnceAndEveryPageRead() throws {
        try OCRLibraries.requireTesseract()
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let url = dir.url.appendingPathComponent("scan.pdf")
        let texts = ["Le cycle de l'eau", "La respiration cellulaire", "Les volcans", "Le volcan", "La respiration"]
        try ScanRecognizerTests.imagePDF(texts.map { ImageFixtures.textPix($0) }, at: url)
        let renderer = try PDFPageImages(url: url)
        var config = PipelineConfig()
        config.ocr.workers = 2
        let extraction = Extraction(pages: (1...5).map { PageRecord(number: $0, classification: .imageOnly) }, ocrCandidates: Array(1...5), pagesRead: 5)
        let e = try ScanRecognizer(pdfPages: { _, _ in renderer })
            .complete(extraction, of: SourceInput(files: [url], kind: .pdf, byteSize: 0, name: "scan.pdf"), context: ExtractionContext(config: config))
        XCTAssertEqual(e.pagesOCRed, 5)
        XCTAssertEqual(e.blocks.map(\.page), [1, 2, 3, 4, 5])
        for (block, text) in zip(e.blocks, texts) { XCTAssertTrue(block.text.contains(text), "\(block.text) / \(text)") }
        // The quick look's small drawing of page 1, then each page at 300 dpi.
        XCTAssertEqual(renderer.drawingsMade, 1 + 5)
    }
    /// A page holding few marks (a button's word, a page number, a logo) is read before its
    /// script is detected, as a page of a settled script is: the detector's pass over the page
    /// cost as much as the read on the odd corpus's such pages. A page of writing, and a blank
    /// page, are not concerned.
    func testAPageOfFewMarksIsReadBeforeItsScriptIsDetected() throws {
        try OCRLibraries.requireTesseract()
        let (word, _) = OrientedRecognitionTests.page(["Execute"], points: 24, count: 1)
        let (writing, _) = OrientedRecognitionTests.page(OrientedRecognitionTests.french, points: 12, count: 12)
        let blank = PageImage.emptyGray(width: 2480, height: 3508)!
        blank.finishGrayRows()
        XCTAssertTrue(PageRunner.readsFirst(PageInk.measure(word)))
        XCTAssertFalse(PageRunner.readsFirst(PageInk.measure(writing)))
        XCTAssertFalse(PageRunner.readsFirst(PageInk.measure(blank)))
        XCTAssertFalse(PageRunner.readsFirst(nil))

        let config = PipelineConfig()
        let pool = EnginePool.shared(languages: config.ocr.languages, capacity: 1)
        let engines = PageRunner.EngineStart { try pool.withEngine { _ in } }
        let scripts = PageRunner.ScriptAgreement()
        let job = PageJob(number: 1) { word.sharedHandle() }
        let page = try PageRunner.recognize(job, pool: pool, engines: engines, scripts: scripts,
                                            context: ExtractionContext(config: config)).get()
        XCTAssertEqual(page.text.trimmingCharacters(in: .whitespacesAndNewlines), "Execute")
        XCTAssertNil(page.readScript, "read without the detector first (detected first, an upright Latin page read well says so)")
        XCTAssertNil(page.script)
        XCTAssertFalse(scripts.isSettled)
    }
}
