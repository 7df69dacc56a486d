import Foundation
import IngestCore
import IngestTestSupport
import XCTest
@testable import IngestSpell

/// The issue's measure: pages of known text with OCR-like misreadings injected (seeded), recall
/// of misread words ≥ 0.8 with at most 5 % of the correct words flagged. Figures are printed, and
/// kept in bench/doubt/RESULTS.md.
final class DoubtMeasurementTests: XCTestCase {
    static func requireDictionaries() throws {
        guard SpellDictionary.isAvailable else { try missingTool("libhunspell-1.7.so.0 is not installed (apt-get install libhunspell-dev)") }
        for name in ["fr_FR", "en_US", "en_GB"] where SpellDictionary.shared(name) == nil {
            try missingTool("the hunspell dictionary \(name) is missing (apt-get install \(SpellDictionary.package(for: name)))")
        }
    }

    func measure(_ language: String, _ text: String, seeds: [UInt64], rate: Double = 0.1) -> NoiseScore {
        let finder = DoubtFinder(documentLanguage: language)
        var total = NoiseScore()
        for seed in seeds {
            let s = NoiseScore.measure(finder, OCRNoise.inject(text, rate: rate, seed: seed))
            total.misread += s.misread; total.caught += s.caught; total.correct += s.correct
            total.falselyFlagged += s.falselyFlagged; total.realWords += s.realWords; total.realWordsCaught += s.realWordsCaught
            total.topCandidateRight += s.topCandidateRight
            total.otherLanguageWords += s.otherLanguageWords; total.otherLanguageCaught += s.otherLanguageCaught
            if total.falseExamples.count < 30 { total.falseExamples += s.falseExamples.prefix(30 - total.falseExamples.count) }
            if total.missedExamples.count < 30 { total.missedExamples += s.missedExamples.prefix(30 - total.missedExamples.count) }
        }
        print("doubt[\(language)] seeds \(seeds): \(total)")
        print("doubt[\(language)] missed: \(total.missedExamples.joined(separator: ", "))")
        print("doubt[\(language)] flagged though correct: \(total.falseExamples.joined(separator: ", "))")
        return total
    }

    func testFrenchSamplesWithInjectedMisreadings() throws {
        try Self.requireDictionaries()
        var text = try OCRNoise.sampleText(OCRNoise.frenchSamples)
        for name in OCRNoise.frenchGoldens { text += "\n\n" + (try OCRNoise.goldenText(name)) }
        let score = measure("fr", text, seeds: [1, 2, 3])
        XCTAssertGreaterThan(score.misread, 300)
        XCTAssertGreaterThanOrEqual(score.recall, 0.8, "\(score)")
        XCTAssertLessThanOrEqual(score.falseRate, 0.05, "\(score)")
    }

    func testEnglishTextsWithInjectedMisreadings() throws {
        try Self.requireDictionaries()
        var text = try OCRNoise.sampleText(OCRNoise.englishSamples)
        // A longer English text everyone has: the GPL, as Debian ships it.
        if let gpl = try? String(contentsOfFile: "/usr/share/common-licenses/GPL-3", encoding: .utf8) {
            text += "\n\n" + gpl.prefix(12_000)
        }
        let score = measure("en", text, seeds: [1, 2, 3])
        XCTAssertGreaterThan(score.misread, 300)
        XCTAssertGreaterThanOrEqual(score.recall, 0.8, "\(score)")
        XCTAssertLessThanOrEqual(score.falseRate, 0.05, "\(score)")
    }

    /// The clean texts alone: what is flagged there is all false.
    func testCleanTextsAreMostlyUnflagged() throws {
        try Self.requireDictionaries()
        for (language, names) in [("fr", OCRNoise.frenchSamples), ("en", OCRNoise.englishSamples)] {
            let text = try OCRNoise.sampleText(names)
            let flagged = DoubtFinder(documentLanguage: language).doubtfulWords(in: text)
            let words = Tokenizer.tokens(text).count
            print("doubt[\(language)] clean: \(flagged.count) of \(words) words flagged: \(flagged.map(\.token.text).prefix(20))")
            XCTAssertLessThanOrEqual(Double(flagged.count), 0.02 * Double(words), "\(flagged.map(\.token.text))")
        }
    }
}
