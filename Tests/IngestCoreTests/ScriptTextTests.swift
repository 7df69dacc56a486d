import XCTest
@testable import IngestCore

/// Issue 33: a superscript or subscript keeps its meaning in plain text.
final class ScriptTextTests: XCTestCase {
    func testNumbersAndSignsTakeTheirUnicodeForms() {
        XCTAssertEqual(ScriptText.render("8", .superscript), "⁸")
        XCTAssertEqual(ScriptText.render("-3", .superscript), "⁻³")
        XCTAssertEqual(ScriptText.render("n+1", .superscript), "ⁿ⁺¹")
        XCTAssertEqual(ScriptText.render("2", .subscript), "₂")
        XCTAssertEqual(ScriptText.render("max", .subscript), "ₘₐₓ")
    }

    func testOrdinalsStayPlain() {
        for o in ["er", "e", "ème", "re", "nd", "th"] { XCTAssertEqual(ScriptText.render(o, .superscript), o) }
    }

    func testWithoutUnicodeFormsTheLinearNotation() {
        XCTAssertEqual(ScriptText.render("iπ", .superscript), "^(iπ)")
        XCTAssertEqual(ScriptText.render("T", .superscript), "^T")
        XCTAssertEqual(ScriptText.render("Na", .subscript), "_(Na)")
    }

    /// What is rendered is never folded back by normalization.
    func testNormalizationKeepsWhatIsRendered() {
        for (t, p) in [("8", ScriptText.Position.superscript), ("n+1", .superscript), ("2", .subscript), ("max", .subscript)] {
            let s = "x" + ScriptText.render(t, p)
            XCTAssertEqual(Normalizer.normalize(s), s)
        }
    }
}
