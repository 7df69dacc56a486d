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
