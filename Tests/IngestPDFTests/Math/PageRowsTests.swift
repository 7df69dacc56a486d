import Foundation
import IngestCore
@testable import IngestPDF
import IngestQuality
import IngestTestSupport
import XCTest

/// Inline formulas whose row poppler cuts or mixes with the lines around it (issue 36): a root
/// sign of the next line written into this one's text, a glyph in two lines' boxes, a numerator on
/// a line of its own. Each page is typeset by pdflatex from the LaTeX written here, set tight as a
/// course's formula sheet is (`Formule N : $…$ fin.`, one paragraph each, no space between them);
/// what Ingest reads is compared with that LaTeX, and the text around it with the source's words.
final class PageRowsTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("pdf-math-rows") }
    override func tearDown() { dir.remove() }

    /// The page's text (formulas as `$…$`) and its inline formulas, in order.
    func read(_ sources: [String], name: String) throws -> (found: [String], text: String) {
        try LaTeXPDFs.requirePDFLaTeX()
        var body = ""
        for (i, f) in sources.enumerated() { body += "Formule \(i + 1) : $\(f)$ fin.\n\n" }
        let tex = LaTeXPDFs.article("11pt", body).replacingOccurrences(of: "\\usepackage{lmodern}", with: "\\usepackage{lmodern}\\usepackage{amsmath,amssymb}")
        let e = try LaTeXPDFs.extract(try LaTeXPDFs.make(name, tex, in: dir))
        let text = e.blocks.map { $0.latex ?? $0.text }.joined(separator: "\n")
        return (text.components(separatedBy: "$").enumerated().filter { $0.offset % 2 == 1 }.map(\.element), text)
    }

    /// The text outside the `$…$` pieces.
    func words(_ text: String) -> String {
        text.components(separatedBy: "$").enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
    }

    /// `(a+b)^3 = …` under a line of roots: poppler writes the next line's two `√` into this row
    /// and cuts it in three lines (`Formule 1 : √` / `(a + b)³ = √` / `a³ + … fin.`). The row is
    /// read whole (was: only `a^{3}+…`, its left side left as text), and the signs go with the
    /// roots they belong to, written once.
    func testRowCutByTheRootsOfTheNextLine() throws {
        let sources = [#"(a+b)^3 = a^3 + 3a^2 b + 3a b^2 + b^3"#, #"\sqrt{ab} = \sqrt{a}\sqrt{b}"#]
        let r = try read(sources, name: "roots-next-line")
        XCTAssertEqual(r.found.count, 2, r.text)
        for (got, source) in zip(r.found, sources) { XCTAssertTrue(FormulaMatch.equal(got, source), "«\(got)» is not «\(source)»") }
        XCTAssertFalse(words(r.text).contains("√"), r.text)
    }

    /// `z = a + i b` over `|z| = \\sqrt{a^2 + b^2}`: the root sign reaches up into the first row,
    /// whose box then holds the `+` poppler put on a line of its own (`z = a√` / `+ ib fin.`). The
    /// row is read whole, the `+` written once (was `$z=a+$ + $ib$`), the sign goes to its root
    /// (was lost from the text), and the `z` of the row above is no fraction bar of the root's
    /// formula (was unsure: a rule with atoms on one side).
    func testGlyphInTwoBoxesIsWrittenOnce() throws {
        let sources = [#"z = a + i b"#, #"|z| = \sqrt{a^2 + b^2}"#]
        let r = try read(sources, name: "shared-glyph")
        XCTAssertEqual(r.found.count, 2, r.text)
        for (got, source) in zip(r.found, sources) { XCTAssertTrue(FormulaMatch.equal(got, source), "«\(got)» is not «\(source)»") }
        XCTAssertFalse(words(r.text).contains("+"), r.text)
        XCTAssertFalse(words(r.text).contains("√"), r.text)
    }

    /// An inline `\\frac{dy}{dx}` whose numerator poppler puts on a line of its own, beside the
    /// row's end (`dy` / `Formule 1 : dx` / `= ky fin.`): read with the line of its denominator
    /// and the rest of the row; the denominator alone is never a formula that looks sure (was
    /// `$dx$`, a bar over it with nothing read above).
    func testNumeratorOnALineOfItsOwn() throws {
        let sources = [#"\frac{dy}{dx} = k y"#, #"\frac{\partial f}{\partial x}"#]
        let r = try read(sources, name: "numerator-line")
        XCTAssertEqual(r.found.count, 2, r.text)
        for (got, source) in zip(r.found, sources) { XCTAssertTrue(FormulaMatch.equal(got, source), "«\(got)» is not «\(source)»") }
    }

    /// A bar over a formula read alone (its numerator set on another line) makes it unsure: the
    /// line stays text, never `$dx$`.
    func testDenominatorAloneIsUnsure() throws {
        try LaTeXPDFs.requirePDFLaTeX()
        let page = try LaTeXPDFs.make("denominator", LaTeXPDFs.article("11pt", "Formule 1 : $\\frac{dy}{dx} = k y$ fin.\n"), in: dir)
        let doc = try PopplerDocumentRef(url: page, password: nil)
        let glyphs = doc.page(at: 0)!.mathGlyphs()
        let bars = RadicalBars(page: doc.page(at: 0)!)
        bars.seen.glyphs = glyphs
        let denominator = glyphs.filter { !$0.isSpace && $0.size < 10 && $0.y0 > glyphs.first { $0.text == "=" }!.y0 }
        XCTAssertEqual(denominator.map(\.text).joined(), "dx")
        let got = MathLayout.read(denominator, radicalEnd: bars.end)
        XCTAssertEqual(got?.sure, false, got?.latex ?? "")
    }

    /// A formula does not start with an operator: figures stacked before `×` (an inline
    /// `\frac{3}{4}` poppler makes one word, `34`) are its first term (was `34 $\times…$`); a
    /// function name after an opening bracket opens the formula (`(ln u)'`, was `(ln $u)'…$`).
    func testFirstTermOfTheFormula() throws {
        let sources = [#"\frac{3}{4} \times \frac{2}{5} = \frac{3}{10}"#, #"(\ln u)' = \frac{u'}{u}"#]
        let r = try read(sources, name: "first-term")
        XCTAssertEqual(r.found.count, 2, r.text)
        for (got, source) in zip(r.found, sources) { XCTAssertTrue(FormulaMatch.equal(got, source), "«\(got)» is not «\(source)»") }
    }

    /// A display of figures, operators and fraction bars only (no math font in it): a formula
    /// when its fractions are read (was seven paragraphs `2`, `1`, `5`, `+ =`, `3`, `6`, `6`);
    /// stacked figures with no bar stay text.
    func testDisplayOfFiguresOnly() throws {
        try LaTeXPDFs.requirePDFLaTeX()
        let body = "Formule 1 : $x$ fin.\n\nFormule 2 :\n\\[ \\frac{2}{3} + \\frac{1}{6} = \\frac{5}{6} \\]\n\nFormule 3 :\n\\[ \\begin{matrix} 12 & 34 \\\\ 56 & 78 \\end{matrix} \\]\n"
        let tex = LaTeXPDFs.article("11pt", body).replacingOccurrences(of: "\\usepackage{lmodern}", with: "\\usepackage{lmodern}\\usepackage{amsmath}")
        let e = try LaTeXPDFs.extract(try LaTeXPDFs.make("figures-display", tex, in: dir))
        let formulas = e.blocks.filter { $0.kind == .formula }.map { $0.latex ?? "" }
        XCTAssertEqual(formulas.count, 1, "\(formulas)")
        XCTAssertTrue(FormulaMatch.equal(formulas.first ?? "", #"\frac{2}{3} + \frac{1}{6} = \frac{5}{6}"#), "\(formulas)")
        let text = e.blocks.filter { $0.kind != .formula }.map(\.text).joined(separator: " ")
        for n in ["12", "34", "56", "78"] { XCTAssertTrue(text.contains(n), text) }
    }

    /// Two inline sums with limits and fractions one line over the other: poppler puts each ∑ on
    /// the other's row and cuts both rows at it (`Formule 1 :` / `k=1 k = n(n+1)` / `fin.`); each
    /// row is read whole with its own ∑ (was: both rows' pieces taken as one `aligned`, left as
    /// text; and `k=1k=…` read without its sum, a subscript with no base written as a term).
    func testInlineSumsOneOverTheOther() throws {
        let sources = [#"\sum_{k=1}^{n} k = \frac{n(n+1)}{2}"#, #"\sum_{k=1}^{n} k^2 = \frac{n(n+1)(2n+1)}{6}"#]
        let r = try read(sources, name: "sums")
        XCTAssertEqual(r.found.count, 2, r.text)
        for (got, source) in zip(r.found, sources) { XCTAssertTrue(FormulaMatch.equal(got, source), "«\(got)» is not «\(source)»") }
        XCTAssertFalse(r.text.contains("mathrm{fin}"), r.text)
    }

    /// An inline fraction over an inline `aligned` whose first row touches it: that row goes with
    /// the text row its middle is nearer (was taken into the fraction's line, left as text).
    /// A function name over the second row of a matrix it is not read with is no formula (was
    /// `$\\det cd$`, sure).
    func testRowsTouchingTheLineAbove() throws {
        let sources = [#"\frac{x^2}{a^2} + \frac{y^2}{b^2} = 1"#, #"\begin{aligned} f(x) &= (x+1)^2 \\ &= x^2 + 2x + 1 \end{aligned}"#,
                       #"\det\begin{pmatrix} a & b \\ c & d \end{pmatrix} = ad - bc"#]
        let r = try read(sources, name: "touching")
        XCTAssertTrue(FormulaMatch.equal(r.found.first ?? "", sources[0]), "\(r.found)")
        XCTAssertFalse(r.found.contains { $0.contains("\\det") && !FormulaMatch.equal($0, sources[2]) }, "\(r.found)")
        for w in ["Formule 1", "Formule 2", "Formule 3", "ad", "bc"] { XCTAssertTrue(r.text.contains(w), r.text) }
    }

    /// An inline integral with limits under a row of text: its sign hangs below its box, and
    /// poppler writes it into the row above (`y = ∫f′(a)…`). It is read with its own row (was: the
    /// row above read with an `\\int` it has not, `y=f'(a)(x-a)+f(a)\\int`; its own row left as
    /// text), and an integral read without a limit poppler put on another line is unsure (never
    /// `\\int_{a}f(t)dt`).
    func testInlineIntegralUnderARow() throws {
        let sources = [#"y = f'(a)(x - a) + f(a)"#, #"\int_a^b f(x)\,dx = F(b) - F(a)"#, #"P(a \leq X \leq b) = \int_a^b f(t)\,dt"#]
        let r = try read(sources, name: "integral")
        XCTAssertTrue(r.found.count >= 2, r.text)
        for (got, source) in zip(r.found, sources).prefix(2) { XCTAssertTrue(FormulaMatch.equal(got, source), "«\(got)» is not «\(source)»") }
        XCTAssertFalse(r.found.contains { got in got.contains("\\int") && !sources.contains(where: { FormulaMatch.equal(got, $0) }) }, "\(r.found)")
    }

    /// The top stroke of the next line's `\\mathbb{R}` (poppler's box of an MSBM letter is lower
    /// than its ink) under `\\omega_0` is no fraction bar of this line's formula (was unsure).
    func testBlackboardLetterBelowIsNoBar() throws {
        let sources = [#"\ddot{x} + \omega_0^2 x = 0"#, #"\{x \in \mathbb{R} \mid x > 0\}"#]
        let r = try read(sources, name: "blackboard-below")
        XCTAssertEqual(r.found.count, 2, r.text)
        for (got, source) in zip(r.found, sources) { XCTAssertTrue(FormulaMatch.equal(got, source), "«\(got)» is not «\(source)»") }
    }

    /// Big signs poppler writes into another row's text: a big root sign, a `\\left(`'s and
    /// `\\right)`'s pieces (their boxes are their tops). They go with the row of what they
    /// hold; a row read without its root sign, or a `\\right)` read without its exponent, is never a
    /// formula that looks sure (was `\\sqrt{x_{A})^{2}+(y_{B}-y_{A})^{2}}`, and
    /// `\\lim_{n\\to+\\infty}(1+\\frac{1}{n})=e`), every word kept.
    func testBigSignsOfOtherRows() throws {
        let sources = [#"\mathcal{A} = \frac{b h}{2}"#, #"d(A, B) = \sqrt{(x_B - x_A)^2 + (y_B - y_A)^2}"#,
                       #"I = \left(\frac{x_A + x_B}{2}, \frac{y_A + y_B}{2}\right)"#, #"\lim_{x \to +\infty} \frac{1}{x} = 0"#,
                       #"\lim_{n \to +\infty} \left(1 + \frac{1}{n}\right)^n = e"#]
        let r = try read(sources, name: "big-signs")
        // (Pieces of a row read apart, `$\\lim_{x\\to+\\infty}$` and `= $e$`, are still left: what is read
        // with a root or with `1/n` is the whole formula.)
        for got in r.found where got.contains("\\sqrt") || got.contains("\\frac{1}{n}") {
            XCTAssertTrue(sources.contains { FormulaMatch.equal(got, $0) }, "«\(got)» is none of the sources: \(r.text)")
        }
        for i in sources.indices { XCTAssertTrue(r.text.contains("Formule \(i + 1) :"), r.text) }
    }

    /// Inline roots of fractions take the extension font's bigger signs (`p`, `q`), whose box is
    /// their top: the sign hangs from its bar over the whole fraction, on the row's axis (was read
    /// as an exponent of `\\pi`, or the fraction alone, `$\\frac{m}{k}$`, sure without its root); a
    /// script in script-script style is as small as its base (`v^2` in `\\frac{v^2}{c^2}` under a
    /// root in a denominator).
    func testRootsOfFractions() throws {
        let sources = [#"T = 2\pi \sqrt{\frac{\ell}{g}}"#, #"T = 2\pi \sqrt{\frac{m}{k}}"#, #"\gamma = \frac{1}{\sqrt{1 - \frac{v^2}{c^2}}}"#]
        let r = try read(sources, name: "roots-of-fractions")
        for source in sources { XCTAssertTrue(r.found.contains { FormulaMatch.equal($0, source) }, "«\(source)» not in \(r.found)") }
        for got in r.found { XCTAssertTrue(sources.contains { FormulaMatch.equal(got, $0) }, "«\(got)» is none of the sources") }
    }
}
