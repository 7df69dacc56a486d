import IngestQuality
import XCTest

/// `ingest qa`'s formula comparison (and bench/formulas') forgives spelling only, never a change a
/// reader would see.
final class FormulaMatchTests: XCTestCase {
    func testSpellingsOfOneFormulaAreEqual() {
        let same: [(String, String)] = [
            (#"x^2"#, #"x^{2}"#),
            (#"\frac12"#, #"\frac{1}{2}"#),
            (#"\dfrac{a}{b}"#, #"\frac{a}{b}"#),
            (#"\left( x + 1 \right)^2"#, #"(x+1)^{2}"#),
            (#"a \le b"#, #"a\leq b"#),
            (#"\int_0^1 x\,dx"#, #"\int_{0}^{1}x dx"#),
            (#"\operatorname{sin} x"#, #"\sin x"#),
            (#"\mathrm{d}x"#, #"dx"#),
            (#"Δ = b^2"#, #"\Delta=b^{2}"#),
            (#"x^2_1"#, #"x_{1}^{2}"#),
            (#"\text{ m/s}"#, #"\text{m/s}"#),
        ]
        for (a, b) in same { XCTAssertTrue(FormulaMatch.equal(a, b), "«\(a)» and «\(b)»: \(FormulaMatch.normalize(a)) ≠ \(FormulaMatch.normalize(b))") }
    }

    func testChangesAReaderSeesAreDifferences() {
        let different: [(String, String)] = [
            (#"x^2"#, #"x_2"#),
            (#"x^2"#, #"x2"#),
            (#"\frac{a}{b}"#, #"\frac{b}{a}"#),
            (#"\frac{a+b}{c}"#, #"a+\frac{b}{c}"#),
            (#"\sqrt{x}"#, #"x"#),
            (#"\sqrt[3]{x}"#, #"\sqrt{x}"#),
            (#"|x|"#, #"x"#),
            (#"\sum_{i=1}^{n} x_i"#, #"\sum x_i"#),
            (#"\vec{u}"#, #"u"#),
            (#"\mathbb{R}"#, #"R"#),
            (#"\Delta"#, #"\delta"#),
            (#"e^{-x^2}"#, #"e^{-x}2"#),
            (#"\begin{pmatrix} 1 & 2 \end{pmatrix}"#, #"\begin{pmatrix} 2 & 1 \end{pmatrix}"#),
        ]
        for (a, b) in different { XCTAssertFalse(FormulaMatch.equal(a, b), "«\(a)» and «\(b)» count as equal") }
    }

    /// What the Office readers write for pandoc's docx of issue 36's formulas is equal to the source.
    func testReadersSpellingOfIssueFormulas() {
        XCTAssertTrue(FormulaMatch.equal("f(x) = ax^2+bx+c", "f(x)=ax^{2}+bx+c"))
        XCTAssertTrue(FormulaMatch.equal(#"x_1 = \frac{-b-\sqrt{\Delta}}{2a}"#, #"x_{1}=\frac{-b-\sqrt{\Delta}}{2a}"#))
        XCTAssertFalse(FormulaMatch.equal(#"x_1 = \frac{-b-\sqrt{\Delta}}{2a}"#, "x1=−b−Δ2a"))
    }
}
