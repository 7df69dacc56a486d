import IngestCore
@testable import IngestRuntime
import XCTest

/// The QA report marks the words the page's ink doubts (`numberInk`) whole, as they stand in the
/// text, and no other word that merely shares their token.
final class QaMeasurerTests: XCTestCase {
    func testWordsDoubtedByInkAreTakenWholeFromTheirBlock() {
        let blocks = [Block(kind: .paragraph, text: "Une mole contient 6,02 × 10²³ entités.", provenance: .ocr),
                      Block(kind: .paragraph, text: "La lumière parcourt 3 × 10° m/s, soit 10 fois plus.\nPuis 10/2", provenance: .ocr)]
        func token(_ text: String, _ block: Int, _ offset: Int, _ reasons: [DoubtfulToken.Reason]) -> DoubtfulToken {
            DoubtfulToken(text: text, block: block, offset: offset, source: 0, provenance: .ocr, page: 1, confidence: 90,
                          reasons: reasons, candidates: [])
        }
        let second = blocks[1].text.utf16
        let at10 = second.distance(from: second.startIndex, to: blocks[1].text.range(of: "10°")!.lowerBound.samePosition(in: second)!)
        let atSlash = second.count - "10/2".utf16.count
        let document = ImportedDocument(
            id: "t", title: "t", titleSource: "typed", language: "fr", text: "", blocks: blocks, sources: [],
            readiness: Readiness(status: .ready, characters: 0), fingerprint: Fingerprint(value: "", basis: .content, titleKey: ""),
            doubt: Doubt(dictionary: "fr", wordsChecked: 20, tokens: [
                token("10", 1, at10, [.numberInk]), token("10", 1, atSlash, [.numberInk]),
                token("2", 1, atSlash + 3, [.numberInk]), token("entités", 0, 30, [.notInDictionary]),
            ]),
            pipelineVersion: "t", createdAt: "t")
        XCTAssertEqual(QaMeasurer.wordsDoubtedByInk(document), ["10°", "10/2"])
        // Out-of-range positions (a document edited by hand) give nothing rather than a crash.
        var edited = document
        edited.doubt?.tokens = [token("10", 5, 0, [.numberInk]), token("10", 1, 10_000, [.numberInk])]
        XCTAssertEqual(QaMeasurer.wordsDoubtedByInk(edited), [])
    }
}
