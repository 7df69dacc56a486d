import CPoppler
import CTesseract
import Foundation
import IngestCore
@testable import IngestOCR
import IngestPDF
import IngestTestSupport
import XCTest

/// The resolution that fits the type size (issue 38 item 3), on pages typeset here with cairo in
/// DejaVu Serif at known sizes: the x-height found is the font's, and a page read at its fitted
/// resolution reads no worse than at 300 dpi.
final class TextSizeTests: XCTestCase {
    /// The height in pixels of DejaVu Serif's "x" at `pointSize` and `dpi`, as cairo draws it.
    static func fontXHeight(pointSize: Double, dpi: Double) -> Double {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 8, 8)!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        cairo_select_font_face(cr, "DejaVu Serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, pointSize * dpi / 72)
        var ext = cairo_text_extents_t()
        cairo_text_extents(cr, "x", &ext)
        return ext.height
    }

    static func page(_ text: String = TextPage.french, pointSize: Double, dpi: Double = 300) -> PageImage {
        let page = TextPage.render(text, dpi: dpi, pointSize: pointSize)
        let pix = page.gray.withUnsafeBytes { PageImage.gray(width: page.width, height: page.height, bytesPerRow: page.width, bytes: $0) }!
        pix.setResolution(Int(dpi))
        return pix
    }

    func testXHeightIsTheFontsAtEverySize() throws {
        try OCRLibraries.requireTesseract()
        for point in [7.0, 12, 24, 40] {
            let truth = Self.fontXHeight(pointSize: point, dpi: 300)
            let found = try XCTUnwrap(TextSize.xHeight(of: Self.page(pointSize: point)), "\(point) pt")
            XCTAssertEqual(found, truth, accuracy: max(1.5, truth * 0.08), "\(point) pt: x-height \(truth) px")
        }
    }

    func testBlankPageHasNoXHeight() throws {
        try OCRLibraries.requireTesseract()
        XCTAssertNil(TextSize.xHeight(of: Self.page("", pointSize: 12)))
    }

    func testScaleKeepsFittingTypeAndStaysWithinTheResolutions() {
        XCTAssertEqual(TextSize.scale(xHeight: 26, dpi: 300), 1)
        XCTAssertEqual(TextSize.scale(xHeight: 35, dpi: 300), 1)
        XCTAssertEqual(TextSize.scale(xHeight: 50, dpi: 300), 210.0 / 300, accuracy: 1e-9)    // reduced to 35 px
        XCTAssertEqual(TextSize.scale(xHeight: 100, dpi: 300), 150.0 / 300, accuracy: 1e-9)   // not below 150 dpi
        XCTAssertEqual(TextSize.scale(xHeight: 20, dpi: 300), 400.0 / 300, accuracy: 1e-9)    // 450 → 400 dpi
        XCTAssertEqual(TextSize.scale(xHeight: 24, dpi: 300), 375.0 / 300, accuracy: 1e-9)
    }

    /// A PDF page of 28-pt type is read at about 195 dpi, 7-pt type drawn at 400 (when its glyphs
    /// are drawn, not a scan), 12-pt type at 300 as before — and every page of the scanned PDF reads
    /// no worse than at 300 dpi (same run).
    func testScanPagesAreReadAtTheirFittedResolutionNoWorseThanAt300() throws {
        try OCRLibraries.requireTesseract()
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let url = dir.url.appendingPathComponent("sizes.pdf")
        let sizes = [28.0, 7, 12]
        // What fits on a letter page at 28 pt: the first two sentences.
        let short = TextPage.french.components(separatedBy: ". ").prefix(2).joined(separator: ". ") + "."
        let texts = sizes.map { $0 > 20 ? short : TextPage.french }
        try ScanRecognizerTests.imagePDF(zip(texts, sizes).map { Self.page($0, pointSize: $1) }, at: url)
        let renderer = try PDFPageImages(url: url)
        for (i, point) in sizes.enumerated() {
            let fitted = try ScanRecognizer.pageImage(page: i + 1, dpi: 300, maxPixels: 200_000_000, fit: true) { renderer }
            let truth = Self.fontXHeight(pointSize: point, dpi: Double(fitted.resolution))
            switch point {
            case 28: XCTAssertEqual(Double(fitted.resolution), 300 * 35 / Self.fontXHeight(pointSize: 28, dpi: 300), accuracy: 15)
            case 7: XCTAssertEqual(fitted.resolution, 400)
            default: XCTAssertEqual(fitted.resolution, 300)
            }
            XCTAssertLessThanOrEqual(truth, 36, "\(point) pt at \(fitted.resolution) dpi")
            // A scan's small type is not drawn finer (its pixels hold no more detail); large type is still reduced.
            let scan = try ScanRecognizer.pageImage(page: i + 1, dpi: 300, maxPixels: 200_000_000, fit: true, finer: false) { renderer }
            XCTAssertEqual(scan.resolution, point < 20 ? 300 : fitted.resolution, "\(point) pt")
        }
        func text(fit: Bool) throws -> [String] {
            var context = ExtractionContext()
            context.config.ocr.fitResolution = fit
            let extraction = Extraction(pages: sizes.indices.map { PageRecord(number: $0 + 1, classification: .imageOnly) },
                                        ocrCandidates: Array(1...sizes.count), pagesRead: sizes.count)
            let e = try ScanRecognizer().complete(extraction, of: SourceInput(files: [url], kind: .pdf, byteSize: 0, name: "sizes.pdf"),
                                                  context: context)
            return (1...sizes.count).map { n in e.blocks.filter { $0.page == n }.map(\.text).joined(separator: "\n") }
        }
        let fitted = try text(fit: true), at300 = try text(fit: false)
        for (i, point) in sizes.enumerated() {
            let a = characterErrorRate(fitted[i], texts[i]), b = characterErrorRate(at300[i], texts[i])
            XCTAssertLessThanOrEqual(a, b, "\(point) pt: CER fitted \(a), at 300 dpi \(b)")
            XCTAssertLessThan(a, 0.02, "\(point) pt: \(fitted[i])")
        }
    }

    /// A photo of 40-pt writing is read on fewer pixels, as well as whole.
    func testLargeTypePhotoIsReducedAndReadNoWorse() throws {
        try OCRLibraries.requireTesseract()
        let full = Self.page(pointSize: 40)
        let reduced = TextSize.reduced(full)
        XCTAssertLessThan(reduced.width * reduced.height, full.width * full.height * 3 / 10)
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let url = dir.url.appendingPathComponent("board.png")
        try XCTUnwrap(full.pngData()).write(to: url)
        func text(fit: Bool) throws -> String {
            var context = ExtractionContext()
            context.config.ocr.fitResolution = fit
            let e = try ImageExtractor().extract(SourceInput(files: [url], kind: .png, byteSize: 0, name: "board.png"), context: context)
            return e.blocks.map(\.text).joined(separator: "\n")
        }
        let a = characterErrorRate(try text(fit: true), TextPage.french), b = characterErrorRate(try text(fit: false), TextPage.french)
        XCTAssertLessThanOrEqual(a, b, "CER fitted \(a), full size \(b)")
    }
}
