import Foundation
@testable import IngestOCR
@testable import IngestPipeline
import XCTest

/// The page pictures the pipeline writes for the vision option.
final class PagePicturesTests: XCTestCase {
    /// OCR's quick look at a PDF page asks the drawing of the page's vision picture, so that the
    /// page images hand it again when the picture is made (a blank scan decoded once, issue 38):
    /// both sides must mean the same long side.
    func testTheQuickLookAsksTheVisionPicturesDrawing() {
        XCTAssertEqual(PagePreview.visionLongSide, DocumentImporter.visionLongSide)
    }
}
