import Foundation
import IngestCore
@testable import IngestPDF
import IngestTestSupport
import XCTest

/// Words a narrow column cut at a line's end (`Amplitud` / `e`) read whole in their cell, told by
/// the spaces the page draws; a line broken at a space stays two words.
final class CutWordsTests: XCTestCase {
    /// A column at x = 10 of a table: `Amplitud` / `e fréquence`, then `révolution` / `masse`
    /// (the column's widest line, 10-64), words 10 high.
    static let words = [PageWord(text: "Amplitud", x0: 10, y0: 10, x1: 59, y1: 20),
                        PageWord(text: "e", x0: 10, y0: 22, x1: 16, y1: 32),
                        PageWord(text: "fréquence", x0: 19, y0: 22, x1: 60, y1: 32),
                        PageWord(text: "révolution", x0: 10, y0: 34, x1: 64, y1: 44),
                        PageWord(text: "masse", x0: 10, y0: 46, x1: 36, y1: 56)]
    static let table = PageTable(x0: 0, y0: 0, x1: 300, y1: 100, rows: [[TableCell(text: "Amplitud e fréquence")],
                                                                         [TableCell(text: "révolution masse")]])
    /// A space drawn after `révolution`: the producer draws the space it breaks a line at.
    static let spaceAfterRevolution: PageCharacters.Box = (64, 34, 67, 44)

    func cells(_ spaces: [PageCharacters.Box], words: [PageWord] = words) -> [String] {
        CutWords.joining([Self.table], words: words, spaces: { spaces })[0].rows.map { $0[0].text }
    }

    func testAPieceOfAWordAtALinesEndIsJoinedToItsRest() {
        // `Amplitud` ends 5 short of the widest line: a space (3) would have fitted and none is
        // drawn; the rest's `e` (6) would not have.
        XCTAssertEqual(cells([Self.spaceAfterRevolution]), ["Amplitude fréquence", "révolution masse"])
    }

    func testALineBrokenAtASpaceStaysTwoWords() {
        // The page draws no space at any line's end (TeX): nothing tells a cut word.
        XCTAssertEqual(cells([]), ["Amplitud e fréquence", "révolution masse"])
        // A space drawn after the piece: the line was broken there.
        XCTAssertEqual(cells([Self.spaceAfterRevolution, (59, 10, 62, 20)]), ["Amplitud e fréquence", "révolution masse"])
        // A line filling its column to within a space: a space would not have fitted either.
        var words = Self.words
        words[0].x1 = 62
        XCTAssertEqual(cells([Self.spaceAfterRevolution], words: words), ["Amplitud e fréquence", "révolution masse"])
        // A line ending further from the column's edge than the rest's first character: that
        // character would have fitted, so the word was not cut there (a new paragraph of the cell).
        words = Self.words
        words[0].x1 = 50
        XCTAssertEqual(cells([Self.spaceAfterRevolution], words: words), ["Amplitud e fréquence", "révolution masse"])
        // The next line opens with a capital: a new paragraph, not a word's rest.
        words = Self.words
        words[1].text = "E"
        let capital = PageTable(x0: 0, y0: 0, x1: 300, y1: 100, rows: [[TableCell(text: "Amplitud E fréquence")], [TableCell(text: "révolution masse")]])
        XCTAssertEqual(CutWords.joining([capital], words: words, spaces: { [Self.spaceAfterRevolution] })[0].rows[0][0].text, "Amplitud E fréquence")
    }

    /// A Word document (pandoc Markdown → .docx → LibreOffice PDF) whose narrow columns cut
    /// `Amplitude` and `résistance` inside the word: the cells read the source's words; every
    /// word of every cell is a word of the source's cell or a piece of one (none invented by a
    /// join), and the cells holding the cuts that the page tells read as the source.
    func testWordTableCutsInsideWordsReadAsTheSource() throws {
        guard runTool("soffice", ["--version"])?.status == 0 else {
            try missingTool("LibreOffice (soffice) missing (apt-get install libreoffice-writer-nogui)")
        }
        guard runTool("pandoc", ["--version"])?.status == 0 else { try missingTool("pandoc is not installed (apt-get install pandoc)") }
        // bench/tables make_corpus.py's word-unruled-6, table 1.
        let source = [["Grandeur", "Notion", "Valeur", "Unité", "Date"],
                      ["Roi puissance énergie protéine accord", "86 %", "République", "33 %", "49 %"],
                      ["Amplitude fréquence", "", "Cellule protéine glucide courant enzyme", "89,436", "Énergie résistance"],
                      ["Masse", "Adverbe république", "83,028", "852,6 A", "-360"],
                      ["Accord", "52,990", "", "Onde", "425,5 W"],
                      ["Amplitude", "Verbe", "", "574,8 V", "Lyon résistance lipide travail travail longueur verbe résistance"],
                      ["Sujet onde masse révolution féminin tension république siècle", "Révolution enzyme masse", "36,516", "Noyau empire", "6/08/1925"],
                      ["Longueur enzyme", "4161", "Masse pluriel enzyme longueur complément", "Paris", "95 %"],
                      ["Protéine", "15/12/2008", "14/09/1946", "Bataille amplitude amplitude protéine force", "Roi résistance adverbe"]]
        let markdown = "# Chapitre\n\nLes tableaux de la séance.\n\n| " + source[0].joined(separator: " | ") + " |\n"
            + "|----------|----------|--------------------|--------------|----------|\n"
            + source.dropFirst().map { "| " + $0.joined(separator: " | ") + " |" }.joined(separator: "\n") + "\n\nLe tableau 1 est à compléter.\n"
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let md = try tmp.write("cours.md", Data(markdown.utf8))
        let docx = tmp.url.appendingPathComponent("cours.docx")
        guard runTool("pandoc", [md.path, "-o", docx.path])?.status == 0 else { throw TestSetupFailure("pandoc could not make cours.docx") }
        let profile = "file://" + tmp.url.appendingPathComponent("profile").path
        guard runTool("soffice", ["-env:UserInstallation=" + profile, "--headless", "--convert-to", "pdf", "--outdir", tmp.url.path, docx.path])?.status == 0
        else { throw TestSetupFailure("soffice could not make the PDF") }
        let extraction = try LaTeXPDFs.extract(tmp.url.appendingPathComponent("cours.pdf"))
        let tables = extraction.blocks.filter { $0.kind == .table }.map { $0.rows!.map { $0.map(\.text) } }
        XCTAssertEqual(tables.count, 1)
        let found = try XCTUnwrap(tables.first)
        XCTAssertEqual(found.map(\.count), source.map(\.count))
        for (r, row) in zip(found, source).enumerated() {
            for (c, (read, written)) in zip(row.0, row.1).enumerated() {
                let words = written.split(separator: " ")
                for word in read.split(separator: " ") {
                    XCTAssertTrue(words.contains { $0.contains(word) }, "row \(r) column \(c): \(word) in \(read)")
                }
            }
        }
        // `Amplitud` / `e` (its column's widest line, `révolution`, ends further than a space
        // past it), `Lyon` / `résistanc` / `e lipide`.
        XCTAssertEqual(found[2][0], source[2][0])
        XCTAssertEqual(found[5][0], source[5][0])
        XCTAssertEqual(found[5][4], source[5][4])
    }
}
