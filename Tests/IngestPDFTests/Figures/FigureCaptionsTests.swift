import Foundation
import IngestCore
@testable import IngestPDF
import XCTest

/// Which lines open a caption and where it ends, on line boxes measured on real pages.
final class FigureCaptionsTests: XCTestCase {
    func testOpeners() {
        for text in ["Figure 3 – Le cycle", "Fig. 3.1 – Exemple", "FIGURE 2. Map", "Figure 1: x", "Figure 1", "Fig.4 : y", "Figure 8.13 – z",
                     "Illustration 2 : Schéma", "Schéma 4 – a", "Graphique 1 : b", "Figure A.1: Appendix", "Figure IV – c", "Figure 3b: d"] {
            XCTAssertTrue(FigureCaptions.opensCaption(text), text)
        }
        for text in ["Figures 3 and 4 show", "Figure shows", "Figurer 3", "Tableau 1 : Mesures", "Table 2: Values", "Figure A shows it",
                     "La figure 3 montre", "Fig", "Figurative 2 – x", "Illustrations 3"] {
            XCTAssertFalse(FigureCaptions.opensCaption(text), text)
        }
    }

    /// The quick answer on a line's first character gives `CaptionLabel.opens`'s answer: every
    /// ASCII character (and non-ASCII ones) before each label's rest, after spaces and tabs.
    func testFirstCharacterAnswerIsTheLabelTests() {
        var heads = (0..<128).map { String(UnicodeScalar(UInt8($0))) } + ["É", "İ", "ﬁ", "\u{A0}", "Ｆ", "ſ", "\u{301}"]
        heads += heads.map { " \t " + $0 }
        let tails = ["igure 3 – Le cycle", "IG. 3.1 – x", "ig.4 : y", "llustration 2 : a", "chéma 4 – b", "raphique 1 : c", "able 2: d",
                     "igures 3 and 4", "", " 3", "\u{301}igure 3: e", "x"]
        var checked = 0
        for head in heads {
            for tail in tails {
                let text = head + tail
                XCTAssertEqual(FigureCaptions.opensCaption(text), CaptionLabel.opens(text), text.debugDescription)
                checked += 1
            }
        }
        XCTAssertGreaterThan(heads.filter { FigureCaptions.opensCaption($0 + "igure 3 – x") }.count, 3)
        XCTAssertEqual(checked, heads.count * tails.count)
    }

    static func line(_ text: String, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ h: Double) -> TextLine {
        TextLine(text: text, x0: x0, y0: y0, x1: x1, y1: y1, glyphHeight: h, hasGeometry: true)
    }

    /// formation-latex-ul.pdf page 57: a two-line caption 4 pt apart, on a page whose commonest
    /// gap is a listing's 1 pt in a larger type: the caption keeps its second line, not the next
    /// paragraph 45 pt lower.
    func testCaptionGoesOnInItsOwnType() {
        let lines = [
            Self.line("Fig. 3.6 – Texte produit par le code de l’exemple 3.3 illustrant un renvoi", 96, 259, 464, 268, 9.67),
            Self.line("automatique standard", 96, 272, 205, 282, 9.67),
            Self.line("Pour renvoyer à la page où se trouve l’élément, on utilise la commande", 96, 327, 442, 337, 9.67),
            Self.line("Lorem ipsum dolor sit amet, consectetur adipiscing elit.", 104, 535, 441, 547, 12.04),
            Self.line("Duis in auctor dui. Vestibulum ut, placerat ac, adipiscing", 104, 548, 453, 560, 12.04),
            Self.line("vitae, felis.", 104, 562, 182, 574, 12.04),
            Self.line("\\section{Historique}", 104, 575, 224, 587, 12.04),
        ]
        XCTAssertEqual(FigureCaptions.lines(from: 0, in: lines), 0..<2)
    }

    /// pdftex-a.pdf page 59: the label `Figure 2` apart from the caption's words on its row.
    func testLabelApartOnItsRow() {
        let lines = [
            Self.line("\\endinput", 150, 429, 195, 437, 7.9),
            Self.line("Figure 2", 133, 455, 174, 466, 10.8),
            Self.line("File etex.ini for the plain ε-TEX format with dvi output.", 185, 452, 461, 469, 9.9),
            Self.line("The format file then inherits this setting, so that a later invocation of pdfTEX with this format", 70, 483, 524, 494, 9.1),
        ]
        XCTAssertEqual(FigureCaptions.lines(from: 1, in: lines), 1..<3)
    }

    /// A pandoc .docx through LibreOffice: the paragraph after a one-line caption is set 7 pt
    /// lower, while the lines of one paragraph overlap by 2 pt: the caption is one line.
    func testWordProcessorParagraphAfterCaptionIsBody() {
        let lines = [
            Self.line("la force électrique mesure énergie courant tension circuit lampe résistance", 72, 123, 532, 139, 15.6),
            Self.line("élève expérience la force électrique mesure énergie courant tension circuit", 72, 137, 531, 153, 15.6),
            Self.line("lampe résistance élève expérience la force électrique mesure énergie", 72, 151, 496, 167, 15.6),
            Self.line("Figure 1 : Le circuit électrique de la lampe et de la pile.", 72, 349, 412, 365, 15.6),
            Self.line("courant circuit expérience courant résistance mesure expérience résistance", 72, 372, 536, 388, 15.6),
            Self.line("force expérience courant circuit expérience courant résistance mesure", 72, 386, 504, 402, 15.6),
        ]
        XCTAssertEqual(FigureCaptions.lines(from: 3, in: lines), 3..<4)
    }
}
