import Foundation
import IngestTestSupport
import XCTest
@testable import IngestCore

final class NormalizerTests: XCTestCase {
    func testNFCLineEndingsControlAndZeroWidth() {
        XCTAssertEqual(Normalizer.normalize("e\u{301}te\u{301}"), "été")
        XCTAssertEqual(Normalizer.normalize("a\r\nb\rc"), "a\nb\nc")
        XCTAssertEqual(Normalizer.normalize("a\u{0}b\u{7}c\u{200B}d\u{FEFF}e"), "abcde")
        XCTAssertEqual(Normalizer.normalize("ex\u{00AD}ample"), "example")
    }

    func testLigaturesUnfolded() {
        XCTAssertEqual(Normalizer.normalize("e\u{FB03}cace \u{FB01}n \u{FB02}eur"), "efficace fin fleur")
    }

    func testWhitespaceTidied() {
        XCTAssertEqual(Normalizer.normalize("  a \t b  \n\n\n\n c\u{00A0}d  "), "a b\n\nc d")
    }

    func testEndOfLineHyphenationJoined() {
        XCTAssertEqual(Normalizer.normalize("la photo-\nsynthèse des plantes"), "la photosynthèse des plantes")
        // A compound written with its hyphen elsewhere keeps it.
        XCTAssertEqual(Normalizer.normalize("il viendra peut-être, ou peut-\nêtre pas"), "il viendra peut-être, ou peut-être pas")
        // A capital after the break is not a cut word.
        XCTAssertEqual(Normalizer.normalize("Jean-\nPierre"), "Jean-\nPierre")
    }

    /// Property: normalization is idempotent on random text built from tricky pieces.
    func testIdempotent() {
        var rng = SeededGenerator(seed: 0x1D3)
        let pieces = ["é", "e\u{301}", "\u{FB01}", "-\n", " ", "\n\n", "\r\n", "\u{00AD}", "\u{200B}", "word", "Mot", "-", "\t", "\u{00A0}", "œ", "!"]
        for _ in 0..<2_000 {
            let s = (0..<Int.random(in: 0...30, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let once = Normalizer.normalize(s)
            XCTAssertEqual(Normalizer.normalize(once), once, "input: \(s.debugDescription) once: \(once.debugDescription)")
        }
    }
}
