import Foundation
import IngestCore
@testable import IngestPDF
import IngestTestSupport
import XCTest

/// `scriptedWords` against `words` on pages typeset by pdflatex: where no glyph is smaller than
/// another of its row nor a superior figure, the scripted words are poppler's words, box for box
/// (the walk skips the rows there); a script joins its base's word only where the page sets one,
/// beside a larger heading and rows of one size.
final class PageWordsTests: XCTestCase {
    func words(_ source: String, _ name: String, in tmp: TemporaryDirectory) throws -> (plain: [PageWord], scripted: [PageWord]) {
        let pdf = try LaTeXPDFs.make(name, LaTeXPDFs.article("11pt", source), in: tmp)
        let document = try PopplerDocumentRef(url: pdf, password: nil)
        let page = try XCTUnwrap(document.page(at: 0))
        return (page.words(), page.scriptedWords())
    }

    static let table = #"""
        \begin{tabular}{|l|r|r|}
        \hline
        Sample & Mass (g) & Volume (mL) \\
        \hline
        A & 6.24 & 250 \\
        B & 12.18 & 500 \\
        \hline
        \end{tabular}
        """#

    /// Every glyph one size: the same words as `words()`, with the same boxes.
    func testOneSizePageGivesPopplersWords() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let (plain, scripted) = try words("The samples were weighed.\n\n" + Self.table, "onesize", in: tmp)
        XCTAssertTrue(plain.contains { $0.text == "12.18" })
        XCTAssertEqual(scripted, plain)
    }

    /// A heading larger than the text (rows made) and no script: still poppler's words.
    func testLargerHeadingWithoutScriptsGivesPopplersWords() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let (plain, scripted) = try words("\\section*{Results of the weighing}\n\n" + Self.table, "heading", in: tmp)
        XCTAssertTrue(plain.contains { $0.text == "weighing" })
        XCTAssertEqual(scripted, plain)
    }

    /// Scripts in cells beside a larger heading: `H₂O` and `10⁻³` are one word each, the other
    /// words as poppler cut them.
    func testScriptsJoinTheirBaseBesideAHeading() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let table = #"""
            \begin{tabular}{|l|r|}
            \hline
            Solvent & Amount \\
            \hline
            H\textsubscript{2}O & 10\textsuperscript{3} mL \\
            Ethanol & 250 mL \\
            \hline
            \end{tabular}
            """#
        let (plain, scripted) = try words("\\section*{Results of the weighing}\n\n" + table, "scripts", in: tmp)
        let texts = scripted.map(\.text)
        XCTAssertTrue(texts.contains("H₂O"), "\(texts)")
        XCTAssertTrue(texts.contains("10³"), "\(texts)")
        XCTAssertFalse(texts.contains("O"), "\(texts)")
        // The words no script touches are poppler's, box for box.
        let untouched = plain.filter { !["H", "2", "O", "H2O", "H2", "103", "10", "3"].contains($0.text) }
        XCTAssertEqual(scripted.filter { !["H₂O", "10³"].contains($0.text) }, untouched)
    }
}
