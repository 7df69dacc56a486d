import XCTest

/// `FidelityFindings.numbers` on texts whose difference is known: it sees what the word
/// comparison cannot (a lost sign, a lost raise of a sign), and a minus typed as a hyphen-minus
/// or an unchanged text is no finding.
final class FidelityFindingsTests: XCTestCase {
    let source = "Le zéro absolu, −273,15 °C ; la charge 1,6 × 10⁻¹⁹ C ; des ions Cu²⁺ et SO₄²⁻ ; 9,81 m·s⁻²."

    func testTheSourceItselfGivesNoFinding() {
        XCTAssertEqual(FidelityFindings.numbers(source, expected: source), [])
        XCTAssertEqual(FidelityFindings.numbers(source.replacingOccurrences(of: "−", with: "-"), expected: source), [])
    }

    func testALostSignIsFoundWhereWordsSeeNone() {
        let changed = source.replacingOccurrences(of: "−273,15", with: "273,15")
        XCTAssertEqual(FidelityFindings.words(changed, expected: source), [])
        XCTAssertEqual(FidelityFindings.numbers(changed, expected: source), ["number «−273,15» lost", "extra number «273,15»"])
    }

    func testAnExponentReadFlatIsFound() {
        let changed = source.replacingOccurrences(of: "10⁻¹⁹", with: "10⁻1⁹").replacingOccurrences(of: "Cu²⁺", with: "Cu²+")
        XCTAssertEqual(FidelityFindings.numbers(changed, expected: source),
                       ["number «10⁻¹⁹» lost", "number «²⁺» lost", "extra number «10⁻1⁹»", "extra number «²»"])
        // A raised minus lost.
        let flat = source.replacingOccurrences(of: "s⁻²", with: "s²")
        XCTAssertEqual(FidelityFindings.numbers(flat, expected: source), ["number «⁻²» lost", "extra number «²»"])
    }

    func testADecimalCommaLostIsFound() {
        XCTAssertEqual(FidelityFindings.numbers("4,9 g", expected: "4,9 g"), [])
        XCTAssertEqual(FidelityFindings.numbers("49 g", expected: "4,9 g"), ["number «4,9» lost", "extra number «49»"])
    }
}
