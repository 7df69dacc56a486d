import Foundation
import IngestCore
@testable import IngestPDF
import IngestTestSupport
import XCTest

/// Tables of PDFs made by pdflatex and LibreOffice from sources written here: the `table` blocks'
/// cells are the source's, cell for cell (a spanning cell's text in its top-left slot, the slots it
/// covers empty), in reading order between the paragraphs around them, and their words are not
/// repeated as paragraphs.
final class PDFTablesTests: XCTestCase {
    /// The source of the tables below: a header and rows, "" where a span covers a slot.
    static let planets = [["Planète", "Distance (UA)", "Type"],
                          ["Mercure", "0,39", "tellurique"],
                          ["Vénus", "0,72", "tellurique"],
                          ["Deux colonnes", "", "gazeuse"],
                          ["Jupiter", "5,2", "géante"],
                          ["", "5,3", "gazeuse"]]

    func tables(_ extraction: Extraction) -> [[[String]]] {
        extraction.blocks.filter { $0.kind == .table }.map { $0.rows!.map { $0.map(\.text) } }
    }

    /// Ruled `tabular` (| and \hline) with a \multicolumn and a \multirow over a \cline, then an
    /// unruled one (aligned columns).
    func testLaTeXRuledAndAlignedTables() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let body = """
            Le tableau suivant donne les planètes.

            \\begin{tabular}{|l|r|l|}
            \\hline
            Planète & Distance (UA) & Type \\\\ \\hline
            Mercure & 0,39 & tellurique \\\\ \\hline
            Vénus & 0,72 & tellurique \\\\ \\hline
            \\multicolumn{2}{|c|}{Deux colonnes} & gazeuse \\\\ \\hline
            \\multirow{2}{*}{Jupiter} & 5,2 & géante \\\\ \\cline{2-3}
             & 5,3 & gazeuse \\\\ \\hline
            \\end{tabular}

            Un paragraphe entre les deux tableaux.

            \\begin{tabular}{lcr}
            Nom & Valeur & Unité \\\\
            Masse & 12 & kg \\\\
            Longueur & 3,5 & m \\\\
            Temps & 60 & s \\\\
            \\end{tabular}

            Fin du cours.
            """
        let source = LaTeXPDFs.article("11pt", body).replacingOccurrences(of: "\\usepackage{lmodern}", with: "\\usepackage{lmodern}\\usepackage{multirow}")
        let extraction = try LaTeXPDFs.extract(try LaTeXPDFs.make("tables", source, in: tmp))
        XCTAssertEqual(tables(extraction), [Self.planets, [["Nom", "Valeur", "Unité"], ["Masse", "12", "kg"], ["Longueur", "3,5", "m"], ["Temps", "60", "s"]]])
        XCTAssertEqual(extraction.blocks.map(\.kind), [.paragraph, .table, .paragraph, .table, .paragraph])
        XCTAssertEqual(extraction.blocks.filter { $0.kind == .paragraph }.map(\.text),
                       ["Le tableau suivant donne les planètes.", "Un paragraphe entre les deux tableaux.", "Fin du cours."])
        XCTAssertEqual(extraction.blocks[1].page, 1)
        XCTAssertEqual(extraction.blocks[1].provenance, .textLayer)
    }

    /// Four ruled tables side by side at one height (a reference card's columns) come left to right
    /// in every process: their order came from a dictionary's, which each process's hash seed
    /// changes (refcard-en-a4.pdf read two ways in two runs of one binary).
    func testRuledTablesSideBySideComeLeftToRight() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let cell = { (n: Int) in "\\begin{minipage}[t]{0.22\\textwidth}\\begin{tabular}{|l|l|}\\hline T\(n) & a\(n) \\\\ \\hline b\(n) & c\(n) \\\\ \\hline\\end{tabular}\\end{minipage}" }
        let body = "Quatre tableaux.\n\n\\noindent " + (1...4).map(cell).joined(separator: "\\hfill") + "\n\nFin."
        let extraction = try LaTeXPDFs.extract(try LaTeXPDFs.make("side", LaTeXPDFs.article("11pt", body), in: tmp))
        XCTAssertEqual(tables(extraction), (1...4).map { [["T\($0)", "a\($0)"], ["b\($0)", "c\($0)"]] })
    }

    /// A ruled `longtable` over two pages, its header repeated on the second: one table, header once.
    func testTableOverAPageBreakIsOneTable() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let rows = (1...70).map { ["Élément \($0)", "\($0 * 3),\($0 % 10)", "ligne \($0)"] }
        let body = "Début.\n\n\\begin{longtable}{|l|l|l|}\n\\hline\nNom & Valeur & Remarque \\\\ \\hline\n\\endhead\n"
            + rows.map { $0.joined(separator: " & ") + " \\\\ \\hline" }.joined(separator: "\n") + "\n\\end{longtable}\n\nFin."
        let source = LaTeXPDFs.article("11pt", body).replacingOccurrences(of: "\\usepackage{lmodern}", with: "\\usepackage{lmodern}\\usepackage{longtable}")
        // longtable settles its column widths from the .aux of a first run.
        _ = try LaTeXPDFs.make("long", source, in: tmp)
        let extraction = try LaTeXPDFs.extract(try LaTeXPDFs.make("long", source, in: tmp))
        XCTAssertEqual(extraction.pagesRead, 2)
        XCTAssertEqual(tables(extraction), [[["Nom", "Valeur", "Remarque"]] + rows])
        XCTAssertEqual(extraction.blocks.map(\.kind), [.paragraph, .table, .paragraph])
    }

    /// An HTML table with borders and spans, made a Writer document and a PDF by LibreOffice.
    func testLibreOfficeRuledTable() throws {
        guard runTool("soffice", ["--version"])?.status == 0 else {
            try missingTool("LibreOffice (soffice) missing (apt-get install libreoffice-writer-nogui)")
        }
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let html = try tmp.write("planetes.html", Data("""
            <html><body><p>Le tableau suivant donne les planètes.</p>
            <table border="1" cellpadding="4" cellspacing="0">
            <tr><th>Planète</th><th>Distance (UA)</th><th>Type</th></tr>
            <tr><td>Mercure</td><td>0,39</td><td>tellurique</td></tr>
            <tr><td>Vénus</td><td>0,72</td><td>tellurique</td></tr>
            <tr><td colspan="2">Deux colonnes</td><td>gazeuse</td></tr>
            <tr><td rowspan="2">Jupiter</td><td>5,2</td><td>géante</td></tr>
            <tr><td>5,3</td><td>gazeuse</td></tr>
            </table><p>Fin du cours.</p></body></html>
            """.utf8))
        let profile = "file://" + tmp.url.appendingPathComponent("profile").path
        for (input, format) in [(html, "odt"), (tmp.url.appendingPathComponent("planetes.odt"), "pdf")] {
            guard runTool("soffice", ["-env:UserInstallation=" + profile, "--headless", "--convert-to", format,
                                      "--outdir", tmp.url.path, input.path])?.status == 0 else {
                throw TestSetupFailure("soffice could not convert \(input.lastPathComponent) to \(format)")
            }
        }
        let extraction = try LaTeXPDFs.extract(tmp.url.appendingPathComponent("planetes.pdf"))
        XCTAssertEqual(tables(extraction), [Self.planets])
        XCTAssertEqual(extraction.blocks.map(\.kind), [.paragraph, .table, .paragraph])
    }
}
