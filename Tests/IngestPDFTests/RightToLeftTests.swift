@testable import IngestPDF
import XCTest

final class RightToLeftTests: XCTestCase {
    private let rle = "\u{202B}", pdf = "\u{202C}", lre = "\u{202A}"

    func testWordsOfAnArabicLineComeBackInLogicalOrder() {
        // « Hello world » as poppler-glib's selection text gives it (visual order, one embedding per word).
        let visual = "\(rle)بالعالم\(pdf) \(rle)مرحبا\(pdf)"
        XCTAssertEqual(RightToLeft.logicalWordOrder(visual), "\(rle)مرحبا بالعالم\(pdf)")
        XCTAssertTrue(RightToLeft.mayNeedReordering(Array(visual.utf8)))
        XCTAssertFalse(RightToLeft.mayNeedReordering(Array("Привет, мир — «é»".utf8)))
    }

    func testThreeWordsAndTextAroundThem() {
        let line = "Arabic: \(rle)c\(pdf) \(rle)b\(pdf) \(rle)a\(pdf) (3)"
        XCTAssertEqual(RightToLeft.logicalWordOrder(line), "Arabic: \(rle)a b c\(pdf) (3)")
    }

    func testWhatIsNotASimpleRunIsLeftAlone() {
        for line in ["\(rle)one\(pdf)", "\(rle)a\(pdf)  \(rle)b\(pdf)", "\(rle)\(lre) habibi\(pdf)x\(pdf)",
                     "\(rle)a\(pdf) x \(rle)b\(pdf)", "\(rle)unclosed \(rle)b\(pdf)", "\(rle)\(pdf) \(rle)\(pdf)", ""] {
            XCTAssertEqual(RightToLeft.logicalWordOrder(line), line)
        }
    }

    /// Seeded: reordering never loses or adds a character other than the merged marks, and
    /// applying it twice gives the same as once.
    func testKeepsEveryLetterAndIsStable() {
        var state: UInt64 = 0x5EED
        func next(_ n: Int) -> Int { state = state &* 6364136223846793005 &+ 1442695040888963407; return Int(state >> 33) % n }
        let pieces = [rle, pdf, lre, " ", "ب", "م", "a", "x"]
        for _ in 0..<2_000 {
            let line = (0..<next(14)).map { _ in pieces[next(pieces.count)] }.joined()
            let once = RightToLeft.logicalWordOrder(line)
            let letters = { (s: String) in s.unicodeScalars.filter { $0.properties.isAlphabetic }.map(\.value).sorted() }
            XCTAssertEqual(letters(once), letters(line), line.debugDescription)
            XCTAssertEqual(RightToLeft.logicalWordOrder(once), once, line.debugDescription)
        }
    }
}
