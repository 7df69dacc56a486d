import Foundation
import IngestCore
import IngestQuality
import IngestTestSupport
import XCTest

/// The expected formulas and tables of a qa manifest's `structure`, read from a Markdown source,
/// a LaTeX source and a JSON file; and the scores a document gets against them.
final class ExpectedStructureTests: XCTestCase {
    func testMarkdownFormulasAndPipeTables() {
        let md = """
        # Second degré

        Le trinôme $f(x) = ax^2+bx+c$ coûte 5 $ ou 10$ : son discriminant est $\\Delta = b^2-4ac$.
        Un prix en \\$ n'est pas une formule, ni `$x$` en code.

        $$x_1 = \\frac{-b-\\sqrt{\\Delta}}{2a}$$

        | Valeur | **Signe** |
        |:---|---:|
        | $\\Delta > 0$ | deux *racines* |
        | a \\| b | l'onde |

        ```
        $pas une formule$
        ```
        """
        let s = ExpectedStructure.markdown(md)
        XCTAssertEqual(s.formulas, ["f(x) = ax^2+bx+c", "\\Delta = b^2-4ac", "x_1 = \\frac{-b-\\sqrt{\\Delta}}{2a}"])
        XCTAssertEqual(s.tables, [[["Valeur", "Signe"], ["$\\Delta > 0$", "deux racines"], ["a | b", "l’onde"]]])
    }

    func testLaTeXFormulasAndTabular() {
        let tex = #"""
        \documentclass{article}
        \begin{document}
        On a $a^2+b^2=c^2$ % $commentaire$
        et \[ E = mc^2 \] puis \(x_1\).
        \begin{equation}
          \int_0^1 x\,dx = \frac12
        \end{equation}
        \begin{tabular}{|l|c|c|}\hline
        \textbf{Grandeur} & Unité & Valeur \\ \hline
        \multicolumn{2}{|l|}{Vitesse de la lumière} & $3\times10^8$ \\
        Masse & kg & 1{,}5 \\ \hline
        \end{tabular}
        \end{document}
        """#
        let s = ExpectedStructure.latex(tex)
        XCTAssertEqual(s.formulas, ["a^2+b^2=c^2", "E = mc^2", "x_1", "\\int_0^1 x\\,dx = \\frac12"])
        XCTAssertEqual(s.tables, [[["Grandeur", "Unité", "Valeur"], ["Vitesse de la lumière", "", "$3\\times10^8$"], ["Masse", "kg", "1,5"]]])
    }

    func testJSONAndManifestColumn() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let json = try dir.write("ch1.structure.json", #"{"formulas": ["x^2"], "tables": [[["a", "b"]]]}"#)
        XCTAssertEqual(try ExpectedStructure.read(json), ExpectedStructure(formulas: ["x^2"], tables: [[["a", "b"]]]))
        let tsv = try dir.write("m.tsv", "name\texpected\tstructure\nch1\t\tch1.structure.json\nch2\tch2.txt\t\n")
        let manifest = try QaManifest.load(tsv)
        XCTAssertEqual(manifest.structureURL("ch1")?.path, json.standardizedFileURL.path)
        XCTAssertNil(manifest.structureURL("ch2"))
        // A structure file is a reference, never a document of the corpus.
        XCTAssertTrue(manifest.expectedPaths.contains(json.standardizedFileURL.path))
        let m2 = try dir.write("m.json", #"{"documents": [{"name": "ch1", "structure": "ch1.structure.json"}]}"#)
        XCTAssertEqual(try QaManifest.load(m2).entries["ch1"]?.structure, "ch1.structure.json")
        XCTAssertThrowsError(try ExpectedStructure.read(dir.url.appendingPathComponent("none.json")))
    }

    func testFormulaScoreCountsEachGivenFormulaOnce() {
        let s = FormulaScore(expected: ["x^2", "x^2", "\\frac{a}{b}", "\\sqrt{x}"], given: ["x^{2}", "\\frac a b", "x"])
        XCTAssertEqual(s.found, 2)
        XCTAssertEqual(s.score, 0.5)
        XCTAssertEqual(s.missing, ["x^2", "\\sqrt{x}"])
        XCTAssertEqual(FormulaScore(expected: [], given: ["x"]).score, 1)
    }

    func testTableScoreMatchesEachBlockOnce() {
        let t1 = [["a", "b"], ["c", "d"]], t2 = [["x", "y"]]
        let s = TableScore(expected: [t1, t2], given: [[["x", "y"]], [["a", "b"], ["c", "z"]]])
        XCTAssertEqual(s.scores, [0.8571, 1])   // 1 − 1/7, to four places
        XCTAssertEqual(s.score, 0.9286)
        // One block cannot stand for two expected tables.
        XCTAssertEqual(TableScore(expected: [t1, t1], given: [t1]).scores, [1, 0])
        XCTAssertEqual(TableScore(expected: [t1], given: []).score, 0)
    }

    func testFormulasOfADocument() throws {
        let json = #"""
        {"blocks": [
          {"kind": "paragraph", "text": "Le trinôme $f(x)=ax^{2}+bx+c$ coûte 5 $.", "source": 0, "provenance": "typed"},
          {"kind": "formula", "text": "x₁ = (−b − √Δ)/(2a)", "latex": "x_{1}=\\frac{-b-\\sqrt{\\Delta}}{2a}", "source": 0, "provenance": "typed"},
          {"kind": "table", "text": "", "rows": [[{"text": "$\\Delta>0$"}]], "source": 0, "provenance": "typed"}
        ]}
        """#
        struct Blocks: Decodable { var blocks: [Block] }
        let blocks = try JSONDecoder().decode(Blocks.self, from: Data(json.utf8)).blocks
        XCTAssertEqual(FormulaScore.formulas(in: blocks), ["f(x)=ax^{2}+bx+c", "x_{1}=\\frac{-b-\\sqrt{\\Delta}}{2a}", "\\Delta>0"])
    }
}
