import CPoppler
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

    /// Three copies of a cut side by side, each widened to whole 32-bit words, white after its
    /// own pixels (1-bit: 0 is white; 8-bit: 255).
    func testThreeCopiesOfACutSideBySide() throws {
        for depth in [1, 8] {
            let cut = try XCTUnwrap(pixCreate(37, 5, Int32(depth)))
            defer { var p: UnsafeMutablePointer<PIX>? = cut; pixDestroy(&p) }
            let data = try XCTUnwrap(pixGetData(cut)), wpl = Int(pixGetWpl(cut))
            // White everywhere, the words' bits past the 37 pixels dark, ink at (0, 0) and (36, 4).
            for i in 0..<(wpl * 5) { data[i] = depth == 1 ? .max : 0 }
            // Leptonica's pixel x of a row: bit 31 − x % 32 of word x / 32 (1-bit), byte 3 − x % 4 of word x / 4 (8-bit).
            func set(_ x: Int, _ y: Int, white: Bool) {
                let shift = depth == 1 ? 31 - x % 32 : 8 * (3 - x % 4), word = y * wpl + x / (32 / depth)
                let mask: UInt32 = (depth == 1 ? 1 : 0xFF) << UInt32(shift)
                data[word] = data[word] & ~mask | ((depth == 1) != white ? mask : 0)
            }
            for y in 0..<5 { for x in 0..<37 { set(x, y, white: !(x == 0 && y == 0) && !(x == 36 && y == 4)) } }
            let row = try XCTUnwrap(ExponentReading.threefold(cut))
            defer { var p: UnsafeMutablePointer<PIX>? = row; pixDestroy(&p) }
            let stride = depth == 1 ? 64 : 40
            XCTAssertEqual([Int(pixGetWidth(row)), Int(pixGetHeight(row))], [3 * stride, 5])
            let ink: UInt32 = depth == 1 ? 1 : 0, white: UInt32 = depth == 1 ? 0 : 255
            for k in 0..<3 {
                for (x, y, want) in [(0, 0, ink), (36, 4, ink), (1, 0, white), (37, 4, white), (stride - 1, 2, white)] {
                    var v: UInt32 = 9
                    pixGetPixel(row, Int32(k * stride + x), Int32(y), &v)
                    XCTAssertEqual(v, want, "depth \(depth), copy \(k), (\(x), \(y))")
                }
            }
        }
    }

    /// Session 26: LibreOffice's `10⁻¹` (its superscript: 58 % of the size, raised 33 %), drawn in
    /// Nimbus Roman (the Times LibreOffice sets here) at 300 and 200 dpi: the lone raised `1`,
    /// read again alone, came back `1` with confidence 18-36 or nothing, and every such power
    /// stayed as read (`107!`, `10°!`, flagged). Read in a row of three copies (`111`, 90-93) each
    /// is handed on as the source writes it at 300 dpi; at 200 dpi, where cairo draws the minus
    /// one pixel thin, the row reads `111` with confidence 74 (under `rereadConfidence`): as read,
    /// flagged. Another exponent, never.
    func testALoneRaisedOneIsReadInARowOfThree() throws {
        try OCRLibraries.requireTesseract()
        let engine = try TesseractEngine(languages: "fra+eng")
        let powers = [("1,58", "−1"), ("2,37", "−1"), ("3,15", "−1"), ("4,49", "−1"), ("5,85", "−1"), ("6,75", "−1")]
        for dpi in [300.0, 200.0] {
            let page = Self.superscripts(powers, dpi: dpi)
            let read = try engine.recognize(TextPage.pageImage(page, dpi: Int(dpi)), deadline: .distantFuture, limitSeconds: 60, page: 1)
            let words = read.text.split(whereSeparator: \.isWhitespace).map(String.init)
            var written = 0
            for (number, _) in powers {
                guard let at = words.firstIndex(where: { $0.hasPrefix(number) }) else { continue }
                let power = words[(at + 1)..<min(words.count, at + 3)].prefix { !$0.hasPrefix(";") }.joined(separator: " ")
                if power.contains("10⁻¹") { written += 1; continue }
                XCTAssertFalse(power.contains { NumberInk.superscriptDigits[$0] != nil }, "\(dpi) dpi: \(number) × 10⁻¹ handed on as \(power)")
            }
            if dpi == 300 { XCTAssertGreaterThanOrEqual(written, 5, "\(dpi) dpi: \(read.text)") }
        }
    }

    /// One line of `k × 10` and its exponent in LibreOffice's superscript (58 %, raised 33 % of
    /// the size), `; ` between them, 12-pt Nimbus Roman on a white 5.5 × 1 in page.
    static func superscripts(_ powers: [(String, String)], dpi: Double) -> (width: Int, height: Int, gray: [UInt8]) {
        TextPage.canvas(width: Int(5.5 * dpi), height: Int(1.0 * dpi)) { cr in
            cairo_select_font_face(cr, "Nimbus Roman", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
            let size = 12 * dpi / 72
            var x = 0.25 * dpi
            let y = 0.5 * dpi
            for (k, (number, exponent)) in powers.enumerated() {
                for (text, scale, rise) in [((k == 0 ? "" : "; ") + number + " × 10", 1.0, 0.0), (exponent, 0.58, 0.33)] {
                    cairo_set_font_size(cr, size * scale)
                    cairo_move_to(cr, x, y - rise * size)
                    cairo_show_text(cr, text)
                    var ext = cairo_text_extents_t()
                    cairo_text_extents(cr, text, &ext)
                    x += ext.x_advance
                }
                x += 0.3 * size
            }
        }
    }
}
