import Foundation
import IngestCore
@testable import IngestPDF
import IngestQuality
import IngestTestSupport
import XCTest

/// Displays set on several baselines (issue 36), typeset by pdflatex from a .tex written here and
/// read back as the LaTeX a teacher writes: matrices (`pmatrix` whose largest `(` poppler does not
/// give, `bmatrix`, 3×3 built from pieces, `vmatrix` whose bars are no glyphs at all, a column
/// vector told from `\binom` by its rows' spacing), `cases` with words, `aligned` / `align*` rows on `=`,
/// and an equation number kept out of the formula as `\tag`. Each `formula` block is compared with
/// its source by `FormulaMatch`.
final class MathArraysTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("pdf-arrays") }
    override func tearDown() { dir.remove() }

    static func source(_ body: String) -> String {
        LaTeXPDFs.article("11pt", body).replacingOccurrences(of: "\\usepackage{lmodern}", with: "\\usepackage{lmodern}\\usepackage{amsmath,amssymb}")
    }

    /// The formula blocks of a page made of `displays`, each after a line of text.
    func read(_ name: String, _ displays: [String]) throws -> [Block] {
        var body = ""
        for (i, d) in displays.enumerated() { body += "Formule \(i + 1) :\n\(d)\n\nSuite \(i + 1).\n\n" }
        let e = try LaTeXPDFs.extract(try LaTeXPDFs.make(name, Self.source(body), in: dir))
        // Each display right after its label, nothing of it left in the text.
        for i in displays.indices {
            let label = try XCTUnwrap(e.blocks.firstIndex { $0.text.contains("Formule \(i + 1) :") }, "Formule \(i + 1)")
            guard label + 2 < e.blocks.count else { XCTFail("Formule \(i + 1): nothing after it"); continue }
            XCTAssertEqual(e.blocks[label + 1].kind, .formula, "Formule \(i + 1): \(e.blocks[label + 1].text)")
            XCTAssertTrue(e.blocks[label + 2].text.hasPrefix("Suite \(i + 1)."), "Formule \(i + 1): «\(e.blocks[label + 2].text)» after it")
        }
        let formulas = e.blocks.filter { $0.kind == .formula }
        for f in formulas {
            XCTAssertFalse(f.text.contains("\\"), "LaTeX in the linear text «\(f.text)»")
            XCTAssertEqual(f.provenance, .textLayer)
        }
        XCTAssertEqual(e.warnings.filter { $0.code == .pdfFormulasAsText }.count, 0)
        return formulas
    }

    func assertRead(_ formulas: [Block], _ expected: [String], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(formulas.count, expected.count, formulas.map { $0.latex ?? "" }.joined(separator: " ; "), file: file, line: line)
        for (f, source) in zip(formulas, expected) {
            XCTAssertTrue(FormulaMatch.equal(f.latex ?? "", source), "«\(f.latex ?? "")» is not «\(source)»", file: file, line: line)
        }
    }

    func testMatrices() throws {
        let sources = [
            #"A = \begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix}"#,
            #"A^{-1} = \frac{1}{ad - bc} \begin{pmatrix} d & -b \\ -c & a \end{pmatrix}"#,
            #"I_3 = \begin{pmatrix} 1 & 0 & 0 \\ 0 & 1 & 0 \\ 0 & 0 & 1 \end{pmatrix}"#,
            #"\begin{bmatrix} 2 & -1 \\ 0 & 3 \end{bmatrix}"#,
            #"\vec{n} = \begin{pmatrix} a \\ b \\ c \end{pmatrix}"#,
            #"M = \begin{bmatrix} x^2 & \beta & 0 \\ -1 & \alpha & \frac{1}{2} \end{bmatrix}"#,
            #"\begin{vmatrix} a & b \\ c & d \end{vmatrix} = ad - bc"#,
            #"\det(A) = \begin{vmatrix} 1 & 2 & 0 \\ 3 & -1 & 4 \\ 0 & 5 & 2 \end{vmatrix}"#,
            #"X = \begin{pmatrix} x \\ y \end{pmatrix}"#,
            #"\binom{n}{k} + \binom{n}{k+1} = \binom{n+1}{k+1}"#,
            #"AB = \begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix} \begin{pmatrix} 0 & 1 \\ 1 & 0 \end{pmatrix} = \begin{pmatrix} 2 & 1 \\ 4 & 3 \end{pmatrix}"#,
        ]
        assertRead(try read("matrices", sources.map { "\\[ \($0) \\]" }), sources)
    }

    func testCases() throws {
        let sources = [
            #"|x| = \begin{cases} x & \text{si } x \geq 0 \\ -x & \text{sinon} \end{cases}"#,
            #"\begin{cases} x + y = 5 \\ x - y = 1 \end{cases}"#,
            #"f(x) = \begin{cases} x^2 & \text{if } x < 0 \\ 0 & \text{if } x = 0 \\ \sqrt{x} & \text{otherwise} \end{cases}"#,
        ]
        let formulas = try read("cases", sources.map { "\\[ \($0) \\]" })
        assertRead(formulas, sources)
        // The words are `\text`, not italic letters multiplied (`six`).
        XCTAssertTrue(formulas.first?.latex?.contains(#"\text{si"#) == true, formulas.first?.latex ?? "")
    }

    /// `aligned` in `\[…\]`, `align*` and `eqnarray*` look alike on the page: all come back as
    /// `aligned` (the form a formula block can hold), rows joined by `\\`, each aligned on its
    /// relation with `&`.
    func testAlignedRows() throws {
        let rows = [
            #"f(x) &= (x+1)^2 \\ &= x^2 + 2x + 1"#,
            #"\Delta &= b^2 - 4ac \\ &= 25 - 24 \\ &= 1"#,
            #"E_m &= E_c + E_p \\ &= \frac{1}{2} m v^2 + m g z"#,
        ]
        let formulas = try read("aligned", [
            "\\[ \\begin{aligned} \(rows[0]) \\end{aligned} \\]",
            "\\begin{align*} \(rows[1]) \\end{align*}",
            "\\begin{eqnarray*} \(rows[2].replacingOccurrences(of: "&=", with: "&=&")) \\end{eqnarray*}",
        ])
        assertRead(formulas, rows.map { "\\begin{aligned} \($0) \\end{aligned}" })
    }

    /// A matrix, a determinant and a `cases` set inline in a line of text: each `$…$` of the line
    /// holds the whole structure with the math beside it, the words around it kept. (A 3-row one,
    /// whose middle row is on the line's own, is taken by the table finder: not read.)
    func testInlineStructures() throws {
        let sources = [
            #"A = \begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix}"#,
            #"\begin{vmatrix} a & b \\ c & d \end{vmatrix} = ad - bc"#,
            #"\begin{cases} x + y = 5 \\ x - y = 1 \end{cases}"#,
        ]
        var body = ""
        for (i, f) in sources.enumerated() { body += "Formule \(i + 1) : $\(f)$ fin.\n\n\\vspace{1cm}\n\n" }
        let e = try LaTeXPDFs.extract(try LaTeXPDFs.make("inline", Self.source(body), in: dir))
        let text = e.blocks.map(\.text).joined(separator: "\n")
        let found = text.components(separatedBy: "$").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        for source in sources { XCTAssertTrue(found.contains { FormulaMatch.equal($0, source) }, "«\(source)» not in \(found)") }
        for i in sources.indices { XCTAssertTrue(text.contains("Formule \(i + 1) :"), text) }
        XCTAssertEqual(text.components(separatedBy: "fin.").count - 1, sources.count, text)
    }

    /// A numbered `align` has one number per row, which `aligned` cannot hold: the rows are read,
    /// the numbers stay in the text, each as it is on the page.
    func testNumberedRowsKeepTheirNumbersAsText() throws {
        let source = LaTeXPDFs.article("11pt", "Formule :\n\\begin{align} \\Delta &= b^2 - 4ac \\\\ &= 1 \\end{align}\nSuite.\n")
            .replacingOccurrences(of: "\\usepackage{lmodern}", with: "\\usepackage{lmodern}\\usepackage{amsmath}")
        let e = try LaTeXPDFs.extract(try LaTeXPDFs.make("numbered-rows", source, in: dir))
        let formulas = e.blocks.filter { $0.kind == .formula }
        assertRead(formulas, [#"\begin{aligned} \Delta &= b^2 - 4ac \\ &= 1 \end{aligned}"#])
        let texts = e.blocks.filter { $0.kind != .formula }.map(\.text)
        XCTAssertTrue(texts.contains("(1)") && texts.contains("(2)"), "\(texts)")
    }

    /// A numbered equation: the number at the right margin is the equation's `\tag`, no paragraph.
    func testEquationNumberIsATag() throws {
        let formulas = try read("numbered", [#"\begin{equation} E = mc^2 \end{equation}"#, #"\begin{equation} F = m a \end{equation}"#])
        assertRead(formulas, [#"E = mc^2 \tag{1}"#, #"F = m a \tag{2}"#])
        XCTAssertEqual(formulas.map(\.text), ["E = mc² (1)", "F = ma (2)"])
    }

    /// A rewritten line must still hold its glyphs' letters and figures (function names count,
    /// scripts may be Unicode superscripts): else it is left as the text reader wrote it.
    func testRewrittenLineKeepsItsLetters() {
        func glyphs(_ text: String, small: Set<Int> = []) -> [MathGlyph] {
            text.enumerated().map { k, c in
                MathGlyph(text: String(c), x0: Double(k) * 6, y0: 0, x1: Double(k) * 6 + 5, y1: 10, size: small.contains(k) ? 8 : 10.9,
                          font: .text, index: k)
            }
        }
        XCTAssertTrue(PageFormulas.keeps(#"on a $\sin x$ et 10⁸ fin."#, glyphs("onasinxet108fin.", small: [11])))
        XCTAssertFalse(PageFormulas.keeps(#"Formule : $\vec{u}\wedge\vec{v}=$"#, glyphs("Formule:uvyzzy")))
    }

    /// Prints every glyph of MATH_DUMP_PDF's first page with its font and code, spaces of math
    /// fonts included (a helper: skipped without the variable).
    func testDumpWithSpaces() throws {
        guard let path = ProcessInfo.processInfo.environment["MATH_DUMP_PDF"] else { throw XCTSkip("by design: set MATH_DUMP_PDF") }
        let doc = try PopplerDocumentRef(url: URL(fileURLWithPath: path), password: nil)
        let page = doc.page(at: 0)!
        for g in page.mathGlyphs() where !g.isSpace || g.font.isMath {
            let code = g.text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: ",")
            print(String(format: "%@ %@ %@ x %.1f-%.1f y %.1f-%.1f size %.1f", code, g.isSpace ? "SPACE" : g.text, "\(g.font)", g.x0, g.x1, g.y0, g.y1, g.size))
        }
    }
}
