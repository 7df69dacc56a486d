import Foundation
import IngestCore
@testable import IngestPDF
import IngestTestSupport
import XCTest

/// Where a page's images lie against its text (`imageFacts`), on scans made here: Pillow draws
/// a page of dark bars (writing) on white at 300 dpi, img2pdf makes it an image-only PDF, pypdf
/// adds a FreeText comment to a copy.
final class PageImagesTests: XCTestCase {
    /// A plain scan (no text line, no annotation) is classified by its image's coverage alone: its
    /// marks are not drawn (issue 38: the drawing decoded the whole image before OCR could start),
    /// and it is still an OCR page. The same scan with a comment has its marks drawn: the comment's
    /// text could make it a text page were the image without marks.
    func testAPlainScansMarksAreNotDrawn() throws {
        guard runTool("img2pdf", ["--version"])?.status == 0 else { try missingTool("img2pdf missing (apt-get install img2pdf)") }
        guard runTool(Python.path, ["-c", "import pypdf, PIL"])?.status == 0 else {
            try missingTool("pypdf or Pillow missing (apt-get install python3-pypdf python3-pil)")
        }
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let script = try tmp.write("scan.py", """
            import sys
            from PIL import Image, ImageDraw
            from pypdf import PdfReader, PdfWriter
            from pypdf.generic import AnnotationBuilder
            import subprocess
            img = Image.new("L", (2480, 3508), 255); d = ImageDraw.Draw(img)
            for i in range(40): d.rectangle((250, 300 + i * 70, 2200 - (i % 5) * 150, 330 + i * 70), fill=0)
            img.save(sys.argv[1] + "/scan.png", dpi=(300, 300))
            subprocess.run(["img2pdf", sys.argv[1] + "/scan.png", "-o", sys.argv[1] + "/scan.pdf"], check=True)
            w = PdfWriter()
            for p in PdfReader(sys.argv[1] + "/scan.pdf").pages: w.add_page(p)
            w.add_annotation(0, AnnotationBuilder.free_text("Revoir les exercices 3 et 4 pour lundi.", rect=(120, 60, 480, 90), font_size="12pt"))
            w.write(sys.argv[1] + "/commented.pdf")
            """)
        guard runTool(Python.path, [script.path, tmp.url.path])?.status == 0 else { throw TestSetupFailure("scan.py failed") }
        for (name, drawn) in [("scan.pdf", false), ("commented.pdf", true)] {
            let document = try PopplerDocumentRef(url: tmp.url.appendingPathComponent(name), password: nil)
            let page = try XCTUnwrap(document.page(at: 0))
            let facts = page.imageFacts(grid: PageGrid(lines: [], width: page.size.width, height: page.size.height))
            XCTAssertGreaterThan(facts.coverage, 0.99, name)
            XCTAssertGreaterThan(facts.textless, 0.9, name)
            if drawn { XCTAssertGreaterThan(facts.textlessMarked, 0.2, name) } else { XCTAssertEqual(facts.textlessMarked, 0, name) }
        }
        let e = try PDFExtractor().extract(SourceInput(files: [tmp.url.appendingPathComponent("scan.pdf")], kind: .pdf, byteSize: 0, name: "scan.pdf"),
                                           context: ExtractionContext(language: .fr))
        XCTAssertEqual(e.pages?.map(\.classification), [.imageOnly])
        XCTAssertEqual(e.ocrCandidates, [1])
    }
}
