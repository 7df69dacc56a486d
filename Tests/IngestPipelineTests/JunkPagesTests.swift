import Foundation
import IngestCore
@testable import IngestPipeline
import IngestSpell
import IngestTestSupport
import XCTest

/// Junk is not text (issue 38): a recognised page whose words are read with low confidence and
/// are mostly not words the installed hunspell dictionaries know leaves the text; a page of real
/// words read with low confidence stays. The words are what Tesseract read on the bench's pages
/// (bench/ocr/pays38.py); the dictionaries are the real ones.
final class JunkPagesTests: XCTestCase {
    func requireDictionaries() throws {
        guard DictionaryWords().contains("maison"), DictionaryWords().contains("house") else {
            try missingTool("hunspell dictionaries fr_FR and en_US are not installed (apt-get install hunspell-fr hunspell-en-us)")
        }
    }

    func extraction(_ pages: [(words: String, confidence: Double)]) -> Extraction {
        var e = Extraction(pages: pages.indices.map { PageRecord(number: $0 + 1, classification: .imageOnly, provenance: .ocr,
                                                                 characters: pages[$0].words.count, ocrConfidence: pages[$0].confidence) },
                           pagesRead: pages.count, pagesOCRed: pages.count)
        for (i, page) in pages.enumerated() {
            e.blocks.append(Block(kind: .paragraph, text: page.words, page: i + 1, provenance: .ocr, confidence: page.confidence))
            e.ocrWords += page.words.split(separator: " ").map { OCRWord(text: String($0), page: i + 1, confidence: page.confidence, box: []) }
        }
        return e
    }

    func testWordsAreKnownAndJunkIsNot() throws {
        try requireDictionaries()
        let junk = JunkPages(config: PipelineConfig())
        XCTAssertGreaterThan(junk.knownShare("La photosynthèse se déroule dans les chloroplastes, en 2024.".split(separator: " ").map(String.init)) ?? 0, 0.9)
        XCTAssertGreaterThan(junk.knownShare("The water cycle describes how water moves: l'eau, aujourd'hui.".split(separator: " ").map(String.init)) ?? 0, 0.9)
        XCTAssertLessThan(junk.knownShare(["ee", "|", "Ss", "—", "iI1l", "Wie", "Sa%", "ee"]) ?? 1, 0.5)
        XCTAssertNil(junk.knownShare([]))
    }

    func testAJunkPageLeavesTheTextAndAWeakPageOfWordsStays() throws {
        try requireDictionaries()
        let e = extraction([
            (words: "La respiration cellulaire libère l'énergie contenue dans le glucose", confidence: 41),   // a poor scan of words
            (words: "Sess = ee | fi ~ Ss ol. ===, ae Bs ; ue HER sd a wey", confidence: 32),                   // junk
            (words: "Ixnp Qwvz Kjhg Trbn", confidence: 88),                                                  // unknown but confident
        ])
        let out = JunkPages(config: PipelineConfig()).apply(e, context: ExtractionContext(language: .en))
        XCTAssertEqual(out.pages?.map(\.leftOut), [nil, .junk, nil])
        XCTAssertEqual(out.pages?[1].ocrConfidence, 32, "the confidence stays in the page record")
        XCTAssertEqual(out.blocks.compactMap(\.page), [1, 3])
        XCTAssertFalse(out.ocrWords.contains { $0.page == 2 })
        XCTAssertEqual(out.warnings.map(\.code), [.ocrJunkPageDropped])
        XCTAssertEqual(out.warnings.first?.page, 2)
        XCTAssertTrue(out.warnings.first?.message.contains("page 2") == true, out.warnings.first?.message ?? "")
        XCTAssertEqual(out.visionPages.first, 2)
        // Thresholds from pipeline.json: at 30, the junk page (32) is kept.
        var config = PipelineConfig()
        config.ocr.junkConfidenceBelow = 30
        XCTAssertEqual(JunkPages(config: config).apply(e, context: ExtractionContext()).pages?.map(\.leftOut), [nil, nil, nil])
    }

    /// A page whose script OCR named (Han, Cyrillic: too weakly for OCR to drop it alone) is left
    /// out as scriptNotInstalled when its words are not words, whatever its confidence; the same
    /// name on a page of French words (a misnamed script) leaves the page in the text.
    func testAPageInAScriptWithoutAModelLeavesTheTextOnlyWhenItsWordsAreNotWords() throws {
        try requireDictionaries()
        var e = extraction([
            (words: "ITO TEKCT Ha PYCCKOM A3bIKe AIA APOBEPKA Pacno3HaBaHua MepBbiu YPOK MATEMATUKU", confidence: 58.6),  // Cyrillic as read
            (words: "SOA A ETE Fl FC HEE FULL BRAS CR A LD FAAS OER LA aT Ho SEG CRETE ULB ICT", confidence: 36.5),       // Han as read
            (words: "La respiration cellulaire libère l'énergie contenue dans le glucose", confidence: 62),
        ])
        e.pages?[0].script = "Cyrillic"
        e.pages?[1].script = "Han"
        e.pages?[2].script = "Greek"
        let out = JunkPages(config: PipelineConfig()).apply(e, context: ExtractionContext(language: .en))
        XCTAssertEqual(out.pages?.map(\.leftOut), [.scriptNotInstalled, .scriptNotInstalled, nil])
        XCTAssertEqual(out.blocks.compactMap(\.page), [3])
        XCTAssertEqual(out.warnings.map(\.code), [.ocrScriptNotInstalled, .ocrScriptNotInstalled])
        XCTAssertTrue(out.warnings[0].message.contains("Cyrillic") && out.warnings[0].message.contains("tesseract-ocr-rus"), out.warnings[0].message)
        XCTAssertTrue(out.warnings[1].message.contains("tesseract-ocr-chi-sim"), out.warnings[1].message)
        XCTAssertEqual(out.visionPages, [1, 2])
    }

    /// A diagram whose labels are words (pdf.js issue13561_reduced, bench/ocr/odd_corpus.py: TAKE
    /// ONE CYCLE, WAVETABLE, PHASE ACCUMULATION, Jitter perturbation…) read at mean confidence
    /// 50.9 with its dotted frame as one 52-letter token: the page is text and stays. Its words are
    /// what `tesseract -l fra+eng` read on the page drawn at 300 dpi, the frame's token Ingest's own;
    /// the frame weighed as 52 letters made the page 48 % known, junk.
    func testALongMisreadBorderDoesNotOutweighAPagesWords() throws {
        try requireDictionaries()
        let border = "ereewerrececcucceversersereveueucoereevesscreccucouse"
        let words = "des 7 ( Î TAKEONE = \\ CYCLE À x(a) ee Fs WAVETABLE FHASE ACCUMULATION Jitter perturbation er, 4 . 7 "
            + "PHASE AMPLITUDE / | ( MAPFING Hi) __ shimmer perturbation Synthetic sipnal ¥ <a) * A — po \(border) .. 'æ,"
        let junk = JunkPages(config: PipelineConfig())
        let tokens = words.split(separator: " ").map(String.init)
        XCTAssertGreaterThanOrEqual(junk.knownShare(tokens) ?? 0, PipelineConfig().ocr.junkDictionaryShareBelow)
        let out = junk.apply(extraction([(words: words, confidence: 50.9)]), context: ExtractionContext(language: .en))
        XCTAssertEqual(out.pages?.map(\.leftOut), [nil])
        XCTAssertTrue(out.warnings.isEmpty, out.warnings.map(\.message).joined())
        // A page of such tokens alone is still junk.
        XCTAssertLessThan(junk.knownShare([border, "Sess", "ereeweree", "ccucouse", "Hi)", "EEE}"]) ?? 1, 0.5)
    }
}
