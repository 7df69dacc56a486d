import Foundation
import IngestCore
@testable import IngestOCR
import XCTest

final class PageAssemblyTests: XCTestCase {
    func page(_ text: String, _ confidences: [Int]) -> PageOutcome {
        PageOutcome(number: 0, result: .success(RecognizedPage(paragraphs: text.isEmpty ? [] : [RecognizedParagraph(text: text + "\n", confidence: 50)],
                                                                 wordConfidences: confidences)))
    }

    func numbered(_ outcomes: [PageOutcome]) -> [PageOutcome] {
        outcomes.enumerated().map { var o = $1; o.number = $0 + 1; return o }
    }

    func testLowConfidenceFragmentsReadAsHandwriting() {
        let a = PageAssembly(numbered([page("Un texte bien lu", [95, 96, 94, 97]), page("~ ,m1 iI", [20, 35, 41]), page("", [])]),
                             context: ExtractionContext())
        XCTAssertEqual(a.thinTextReason, .readinessHandwriting)
        XCTAssertEqual(a.visionPages, [2, 3, 1], "doubtful pages first")
        XCTAssertEqual(a.records[1].lowConfidenceWords, 3)
        let sum: Double = 95 + 96 + 94 + 97 + 20 + 35 + 41
        XCTAssertEqual(a.meanConfidence ?? 0, sum / 7, accuracy: 0.1)
        XCTAssertEqual(a.blocks.map(\.page), [1, 2])
        XCTAssertEqual(a.blocks.first?.text, "Un texte bien lu", "paragraph text is trimmed")
    }

    func testLowConfidenceWordsAreKeptWithTheirPage() {
        var recognized = RecognizedPage(paragraphs: [RecognizedParagraph(text: "abréaction du moi\n", confidence: 70)],
                                        wordConfidences: [41, 93, 95])
        recognized.lowConfidenceSample = ["abréaction"]
        let a = PageAssembly([PageOutcome(number: 4, result: .success(recognized)), page("Bien lu", [90, 91])],
                             context: ExtractionContext())
        XCTAssertEqual(a.records[0].lowConfidenceSample, ["abréaction"])
        XCTAssertEqual(a.records[0].lowConfidenceWords, 1)
        XCTAssertNil(a.records[1].lowConfidenceSample, "nothing to look at: no list")
    }

    /// A word the page's ink doubts (NumberInk) is handed on with its reason, for the doubtful-word check.
    func testAWordTheInkDoubtsKeepsItsReason() {
        var recognized = RecognizedPage(paragraphs: [RecognizedParagraph(text: "3 x 10° mètres\n", confidence: 90)], wordConfidences: [96, 93, 90, 95])
        recognized.words = [RecognizedWord(text: "3", confidence: 96, box: [0.1, 0.1, 0.12, 0.12]), RecognizedWord(text: "x", confidence: 93, box: [0.13, 0.1, 0.14, 0.12]),
                            RecognizedWord(text: "10°", confidence: 90, box: [0.15, 0.1, 0.2, 0.12], doubt: .numberInk),
                            RecognizedWord(text: "mètres", confidence: 95, box: [0.21, 0.1, 0.3, 0.12])]
        let a = PageAssembly([PageOutcome(number: 2, result: .success(recognized))], context: ExtractionContext())
        XCTAssertEqual(a.words.map(\.doubt), [nil, nil, .numberInk, nil])
        XCTAssertEqual(a.words[2].page, 2)
    }

    func testEmptyPagesReadAsEmptyAndVisionPagesAreCapped() {
        let a = PageAssembly(numbered(Array(repeating: page("", []), count: 9)), context: ExtractionContext())
        XCTAssertEqual(a.thinTextReason, .readinessEmptyPage)
        XCTAssertEqual(a.visionPages, [1, 2, 3, 4, 5, 6])
        XCTAssertTrue(a.blocks.isEmpty)
        XCTAssertNil(a.meanConfidence)
    }

    func testWellReadPagesGiveNoReason() {
        let a = PageAssembly(numbered([page("Bien lu", [90, 91])]), context: ExtractionContext())
        XCTAssertNil(a.thinTextReason)
        XCTAssertEqual(a.visionPages, [])
    }

    func testFailedPageIsAWarningAndSkipped() {
        let failed = PageOutcome(number: 2, result: .failure(IngestError(.ocrPageTimeLimit, ["page": "2", "seconds": "60"], page: 2)))
        let a = PageAssembly([page("Bien lu", [90])].map { var o = $0; o.number = 1; return o } + [failed], context: ExtractionContext(language: .en))
        XCTAssertEqual(a.pagesOCRed, 1)
        XCTAssertEqual(a.records[1].skipped, true)
        XCTAssertEqual(a.warnings.first?.message, "Page 2 was given up: recognising it took longer than 60 s.")
    }

    func testRanges() {
        XCTAssertEqual(PageAssembly.ranges([41, 42, 43, 7, 9, 10]), "7, 9–10, 41–43")
        XCTAssertEqual(PageAssembly.ranges([]), "")
    }

    func testMergeKeepsTextLayerPagesAndInsertsOCRInPageOrder() {
        let t = { (p: Int?) in Block(kind: .paragraph, text: "t", page: p, provenance: .textLayer) }
        let o = { (p: Int) in Block(kind: .paragraph, text: "o", page: p, provenance: .ocr) }
        let merged = ScanRecognizer.merge([t(nil), t(1), t(3), t(5)], [o(2), o(2), o(4), o(6)])
        XCTAssertEqual(merged.map(\.page), [nil, 1, 2, 2, 3, 4, 5, 6])
    }
}
