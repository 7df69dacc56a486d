import Foundation
import IngestCore
@testable import IngestPDF
import IngestTestSupport
import XCTest

/// List items of pdflatex PDFs (issue 33): each item of an itemize or enumerate list is a
/// list-item block with its text and its marker (the number kept), items on several lines
/// whole, and the paragraph after the list a paragraph again.
final class ListItemsTests: XCTestCase {
    func blocks(_ body: String, options: String = "12pt", preamble: String = "") throws -> [Block] {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let source = LaTeXPDFs.article(options, body).replacingOccurrences(of: "\\begin{document}", with: preamble + "\\begin{document}")
        let pdf = try LaTeXPDFs.make("lists", source, in: tmp)
        return try LaTeXPDFs.extract(pdf).blocks
    }

    /// A block's text on one line, as normalization leaves it (hyphens joined, lines kept).
    func flat(_ b: Block) -> String { Normalizer.normalize(b.text).replacingOccurrences(of: "\n", with: " ") }

    func testItemizeAndEnumerateItemsAreListItems() throws {
        let b = try blocks(#"""
        The students compared three sources during the practical session:
        \begin{itemize}
        \item an incandescent bulb with a tungsten filament, the oldest of the three and by far the warmest one;
        \item a light-emitting diode;
        \item a helium-neon laser pointed at a diffraction grating.
        \end{itemize}
        To measure a wavelength with the grating, they followed three steps:
        \begin{enumerate}
        \item align the laser with the centre of the screen;
        \item measure the distance between two bright spots;
        \item compute the wavelength.
        \end{enumerate}
        The laser gave the sharpest spots.
        """#)
        let items = b.filter { $0.kind == .listItem }
        XCTAssertEqual(items.map(flat), [
            "an incandescent bulb with a tungsten filament, the oldest of the three and by far the warmest one;",
            "a light-emitting diode;", "a helium-neon laser pointed at a diffraction grating.",
            "align the laser with the centre of the screen;", "measure the distance between two bright spots;",
            "compute the wavelength.",
        ])
        XCTAssertEqual(items.map(\.marker), ["•", "•", "•", "1.", "2.", "3."])
        let paragraphs = b.filter { $0.kind == .paragraph }.map(flat)
        XCTAssertEqual(paragraphs, ["The students compared three sources during the practical session:",
                                    "To measure a wavelength with the grating, they followed three steps:",
                                    "The laser gave the sharpest spots."])
    }

    /// babel French sets itemize with `—`; the section title stays a heading.
    func testFrenchDashesAndNumberedHeadings() throws {
        let b = try blocks(#"""
        \section*{Les sources de bruit}
        Les mesures ont permis de dresser la liste suivante :
        \begin{itemize}
        \item le haut-parleur du couloir, utilisé pour les annonces quotidiennes ;
        \item la ventilation installée au-dessus du faux plafond.
        \end{itemize}
        Pour réduire ces nuisances, le conseil a retenu trois étapes.
        """#, preamble: "\\usepackage[french]{babel}\n")
        XCTAssertEqual(b.first?.kind, .heading, "\(b)")
        let items = b.filter { $0.kind == .listItem }
        XCTAssertEqual(items.map(flat), ["le haut-parleur du couloir, utilisé pour les annonces quotidiennes ;",
                                                                   "la ventilation installée au-dessus du faux plafond."])
        XCTAssertEqual(b.last.map(flat), "Pour réduire ces nuisances, le conseil a retenu trois étapes.")
        XCTAssertEqual(b.last?.kind, .paragraph)
    }
}
