import CTesseract
import Foundation
@testable import IngestOCR
import IngestTestSupport
import XCTest

/// Stroke widths of words (issue 36 item 3), on words ImageMagick draws in DejaVu Sans and DejaVu
/// Sans Bold: 1-bit images as Tesseract thresholds them.
final class WordInkTests: XCTestCase {
    /// `text` drawn in `font` at `points` (72 dpi: pixels) on a white page, as a 1-bit leptonica image.
    func drawn(_ text: String, font: String, points: Int, in dir: TemporaryDirectory) throws -> PageImage {
        let url = dir.url.appendingPathComponent("\(font)-\(points).png")
        guard runTool("convert", ["-size", "1400x200", "xc:white", "-fill", "black", "-font", font, "-pointsize", "\(points)",
                                  "-annotate", "+40+140", text, "-threshold", "50%", "-type", "bilevel", url.path])?.status == 0 else {
            try missingTool("ImageMagick draws the words (apt-get install imagemagick)")
        }
        let bytes = try Data(contentsOf: url)
        guard let raw = bytes.withUnsafeBytes({ pixReadMem($0.bindMemory(to: UInt8.self).baseAddress, $0.count) }) else {
            throw TestSetupFailure("leptonica could not read \(url.lastPathComponent)")
        }
        return PageImage(taking: raw)
    }

    func testBoldWordsHaveThickerStrokesWhateverTheirSize() throws {
        let dir = try TemporaryDirectory("ingest-word-ink")
        defer { dir.remove() }
        let whole = [RecognizedWord(text: "Les planètes telluriques", confidence: 95, box: [0, 0, 1, 1])]
        func stroke(_ font: String, _ points: Int) throws -> Double {
            let pix = try drawn("Les planètes telluriques", font: font, points: points, in: dir)
            XCTAssertEqual(pixGetDepth(pix.raw), 1)
            return try XCTUnwrap(WordInk.strokes(of: pix.raw, whole)?.first ?? nil)
        }
        let regular = try stroke("DejaVu-Sans", 60), bold = try stroke("DejaVu-Sans-Bold", 60)
        let regularLarger = try stroke("DejaVu-Sans", 69), boldLarger = try stroke("DejaVu-Sans-Bold", 69)
        // DejaVu Sans' strokes measure 0.07 em (4.3 px at 60 px), its bold's 0.12 em (7.4 px).
        XCTAssertEqual(regular, 4.3, accuracy: 0.8)
        XCTAssertGreaterThanOrEqual(bold / regular, OCRHeadings.heavyRatio, "\(bold) / \(regular)")
        // A heading at 115 % in bold weighs clearly more; the same size in regular does not.
        XCTAssertGreaterThanOrEqual(boldLarger / regular, OCRHeadings.heavyRatio)
        XCTAssertLessThan(regularLarger / regular, OCRHeadings.heavyRatio)
        XCTAssertLessThan(bold / boldLarger, 1)
        // No box, no ink: not measured.
        let pix = try drawn("x", font: "DejaVu-Sans", points: 60, in: dir)
        XCTAssertEqual(WordInk.strokes(of: pix.raw, [RecognizedWord(text: "x", confidence: 0, box: []),
                                                     RecognizedWord(text: " ", confidence: 0, box: [0.9, 0.9, 0.95, 0.95])])?.map { $0 == nil }, [true, true])
    }
}
