import Foundation
import IngestQuality
import XCTest

/// Against a baseline, a formula lost and a table score down by more than 0.01 are regressions;
/// a table a hair lower, or figures a baseline does not have, are not.
final class QaBaselineStructureTests: XCTestCase {
    private func report(formulasGiven: [String], table: [[String]], expected: [[String]]? = nil) -> QaReport {
        var d = QaDocument(name: "cours", sources: ["cours.docx"], kind: "docx", status: "succeeded")
        d.formulas = FormulaScore(expected: ["x^2", "\\frac{a}{b}"], given: formulasGiven)
        d.tables = TableScore(expected: [expected ?? whole], given: [table])
        return QaReport(corpus: "c", startedAt: "2026-12-06T10:00:00Z", pipelineVersion: "t", milliseconds: 1, documents: [d])
    }
    private let whole = [["Grandeur", "Unité"], ["Vitesse", "m/s"], ["Masse", "kg"]]

    func testAFormulaLostIsARegression() {
        let base = report(formulasGiven: ["x^{2}", "\\frac a b"], table: whole)
        let now = report(formulasGiven: ["x^{2}", "a/b"], table: whole)
        let c = QaBaseline.compare(now, with: base, path: "b", tolerances: .init())
        XCTAssertEqual(c.regressions.map(\.figure), ["formulaScore"])
        XCTAssertEqual(c.regressions.first?.before, "1.0000")
        XCTAssertEqual(c.regressions.first?.after, "0.5000")
    }

    func testATableScoreDownBeyondTheToleranceIsARegression() {
        let base = report(formulasGiven: ["x^2", "\\frac{a}{b}"], table: whole)
        // A row lost: 3 of 10 nodes.
        let rowLost = QaBaseline.compare(report(formulasGiven: ["x^2", "\\frac{a}{b}"], table: Array(whole.prefix(2))), with: base,
                                         path: "b", tolerances: .init())
        XCTAssertEqual(rowLost.regressions.map(\.figure), ["tableScore"])
        XCTAssertEqual(rowLost.regressions.first?.after, "0.7000")
        // One character of 7 wrong in one cell of 10 nodes: 1/70 = 0.014, beyond 0.01.
        var changed = whole
        changed[1][0] = "Vitessé"
        XCTAssertEqual(QaBaseline.compare(report(formulasGiven: ["x^2", "\\frac{a}{b}"], table: changed), with: base, path: "b",
                                          tolerances: .init()).regressions.map(\.figure), ["tableScore"])
        // Within it: one character of a long cell (1/12 over 10 nodes: 0.008).
        var long = whole, now2 = whole
        long[2][0] = "Masse totale"; now2[2][0] = "Masse totalé"
        let a = report(formulasGiven: [], table: long, expected: long), b = report(formulasGiven: [], table: now2, expected: long)
        XCTAssertEqual(b.documents[0].tables?.score, 0.9917)
        XCTAssertEqual(QaBaseline.compare(b, with: a, path: "b", tolerances: .init()).regressions, [])
    }

    func testABaselineWithoutTheFiguresComparesAsBefore() {
        var old = report(formulasGiven: [], table: [])
        old.documents[0].formulas = nil
        old.documents[0].tables = nil
        XCTAssertEqual(QaBaseline.compare(report(formulasGiven: [], table: []), with: old, path: "b", tolerances: .init()).regressions, [])
    }
}
