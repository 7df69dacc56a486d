import CTesseract
import Foundation
import IngestCore
@testable import IngestOCR
import IngestPDF
import IngestTestSupport
import XCTest

/// Numbers read changed, told by their ink (`NumberInk`, session 22): a decimal comma Tesseract
/// dropped between two digits, an exponent it read as digits of the number. Pages set by pdflatex
/// (Latin Modern 12 pt, as the fidelity corpus's chemistry lesson), drawn by pdftoppm in gray as a
/// scanner would; Tesseract reads the gray page, the marks are looked at on its 1-bit image.
final class NumberInkTests: XCTestCase {
    // MARK: the marks of one word (pixels of a 300-dpi page: digits 33 px high, baseline at 100)

    func digit(_ left: Int) -> NumberInk.Mark { .init(left: left, top: 67, right: left + 19, bottom: 100, pixels: 250) }

    func testACommaOnTheBaselineBetweenTwoDigitsIsWritten() {
        let comma = NumberInk.Mark(left: 24, top: 94, right: 29, bottom: 109, pixels: 60)
        XCTAssertEqual(NumberInk.reading("49", marks: [digit(0), comma, digit(34)]), "4,9")
        XCTAssertEqual(NumberInk.reading("+11", marks: [.init(left: -30, top: 70, right: -6, bottom: 96, pixels: 90), digit(0), comma, digit(34)]), "+1,1")
        let point = NumberInk.Mark(left: 24, top: 94, right: 29, bottom: 100, pixels: 30)
        XCTAssertEqual(NumberInk.reading("314", marks: [digit(-24), digit(0), point, digit(34)]), "31.4")
    }

    /// Nothing between the digits, a speck, or a mark that is no separator: the word as read.
    func testNoSeparatorWithoutItsMark() {
        XCTAssertNil(NumberInk.reading("49", marks: [digit(0), digit(24)]))
        XCTAssertNil(NumberInk.reading("49", marks: [digit(0), .init(left: 24, top: 99, right: 25, bottom: 100, pixels: 2), digit(30)]))
        // A mark high in the gap (a degree sign, a stroke of the line above) is no comma: nothing is written.
        XCTAssertNil(NumberInk.reading("49", marks: [digit(0), .init(left: 23, top: 67, right: 30, bottom: 76, pixels: 40), digit(34)]))
        // As many marks as digits is asked: two digits touching (one mark) leave the word alone.
        XCTAssertNil(NumberInk.reading("149", marks: [digit(0), .init(left: 22, top: 67, right: 60, bottom: 100, pixels: 500), .init(left: 50, top: 94, right: 55, bottom: 109, pixels: 60)]))
        // A word already holding the comma, and words that are not numbers.
        XCTAssertNil(NumberInk.reading("4,9", marks: [digit(0), .init(left: 24, top: 94, right: 29, bottom: 109, pixels: 60), digit(34)]))
        XCTAssertNil(NumberInk.reading("a9", marks: [digit(0), .init(left: 24, top: 94, right: 29, bottom: 109, pixels: 60), digit(34)]))
    }

    func testRaisedSmallerDigitsAfterTheNumberAreItsExponent() {
        let two = NumberInk.Mark(left: 44, top: 58, right: 57, bottom: 80, pixels: 120), three = NumberInk.Mark(left: 59, top: 58, right: 72, bottom: 80, pixels: 120)
        XCTAssertEqual(NumberInk.raised("1023", marks: [digit(0), digit(22), two, three])?.written("23"), "10²³")
        // On the baseline, even smaller: not raised, no exponent.
        XCTAssertNil(NumberInk.raised("1023", marks: [digit(0), digit(22), .init(left: 44, top: 78, right: 57, bottom: 100, pixels: 120), .init(left: 59, top: 78, right: 72, bottom: 100, pixels: 120)]))
        // 10⁻¹ read 1072: the raised minus is no digit (flat), so the marks do not match the word's digits.
        XCTAssertNil(NumberInk.reading("1072", marks: [digit(0), digit(22), .init(left: 44, top: 68, right: 57, bottom: 70, pixels: 28), .init(left: 59, top: 58, right: 66, bottom: 80, pixels: 80)]))
    }

    /// Raised marks after `10` (digits 33 px high on the baseline at 100): an exponent's digits 22 px
    /// high, taller than wide, clear above the baseline; a minus, a flat bar before them.
    func raisedDigit(_ left: Int) -> NumberInk.Mark { .init(left: left, top: 58, right: left + 13, bottom: 80, pixels: 120) }
    let raisedMinus = NumberInk.Mark(left: 44, top: 68, right: 55, bottom: 70, pixels: 30)

    /// Tesseract's characters for the raised marks, whatever they are, are matched with their shapes.
    func testRaisedMarksAreMatchedWithWhatTheWordReads() throws {
        let ten = [digit(0), digit(22)]
        let eight = try XCTUnwrap(NumberInk.raised("10°", marks: ten + [raisedDigit(44)]))
        XCTAssertEqual([eight.base, eight.read, "\(eight.matches)", "\(eight.minus)"], ["10", "°", "false", "false"])
        XCTAssertEqual(NumberInk.raised("10/2,", marks: ten + [raisedDigit(44), raisedDigit(60), .init(left: 76, top: 94, right: 81, bottom: 109, pixels: 60)])?.read, "/2")
        let minusOne = try XCTUnwrap(NumberInk.raised("1072", marks: ten + [raisedMinus, raisedDigit(60)]))
        XCTAssertEqual([minusOne.read, "\(minusOne.matches)", "\(minusOne.minus)", "\(minusOne.marks.count)"], ["72", "false", "true", "1"])
        XCTAssertEqual(NumberInk.raised("10-2", marks: ten + [raisedMinus, raisedDigit(60)])?.matches, true)
        XCTAssertEqual(NumberInk.raised("10-2", marks: ten + [raisedMinus, raisedDigit(60)])?.written("2"), "10⁻²")
        // A `;` the box holds and the text does not read (`10⁻¹;` read `107!`, LibreOffice at 300 dpi): not the power's.
        let semicolon: [NumberInk.Mark] = [.init(left: 76, top: 78, right: 81, bottom: 83, pixels: 25), .init(left: 76, top: 95, right: 81, bottom: 108, pixels: 50)]
        let beforeSemicolon = try XCTUnwrap(NumberInk.raised("107!", marks: ten + [raisedMinus, raisedDigit(60)] + semicolon))
        XCTAssertEqual([beforeSemicolon.read, "\(beforeSemicolon.minus)", "\(beforeSemicolon.marks.count)"], ["7!", "true", "1"])
        // Session 26: a point read for the upper dot of a spaced `;` (`10⁻¹ ;` read `107 1.`), off the baseline: the word's point.
        let upperDot = NumberInk.Mark(left: 80, top: 78, right: 84, bottom: 82, pixels: 20)
        XCTAssertEqual(NumberInk.raised("1071.", marks: ten + [raisedMinus, raisedDigit(60), upperDot])?.written("1"), "10⁻¹.")
        // A unit's: its letters on the baseline, digits as high as capitals (a small letter 0.65 of them).
        let m = NumberInk.Mark(left: 0, top: 79, right: 30, bottom: 100, pixels: 300)
        XCTAssertEqual(NumberInk.raised("m?.", marks: [m, .init(left: 34, top: 62, right: 45, bottom: 84, pixels: 100), .init(left: 50, top: 96, right: 54, bottom: 100, pixels: 16)])?.written("2"), "m².")
        XCTAssertNil(NumberInk.raised("m’", marks: [m, .init(left: 34, top: 64, right: 40, bottom: 76, pixels: 40)]), "an apostrophe")
        XCTAssertNil(NumberInk.raised("mes", marks: [m, .init(left: 34, top: 79, right: 50, bottom: 100, pixels: 100), .init(left: 54, top: 79, right: 66, bottom: 100, pixels: 90)]))
        // A degree sign (a ring as wide as high), an ordinal's letters, a letter on the line: no exponent.
        XCTAssertNil(NumberInk.raised("20°", marks: ten + [.init(left: 44, top: 62, right: 53, bottom: 71, pixels: 40)]))
        XCTAssertNil(NumberInk.raised("1er", marks: [digit(0), raisedDigit(22), raisedDigit(38)]))
        XCTAssertNil(NumberInk.raised("10a", marks: ten + [.init(left: 44, top: 78, right: 60, bottom: 100, pixels: 150)]))
        // A bar is a minus only first.
        XCTAssertNil(NumberInk.raised("1027", marks: ten + [raisedDigit(44), .init(left: 60, top: 68, right: 71, bottom: 70, pixels: 30)]))
    }

    /// Session 24: a symbol's exponent (`r²` read `r?`, `Cu²⁺` read `Cu?*`): one or two letters on the
    /// baseline, then digit marks standing clear above it, and a raised cross (`⁺`) or bar (`⁻`)
    /// after them; a `?` (its dot on the line under its hook), an apostrophe, a word are none.
    func testASymbolsExponentAndCharge() throws {
        XCTAssertEqual(NumberInk.symbolBase("r?,"), "r")
        XCTAssertEqual(NumberInk.symbolBase("Cu?*"), "Cu")
        for word in ["le,", "l'", "mes", "y?", "abc?", "m?", "x", "Fe"] { XCTAssertNil(NumberInk.symbolBase(word), word) }
        // `r` (x-height 21 px on the baseline at 100: digits 1 / 0.65 of it, 32 px).
        let r = NumberInk.Mark(left: 0, top: 79, right: 14, bottom: 100, pixels: 150)
        let two = NumberInk.Mark(left: 18, top: 62, right: 29, bottom: 84, pixels: 100)
        let comma = NumberInk.Mark(left: 33, top: 96, right: 37, bottom: 106, pixels: 30)
        let squared = try XCTUnwrap(NumberInk.raised("r?,", marks: [r, two, comma]))
        XCTAssertEqual([squared.base, squared.read, "\(squared.matches)", squared.written("2")], ["r", "?", "false", "r²,"])
        let word = RecognizedWord(text: "r?,", confidence: 60, box: [0, 0, 1, 1])
        XCTAssertEqual(NumberInk.decide(word, squared, again: ("2", 96)), NumberInk.Reading(text: "r²,"))
        XCTAssertEqual(NumberInk.decide(word, squared, again: ("2", 60)), NumberInk.Reading(text: "r?,", doubt: .numberInk))
        // `why?`: the hook as high as a digit, its dot on the line under it.
        let dot = NumberInk.Mark(left: 20, top: 95, right: 26, bottom: 100, pixels: 30)
        XCTAssertNil(NumberInk.raised("r?", marks: [r, two, dot]))
        // `Cu²⁺` (capitals 33 px): the 2, then a cross as wide as high, mostly empty.
        let c = NumberInk.Mark(left: 0, top: 67, right: 20, bottom: 100, pixels: 300), u = NumberInk.Mark(left: 24, top: 78, right: 44, bottom: 100, pixels: 200)
        let raisedTwo = NumberInk.Mark(left: 48, top: 58, right: 61, bottom: 80, pixels: 120)
        let cross = NumberInk.Mark(left: 64, top: 60, right: 77, bottom: 73, pixels: 50)
        let ion = try XCTUnwrap(NumberInk.raised("Cu?*", marks: [c, u, raisedTwo, cross]))
        XCTAssertEqual([ion.read, "\(ion.marks.count)", "\(ion.matches)", ion.written("2")], ["?*", "1", "false", "Cu²⁺"])
        XCTAssertEqual(NumberInk.raised("Cu2+", marks: [c, u, raisedTwo, cross])?.ownDigits, "2")
        let bar = NumberInk.Mark(left: 64, top: 66, right: 75, bottom: 68, pixels: 30)
        XCTAssertEqual(NumberInk.raised("Cu2-", marks: [c, u, raisedTwo, bar])?.written("2"), "Cu²⁻")
        // Session 26: a lone charge (`Na⁺` read `Na*`, LibreOffice at 300 dpi): the ink's cross, written
        // where the word reads one sign for it; a digit read there leaves the word as read, doubtful.
        let lone = NumberInk.Mark(left: 48, top: 60, right: 61, bottom: 73, pixels: 50)
        let sodium = try XCTUnwrap(NumberInk.raised("Cu*", marks: [c, u, lone]))
        XCTAssertEqual([sodium.marks.count, sodium.lone.map { _ in 1 } ?? 0], [0, 1])
        XCTAssertEqual(NumberInk.decide(RecognizedWord(text: "Cu*", confidence: 60, box: []), sodium, again: nil), .init(text: "Cu⁺"))
        let numeral = try XCTUnwrap(NumberInk.raised("Cu1", marks: [c, u, lone]))
        XCTAssertEqual(NumberInk.decide(RecognizedWord(text: "Cu1", confidence: 60, box: []), numeral, again: nil), .init(text: "Cu1", doubt: .numberInk))
        // Nor is a charge's cross 2 px after its digit a piece of it, nor the digit of it.
        XCTAssertEqual(NumberInk.glyphs([c, raisedTwo, .init(left: 63, top: 60, right: 76, bottom: 73, pixels: 50)]).count, 3)
    }

    /// A plus: ink across its middle rows and down its middle columns, the corners empty; an
    /// `x`-shaped asterisk (its arms in the corners) or a ring is none.
    func testAPlusByItsStrokes() throws {
        let plus: [NumberInk.Mark] = [.init(left: 20, top: 26, right: 34, bottom: 28, pixels: 0), .init(left: 26, top: 20, right: 28, bottom: 34, pixels: 0)]
        let star: [NumberInk.Mark] = (0..<15).flatMap { i in [NumberInk.Mark(left: 20 + i, top: 20 + i, right: 21 + i, bottom: 20 + i, pixels: 0),
                                                                NumberInk.Mark(left: 33 - i, top: 20 + i, right: 34 - i, bottom: 20 + i, pixels: 0)] }
        let ring: [NumberInk.Mark] = [.init(left: 20, top: 20, right: 34, bottom: 21, pixels: 0), .init(left: 20, top: 33, right: 34, bottom: 34, pixels: 0),
                                      .init(left: 20, top: 20, right: 21, bottom: 34, pixels: 0), .init(left: 33, top: 20, right: 34, bottom: 34, pixels: 0)]
        let box = NumberInk.Mark(left: 20, top: 20, right: 34, bottom: 34, pixels: 0)
        for (name, marks, expected) in [("plus", plus, true), ("star", star, false), ("ring", ring, false)] {
            let ink = try image(marks, width: 64, height: 64)
            XCTAssertEqual(NumberInk.isPlus(box, data: try XCTUnwrap(pixGetData(ink.raw)), wpl: Int(pixGetWpl(ink.raw))), expected, name)
        }
    }

    /// Indices by their marks (capitals 36 px on the baseline at 100): a small digit on the line or
    /// below it is an index; a `,` standing for one, or a narrow `0` as tall as the letters, leaves
    /// the word as read, doubtful; a digit as tall as the letters alone is no index.
    func testIndicesByTheirMarks() {
        let h = NumberInk.Mark(left: 0, top: 64, right: 36, bottom: 100, pixels: 500), o = NumberInk.Mark(left: 60, top: 63, right: 93, bottom: 101, pixels: 420)
        let two = NumberInk.Mark(left: 42, top: 88, right: 54, bottom: 108, pixels: 110)
        XCTAssertEqual(NumberInk.lowered("H20", marks: [h, two, o]), NumberInk.Reading(text: "H₂O"))
        XCTAssertEqual(NumberInk.lowered("(H2O)", marks: [.init(left: -14, top: 60, right: -6, bottom: 112, pixels: 120), h, two, o, .init(left: 97, top: 60, right: 105, bottom: 112, pixels: 120)]),
                       NumberInk.Reading(text: "(H₂O)"))
        let zero = NumberInk.Mark(left: 60, top: 64, right: 82, bottom: 100, pixels: 300)
        XCTAssertEqual(NumberInk.lowered("H20", marks: [h, two, zero]), NumberInk.Reading(text: "H20", doubt: .numberInk))
        let four = NumberInk.Mark(left: 98, top: 88, right: 110, bottom: 108, pixels: 100)
        XCTAssertEqual(NumberInk.lowered("H2O,", marks: [h, two, o, four]), NumberInk.Reading(text: "H2O,", doubt: .numberInk))
        // `SO₄²⁻` read `SO4?"`: the index seen, the raised charge read as signs: as read, doubtful.
        XCTAssertEqual(NumberInk.lowered("H2O?", marks: [h, two, o, .init(left: 98, top: 50, right: 108, bottom: 72, pixels: 90)]),
                       NumberInk.Reading(text: "H2O?", doubt: .numberInk))
        XCTAssertNil(NumberInk.lowered("A4", marks: [h, .init(left: 42, top: 64, right: 64, bottom: 100, pixels: 300)]))
        XCTAssertNil(NumberInk.lowered("H2O", marks: [h, two]), "marks not one for one")
        XCTAssertNil(NumberInk.lowered("page2", marks: [h, two]))
        // `à 0 °C` read `a0`: the `à` (its accent joined) as tall as a capital, the `0` a figure.
        XCTAssertNil(NumberInk.lowered("a0", marks: [.init(left: 0, top: 62, right: 22, bottom: 100, pixels: 300), .init(left: 28, top: 66, right: 48, bottom: 100, pixels: 250)]))
        XCTAssertEqual(NumberInk.lowered("x1", marks: [.init(left: 0, top: 75, right: 24, bottom: 100, pixels: 200), .init(left: 28, top: 82, right: 36, bottom: 100, pixels: 60)]),
                       NumberInk.Reading(text: "x₁"))
    }

    /// Session 29: a formula closed by the list's `;` or `:` (chem.py's `NH₃ ;` read `NH3;`, pdflatex at 300
    /// dpi, ingest's page drawn larger): its two marks, one over the other, are the word's last; the index
    /// before them is seen (it was never matched one for one, and the word went on as read, `NH3;`).
    func testAnIndexBeforeAClosingSemicolon() throws {
        let m = { (l: Int, t: Int, w: Int, h: Int, p: Int) in NumberInk.Mark(left: l, top: t, right: l + w - 1, bottom: t + h - 1, pixels: p) }
        let nh3 = [m(2438, 4062, 137, 142, 4967), m(2592, 4062, 137, 142, 6096), m(2742, 4142, 62, 95, 1934), m(2867, 4183, 21, 59, 578), m(2867, 4117, 21, 16, 304)]
        let low = try XCTUnwrap(NumberInk.loweredIndices("NH3;", marks: nh3))
        XCTAssertEqual(low.written, "NH₃;")
        XCTAssertEqual(low.indices.map(\.at), [2])
        XCTAssertEqual(NumberInk.loweredIndices("NH3:", marks: nh3)?.written, "NH₃:")
        // A `;` whose two marks do not stand one over the other is no closing semicolon: nothing matched.
        XCTAssertNil(NumberInk.loweredIndices("NH3;", marks: Array(nh3.prefix(4)) + [m(2900, 4117, 21, 16, 304)]))
    }

    /// Session 26: an index's digit is read again alone (`C₂H₆O` read `C2H40` with confidence 58,
    /// LibreOffice at 300 dpi: the `6` written `₄` as read): that reading, one digit with
    /// confidence, is written; else Tesseract's from a word read with confidence; else the word
    /// stays as read, doubtful.
    func testAnIndexIsReadAgainBeforeItIsWritten() throws {
        let h = NumberInk.Mark(left: 0, top: 64, right: 36, bottom: 100, pixels: 500), o = NumberInk.Mark(left: 60, top: 63, right: 93, bottom: 101, pixels: 420)
        let four = NumberInk.Mark(left: 42, top: 88, right: 54, bottom: 108, pixels: 110)
        let low = try XCTUnwrap(NumberInk.loweredIndices("H4O", marks: [h, four, o]))
        XCTAssertEqual(low.indices.map(\.at), [1])
        XCTAssertEqual([low.indices[0].group.baseRight, low.indices[0].group.stop], [36, 60], "cut between its neighbours")
        let unsure = RecognizedWord(text: "H4O", confidence: 58, box: []), sure = RecognizedWord(text: "H4O", confidence: 90, box: [])
        XCTAssertEqual(NumberInk.indexReading(unsure, low, again: [("6", 96)]), .init(text: "H₆O"))
        XCTAssertEqual(NumberInk.indexReading(unsure, low, again: [("6", 60)]), .init(text: "H4O", doubt: .numberInk))
        XCTAssertEqual(NumberInk.indexReading(unsure, low, again: [nil]), .init(text: "H4O", doubt: .numberInk))
        XCTAssertEqual(NumberInk.indexReading(sure, low, again: [nil]), .init(text: "H₄O"))
    }

    /// Session 27: an index Tesseract read as a letter or a sign, no digit in the word (`N₂` read
    /// `No`, `CuSO₄` read `CuSO,`: pdflatex at 150 dpi): a mark clearly under the baseline, as wide as
    /// a digit, is read again alone — written lowered from a confident digit, else the word stays
    /// as read, doubtful, whatever its confidence. A letter on the line, a comma, are no index.
    func testAnIndexReadAsALetterOrSignIsReadAgain() throws {
        let n = NumberInk.Mark(left: 0, top: 64, right: 34, bottom: 100, pixels: 500)
        let two = NumberInk.Mark(left: 38, top: 88, right: 52, bottom: 108, pixels: 110)
        let no = try XCTUnwrap(NumberInk.loweredIndices("No", marks: [n, two]))
        XCTAssertEqual(no.reading, .init(text: "No", doubt: .numberInk), "not written as read")
        XCTAssertEqual(no.indices.map(\.at), [1])
        let sure = RecognizedWord(text: "No", confidence: 92, box: [])
        XCTAssertEqual(NumberInk.indexReading(sure, no, again: [("2", 96)]), .init(text: "N₂"))
        XCTAssertEqual(NumberInk.indexReading(sure, no, again: [("2", 60)]), .init(text: "No", doubt: .numberInk))
        XCTAssertEqual(NumberInk.indexReading(sure, no, again: [nil]), .init(text: "No", doubt: .numberInk))
        XCTAssertEqual(NumberInk.indexReading(sure, no, again: [("22", 96)]), .init(text: "No", doubt: .numberInk), "one digit for one mark")
        // `CuSO,`: the comma read for the `₄`.
        let c = NumberInk.Mark(left: 0, top: 64, right: 30, bottom: 101, pixels: 400), u = NumberInk.Mark(left: 34, top: 76, right: 56, bottom: 100, pixels: 250)
        let s = NumberInk.Mark(left: 60, top: 64, right: 82, bottom: 101, pixels: 350), o = NumberInk.Mark(left: 86, top: 63, right: 120, bottom: 101, pixels: 420)
        let four = NumberInk.Mark(left: 123, top: 86, right: 137, bottom: 108, pixels: 100)
        let cuso = try XCTUnwrap(NumberInk.loweredIndices("CuSO,", marks: [c, u, s, o, four]))
        XCTAssertEqual(NumberInk.indexReading(RecognizedWord(text: "CuSO,", confidence: 70, box: []), cuso, again: [("4", 91)]), .init(text: "CuSO₄"))
        // A real `No` (its `o` on the line), and `N,` (a comma: narrow): no index.
        XCTAssertNil(NumberInk.loweredIndices("No", marks: [n, .init(left: 38, top: 77, right: 58, bottom: 101, pixels: 200)]))
        XCTAssertNil(NumberInk.loweredIndices("N,", marks: [n, .init(left: 38, top: 94, right: 43, bottom: 109, pixels: 50)]))
        XCTAssertTrue(NumberInk.mayHoldUnreadIndex("No") && NumberInk.mayHoldUnreadIndex("CuSO,") && NumberInk.mayHoldUnreadIndex("SO»"))
        XCTAssertFalse(NumberInk.mayHoldUnreadIndex("Relevé") || NumberInk.mayHoldUnreadIndex("les") || NumberInk.mayHoldUnreadIndex("N2"))
    }

    /// A second reading of the raised digits is taken when it is a digit for each mark with
    /// confidence; else Tesseract's, matching the marks, from a word read with confidence and not
    /// disputed; else the word stays as read, doubtful. Only a power of ten is rewritten.
    func testWhatARaisedNumberIsHandedOnAs() throws {
        let ten = [digit(0), digit(22)]
        let degree = try XCTUnwrap(NumberInk.raised("10°", marks: ten + [raisedDigit(44)]))
        let word = RecognizedWord(text: "10°", confidence: 90, box: [])
        XCTAssertEqual(NumberInk.decide(word, degree, again: ("8", 96)), .init(text: "10⁸"))
        XCTAssertEqual(NumberInk.decide(word, degree, again: ("8", 80)), .init(text: "10⁸"))
        XCTAssertEqual(NumberInk.decide(word, degree, again: ("8", 79)), .init(text: "10°", doubt: .numberInk))
        XCTAssertEqual(NumberInk.decide(word, degree, again: ("88", 96)), .init(text: "10°", doubt: .numberInk))
        XCTAssertEqual(NumberInk.decide(word, degree, again: nil), .init(text: "10°", doubt: .numberInk))
        let wrong = try XCTUnwrap(NumberInk.raised("1073", marks: ten + [raisedDigit(44), raisedDigit(60)]))
        let confident = RecognizedWord(text: "1073", confidence: 90, box: [])
        XCTAssertEqual(NumberInk.decide(confident, wrong, again: ("23", 96)), .init(text: "10²³"))
        XCTAssertEqual(NumberInk.decide(confident, wrong, again: nil), .init(text: "10⁷³"))
        XCTAssertEqual(NumberInk.decide(confident, wrong, again: ("23", 60)), .init(text: "1073", doubt: .numberInk))
        XCTAssertEqual(NumberInk.decide(RecognizedWord(text: "1073", confidence: 78, box: []), wrong, again: nil), .init(text: "1073", doubt: .numberInk))
        let minus = try XCTUnwrap(NumberInk.raised("107!", marks: ten + [raisedMinus, raisedDigit(60)]))
        XCTAssertEqual(NumberInk.decide(RecognizedWord(text: "107!", confidence: 80, box: []), minus, again: ("1", 96)), .init(text: "10⁻¹"))
        let other = try XCTUnwrap(NumberInk.raised("1071?", marks: [digit(-22)] + ten + [raisedMinus, raisedDigit(60), raisedDigit(76)]))
        XCTAssertEqual(NumberInk.decide(RecognizedWord(text: "1071?", confidence: 90, box: []), other, again: ("19", 96)), .init(text: "1071?", doubt: .numberInk))
    }

    /// Session 28: a raised `1` as narrow as only a `1` is, read again as `1` with less confidence
    /// (LibreOffice's at 200 dpi: 5 × 20 px, 65-67), is written; a wider mark read so, or under 50, is not.
    func testANarrowRaisedOneReadAgainWithLessConfidence() throws {
        let ten = [digit(0), digit(22)]
        let word = RecognizedWord(text: "107!", confidence: 72, box: [])
        let narrow = try XCTUnwrap(NumberInk.raised("107!", marks: ten + [raisedMinus, .init(left: 60, top: 58, right: 64, bottom: 78, pixels: 80)]))
        XCTAssertEqual(NumberInk.decide(word, narrow, again: ("1", 65)), .init(text: "10⁻¹"))
        XCTAssertEqual(NumberInk.decide(word, narrow, again: ("1", 49)), .init(text: "107!", doubt: .numberInk))
        XCTAssertEqual(NumberInk.decide(word, narrow, again: ("7", 65)), .init(text: "107!", doubt: .numberInk))
        let wide = try XCTUnwrap(NumberInk.raised("107!", marks: ten + [raisedMinus, raisedDigit(60)]))
        XCTAssertEqual(NumberInk.decide(word, wide, again: ("1", 65)), .init(text: "107!", doubt: .numberInk))
    }

    /// Session 28: a power of ten read `10` (or `x10`), its exponent in no word: the raised marks
    /// its box holds are read as one when they are (`bareTen`); else raised ink there makes it
    /// doubtful (`inkAfterTen`). A minus touching the digit after it is cut from it (`minusCut`).
    func testAPowerReadWithoutItsExponent() throws {
        XCTAssertEqual(NumberInk.bareTen("10")?.times, "")
        XCTAssertEqual(NumberInk.bareTen("x10")?.times, "x")
        XCTAssertEqual(NumberInk.bareTen("10;")?.tail, ";")
        for text in ["107", "1", "x107", "100", "010"] { XCTAssertNil(NumberInk.bareTen(text), text) }
        let ten = [digit(0), digit(22)]
        XCTAssertEqual(NumberInk.inkAfterTen(ten, times: false), false)
        XCTAssertEqual(NumberInk.inkAfterTen(ten + [raisedDigit(44)], times: false), true)
        XCTAssertEqual(NumberInk.inkAfterTen([digit(-30)] + ten + [raisedDigit(44)], times: true), true)
        // A comma on the baseline after the digits is no exponent.
        XCTAssertEqual(NumberInk.inkAfterTen(ten + [.init(left: 44, top: 94, right: 49, bottom: 109, pixels: 60)], times: false), false)
        // LibreOffice's `⁻⁴` at 200 dpi drawn as one mark: a bar 3 rows thick, 8 columns, then a 4 (drawn here as a block).
        let ink: Set<[Int]> = Set((40...47).flatMap { x in (70...72).map { [x, $0] } } + (48...67).flatMap { x in (60...80).map { [x, $0] } })
        let glued = NumberInk.Mark(left: 40, top: 60, right: 67, bottom: 80, pixels: ink.count)
        let cut = try XCTUnwrap(NumberInk.minusCut(glued, isInk: { ink.contains([$0, $1]) }))
        XCTAssertEqual(cut, [.init(left: 40, top: 70, right: 47, bottom: 72, pixels: 24), .init(left: 48, top: 60, right: 67, bottom: 80, pixels: 420)])
        // A mark whose first column is tall (a `2` touching a `3`) is not cut.
        let pair: Set<[Int]> = Set((40...60).flatMap { x in (60...80).map { [x, $0] } })
        XCTAssertNil(NumberInk.minusCut(.init(left: 40, top: 60, right: 60, bottom: 80, pixels: pair.count), isInk: { pair.contains([$0, $1]) }))
    }

    /// Pieces beside a mark, none of its columns shared: a flat bar (a minus) or a piece in its
    /// upper part (an exponent's digit), or any piece beside a flat bar, stays a mark of its own;
    /// the halves of a broken `0` and a `7`'s bar over its stem are joined.
    func testSignsAndRaisedDigitsBesideADigitAreNotPiecesOfIt() {
        let zero = NumberInk.Mark(left: 100, top: 60, right: 123, bottom: 95, pixels: 340)
        let minus = NumberInk.Mark(left: 125, top: 66, right: 138, bottom: 68, pixels: 40)
        let two = NumberInk.Mark(left: 125, top: 56, right: 134, bottom: 74, pixels: 70)
        XCTAssertEqual(NumberInk.glyphs([zero, minus]).count, 2)
        XCTAssertEqual(NumberInk.glyphs([zero, two]).count, 2)
        // Session 26: nor a small digit 3 px after the minus (LibreOffice's `10⁻⁹` at 300 dpi, the
        // `9` smaller than a third of the `0`'s ink: a piece, joined to the bar, read `10°`).
        let nine = NumberInk.Mark(left: 141, top: 56, right: 152, bottom: 76, pixels: 92)
        XCTAssertEqual(NumberInk.glyphs([zero, minus, nine]).count, 3)
        let left = NumberInk.Mark(left: 100, top: 60, right: 110, bottom: 95, pixels: 170)
        let right = NumberInk.Mark(left: 112, top: 61, right: 123, bottom: 94, pixels: 50)
        XCTAssertEqual(NumberInk.glyphs([left, right]), [NumberInk.Mark(left: 100, top: 60, right: 123, bottom: 95, pixels: 220)])
        let stem = NumberInk.Mark(left: 108, top: 66, right: 118, bottom: 95, pixels: 200)
        let bar = NumberInk.Mark(left: 100, top: 60, right: 122, bottom: 64, pixels: 60)
        XCTAssertEqual(NumberInk.glyphs([stem, bar]).count, 1)
    }

    /// Powers of ten set in TeX's math mode (`$6{,}02 \\times 10^{23}$`), scanned at 200 dpi into
    /// an image-only PDF (the image declares no resolution, as many phone scans) and read as
    /// ingest reads it: each power is handed on as the source writes it, or as read (never
    /// another exponent), and at least as many as the source as in session 25 — 8 of 20 (6 before
    /// its lone raised `1`s were read again from confidence 80; at 300 dpi 12, 10 before).
    func testPowersOfTenInTeXMathAreTheSourcesOrAsRead() throws {
        let dir = try TemporaryDirectory("ingest-number-ink"); defer { dir.remove() }
        try OCRLibraries.requireTesseract()
        for tool in ["pdflatex", "pdftoppm", "img2pdf"] where runTool(tool, ["--version"]) == nil && runTool(tool, ["-v"]) == nil {
            try missingTool("\(tool) is not installed (scripts/install.sh --tests installs it)")
        }
        let exponents = ["-1", "23", "-3", "-1", "5", "-19", "-1", "12", "-7", "-1", "8", "-2", "-1", "-4", "6", "-1", "-9", "11", "-1", "2"]
        let tokens = exponents.enumerated().map { i, e in ("\(i + 2),\(10 + 3 * i)", e) }
        let paragraph = "Les valeurs mesurées sont : " + tokens.map { "$\($0.0) \\times 10^{\($0.1)}$" }.joined(separator: " ; ") + "."
        let tex = """
        \\documentclass[12pt,a5paper]{article}
        \\usepackage[T1]{fontenc}\\usepackage[utf8]{inputenc}\\usepackage{lmodern}\\usepackage[french]{babel}
        \\usepackage[margin=15mm]{geometry}
        \\begin{document}
        \(paragraph)

        \(paragraph)
        \\end{document}
        """
        let source = try dir.write("puissances.tex", Data(tex.utf8))
        guard runTool("pdflatex", ["-interaction=nonstopmode", "-halt-on-error", "-output-directory", dir.url.path, source.path])?.status == 0 else {
            throw TestSetupFailure("pdflatex failed on \(source.path)")
        }
        let gray = dir.url.appendingPathComponent("puissances"), scan = dir.url.appendingPathComponent("scan.pdf")
        // A PGM declares no resolution: img2pdf takes 96 dpi, as many phone scans declare.
        guard runTool("pdftoppm", ["-r", "200", "-gray", "-singlefile", dir.url.appendingPathComponent("puissances.pdf").path, gray.path])?.status == 0,
              runTool("img2pdf", [gray.appendingPathExtension("pgm").path, "-o", scan.path])?.status == 0 else {
            throw TestSetupFailure("pdftoppm or img2pdf failed")
        }
        let input = SourceInput(files: [scan], kind: .pdf, byteSize: 0, name: scan.lastPathComponent)
        let read = try ScanRecognizer().complete(try PDFExtractor().extract(input, context: ExtractionContext()), of: input, context: ExtractionContext())
        let text = read.blocks.map(\.text).joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        // Each token's power: the two words after its number (`x10⁻¹;`, or `x` and `10⁻¹`), in
        // the first paragraph (the number's first occurrence after the last one found).
        let words = text.split(separator: " ").map(String.init)
        var from = 0, written = 0
        for (number, e) in tokens {
            let superscript = "10" + String(e.map { $0 == "-" ? "⁻" : NumberInk.superscripts[$0]! })
            guard let at = words[from...].firstIndex(where: { $0.hasPrefix(number) }) else { continue }
            from = at + 1
            let power = words[(at + 1)..<min(words.count, at + 3)].prefix { !$0.hasPrefix(";") }.joined(separator: " ")
            if power.contains(superscript) { written += 1; continue }
            XCTAssertFalse(power.contains { NumberInk.superscriptDigits[$0] != nil }, "\(number) × \(superscript) handed on as \(power)")
        }
        XCTAssertGreaterThanOrEqual(written, 8, text)
    }

    /// A power of ten read glued to the `×` before it (`x107!` for `× 10⁻¹`): read without the
    /// sign's mark, its raised minus and digit are found and the digit read again; the sign stays
    /// as read. On a drawn 1-bit word: the sign, `1` and `0` on the baseline, a raised bar and a
    /// raised `1` (4 px from the `0`, the bar not joined to it).
    func testAPowerOfTenGluedToItsTimesSignIsRead() throws {
        let pix = try XCTUnwrap(pixCreate(400, 120, 1))
        defer { var p: UnsafeMutablePointer<PIX>? = pix; pixDestroy(&p) }
        // 1-bit pixels, the leftmost the highest bit of each 32-bit word.
        let data = try XCTUnwrap(pixGetData(pix)), wpl = Int(pixGetWpl(pix))
        for (x0, y0, x1, y1) in [(10, 70, 30, 100), (40, 60, 50, 100), (60, 60, 85, 100), (89, 70, 104, 72), (110, 55, 116, 80)] {
            for y in y0...y1 { for x in x0...x1 { data[y * wpl + x / 32] |= UInt32(1) << UInt32(31 - x % 32) } }
        }
        let word = RecognizedWord(text: "x107!", confidence: 40, box: [5.0 / 400, 50.0 / 120, 120.0 / 400, 105.0 / 120])
        XCTAssertEqual(NumberInk.readings(of: pix, [word], reread: { $0.map { _ in ("1", 89) } }), [0: .init(text: "x10⁻¹")])
        // Under 50 (the drawn `1` is narrow: 50 is enough for it since session 28, 80 for any other digit).
        XCTAssertEqual(NumberInk.readings(of: pix, [word], reread: { $0.map { _ in ("1", 49) } }), [0: .init(text: "x107!", doubt: .numberInk)])
        XCTAssertEqual(NumberInk.readings(of: pix, [word], reread: { $0.map { _ in ("7", 79) } }), [0: .init(text: "x107!", doubt: .numberInk)])
        let apart = RecognizedWord(text: "107!", confidence: 40, box: [35.0 / 400, 50.0 / 120, 120.0 / 400, 105.0 / 120])
        XCTAssertEqual(NumberInk.readings(of: pix, [apart], reread: { $0.map { _ in ("1", 89) } }), [0: .init(text: "10⁻¹")])
    }

    /// Session 26: a power Tesseract read as two words (`107 1.` for `10⁻¹.`, pdflatex at 200 and
    /// 300 dpi): the second standing just after the first, its marks raised beside the `10`, the
    /// two are read as one — written so when the raised digit is read again with confidence (the
    /// second word absorbed), else both left as read, doubtful. A word on the baseline after a
    /// `10` is no exponent: nothing joined.
    func testAPowerSplitInTwoWordsIsReadAsOne() throws {
        let pix = try XCTUnwrap(pixCreate(400, 120, 1))
        defer { var p: UnsafeMutablePointer<PIX>? = pix; pixDestroy(&p) }
        let data = try XCTUnwrap(pixGetData(pix)), wpl = Int(pixGetWpl(pix))
        // `1` and `0` on the baseline at 100, a raised bar, then 9 px on a raised `1` and a point;
        // further right `2` `5` on the baseline.
        // Above them, a stroke of the line above (8-40), over the second word.
        for (x0, y0, x1, y1) in [(40, 60, 50, 100), (60, 60, 85, 100), (89, 70, 104, 72), (114, 55, 120, 80), (124, 95, 128, 100),
                                 (200, 60, 220, 100), (226, 60, 246, 100), (111, 8, 125, 40)] {
            for y in y0...y1 { for x in x0...x1 { data[y * wpl + x / 32] |= UInt32(1) << UInt32(31 - x % 32) } }
        }
        let first = RecognizedWord(text: "107", confidence: 60, box: [35.0 / 400, 50.0 / 120, 106.0 / 400, 105.0 / 120])
        let second = RecognizedWord(text: "1.", confidence: 40, box: [112.0 / 400, 50.0 / 120, 130.0 / 400, 105.0 / 120])
        XCTAssertEqual(NumberInk.readings(of: pix, [first, second], reread: { $0.map { _ in ("1", 90) } }), [0: .init(text: "10⁻¹.", absorbs: 1)])
        XCTAssertEqual(NumberInk.readings(of: pix, [first, second], reread: { $0.map { _ in ("1", 49) } }),
                       [0: .init(text: "107", doubt: .numberInk), 1: .init(text: "1.", doubt: .numberInk)])
        // Session 27: the second word's box taking in the line above's stroke (`14,15 “10 3:`): the
        // stroke, reaching above half the first's height over it, is no raised mark of the power.
        let tall = RecognizedWord(text: "1.", confidence: 40, box: [112.0 / 400, 6.0 / 120, 130.0 / 400, 105.0 / 120])
        XCTAssertEqual(NumberInk.readings(of: pix, [first, tall], reread: { $0.map { _ in ("1", 90) } }), [0: .init(text: "10⁻¹.", absorbs: 1)])
        // `10` then `25` on the baseline, a word space apart: two numbers, nothing joined — but the
        // raised bar and `1` just after the `10`'s box, which no word reads, leave it doubtful (session 29,
        // `UnreadInk`); without them, nothing.
        let ten = RecognizedWord(text: "10", confidence: 90, box: [35.0 / 400, 50.0 / 120, 88.0 / 400, 105.0 / 120])
        let number = RecognizedWord(text: "25", confidence: 90, box: [196.0 / 400, 50.0 / 120, 250.0 / 400, 105.0 / 120])
        XCTAssertEqual(NumberInk.readings(of: pix, [ten, number], reread: { $0.map { _ in ("25", 96) } }), [0: .init(text: "10", doubt: .numberInk)])
        for (x0, y0, x1, y1) in [(89, 70, 104, 72), (114, 55, 120, 80), (124, 95, 128, 100)] {
            for y in y0...y1 { for x in x0...x1 { data[y * wpl + x / 32] &= ~(UInt32(1) << UInt32(31 - x % 32)) } }
        }
        XCTAssertEqual(NumberInk.readings(of: pix, [ten, number], reread: { $0.map { _ in ("25", 96) } }), [:])
        XCTAssertTrue(NumberInk.opensSplitPower("x10-") && NumberInk.opensSplitPower("107") && NumberInk.opensSplitPower("10"))
        XCTAssertFalse(NumberInk.opensSplitPower("100") || NumberInk.opensSplitPower("x1") || NumberInk.opensSplitPower("1071"))
    }

    // MARK: pages

    /// The lesson's PDF and page images, made once for the class (each page drawn once at each
    /// resolution, each noisy page once); removed when the class is done.
    static let pages = Result { try TemporaryDirectory("ingest-number-ink") }
    override class func tearDown() { try? pages.get().remove() }

    /// The fidelity corpus's chemistry lesson (Tests/IngestFidelityTests/Fidelity/cours-chimie.tex:
    /// its numbers are its truth) set by pdflatex, page `number` drawn by pdftoppm at `dpi` in gray
    /// (with `noise`: ImageMagick's, seeded, as a scanner adds), read by Tesseract as ingest reads
    /// it: the page's text, each word the ink rewrote (`as read → as written`), and the words it
    /// left doubtful (`numberInk`).
    func read(page number: Int, dpi: Int = 300, noise: Bool = false, with engine: TesseractEngine) throws -> (text: String, rewritten: [String], doubtful: [String]) {
        try OCRLibraries.requireTesseract()
        let dir = try Self.pages.get()
        let source = Corpus.repositoryRoot.appendingPathComponent("Tests/IngestFidelityTests/Fidelity/cours-chimie.tex")
        let pdf = dir.url.appendingPathComponent("cours-chimie.pdf")
        if !FileManager.default.fileExists(atPath: pdf.path) {
            guard runTool("pdflatex", ["-interaction=nonstopmode", "-halt-on-error", "-output-directory", dir.url.path, source.path])?.status == 0 else {
                try missingTool("pdflatex sets the page (scripts/install.sh --tests installs the texlive packages)")
            }
        }
        let gray = dir.url.appendingPathComponent("gray-\(number)-\(dpi)")
        guard FileManager.default.fileExists(atPath: gray.appendingPathExtension("png").path)
            || runTool("pdftoppm", ["-r", "\(dpi)", "-gray", "-png", "-singlefile", "-f", "\(number)", "-l", "\(number)", pdf.path, gray.path])?.status == 0 else {
            try missingTool("pdftoppm draws the page (apt-get install poppler-utils)")
        }
        var page = gray.appendingPathExtension("png")
        if noise {
            let noisy = dir.url.appendingPathComponent("noisy-\(number)-\(dpi).png")
            guard FileManager.default.fileExists(atPath: noisy.path)
                || runTool("convert", [page.path, "-seed", "22", "-attenuate", "0.5", "+noise", "Gaussian", "-blur", "0x0.5", noisy.path])?.status == 0 else {
                try missingTool("ImageMagick adds the noise (apt-get install imagemagick)")
            }
            page = noisy
        }
        let read = try engine.recognize(try Self.pix(page), deadline: .distantFuture, limitSeconds: 120, page: number)
        let asRead = read.readAs ?? [:]
        return (read.text, asRead.keys.sorted().map { "\(asRead[$0]!) → \(read.words[$0].text)" },
                read.words.filter { $0.doubt == .numberInk }.map(\.text))
    }

    static func pix(_ url: URL) throws -> PageImage {
        let bytes = try Data(contentsOf: url)
        guard let raw = bytes.withUnsafeBytes({ pixReadMem($0.bindMemory(to: UInt8.self).baseAddress, $0.count) }) else {
            throw TestSetupFailure("leptonica could not read \(url.lastPathComponent)")
        }
        return PageImage(taking: raw)
    }

    /// Every number of the lesson's first two pages written with a separator between digits, and
    /// every one written without.
    static let separated = ["0,05 mL", "1,7 ", "6,022 140 76", "6,02 ", "1,6 ", "18,0 g", "98,1 g", "4,9 g", "0,050 mol", "1,84",
                            "22,4 L", "24,0 L", "273,15", "9,81", "0,100 mol", "6,24 g", "6,24", "6,18", "6,31", "1,00 ", "9,90 ", "1,01 ", "0,0", "1,0", "+1,1"]
    static let whole = ["du 4 au 15 mars 2024", "le 20\nmai 2019", "96 500 C", "1/20", "(1/2)", "95 %", "1 013 hPa", "à 20 °C",
                        "196 °C", "78 %", "21 %", "250 cm", "100 cm", "10 à 12 fois", "12 500", "14 juin 2024", "64 %", "1 000"]

    /// The lesson at 300 dpi as a scanner gives it: Tesseract 5.3 reads 4,9 g as 49 g and +1,1 as
    /// +11 (the ink writes the commas back), and every exponent wrong or as digits of the number
    /// (`10?!`, `107?`, `1023`, `10~!9`, `107!`, `10-2`, `1072`), a unit's (`cm?` for `cm³`) and an ion's (`Cu?*` for `Cu²⁺`):
    /// their digits read again on their own are written raised, the lone `1` of a `⁻¹` too (two
    /// `10⁻¹`, four `mol⁻¹`, `L⁻¹`: read again with confidence 86-89, which stayed as read,
    /// doubtful, until session 25 took a second reading from 80);
    /// indices (session 24): `H20` → `H₂O`, `O2,` → `O₂,`; an index read as a sign or letter, its
    /// mark read again alone (session 27; doubtful before): `H2SO,` → `H₂SO₄`, `No` → `N₂`, `CuSO,` → `CuSO₄`
    /// (each as the lesson writes it).
    /// No other number changes.
    func testADroppedCommaIsWrittenBackAndExponentsReadAgain() throws {
        try OCRLibraries.requireTesseract()
        let engine = try TesseractEngine(languages: "fra+eng")
        var text = "", rewritten: [String] = [], doubtful: [String] = []
        for number in 1...3 {
            let read = try read(page: number, with: engine)
            text += read.text; rewritten += read.rewritten; doubtful += read.doubtful
        }
        XCTAssertEqual(rewritten, ["10?! → 10²¹", "107? → 10²³", "1023 → 10²³", "mol~!. → mol⁻¹.", "10~!9 → 10⁻¹⁹", "H20 → H₂O", "mol! → mol⁻¹",
                                   "H2SO, → H₂SO₄", "49 → 4,9", "mol! → mol⁻¹", "mol~! → mol⁻¹", "No → N₂", "O2, → O₂,", "L-!. → L⁻¹.", "Cu?* → Cu²⁺",
                                   "cm? → cm³", "L~!, → L⁻¹,", "CuSO, → CuSO₄", "cm? → cm³", "cm? → cm³", "107! → 10⁻¹", "10-2 → 10⁻²", "1072 → 10⁻¹",
                                   "+11 → +1,1", "cm? → cm³", "cm? → cm³"], text)
        // Session 29 (`UnreadInk`): two formulas read as other characters, their raised ink unread, are
        // doubtful, no longer handed on as if the lesson wrote them: `g : mol !.` for `g·mol⁻¹.` (line 50)
        // and `SO,?~` for `SO₄²⁻` (line 58).
        XCTAssertEqual(doubtful, ["mol", "!.", "SO,?~"], text)
        for number in Self.separated + Self.whole + ["1,7 x 10²¹", "76 x 10²³", "6,02 x 10²³", "1,6 x 10⁻¹⁹", "9,90 x 10⁻²", "1,00 x 10⁻¹", "1,01 x 10⁻¹",
                                                     "250 cm³ d’une", "100 cm³ d’eau", "250 cm³ et", "les cm³ en", "1 000 cm³ :"] where !text.contains(number) {
            XCTFail("\(number) not in: \(text)")
        }
    }

    /// At 200 and 150 dpi, and with a scanner's noise at 300 and 200 dpi: whatever Tesseract reads
    /// there, no number read right is changed, and a word is rewritten only into what the lesson
    /// writes or from a misreading (a sign read as a digit, `+1,1` read `161`: the comma is on the
    /// page, the digits Tesseract's, wrong before and after).
    func testNoisyAndCoarserPagesGetNoInventedNumber() throws {
        let source = try String(contentsOf: Corpus.repositoryRoot.appendingPathComponent("Tests/IngestFidelityTests/Fidelity/cours-chimie.tex"), encoding: .utf8)
            .replacingOccurrences(of: "\\textsuperscript{3}", with: "³")
            .replacing(/\\textsuperscript\{([0-9+−]+)\}/) { String($0.1.map { NumberInk.superscripts[$0] ?? ($0 == "+" ? "⁺" : "⁻") }) }
        try OCRLibraries.requireTesseract()
        let engine = try TesseractEngine(languages: "fra+eng")
        // One page a condition, to keep the class short (session 27): the four give 23 rewritten
        // words to judge (Tesseract 5.3; both pages of each, 45, in 7 readings): 200 dpi page 2
        // (`L~!.`, `Cu?+`, `1072?`), 150 dpi page 1 (the exponents: `107` → `10²³`), 300 dpi with
        // noise page 2 (11: commas written back, `10` → `1,0`, `+11` → `+1,1`), 200 dpi with noise page 1.
        for (dpi, noise, number) in [(200, false, 2), (150, false, 1), (300, true, 2), (200, true, 1)] {
            let read = try read(page: number, dpi: dpi, noise: noise, with: engine)
            for change in read.rewritten {
                let before = String(change.split(separator: "→").first!.dropLast()), after = String(change.split(separator: "→").last!.dropFirst())
                XCTAssertTrue(source.contains(after) || !Self.isNumber(before, of: source),
                              "\(dpi) dpi, noise \(noise), page \(number): \(change) is not in the lesson")
                XCTAssertTrue(Self.inPlace(after, read.text, source), "\(dpi) dpi, noise \(noise), page \(number): \(change) is not where the lesson has it")
            }
        }
    }

    /// Whether each power of ten `word` in `text` follows the number the lesson multiplies by it
    /// (`9,90 x 10⁻²`: `9,90 × 10⁻²` in the lesson), and a unit with an exponent is one the lesson
    /// writes; true for a word that is neither.
    static func inPlace(_ word: String, _ text: String, _ source: String) -> Bool {
        guard word.contains(where: { NumberInk.superscriptDigits[$0] != nil }) else { return true }
        // A unit's (`cm³`): the lesson writes it so.
        guard word.hasPrefix("10") else { return source.contains(word.trimmingCharacters(in: .punctuationCharacters)) }
        return text.ranges(of: word).allSatisfy { r in
            let before = text[..<r.lowerBound].split(whereSeparator: \.isWhitespace).suffix(2)
            return before.count == 2 && ["x", "X", "×"].contains(before.last!) && source.contains("\(before.first!) × \(word)")
        }
    }

    /// Whether `word` stands in `source` as a number of its own (not inside a longer one).
    static func isNumber(_ word: String, of source: String) -> Bool {
        source.ranges(of: word).contains { r in
            let before = r.lowerBound > source.startIndex ? source[source.index(before: r.lowerBound)] : " "
            let after = r.upperBound < source.endIndex ? source[r.upperBound] : " "
            return !(before.isNumber || before == "," || after.isNumber || after == ",")
        }
    }

    func testAPlusReadForAFlatBarIsAMinus() {
        let open = NumberInk.Mark(left: 0, top: 60, right: 8, bottom: 108, pixels: 120), three = digit(14)
        XCTAssertEqual(NumberInk.signReading("(3+", marks: [open, three, .init(left: 44, top: 86, right: 56, bottom: 89, pixels: 48)]), "(3-")
        // A cross is a plus; a word not matched one for one with its marks is left as read.
        XCTAssertNil(NumberInk.signReading("(3+", marks: [open, three, .init(left: 44, top: 76, right: 60, bottom: 92, pixels: 60)]))
        XCTAssertNil(NumberInk.signReading("(3+", marks: [three, .init(left: 44, top: 86, right: 56, bottom: 89, pixels: 48)]))
        XCTAssertNil(NumberInk.signReading("3+(", marks: [.init(left: -20, top: 60, right: -12, bottom: 108, pixels: 120), three, .init(left: 44, top: 86, right: 56, bottom: 89, pixels: 48), open]))
        // More ink than read: a last `+` is the last mark.
        XCTAssertEqual(NumberInk.signReading("(3+", marks: [.init(left: -20, top: 60, right: -12, bottom: 108, pixels: 120), open, three, .init(left: 44, top: 86, right: 56, bottom: 89, pixels: 48)]), "(3-")
        XCTAssertNil(NumberInk.signReading("a+b", marks: [open, three, .init(left: 44, top: 86, right: 56, bottom: 89, pixels: 48)]))
    }

    /// samples/fiche-fonctions-affines.pdf, a 200-ppi scan with scanner noise of `a = (9 - 5) / (3 - 1) = 4 / 2 = 2`:
    /// Tesseract alone reads `(9 - 5) (3+ 1)=4/2`, `(x2-- x1)`, `. Puisb`; until session 28 the ink wrote back the slash
    /// and the bar (`(3+` → `/ (3-`, `signReading`, tested above on marks). The page is now read through a median
    /// (`Specks`): every number and sign is read as in the source, and the ink has nothing to write back or doubt.
    func testTheFicheIsReadAsItsSource() throws {
        try OCRLibraries.requireTesseract()
        let dir = try TemporaryDirectory("ingest-number-ink"); defer { dir.remove() }
        let fiche = Corpus.repositoryRoot.appendingPathComponent("samples/fiche-fonctions-affines.pdf")
        let scan = dir.url.appendingPathComponent("fiche")
        guard runTool("pdfimages", ["-j", fiche.path, scan.path])?.status == 0 else { try missingTool("pdfimages (poppler-utils)") }
        let read = try TesseractEngine(languages: "fra+eng").recognize(try Self.pix(dir.url.appendingPathComponent("fiche-000.jpg")),
                                                                       deadline: .distantFuture, limitSeconds: 120, page: 1)
        XCTAssertEqual(read.readAs ?? [:], [:])
        // The source's formulas (qa/samples-source/fiche-fonctions-affines.md), spaces aside.
        let text = read.text.filter { !$0.isWhitespace }
        for formula in ["B(x2;y2)", "a=(y2-y1)/(x2-x1).", "a=(9-5)/(3-1)=4/2=2.", "f(x)=2x+3", "P(2,5)=140€"] {
            XCTAssertTrue(text.contains(formula), "\(formula): \(read.text)")
        }
        XCTAssertEqual(read.words.filter { $0.doubt != nil }.map(\.text), [])
    }

    /// A straight stroke rising to the right is a slash; a bracket, an upright `1`, a `7` are not.
    func testASlashIsAStraightStrokeRisingToTheRight() throws {
        // 27 rows of 3 pixels: the slash's middle moves 8 to the left, `(` bends back, `1` stays.
        func rows(_ x: (Int) -> Int) -> [NumberInk.Mark] { (0..<27).map { .init(left: 20 + x($0), top: 20 + $0, right: 22 + x($0), bottom: 20 + $0, pixels: 3) } }
        let slash = rows { 8 - $0 * 8 / 26 }, bracket = rows { abs($0 - 13) * abs($0 - 13) / 28 }, one = rows { _ in 3 }
        let seven = rows { 8 - $0 * 8 / 26 } + [.init(left: 14, top: 20, right: 30, bottom: 21, pixels: 34)]
        for (name, marks, expected) in [("slash", slash, true), ("bracket", bracket, false), ("one", one, false), ("seven", seven, false)] {
            let ink = try image(marks, width: 64, height: 64)
            let m = NumberInk.Mark(left: marks.map(\.left).min()!, top: 20, right: marks.map(\.right).max()!, bottom: 46, pixels: 0)
            XCTAssertEqual(NumberInk.isSlash(m, data: try XCTUnwrap(pixGetData(ink.raw)), wpl: Int(pixGetWpl(ink.raw))), expected, name)
        }
    }

    /// A 1-bit image (1 is ink) of `marks`, each a filled rectangle, as Tesseract's thresholded page.
    func image(_ marks: [NumberInk.Mark], width: Int = 200, height: Int = 160) throws -> PageImage {
        let raw = try XCTUnwrap(pixCreate(Int32(width), Int32(height), 1))
        let data = try XCTUnwrap(pixGetData(raw)), wpl = Int(pixGetWpl(raw))
        for m in marks {
            for y in m.top...m.bottom { for x in m.left...m.right { data[y * wpl + x >> 5] |= UInt32(1) << UInt32(31 - x & 31) } }
        }
        return PageImage(taking: raw)
    }

    /// Through the page's image: `10` then two raised digits is `10²³` from a word read with
    /// confidence, left as read from one read with less (its digits are Tesseract's guesses).
    func testAnExponentIsWrittenRaisedOnlyFromAConfidentWord() throws {
        let marks = [NumberInk.Mark(left: 20, top: 67, right: 32, bottom: 100, pixels: 0), NumberInk.Mark(left: 40, top: 67, right: 58, bottom: 100, pixels: 0),
                     NumberInk.Mark(left: 64, top: 58, right: 75, bottom: 78, pixels: 0), NumberInk.Mark(left: 80, top: 58, right: 91, bottom: 78, pixels: 0)]
        let ink = try image(marks)
        XCTAssertEqual(NumberInk.marks(data: pixGetData(ink.raw)!, wpl: Int(pixGetWpl(ink.raw)), left: 0, top: 0, right: 200, bottom: 160).count, 4)
        let box = [10.0 / 200, 55.0 / 160, 100.0 / 200, 102.0 / 160]
        let words = [RecognizedWord(text: "1023", confidence: 90, box: box), RecognizedWord(text: "1023", confidence: 78, box: box)]
        XCTAssertEqual(NumberInk.readings(of: ink.raw, words), [0: .init(text: "10²³"), 1: .init(text: "1023", doubt: .numberInk)])
    }

    /// Session 24: lowered indices, typeset with cairo in 12-pt DejaVu Serif (its subscript figures)
    /// at 300 and 200 dpi and read through the engine: each word with an index is handed on as the
    /// source writes it, or as read and flagged `numberInk` — never with an index the source does
    /// not have; a digit on the line (`A4`, `CO2` typed flat) is not lowered. 2 s.
    static let indices = """
    L'eau H₂O et le dioxyde de carbone CO₂ ; le diazote N₂ et le dioxygène O₂.
    La suite x₁, x₂ tend vers 0 ; une feuille A4 et CO2 tapé à plat.
    """

    func testLoweredIndicesAreWrittenAsTheSourceOrFlagged() throws {
        try OCRLibraries.requireTesseract()
        let engine = try TesseractEngine(languages: "fra+eng")
        let indexed = ["H₂O", "CO₂", "N₂", "O₂", "x₁", "x₂"]
        for dpi in [300.0, 200.0] {
            let page = TextPage.render(Self.indices, dpi: dpi, pointSize: 12, widthInches: 8, heightInches: 2)
            let read = try engine.recognize(TextPage.pageImage(page, dpi: Int(dpi)), deadline: .distantFuture, limitSeconds: 60, page: 1)
            let flagged = read.words.filter { $0.doubt == .numberInk }.map(\.text)
            for word in read.text.split(whereSeparator: \.isWhitespace).map({ $0.trimmingCharacters(in: .punctuationCharacters) })
            where word.contains(where: { NumberInk.subscripts.values.contains($0) }) {
                XCTAssertTrue(indexed.contains(word), "\(dpi) dpi: \(word) is not in the lines: \(read.text)")
            }
            XCTAssertTrue(read.text.contains("A4") && read.text.contains("CO2 tap"), "\(dpi) dpi: \(read.text)")
            // Tesseract 5.3 reads them `H20`, `N2`, `x1,`, `x2` (`CO₂` as `CO:`, `O₂` as `Oz.` at 300 dpi:
            // no digit read, left): the ink writes them back, the `0` of `H20` as wide as an `O`.
            XCTAssertEqual(["H₂O", "N₂", "x₁", "x₂"].filter { !read.text.contains($0) }, [], "\(dpi) dpi: \(read.text), flagged \(flagged)")
        }
    }
}
