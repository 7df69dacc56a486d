import Foundation
import IngestCore
@testable import IngestPDF
import IngestQuality
import IngestTestSupport
import XCTest

/// Math set by pdflatex read back as LaTeX (issue 36): a short lesson with a fraction, a root, a
/// sum with limits, exponents, subscripts and Greek, typeset by pdflatex from a .tex written here;
/// each formula's LaTeX compared with its source after `FormulaMatch`'s normalisation.
final class MathTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("pdf-math") }
    override func tearDown() { dir.remove() }

    static let displays = [
        #"x_1 = \frac{-b - \sqrt{\Delta}}{2a}"#,
        #"\sum_{k=1}^{n} k^2 = \frac{n(n+1)(2n+1)}{6}"#,
        #"|z| = \sqrt{a^2 + b^2}"#,
        #"\Delta = b^2 - 4ac"#,
    ]
    static let inlines = [
        #"f(x) = ax^2 + bx + c"#,
        #"u_{n+1} = u_n + r"#,
        #"e^{i\pi} + 1 = 0"#,
    ]

    func testFormulasOfALesson() throws {
        var body = "Le cours.\n\n"
        for (i, f) in Self.displays.enumerated() { body += "Formule \(i + 1) :\n\\[ \(f) \\]\n\n" }
        for (i, f) in Self.inlines.enumerated() { body += "Formule \(i + 10) : $\(f)$ fin.\n\n" }
        let pdf = try LaTeXPDFs.make("lesson", LaTeXPDFs.article("12pt", body), in: dir)
        let e = try LaTeXPDFs.extract(pdf)
        let formulas = e.blocks.filter { $0.kind == .formula }
        for b in e.blocks { print("\(b.kind): \(b.text) | \(b.latex ?? "")") }
        XCTAssertEqual(formulas.count, Self.displays.count)
        for (f, source) in zip(formulas, Self.displays) {
            XCTAssertTrue(FormulaMatch.equal(f.latex ?? "", source), "«\(f.latex ?? "")» is not «\(source)»")
            XCTAssertFalse(f.text.contains("\\"))
            XCTAssertEqual(f.provenance, .textLayer)
        }
        let text = e.blocks.filter { $0.kind != .formula }.map(\.text).joined(separator: "\n")
        for source in Self.inlines {
            let found = text.components(separatedBy: "$").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            XCTAssertTrue(found.contains { FormulaMatch.equal($0, source) }, "«\(source)» not in \(found)")
        }
        XCTAssertTrue(text.contains("Le cours."))
        // Each equation right after its label, and no root sign left behind as a line of its own.
        for (i, _) in Self.displays.enumerated() {
            let label = try XCTUnwrap(e.blocks.firstIndex { $0.text.contains("Formule \(i + 1) :") })
            XCTAssertEqual(e.blocks[label + 1].kind, .formula, "Formule \(i + 1)")
        }
        XCTAssertFalse(e.blocks.contains { $0.text.contains("√") && $0.kind != .formula })
    }

    /// A vector whose rows are only small fractions has no row of full-size glyphs to read its
    /// rows by: the display stays text (every figure kept, no LaTeX invented) and the document
    /// says so with `pdf.formulasAsText`.
    func testVectorOfSmallFractionsStaysTextWithAWarning() throws {
        let body = """
        Un vecteur :
        \\[ \\vec{u} = \\begin{pmatrix} \\frac{5}{2} \\\\ \\frac{3}{4} \\end{pmatrix} \\]
        et une fraction : \\[ x = \\frac{a}{b} \\]
        """
        let source = LaTeXPDFs.article("12pt", body).replacingOccurrences(of: "\\usepackage{lmodern}", with: "\\usepackage{lmodern}\\usepackage{amsmath}")
        let pdf = try LaTeXPDFs.make("matrix", source, in: dir)
        let e = try LaTeXPDFs.extract(pdf)
        let formulas = e.blocks.filter { $0.kind == .formula }
        XCTAssertEqual(formulas.map { $0.latex ?? "" }.filter { FormulaMatch.equal($0, #"x = \frac{a}{b}"#) }.count, 1)
        XCTAssertEqual(formulas.count, 1, formulas.map { $0.latex ?? "" }.joined(separator: " ; "))
        let words = e.blocks.map(\.text).joined(separator: " ")
        for figure in ["u", "5", "2", "3", "4"] { XCTAssertTrue(words.contains(figure), figure) }
        XCTAssertEqual(e.warnings.filter { $0.code == .pdfFormulasAsText }.count, 1)
    }

    /// A page of text with italic words and numbers: no formula, no `$`.
    func testTextPageHasNoFormula() throws {
        let body = """
        Le \\emph{théorème} de Pythagore date de 500 av. J.-C. environ ; en 2024, 12 élèves sur 30 \\textit{connaissaient}
        sa preuve, soit 40 \\%. Voir la page 3, section 2.1, et \\textit{a fortiori} le chapitre 7.

        \\textbf{Exercice 4.} Calculer 3 + 4 = 7 puis 12 / 4 = 3 (sans calculatrice).
        """
        let pdf = try LaTeXPDFs.make("text", LaTeXPDFs.article("12pt", body), in: dir)
        let e = try LaTeXPDFs.extract(pdf)
        XCTAssertEqual(e.blocks.filter { $0.kind == .formula }.count, 0)
        XCTAssertFalse(e.blocks.contains { $0.text.contains("$") }, e.blocks.map(\.text).joined(separator: "\n"))
    }
}
