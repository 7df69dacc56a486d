import Foundation
@testable import IngestOCR
import XCTest

/// A page image keeps its look (`PageInk.measure`) with the pixels it was measured on: asked
/// twice of the same pixels it is measured once, and the pixels turned or rewritten are measured
/// again.
final class PageImageTests: XCTestCase {
    /// A 600 × 400 white image with a black 40 × 20 block whose top left corner is at (x, y).
    func block(x: Int, y: Int) -> PageImage {
        let (w, h) = (600, 400)
        var rows = [UInt8](repeating: 255, count: w * h)
        for yy in y..<(y + 20) { for xx in x..<(x + 40) { rows[yy * w + xx] = 0 } }
        let image = rows.withUnsafeBytes { PageImage.gray(width: w, height: h, bytesPerRow: w, bytes: $0) }!
        image.setResolution(300)
        return image
    }

    func testTheLookFollowsThePixels() throws {
        let image = block(x: 100, y: 50)
        let first = try XCTUnwrap(PageInk.measure(image))
        XCTAssertEqual(first.marks, 1)
        let extent = try XCTUnwrap(first.extent)
        XCTAssertEqual(extent[0], 100, accuracy: 1)
        XCTAssertEqual(extent[1], 50, accuracy: 1)
        XCTAssertEqual(PageInk.measure(image), first, "the same pixels, the same look")

        // Turned a half turn: the block is now near the bottom right corner.
        XCTAssertTrue(image.rotateClockwise(quarterTurns: 2))
        let turned = try XCTUnwrap(PageInk.measure(image)?.extent)
        XCTAssertEqual(turned[2], 600 - 1 - 100, accuracy: 1)
        XCTAssertEqual(turned[3], 400 - 1 - 50, accuracy: 1)

        // Rows written again: measured again (a white page now).
        let blank = PageImage.emptyGray(width: 600, height: 400)!
        let white = [UInt8](repeating: 255, count: 600)
        white.withUnsafeBufferPointer { for y in 0..<400 { blank.setGrayRow(y, $0) } }
        blank.finishGrayRows()
        XCTAssertEqual(PageInk.measure(blank)?.isBlank, true)
        var row = white
        for x in 100..<140 { row[x] = 0 }
        row.withUnsafeBufferPointer { for y in 200..<220 { blank.setGrayRow(y, $0) } }
        XCTAssertEqual(PageInk.measure(blank)?.isBlank, false, "rows written after a look are looked at again")
    }
}
