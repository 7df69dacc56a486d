import CTesseract
import Foundation
@testable import IngestOCR
import IngestTestSupport
import XCTest

/// `Specks`: a page sprinkled with lone pixels is read through a 3 × 3 median; a clean page as it is.
final class SpecksTests: XCTestCase {
    /// The French test text on a page cut to what it fills (300 dpi, 11 pt).
    static let page = TextPage.render(TextPage.french, dpi: 300, pointSize: 11, heightInches: 4.6)

    /// `page` with the noise of bench/ocr's `*-noise.png` (make_pages.py): 3 % of the pixels
    /// turned black or white, the others moved by a normal draw of σ 30 gray levels.
    static func noisy(seed: UInt64) -> (width: Int, height: Int, gray: [UInt8]) {
        var generator = SeededGenerator(seed: seed)
        var gray = page.gray
        for i in gray.indices {
            let r = Double.random(in: 0..<1, using: &generator)
            if r < 0.03 { gray[i] = r < 0.015 ? 0 : 255; continue }
            // Box–Muller.
            let u = Double.random(in: Double.ulpOfOne..<1, using: &generator), v = Double.random(in: 0..<1, using: &generator)
            let shift = 30 * (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
            gray[i] = UInt8(max(0, min(255, Double(gray[i]) + shift.rounded())))
        }
        return (page.width, page.height, gray)
    }

    func testACleanPageIsReadAsItIs() {
        let image = TextPage.pageImage(Self.page)
        let share = Specks.loneShare(image)
        XCTAssertNotNil(share)
        XCTAssertLessThan(share ?? 1, Specks.noisyFrom / 10, "a page drawn by cairo holds no lone pixel")
        let raw = image.raw
        XCTAssertEqual(Specks.cleaned(image).raw, raw, "a clean page is handed on, not copied")
    }

    func testOnlyEightBitGrayIsLookedAt() throws {
        let bits = try XCTUnwrap(pixCreate(64, 64, 1))
        XCTAssertNil(Specks.loneShare(PageImage(taking: bits)))
    }

    /// Without the median Tesseract reads these pages at 4–7 % CER (bench/ocr/RESULTS.md, session 28: `ie)`, `.`
    /// and broken words among the text); through it, as the clean page.
    func testANoisyPageIsReadThroughTheMedian() throws {
        let engine = try TesseractEngine(languages: "fra+eng")
        for seed: UInt64 in [28, 1789] {
            let image = TextPage.pageImage(Self.noisy(seed: seed))
            let share = try XCTUnwrap(Specks.loneShare(image))
            XCTAssertGreaterThan(share, Specks.noisyFrom * 4, "seed \(seed)")
            let read = try engine.recognize(image, deadline: .distantFuture, limitSeconds: 60, page: 1)
            let cer = characterErrorRate(read.text, TextPage.french)
            XCTAssertLessThan(cer, 0.01, "seed \(seed): \(read.text)")
        }
    }
}
