import CTesseract
import Foundation
import IngestCore
@testable import IngestOCR
import XCTest

/// A photo read at the size `TextSize` wants, decoded that size (issue 38): JPEG pages typeset
/// here with cairo in DejaVu Serif, encoded by libjpeg (leptonica's writer).
final class ImageSourceTests: XCTestCase {
    static func jpeg(pointSize: Double, text: String = TextPage.french) throws -> Data {
        let page = TextSizeTests.page(text, pointSize: pointSize)
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        XCTAssertEqual(pixWriteMemJpeg(&out, &size, page.raw, 88, 0), 0)
        let bytes = try XCTUnwrap(out)
        defer { free(bytes) }
        return Data(bytes: bytes, count: size)
    }

    /// The largest and the mean difference between two 8-bit gray images' pixels; nil when their sizes differ.
    static func difference(_ a: PageImage, _ b: PageImage) -> (largest: Int, mean: Double)? {
        guard a.width == b.width, a.height == b.height, a.depth == 8, b.depth == 8,
              let da = pixGetData(a.raw), let db = pixGetData(b.raw) else { return nil }
        let wa = Int(pixGetWpl(a.raw)), wb = Int(pixGetWpl(b.raw))
        var largest = 0, sum = 0
        for y in 0..<a.height {
            let ra = UnsafeRawPointer(da + y * wa).assumingMemoryBound(to: UInt8.self)
            let rb = UnsafeRawPointer(db + y * wb).assumingMemoryBound(to: UInt8.self)
            for x in 0..<a.width {
                let d = abs(Int(ra[x]) - Int(rb[x]))
                largest = max(largest, d); sum += d
            }
        }
        return (largest, Double(sum) / Double(a.width * a.height))
    }

    /// The first two sentences of `TextPage.french`: what fits on a page at 40 pt.
    static let paragraph = TextPage.french.components(separatedBy: ". ").prefix(2).joined(separator: ". ") + "."

    /// Large type on a letter page at 300 dpi — 24 pt (x-height ≈ 52 px) and 40 pt (≈ 90 px, halved
    /// too: not under 150 dpi of pixels) — decoded at half scale: the page decoded whole and halved
    /// by the 2× area map but for the edges of strokes (under a quarter of a gray level on average), the same size and
    /// resolution, read the same; turned as its EXIF orientation says.
    func testLargeTypeJPEGIsDecodedAtHalfScaleAsTheWholeHalved() throws {
        try OCRLibraries.requireTesseract()
        let engine = try TesseractEngine(languages: "fra+eng")
        for point in [24.0, 40] {
            let data = try Self.jpeg(pointSize: point, text: Self.paragraph)
            let source = try ImageSource(data: data, fileName: "board.jpg")
            let whole = try source.decode(page: 0, maxPixels: 200_000_000)
            let halved = TextSize.reduced(whole)
            XCTAssertEqual(halved.width, whole.width / 2, "\(point) pt is halved")
            let fitted = try source.decodeFitted(page: 0, maxPixels: 200_000_000)
            XCTAssertEqual([fitted.width, fitted.height, fitted.resolution], [halved.width, halved.height, halved.resolution], "\(point) pt")
            let difference = try XCTUnwrap(Self.difference(fitted, halved))
            XCTAssertLessThan(difference.mean, 0.25, "\(point) pt")
            let a = try engine.recognize(fitted, deadline: .distantFuture, limitSeconds: 600, page: 1).text
            let b = try engine.recognize(halved, deadline: .distantFuture, limitSeconds: 600, page: 1).text
            XCTAssertEqual(a, b, "\(point) pt")
            XCTAssertLessThan(characterErrorRate(a, Self.paragraph), 0.01, a)
            if point == 24 {
                let turned = try ImageSource(data: ImageFixtures.withExifOrientation(data, 6), fileName: "turned.jpg")
                let upright = try turned.decodeFitted(page: 0, maxPixels: 200_000_000)
                XCTAssertEqual([upright.width, upright.height], [halved.height, halved.width], "turned a quarter clockwise")
            }
        }
    }

    /// Type Tesseract reads as it is (12 pt at 300 dpi, x-height ≈ 26 px) and type reduced by
    /// another factor (18 pt, ≈ 40 px, to 35): the photo decoded whole and reduced as before, same pixels.
    func testOtherTypeSizesAreDecodedWholeAsBefore() throws {
        try OCRLibraries.requireTesseract()
        for point in [12.0, 18] {
            let source = try ImageSource(data: Self.jpeg(pointSize: point), fileName: "page.jpg")
            let before = TextSize.reduced(try source.decode(page: 0, maxPixels: 200_000_000))
            let fitted = try source.decodeFitted(page: 0, maxPixels: 200_000_000)
            XCTAssertEqual([fitted.width, fitted.height, fitted.resolution], [before.width, before.height, before.resolution], "\(point) pt")
            XCTAssertEqual(Self.difference(fitted, before)?.largest, 0, "\(point) pt")
        }
    }

    /// The pixel limit holds before anything is decoded, at half scale as whole.
    func testPixelLimitRefusesBeforeDecodingAtHalfScale() throws {
        try OCRLibraries.requireTesseract()
        let source = try ImageSource(data: Self.jpeg(pointSize: 24, text: Self.paragraph), fileName: "board.jpg")
        XCTAssertThrowsError(try source.decodeFitted(page: 0, maxPixels: 1_000_000)) { error in
            XCTAssertEqual((error as? IngestError)?.code, .ocrImageTooLarge)
        }
    }
}
