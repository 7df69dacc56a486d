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
        TextPage.pageImage(TextPage.render(text, dpi: dpi, pointSize: pointSize), dpi: Int(dpi))
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
        XCTAssertEqual(TextSize.scale(xHeight: 45, dpi: 300), 233.33 / 300, accuracy: 1e-4)   // reduced to 35 px
        XCTAssertEqual(TextSize.scale(xHeight: 50, dpi: 300), 0.5)                            // halved: 25 px fits
        XCTAssertEqual(TextSize.scale(xHeight: 70, dpi: 300), 0.5)                            // halved: 35 px fits
        XCTAssertEqual(TextSize.scale(xHeight: 60, dpi: 200), 150.0 / 200, accuracy: 1e-9)    // half would be under 150 dpi
        XCTAssertEqual(TextSize.scale(xHeight: 100, dpi: 300), 150.0 / 300, accuracy: 1e-9)   // not below 150 dpi
        XCTAssertEqual(TextSize.scale(xHeight: 20, dpi: 300), 400.0 / 300, accuracy: 1e-9)    // 450 → 400 dpi
        XCTAssertEqual(TextSize.scale(xHeight: 24, dpi: 300), 375.0 / 300, accuracy: 1e-9)
    }

    /// A PDF page of 28-pt type (x-height 61 px at 300 dpi) is read halved (150 dpi of pixels, told 300), 7-pt type drawn at 400 (when its glyphs
    /// are drawn, not a scan), 12-pt type at 300 as before — and the scanned PDF's halved page reads
    /// no worse than at 300 dpi (same run). Its 7- and 12-pt pages are the 300-dpi pixels either
    /// way (asserted below), so they are read once: the 7-pt page within 2 % CER, the 12-pt page
    /// not at all (`testLargeTypePhotoIsReducedAndReadNoWorse` reads body type).
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
            let at300 = try ScanRecognizer.pageImage(page: i + 1, dpi: 300, maxPixels: 200_000_000, fit: false) { renderer }
            // The pixels' resolution; a reduced page is told the resolution it was drawn at (`TextSize.reduce`).
            let dpi = 300 * Double(fitted.width) / Double(at300.width)
            let truth = Self.fontXHeight(pointSize: point, dpi: dpi)
            switch point {
            case 28: XCTAssertEqual(dpi, 150, accuracy: 0.5); XCTAssertEqual(fitted.resolution, 300)
            case 7: XCTAssertEqual(dpi, 400, accuracy: 0.5); XCTAssertEqual(fitted.resolution, 400)
            default: XCTAssertEqual(dpi, 300); XCTAssertEqual(fitted.resolution, 300)
            }
            XCTAssertLessThanOrEqual(truth, 36, "\(point) pt at \(dpi) dpi")
            XCTAssertGreaterThanOrEqual(truth, point < 10 ? 20 : 25, "\(point) pt at \(dpi) dpi")
            // A scan's small type is not drawn finer (its pixels hold no more detail); large type is still reduced.
            let scan = try ScanRecognizer.pageImage(page: i + 1, dpi: 300, maxPixels: 200_000_000, fit: true, finer: false) { renderer }
            XCTAssertEqual(scan.width, point < 20 ? at300.width : fitted.width, "\(point) pt")
        }
        func text(fit: Bool, pages: [Int]) throws -> [Int: String] {
            var context = ExtractionContext()
            context.config.ocr.fitResolution = fit
            let extraction = Extraction(pages: sizes.indices.map { PageRecord(number: $0 + 1, classification: .imageOnly) },
                                        ocrCandidates: pages, pagesRead: sizes.count)
            let e = try ScanRecognizer().complete(extraction, of: SourceInput(files: [url], kind: .pdf, byteSize: 0, name: "sizes.pdf"),
                                                  context: context)
            return Dictionary(uniqueKeysWithValues: pages.map { n in (n, e.blocks.filter { $0.page == n }.map(\.text).joined(separator: "\n")) })
        }
        let fitted = try text(fit: true, pages: [1, 2]), at300 = try text(fit: false, pages: [1])
        let a = characterErrorRate(fitted[1] ?? "", texts[0]), b = characterErrorRate(at300[1] ?? "", texts[0])
        XCTAssertLessThanOrEqual(a, b, "28 pt: CER fitted \(a), at 300 dpi \(b)")
        XCTAssertLessThan(a, 0.02, "28 pt: \(fitted[1] ?? "")")
        XCTAssertLessThan(characterErrorRate(fitted[2] ?? "", texts[1]), 0.02, "7 pt: \(fitted[2] ?? "")")
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

    /// Halving is leptonica's 2× area map: each pixel the mean of the four it stands for, no
    /// sharpening (an interpolated scaling then unsharp masking would change the values at the
    /// edges of a mark); the resolution stays the page's, so Tesseract reads the writing as body
    /// type (`TextSize.reduce`).
    func testHalvingIsTheMeanOfFourPixels() throws {
        try OCRLibraries.requireTesseract()
        let gray = (0..<(6 * 4)).map { UInt8(($0 * 37) % 256) }
        let image = try XCTUnwrap(gray.withUnsafeBytes { PageImage.gray(width: 6, height: 4, bytesPerRow: 6, bytes: $0) })
        image.setResolution(300)
        let half = TextSize.reduce(image, by: 0.5)
        XCTAssertEqual([half.width, half.height, half.resolution], [3, 2, 300])
        for y in 0..<2 {
            for x in 0..<3 {
                let four = [gray[2 * y * 6 + 2 * x], gray[2 * y * 6 + 2 * x + 1], gray[(2 * y + 1) * 6 + 2 * x], gray[(2 * y + 1) * 6 + 2 * x + 1]]
                var v: UInt32 = 0
                XCTAssertEqual(pixGetPixel(half.raw, Int32(x), Int32(y), &v), 0)
                XCTAssertEqual(Double(v), Double(four.map(Int.init).reduce(0, +)) / 4, accuracy: 1, "pixel \(x),\(y)")
            }
        }
        // Any other factor is PageImage's scaling.
        let other = TextSize.reduce(image, by: 2.0 / 3)
        XCTAssertEqual([other.width, other.height, other.resolution], [4, 3, 300])
    }

    /// Large type halved keeps its l where it begins a line: Tesseract takes a stroke of
    /// resolution/4 px or more for a rule and removes it, and the 38-px l of halved 24-pt serif
    /// type told 150 dpi was one ("les privilèges" read "es privilèges", bench/ocr/speed38.py's
    /// large.pdf); the reduced page is told the resolution it had, 300 dpi.
    func testHalvedLargeTypeKeepsTheLetterLBeginningALine() throws {
        try OCRLibraries.requireTesseract()
        let lines = ["les privilèges sont abolis la nuit", "la Déclaration des droits de l'homme",
                     "le rôle de chaque assemblée", "les grands principes de la Révolution",
                     "la liberté d'opinion et l'égalité", "le roi fuit à Varennes en juin"]
        let full = Self.page(lines.joined(separator: "\n"), pointSize: 24)
        let reduced = TextSize.reduced(full)
        XCTAssertEqual(reduced.width, full.width / 2, "24-pt type (x-height ≈ 52 px) is halved")
        XCTAssertEqual(reduced.resolution, 300)
        let engine = try TesseractEngine(languages: "fra+eng")
        let page = try engine.recognize(reduced, deadline: .distantFuture, limitSeconds: 600, page: 1)
        let read = page.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        XCTAssertEqual(read.count, lines.count, page.text)
        for (line, got) in zip(lines, read) {
            XCTAssertEqual(got.split(separator: " ").first, line.split(separator: " ").first, "\(got) for \(line)")
        }
    }
}
