import Foundation
import IngestCore
import IngestTestSupport
import XCTest
@testable import IngestStore

final class SketchBandsTests: XCTestCase {
    /// Sketches of 512 bins, `b` sharing each of `a`'s bins with probability `share` (its others
    /// new minima): their similarity is about `share`.
    func pair(_ rng: inout SeededGenerator, share: Double) -> ([UInt32], [UInt32]) {
        let a = (0..<512).map { _ in UInt32.random(in: 0..<UInt32.max, using: &rng) }
        let b = a.map { Double.random(in: 0..<1, using: &rng) < share ? $0 : UInt32.random(in: 0..<UInt32.max, using: &rng) }
        return (a, b)
    }

    /// The signature's first cut never lets go a document that reaches the threshold (6,000 seeded
    /// pairs from just above 0.5 to 1, at the library's revision and near thresholds), and lets go
    /// nearly every unrelated one (similarity ≈ 0.1, as same-language texts).
    func testSignatureKeepsEveryDocumentThatReachesTheThreshold() throws {
        var rng = SeededGenerator(seed: 0x516)
        var kept = 0, reaching = 0
        for n in 0..<6_000 {
            let (a, b) = pair(&rng, share: 0.45 + 0.55 * Double(n % 100) / 100)
            let similarity = Fingerprinter.similarity(a, b)
            let sa = try XCTUnwrap(SketchSignature(a)), sb = try XCTUnwrap(SketchSignature(b))
            for threshold in [0.5, 0.8] where similarity >= threshold {
                reaching += 1
                if sa.mayReach(threshold, sb) { kept += 1 } else { XCTFail("similarity \(similarity) let go at \(threshold)") }
            }
        }
        XCTAssertEqual(kept, reaching)
        XCTAssertGreaterThan(reaching, 5_000)
        var letGo = 0
        for _ in 0..<2_000 {
            let (a, b) = pair(&rng, share: 0.1)
            if !(try XCTUnwrap(SketchSignature(a))).mayReach(0.5, try XCTUnwrap(SketchSignature(b))) { letGo += 1 }
        }
        XCTAssertGreaterThan(letGo, 1_990, "unrelated documents let go")
        // A threshold within the margin of 0 lets nothing go.
        let (a, b) = pair(&rng, share: 0)
        XCTAssertTrue(try XCTUnwrap(SketchSignature(a)).mayReach(SketchSignature.margin, try XCTUnwrap(SketchSignature(b))))
    }

    /// The estimate follows the real sketches of real texts: a chapter and the same with a few
    /// words changed estimate near their similarity; two chapters of one course, low.
    func testSignatureEstimatesTheSimilarityOfRealTexts() throws {
        let chapter = DistinctText.chapter(1, characters: 6000)
        var words = chapter.split(separator: " ").map(String.init)
        for i in stride(from: 0, to: words.count, by: 25) { words[i] = "modifié" }
        let a = Fingerprinter.sketch(ContentKey.of(chapter)), b = Fingerprinter.sketch(ContentKey.of(words.joined(separator: " ")))
        let c = Fingerprinter.sketch(ContentKey.of(DistinctText.chapter(2, characters: 6000)))
        let sa = try XCTUnwrap(SketchSignature(a))
        XCTAssertEqual(sa.estimatedSimilarity(try XCTUnwrap(SketchSignature(b))), Fingerprinter.similarity(a, b), accuracy: 0.15)
        XCTAssertEqual(sa.estimatedSimilarity(try XCTUnwrap(SketchSignature(c))), Fingerprinter.similarity(a, c), accuracy: 0.15)
        XCTAssertEqual(sa.estimatedSimilarity(sa), 1)
        // No signature for what does not fold to 128 bins.
        XCTAssertNil(SketchSignature([]))
        XCTAssertNil(SketchSignature([1, 2, 3]))
    }
}
