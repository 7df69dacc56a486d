import Foundation
import IngestCore
import IngestTestSupport
@testable import IngestOffice
import XCTest

/// An equation is held whole while it is read, so a hostile one must not cost without bound: nesting
/// past `MathCapture.maxDepth` is read through without deepening the tree (no recursion thousands
/// deep), and text past `MathCapture.maxCharacters` is not held. The words after it still come.
final class FormulaLimitsTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("formula-limits") }
    override func tearDown() { dir.remove() }

    static let m = #"xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math""#

    /// Exponents that differ, so the part does not compress like a ZIP bomb (seeded: reproducible).
    static func words(_ count: Int) -> [String] {
        var rng = SeededGenerator(seed: 36)
        return (0..<count).map { _ in String((0..<8).map { _ in "abcdefghijklmnopqrstuvwxyz0123456789".randomElement(using: &rng)! }) }
    }

    func testDeeplyNestedEquationIsReadWithoutDeepRecursion() throws {
        let depth = 100_000
        let open = Self.words(depth).map { "<m:sSup><m:e><m:r><m:t>\($0)</m:t></m:r>" }.joined()
        let close = Self.words(depth).map { "</m:e><m:sup><m:r><m:t>\($0)</m:t></m:r></m:sup></m:sSup>" }.joined()
        let body = "<w:p \(Self.m)><w:r><w:t>Avant </w:t></w:r><m:oMath><m:r><m:t>y</m:t></m:r>" + open + "<m:r><m:t>x</m:t></m:r>" + close
            + "</m:oMath><w:r><w:t> après.</w:t></w:r></w:p>"
        let e = try extractFile(try DocxBuilder(body: body).write(dir), with: DocxExtractor())
        let text = e.blocks.map(\.text).joined(separator: "\n")
        XCTAssertTrue(text.hasPrefix("Avant $y"), text.prefix(80).description)
        XCTAssertTrue(text.hasSuffix("$ après."), text.suffix(80).description)
        // The kept part is nested at most `maxDepth` levels: its exponents are counted, not all 200,000.
        XCTAssertLessThanOrEqual(text.components(separatedBy: "^{").count - 1, MathCapture.maxDepth)
    }

    func testLongEquationTextIsBounded() throws {
        let runs = Self.words(60_000).map { "<m:r><m:t>\($0)</m:t></m:r>" }.joined()  // 480,000 characters
        let body = "<w:p \(Self.m)><w:r><w:t>Soit </w:t></w:r><m:oMathPara><m:oMath>" + runs + "</m:oMath></m:oMathPara></w:p>"
            + "<w:p><w:r><w:t>Suite du cours.</w:t></w:r></w:p>"
        let e = try extractFile(try DocxBuilder(body: body).write(dir), with: DocxExtractor())
        let formula = try XCTUnwrap(e.blocks.first { $0.kind == .formula })
        XCTAssertLessThanOrEqual(formula.text.count, MathCapture.maxCharacters + 100)
        XCTAssertEqual(e.blocks.last?.text, "Suite du cours.")
        XCTAssertEqual(e.blocks.first?.text, "Soit")
    }
}
