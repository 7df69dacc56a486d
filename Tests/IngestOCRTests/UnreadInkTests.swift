@testable import IngestOCR
import XCTest

/// Raised or lowered ink a word's text does not read (`UnreadInk`, session 29): marks as Tesseract's
/// 1-bit images of bench/ocr's pages have them (`powers.py`, `chem.py`: pdflatex, 150 and 300 dpi),
/// each `[left, top, width × height, pixels]` as a probe printed them.
final class UnreadInkTests: XCTestCase {
    typealias Mark = NumberInk.Mark
    static func marks(_ m: [(Int, Int, Int, Int, Int)]) -> [Mark] {
        m.map { Mark(left: $0.0, top: $0.1, right: $0.0 + $0.2 - 1, bottom: $0.1 + $0.3 - 1, pixels: $0.4) }
    }

    /// `71,24 × 10⁸` read `108;` at 150 dpi: the times sign's mark inside the box, marks of the line
    /// above between the `1` and the `0`, the raised `8` after them.
    static let eight = marks([(920, 958, 19, 18, 120), (920, 905, 5, 25, 84), (929, 906, 16, 2, 30), (948, 951, 13, 26, 108), (950, 903, 9, 11, 41),
                              (965, 950, 17, 28, 181), (973, 926, 4, 11, 22), (973, 913, 4, 4, 13), (984, 945, 12, 18, 103), (1000, 903, 17, 28, 198),
                              (1008, 973, 4, 10, 22), (1008, 959, 4, 5, 14), (1020, 903, 10, 8, 46), (1025, 913, 5, 18, 50)])
    /// `103,65`, a number of the list (150 dpi): its `5` broken in two, the upper piece over the lower.
    static let number = marks([(142, 1373, 12, 26, 107), (159, 1372, 16, 28, 187), (178, 1372, 16, 28, 168), (198, 1394, 5, 11, 23),
                               (207, 1372, 17, 28, 188), (226, 1383, 16, 17, 83), (228, 1372, 12, 14, 66)])

    func testAnExponentAfterATenThatNoWordReads() {
        XCTAssertTrue(UnreadInk.powerUnread("108;", marks: Self.eight))
        // Without the raised `8`: nothing unread.
        XCTAssertFalse(UnreadInk.powerUnread("108;", marks: Self.eight.filter { $0.left != 984 }))
        // A number whose digit is broken in pieces, none raised; an ordinal (`10e`) is no power.
        XCTAssertFalse(UnreadInk.powerUnread("103,65", marks: Self.number))
        XCTAssertFalse(UnreadInk.powerUnread("10e", marks: Self.eight))
        // The same marks under a word that is no `10…`.
        XCTAssertFalse(UnreadInk.powerUnread("Les", marks: Self.eight))
    }

    /// chem.py at 300 dpi (the page drawn larger, as ingest reads it): `NO₃⁻` read `NO:` and `N₂` read
    /// `No;` (their index under the baseline), `Relevé` (its accent over the `e`).
    func testAnIndexOrChargeThatTheWordDoesNotRead() {
        let no3 = Self.marks([(1425, 5317, 138, 141, 4876), (1579, 5312, 134, 150, 5281), (1592, 5239, 8, 7, 44), (1733, 5396, 59, 91, 1955),
                              (1858, 5437, 21, 59, 540), (1858, 5371, 21, 16, 296), (1929, 5239, 13, 7, 63), (1992, 5317, 35, 41, 691), (2017, 5400, 10, 62, 488)])
        XCTAssertTrue(UnreadInk.scriptUnread("NO:", marks: no3))
        let n2 = Self.marks([(4667, 1054, 137, 142, 4937), (4817, 1133, 58, 92, 2008), (4942, 1175, 20, 58, 540), (4942, 1108, 20, 17, 308)])
        XCTAssertTrue(UnreadInk.scriptUnread("No;", marks: n2))
        let releve = Self.marks([(1050, 800, 142, 146, 6094), (1196, 850, 79, 96, 2594), (1288, 796, 41, 146, 2730), (1342, 850, 79, 96, 2607),
                                 (1433, 850, 100, 92, 2076), (1533, 850, 80, 96, 2561), (1563, 796, 37, 37, 485), (1725, 854, 8, 17, 104), (1725, 925, 8, 17, 84)])
        XCTAssertFalse(UnreadInk.scriptUnread("Relevé", marks: releve))
        // A raised mark the text reads as an apostrophe is read (`D’`); for a unit it is an exponent misread
        // (`L’` for `L⁻¹`, `cm’` for `cm³`).
        let raised = Self.marks([(100, 100, 60, 100, 3000), (170, 70, 30, 50, 600)])
        XCTAssertFalse(UnreadInk.scriptUnread("D’", marks: raised))
        XCTAssertTrue(UnreadInk.scriptUnread("D", marks: raised))
        XCTAssertTrue(UnreadInk.scriptUnread("L’", marks: raised))
        XCTAssertEqual(UnreadInk.raisedCharacters("Me\"?"), 2)
        XCTAssertTrue(UnreadInk.mayBeFormula("Nat;") && UnreadInk.mayBeFormula("cm’") && UnreadInk.mayBeFormula("m-s"))
        XCTAssertFalse(UnreadInk.mayBeFormula("sont") || UnreadInk.mayBeFormula("(x") || UnreadInk.mayBeFormula("10"))
    }

    /// samples/fiche-fonctions-affines.pdf (200 dpi): `f(0) =`, the `=` one mark (its bars joined)
    /// standing on the line, its top under 0.7 of the letters' height — no exponent.
    func testAnEqualsSignOnTheLineIsNoExponent() {
        let f0 = Self.marks([(1172, 595, 12, 26, 129), (1186, 595, 7, 30, 102), (1198, 596, 17, 26, 223), (1220, 596, 7, 30, 105), (1244, 606, 21, 10, 128)])
        XCTAssertFalse(UnreadInk.scriptUnread("f(0)", marks: f0))
    }
}
