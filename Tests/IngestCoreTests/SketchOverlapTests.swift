import Foundation
import IngestTestSupport
import XCTest
@testable import IngestCore

final class SketchOverlapTests: XCTestCase {
    /// Bin by bin: equal minima are shared, the smaller one says whose text the union's minimum
    /// is; bins empty in both say nothing.
    func testOverlapCountsTheThreePartsOfTheUnion() {
        let a: [UInt32] = [1, 5, 3, .max, .max, 7]
        let b: [UInt32] = [1, 4, 9, 2, .max, 7]
        let o = SketchOverlap(a, b)
        XCTAssertEqual(o, SketchOverlap(shared: 2, onlyFirst: 1, onlySecond: 2))
        XCTAssertEqual(o.jaccard, 2.0 / 5)
        XCTAssertEqual(o.containment, 2.0 / 4)
        XCTAssertEqual(SketchOverlap(b, a), SketchOverlap(shared: 2, onlyFirst: 2, onlySecond: 1))
        XCTAssertEqual(SketchOverlap([], []).jaccard, 0)
        XCTAssertEqual(SketchOverlap(a, [1, 2, 3]).jaccard, 0, "sizes that do not fold")
        XCTAssertEqual(Fingerprinter.similarity(a, a), 1)
    }

    /// A 512-bin sketch folded to 128 bins is the 128-bin sketch of the same text (a bin is the
    /// hash's low bits): sketches written before compare with new ones.
    func testFoldedSketchIsTheSketchOfFewerBins() {
        var rng = SeededGenerator(seed: 0xF01D)
        let text = DistinctText.paragraphs(&rng, sentences: 40).joined(separator: " ")
        let sketch = Fingerprinter.sketch(ContentKey.of(text))
        XCTAssertEqual(sketch.count, Fingerprinter.sketchSize)
        let old = oldSketch(ContentKey.of(text), bins: 128)
        XCTAssertEqual(Fingerprinter.folded(sketch, to: 128), old)
        XCTAssertEqual(SketchOverlap(sketch, old), SketchOverlap(old, old))
        XCTAssertNil(Fingerprinter.folded(sketch, to: 100))
    }

    /// The sketch as `Fingerprinter` made it with `bins` bins.
    func oldSketch(_ key: String, bins: Int) -> [UInt32] {
        var mins = [UInt32](repeating: .max, count: bins)
        let b = Array(key.utf8)
        var window: UInt64 = 0
        for (i, byte) in b.enumerated() {
            window = (window << 8 | UInt64(byte)) & 0xFF_FFFF_FFFF
            guard i >= 4 else { continue }
            var h = window &* 0x9E3779B97F4A7C15
            h = (h ^ (h >> 30)) &* 0xbf58476d1ce4e5b9
            h = (h ^ (h >> 27)) &* 0x94d049bb133111eb
            h ^= h >> 31
            let bin = Int(h & UInt64(bins - 1)), v = UInt32(truncatingIfNeeded: h >> 32)
            if v < mins[bin] { mins[bin] = v }
        }
        return mins
    }

    /// Property (seeded): the containment is symmetric and lies between the Jaccard index J and
    /// 2J / (1 + J), the two ends being one-sided change (text added) and even noise.
    func testContainmentLiesBetweenJaccardAndItsEvenNoiseBound() {
        var rng = SeededGenerator(seed: 0x0E2)
        for _ in 0..<300 {
            let text = DistinctText.paragraphs(&rng, sentences: Int.random(in: 4...30, using: &rng)).joined(separator: " ")
            var words = text.split(separator: " ").map(String.init)
            for _ in 0..<Int.random(in: 0...words.count / 3, using: &rng) {
                let i = Int.random(in: 0..<words.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: words[i] = DistinctText.vocabulary.randomElement(using: &rng)!
                case 1: words.insert(DistinctText.vocabulary.randomElement(using: &rng)!, at: i)
                default: if words.count > 1 { words.remove(at: i) }
                }
            }
            let a = Fingerprinter.sketch(ContentKey.of(text)), b = Fingerprinter.sketch(ContentKey.of(words.joined(separator: " ")))
            let o = SketchOverlap(a, b), j = o.jaccard
            XCTAssertEqual(o.containment, SketchOverlap(b, a).containment)
            XCTAssertEqual(o.jaccard, SketchOverlap(b, a).jaccard)
            XCTAssertGreaterThanOrEqual(o.containment, j)
            XCTAssertLessThanOrEqual(o.containment, 2 * j / (1 + j) + 1e-12)
        }
    }

    /// Issue #19: a v2 that is v1 and a quarter of new text has a Jaccard index of 1 / 1.25 = 0.8
    /// with v1, on the near line; it is a revision (in both orders), and so is v1 with a quarter
    /// cut. A degraded scan's OCR noise, of no higher a Jaccard index, is a near-duplicate. What
    /// tells them apart: the revision's difference is all on one side, the noise's on both.
    func testTextAddedIsARevisionAndNoiseOfTheSameJaccardANearDuplicate() {
        let settings = PipelineConfig().library
        func kind(_ a: [UInt32], _ b: [UInt32]) -> DuplicateRef.Kind {
            DuplicateKind.of(SketchOverlap(a, b), near: settings.nearDuplicateThreshold, revision: settings.revisionThreshold)
        }
        var rng = SeededGenerator(seed: 0x19021)
        // Words of random letters: new text brings new shingles only (text drawn from a small
        // vocabulary would repeat v1's, and its Jaccard index would not be 0.8).
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        func paragraph() -> String {
            (0..<Int.random(in: 40...90, using: &rng)).map { _ in
                String((0..<Int.random(in: 3...9, using: &rng)).map { _ in letters.randomElement(using: &rng)! })
            }.joined(separator: " ") + "."
        }
        var close = 0
        for _ in 0..<20 {
            let v1 = (0..<Int.random(in: 8...16, using: &rng)).map { _ in paragraph() }
            let text = v1.joined(separator: "\n\n")
            var added = ""
            while added.count < text.count / 4 { added += paragraph() + "\n\n" }
            let first = Fingerprinter.sketch(ContentKey.of(text))
            let v2 = Fingerprinter.sketch(ContentKey.of(text + "\n\n" + added.prefix(text.count / 4)))
            let cut = Fingerprinter.sketch(ContentKey.of(v1.prefix(v1.count * 3 / 4).joined(separator: "\n\n")))
            // OCR-like noise: about one letter in 50 misread, as the degraded scans of bench/neardup
            // (Jaccard 0.82 and up).
            let scan = Fingerprinter.sketch(ContentKey.of(String(text.map { ch -> Character in
                guard ch.isLetter, Int.random(in: 0..<50, using: &rng) == 0 else { return ch }
                return ["c", "l", "1", "i", "r", "o", "e"].randomElement(using: &rng)!
            })))
            let revision = SketchOverlap(first, v2), noise = SketchOverlap(first, scan)
            XCTAssertEqual(revision.jaccard, 0.8, accuracy: 0.05, "a quarter added: Jaccard about 0.8")
            XCTAssertGreaterThan(revision.onlySecond, 4 * max(1, revision.onlyFirst), "the difference is on v2's side")
            XCTAssertEqual(kind(first, v2), .revision)
            XCTAssertEqual(kind(v2, first), .revision)
            XCTAssertEqual(kind(first, cut), .revision)
            XCTAssertEqual(kind(first, scan), .near, "noise at Jaccard \(noise.jaccard)")
            if noise.jaccard <= revision.jaccard + 0.05 { close += 1 }
        }
        XCTAssertGreaterThanOrEqual(close, 5, "cases where the scan's Jaccard is within 0.05 of the revision's: \(close)")
    }
}
