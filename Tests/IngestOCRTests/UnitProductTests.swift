@testable import IngestOCR
import XCTest

/// Products of units read by their ink (`UnitProduct`, session 28): the middle dot Tesseract reads
/// `-` or `:`, each unit's exponent read as a unit's alone. Marks as Tesseract's 1-bit image of the
/// chemistry bench's pages has them (bench/ocr/chem.py; pdflatex and LibreOffice at 300 dpi).
final class UnitProductTests: XCTestCase {
    typealias Mark = NumberInk.Mark
    static func m(_ l: Int, _ r: Int, _ t: Int, _ b: Int, _ px: Int) -> Mark { Mark(left: l, top: t, right: r, bottom: b, pixels: px) }

    /// pdflatex's `mol·L⁻¹·s⁻¹ ;` read `mol-L7!-s7!;` (300 dpi, word 117 of the page).
    static let latex: [Mark] = [m(1256, 1293, 686, 707, 301), m(1296, 1317, 686, 708, 148), m(1321, 1330, 673, 707, 154), m(1348, 1353, 693, 697, 24),
                                m(1371, 1396, 674, 707, 217), m(1402, 1422, 681, 682, 40), m(1430, 1441, 668, 689, 62), m(1461, 1466, 693, 697, 24),
                                m(1484, 1499, 686, 708, 124), m(1505, 1525, 681, 682, 40), m(1532, 1543, 668, 689, 79), m(1561, 1565, 703, 716, 32),
                                m(1561, 1565, 687, 690, 18)]
    /// LibreOffice's `mol·L⁻¹` read `mol-L'!` (300 dpi, word 32).
    static let writer: [Mark] = [m(643, 680, 399, 421, 357), m(682, 704, 399, 422, 200), m(707, 718, 388, 421, 151), m(724, 728, 407, 411, 22),
                                 m(733, 761, 389, 421, 244), m(765, 778, 395, 396, 28), m(784, 790, 384, 402, 63)]

    func testWordsReadAsProductsOfUnits() {
        XCTAssertEqual(UnitProduct.parse("mol-L7!-s7!;"), .init(parts: ["mol", "L7!", "s7!"], tail: ";"))
        XCTAssertEqual(UnitProduct.parse("J-K-!:mol-!"), .init(parts: ["J", "K-!", "mol-!"]))
        XCTAssertEqual(UnitProduct.parse("g-L-!:"), .init(parts: ["g", "L-!"], tail: ":"))
        XCTAssertEqual(UnitProduct.parse("mol-"), .init(parts: ["mol"], trail: true))
        XCTAssertEqual(UnitProduct.parse("-s~!"), .init(parts: ["s~!"], lead: true))
        // Words that are not: a letter after a unit, no separator, one that is no unit.
        for text in ["K-means", "A-t-il", "mol", "L7!", "mol.", "-", "x-y", "Lt-mol"] { XCTAssertNil(UnitProduct.parse(text), text) }
    }

    func testTheMiddleDotsAreTheInks() throws {
        let latex = try XCTUnwrap(UnitProduct.product("mol-L7!-s7!;", marks: Self.latex))
        XCTAssertEqual(latex.raised.map { $0?.marks.count }, [nil, 1, 1])
        XCTAssertEqual(latex.raised.map { $0?.minus }, [nil, true, true])
        let writer = try XCTUnwrap(UnitProduct.product("mol-L'!", marks: Self.writer))
        XCTAssertEqual(writer.raised.map { $0?.marks.count }, [nil, 1])
        // A hyphen's bar where the dot is: no product.
        var hyphen = Self.writer
        hyphen[3] = Self.m(722, 731, 408, 410, 27)
        XCTAssertNil(UnitProduct.product("mol-L'!", marks: hyphen))
        // A colon's two dots, or the dot on the baseline (a point): no product.
        XCTAssertNil(UnitProduct.product("mol:L'!", marks: Self.writer + [Self.m(724, 728, 417, 421, 22)]))
        var point = Self.writer
        point[3] = Self.m(724, 728, 417, 421, 22)
        XCTAssertNil(UnitProduct.product("mol.L'!", marks: point))
        // A dot the word does not read, or an exponent's mark left out: no product.
        XCTAssertNil(UnitProduct.product("mol-L'!", marks: Self.writer.filter { $0.left != 724 }))
        XCTAssertNil(UnitProduct.product("mol-L", marks: Self.writer))
    }

    /// An `m` of a 200-dpi scan drawn at 300 dpi comes in three pieces one column apart: joined,
    /// the unit's letters are three marks; LibreOffice's letters one column apart are not joined
    /// when they are as many as the unit's letters.
    func testAUnitsBrokenLetterIsJoinedOnlyWhenTooManyPieces() {
        let pieces = [Self.m(1308, 1319, 714, 737, 126), Self.m(1321, 1333, 714, 737, 122), Self.m(1335, 1347, 714, 737, 114),
                      Self.m(1350, 1372, 714, 737, 204), Self.m(1376, 1386, 701, 737, 171)]
        let joined = UnitProduct.joiningBrokenLetters(pieces, baseline: 737, height: 37, letters: 3)
        XCTAssertEqual(joined.map(\.left), [1308, 1350, 1376])
        XCTAssertEqual(joined[0], Self.m(1308, 1347, 714, 737, 362))
        XCTAssertEqual(UnitProduct.joiningBrokenLetters(Array(Self.writer.prefix(3)), baseline: 421, height: 34, letters: 3), Array(Self.writer.prefix(3)))
    }

    /// Written from the exponents read again with confidence only; else the word as read, doubtful.
    func testAProductIsWrittenOnlyFromItsExponentsReadAgain() throws {
        let word = RecognizedWord(text: "mol-L7!-s7!;", confidence: 51, box: [0, 0, 1, 1])
        let product = try XCTUnwrap(UnitProduct.product(word.text, marks: Self.latex))
        XCTAssertEqual(UnitProduct.reading(word, product, again: [("1", 93), ("1", 90)]), .init(text: "mol·L⁻¹·s⁻¹;"))
        XCTAssertEqual(UnitProduct.reading(word, product, again: [("1", 93), ("1", 40)]), .init(text: word.text, doubt: .numberInk))
        XCTAssertEqual(UnitProduct.reading(word, product, again: [("1", 93), nil]), .init(text: word.text, doubt: .numberInk))
        // Another digit read again is written as read again (the ink's minus kept): never Tesseract's `7`.
        XCTAssertEqual(UnitProduct.reading(word, product, again: [("1", 93), ("2", 95)]), .init(text: "mol·L⁻¹·s⁻²;"))
    }
}
