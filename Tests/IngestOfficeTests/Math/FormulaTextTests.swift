import Foundation
import IngestCore
import IngestQuality
import IngestTestSupport
import XCTest
@testable import IngestOffice

/// Issue 36: a formula block's `text` is the equation as a reader of formulas reads it without
/// LaTeX — exponents and indexes kept (`x²`, `x₁`), fractions and roots written out — and an
/// inline equation stands in its sentence as `$…$`. Files made by pandoc from the LaTeX below.
final class FormulaTextTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("formula-text") }
    override func tearDown() { dir.remove() }

    /// Source LaTeX and how it reads (the minus sign as pandoc types it, U+2212).
    static let displays: [(String, String)] = [
        (#"\Delta = b^2 - 4ac"#, "Δ = b² − 4ac"),
        (#"x_1 = \frac{-b - \sqrt{\Delta}}{2a}"#, "x₁ = (−b − √Δ)/(2a)"),
        (#"\sqrt[3]{27} = 3"#, "∛27 = 3"),
        (#"e^{i\pi} + 1 = 0"#, "e^(iπ) + 1 = 0"),
        (#"\text{CH}_4 + 2\text{O}_2 \rightarrow \text{CO}_2 + 2\text{H}_2\text{O}"#, "CH₄ + 2O₂ → CO₂ + 2H₂O"),
        (#"A = \begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix}"#, "A = (1 2; 3 4)"),
        (#"\lim_{x \to 0} \frac{\sin x}{x} = 1"#, "lim_(x→0) (sin x)/x = 1"),
        (#"\sum_{k=1}^{n} k = \frac{n(n+1)}{2}"#, "∑ₖ₌₁ⁿ k = (n(n + 1))/2"),
    ]

    static var markdown: String {
        "# Formules\n\nLe trinôme $f(x) = ax^2 + bx + c$ a pour discriminant :\n\n"
            + displays.map { "$$" + $0.0 + "$$" }.joined(separator: "\n\n") + "\n"
    }

    func check(_ e: Extraction, _ what: String) {
        let formulas = e.blocks.filter { $0.kind == .formula }
        XCTAssertEqual(formulas.map(\.text), Self.displays.map(\.1), what)
        for (block, source) in zip(formulas, Self.displays.map(\.0)) {
            XCTAssertTrue(FormulaMatch.equal(block.latex ?? "", source), "\(what): «\(block.latex ?? "nil")» for «\(source)»")
        }
        let sentence = e.blocks.first { $0.text.hasPrefix("Le trinôme") }?.text
        XCTAssertEqual(sentence, "Le trinôme $f(x)=ax^{2}+bx+c$ a pour discriminant :", what)
    }

    func testDisplayFormulasReadAsLinearText() throws {
        try SourceTools.requirePandoc()
        let tools = SourceTools(dir: dir)
        check(try extractFile(try tools.pandoc(Self.markdown, "f.docx"), with: DocxExtractor()), "pandoc docx")
        check(try extractFile(try tools.pandoc(Self.markdown, "f.pptx"), with: PptxExtractor()), "pandoc pptx")
        check(try extractFile(try tools.pandoc(Self.markdown, "f.odt"), with: ODFExtractor()), "pandoc odt")
        check(try extractFile(try tools.pandoc(Self.markdown, "f.epub", ["--mathml", "--metadata", "title=F"]), with: EPUBExtractor()),
              "pandoc epub")
    }

    /// A table cell's text is plain: an equation in it, display or inline, stands there as `$…$`.
    func testFormulasInTableCells() throws {
        try SourceTools.requirePandoc()
        let tools = SourceTools(dir: dir)
        let md = "| grandeur | formule |\n|---|---|\n| énergie | $$E = mc^2$$ |\n| indice | $x_1$ |\n"
        for (name, extractor) in [("t.docx", DocxExtractor() as any Extractor), ("t.odt", ODFExtractor())] {
            let e = try extractFile(try tools.pandoc(md, name), with: extractor)
            let table = try XCTUnwrap(e.blocks.first { $0.kind == .table }, name)
            XCTAssertEqual(table.rows?.map { $0.map(\.text) }, [["grandeur", "formule"], ["énergie", "$E=mc^{2}$"], ["indice", "$x_{1}$"]], name)
            XCTAssertFalse(e.blocks.contains { $0.kind == .formula }, name)
        }
    }
}
