import Foundation
import IngestCore
@testable import IngestPDF
import IngestTestSupport
import XCTest

/// The page images OCR draws through the PDF extractor's own document (issue 35 item 3).
final class PDFPageImagesTests: XCTestCase {
    /// A page whose only text is a FreeText comment over a drawing goes to OCR, which reads the
    /// page as it is drawn, comment included. The extractor hides the page's annotations to see
    /// whether the page draws anything of its own: drawn again through that same document for
    /// OCR, the page shows its comment again — the same pixels as through a document of its own.
    func testTheExtractorsDocumentDrawsThePageWithItsComments() throws {
        guard runTool("pdflatex", ["--version"])?.status == 0 else { try missingTool("pdflatex missing (apt-get install texlive-latex-base)") }
        guard runTool(Python.path, ["-c", "import pypdf"])?.status == 0 else { try missingTool("pypdf missing (apt-get install python3-pypdf)") }
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        // A page that draws a black square and holds no text, typeset by pdflatex.
        let tex = try tmp.write("square.tex", #"""
            \documentclass{article}
            \pagestyle{empty}
            \begin{document}
            \noindent\rule{6cm}{6cm}
            \end{document}
            """#)
        guard runTool("pdflatex", ["-interaction=batchmode", "-output-directory", tmp.url.path, tex.path])?.status == 0 else {
            throw TestSetupFailure("pdflatex failed on square.tex")
        }
        let comment = "Revoir les exercices 3 et 4 pour lundi."
        let script = try tmp.write("comment.py", """
            import sys
            from pypdf import PdfReader, PdfWriter
            from pypdf.generic import AnnotationBuilder
            w = PdfWriter()
            for p in PdfReader(sys.argv[1]).pages: w.add_page(p)
            w.add_annotation(0, AnnotationBuilder.free_text(sys.argv[3], rect=(120, 300, 480, 330), font_size="12pt"))
            w.write(sys.argv[2])
            """)
        let pdf = tmp.url.appendingPathComponent("commented.pdf")
        guard runTool(Python.path, [script.path, tmp.url.appendingPathComponent("square.pdf").path, pdf.path, comment])?.status == 0 else {
            throw TestSetupFailure("pypdf could not add the comment")
        }
        let e = try PDFExtractor().extract(SourceInput(files: [pdf], kind: .pdf, byteSize: 0, name: "commented.pdf"),
                                           context: ExtractionContext(language: .en))
        XCTAssertEqual(e.ocrCandidates, [1], "a drawing with a comment is read by OCR, comment included")
        let shared = try XCTUnwrap(e.pageImages?.provider as? PDFPageImages, "the extractor hands its document over")
        let drawn = try shared.render(page: 1, dpi: 100, maxPixels: 10_000_000)
        let alone = try PDFPageImages(url: pdf).render(page: 1, dpi: 100, maxPixels: 10_000_000)
        XCTAssertEqual(drawn.width, alone.width)
        XCTAssertEqual(drawn.height, alone.height)
        let differing = zip(drawn.gray, alone.gray).filter { abs(Int($0) - Int($1)) > 2 }.count
        XCTAssertEqual(differing, 0, "pixels that differ between the extractor's document and a document of its own")
        // The comment is drawn: the page without it (pdflatex's own) differs, so a hidden comment would show.
        let bare = try PDFPageImages(url: tmp.url.appendingPathComponent("square.pdf")).render(page: 1, dpi: 100, maxPixels: 10_000_000)
        XCTAssertGreaterThan(zip(bare.gray, alone.gray).filter { abs(Int($0) - Int($1)) > 2 }.count, 100, "the comment is drawn")
    }

    /// Pages are drawn on one colour surface kept from drawing to drawing (issue 38: a new 34-MB
    /// surface was faulted in at every 300-dpi drawing): a JPEG scan of text (ImageMagick, made
    /// an image-only PDF by img2pdf) followed by a smaller page, drawn in turn through one
    /// document, give the same pixels as each drawn through a document of its own — nothing of
    /// the page drawn before shows through — and the surface is let go on request.
    func testTheKeptSurfaceDrawsEachPageAsAFreshOne() throws {
        guard runTool("convert", ["-version"])?.status == 0 else { try missingTool("ImageMagick missing (apt-get install imagemagick)") }
        guard runTool("img2pdf", ["--version"])?.status == 0 else { try missingTool("img2pdf missing (apt-get install img2pdf)") }
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let text = tmp.url.appendingPathComponent("text.jpg").path, small = tmp.url.appendingPathComponent("small.png").path
        guard runTool("convert", ["-size", "1275x1650", "xc:white", "-density", "150", "-units", "PixelsPerInch", "-fill", "black",
                                  "-pointsize", "40", "-annotate", "+100+200", "La photosynthèse produit du glucose.",
                                  "-draw", "rectangle 100,400 1100,1500", "-colorspace", "Gray", text])?.status == 0,
              runTool("convert", ["-size", "600x400", "xc:white", "-density", "150", "-units", "PixelsPerInch", "-fill", "black",
                                  "-draw", "rectangle 50,50 120,120", small])?.status == 0 else {
            throw TestSetupFailure("ImageMagick could not make the pages")
        }
        let pdf = tmp.url.appendingPathComponent("scan.pdf")
        guard runTool("img2pdf", [text, small, "-o", pdf.path])?.status == 0 else { throw TestSetupFailure("img2pdf failed") }
        // Drawn by cairo, not read from the scans' own pixels (PageScanImageTests).
        let shared = try PDFPageImages(url: pdf, readsScans: false)
        XCTAssertEqual(shared.surfaceBytes, 0)
        for (page, dpi) in [(1, 300.0), (2, 300), (1, 150), (2, 75)] {
            let drawn = try shared.render(page: page, dpi: dpi, maxPixels: 50_000_000)
            let alone = try PDFPageImages(url: pdf, readsScans: false).render(page: page, dpi: dpi, maxPixels: 50_000_000)
            XCTAssertEqual([drawn.width, drawn.height], [alone.width, alone.height])
            XCTAssertTrue(drawn.gray == alone.gray, "page \(page) at \(dpi) dpi")
            XCTAssertTrue(drawn.gray.contains { $0 < 64 } && drawn.gray.contains { $0 > 192 }, "page \(page) drawn")
        }
        // Kept: as large as the largest page drawn (page 1 at 300 dpi, 4 bytes a pixel).
        XCTAssertGreaterThanOrEqual(shared.surfaceBytes, 2550 * 3300 * 4)
        shared.letGoOfSurface()
        XCTAssertEqual(shared.surfaceBytes, 0)
        XCTAssertEqual(try shared.render(page: 2, dpi: 300, maxPixels: 50_000_000).gray,
                       try PDFPageImages(url: pdf, readsScans: false).render(page: 2, dpi: 300, maxPixels: 50_000_000).gray)
    }
}
