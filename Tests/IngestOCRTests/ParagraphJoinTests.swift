@testable import IngestOCR
import XCTest

/// Paragraphs Tesseract cut mid-sentence (issue 36 item 3), with the cuts it made on `samples/`.
final class ParagraphJoinTests: XCTestCase {
    func testASentenceGoingOnIsJoined() {
        // samples/tableau-2.jpg: a line ending on "du", the next paragraph opening with its noun.
        XCTAssertTrue(ParagraphJoin.goesOn("Mercure, Vénus, la Terre et Mars sont les plus proches du", full: true, next: "Soleil. Elles sont petites"))
        XCTAssertTrue(ParagraphJoin.goesOn("sa lumière met un peu plus de 8 minutes pour nous", full: false, next: "parvenir."))
        // samples/IMG_20241015_101512.jpg and tableau-3.jpg.
        XCTAssertTrue(ParagraphJoin.goesOn("Nucleus: contains the genetic material (DNA) and controls", full: true, next: "the activities of the cell."))
        XCTAssertTrue(ParagraphJoin.goesOn("Une année est la durée d'un tour complet autour du Soleil :", full: true, next: "365 jours pour la Terre"))
        // ocrmypdf-linn.png: a bracket opening the rest of an item.
        XCTAssertTrue(ParagraphJoin.goesOn("TEMPO may be specified in BEATS-PER-MINUTE at 24, 25, or 30 frames per second,", full: true, next: "(even drop frame!)"))
        // A full line without an end: the writer wrapped there.
        XCTAssertTrue(ParagraphJoin.goesOn("La vitesse du son dans l'air dépend surtout de sa température", full: true, next: "Elle vaut 340 m/s à 15 °C."))
    }

    func testAParagraphThatEndsIsNotJoined() {
        XCTAssertFalse(ParagraphJoin.goesOn("Elles sont petites et rocheuses, avec un sol solide.", full: true, next: "La Terre est à environ"))
        XCTAssertFalse(ParagraphJoin.goesOn("Où se trouve le noyau ?", full: true, next: "dans la cellule"))
        XCTAssertFalse(ParagraphJoin.goesOn("« Il pleut. »", full: true, next: "et puis"))
        // A short last line without an end is a label or a title, not a wrapped sentence.
        XCTAssertFalse(ParagraphJoin.goesOn("Cell Structure", full: false, next: "All living things are made of cells."))
        // A definition or item of its own after a full line.
        XCTAssertFalse(ParagraphJoin.goesOn("La vitesse du son dans l'air dépend surtout de sa température", full: true, next: "Étoile : astre qui produit sa propre lumière"))
        XCTAssertFalse(ParagraphJoin.goesOn("Les sources de lumière sont nombreuses dans la vie courante", full: true, next: "• le Soleil"))
        // An introduction and the items under it, their bullets lost (IngestFidelityTests' course-light).
        XCTAssertFalse(ParagraphJoin.goesOn("The students compared three sources during the practical session:", full: false,
                                            next: "an incandescent bulb with a tungsten filament;\na state-of-the-art light-emitting diode;"))
        XCTAssertFalse(ParagraphJoin.goesOn("Les étapes du calcul sont les suivantes, dans cet ordre précis", full: true, next: "2. Calculer le discriminant"))
    }
}
