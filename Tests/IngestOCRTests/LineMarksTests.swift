import CPoppler
import CTesseract
import Foundation
import IngestCore
@testable import IngestOCR
@testable import IngestPDF
import IngestTestSupport
import XCTest

/// Issue 38 item 4: a page of few marks that form no line of writing (a smiley drawn huge, a
/// gradient, swatches, an empty form, a checkbox, a rule) is recorded blank without being drawn at
/// 300 dpi or recognised; a page with any writing — one digit or one short word from 8 to 72 pt, a
/// line of Chinese, Arabic or Cyrillic, a script-type line as handwriting, a formula, white type on
/// black, a noisy gray scan — is still read. Pages drawn here with cairo at the quick look's 150
/// dpi, and as image-only PDFs at 300 dpi drawn back by poppler as OCR draws them.
final class LineMarksTests: XCTestCase {
    /// Small pages: the marks are judged in inches, and a small page is quick to draw.
    static let strip = (width: 7.0, height: 2.2), sheet = (width: 8.0, height: 4.0)

    /// A gray page of `size` (inches) at `dpi` with `text` in `font` at `pointSize`, its baseline at `at` (inches
    /// from the top left); `paper`/`ink` gray levels; `draw` adds shapes (cairo, in pixels).
    static func page(_ text: String = "", font: String = "DejaVu Serif", pointSize: Double = 12, at: (Double, Double) = (0.5, 1.5),
                     size: (width: Double, height: Double) = strip,
                     dpi: Double = 150, paper: Double = 1, ink: Double = 0,
                     draw: (OpaquePointer, Double) -> Void = { _, _ in }) -> PageImage {
        TextPage.pageImage(TextPage.canvas(width: Int(size.width * dpi), height: Int(size.height * dpi), paper: paper, ink: ink) { cr in
            draw(cr, dpi)
            cairo_set_source_rgb(cr, ink, ink, ink)
            cairo_select_font_face(cr, font, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
            cairo_set_font_size(cr, pointSize * dpi / 72)
            var y = at.1 * dpi
            for line in text.split(separator: "\n") {
                cairo_move_to(cr, at.0 * dpi, y)
                cairo_show_text(cr, String(line))
                y += pointSize * dpi / 72 * 1.4
            }
        }, dpi: Int(dpi))
    }

    /// `pix` with seeded noise of ± `amount` gray levels on every pixel, as a scanner gives it.
    static func noisy(_ pix: PageImage, amount: Int = 40, seed: UInt64 = 38) -> PageImage {
        let w = pix.width, h = pix.height, wpl = Int(pixGetWpl(pix.raw))
        let bytes = UnsafeMutableRawPointer(pixGetData(pix.raw)!).assumingMemoryBound(to: UInt8.self)
        var rng = SeededGenerator(seed: seed)
        for y in 0..<h {
            for x in 0..<w {
                let i = y * wpl * 4 + (x ^ 3)
                bytes[i] = UInt8(min(255, max(0, Int(bytes[i]) + Int.random(in: -amount...amount, using: &rng))))
            }
        }
        return pix
    }

    /// The pages of writing: every one must be read.
    static func writing() -> [(String, PageImage)] {
        var pages: [(String, PageImage)] = []
        for points in [8.0, 12, 24, 48, 72] {
            for font in ["DejaVu Serif", "DejaVu Sans", "Z003"] {
                for text in ["7", "12", "Ok", "à", "Chapitre 2"] {
                    pages.append(("\(text) \(font) \(points) pt", page(text, font: font, pointSize: points, at: (0.2, 1.6))))
                }
            }
        }
        pages += [
            ("Chinese", page("第二章 化学反应", font: "AR PL UMing CN", pointSize: 14)),
            ("Arabic", page("مرحبا بكم في الدرس", font: "DejaVu Sans", pointSize: 14)),
            ("Cyrillic", page("Глава вторая", font: "DejaVu Sans", pointSize: 12)),
            ("handwriting-like script line", page("signé Paul, le 3 mars", font: "Z003", pointSize: 16)),
            ("a sentence", page("Le cours commence demain à huit heures.", pointSize: 10)),
            ("a page number at the foot", page("- 3 -", pointSize: 10, at: (3.3, 2.0))),
            ("light gray type", page("Chapitre 2 : la cellule", pointSize: 8, ink: 0.6)),
            ("white on a black box", page("Merci !", font: "DejaVu Sans", pointSize: 24, at: (0.7, 1.3), ink: 1) { cr, dpi in
                cairo_rectangle(cr, 0.5 * dpi, 0.6 * dpi, 3 * dpi, 1 * dpi); cairo_fill(cr) }),
            ("black in a white box on gray", page("Ok", font: "DejaVu Sans", pointSize: 36, at: (0.7, 1.3), paper: 0.6) { cr, dpi in
                cairo_set_source_rgb(cr, 1, 1, 1); cairo_rectangle(cr, 0.5 * dpi, 0.6 * dpi, 2 * dpi, 1 * dpi); cairo_fill(cr)
                cairo_set_source_rgb(cr, 0, 0, 0); cairo_set_line_width(cr, 3); cairo_rectangle(cr, 0.5 * dpi, 0.6 * dpi, 2 * dpi, 1 * dpi)
                cairo_stroke(cr) }),
            ("noisy gray scan, 10 pt", noisy(page("La respiration cellulaire", pointSize: 10, paper: 0.82, ink: 0.15))),
            ("noisy gray scan, a page number", noisy(page("17", pointSize: 10, at: (3.3, 2.0), paper: 0.82, ink: 0.15))),
        ]
        return pages
    }

    /// Pages of few marks none of which is writing.
    static func noWriting() -> [(String, PageImage)] {
        [
            ("a smiley drawn huge", page(size: sheet) { cr, dpi in
                cairo_set_line_width(cr, 0.12 * dpi)
                cairo_arc(cr, 2.5 * dpi, 2 * dpi, 1.6 * dpi, -1.2, 1.2); cairo_stroke(cr)
                cairo_arc(cr, 1 * dpi, 1.2 * dpi, 0.16 * dpi, 0, 2 * .pi); cairo_fill(cr)
                cairo_arc(cr, 1 * dpi, 2.8 * dpi, 0.16 * dpi, 0, 2 * .pi); cairo_fill(cr) }),
            ("swatches", page(size: sheet) { cr, dpi in
                for i in 0..<4 { cairo_rectangle(cr, (0.2 + 1.2 * Double(i)) * dpi, 1 * dpi, 1 * dpi, 1 * dpi); cairo_fill(cr) } }),
            ("a gradient", page(size: sheet) { cr, dpi in
                let g = cairo_pattern_create_linear(0.5 * dpi, 0, 4.5 * dpi, 0)!
                cairo_pattern_add_color_stop_rgb(g, 0, 1, 1, 1); cairo_pattern_add_color_stop_rgb(g, 1, 0, 0, 0)
                cairo_set_source(cr, g); cairo_rectangle(cr, 0.5 * dpi, 0.5 * dpi, 4 * dpi, 3 * dpi); cairo_fill(cr)
                cairo_pattern_destroy(g) }),
            ("an empty form and a checkbox", page(size: sheet) { cr, dpi in
                cairo_set_line_width(cr, 1)
                for i in 0..<3 { cairo_rectangle(cr, 0.5 * dpi, (0.5 + 0.6 * Double(i)) * dpi, 3 * dpi, 0.3 * dpi) }
                cairo_rectangle(cr, 0.5 * dpi, 2.5 * dpi, 0.14 * dpi, 0.14 * dpi); cairo_stroke(cr) }),
            ("a lone rule", page(size: sheet) { cr, dpi in cairo_rectangle(cr, 0.5 * dpi, 3 * dpi, 5 * dpi, 2); cairo_fill(cr) }),
        ]
    }

    func testEveryPageOfWritingMayHoldWriting() throws {
        try OCRLibraries.requireTesseract()
        for (name, pix) in Self.writing() {
            let ink = try XCTUnwrap(PageInk.measure(pix), name)
            guard PageRunner.readsFirst(ink) else { continue }   // many marks: read whole, never asked
            XCTAssertNotNil(LineMarks.evidence(pix), "\(name) would be left unread (\(ink.marks) marks)")
        }
    }

    func testPagesOfShapesHoldNoWriting() throws {
        try OCRLibraries.requireTesseract()
        for (name, pix) in Self.noWriting() {
            let ink = try XCTUnwrap(PageInk.measure(pix), name)
            XCTAssertTrue(PageRunner.readsFirst(ink), "\(name): \(ink)")
            XCTAssertNil(LineMarks.evidence(pix), name)
        }
    }

    /// Through the OCR stage, as image-only PDFs of 300-dpi pages: a first page of shapes is
    /// decided on its quick look (drawn at ≈ 150 dpi only, no engine started for it), a later one
    /// on its full drawing; both recorded blank and offered to vision; the words around are read.
    func testPagesOfShapesAreRecordedBlankAndTheWritingRead() throws {
        try OCRLibraries.requireTesseract()
        let smiley = Self.page(size: Self.sheet, dpi: 300) { cr, dpi in
            cairo_set_line_width(cr, 0.12 * dpi)
            cairo_arc(cr, 2.5 * dpi, 2 * dpi, 1.6 * dpi, -1.2, 1.2); cairo_stroke(cr)
            cairo_arc(cr, 1 * dpi, 1.2 * dpi, 0.16 * dpi, 0, 2 * .pi); cairo_fill(cr) }
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let url = dir.url.appendingPathComponent("odd.pdf")
        try ScanRecognizerTests.imagePDF([smiley, Self.page("La cellule", pointSize: 14, size: Self.sheet, dpi: 300), smiley.sharedHandle()], at: url)
        let drawn = try BlankPageTests.DrawnPages(PDFPageImages.open(url, nil))
        let extraction = Extraction(pages: (1...3).map { PageRecord(number: $0, classification: .imageOnly) },
                                    ocrCandidates: [1, 2, 3], pagesRead: 3)
        let e = try ScanRecognizer(pdfPages: { _, _ in drawn })
            .complete(extraction, of: SourceInput(files: [url], kind: .pdf, byteSize: 0, name: "odd.pdf"), context: ExtractionContext())
        XCTAssertEqual(e.pages?.map(\.leftOut), [.blank, nil, .blank])
        XCTAssertEqual(e.blocks.map(\.text), ["La cellule"])
        XCTAssertEqual(e.pagesOCRed, 1)
        XCTAssertEqual(e.thinTextReason, .readinessEmptyPage)
        XCTAssertEqual(e.visionPages, [1, 3, 2], "the empty pages first, then the page read")
        let quick = PagePreview.pdfDrawing(longSide: PagePreview.visionLongSide).dpi
        XCTAssertEqual(drawn.dpis.filter { $0 != quick }.count, 2, "pages 2 and 3 drawn full size, page 1 not: \(drawn.dpis)")
    }
}
