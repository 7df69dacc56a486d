import Foundation
import IngestCore
@testable import IngestPDF
import IngestTestSupport
import XCTest

/// Paragraph grouping of list items typeset with a hanging indent (Sphinx/LaTeX lists, as in Debian's
/// developers-reference p. 30 and 46): the item's continuation lines sit under its text, right of the
/// marker, and must stay in the item.
final class ParagraphsTests: XCTestCase {
    func line(_ text: String, x0: Double, x1: Double = 540, row: Int) -> TextLine {
        let y0 = 100 + Double(row) * 12
        return TextLine(text: text, x0: x0, y0: y0, x1: x1, y1: y0 + 10, glyphHeight: 10, hasGeometry: true)
    }

    func testHangingIndentKeepsAHyphenatedItemWhole() {
        let lines = [
            line("— obligatoirement l'archive amont, éventuellement plusieurs archives amont supplé-", x0: 60, row: 0),
            line("mentaires .orig-composant.tar.{gz,bz2,xz} et l'archive debian obligatoire debian.tar.{gz,bz2,xz}", x0: 72, row: 1),
            line("pour le format « 3.0 (quilt) » ;", x0: 72, x1: 200, row: 2),
            line("— une seule archive .tar.{gz,bz2,xz} pour le format « 3.0 (native) ».", x0: 60, x1: 400, row: 3),
        ]
        let paragraphs = Paragraphs.group(lines).map(\.lines.count)
        XCTAssertEqual(paragraphs, [3, 1])
    }

    func testNumberedItemKeepsItsContinuation() {
        let lines = [
            line("6. si le bogue est lié à l'empaquetage, vous devez le corriger. Si vous ne pouvez pas le corri-", x0: 60, row: 0),
            line("ger vous-même, marquez alors le bogue avec help (aide). Vous pouvez également demander de l'aide", x0: 74, row: 1),
            line("sur debian-devel.", x0: 74, x1: 150, row: 2),
            line("7. le rapporteur de bogue peut avoir oublié de fournir certaines informations. Dans ce cas, vous", x0: 60, row: 3),
        ]
        XCTAssertEqual(Paragraphs.group(lines).map(\.lines.count), [3, 1])
    }

    /// Outside lists an indented full line still opens a paragraph, and a nested item still opens its own.
    func testIndentStillBreaksOutsideListsAndBeforeNestedItems() {
        let prose = [
            line("Fin d'un paragraphe qui occupe toute la ligne sans point final avant la marge de droite", x0: 60, row: 0),
            line("Nouveau paragraphe en retrait de première ligne, qui occupe lui aussi toute la largeur", x0: 75, row: 1),
        ]
        XCTAssertEqual(Paragraphs.group(prose).map(\.lines.count), [1, 1])
        let nested = [
            line("1. Premier point, dont la ligne occupe toute la largeur de la colonne de texte du document", x0: 60, row: 0),
            line("a) sous-point en retrait, lui aussi sur toute la largeur de la colonne de texte du document", x0: 74, row: 1),
        ]
        XCTAssertEqual(Paragraphs.group(nested).map(\.lines.count), [1, 1])
    }

    func testListMarkers() {
        for s in ["— item", "• item", "6. item", "12) item", "a) item", "  B. item"] {
            XCTAssertTrue(Paragraphs.startsWithListMarker(s), s)
        }
        for s in ["mentaires .orig", "2018.", "1234. trop long", "6.5 section", "ab) mot", "e.g. mot", ""] {
            XCTAssertFalse(Paragraphs.startsWithListMarker(s), s)
        }
    }
}

extension ParagraphsTests {
    /// developers-reference p. 64: the item's last line "tion testing." has a mean glyph height of 9.9
    /// against 12.9 for the line above (small letters only), which the font-size rule read as a change.
    func testHyphenatedWordContinuesDespiteASmallerMeanGlyphHeight() {
        let a = TextLine(text: "— l'état du projet. C'est-à-dire que les transitions sont arrêtées pendant le freeze de la distribu-",
                         x0: 86.9, y0: 440.7, x1: 540, y1: 453.7, glyphHeight: 12.95, hasGeometry: true)
        let b = TextLine(text: "tion testing.", x0: 101.9, y0: 452.7, x1: 159.1, y1: 465.6, glyphHeight: 9.92, hasGeometry: true)
        XCTAssertFalse(Paragraphs.breaks(between: a, and: b, paragraphRight: 540))
        // Not for a capital after the hyphen ("Non-" / "Maintainer Uploads"), nor a dash after a space.
        let capital = TextLine(text: "Maintainer Uploads.", x0: 101.9, y0: 452.7, x1: 159.1, y1: 465.6, glyphHeight: 9.92, hasGeometry: true)
        XCTAssertTrue(Paragraphs.breaks(between: a, and: capital, paragraphRight: 540))
        XCTAssertFalse(Paragraphs.endsInWordHyphen("une liste -"))
        XCTAssertTrue(Paragraphs.endsInWordHyphen("supplé- "))
        // A real gap still breaks.
        let below = TextLine(text: "tion testing.", x0: 101.9, y0: 475, x1: 159.1, y1: 488, glyphHeight: 9.92, hasGeometry: true)
        XCTAssertTrue(Paragraphs.breaks(between: a, and: below, paragraphRight: 540))
    }
}

extension ParagraphsTests {
    /// The chemistry lesson in two columns (`ColumnRegionsTests.chemistryInTwoColumns`): its last
    /// numbered step is hyphenated at the foot of the left column (`fiole 10 à 12 fois pour ho-`)
    /// and goes on at the top of the right one (`mogénéiser.`): one item, as the source's.
    func testWordHyphenatedAtAColumnsFootGoesOnInTheNextColumn() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let pdf = try ColumnRegionsTests.chemistryInTwoColumns(in: tmp)
        let items = try LaTeXPDFs.extract(pdf).blocks.filter { $0.kind == .listItem }
            .map { Normalizer.normalize($0.text).replacingOccurrences(of: "\n", with: " ") }
        XCTAssertEqual(items.last, "boucher, puis retourner la fiole 10 à 12 fois pour homogénéiser.", "\(items)")
        XCTAssertEqual(items.count, 7, "\(items)")

        // The rule alone: up and to the right, in lower case, after a word's hyphen.
        let foot = TextLine(text: "fiole 10 à 12 fois pour ho-", x0: 71.8, y0: 541.4, x1: 204.8, y1: 556.9, glyphHeight: 15.5, hasGeometry: true)
        let top = TextLine(text: "mogénéiser.", x0: 244, y0: 43.1, x1: 303.3, y1: 58.7, glyphHeight: 15.5, hasGeometry: true)
        XCTAssertFalse(Paragraphs.breaks(between: foot, and: top, paragraphRight: 204.8, listItem: true))
        // Not a capital there, nor after an item's end, nor one back to the left (a float above).
        var capital = top; capital.text = "Mogénéiser."
        XCTAssertTrue(Paragraphs.breaks(between: foot, and: capital, paragraphRight: 204.8, listItem: true))
        var ended = foot; ended.text = "fiole 10 à 12 fois pour finir ;"
        XCTAssertTrue(Paragraphs.breaks(between: ended, and: top, paragraphRight: 204.8, listItem: true))
        let left = TextLine(text: "mogénéiser.", x0: 71.8, y0: 43.1, x1: 130, y1: 58.7, glyphHeight: 15.5, hasGeometry: true)
        XCTAssertTrue(Paragraphs.breaks(between: foot, and: left, paragraphRight: 204.8, listItem: true))
    }

    /// pdfminer-naacl06-shinyama.pdf p. 3 (the shared corpus): a sentence cut between two words at
    /// the foot of the left column (`one can find from a single article is usually not` / `enough,
    /// because…` at the top of the right one) is one paragraph; not after a sentence's end, a
    /// short line, or a paragraph's only line (a table's cell), nor before a capital.
    func testSentenceCutAtAColumnsFootGoesOnInTheNextColumn() {
        let foot = TextLine(text: "one can find from a single article is usually not", x0: 72, y0: 710.9, x1: 298.9, y1: 722.4,
                            glyphHeight: 11.5, hasGeometry: true)
        let top = TextLine(text: "enough, because the number of sentences is rather", x0: 313.2, y0: 73.9, x1: 540.1, y1: 85.3,
                           glyphHeight: 11.5, hasGeometry: true)
        XCTAssertFalse(Paragraphs.breaks(between: foot, and: top, paragraphRight: 298.9))
        var ended = foot; ended.text = "one can find from a single article is usually enough."
        XCTAssertTrue(Paragraphs.breaks(between: ended, and: top, paragraphRight: 298.9))
        XCTAssertTrue(Paragraphs.breaks(between: foot, and: top, paragraphRight: 298.9, firstLine: true))
        let short = TextLine(text: "one can find", x0: 72, y0: 710.9, x1: 140, y1: 722.4, glyphHeight: 11.5, hasGeometry: true)
        XCTAssertTrue(Paragraphs.breaks(between: short, and: top, paragraphRight: 298.9))
        var capital = top; capital.text = "Enough, because the number of sentences is rather"
        XCTAssertTrue(Paragraphs.breaks(between: foot, and: capital, paragraphRight: 298.9))
        // pdf.js's canvas.pdf: a listing's column of return types (`void` / `void`) beside the
        // methods' column (`save( )`); ZapfDingbats.pdf: a column of glyphs beside their names.
        let void = TextLine(text: "void", x0: 72, y0: 300, x1: 92, y1: 311.5, glyphHeight: 11.5, hasGeometry: true)
        let save = TextLine(text: "save( )", x0: 120, y0: 288, x1: 160, y1: 299.5, glyphHeight: 11.5, hasGeometry: true)
        XCTAssertTrue(Paragraphs.breaks(between: void, and: save, paragraphRight: 92))
        let glyph = TextLine(text: "❝", x0: 72, y0: 710.9, x1: 80, y1: 722.4, glyphHeight: 11.5, hasGeometry: true)
        var name = top; name.text = "a38 [x272B]"
        XCTAssertTrue(Paragraphs.breaks(between: glyph, and: name, paragraphRight: 80))
        // A line of text that ends in a sign is no sentence cut between words either.
        var sign = foot; sign.text = "one can find from a single article is usually ❝"
        XCTAssertTrue(Paragraphs.breaks(between: sign, and: top, paragraphRight: 298.9))
    }
}
