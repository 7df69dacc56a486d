import Foundation
@testable import IngestPDF
import IngestTestSupport
import XCTest

final class BlockBuilderTests: XCTestCase {
    /// The byte paths of the bookmark keys give exactly what their Unicode definitions give, on
    /// ASCII text with every kind of byte a heading or paragraph line holds (seeded), and the
    /// Unicode path still serves text that is not ASCII.
    func testKeysOnBytesEqualTheirDefinitions() {
        var random = SeededGenerator(seed: 13)
        let pieces = ["1", "2.3", "IV", "iv", "xii", "C", "lxx", "Chapter", "Intro", "DU", "of", "", " ", "  ", "\t", "-", "—", ".", ":",
                      "(a)", "A.B", "x86_64", "\r\n", "9)", "'", "\"", "#", "vi", "Ivy", "cl", "0"]
        for _ in 0..<5_000 {
            let count = Int.random(in: 0...8, using: &random)
            let text = (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined(separator: Bool.random(using: &random) ? " " : "")
            let key = BlockBuilder.key(text)
            XCTAssertEqual(key, BlockBuilder.unicodeKey(text), "key of \(text.debugDescription)")
            XCTAssertEqual(BlockBuilder.withoutNumber(key), BlockBuilder.characterWithoutNumber(key), "bare of \(key.debugDescription)")
            XCTAssertEqual(BlockBuilder.withoutNumber(text), BlockBuilder.characterWithoutNumber(text), "bare of \(text.debugDescription)")
        }
        XCTAssertNil(BlockBuilder.asciiKey("Élément 2"))
        XCTAssertEqual(BlockBuilder.key("  Élément  2.1 : Œuvre "), "élément 21 œuvre")
        XCTAssertEqual(BlockBuilder.withoutNumber("ii 3 élément"), "élément")
        XCTAssertEqual(BlockBuilder.withoutNumber("12"), "12")
    }
}
