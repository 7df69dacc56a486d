import IngestTestSupport
import XCTest
@testable import IngestQuality

final class WordDiffTests: XCTestCase {
    /// The tokens each side spells: same + extra for the text, same + missing for the expected.
    static func sides(_ segments: [DiffSegment]) -> (text: [Substring], expected: [Substring]) {
        var text: [Substring] = [], expected: [Substring] = []
        for s in segments {
            switch s {
            case .same(let t):
                let tokens = t.split(separator: " ")
                text += tokens; expected += tokens
            case .extra(let t): text += t.split(separator: " ")
            case .missing(let t): expected += t.split(separator: " ")
            }
        }
        return (text, expected)
    }

    static func lcs(_ a: [Substring], _ b: [Substring]) -> Int {
        if a.isEmpty || b.isEmpty { return 0 }
        var previous = [Int](repeating: 0, count: b.count + 1), current = previous
        for i in 1...a.count {
            for j in 1...b.count {
                current[j] = a[i - 1] == b[j - 1] ? previous[j - 1] + 1 : max(previous[j], current[j - 1])
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    func testGolden() {
        XCTAssertEqual(WordDiff.segments(text: "Le chat mange la souris.", expected: "Le chat a mangé la souris."),
                       [.same("Le chat"), .missing("a mangé"), .extra("mange"), .same("la souris.")])
        XCTAssertEqual(WordDiff.segments(text: "un  deux\ttrois", expected: "un deux trois"), [.same("un deux trois")])
        XCTAssertEqual(WordDiff.segments(text: "", expected: ""), [])
        XCTAssertEqual(WordDiff.segments(text: "a b", expected: ""), [.extra("a b")])
        XCTAssertEqual(WordDiff.segments(text: "", expected: "a b"), [.missing("a b")])
        // Punctuation stays part of its token.
        XCTAssertEqual(WordDiff.segments(text: "fin.", expected: "fin"), [.missing("fin"), .extra("fin.")])
        XCTAssertEqual(WordDiff.segments(text: "x a b c", expected: "a b c y"),
                       [.extra("x"), .same("a b c"), .missing("y")])
        // NFC before comparing: a decomposed accent is the same token.
        XCTAssertEqual(WordDiff.segments(text: "e\u{301}te\u{301}", expected: "été"), [.same("été")])
    }

    /// Past `limit` tokens (after the common prefix and suffix), the rest is one missing and one
    /// extra segment, and both texts can still be read back.
    func testLimit() {
        let expected = (0..<50).map { "e\($0)" }.joined(separator: " ")
        let text = (0..<40).map { "t\($0)" }.joined(separator: " ")
        let segments = WordDiff.segments(text: "A B " + text + " Z", expected: "A B " + expected + " Z", limit: 10)
        XCTAssertEqual(segments.first, .same("A B"))
        XCTAssertEqual(segments.last, .same("Z"))
        XCTAssertEqual(segments.count, 4)   // A B | missing e0…e49 | extra t0…t39 | Z
        let (t, e) = Self.sides(segments)
        XCTAssertEqual(t.joined(separator: " "), "A B " + text + " Z")
        XCTAssertEqual(e.joined(separator: " "), "A B " + expected + " Z")
        // Identical long texts are one segment whatever the limit.
        XCTAssertEqual(WordDiff.segments(text: expected, expected: expected, limit: 3), [.same(expected)])
    }

    /// Property: both texts read back from the segments; kinds alternate (adjacent tokens of a kind
    /// are merged); below the search cap the script is a shortest one (its same tokens are an LCS).
    func testReconstructsBothTextsOnRandomPairs() {
        let seed: UInt64 = 0xD1FF
        var rng = SeededGenerator(seed: seed)
        let vocabulary = ["le", "la", "chat", "souris", "mange", "a", "mangé", ",", ".", "été", "l’été", "x"]
        for round in 0..<600 {
            let a = (0..<Int.random(in: 0...60, using: &rng)).map { _ in vocabulary.randomElement(using: &rng)! }
            var b = a
            for _ in 0..<Int.random(in: 0...8, using: &rng) {
                switch Int.random(in: 0..<3, using: &rng) {
                case 0 where !b.isEmpty: b.remove(at: Int.random(in: 0..<b.count, using: &rng))
                case 1: b.insert(vocabulary.randomElement(using: &rng)!, at: Int.random(in: 0...b.count, using: &rng))
                default: if !b.isEmpty { b[Int.random(in: 0..<b.count, using: &rng)] = vocabulary.randomElement(using: &rng)! }
                }
            }
            if round % 7 == 0 { b = (0..<Int.random(in: 0...60, using: &rng)).map { _ in vocabulary.randomElement(using: &rng)! } }
            let text = b.joined(separator: " "), expected = a.joined(separator: " ")
            let limit = round % 5 == 0 ? Int.random(in: 0...20, using: &rng) : 20_000
            let segments = WordDiff.segments(text: text, expected: expected, limit: limit)
            let (t, e) = Self.sides(segments)
            XCTAssertEqual(t.map(String.init), b, "seed \(seed) round \(round)")
            XCTAssertEqual(e.map(String.init), a, "seed \(seed) round \(round)")
            for (x, y) in zip(segments, segments.dropFirst()) {
                switch (x, y) {
                case (.same, .same), (.missing, .missing), (.extra, .extra): XCTFail("unmerged \(segments)")
                case (.extra, .missing): XCTFail("extra before missing \(segments)")
                default: break
                }
            }
            if limit == 20_000 {
                let same = segments.reduce(0) { n, s in if case .same(let w) = s { return n + w.split(separator: " ").count }; return n }
                XCTAssertEqual(same, Self.lcs(a[...].map { $0[...] }, b.map { $0[...] }), "seed \(seed) round \(round)")
            }
        }
    }

    /// Texts with little in common, long enough for the search cap to cut in: still a valid script.
    func testUnrelatedLongTexts() {
        var rng = SeededGenerator(seed: 5)
        let words = (0..<40).map { "w\($0)" }
        let a = (0..<6_000).map { _ in words.randomElement(using: &rng)! }
        let b = (0..<5_000).map { _ in words.randomElement(using: &rng)! }
        let segments = WordDiff.segments(text: b.joined(separator: " "), expected: a.joined(separator: " "))
        let (t, e) = Self.sides(segments)
        XCTAssertEqual(t.map(String.init), b)
        XCTAssertEqual(e.map(String.init), a)
    }
}
