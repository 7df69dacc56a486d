import IngestTestSupport
import XCTest
@testable import IngestQuality

final class TextComparisonTests: XCTestCase {
    func testNormalizeLikePython() {
        XCTAssertEqual(TextComparison.normalize("  a \t b\n\n c\r\nd  "), "a b c d")
        XCTAssertEqual(TextComparison.normalize("e\u{301}te\u{301}"), "été")
        // Python's \s: NBSP, the information separators U+001C–U+001F, U+0085, U+2028, U+3000…
        XCTAssertEqual(TextComparison.normalize("a\u{A0}b\u{1C}c\u{1F}d\u{85}e\u{2028}f\u{3000}g\u{202F}h\u{2009}i\u{1680}j"),
                       "a b c d e f g h i j")
        // …but not the zero-width space, the BOM or the word joiner.
        XCTAssertEqual(TextComparison.normalize("a\u{200B}b\u{FEFF}c\u{2060}d"), "a\u{200B}b\u{FEFF}c\u{2060}d")
        XCTAssertEqual(TextComparison.normalize(""), "")
        XCTAssertEqual(TextComparison.normalize(" \u{A0}\t\n"), "")
        XCTAssertEqual(TextComparison.normalize("l’été — « oui » …"), "l’été — « oui » …")
        // NFC even where our fast check lets most text through: Hangul jamo, the Ångström sign.
        XCTAssertEqual(TextComparison.normalize("\u{1100}\u{1161} \u{212B}"), "\u{AC00} \u{C5}")
    }

    func testWordsLikePythonFindall() {
        func words(_ s: String) -> [String] { TextComparison.words(s).map(String.init) }
        XCTAssertEqual(words("élève café naïve ﬁn œuvre l'été co-op x² snake_case 3,14 ½ Ⅻ"),
                       ["élève", "café", "naïve", "ﬁn", "œuvre", "l", "été", "co", "op", "x²", "snake_case", "3", "14", "½", "Ⅻ"])
        // Combining marks are not \w: a decomposed accent splits the word, as in Python.
        XCTAssertEqual(words("e\u{301}te\u{301}"), ["e", "te"])
        // Arabic vowel signs (Mn) split words in Python's re too.
        XCTAssertEqual(words("مُحَمَّدٌ كتب"), ["م", "ح", "م", "د", "كتب"])
        XCTAssertEqual(words("हिन्दी"), ["ह", "न", "द"])
        XCTAssertEqual(words(""), [])
        XCTAssertEqual(words("... -- !!"), [])
        XCTAssertEqual(words("‿x"), ["x"])  // U+203F is a connector but not `_`
        // Substrings keep scalar boundaries (not rounded to characters).
        XCTAssertEqual(TextComparison.words("e\u{301}").map { Array($0.unicodeScalars) }, [["e"]])
    }

    /// Figures checked against `textdiff.py --json` on the same pairs (rounded there to 5 places).
    func testGoldenScores() {
        let cases: [(String, String, [Double], Int, Int)] = [
            ("Le chat mange la souris.", "Le chat a mangé la souris.", [0.11538, 0.33333, 0.66667, 0.8], 26, 24),
            ("L'ecole est fermee\taujourd'hui", "L’école est fermée aujourd’hui", [0.13333, 0.33333, 0.66667, 0.66667], 30, 30),
            ("e\u{301}te\u{301} \u{A0} chaud", "été chaud", [0, 0, 1, 1], 9, 9),
            ("", "abc", [1, 1, 0, 0], 3, 0),
            ("abc", "", [3, 1, 0, 0], 0, 3),
            ("", "", [0, 0, 0, 0], 0, 0),
            ("the ﬁrst ofﬁce", "the first office", [0.25, 0.66667, 0.33333, 0.33333], 16, 14),
            ("mot mot mot autre", "mot autre autre", [0.4, 0.66667, 0.66667, 0.5], 15, 17),
        ]
        for (text, expected, figures, referenceLength, hypothesisLength) in cases {
            let s = TextComparison.scores(text: text, expected: expected)
            let got = [s.cer, s.wer, s.wordRecall, s.wordPrecision]
            for (g, e) in zip(got, figures) {
                XCTAssertEqual(g, e, accuracy: 0.000005, "\(text.debugDescription) vs \(expected.debugDescription): \(got)")
            }
            XCTAssertEqual(s.referenceCharacters, referenceLength)
            XCTAssertEqual(s.hypothesisCharacters, hypothesisLength)
        }
        // Full precision is kept (textdiff.py rounds only to print).
        XCTAssertEqual(TextComparison.scores(text: "ab", expected: "abc").cer, 1.0 / 3.0)
    }

    /// Words are told apart by their scalars, as Python's str does, not merged by Swift's
    /// canonical equivalence.
    func testWordIdentityIsByScalars() {
        var ids = WordIDs()
        let composed = ids.id("é"[...]), decomposed = ids.id("e\u{301}"[...])
        XCTAssertNotEqual(composed, decomposed)
        XCTAssertEqual(ids.id("é"[...]), composed)
    }
}
