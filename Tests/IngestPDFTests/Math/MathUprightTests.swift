import Foundation
import IngestCore
@testable import IngestPDF
import IngestQuality
import IngestTestSupport
import XCTest

/// Upright text inside math (issue 36): `\text{…}` words, chemistry, units and isotopes' prescripts,
/// which TeX sets in the text font like the words around the formula. Each page is typeset by
/// pdflatex from the LaTeX written here; what Ingest reads is compared with that LaTeX by
/// `FormulaMatch`, and the words around each formula are checked to be all there, in order.
final class MathUprightTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("pdf-math-upright") }
    override func tearDown() { dir.remove() }

    /// A page of labelled formulas (display or inline, `Formule N :` … `fin.`) and the document read.
    func page(_ sources: [(latex: String, display: Bool)], name: String, extra: String = "") throws -> Extraction {
        var body = extra
        for (i, f) in sources.enumerated() {
            // (Set apart: strokes of a line's glyphs seen in the next one's box are PageFormulas' matter, measured by the corpus.)
            body += (f.display ? "Formule \(i + 1) :\n\\[ \(f.latex) \\]\n\n" : "Formule \(i + 1) : $\(f.latex)$ fin.\n\n") + "\\medskip\n\n"
        }
        let tex = LaTeXPDFs.article("11pt", body).replacingOccurrences(of: "\\usepackage{lmodern}", with: "\\usepackage{lmodern}\\usepackage{amsmath}")
        return try LaTeXPDFs.extract(try LaTeXPDFs.make(name, tex, in: dir))
    }

    /// Each label's formula (a `formula` block's LaTeX or the first `$…$` after the label), as
    /// PDFFormulaFidelityTests assigns them.
    func formulas(_ e: Extraction) -> [Int: String] { PDFFormulaFidelityTests.ingestFormulas(e) }

    func assertRead(_ sources: [(latex: String, display: Bool)], _ e: Extraction, file: StaticString = #filePath, line: UInt = #line) {
        let read = formulas(e)
        for (i, s) in sources.enumerated() {
            XCTAssertTrue(FormulaMatch.equal(read[i + 1] ?? "", s.latex), "#\(i + 1) «\(s.latex)» read «\(read[i + 1] ?? "(none)")»", file: file, line: line)
            if s.display {
                XCTAssertTrue(e.blocks.contains { $0.kind == .formula && FormulaMatch.equal($0.latex ?? "", s.latex) }, "#\(i + 1) no formula block",
                              file: file, line: line)
            }
        }
        // The words around the formulas all there, in order: `Formule 1`, (`fin`), `Formule 2`…
        let text = e.blocks.filter { $0.kind != .formula }.map(\.text).joined(separator: "\n")
        var rest = Substring(text)
        for (i, s) in sources.enumerated() {
            guard let r = rest.range(of: "Formule \(i + 1) :") else { XCTFail("label \(i + 1) lost or moved in «\(text)»", file: file, line: line); return }
            rest = rest[r.upperBound...]
            if !s.display {
                guard let f = rest.range(of: "fin.") else { XCTFail("fin. of \(i + 1) lost in «\(text)»", file: file, line: line); return }
                rest = rest[f.upperBound...]
            }
        }
    }

    /// Chemistry set inline: element symbols with counts and charges, arrows, coefficients, a
    /// group in parentheses, an acidity constant's `p`, and `10^{-\text{pH}}`. (A formula alone in a
    /// sentence, `$\text{H}_2\text{SO}_4$`, is set like `H\textsubscript{2}SO\textsubscript{4}`: it stays
    /// text, `testTextWordsStayText`.)
    func testChemistryInline() throws {
        let sources: [(String, Bool)] = [
            (#"\text{CH}_4 + 2\text{O}_2 \rightarrow \text{CO}_2 + 2\text{H}_2\text{O}"#, false),
            (#"\text{Al}^{3+} + 3\text{HO}^- \rightarrow \text{Al(OH)}_3"#, false),
            (#"\text{Ag}^{+} + e^- \rightarrow \text{Ag}"#, false),
            (#"\text{pH} = \text{p}K_a + 1"#, false),
            (#"[\text{H}_3\text{O}^+] = 10^{-\text{pH}}"#, false),
        ]
        let e = try page(sources, name: "chemistry-inline")
        assertRead(sources, e)
    }

    /// Units after a number (`\text{ mol}^{-1}`, `\text{ W/m}^2`) and a name applied to math
    /// (`\text{card}(\Omega)`) inline.
    func testUnitsAndNamesInline() throws {
        let sources: [(String, Bool)] = [
            (#"N_A = 6.02 \times 10^{23} \text{ mol}^{-1}"#, false),
            (#"P = 2.5 \times 10^{-3} \text{ W/m}^2"#, false),
            (#"\text{card}(\Omega) = 12"#, false),
            (#"g = 9.8 \text{ m}\cdot\text{s}^{-2}"#, false),
        ]
        let e = try page(sources, name: "units-inline")
        assertRead(sources, e)
    }

    /// Display equations holding upright words: one `formula` block each.
    func testDisplaysWithUprightWords() throws {
        let sources: [(String, Bool)] = [
            (#"\text{pH} = -\log[\text{H}_3\text{O}^+]"#, true),
            (#"\text{NaCl} \rightarrow \text{Na}^+ + \text{Cl}^-"#, true),
            (#"90^{\circ} = \frac{\pi}{2} \text{ rad}"#, true),
            (#"p + \rho g z = \text{cte}"#, true),
            (#"\text{Zn} \rightarrow \text{Zn}^{2+} + 2e^-"#, true),
        ]
        let e = try page(sources, name: "upright-display")
        assertRead(sources, e)
    }

    /// An isotope's mass and atomic numbers before its symbol (`{}^{14}_{6}\text{C}`), inline (poppler
    /// cuts the row there) and in a display reaction.
    func testIsotopePrescripts() throws {
        let sources: [(String, Bool)] = [
            (#"{}^{235}_{92}\text{U} + {}^{1}_{0}n \rightarrow {}^{141}_{56}\text{Ba} + {}^{92}_{36}\text{Kr} + 3\,{}^{1}_{0}n"#, true),
            (#"{}^{14}_{6}\text{C}"#, false),
            (#"{}^{238}_{92}\text{U} \rightarrow {}^{234}_{90}\text{Th} + {}^{4}_{2}\text{He}"#, true),
        ]
        let e = try page(sources, name: "isotopes")
        assertRead(sources, e)
    }

    /// Concentrations in an inline fraction (`\frac{[\text{C}]^c}{[\text{A}]^a}`): poppler sets the bracketed
    /// names on lines of their own, read with the row they stand over and under.
    func testConcentrationsInFractions() throws {
        let sources: [(String, Bool)] = [
            (#"Q = \frac{[\text{C}]^2}{[\text{A}][\text{B}]}"#, false),
            // The charge of `[B⁻]` is a poppler line of its own, `[B` `]` another.
            (#"\text{pH} = 4.8 + \log\frac{[\text{B}^-]}{[\text{BH}]}"#, false),
            (#"E = 1.2 + \frac{0.06}{2} \log\frac{[\text{Ox}]}{[\text{Red}]}"#, false),
        ]
        let e = try page(sources, name: "concentrations")
        assertRead(sources, e)
    }

    /// A charge poppler sets as a line of its own (`H⁺`'s `+`, right under a display) is its
    /// formula's: the display above and the inline reaction are each read whole.
    func testChargeLineUnderADisplay() throws {
        let sources: [(String, Bool)] = [
            (#"{}^{226}_{88}\text{Ra} \rightarrow {}^{222}_{86}\text{Rn} + {}^{4}_{2}\text{He} + 2\,{}^{0}_{0}\gamma"#, true),
            (#"\text{SO}_2 + \text{H}_2\text{O} \rightleftharpoons \text{HSO}_3^- + \text{H}^+"#, false),
        ]
        var body = ""
        for (i, f) in sources.enumerated() { body += f.1 ? "Formule \(i + 1) :\n\\[ \(f.0) \\]\n\n" : "Formule \(i + 1) : $\(f.0)$ fin.\n\n" }
        let tex = LaTeXPDFs.article("11pt", body).replacingOccurrences(of: "\\usepackage{lmodern}", with: "\\usepackage{lmodern}\\usepackage{amsmath,amssymb}")
        let e = try LaTeXPDFs.extract(try LaTeXPDFs.make("charge-line", tex, in: dir))
        assertRead(sources, e)
    }

    /// Upright words are written `\mathrm{…}`, never as italic letters (`pH`, `mol`). (`$\text{pH} = 7$`
    /// alone is all in the text font, like the words `pH = 7`: it stays text.)
    func testUprightWordsWrittenUpright() throws {
        let sources: [(String, Bool)] = [(#"\text{pH} = -\log c"#, false), (#"n = 2 \text{ mol}^{-1}"#, false)]
        let read = formulas(try page(sources, name: "mathrm"))
        XCTAssertTrue(read[1]?.contains("\\mathrm{pH}") == true, read[1] ?? "(none)")
        // (A unit after a number, a space of text between them, as the source: `\text{ mol}`.)
        XCTAssertTrue(read[2]?.contains("2\\text{ mol}^{-1}") == true, read[2] ?? "(none)")
    }

    /// Words of text on a page with math stay text: a sentence with `pH`, a unit after a number
    /// set as text, a footnote's mark, a capitalised word next to an operator of text.
    func testTextWordsStayText() throws {
        let extra = """
        Le pH de la solution vaut 7 et la masse est de 3 kg environ.\\footnote{Note.}

        La formule NaCl du sel ne contient pas de nombres.

        L'acide $\\text{H}_2\\text{SO}_4$ et l'eau H\\textsubscript{2}O, sur 12 m\\textsuperscript{2} de paillasse.

        Un angle de $\\pi$ rad fait un demi-tour, et $x^2$ reste $x^2$.


        """
        let e = try page([(#"a = b"#, false)], name: "text-stays", extra: extra)
        let text = e.blocks.map(\.text).joined(separator: "\n")
        XCTAssertTrue(text.contains("Le pH de la solution vaut 7 et la masse est de 3 kg environ"), text)
        XCTAssertTrue(text.contains("La formule NaCl du sel ne contient pas de nombres."), text)
        XCTAssertTrue(text.contains("rad fait un demi-tour"), text)
        XCTAssertTrue(text.contains("L’acide H₂SO₄ et l’eau H₂O, sur 12 m² de paillasse."), text)
        XCTAssertFalse(text.contains("\\mathrm{environ}") || text.contains("\\mathrm{Le}") || text.contains("\\mathrm{La}"), text)
    }

    /// A chemistry lesson as a teacher types it (French accents: pdflatex then writes `/Ascent 0` for the
    /// text font and poppler's boxes are its bounding box, so baselines cannot be told from them):
    /// every word of text kept in its paragraph, and every formula read is the source's or a part
    /// of it, never another one (`H₃O⁺` read as `H O⁺ 3`).
    func testChemistryLessonKeepsItsTextAndNeverMisreads() throws {
        let math = [#"\text{H}_3\text{O}^+"#, #"\text{pH} = -\log[\text{H}_3\text{O}^+]"#, #"K_e = 10^{-14}"#,
                    #"\text{CO}_2 + \text{H}_2\text{O} \rightleftharpoons \text{HCO}_3^- + \text{H}^+"#, #"M = 18 \text{ g}\cdot\text{mol}^{-1}"#,
                    #"N_A = 6.02 \times 10^{23}"#, #"\text{CH}_4 + 2\text{O}_2 \rightarrow \text{CO}_2 + 2\text{H}_2\text{O}"#,
                    #"{}^{14}_{6}\text{C}"#, #"t_{1/2} = 5730"#, #"\pi"#]
        let body = """
        \\section*{Acides et bases}
        Une solution aqueuse contient des ions oxonium $\(math[0])$ dont la concentration fixe le pH. On définit
        $\(math[1])$ et, à 25 °C, le produit ionique de l'eau vaut $\(math[2])$.
        Le dioxyde de carbone (CO$_2$) se dissout dans l'eau : $\(math[3])$.
        La masse molaire de l'eau est $\(math[4])$ et une mole contient $\(math[5])$ entités.

        La combustion du méthane s'écrit
        \\[ \(math[6]) \\]
        et libère environ 890 kJ par mole. Le carbone 14, noté $\(math[7])$, sert à dater les fossiles ; sa demi-vie est
        $\(math[8])$ ans. Un angle de 180° vaut $\(math[9])$ rad. Le pH d'une eau pure est 7 à 25 °C.

        """
        let tex = LaTeXPDFs.article("11pt", body).replacingOccurrences(of: "\\usepackage{lmodern}", with: "\\usepackage{lmodern}\\usepackage{amsmath,amssymb}")
        let e = try LaTeXPDFs.extract(try LaTeXPDFs.make("lesson", tex, in: dir))
        let blocks = e.blocks.map { $0.kind == .formula ? "$" + ($0.latex ?? "") + "$" : $0.text }
        let text = blocks.joined(separator: "\n")
        // Each formula read: the source's, or a run of its tokens.
        let sources = math.map(FormulaMatch.normalize)
        for (k, piece) in text.components(separatedBy: "$").enumerated() where k % 2 == 1 {
            let read = FormulaMatch.normalize(piece)
            XCTAssertTrue(sources.contains { $0.contains(read) }, "«\(piece)» is no formula of the source in «\(text)»")
        }
        // The words of text, each paragraph one block.
        let words = blocks.map { LaTeXPDFs.words($0.replacingOccurrences(of: #"\$[^$]*\$"#, with: " ", options: .regularExpression)) }
        let first = try XCTUnwrap(words.firstIndex { $0.starts(with: ["Une", "solution"]) }, text)
        for w in ["oxonium", "définit", "ionique", "dissout", "molaire", "entités"] { XCTAssertTrue(words[first].contains(w), "\(w) not in «\(blocks[first])»") }
        XCTAssertTrue(words.contains { $0.starts(with: ["La", "combustion", "du", "méthane"]) }, text)
        let last = try XCTUnwrap(words.firstIndex { $0.starts(with: ["et", "libère"]) }, text)
        for w in ["noté", "fossiles", "ans", "rad", "pure", "25"] { XCTAssertTrue(words[last].contains(w), "\(w) not in «\(blocks[last])»") }
    }

    /// When a formula with upright words is not read, none of its words is lost or moved: the
    /// line stays as the text reader wrote it (a matrix of element symbols, which is not read).
    func testUnreadFormulaKeepsItsWords() throws {
        let sources: [(String, Bool)] = [(#"\text{H}_2\text{O} \cdot \begin{pmatrix} \text{Na} & \text{Cl} \\ \text{K} & \text{Br} \end{pmatrix}"#, false)]
        let e = try page(sources, name: "unread", extra: "Avant le texte.\n\n")
        let text = e.blocks.map { $0.kind == .formula ? $0.text : $0.text }.joined(separator: "\n")
        for word in ["Avant", "Formule", "Na", "Cl", "Br", "fin"] { XCTAssertTrue(text.contains(word), "\(word) lost in «\(text)»") }
        XCTAssertNotNil(text.range(of: "Avant le texte."), text)
    }
}


