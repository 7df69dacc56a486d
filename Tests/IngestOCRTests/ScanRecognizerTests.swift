import CTesseract
import Foundation
import IngestCore
@testable import IngestOCR
import IngestPDF
import IngestTestSupport
import XCTest

final class ScanRecognizerTests: XCTestCase {
    /// An image-only PDF made by leptonica from `pages` images.
    static func imagePDF(_ pages: [PageImage], at url: URL) throws {
        let pixa = pixaCreate(Int32(pages.count))
        defer { var p = pixa; pixaDestroy(&p) }
        for page in pages { pixaAddPix(pixa, page.raw, Int32(L_COPY)) }
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        XCTAssertEqual(pixaConvertToPdfData(pixa, 300, 1, Int32(L_FLATE_ENCODE), 0, "scan", &data, &size), 0)
        defer { free(data) }
        try Data(bytes: data!, count: size).write(to: url)
    }

    func pdfInput(_ url: URL) -> SourceInput { SourceInput(files: [url], kind: .pdf, byteSize: 0, name: url.lastPathComponent) }

    /// What the PDF extractor gives for a mixed PDF: page 1 has a text layer, pages 2–3 are scans.
    func mixedExtraction() -> Extraction {
        Extraction(blocks: [Block(kind: .heading, text: "Chapitre 1", level: 1, page: 1, provenance: .textLayer),
                            Block(kind: .paragraph, text: "Texte de la page un.", page: 1, provenance: .textLayer)],
                   pages: [PageRecord(number: 1, classification: .text, provenance: .textLayer, characters: 30),
                           PageRecord(number: 2, classification: .imageOnly), PageRecord(number: 3, classification: .imageOnly)],
                   ocrCandidates: [2, 3], pagesRead: 3)
    }

    func testCandidatePagesAreRecognisedAndInsertedInPageOrder() throws {
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let url = dir.url.appendingPathComponent("mixed.pdf")
        try Self.imagePDF([ImageFixtures.textPix("ignored text layer page"), ImageFixtures.textPix("Le cycle de l'eau"),
                      ImageFixtures.textPix("La respiration cellulaire")], at: url)
        let e = try ScanRecognizer().complete(mixedExtraction(), of: pdfInput(url), context: ExtractionContext())
        XCTAssertEqual(e.blocks.map(\.provenance), [.textLayer, .textLayer, .ocr, .ocr])
        XCTAssertEqual(e.blocks.map(\.page), [1, 1, 2, 3])
        XCTAssertTrue(e.blocks[2].text.contains("cycle de l'eau"), e.blocks[2].text)
        XCTAssertTrue(e.blocks[3].text.contains("respiration cellulaire"), e.blocks[3].text)
        XCTAssertEqual(e.pagesOCRed, 2)
        XCTAssertNotNil(e.meanOCRConfidence)
        XCTAssertEqual(e.pages?.map(\.provenance), [.textLayer, .ocr, .ocr])
        XCTAssertEqual(e.pages?[1].classification, .imageOnly)
    }

    /// Within a run, OCR reads more pages at once only on cores the run's budget lends: with no
    /// core to spare its pages go one after another, with spare cores they go in parallel, and
    /// every lent core is given back.
    func testPagesBeyondTheFirstRunOnlyOnCoresTheBudgetLends() throws {
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let url = dir.url.appendingPathComponent("scan.pdf")
        let texts = ["un", "Le cycle de l'eau", "La respiration cellulaire", "La photosynthèse", "Les volcans"]
        try Self.imagePDF(texts.map { ImageFixtures.textPix($0) }, at: url)
        var extraction = mixedExtraction()
        extraction.pages = (1...5).map { PageRecord(number: $0, classification: $0 == 1 ? .text : .imageOnly) }
        extraction.ocrCandidates = [2, 3, 4, 5]
        var config = PipelineConfig()
        config.ocr.workers = 3
        for (capacity, expectedPeak) in [(1, 1...1), (3, 2...3)] {
            let cores = LocalCoreBudget(capacity: capacity)
            cores.take()   // the document's own core
            let e = try ScanRecognizer().complete(extraction, of: pdfInput(url),
                                                  context: ExtractionContext(config: config, cores: cores))
            XCTAssertEqual(e.pagesOCRed, 4, "capacity \(capacity)")
            XCTAssertTrue(e.blocks.contains { $0.text.contains("Les volcans") }, "capacity \(capacity)")
            XCTAssertTrue(expectedPeak.contains(cores.peak), "capacity \(capacity): peak \(cores.peak)")
            XCTAssertEqual(cores.held, 1, "capacity \(capacity): every lent core given back")
        }
    }

    /// The tail work runs at most once, only while another page is still being read, with the
    /// pages recognised so far; never with one OCR thread (no page is left in flight when it
    /// finds none left); and the OCR returns only once it is done.
    func testTailWorkRunsOnceBesideTheLastPages() throws {
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let url = dir.url.appendingPathComponent("scan.pdf")
        try Self.imagePDF(["un", "Le cycle de l'eau", "Les volcans"].map { ImageFixtures.textPix($0) }, at: url)
        for workers in [1, 2, 3] {
            var config = PipelineConfig()
            config.ocr.workers = workers
            var context = ExtractionContext(config: config)
            let told = Counter(), pages = Pages(), finished = Counter()
            context.ocrTailWork = { texts in
                told.add()
                pages.set { texts }
                Thread.sleep(forTimeInterval: 0.2)
                finished.add()
            }
            let e = try ScanRecognizer().complete(mixedExtraction(), of: pdfInput(url), context: context)
            XCTAssertEqual(e.pagesOCRed, 2)
            XCTAssertEqual(finished.value, told.value, "\(workers) worker(s): the OCR waited for it")
            if workers == 1 { XCTAssertEqual(told.value, 0); continue }
            XCTAssertLessThanOrEqual(told.value, 1, "\(workers) worker(s)")
            if let texts = pages.get?() {
                XCTAssertLessThan(texts.count, 2, "a page was still being read")
                for t in texts { XCTAssertTrue(t.contains("cycle de l'eau") || t.contains("volcans"), t) }
            }
        }
        var none = mixedExtraction()
        none.ocrCandidates = []
        var context = ExtractionContext()
        let told = Counter()
        context.ocrTailWork = { _ in told.add() }
        _ = try ScanRecognizer().complete(none, of: pdfInput(url), context: context)
        XCTAssertEqual(told.value, 0)
    }

    final class Pages: @unchecked Sendable {
        private let lock = NSLock()
        private var pages: (@Sendable () -> [String])?
        func set(_ p: @escaping @Sendable () -> [String]) { lock.lock(); pages = p; lock.unlock() }
        var get: (@Sendable () -> [String])? { lock.lock(); defer { lock.unlock() }; return pages }
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var n = 0
        func add() { lock.lock(); n += 1; lock.unlock() }
        var value: Int { lock.lock(); defer { lock.unlock() }; return n }
    }

    /// Recognisers started ahead: the document's own always; the others only with a core free
    /// now (none at `--concurrency 1`: they would wait idle, an engine each), every one outside a run.
    func testRecognisersAreStartedAheadOnlyWithACoreFree() {
        let budget = LocalCoreBudget(capacity: 2)
        budget.take()
        XCTAssertEqual(ScanRecognizer.recognisersAhead(2, cores: budget), 2)
        XCTAssertEqual(budget.held, 1, "the core asked for is given back")
        budget.take()
        XCTAssertEqual(ScanRecognizer.recognisersAhead(2, cores: budget), 1)
        XCTAssertEqual(ScanRecognizer.recognisersAhead(1, cores: budget), 1)
        XCTAssertEqual(ScanRecognizer.recognisersAhead(3, cores: nil), 3)
        XCTAssertEqual(ScanRecognizer.recognisersAhead(1, cores: nil), 1)
    }

    func testPageCapLeavesLaterPagesOutAndSaysWhich() throws {
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let url = dir.url.appendingPathComponent("mixed.pdf")
        try Self.imagePDF([ImageFixtures.textPix("un"), ImageFixtures.textPix("Le cycle de l'eau"), ImageFixtures.textPix("La respiration cellulaire")], at: url)
        var config = PipelineConfig()
        config.ocr.pageCap = 1
        let e = try ScanRecognizer().complete(mixedExtraction(), of: pdfInput(url), context: ExtractionContext(config: config))
        XCTAssertEqual(e.pagesOCRed, 1)
        XCTAssertEqual(e.blocks.last?.page, 2)
        XCTAssertEqual(e.warnings.first { $0.code == .ocrPagesCapped }?.arguments?["pages"], "3")
        XCTAssertEqual(e.pages?.first { $0.number == 3 }?.skipped, true)
    }

    func testRendererRendersAtRequestedResolutionWithinPixelLimit() throws {
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let url = dir.url.appendingPathComponent("one.pdf")
        try Self.imagePDF([ImageFixtures.textPix("abc", widthInches: 8.5, heightInches: 11)], at: url)
        let r = try PDFPageImages(url: url)
        let page = try r.render(page: 1, dpi: 300, maxPixels: 200_000_000)
        XCTAssertEqual(page.width, 2550)
        XCTAssertEqual(page.height, 3300)
        let small = try r.render(page: 1, dpi: 300, maxPixels: 1_000_000)
        XCTAssertLessThanOrEqual(small.width * small.height, 1_000_000)
        XCTAssertThrowsError(try r.render(page: 2, dpi: 300, maxPixels: 1_000_000))
        XCTAssertThrowsError(try PDFPageImages(url: dir.url.appendingPathComponent("missing.pdf")))
    }

    /// A page drawn in bands (as a giant page is, so that no colour copy of it is ever whole)
    /// is the same page, pixel for pixel, as one drawn at once — bands of 7 rows here.
    func testBandsMakeTheSamePageAsOneDrawing() throws {
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let url = dir.url.appendingPathComponent("one.pdf")
        try Self.imagePDF([ImageFixtures.textPix("Bandes de page", widthInches: 4, heightInches: 3)], at: url)
        let r = try PDFPageImages(url: url)
        let whole = try r.render(page: 1, dpi: 150, maxPixels: 200_000_000)
        var banded = [UInt8](repeating: 0, count: whole.width * whole.height)
        var size = (0, 0)
        let stride = (whole.width * 4 + 3) / 4 * 4
        try r.renderRows(page: 1, dpi: 150, maxPixels: 200_000_000, bandBytes: stride * 7, start: { w, h, _ in size = (w, h) },
                         row: { y, luma in for x in 0..<luma.count { banded[y * whole.width + x] = luma[x] } })
        XCTAssertEqual(size.0, whole.width)
        XCTAssertEqual(size.1, whole.height)
        let differing = zip(banded, whole.gray).filter { abs(Int($0) - Int($1)) > 2 }.count
        XCTAssertEqual(differing, 0, "pixels that differ between banded and whole drawing")
        XCTAssertTrue(whole.gray.contains { $0 < 128 }, "the page has ink")
    }
}
