import CTesseract
import Foundation
import IngestCore
@testable import IngestOCR
import IngestPDF
import IngestTestSupport
import XCTest

/// Issue 38, odd corpus: a page holding little is read on its drawn part (`InkCut`) and gives
/// what the whole page gives, its words placed where the whole page has them; a page of writing
/// and a drawing over most of the page are read whole. Pages drawn by ImageMagick at 72 ppi (as
/// pdf.js's test bitmaps are), made image-only PDFs by img2pdf, drawn by IngestPDF at 300 dpi as
/// OCR draws them.
final class InkCutTests: XCTestCase {
    /// A letter page (612 × 792 px at 72 ppi) drawn by `convert` with `draw`, as a one-image PDF.
    func pdf(_ name: String, _ draw: [String], in dir: TemporaryDirectory) throws -> URL {
        let png = dir.url.appendingPathComponent("\(name).png"), pdf = dir.url.appendingPathComponent("\(name).pdf")
        guard runTool("convert", ["-size", "612x792", "xc:white"] + draw
                      + ["-units", "PixelsPerInch", "-density", "72", "-type", "Grayscale", png.path])?.status == 0 else {
            try missingTool("ImageMagick draws the pages (apt-get install imagemagick)")
        }
        guard runTool("img2pdf", [png.path, "-o", pdf.path])?.status == 0 else {
            try missingTool("img2pdf makes the image-only PDF (apt-get install img2pdf)")
        }
        return pdf
    }

    /// Page 1 of `url` as OCR gets it (`ScanRecognizer.pageImage`, 300 dpi, fitted).
    func page(_ url: URL) throws -> PageImage {
        let renderer = try PDFPageImages(url: url)
        return try ScanRecognizer.pageImage(page: 1, dpi: 300, maxPixels: 200_000_000, fit: true, finer: false) { renderer }
    }

    static let font = ["-font", "DejaVu-Sans", "-fill", "black", "-stroke", "none"]

    /// A button's "OK" and a line of text alone on a page: cut to a small part, read there as on
    /// the whole page — the same paragraphs, the same words at the same places (to 2 px).
    func testAPageHoldingLittleIsReadOnItsDrawnPartAsWhole() throws {
        try OCRLibraries.requireTesseract()
        let dir = try TemporaryDirectory("ingest-ink-cut"); defer { dir.remove() }
        let engine = try TesseractEngine(languages: "fra+eng")
        let pages: [(String, [String], String)] = [
            ("ok", ["-fill", "#dddddd", "-stroke", "black", "-draw", "rectangle 400,700 520,736"]
                + Self.font + ["-pointsize", "20", "-annotate", "+443+726", "OK"], "OK"),
            ("line", Self.font + ["-pointsize", "14", "-annotate", "+72+120", "Chapitre 2 : les fonctions affines"],
             "Chapitre 2 : les fonctions affines"),
        ]
        for (name, draw, text) in pages {
            let whole = try page(pdf(name, draw, in: dir))
            let ink = try XCTUnwrap(PageInk.measure(whole))
            let cut = try XCTUnwrap(InkCut(ink, image: whole), "\(name): \(ink)")
            XCTAssertLessThan(Double(cut.width * cut.height), 0.2 * Double(whole.width * whole.height), name)
            XCTAssertGreaterThanOrEqual(min(cut.width, cut.height), 600, "\(name): two inches at least")
            let part = cut.apply(whole)
            XCTAssertEqual([part.width, part.height, part.resolution], [cut.width, cut.height, whole.resolution], name)
            let read = try engine.recognize(whole.sharedHandle(), deadline: .distantFuture, limitSeconds: 60, page: 1)
            let readCut = cut.place(try engine.recognize(part, deadline: .distantFuture, limitSeconds: 60, page: 1))
            XCTAssertEqual(read.text.trimmingCharacters(in: .whitespacesAndNewlines), text, name)
            XCTAssertEqual(readCut.paragraphs.map(\.text), read.paragraphs.map(\.text), name)
            XCTAssertEqual(readCut.words.map(\.text), read.words.map(\.text), name)
            XCTAssertEqual(readCut.imageSize, read.imageSize, name)
            for (a, b) in zip(readCut.words, read.words) {
                for (u, v) in zip(a.box, b.box) { XCTAssertEqual(u, v, accuracy: 2.0 / Double(whole.width), "\(name): \(a.text)") }
            }
        }
    }

    /// Through the OCR stage (`ScanRecognizer`, `PageRunner`): the button's word read from its cut
    /// is placed where ImageMagick drew it on the whole page (its left edge at 443 of 612 px, its
    /// baseline at 726 of 792), not where it lies in the cut part.
    func testTheStageReadsTheCutAndPlacesItsWordsOnThePage() throws {
        try OCRLibraries.requireTesseract()
        let dir = try TemporaryDirectory("ingest-ink-cut"); defer { dir.remove() }
        let url = try pdf("ok", ["-fill", "#dddddd", "-stroke", "black", "-draw", "rectangle 400,700 520,736"]
                          + Self.font + ["-pointsize", "20", "-annotate", "+443+726", "OK"], in: dir)
        let scan = Extraction(pages: [PageRecord(number: 1, classification: .imageOnly)], ocrCandidates: [1], pagesRead: 1)
        let e = try ScanRecognizer().complete(scan, of: SourceInput(files: [url], kind: .pdf, byteSize: 0, name: "ok.pdf"),
                                              context: ExtractionContext())
        XCTAssertEqual(e.blocks.map(\.text), ["OK"])
        let word = try XCTUnwrap(e.ocrWords.first { $0.text == "OK" }, "\(e.ocrWords)")
        XCTAssertEqual(word.box[0], 443.0 / 612, accuracy: 0.01)
        XCTAssertEqual(word.box[3], 726.0 / 792, accuracy: 0.01)
    }

    /// A paragraph of writing (more marks than `PageInk.marksCounted`) and a face drawn over most
    /// of the page are read whole.
    func testWritingAndALargeDrawingAreReadWhole() throws {
        try OCRLibraries.requireTesseract()
        let dir = try TemporaryDirectory("ingest-ink-cut"); defer { dir.remove() }
        let paragraph = try page(pdf("paragraph", ["(", "-size", "300x", "-background", "white"] + Self.font
                                     + ["-pointsize", "12", "caption:" + TextPage.french, ")", "-geometry", "+72+72", "-composite"], in: dir))
        let written = try XCTUnwrap(PageInk.measure(paragraph))
        XCTAssertEqual(written.marks, PageInk.marksCounted)
        XCTAssertNil(InkCut(written, image: paragraph))
        let face = try page(pdf("face", ["-fill", "none", "-stroke", "black", "-strokewidth", "8",
                                         "-draw", "circle 306,396 306,130", "-draw", "circle 230,330 230,345",
                                         "-draw", "circle 382,330 382,345", "-draw", "arc 200,380 412,540 20,160"], in: dir))
        let drawn = try XCTUnwrap(PageInk.measure(face))
        XCTAssertFalse(drawn.isBlank)
        XCTAssertLessThan(drawn.marks, PageInk.marksCounted)
        let e = try XCTUnwrap(drawn.extent)
        // The circle's 532 px (at 72 ppi) across, drawn at 300 dpi.
        XCTAssertEqual(Double(e[2] - e[0]), 540 * 300 / 72, accuracy: 20)
        XCTAssertNil(InkCut(drawn, image: face), "drawn over more than half of the page")
        // Huge gray type (pdf.js's issue4379, "Image Mask Example" in letters 250–400 px high at
        // 300 dpi, read nothing on its tight cut): the margin is the tallest mark, the page read whole.
        let huge = try page(pdf("huge", Self.font + ["-fill", "gray50", "-pointsize", "90", "-annotate", "+40+120", "Image\nMask\nExample"], in: dir))
        let large = try XCTUnwrap(PageInk.measure(huge))
        XCTAssertGreaterThan(try XCTUnwrap(large.tallestMark), 250, "\(large)")
        let cut = try XCTUnwrap(InkCut(large, image: huge))
        let box: [Int] = try XCTUnwrap(large.extent), tallest: Int = try XCTUnwrap(large.tallestMark)
        let kept: [Int] = [cut.x, cut.y, cut.x + cut.width - 1, cut.y + cut.height - 1]
        let expected: [Int] = [max(0, box[0] - tallest), max(0, box[1] - tallest),
                               min(huge.width - 1, box[2] + tallest), min(huge.height - 1, box[3] + tallest)]
        XCTAssertEqual(kept, expected, "a margin of the tallest mark's height")
        let engine = try TesseractEngine(languages: "fra+eng")
        let read = try engine.recognize(huge.sharedHandle(), deadline: .distantFuture, limitSeconds: 60, page: 1)
        let readCut = cut.place(try engine.recognize(cut.apply(huge), deadline: .distantFuture, limitSeconds: 60, page: 1))
        XCTAssertEqual(read.text.split(whereSeparator: \.isWhitespace), ["Image", "Mask", "Example"])
        XCTAssertEqual(readCut.text, read.text)
    }

    /// The kept part's place after quarter turns is where pixRotateOrth puts its pixels.
    func testTheKeptPartIsPlacedAfterQuarterTurns() throws {
        try OCRLibraries.requireTesseract()
        let (w, h) = (300, 200)
        let cut = InkCut(x: 40, y: 30, width: 50, height: 20, pageWidth: w, pageHeight: h)
        for turns in 0..<4 {
            let pix = PageImage(taking: try XCTUnwrap(pixCreate(Int32(w), Int32(h), 1)))
            let wpl = Int(pixGetWpl(pix.raw)), data = try XCTUnwrap(pixGetData(pix.raw))
            for y in 30..<50 { for x in 40..<90 { data[y * wpl + x / 32] |= 1 << UInt32(31 - x % 32) } }
            XCTAssertTrue(pix.rotateClockwise(quarterTurns: turns))
            // The set pixels' box in the turned image.
            var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
            var v: l_uint32 = 0
            for y in 0..<pix.height { for x in 0..<pix.width {
                _ = pixGetPixel(pix.raw, Int32(x), Int32(y), &v)
                if v == 1 { x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y) }
            } }
            let placed = cut.turned(turns)
            XCTAssertEqual([placed.kept.x, placed.kept.y, placed.kept.width, placed.kept.height], [x0, y0, x1 - x0 + 1, y1 - y0 + 1], "\(turns)")
            XCTAssertEqual([placed.whole.width, placed.whole.height], [pix.width, pix.height], "\(turns)")
        }
    }
}
