import CTesseract
import Foundation
import IngestCore
@testable import IngestOCR
@testable import IngestPDF
import IngestTestSupport
import XCTest

/// Issue 38, "decide before recognising": a page with no mark the size of a character is not
/// sent to Tesseract; one with a page number only still is. Pages are drawn here, at 300 dpi on
/// A4, with cairo (text) and by hand (specks).
final class BlankPageTests: XCTestCase {
    static let a4 = (width: 2480, height: 3508)

    /// A white A4 page at 300 dpi with `specks` dark squares of 1–3 px at seeded places.
    static func page(specks: Int = 0, seed: UInt64 = 38, background: UInt8 = 255, ink: UInt8 = 0) -> PageImage {
        let (w, h) = a4
        var gray = [UInt8](repeating: background, count: w * h)
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<specks {
            let x = Int.random(in: 20..<(w - 20), using: &rng), y = Int.random(in: 20..<(h - 20), using: &rng)
            let s = Int.random(in: 1...3, using: &rng)
            for dy in 0..<s { for dx in 0..<s { gray[(y + dy) * w + x + dx] = ink } }
        }
        let pix = gray.withUnsafeBytes { PageImage.gray(width: w, height: h, bytesPerRow: w, bytes: $0) }!
        pix.setResolution(300)
        return pix
    }

    /// An A4 page at 300 dpi with `text` in `pointSize` type at the top margin.
    static func textPage(_ text: String, pointSize: Double = 10) -> PageImage {
        TextPage.pageImage(TextPage.render(text, dpi: 300, pointSize: pointSize, widthInches: 8.27, heightInches: 11.69))
    }

    func testAWhitePageAndAPageOfSpecksAreBlank() throws {
        try OCRLibraries.requireTesseract()
        XCTAssertEqual(PageInk.measure(Self.page())?.isBlank, true)
        let specks = try XCTUnwrap(PageInk.measure(Self.page(specks: 60)))
        XCTAssertTrue(specks.isBlank, "\(specks)")
        XCTAssertGreaterThan(specks.coverage, 0, "the specks are seen, and judged too small")
        // Gray paper with darker specks, as a scanner gives it.
        XCTAssertEqual(PageInk.measure(Self.page(specks: 60, background: 200, ink: 120))?.isBlank, true)
    }

    func testAPageNumberAloneIsNotBlank() throws {
        try OCRLibraries.requireTesseract()
        for number in ["7", "17", "- 3 -"] {
            let ink = try XCTUnwrap(PageInk.measure(Self.textPage(number)))
            XCTAssertFalse(ink.isBlank, "\(number): \(ink)")
        }
        XCTAssertFalse(PageInk.measure(Self.textPage(TextPage.french, pointSize: 12))?.isBlank ?? true)
    }

    /// White writing on a dark slide is writing too; a 1-bit scan and a colour photo are read
    /// the same way as gray pages.
    func testLightOnDarkOneBitAndColourPages() throws {
        try OCRLibraries.requireTesseract()
        let text = TextPage.render("Chapitre 2", dpi: 300, pointSize: 10, widthInches: 8.27, heightInches: 11.69)
        let blank = [UInt8](repeating: 255, count: text.width * text.height)
        func gray(_ g: [UInt8]) -> PageImage {
            g.withUnsafeBytes { PageImage.gray(width: text.width, height: text.height, bytesPerRow: text.width, bytes: $0) }!
        }
        func rgb(_ g: [UInt8]) -> PageImage {
            let bytes = g.flatMap { [$0, $0, $0] }
            return bytes.withUnsafeBytes { PageImage.rgb(width: text.width, height: text.height, bytesPerRow: 3 * text.width, channels: 3, bytes: $0) }!
        }
        func binary(_ g: [UInt8]) -> PageImage {
            let pix = pixCreate(Int32(text.width), Int32(text.height), 1)!
            let wpl = Int(pixGetWpl(pix)), data = pixGetData(pix)!
            for y in 0..<text.height { for x in 0..<text.width where g[y * text.width + x] < 128 {
                data[y * wpl + x / 32] |= 1 << UInt32(31 - x % 32)
            } }
            return PageImage(taking: pix)
        }
        XCTAssertFalse(PageInk.measure(gray(text.gray.map { 255 - $0 }))?.isBlank ?? true, "white on black")
        XCTAssertEqual(PageInk.measure(gray(blank.map { _ in 30 }))?.isBlank, true, "a uniformly dark page has no writing")
        XCTAssertFalse(PageInk.measure(binary(text.gray))?.isBlank ?? true)
        XCTAssertEqual(PageInk.measure(binary(blank))?.isBlank, true)
        XCTAssertFalse(PageInk.measure(rgb(text.gray))?.isBlank ?? true)
        XCTAssertEqual(PageInk.measure(rgb(blank))?.isBlank, true)
    }

    /// An image-only PDF: the blank page and the page of specks are recorded `leftOut: blank`
    /// without being recognised; the page number and the text are read.
    func testBlankPagesOfAScanAreRecordedAndTheOthersRead() throws {
        try OCRLibraries.requireTesseract()
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let url = dir.url.appendingPathComponent("scan.pdf")
        try ScanRecognizerTests.imagePDF([Self.page(), Self.textPage("La respiration cellulaire", pointSize: 14),
                                          Self.page(specks: 40), Self.textPage("17", pointSize: 12)], at: url)
        let extraction = Extraction(pages: (1...4).map { PageRecord(number: $0, classification: .imageOnly) },
                                    ocrCandidates: [1, 2, 3, 4], pagesRead: 4)
        let e = try ScanRecognizer().complete(extraction, of: SourceInput(files: [url], kind: .pdf, byteSize: 0, name: "scan.pdf"),
                                              context: ExtractionContext())
        XCTAssertEqual(e.pages?.map(\.leftOut), [.blank, nil, .blank, nil])
        XCTAssertEqual(e.pagesOCRed, 2, "blank pages are not counted as recognised")
        XCTAssertEqual(e.blocks.compactMap(\.page), [2, 4])
        XCTAssertTrue(e.blocks[0].text.contains("respiration cellulaire"), e.blocks[0].text)
        XCTAssertEqual(e.blocks[1].text, "17")
    }

    /// A document whose pages are all blank starts no engine: its pool (a language set of its
    /// own) has none after the run, and it is not ready, its pages offered to vision.
    func testADocumentOfBlankPagesStartsNoEngine() throws {
        try OCRLibraries.requireTesseract()
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let url = dir.url.appendingPathComponent("blank.pdf")
        try ScanRecognizerTests.imagePDF([Self.page(), Self.page(specks: 25)], at: url)
        var config = PipelineConfig()
        config.ocr.languages = "eng+fra"   // a pool no other test uses
        let extraction = Extraction(pages: [PageRecord(number: 1, classification: .imageOnly), PageRecord(number: 2, classification: .imageOnly)],
                                    ocrCandidates: [1, 2], pagesRead: 2)
        let e = try ScanRecognizer().complete(extraction, of: SourceInput(files: [url], kind: .pdf, byteSize: 0, name: "blank.pdf"),
                                              context: ExtractionContext(config: config))
        XCTAssertEqual(EnginePool.shared(languages: "eng+fra", capacity: 1).engineCount, 0)
        XCTAssertEqual(e.pages?.map(\.leftOut), [.blank, .blank])
        XCTAssertEqual(e.thinTextReason, .readinessEmptyPage)
        XCTAssertEqual(e.visionPages, [1, 2])
        XCTAssertTrue(e.blocks.isEmpty)
    }

    // MARK: The quick look (a blank A4 scan in ≤ 0.5 s)

    /// A page provider that notes the resolution of every page drawn, over IngestPDF's own.
    final class DrawnPages: PageImageProvider, @unchecked Sendable {   // `dpis` behind `lock`
        let base: any PageImageProvider
        private let lock = NSLock()
        private var drawn: [Double] = []
        init(_ base: any PageImageProvider) { self.base = base }
        var pageCount: Int { base.pageCount }
        var dpis: [Double] { lock.lock(); defer { lock.unlock() }; return drawn }
        func renderRows(page: Int, dpi: Double, maxPixels: Int, start: (Int, Int, Double) throws -> Void,
                        row: (Int, UnsafeBufferPointer<UInt8>) -> Void) throws {
            lock.lock(); drawn.append(dpi); lock.unlock()
            try base.renderRows(page: page, dpi: dpi, maxPixels: maxPixels, start: start, row: row)
        }
    }

    /// `pages` as an image-only PDF read by the OCR stage; the resolutions its pages were drawn at.
    func recognise(_ pages: [PageImage]) throws -> (Extraction, [Double]) {
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let url = dir.url.appendingPathComponent("scan.pdf")
        try ScanRecognizerTests.imagePDF(pages, at: url)
        let drawn = try DrawnPages(PDFPageImages.open(url, nil))
        let extraction = Extraction(pages: pages.indices.map { PageRecord(number: $0 + 1, classification: .imageOnly) },
                                    ocrCandidates: Array(1...pages.count), pagesRead: pages.count)
        let e = try ScanRecognizer(pdfPages: { _, _ in drawn })
            .complete(extraction, of: SourceInput(files: [url], kind: .pdf, byteSize: 0, name: "scan.pdf"), context: ExtractionContext())
        return (e, drawn.dpis)
    }

    /// A white page is decided blank from its quick look (the drawing of its vision picture,
    /// ≈ 145 dpi): never drawn full size.
    func testAPageWithNothingOnItIsNotDrawnFullSize() throws {
        try OCRLibraries.requireTesseract()
        let (e, dpis) = try recognise([Self.page()])
        XCTAssertEqual(e.pages?.map(\.leftOut), [.blank])
        XCTAssertEqual(dpis, [PagePreview.pdfDrawing(longSide: PagePreview.visionLongSide).dpi])
    }

    /// A blank scan's vision picture (made because the document is then not ready) is the quick
    /// look's drawing kept by the page images: the page is drawn by poppler once in all, and the
    /// picture is the same JPEG as one drawn from the file afresh.
    func testABlankScansPictureIsItsQuickLook() throws {
        try OCRLibraries.requireTesseract()
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let url = try whitePDF(dir)
        let pages = try PDFPageImages(url: url)
        let extraction = Extraction(pages: [PageRecord(number: 1, classification: .imageOnly)], ocrCandidates: [1], pagesRead: 1)
        let e = try ScanRecognizer(pdfPages: { _, _ in pages })
            .complete(extraction, of: SourceInput(files: [url], kind: .pdf, byteSize: 0, name: "white.pdf"), context: ExtractionContext())
        XCTAssertEqual(e.pages?.map(\.leftOut), [.blank])
        XCTAssertEqual(e.visionPages, [1])
        let shared = try XCTUnwrap(e.pageImages?.provider as? PDFPageImages)
        XCTAssertTrue(shared === pages)
        let picture = try XCTUnwrap(PagePreview.picture(of: url, page: 1, longSide: PagePreview.visionLongSide, pdfPages: { shared }))
        XCTAssertEqual(pages.drawingsMade, 1, "the quick look's drawing is the picture's")
        let fresh = try PDFPageImages(url: url)
        let again = try XCTUnwrap(PagePreview.picture(of: url, page: 1, longSide: PagePreview.visionLongSide, pdfPages: { fresh }))
        XCTAssertEqual(fresh.drawingsMade, 1)
        XCTAssertEqual(picture.data, again.data)
        XCTAssertEqual([picture.width, picture.height], [again.width, again.height])
        // Another size, or another page, is drawn anew.
        _ = try shared.render(page: 1, dpi: 75, maxPixels: 4_000_000)
        XCTAssertEqual(pages.drawingsMade, 2)
    }

    /// Any doubt goes to the full-size look: a page number alone, and specks (blank once seen full
    /// size), are drawn at 300 dpi; the number is read.
    func testAPageWithAnyMarkIsLookedAtFullSize() throws {
        try OCRLibraries.requireTesseract()
        let (number, numberDPIs) = try recognise([Self.textPage("17", pointSize: 10)])
        XCTAssertEqual(number.pages?.map(\.leftOut), [nil])
        XCTAssertEqual(number.blocks.map(\.text), ["17"])
        XCTAssertTrue(numberDPIs.contains { $0 >= 300 }, "\(numberDPIs)")
        let (specks, specksDPIs) = try recognise([Self.page(specks: 40)])
        XCTAssertEqual(specks.pages?.map(\.leftOut), [.blank])
        XCTAssertTrue(specksDPIs.contains { $0 >= 300 }, "\(specksDPIs)")
    }

    /// The quick look never calls blank what the full look sees as writing: pages the full look
    /// finds ink on (a page number in 6 to 12 pt, a line of 6-pt type in light gray, a faint
    /// one-pixel rule), drawn small by poppler from an image-only PDF, are never surely blank.
    func testTheQuickLookNeverCallsWritingBlank() throws {
        try OCRLibraries.requireTesseract()
        var pages = [6.0, 8, 12].map { Self.textPage("17", pointSize: $0) }
        let light = TextPage.render("Chapitre 2 : la cellule", dpi: 300, pointSize: 6, widthInches: 8.27, heightInches: 11.69)
        pages.append(light.gray.map { $0 == 255 ? 255 : UInt8(255 - (255 - Int($0)) * 100 / 255) }.withUnsafeBytes {
            PageImage.gray(width: light.width, height: light.height, bytesPerRow: light.width, bytes: $0)! })
        let (w, h) = Self.a4
        var rule = [UInt8](repeating: 255, count: w * h)
        for x in 400..<1400 { rule[1500 * w + x] = 255 - 64 }
        pages.append(rule.withUnsafeBytes { PageImage.gray(width: w, height: h, bytesPerRow: w, bytes: $0)! })
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let url = dir.url.appendingPathComponent("marks.pdf")
        for p in pages { p.setResolution(300) }
        try ScanRecognizerTests.imagePDF(pages, at: url)
        let provider = try PDFPageImages.open(url, nil)
        for (i, full) in pages.enumerated() {
            XCTAssertEqual(PageInk.measure(full)?.isBlank, false, "page \(i + 1) has ink seen full size")
            let look = ScanRecognizer.quickLook(page: i + 1) { provider }
            XCTAssertNil(look.empty, "page \(i + 1) was called surely blank from its quick look")
        }
        XCTAssertNotNil(ScanRecognizer.quickLook(page: 1) { try DrawnPages(PDFPageImages.open(self.whitePDF(dir), nil)) }.empty)
    }

    func whitePDF(_ dir: TemporaryDirectory) throws -> URL {
        let url = dir.url.appendingPathComponent("white.pdf")
        try ScanRecognizerTests.imagePDF([Self.page()], at: url)
        return url
    }
}
