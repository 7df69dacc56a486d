import Foundation
import IngestCore
@testable import IngestPDF
import IngestTestSupport
import XCTest

/// Raised and lowered glyphs in table cells (issue 33: a changed number is a wrong quiz). A cell
/// is read as its prose line is (`LineScripts`): pdflatex's `10⁻¹` (a raised sign, then the font's
/// superior ¹) had read `10− 1` in a cell, `mol·L⁻¹` `mol·L− 1`, while the same in prose read right.
final class TableScriptsTests: XCTestCase {
    /// The cells as typed (Unicode scripts as the fidelity lesson cours-chimie types them).
    static let source = [["Groupe", "Masse (g)", "Concentration (mol·L⁻¹)", "Écart (%)"],
                         ["A", "6,24", "1,00 × 10⁻¹", "0,0"],
                         ["B", "6,18", "9,90 × 10⁻²", "−1,0"],
                         ["C", "12", "Cu²⁺ et SO₄²⁻", "+1,1"],
                         ["D", "2023", "H₂O, 3 m² et 10²³", "1"]]

    /// cours-chimie's preamble: `⁻` a raised `\textminus`, `¹ ² ³` textcomp's superior figures.
    static func document(_ table: String, columns: String = "onecolumn") -> String {
        #"""
        \documentclass[a5paper,12pt,\#(columns)]{article}
        \usepackage[T1]{fontenc}
        \usepackage[utf8]{inputenc}
        \usepackage{lmodern}
        \usepackage{textcomp}
        \usepackage[french]{babel}
        \usepackage[margin=15mm]{geometry}
        \usepackage{newunicodechar}
        \newunicodechar{−}{\textminus}
        \newunicodechar{⁻}{\textsuperscript{\textminus}}
        \newunicodechar{⁺}{\textsuperscript{+}}
        \newunicodechar{₂}{\textsubscript{2}}
        \newunicodechar{₄}{\textsubscript{4}}
        \usepackage{booktabs}
        \usepackage{graphicx}
        \pagestyle{empty}
        \begin{document}
        Chaque groupe a préparé une solution de sulfate de cuivre en pesant le solide, en le
        dissolvant dans l’eau distillée puis en complétant la fiole jaugée jusqu’au trait. La
        concentration visée était de 1,00 × 10⁻¹ mol·L⁻¹ ; l’écart est mesuré par rapport à elle.
        Les résultats des groupes, en 2024, sont les suivants :

        \begin{center}
        \#(table)
        \end{center}

        Sur les 12 500 élèves de l’académie qui ont passé l’évaluation commune, 64 \% ont
        correctement calculé une concentration. L’erreur la plus fréquente reste l’oubli de
        convertir les cm³ en litres, sachant que 1 L vaut 1 000 cm³ : le résultat est alors
        divisé par 1 000.
        \end{document}
        """#
    }

    static func tabular(_ spec: String, top: String, middle: String, bottom: String) -> String {
        let rows = source.map { $0.joined(separator: " & ").replacingOccurrences(of: "%", with: #"\%"#) + #" \\"# }
        return (["\\begin{tabular}{\(spec)}", top, rows[0], middle] + rows.dropFirst() + [bottom, "\\end{tabular}"]).joined(separator: "\n")
    }

    func tables(_ pdf: URL) throws -> [[[String]]] {
        try LaTeXPDFs.extract(pdf).blocks.filter { $0.kind == .table }.map { $0.rows!.map { $0.map(\.text) } }
    }

    /// booktabs (rules above and below, no column rules), as cours-chimie sets its table.
    func testScriptsInBooktabsCells() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let table = Self.tabular("llll", top: #"\toprule"#, middle: #"\midrule"#, bottom: #"\bottomrule"#)
        XCTAssertEqual(try tables(try LaTeXPDFs.make("booktabs", Self.document(table), in: tmp)), [Self.source])
    }

    /// The same cells in a LibreOffice Writer table (a .fodt made PDF by soffice), the scripts
    /// set as Writer sets them (`style:text-position`, 58 %): `SO₄²⁻`, a lowered 4 and a raised
    /// 2− of one size in one of poppler's words with one box, is read where the page draws them.
    func testScriptsInWriterCells() throws {
        guard runTool("soffice", ["--version"])?.status == 0 else {
            try missingTool("LibreOffice (soffice) missing (apt-get install libreoffice-writer-nogui)")
        }
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let raised: [Character: Character] = ["⁰": "0", "¹": "1", "²": "2", "³": "3", "⁴": "4", "⁵": "5", "⁶": "6", "⁷": "7", "⁸": "8",
                                              "⁹": "9", "⁺": "+", "⁻": "−"]
        let lowered: [Character: Character] = ["₀": "0", "₁": "1", "₂": "2", "₃": "3", "₄": "4", "₅": "5", "₆": "6", "₇": "7", "₈": "8", "₉": "9"]
        // A cell's text with each script character in a span of its position.
        func odf(_ text: String) -> String {
            text.map { c in
                if let r = raised[c] { return "<text:span text:style-name=\"Sup\">\(r)</text:span>" }
                if let l = lowered[c] { return "<text:span text:style-name=\"Sub\">\(l)</text:span>" }
                return WriterPages.esc(String(c))
            }.joined()
        }
        let rows = Self.source.map { row in
            "<table:table-row>" + row.map { "<table:table-cell office:value-type=\"string\"><text:p>\(odf($0))</text:p></table:table-cell>" }.joined()
                + "</table:table-row>"
        }.joined(separator: "\n")
        let prose = "Chaque groupe a préparé une solution de sulfate de cuivre en pesant le solide, en le dissolvant dans l’eau "
            + "distillée puis en complétant la fiole jaugée jusqu’au trait ; les résultats des groupes sont les suivants."
        let fodt = try tmp.write("groupes.fodt", Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
              xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"
              xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"
              xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
            <office:automatic-styles>
              <style:style style:name="Sub" style:family="text"><style:text-properties style:text-position="sub 58%"/></style:style>
              <style:style style:name="Sup" style:family="text"><style:text-properties style:text-position="super 58%"/></style:style>
            </office:automatic-styles>
            <office:body><office:text>
            <text:p>\(prose)</text:p>
            <text:p>\(prose)</text:p>
            <table:table table:name="Groupes"><table:table-column table:number-columns-repeated="4"/>
            \(rows)
            </table:table>
            <text:p>\(prose)</text:p>
            </office:text></office:body></office:document>
            """.utf8))
        let profile = "file://" + tmp.url.appendingPathComponent("profile").path
        guard runTool("soffice", ["-env:UserInstallation=" + profile, "--headless", "--convert-to", "pdf",
                                  "--outdir", tmp.url.path, fodt.path])?.status == 0 else {
            throw TestSetupFailure("soffice could not convert groupes.fodt to pdf")
        }
        XCTAssertEqual(try tables(tmp.url.appendingPathComponent("groupes.pdf")), [Self.source])
    }

    /// A ruled grid, and the same table scaled down to a column (`\resizebox`, the fidelity
    /// lesson's two-column variant): the scripts are told against their own base, whatever the size.
    func testScriptsInRuledAndScaledCells() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let ruled = Self.tabular("|l|l|l|l|", top: #"\hline"#, middle: #"\hline"#, bottom: #"\hline"#)
        XCTAssertEqual(try tables(try LaTeXPDFs.make("ruled", Self.document(ruled), in: tmp)), [Self.source])
        let scaled = #"\resizebox{\columnwidth}{!}{"# + Self.tabular("llll", top: #"\toprule"#, middle: #"\midrule"#, bottom: #"\bottomrule"#) + "}"
        XCTAssertEqual(try tables(try LaTeXPDFs.make("scaled", Self.document(scaled, columns: "twocolumn"), in: tmp)), [Self.source])
    }
}
