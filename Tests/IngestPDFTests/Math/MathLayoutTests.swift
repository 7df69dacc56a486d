import Foundation
import IngestCore
@testable import IngestPDF
import IngestQuality
import IngestTestSupport
import XCTest

/// One-row layout of pdflatex math (issue 36): big operators with their limits, fractions only
/// where a bar is drawn, nested fractions, fractions in roots and scripts. Each page is typeset
/// by pdflatex from the LaTeX written here; what Ingest reads is compared with that LaTeX by
/// `FormulaMatch` (display equations: `formula` blocks; inline: `$…$` in the text).
final class MathLayoutTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("pdf-math-layout") }
    override func tearDown() { dir.remove() }

    /// Display equations, one per labelled paragraph, read back in order.
    func displays(_ sources: [String], name: String, packages: String = "amsmath") throws -> (formulas: [Block], text: String) {
        var body = ""
        for (i, f) in sources.enumerated() { body += "Formule \(i + 1) :\n\\[ \(f) \\]\n\n\\bigskip\n\n" }
        let tex = LaTeXPDFs.article("11pt", body).replacingOccurrences(of: "\\usepackage{lmodern}", with: "\\usepackage{lmodern}\\usepackage{\(packages)}")
        let e = try LaTeXPDFs.extract(try LaTeXPDFs.make(name, tex, in: dir))
        return (e.blocks.filter { $0.kind == .formula }, e.blocks.filter { $0.kind != .formula }.map(\.text).joined(separator: "\n"))
    }

    /// Inline formulas, one per paragraph: the `$…$` pieces of the text, and the text.
    func inlines(_ sources: [String], name: String) throws -> (found: [String], text: String) {
        var body = ""
        for (i, f) in sources.enumerated() { body += "Formule \(i + 1) : $\(f)$ fin.\n\n\\bigskip\n\n" }
        let tex = LaTeXPDFs.article("11pt", body).replacingOccurrences(of: "\\usepackage{lmodern}", with: "\\usepackage{lmodern}\\usepackage{amsmath}")
        let e = try LaTeXPDFs.extract(try LaTeXPDFs.make(name, tex, in: dir))
        let text = e.blocks.map { $0.latex ?? $0.text }.joined(separator: "\n")
        return (text.components(separatedBy: "$").enumerated().filter { $0.offset % 2 == 1 }.map(\.element), text)
    }

    /// Limits set as scripts (inline) or stacked under `lim` (display): never a fraction.
    func testBigOperatorsWithTheirLimits() throws {
        let inline = [#"\int_a^b u v'\,dx = [u v]_a^b - \int_a^b u' v\,dx"#, #"\lim_{x \to 0} \frac{\sin x}{x} = 1"#,
                      #"\sum_{k=1}^{n} k^2 = S"#]
        let read = try inlines(inline, name: "operators-inline")
        for source in inline {
            XCTAssertTrue(read.found.contains { FormulaMatch.equal($0, source) }, "«\(source)» not in \(read.found)")
        }
        let display = [#"\lim_{x \to 0} \frac{\sin x}{x} = 1"#, #"\max_{x \in I} f(x) = M"#]
        let shown = try displays(display, name: "operators-display")
        XCTAssertEqual(shown.formulas.count, display.count, shown.formulas.map { $0.latex ?? "" }.joined(separator: " ; "))
        for (f, source) in zip(shown.formulas, display) {
            XCTAssertTrue(FormulaMatch.equal(f.latex ?? "", source), "«\(f.latex ?? "")» is not «\(source)»")
        }
        XCTAssertFalse((read.text + shown.text).contains("\\frac{b}{a}"))
    }

    /// Glyphs stacked with no bar between them (a binomial, `\\overset`, `\\substack`) are never
    /// written as a fraction: the formula is left as text (its letters all kept) rather than
    /// given a structure the source does not have.
    func testStackedGlyphsWithoutABarAreNoFraction() throws {
        let sources = [#"\binom{n}{k} = C"#, #"x \overset{a}{=} y"#, #"\binom{5}{2} + 1"#]
        let read = try inlines(sources, name: "no-bar")
        XCTAssertFalse(read.text.contains("\\frac"), read.text)
        let shown = try displays(sources, name: "no-bar-display")
        XCTAssertFalse((shown.formulas.compactMap(\.latex).joined() + shown.text).contains("\\frac"), shown.text)
        for word in ["C", "y", "1"] { XCTAssertTrue(shown.text.contains(word) || shown.formulas.contains { $0.text.contains(word) }, word) }
    }

    /// A fraction inside a fraction (numerator and denominator), a root inside a fraction, a
    /// fraction in an exponent, read with the bar of each.
    func testNestedFractions() throws {
        let display = [#"\frac{1}{1 + \frac{1}{x}} = y"#, #"\frac{\frac{a}{b}}{c} = d"#, #"x_1 = \frac{-b - \sqrt{\Delta}}{2a}"#]
        let shown = try displays(display, name: "nested")
        XCTAssertEqual(shown.formulas.count, display.count, shown.formulas.map { $0.latex ?? "" }.joined(separator: " ; "))
        for (f, source) in zip(shown.formulas, display) {
            XCTAssertTrue(FormulaMatch.equal(f.latex ?? "", source), "«\(f.latex ?? "")» is not «\(source)»")
        }
        let inline = [#"a^{\frac{1}{n}} = b"#, #"e^{-\frac{t}{RC}} = u"#]
        let read = try inlines(inline, name: "nested-inline")
        for source in inline {
            XCTAssertTrue(read.found.contains { FormulaMatch.equal($0, source) }, "«\(source)» not in \(read.found)")
        }
    }

    /// The symbol font's capitals are calligraphic; two integral signs set together are `\\iint`.
    func testCalligraphicLettersAndDoubleIntegrals() throws {
        let inline = [#"\mathcal{A} = \pi r^2"#, #"\mathcal{P}(E) = F"#]
        let read = try inlines(inline, name: "calligraphic")
        for source in inline {
            XCTAssertTrue(read.found.contains { FormulaMatch.equal($0, source) }, "«\(source)» not in \(read.found)")
        }
        let display = [#"\iint_D f(x, y)\,dx\,dy = V"#]
        let shown = try displays(display, name: "double-integral")
        XCTAssertEqual(shown.formulas.count, 1)
        XCTAssertTrue(FormulaMatch.equal(shown.formulas.first?.latex ?? "", display[0]), shown.formulas.first?.latex ?? "")
    }

    /// Big delimiters (`\\left(`, `\\right]`) are the extension font's codes, their boxes only their
    /// tops: read as delimiters of the row they close. One poppler drops (its code 0, the
    /// smallest big `(` in a line of text) is found on the ink (MathFences): read whole, never
    /// with its `)` alone.
    func testBigDelimiters() throws {
        let display = [#"\ln\left(\frac{a}{b}\right) = \ln a - \ln b"#,
                       #"I = \left[\frac{x_A + x_B}{2}, \frac{y_A + y_B}{2}\right]"#]
        let shown = try displays(display, name: "fences")
        XCTAssertEqual(shown.formulas.count, display.count, shown.formulas.map { $0.latex ?? "" }.joined(separator: " ; "))
        for (f, source) in zip(shown.formulas, display) {
            XCTAssertTrue(FormulaMatch.equal(f.latex ?? "", source), "«\(f.latex ?? "")» is not «\(source)»")
        }
        let read = try inlines([#"\ln\left(\frac{a}{b}\right) = c"#], name: "fences-inline")
        XCTAssertTrue(read.found.contains { FormulaMatch.equal($0, #"\ln\left(\frac{a}{b}\right) = c"#) }, "\(read.found)")
    }

    /// A root's index over its sign (whose box poppler may set above its ink) is read; one poppler
    /// puts on another line (`\\sqrt[3]{27}` inline here) is never dropped: that formula stays text.
    func testRootIndex() throws {
        let read = try inlines([#"a^{\frac{1}{n}} = \sqrt[n]{a}"#, #"\sqrt[3]{27} = 3"#], name: "roots")
        XCTAssertTrue(read.found.contains { FormulaMatch.equal($0, #"a^{\frac{1}{n}} = \sqrt[n]{a}"#) }, "\(read.found)")
        XCTAssertFalse(read.found.contains { $0.contains("\\sqrt{27}") }, "\(read.found)")
        XCTAssertTrue(read.text.contains("27"))
    }

    /// An accent is put on the atom it stands over: poppler gives `\\vec`'s arrow no width, just
    /// before its atom; a wide hat (the extension font's code) spans several letters.
    func testAccentsOnTheirAtoms() throws {
        let display = [#"\vec{F} = q \vec{v} \wedge \vec{B}"#, #"\|\vec{u}\| = \widehat{ABC}"#]
        let shown = try displays(display, name: "accents")
        XCTAssertEqual(shown.formulas.count, display.count, shown.formulas.map { $0.latex ?? "" }.joined(separator: " ; "))
        for (f, source) in zip(shown.formulas, display) {
            XCTAssertTrue(FormulaMatch.equal(f.latex ?? "", source), "«\(f.latex ?? "")» is not «\(source)»")
        }
        // With amssymb, a wide hat comes from MSBM.
        let ams = try displays([#"\widehat{ABC} = 90^{\circ}"#], name: "accents-ams", packages: "amsmath,amssymb")
        XCTAssertEqual(ams.formulas.count, 1)
        XCTAssertTrue(FormulaMatch.equal(ams.formulas.first?.latex ?? "", #"\widehat{ABC} = 90^{\circ}"#), ams.formulas.first?.latex ?? "")
    }

    /// An upright Greek capital (Latin Modern gives Ω as the ohm sign) is math, not a word of text.
    func testUprightGreekCapital() throws {
        let source = #"\Omega = \{1, 2, 3, 4, 5, 6\}"#
        let read = try inlines([source], name: "omega")
        XCTAssertTrue(read.found.contains { FormulaMatch.equal($0, source) }, "\(read.found)")
    }

    /// Poppler cuts a paragraph's row at an inline fraction (`Formule : ρ = m` / `V fin.`, the
    /// denominator starting the second line): the two lines are read as one, the fraction with
    /// its bar; paragraphs one after the other with no space between, as in a course.
    func testInlineFractionCutByTheTextReader() throws {
        let sources = [#"\rho = \frac{m}{V}"#, #"E = \frac{h c}{\lambda}"#, #"e = -\frac{d\Phi}{dt}"#, #"\omega = \frac{2\pi}{T}"#]
        var body = ""
        for (i, f) in sources.enumerated() { body += "Formule \(i + 1) : $\(f)$ fin.\n\n" }
        let e = try LaTeXPDFs.extract(try LaTeXPDFs.make("cut-fractions", LaTeXPDFs.article("11pt", body), in: dir))
        let text = e.blocks.map(\.text).joined(separator: "\n")
        let found = text.components(separatedBy: "$").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        for source in sources { XCTAssertTrue(found.contains { FormulaMatch.equal($0, source) }, "«\(source)» not in \(found)") }
        // Every word of the text is there once: the lines taken in are not left behind too.
        for i in 1...sources.count { XCTAssertEqual(text.components(separatedBy: "Formule \(i) :").count, 2, text) }
        XCTAssertEqual(text.components(separatedBy: "fin.").count, sources.count + 1, text)
    }

    /// A fraction of function names set inline (`\\sin x` over `\\cos x`): met left to right, its
    /// glyphs interleave (`csoins`); that is never written as a word of text. Read or left as the
    /// text reader's lines, every word is there.
    func testStackedFunctionNamesAreNoWordOfText() throws {
        let read = try inlines([#"\tan x = \frac{\sin x}{\cos x}"#], name: "stacked-names")
        XCTAssertFalse(read.text.contains("csoins"), read.text)
        for word in ["tan", "sin", "cos", "fin."] { XCTAssertTrue(read.text.contains(word), "\(word) lost: \(read.text)") }
    }
}
