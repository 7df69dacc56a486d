import XCTest
import IngestTestSupport
@testable import IngestCore

/// `WordTable` gives ids as a `[String: Int]` of first sightings does, and flags as a
/// `[String: UInt8]` of their union: canonically equivalent
/// spellings are one word (`é` precomposed or as `e` + U+0301, `Å` as U+212B ANGSTROM SIGN, `Ω` as
/// U+2126 OHM SIGN), words added by their bytes or as Strings alike, through the table's growth.
final class WordTableTests: XCTestCase {
    func testIdsAsADictionaryOfStrings() {
        let pieces = ["a", "b", "é", "e\u{301}", "Å", "\u{212B}", "A\u{30A}", "ß", "-", "ǅ", "Σ", "\u{1F600}", "n\u{303}", "ñ", "ﬁ", "z",
                      "’", "—", "“", "→", "\u{2026}", "\u{2126}", "Ω", "\u{2260}", "=\u{338}", "ק", "\u{5B8}", "한", "\u{1112}\u{1161}\u{11AB}"]
        var random = SeededGenerator(seed: 0x27_7AB1E)
        var table = WordTable(capacity: 4), ids: [String: Int] = [:], flags: [String: UInt8] = [:]
        for n in 0..<5_000 {
            let word = (0..<Int.random(in: 0...4, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let flag = UInt8(1) << UInt8.random(in: 0...7, using: &random)
            flags[word, default: 0] |= flag
            let added: (id: Int, inserted: Bool)
            if n % 2 == 0 {
                added = table.insert(word, flags: flag)
            } else {
                var bytes = word
                added = bytes.withUTF8 { table.insert(bytes: $0, flags: flag) }
            }
            // Ids are given in the order words first come (as a String dictionary tells them apart).
            let new = ids[word] == nil
            if new { ids[word] = ids.count }
            XCTAssertEqual(added.id, ids[word], word.debugDescription)
            XCTAssertEqual(added.inserted, new, word.debugDescription)
        }
        XCTAssertEqual(table.count, ids.count)
        for (word, id) in ids {
            XCTAssertEqual(table.id(of: word), id, word.debugDescription)
            // Its flags, those of every insertion together.
            XCTAssertEqual(table.flags(of: word), flags[word], word.debugDescription)
            // The word of an id is its NFC spelling, which names the same id.
            XCTAssertEqual(table.word(id), word.precomposedStringWithCanonicalMapping)
        }
        for word in ["c", "é\u{301}", "ab\u{2126}z", "aaaaaaaaaaaaaaaaaaaaa"] where ids[word] == nil { XCTAssertNil(table.id(of: word), word) }
        XCTAssertNil(WordTable().id(of: "a"))
        XCTAssertNil(WordTable().id(of: ""))
        XCTAssertNil(WordTable().flags(of: "a"))
        XCTAssertTrue(WordTable().isEmpty)
    }

    /// Words longer than a slot writes (0xFFFF bytes) are told apart by their whole length and bytes.
    func testWordsLongerThanASlotTells() {
        var table = WordTable()
        let long = String(repeating: "x", count: 70_000), longer = long + "y", other = String(repeating: "x", count: 69_999) + "z"
        XCTAssertEqual(table.insert(long).id, 0)
        XCTAssertEqual(table.insert(longer).id, 1)
        XCTAssertEqual(table.insert(other).id, 2)
        XCTAssertEqual(table.insert(long).inserted, false)
        XCTAssertEqual(table.id(of: longer), 1)
        XCTAssertEqual(table.id(of: other), 2)
        XCTAssertNil(table.id(of: long + "z"))
        XCTAssertEqual(table.word(1), longer)
    }
}
