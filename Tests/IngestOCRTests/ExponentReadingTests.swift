import CTesseract
import Foundation
import IngestCore
@testable import IngestOCR
import IngestTestSupport
import XCTest

/// An exponent's raised digits read again on their own (`ExponentReading`, through the engine as
/// ingest runs it): lines of powers of ten and units typeset with cairo in DejaVu Serif, whose
/// superscript figures are small raised digits, at 300 and 200 dpi.
final class ExponentReadingTests: XCTestCase {
    static let lines = """
    La lumière atteint 3 × 10⁸ mètres par seconde, une mole compte 6,02 × 10²³ entités.
    La charge vaut 1,6 × 10⁻¹⁹ C et la surface 250 cm³ ou 12 m² pour 10¹² watts.
    """

    /// Whatever Tesseract reads for the raised digits, the page hands on the source's exponents:
    /// never another number.
    func testPowersOfTenAndUnitsAreWrittenAsTheSourceOrFlagged() throws {
        try OCRLibraries.requireTesseract()
        let engine = try TesseractEngine(languages: "fra+eng")
        let exponents = ["10⁸", "10²³", "10⁻¹⁹", "cm³", "m²", "10¹²"]
        for dpi in [300.0, 200.0] {
            let page = TextPage.render(Self.lines, dpi: dpi, pointSize: 12, widthInches: 8, heightInches: 2)
            let read = try engine.recognize(TextPage.pageImage(page, dpi: Int(dpi)), deadline: .distantFuture, limitSeconds: 60, page: 1)
            let flagged = read.words.filter { $0.doubt == .numberInk }.map(\.text)
            for word in read.text.split(whereSeparator: \.isWhitespace).map({ $0.trimmingCharacters(in: .punctuationCharacters) })
            where word.contains(where: { NumberInk.superscriptDigits[$0] != nil || $0 == "⁻" }) {
                XCTAssertTrue(exponents.contains(word), "\(dpi) dpi: \(word) is not in the lines: \(read.text)")
            }
            // Tesseract 5.3 reads them `108`, `1023` or `1073`, `10-!°`, `cm?`, `m?`, `10*?` or `10”`: each
            // is read again, and right.
            XCTAssertEqual(exponents.filter { !read.text.contains($0) }, [], "\(dpi) dpi: \(read.text), flagged \(flagged)")
            XCTAssertGreaterThanOrEqual(read.readAs?.count ?? 0, 4, "\(dpi) dpi: the exponents are read again")
        }
    }

    /// The cut: the raised marks' box and a margin, never reaching the base's digits, enlarged to
    /// `markHeight` and set in white.
    func testTheCutHoldsTheRaisedMarksOnlyEnlarged() throws {
        let raw = try XCTUnwrap(pixCreate(200, 120, 8))
        let image = PageImage(taking: raw)
        let digit = NumberInk.Mark(left: 64, top: 58, right: 75, bottom: 80, pixels: 100)
        let r = NumberInk.Raised(sign: "", base: "10", minus: false, marks: [digit], read: "°", tail: "", matches: false,
                                 height: 33, baseline: 100, baseRight: 60)
        let cut = try XCTUnwrap(ExponentReading.crop(r, from: image.raw))
        defer { var p: UnsafeMutablePointer<PIX>? = cut; pixDestroy(&p) }
        // 4 px of margin (33 / 8) each side but the left (the base ends at 60): 19 × 31 px, times 48 / 23.
        let scale = Double(ExponentReading.markHeight) / 23
        XCTAssertEqual(Int(pixGetWidth(cut)), Int((19 * scale).rounded()) + 2 * ExponentReading.margin)
        XCTAssertEqual(Int(pixGetHeight(cut)), Int((31 * scale).rounded()) + 2 * ExponentReading.margin)
        var corner: UInt32 = 0
        pixGetPixel(cut, 0, 0, &corner)
        XCTAssertEqual(corner, 255, "the margin is white")
    }

    /// Session 24: exponents after letters (`r²`, `x²`, `Cu²⁺`, the fidelity scans' `r²` read
    /// `r?`): each word with raised marks after a symbol is handed on as the source writes it or as
    /// read and flagged `numberInk` — never another exponent; and a `?` after a word stays a `?`.
    static let symbols = """
    L'intensité décroît comme r² loin de la source, et l'aire du carré vaut x² ou a².
    Les ions Cu²⁺ et Fe³⁺ donnent la couleur; pourquoi?
    """

    func testExponentsAfterLettersAreWrittenAsTheSourceOrFlagged() throws {
        try OCRLibraries.requireTesseract()
        let engine = try TesseractEngine(languages: "fra+eng")
        let exponents = ["r²", "x²", "a²", "Cu²⁺", "Fe³⁺"]
        for dpi in [300.0, 200.0] {
            let page = TextPage.render(Self.symbols, dpi: dpi, pointSize: 12, widthInches: 8, heightInches: 2)
            let read = try engine.recognize(TextPage.pageImage(page, dpi: Int(dpi)), deadline: .distantFuture, limitSeconds: 60, page: 1)
            let flagged = read.words.filter { $0.doubt == .numberInk }.map(\.text)
            for word in read.text.split(whereSeparator: \.isWhitespace).map({ $0.trimmingCharacters(in: .punctuationCharacters) })
            where word.contains(where: { NumberInk.superscriptDigits[$0] != nil || "⁻⁺".contains($0) }) {
                XCTAssertTrue(exponents.contains(word), "\(dpi) dpi: \(word) is not in the lines: \(read.text)")
            }
            XCTAssertTrue(read.text.contains("pourquoi?") || read.text.contains("pourquoi ?"), "\(dpi) dpi: \(read.text)")
            // Tesseract 5.3 reads them `r?`, `x?`, `a?.`, `Cu?*`, `Fe?*` or `Fe?+`: each read again, and right.
            XCTAssertEqual(exponents.filter { !read.text.contains($0) }, [], "\(dpi) dpi: \(read.text), flagged \(flagged)")
        }
    }
}
