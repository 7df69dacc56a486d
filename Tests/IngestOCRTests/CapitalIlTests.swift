import CTesseract
import Foundation
import IngestCore
@testable import IngestOCR
import IngestTestSupport
import XCTest

/// `Il` read `II` opening a French sentence (`CapitalIl`, session 22).
final class CapitalIlTests: XCTestCase {
    func page(_ paragraphs: [String]) -> RecognizedPage { .of(paragraphs: paragraphs) }

    static let french = "Le système solaire est formé du Soleil et de tous les objets qui tournent autour de lui : huit planètes, leurs satellites, des planètes naines et des comètes."

    func testThePronounOpeningAFrenchSentenceIsWrittenIl() throws {
        var p = page([Self.french + " II s'est formé il y a environ 4,6 milliards d'années.", "IIs tournent tous dans le même sens."])
        p.rewrite(CapitalIl.readings(of: p))
        XCTAssertEqual(p.paragraphs.map(\.text), [Self.french + " Il s'est formé il y a environ 4,6 milliards d'années.\n", "Ils tournent tous dans le même sens.\n"])
        XCTAssertEqual(p.words.filter { $0.text.hasPrefix("Il") }.map(\.text), ["Il", "Ils"])
    }

    /// A Roman numeral where one is written: after a name or a word, before a point or a capital;
    /// and on an English page.
    func testTheNumeralStays() throws {
        let kept = [Self.french + " Le chapitre II traite des planètes.", "Louis II régna peu.", "II. Les planètes telluriques",
                    "II Les planètes géantes", Self.french + " Voir la partie II ; elle est courte."]
        let p = page(kept)
        XCTAssertEqual(CapitalIl.readings(of: p), [:])
        let english = page(["The solar system is made of the Sun and everything that orbits around it. II was formed long ago."])
        XCTAssertEqual(CapitalIl.readings(of: english), [:])
    }

    /// samples/tableau-1.jpg, a photo of a board in a sans-serif face, as Tesseract reads it at its
    /// own size (1111 × 756 px; the tesseract command alike): `II s'est`, written `Il s'est`. (The
    /// image extractor enlarges this photo first, and Tesseract reads `Il` there.)
    func testTheBoardPhotoAtItsSizeReadsIlSEst() throws {
        try OCRLibraries.requireTesseract()
        let bytes = try Data(contentsOf: Corpus.repositoryRoot.appendingPathComponent("samples/tableau-1.jpg"))
        guard let raw = bytes.withUnsafeBytes({ pixReadMem($0.bindMemory(to: UInt8.self).baseAddress, $0.count) }) else {
            throw TestSetupFailure("leptonica could not read tableau-1.jpg")
        }
        let page = try TesseractEngine(languages: "fra+eng").recognize(PageImage(taking: raw), deadline: .distantFuture, limitSeconds: 60, page: 1)
        XCTAssertTrue(page.text.contains("comètes. II s'est"), page.text)
        guard case .success(let read) = CapitalIl.rewritten(PageOutcome(number: 1, result: .success(page))).result else { return XCTFail() }
        XCTAssertTrue(read.text.contains("comètes. Il s'est"), read.text)
        XCTAssertEqual(read.words.filter { $0.text == "II" }.count, 0)
        XCTAssertEqual(read.words.filter { $0.text == "Il" }.count, page.words.filter { $0.text == "Il" }.count + 1)
    }

    /// `So` after a comma with the sentence going on: `so`; a name, a word opening a sentence, a
    /// capital before a capital are kept.
    func testASmallWordReadCapitalAfterACommaIsSmall() {
        var p = page(["Most cells are between 10 and 100 micrometres across, So they can only be seen with a microscope.",
                      "Il est venu, Sophie aussi, So What est un disque ; So they left."])
        p.rewrite(CommaCapital.readings(of: p))
        XCTAssertEqual(p.paragraphs[0].text, "Most cells are between 10 and 100 micrometres across, so they can only be seen with a microscope.\n")
        XCTAssertEqual(p.paragraphs[1].text, "Il est venu, Sophie aussi, So What est un disque ; So they left.\n")
    }

    /// samples/IMG_20241015_101512.jpg, a photo of a printed page, through the image extractor.
    func testThePhotoReadsAcrossSo() throws {
        let url = Corpus.repositoryRoot.appendingPathComponent("samples/IMG_20241015_101512.jpg")
        let e = try ImageExtractor().extract(imageInput([url], .jpeg), context: ExtractionContext())
        let text = e.blocks.map(\.text).joined(separator: "\n")
        XCTAssertTrue(text.contains("micrometres across, so\nthey can only"), text)
    }
}
