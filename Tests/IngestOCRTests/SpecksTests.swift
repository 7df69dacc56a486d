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
        // 4,096 draws of N(0, 30) (Box–Muller), picked by 12 bits of each pixel's random word.
        let normal = (0..<4096).map { _ in
            let u = Double.random(in: Double.ulpOfOne..<1, using: &generator), v = Double.random(in: 0..<1, using: &generator)
            return Int((30 * (-2 * log(u)).squareRoot() * cos(2 * .pi * v)).rounded())
        }
        var gray = page.gray
        for i in gray.indices {
            let r = generator.next(), share = r & 0xFFFF   // 1/65,536ths
            if share < 1966 { gray[i] = share < 983 ? 0 : 255; continue }   // 3 %, half black
            gray[i] = UInt8(max(0, min(255, Int(gray[i]) + normal[Int((r >> 16) & 0xFFF)])))
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

    func testOnlyEightBitGrayIsCounted() throws {
        let bits = try XCTUnwrap(pixCreate(64, 64, 1))
        XCTAssertNil(Specks.loneShare(PageImage(taking: bits)), "a 1-bit page is looked at as gray by `cleaned`")
    }

    /// `page` thresholded at mid-gray into a 1-bit image (a fax, a CCITT or JBIG2 scan), told 300 dpi.
    static func oneBit(_ page: (width: Int, height: Int, gray: [UInt8])) throws -> PageImage {
        let pix = try XCTUnwrap(pixCreate(Int32(page.width), Int32(page.height), 1))
        let words = try XCTUnwrap(pixGetData(pix)), wpl = Int(pixGetWpl(pix))
        for y in 0..<page.height {
            for x in 0..<page.width where page.gray[y * page.width + x] < 128 {
                words[y * wpl + x >> 5] |= 1 << UInt32(31 - (x & 31))   // the first pixel is the word's high bit
            }
        }
        let image = PageImage(taking: pix)
        image.setResolution(300)
        return image
    }

    /// The same noise on 1-bit pages: 4.7 % CER without the median (the bench pages as G4 TIFFs: 4.2 % and 7.8 %).
    func testANoisyOneBitPageIsReadThroughTheMedian() throws {
        let clean = try Self.oneBit(Self.page)
        let raw = clean.raw
        XCTAssertEqual(Specks.cleaned(clean).raw, raw, "a clean 1-bit page is handed on as it is")
        let engine = try TesseractEngine(languages: "fra+eng")
        let read = try engine.recognize(try Self.oneBit(Self.noisy(seed: 5)), deadline: .distantFuture, limitSeconds: 60, page: 1)
        XCTAssertLessThan(characterErrorRate(read.text, TextPage.french), 0.01, read.text)
    }

    /// Without the median Tesseract reads these pages at 4–5 % CER (bench/ocr/RESULTS.md, session 28, 4–7 %: `ie)`, `.`
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
