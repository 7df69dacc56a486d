import IngestTestSupport
import XCTest
@testable import IngestSpell

/// `PrefixIndex` answers what a pass over the text's words would: the first word, in text order,
/// that starts with the prefix. Seeded property test over texts and prefixes drawn from a small
/// alphabet (so prefixes collide often), with accented letters (UTF-8 byte order).
final class PrefixIndexTests: XCTestCase {
    func testFirstWordWithPrefixMatchesALinearScan() {
        let letters: [Character] = ["a", "b", "e", "é", "è", "n", "o", "ô", "r"]
        for seed in UInt64(1)...40 {
            var g = SeededGenerator(seed: seed)
            func word(_ range: ClosedRange<Int>) -> String {
                String((0..<Int.random(in: range, using: &g)).map { _ in letters.randomElement(using: &g)! })
            }
            let words = (0..<Int.random(in: 0...200, using: &g)).map { _ in word(1...6) }
            var first: [WordKey: Int] = [:]
            for (i, w) in words.enumerated() where first[WordKey(w)] == nil { first[WordKey(w)] = i }
            let index = PrefixIndex(first)
            for _ in 0..<100 {
                let prefix = word(0...3)
                XCTAssertEqual(index.firstWord(withPrefix: WordKey(prefix))?.string, words.first { $0.hasPrefix(prefix) },
                               "seed \(seed), prefix '\(prefix)'")
            }
        }
    }
}

/// The guesser's own folding gives what Foundation's does, on every scalar of its table and on
/// seeded random Latin texts (ASCII, accented letters, ligatures, apostrophes).
final class SubjectFoldingTests: XCTestCase {
    func foundation(_ s: String) -> String {
        s.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).replacingOccurrences(of: "’", with: "'")
    }

    func testFoldingMatchesFoundation() {
        for v in UInt32(0x20)..<0x250 {
            let s = "a" + String(Unicode.Scalar(v)!) + "b"
            XCTAssertEqual(SubjectGuesser.fold(s), foundation(s), String(format: "U+%04X", v))
        }
        let pool = Array("abcXYZ éèêàçœæÉÈÀÇŒß’'-., ĳŁłŠšŽžÅåØø0123456789")
        for seed in UInt64(1)...200 {
            var g = SeededGenerator(seed: seed)
            let s = String((0..<Int.random(in: 0...60, using: &g)).map { _ in pool.randomElement(using: &g)! })
            XCTAssertEqual(SubjectGuesser.fold(s), foundation(s), "seed \(seed): \(s)")
        }
        XCTAssertEqual(SubjectGuesser.fold("Théorème de Пифагор"), foundation("Théorème de Пифагор"))
    }

    /// Lower case with accents kept: what the standard library gives, `’` as `'`.
    func testLowerMatchesTheStandardLibrary() {
        func standard(_ s: String) -> String { s.lowercased().replacingOccurrences(of: "’", with: "'") }
        for v in UInt32(0x20)..<0x250 {
            let s = "A" + String(Unicode.Scalar(v)!) + "b"
            XCTAssertEqual(SubjectGuesser.lower(s), standard(s), String(format: "U+%04X", v))
        }
        let pool = Array("abcXYZ éèêàçœæÉÈÀÇŒß’'-., ĳŁłŠšŽžÅåØø0123456789")
        for seed in UInt64(1)...200 {
            var g = SeededGenerator(seed: seed)
            let s = String((0..<Int.random(in: 0...60, using: &g)).map { _ in pool.randomElement(using: &g)! })
            XCTAssertEqual(SubjectGuesser.lower(s), standard(s), "seed \(seed): \(s)")
        }
        XCTAssertEqual(SubjectGuesser.lower("THÉORÈME de Пифагор"), "théorème de пифагор")
    }
}
