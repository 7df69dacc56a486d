import Foundation
import IngestCore
@testable import IngestPDF
import IngestQuality
import IngestTestSupport
import XCTest

/// Big parentheses around an inline fraction or binomial (issue 36): TeX takes `\\big(` from the
/// extension font's code 0, which poppler leaves out of the page's text, while its `)` is there.
/// The `(` is found on the page's ink; what it holds is read (a fraction, or two rows with no bar:
/// `\\binom`). Each page is typeset by pdflatex from the LaTeX written here, set as a course's
/// formula sheet is (`Formule N : $…$ fin.`); what Ingest reads is compared with that LaTeX.
final class MathFencesTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("pdf-math-fences") }
    override func tearDown() { dir.remove() }

    /// The page's text (formulas as `$…$`) and its inline formulas, in order.
    /// (`broken`: each formula starts a line of its own, after its label's line.)
    func read(_ sources: [String], name: String, broken: Bool = false) throws -> (found: [String], text: String) {
        try LaTeXPDFs.requirePDFLaTeX()
        var body = ""
        for (i, f) in sources.enumerated() { body += "Formule \(i + 1) : \(broken ? "\\\\ " : "")$\(f)$ fin.\n\n\\medskip\n\n" }
        let tex = LaTeXPDFs.article("11pt", body).replacingOccurrences(of: "\\usepackage{lmodern}", with: "\\usepackage{lmodern}\\usepackage{amsmath,amssymb}")
        let e = try LaTeXPDFs.extract(try LaTeXPDFs.make(name, tex, in: dir))
        let text = e.blocks.map { $0.latex ?? $0.text }.joined(separator: "\n")
        return (text.components(separatedBy: "$").enumerated().filter { $0.offset % 2 == 1 }.map(\.element), text)
    }

    /// `\\ln\\left(\\frac{a}{b}\\right)` (corpus #20), `\\binom{n}{k}` (#32): read whole, the
    /// parenthesis poppler does not give put back (was: the line left as text, `ln ab = …`, or
    /// with the `(` back but the binomial's rows taken for its scripts, `(_{k}^{n})`).
    func testBigParenthesesAroundAFractionOrBinomial() throws {
        let sources = [#"\ln\left(\frac{a}{b}\right) = \ln a - \ln b"#, #"\binom{n}{k} = \frac{n!}{k!(n-k)!}"#]
        let r = try read(sources, name: "fences")
        XCTAssertEqual(r.found.count, sources.count, r.text)
        for (got, source) in zip(r.found, sources) { XCTAssertTrue(FormulaMatch.equal(got, source), "«\(got)» is not «\(source)»") }
        // Every label and closing word once, as the source has them.
        for i in sources.indices { XCTAssertEqual(r.text.components(separatedBy: "Formule \(i + 1) :").count, 2, r.text) }
        XCTAssertEqual(r.text.components(separatedBy: "fin.").count, sources.count + 1, r.text)
    }

    /// `L = 10\log\left(\frac{I}{I_0}\right)` starting a line (corpus #191): poppler puts the
    /// word space before the big `)` (`I₀ )fin.`); the `)` still closes the formula (was: only
    /// `L=10\log` read, the rest left as text), and the delimiters' codes poppler wrote into the
    /// label's line are not left in its text (was `Formule\u{10} 1 \u{11}:`).
    func testClosingParenthesisAfterASpace() throws {
        let sources = [#"L = 10 \log\left(\frac{I}{I_0}\right)"#]
        let r = try read(sources, name: "fence-space", broken: true)
        XCTAssertEqual(r.found.count, 1, r.text)
        for (got, source) in zip(r.found, sources) { XCTAssertTrue(FormulaMatch.equal(got, source), "«\(got)» is not «\(source)»") }
        XCTAssertTrue(r.text.contains("$ fin."), r.text)
        // Poppler writes the delimiters' codes into the label's line: none is left in the text.
        XCTAssertTrue(r.text.contains("Formule 1 :\n$"), r.text)
        XCTAssertFalse(r.text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, r.text.debugDescription)
    }
}
