import XCTest
import IngestTestSupport
@testable import IngestCore

/// `WordCounts` counts words as a `[String: Int]` keyed by them does: canonically equivalent
/// spellings are one word (`é` precomposed or as `e` + U+0301, `Å` as U+212B ANGSTROM SIGN),
/// words added by their bytes or as Strings alike, through the table's growth.
final class WordCountsTests: XCTestCase {
    func testCountsAsADictionaryOfStrings() {
        let pieces = ["a", "b", "é", "e\u{301}", "Å", "\u{212B}", "A\u{30A}", "ß", "-", "ǅ", "Σ", "\u{1F600}", "n\u{303}", "ñ", "ﬁ", "z",
                      "’", "—", "“", "→", "\u{2026}", "\u{2126}", "Ω", "\u{2260}", "=\u{338}"]
        var random = SeededGenerator(seed: 0x26_C0)
        var counts = WordCounts(), reference: [String: Int] = [:], ids: [String: Int] = [:]
        for n in 0..<5_000 {
            let word = (0..<Int.random(in: 1...4, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let id: Int
            if n % 2 == 0 {
                id = counts.add(word)
            } else {
                var bytes = word
                id = bytes.withUTF8 { counts.add(bytes: $0) }
            }
            // Ids are given in the order words first come (as a String dictionary tells them apart).
            if ids[word] == nil { ids[word] = ids.count }
            XCTAssertEqual(id, ids[word], word.debugDescription)
            reference[word, default: 0] += 1
        }
        XCTAssertEqual(counts.dictionary, reference)
        XCTAssertEqual(counts.count, reference.count)
        for word in reference.keys { XCTAssertEqual(counts[word], reference[word], word.debugDescription) }
        XCTAssertEqual(counts["caf\u{E9}"], reference["caf\u{E9}"])
        XCTAssertNil(WordCounts()["a"])
    }
}
