import IngestTestSupport
import XCTest
@testable import IngestCore

final class NaturalOrderFastPathTests: XCTestCase {
    /// The byte-level comparison of ASCII names decides exactly as the Character-level one.
    func testASCIIPathAgreesWithCharacterPath() {
        var rng = SeededGenerator(seed: 0xa5c1)
        let alphabet = Array("aAbZz09_-. 0017".utf8)
        func name() -> String {
            String(decoding: (0..<Int.random(in: 0...9, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }, as: UTF8.self)
        }
        for _ in 0..<20_000 {
            let a = name(), b = name()
            XCTAssertEqual(NaturalOrder.asciiLess(a, b), NaturalOrder.characterLess(a, b), "\(a) | \(b)")
        }
        XCTAssertNil(NaturalOrder.asciiLess("é", "e"))
        XCTAssertNil(NaturalOrder.asciiLess("a\r\nb", "a"))
        XCTAssertTrue(NaturalOrder.less("IMG_2.jpg", "img_10.jpg"))
    }
}
