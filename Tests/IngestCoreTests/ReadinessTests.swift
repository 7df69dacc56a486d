import XCTest
import IngestTestSupport
@testable import IngestCore

final class ReadinessTests: XCTestCase {
    let thresholds = PipelineConfig.ReadinessThresholds()

    func testThresholds() {
        XCTAssertEqual(ReadinessCheck.evaluate(characters: 0, thresholds: thresholds).reason, .readinessEmpty)
        let thin = ReadinessCheck.evaluate(characters: 18, thresholds: thresholds, language: .fr)
        XCTAssertEqual(thin.status, .notReady)
        XCTAssertTrue(thin.message!.contains("Seuls 18 caractères ont été lus"), thin.message!)
        XCTAssertEqual(ReadinessCheck.evaluate(characters: 119, thresholds: thresholds).status, .notReady)
        XCTAssertEqual(ReadinessCheck.evaluate(characters: 120, thresholds: thresholds).status, .short)
        XCTAssertEqual(ReadinessCheck.evaluate(characters: 1799, thresholds: thresholds).status, .short)
        XCTAssertEqual(ReadinessCheck.evaluate(characters: 1800, thresholds: thresholds).status, .ready)
    }

    func testReasonFromExtractorsAndVisionPagesCapped() {
        let r = ReadinessCheck.evaluate(characters: 5, thresholds: thresholds, thinTextReason: .readinessScanned,
                                        visionPages: Array(1...10), language: .en)
        XCTAssertEqual(r.reason, .readinessScanned)
        XCTAssertEqual(r.visionPages, [1, 2, 3, 4, 5, 6])
        XCTAssertTrue(r.message!.contains("scanned PDF"), r.message!)
        XCTAssertTrue(r.message!.contains("vision model"), r.message!)
    }

    func testThresholdsComeFromConfiguration() {
        var t = thresholds
        t.notReadyBelow = 10
        t.shortBelow = 20
        XCTAssertEqual(ReadinessCheck.evaluate(characters: 15, thresholds: t).status, .short)
        XCTAssertEqual(ReadinessCheck.evaluate(characters: 25, thresholds: t).status, .ready)
    }

    /// Property: readiness is monotone in text length, whatever the thresholds.
    func testMonotoneInLength() {
        var rng = SeededGenerator(seed: 0x4EAD)
        for _ in 0..<500 {
            var t = thresholds
            t.notReadyBelow = Int.random(in: 0...500, using: &rng)
            t.shortBelow = t.notReadyBelow + Int.random(in: 0...3000, using: &rng)
            let a = Int.random(in: 0...5000, using: &rng), b = Int.random(in: 0...5000, using: &rng)
            let (lo, hi) = (min(a, b), max(a, b))
            XCTAssertLessThanOrEqual(ReadinessCheck.evaluate(characters: lo, thresholds: t).status,
                                     ReadinessCheck.evaluate(characters: hi, thresholds: t).status)
        }
    }

    func testNeverChangesText() {
        let text = "  Du texte.  "
        _ = ReadinessCheck.evaluate(text: text, thresholds: thresholds)
        XCTAssertEqual(text, "  Du texte.  ")
    }
}
