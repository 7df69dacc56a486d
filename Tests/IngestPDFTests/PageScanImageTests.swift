import Foundation
@testable import IngestPDF
import IngestTestSupport
import XCTest

/// A scanned page is read from its image's own pixels, not from cairo's drawing of the page
/// (`PageScanImage`); any page where that could lose or turn something is drawn as before.
final class PageScanImageTests: XCTestCase {
    /// A 200-ppi gray scan (ImageMagick: text and seeded noise, PNG kept lossless by img2pdf):
    /// asked at its own resolution or at 300 dpi, OCR gets exactly its pixels — the scanner's,
    /// byte for byte, told their 200 ppi; a picture (vision page, quick look) is still
    /// cairo's drawing.
    func testAScanIsHandedItsOwnPixels() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let (pdf, pixels) = try Self.scan(in: tmp)
        let pages = try PDFPageImages(url: pdf)
        let own = try pages.render(page: 1, dpi: 200, maxPixels: 50_000_000)
        XCTAssertEqual([own.width, own.height], [Self.width, Self.height])
        XCTAssertEqual(own.dpi, 200, accuracy: 0.01)
        XCTAssertTrue(own.gray == pixels, "the scan's own pixels")
        XCTAssertEqual(pages.scansHanded, 1)
        // Once a scan was exactly the size drawn, the document's pages are drawn by cairo (the
        // same pixels at that size; no decoding of each scan to learn its size).
        let again = try pages.render(page: 1, dpi: 300, maxPixels: 50_000_000)
        XCTAssertEqual([again.width, again.height], [Self.width * 3 / 2, Self.height * 3 / 2])
        XCTAssertEqual(pages.scansHanded, 1)
        // Asked at 300 dpi first: as it is, told its own 200 ppi (enlarged it read no better).
        let other = try PDFPageImages(url: pdf)
        let asked300 = try other.render(page: 1, dpi: 300, maxPixels: 50_000_000)
        XCTAssertEqual([asked300.width, asked300.height], [Self.width, Self.height])
        XCTAssertEqual(asked300.dpi, 200, accuracy: 0.01)
        XCTAssertTrue(asked300.gray == pixels)
        XCTAssertEqual(other.scansHanded, 1)
        _ = try other.render(page: 1, dpi: 150, maxPixels: PDFPageImages.keptPixelsAtMost)
        XCTAssertEqual(other.scansHanded, 1, "a picture is drawn by cairo")
    }

    /// The same scan with the page turned (/Rotate 180 and 90, qpdf), and with a stroke drawn
    /// over it (a pdflatex rule laid on the page by pypdf): cairo draws each, as the page shows.
    func testAPageThatIsMoreThanItsImageIsDrawn() throws {
        guard runTool("qpdf", ["--version"])?.status == 0 else { try missingTool("qpdf missing (apt-get install qpdf)") }
        guard runTool("pdflatex", ["--version"])?.status == 0 else { try missingTool("pdflatex missing (apt-get install texlive-latex-base)") }
        guard runTool(Python.path, ["-c", "import pypdf"])?.status == 0 else { try missingTool("pypdf missing (apt-get install python3-pypdf)") }
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let (pdf, pixels) = try Self.scan(in: tmp)
        for turn in ["180", "90"] {
            let turned = tmp.url.appendingPathComponent("turned-\(turn).pdf")
            guard runTool("qpdf", ["--rotate=+\(turn)", pdf.path, turned.path])?.status == 0 else { throw TestSetupFailure("qpdf --rotate failed") }
            let pages = try PDFPageImages(url: turned)
            let page = try pages.render(page: 1, dpi: 200, maxPixels: 50_000_000)
            XCTAssertEqual(pages.scansHanded, 0, "/Rotate \(turn)")
            XCTAssertEqual(pages.drawingsMade, 1)
            if turn == "180" {
                // Drawn turned: the last pixel of the scan is the first of the page.
                XCTAssertEqual([page.width, page.height], [Self.width, Self.height])
                let close = zip(page.gray, pixels.reversed()).filter { abs(Int($0) - Int($1)) <= 48 }.count
                XCTAssertGreaterThan(Double(close) / Double(pixels.count), 0.95, "the page is drawn turned")
            } else {
                XCTAssertEqual([page.width, page.height], [Self.height, Self.width])
            }
        }
        // A 0.8-pt rule, 8 cm long, on a page the scan's size (5 × 7 in), laid over the scan.
        let tex = try tmp.write("rule.tex", #"""
            \documentclass{article}
            \usepackage[paperwidth=5in,paperheight=7in,margin=1in]{geometry}
            \pagestyle{empty}
            \begin{document}
            \noindent\rule{8cm}{0.8pt}
            \end{document}
            """#)
        guard runTool("pdflatex", ["-interaction=batchmode", "-output-directory", tmp.url.path, tex.path])?.status == 0 else {
            throw TestSetupFailure("pdflatex failed on rule.tex")
        }
        let script = try tmp.write("overlay.py", """
            import sys
            from pypdf import PdfReader, PdfWriter
            page = PdfReader(sys.argv[1]).pages[0]
            page.merge_page(PdfReader(sys.argv[2]).pages[0])
            w = PdfWriter(); w.add_page(page); w.write(sys.argv[3])
            """)
        let marked = tmp.url.appendingPathComponent("marked.pdf")
        guard runTool(Python.path, [script.path, pdf.path, tmp.url.appendingPathComponent("rule.pdf").path, marked.path])?.status == 0 else {
            throw TestSetupFailure("pypdf could not lay the rule over the scan")
        }
        let pages = try PDFPageImages(url: marked)
        let page = try pages.render(page: 1, dpi: 200, maxPixels: 50_000_000)
        XCTAssertEqual(pages.scansHanded, 0, "a stroke over the scan")
        let black = page.gray.filter { $0 < 32 }.count - pixels.filter { $0 < 32 }.count
        XCTAssertGreaterThan(black, 400, "the rule is drawn (8 cm at 200 dpi is 630 px long)")
    }

    /// Out of OCR's resolutions a scan is brought to the size asked: reduced by area averaging,
    /// enlarged by bilinear interpolation between pixel centres.
    func testAScanIsReducedByAreaAndEnlargedBilinearly() {
        func rows(_ scan: PageScanImage, _ w: Int, _ h: Int) -> [UInt8] {
            var out: [UInt8] = []
            scan.rows(width: w, height: h) { _, row in out += row }
            return out
        }
        let edge = PageScanImage(width: 2, height: 1, gray: [0, 255])
        XCTAssertEqual(rows(edge, 4, 1), [0, 64, 191, 255])
        XCTAssertEqual(rows(edge, 2, 1), [0, 255])
        let square = PageScanImage(width: 4, height: 2, gray: [0, 255, 255, 255, 0, 0, 100, 100])
        XCTAssertEqual(rows(square, 2, 1), [64, 178])
    }

    static let width = 1000, height = 1400

    /// A 5 × 7 in page scanned at 200 ppi: black text on noisy light-gray paper, as a PNG
    /// wrapped by img2pdf; with its pixels as ImageMagick wrote them.
    static func scan(in tmp: TemporaryDirectory) throws -> (pdf: URL, pixels: [UInt8]) {
        guard runTool("convert", ["-version"])?.status == 0 else { try missingTool("ImageMagick missing (apt-get install imagemagick)") }
        guard runTool("img2pdf", ["--version"])?.status == 0 else { try missingTool("img2pdf missing (apt-get install img2pdf)") }
        let png = tmp.url.appendingPathComponent("scan.png").path
        guard runTool("convert", ["-size", "\(width)x\(height)", "xc:gray(92%)", "-seed", "21", "-attenuate", "0.4", "+noise", "Gaussian",
                                  "-fill", "black", "-pointsize", "34", "-annotate", "+90+200", "Fiche de révision : les fonctions affines",
                                  "-annotate", "+90+300", "a = (9 - 5) / (3 - 1) = 4 / 2 = 2", "-colorspace", "Gray", "-depth", "8",
                                  "-density", "200", "-units", "PixelsPerInch", png])?.status == 0 else {
            throw TestSetupFailure("ImageMagick could not make the scan")
        }
        guard let raw = runTool("convert", [png, "-depth", "8", "gray:-"]), raw.status == 0, raw.stdout.count == width * height else {
            throw TestSetupFailure("ImageMagick could not read the scan back")
        }
        let pdf = tmp.url.appendingPathComponent("scan.pdf")
        guard runTool("img2pdf", [png, "-o", pdf.path])?.status == 0 else { throw TestSetupFailure("img2pdf failed") }
        return (pdf, [UInt8](raw.stdout))
    }
}
