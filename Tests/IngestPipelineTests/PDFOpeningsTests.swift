import Foundation
import IngestCore
import IngestPDF
@testable import IngestPipeline
import IngestTestSupport
import XCTest

/// A PDF is opened by poppler once per document in the process (issue 35 item 3): the extractor's
/// document draws the pages OCR reads and the page pictures made after it.
final class PDFOpeningsTests: XCTestCase {
    static let lines = ["La respiration cellulaire produit l'énergie", "Les mitochondries sont le siège de la respiration"]

    /// A two-page scan: each page's line drawn by ImageMagick at 300 dpi, put in a PDF by img2pdf.
    static func scan(in dir: URL) throws -> URL {
        guard runTool("convert", ["-version"])?.status == 0 else { try missingTool("ImageMagick is not installed (apt-get install imagemagick)") }
        guard runTool("img2pdf", ["--version"])?.status == 0 else { try missingTool("img2pdf is not installed (apt-get install img2pdf)") }
        var pages: [String] = []
        for (i, line) in lines.enumerated() {
            let png = dir.appendingPathComponent("page-\(i + 1).png").path
            guard runTool("convert", ["-size", "2480x1200", "xc:white", "-font", "DejaVu-Sans", "-pointsize", "44", "-fill", "black",
                                      "-annotate", "+200+400", line, "-density", "300", "-units", "PixelsPerInch",
                                      "-colorspace", "Gray", "-depth", "8", png])?.status == 0 else { throw TestSetupFailure("convert failed") }
            pages.append(png)
        }
        let pdf = dir.appendingPathComponent("scan.pdf")
        guard runTool("img2pdf", ["-o", pdf.path] + pages)?.status == 0 else { throw TestSetupFailure("img2pdf failed") }
        return pdf
    }

    func testAScanIsOpenedOnceForItsTextItsOCRAndItsPictures() throws {
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let pdf = try Self.scan(in: dir.url)
        let pipeline = Pipeline(config: PipelineConfig())
        let before = PopplerDocumentRef.opened
        let reads = try pipeline.read([.file(pdf)])
        let (document, results) = try pipeline.document(from: reads, readTime: 0, lessonTitle: nil)
        XCTAssertEqual(results.first?.extraction.pagesOCRed, 2)
        let text = document.text.replacingOccurrences(of: "\n", with: " ")
        for line in Self.lines { XCTAssertTrue(text.contains(line), "\(line) in « \(text) »") }
        // The pictures of its pages (vision pages, the QA report) come from the same document.
        let pictures = PagePictures(file: pdf, pages: results.first?.extraction.pageImages?.provider)
        XCTAssertNotNil(pictures.jpeg(page: 2, longSide: 600, quality: 80))
        XCTAssertEqual(PopplerDocumentRef.opened - before, 1, "poppler documents opened for one scan")
        // Without the extraction's pages, a file's pictures open it once, not once per page.
        let alone = PagePictures(file: pdf)
        XCTAssertNotNil(alone.jpeg(page: 1, longSide: 600, quality: 80))
        XCTAssertNotNil(alone.jpeg(page: 2, longSide: 600, quality: 80))
        XCTAssertNil(alone.jpeg(page: 3, longSide: 600, quality: 80))
        XCTAssertEqual(PopplerDocumentRef.opened - before, 2)
    }
}
