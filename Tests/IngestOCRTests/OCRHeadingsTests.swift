import Foundation
import IngestCore
@testable import IngestOCR
import IngestTestSupport
import XCTest

/// Headings of OCR'd pages from the size of their letters (issue 36 item 3).
final class OCRHeadingsTests: XCTestCase {
    /// A word whose box spans `top` to `bottom` (fractions of the page), at `left`.
    func word(_ text: String, _ top: Double, _ bottom: Double, left: Double = 0.1) -> RecognizedWord {
        RecognizedWord(text: text, confidence: 95, box: [left, top, left + 0.05, bottom])
    }

    /// A line set with cap height `cap` on baseline `base`: capitals and ascenders reach the cap,
    /// x-height words stay below it, descenders go under the baseline.
    func line(_ text: String, base: Double, cap: Double) -> [RecognizedWord] {
        text.split(separator: " ").map { w in
            let s = String(w)
            let top = OCRHeadings.reachesCapHeight(s) ? base - cap : base - cap * 0.7
            let bottom = s.unicodeScalars.contains(where: OCRHeadings.descending.contains) ? base + cap * 0.3 : base
            return word(s, top, bottom)
        }
    }

    func paragraph(_ lines: [(String, Double, Double)]) -> OCRHeadings.Paragraph {
        .init(lines: lines.map { (Substring($0.0), line($0.0, base: $0.1, cap: $0.2)) })
    }

    /// Per paragraph, its parts' levels (nil: text).
    func levels(_ page: [OCRHeadings.Paragraph]) -> [[Int?]] {
        OCRHeadings.segments([page])[0].map { $0.map(\.level) }
    }

    func testLargerShortLinesAreHeadingsAndTheLargestLevelOne() {
        let body = 0.010
        let page = [
            paragraph([("Le cycle de l'eau", 0.05, 0.020)]),
            paragraph([("Le soleil chauffe la mer et l'eau s'évapore dans l'air", 0.10, body),
                       ("puis la vapeur monte et se condense en gouttelettes.", 0.12, body)]),
            paragraph([("Les précipitations", 0.16, 0.014)]),
            paragraph([("Quand les gouttes sont lourdes, elles tombent en pluie.", 0.19, body)]),
        ]
        XCTAssertEqual(levels(page), [[1], [nil], [2], [nil]])
    }

    func testTextAtOneSizeHasNoHeading() {
        let page = [
            paragraph([("Linzensoep a la Waterman", 0.05, 0.010)]),
            paragraph([("De linzen wassen en in liter kokend water", 0.08, 0.010),
                       ("laten weken met de uien en de boter.", 0.10, 0.010)]),
        ]
        XCTAssertEqual(levels(page), [[nil], [nil]])
    }

    func testItemsAndSentencesInLargeTypeAreNoHeadings() {
        let page = [
            paragraph([("e Ultra-fast disk drive stores complex songs", 0.05, 0.014)]),   // a bullet read as "e"
            paragraph([("4 ons linzen", 0.08, 0.014)]),
            paragraph([("Une année dure 365 jours.", 0.11, 0.014)]),
            paragraph([("Le texte courant de la page, sur une ligne entière", 0.20, 0.010),
                       ("et une autre ligne du même paragraphe de texte.", 0.22, 0.010)]),
        ]
        XCTAssertEqual(levels(page), [[nil], [nil], [nil], [nil]])
    }

    /// Tesseract glues a board's section title to the lines before or after it: the large lines
    /// are cut off as a heading, the text around stays text.
    func testAHeadingGluedToItsParagraphIsCutOff() {
        let page = [
            paragraph([("Le texte courant de la page, sur une ligne entière", 0.05, 0.010),
                       ("et une autre ligne du même paragraphe de texte.", 0.07, 0.010),
                       ("Les planètes", 0.12, 0.016)]),
            paragraph([("Bilan du chapitre", 0.16, 0.016), ("Une année est la durée d'un tour complet", 0.18, 0.010),
                       ("de la Terre autour du Soleil.", 0.20, 0.010)]),
        ]
        let parts = OCRHeadings.segments([page])[0]
        XCTAssertEqual(parts[0], [.init(lines: 0..<2, level: nil), .init(lines: 2..<3, level: 1)])
        XCTAssertEqual(parts[1], [.init(lines: 0..<1, level: 1), .init(lines: 1..<3, level: nil)])
    }

    /// tesseract's phototest.tif: a paragraph's first line in larger type, cut after "the", its
    /// sentence going on below in lower case, is text.
    func testAWrappedLineInLargeTypeIsNoHeading() {
        let page = [
            paragraph([("This is a lot of 12 point text to test the", 0.05, 0.016),
                       ("ocr code and see if it works on all types", 0.08, 0.010)]),
            paragraph([("of file format and other text around here.", 0.12, 0.010)]),
        ]
        XCTAssertEqual(levels(page), [[nil], [nil]])
        XCTAssertFalse(OCRHeadings.isHeadingText("Light and the"))
    }

    func testANumberedHeadingIsOne() {
        XCTAssertTrue(OCRHeadings.isHeadingText("2. La vitesse du son"))
        XCTAssertTrue(OCRHeadings.isHeadingText("How big is a cell?"))
        XCTAssertFalse(OCRHeadings.isHeadingText("3 uien"))
        XCTAssertFalse(OCRHeadings.isHeadingText("per disk!"))
    }

    /// Lines (text, baseline, cap height, stroke width) as one paragraph with measured strokes.
    func weighed(_ lines: [(String, Double, Double, Double)]) -> OCRHeadings.Paragraph {
        .init(lines: lines.map { (Substring($0.0), line($0.0, base: $0.1, cap: $0.2)) }, strokes: lines.map(\.3))
    }

    /// Headings set bold at 110 % of the body (LibreOffice's Heading 2, samples/ photos): the size
    /// alone does not tell them, their strokes (WordInk: 1.6–2× the body's there) do — also when
    /// Tesseract glued one to the paragraph under it. The larger bold title is level 1.
    func testBoldLinesAtNearlyTheBodySizeAreHeadings() {
        let body = 0.010, regular = 3.0, bold = 5.2
        let page = [
            weighed([("Fiche de révision : les fonctions affines", 0.05, 0.014, 6.4)]),
            weighed([("1. Définition", 0.09, 0.011, bold)]),
            weighed([("Une fonction affine est une fonction f qui, à tout nombre réel x, associe le", 0.12, body, regular),
                     ("nombre f(x) = ax + b, où a et b sont deux nombres réels fixés.", 0.14, body, 2.9)]),
            weighed([("3. Sens de variation", 0.18, 0.011, bold),
                     ("Si a > 0, la fonction est croissante ; si a < 0, elle est décroissante.", 0.20, body, 2.9)]),
            weighed([("Coefficient directeur : le nombre a, qui donne la pente de la droite.", 0.24, body, regular)]),
        ]
        let parts = OCRHeadings.segments([page])[0]
        XCTAssertEqual(parts.map { $0.map(\.level) }, [[1], [2], [nil], [2, nil], [nil]])
        XCTAssertEqual(parts[3], [.init(lines: 0..<1, level: 2), .init(lines: 1..<2, level: nil)])
    }

    /// Bold that is no heading: a sentence whose bold first line goes on in lower case, a bold
    /// list item, a line with only its term in bold (the line weighs as its most letters).
    func testBoldTextThatIsNoHeadingStaysText() {
        let body = 0.010, regular = 3.0, bold = 5.2
        let page = [
            weighed([("Le Soleil est une étoile autour de laquelle tournent les", 0.05, body, bold),
                     ("huit planètes du système solaire et leurs satellites.", 0.07, body, regular)]),
            weighed([("e Une planète tourne autour d'une étoile", 0.11, body, bold)]),
            weighed([("Étoile : astre qui produit sa propre lumière, comme le Soleil.", 0.15, body, regular)]),
            weighed([("La Terre est à environ 150 millions de kilomètres du Soleil.", 0.19, body, regular)]),
        ]
        XCTAssertEqual(levels(page), [[nil], [nil], [nil], [nil]])
        let term = line("Étoile : astre qui produit sa propre lumière", base: 0.1, cap: body)
        XCTAssertEqual(OCRHeadings.stroke(of: term, strokes: [bold, bold, regular, regular, regular, regular, regular]), regular)
    }

    /// A board photo drawn by ImageMagick: a title, a section heading and body lines in three
    /// sizes. The title and heading are headings with the text written, the body is not.
    func testABoardPhotoGetsItsHeadings() throws {
        let dir = try TemporaryDirectory("ingest-ocr-headings")
        defer { dir.remove() }
        let photo = dir.url.appendingPathComponent("tableau.png")
        let body = ["Le Soleil est une étoile autour de laquelle tournent huit planètes.",
                    "La Terre met un an pour faire le tour du Soleil."]
        var arguments = ["-size", "2400x1500", "xc:white", "-fill", "black", "-font", "DejaVu-Sans",
                         "-pointsize", "96", "-annotate", "+120+180", "Le système solaire",
                         "-pointsize", "60", "-annotate", "+120+700", "Les planètes"]
        for (i, line) in body.enumerated() { arguments += ["-pointsize", "40", "-annotate", "+120+\(380 + 70 * i)", line] }
        for (i, line) in body.enumerated() { arguments += ["-pointsize", "40", "-annotate", "+120+\(860 + 70 * i)", line] }
        guard let made = runTool("convert", arguments + [photo.path]), made.status == 0 else {
            try missingTool("ImageMagick draws the board photo (apt-get install imagemagick)")
        }
        let extraction = try ImageExtractor().extract(imageInput([photo]), context: ExtractionContext())
        let headings = extraction.blocks.filter { $0.kind == .heading }
        XCTAssertEqual(headings.map(\.text), ["Le système solaire", "Les planètes"], "\(extraction.blocks.map { ($0.kind, $0.text) })")
        XCTAssertEqual(headings.map(\.level), [1, 2])
        XCTAssertTrue(extraction.blocks.filter { $0.kind == .paragraph }.allSatisfy { $0.text.contains("Soleil") })
    }
}
