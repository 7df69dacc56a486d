import Foundation
import IngestCore
import IngestQuality
@testable import IngestReport
import IngestTestSupport
import XCTest

/// The formula and table scores of `ingest qa` in the HTML report: a column each in the table, the
/// means in the aggregates, and in the document's section the counts, each table's TEDS and the
/// formulas not found — in the report's language.
final class QaStructureScoresReportTests: XCTestCase {
    func testScoresAreShownInTableAggregatesAndSection() throws {
        let folder = try TemporaryDirectory("ingest-report")
        defer { folder.remove() }
        var scored = QaDocument(name: "cours", sources: ["cours.docx"], kind: "docx", status: "succeeded")
        scored.formulas = FormulaScore(expected: ["x^2", "\\frac{a}{b}", "\\sqrt{x}"], given: ["x^{2}", "\\frac a b", "x"])
        scored.tables = TableScore(expected: [[["a", "b"], ["c", "d"]]], given: [[["a", "b"], ["c", "z"]]])
        let plain = QaDocument(name: "notes", sources: ["notes.txt"], kind: "text", status: "succeeded")
        let report = QaReport(corpus: "c", startedAt: "2026-12-06T10:00:00Z", pipelineVersion: "t", milliseconds: 1,
                              documents: [scored, plain])
        XCTAssertEqual(report.overall.withFormulas, 1)
        XCTAssertEqual(report.overall.meanFormulaScore, 0.6667)
        XCTAssertEqual(report.overall.meanTableScore, 0.8571)
        for (language, words) in [(MessageLanguage.en, ["Formulas", "2 of 3 found (3 in the document)", "Expected formulas not found",
                                                        "tables expected: 1, read: 1; TEDS of each: 0.86", "Mean table TEDS"]),
                                  (.fr, ["Formules", "2 sur 3 trouvées (3 dans le document)", "Formules attendues non trouvées",
                                         "tableaux attendus : 1, lus : 1 ; TEDS de chacun : 0,86", "TEDS tableaux (moy.)"])] {
            let url = folder.url.appendingPathComponent("report-\(language).html")
            try ReportFixture(report: report, details: [nil, nil]).write(to: url, language: language)
            let html = try String(contentsOf: url, encoding: .utf8)
            for w in words { XCTAssertTrue(html.contains(HTMLText.content(w)), "\(language): «\(w)» not in the report") }
            XCTAssertTrue(html.contains("<code>\\sqrt{x}</code>"), "the formula not found is named")
            XCTAssertTrue(html.contains("data-key=\"formulas\"") && html.contains("data-key=\"tables\""))
            // A table score under 0.9 and a formula lost are marked bad in the row.
            XCTAssertTrue(html.contains("class=\"n bad\" data-v=\"0.6667\""), language.rawValue)
            XCTAssertTrue(html.contains("class=\"n bad\" data-v=\"0.8571\""), language.rawValue)
        }
        // A run without them keeps the table as it was: no column, no mean.
        let url = folder.url.appendingPathComponent("plain.html")
        let without = QaReport(corpus: "c", startedAt: "2026-12-06T10:00:00Z", pipelineVersion: "t", milliseconds: 1, documents: [plain])
        try ReportFixture(report: without, details: [nil]).write(to: url, language: .en)
        let html = try String(contentsOf: url, encoding: .utf8)
        XCTAssertFalse(html.contains("data-key=\"formulas\"") || html.contains("data-key=\"tables\"") || html.contains("Mean table TEDS"))
    }
}
