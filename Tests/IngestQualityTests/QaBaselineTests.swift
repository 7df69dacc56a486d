import Foundation
import IngestCore
import IngestQuality
import XCTest

/// The comparison with a baseline: each figure against its tolerance, in the right direction.
final class QaBaselineTests: XCTestCase {
    func doc(_ name: String, cer: Double = 0.02, wer: Double = 0.05, recall: Double = 0.98, precision: Double = 0.97,
             status: String = "succeeded", readiness: String = "ready", confidence: Double? = nil, oov: Double? = 0.03) -> QaDocument {
        QaDocument(name: name, sources: [name + ".pdf"], kind: "pdf", status: status,
                   scores: TextScores(cer: cer, wer: wer, wordRecall: recall, wordPrecision: precision,
                                      referenceCharacters: 1000, hypothesisCharacters: 1000),
                   signals: TextSignals(characters: 1000, words: 150, replacementCharacters: 0, mojibake: 0, lostDiacritics: 0,
                                        vocabulary: "fr", outOfVocabularyRatio: oov),
                   meanOCRConfidence: confidence, readiness: readiness)
    }

    func report(_ documents: [QaDocument]) -> QaReport {
        QaReport(corpus: "c", startedAt: "2026-12-02T10:00:00Z", pipelineVersion: "t", milliseconds: 1, documents: documents)
    }

    func testWithinTolerancesIsNoRegression() {
        let base = report([doc("a"), doc("b", confidence: 90)])
        let now = report([doc("a", cer: 0.029, wer: 0.069, recall: 0.971, precision: 0.961), doc("b", confidence: 85.5)])
        let c = QaBaseline.compare(now, with: base, path: "base.json", tolerances: .init())
        XCTAssertEqual(c.regressions, [])
        XCTAssertFalse(c.hasRegressions)
    }

    func testEachFigureBeyondItsToleranceIsNamed() {
        let base = report([doc("a", confidence: 90), doc("gone")])
        let now = report([doc("a", cer: 0.05, wer: 0.2, recall: 0.9, precision: 0.9, readiness: "short", confidence: 80, oov: 0.2),
                          doc("new")])
        let c = QaBaseline.compare(now, with: base, path: "base.json", tolerances: .init())
        XCTAssertEqual(Set(c.regressions.map(\.figure)),
                       ["cer", "wer", "wordRecall", "wordPrecision", "outOfVocabularyRatio", "meanOCRConfidence", "readiness", "missing"])
        XCTAssertEqual(c.missing, ["gone"])
        XCTAssertEqual(c.added, ["new"])
        let cer = c.regressions.first { $0.figure == "cer" }!
        XCTAssertEqual(cer.message(.en), "a: cer went from 0.0200 to 0.0500 (tolerance 0.0100).")
        XCTAssertEqual(cer.message(.fr), "a : cer passe de 0.0200 à 0.0500 (tolérance 0.0100).")
    }

    func testImprovementIsNotARegression() {
        let c = QaBaseline.compare(report([doc("a", cer: 0.001, wer: 0.01, recall: 1, precision: 1)]), with: report([doc("a")]),
                                   path: "b", tolerances: .init())
        XCTAssertEqual(c.regressions, [])
        XCTAssertEqual(c.improved, ["a"])
    }

    func testAFailureWhereTheBaselineReadIsARegressionWhateverTheTolerances() {
        var tolerances = PipelineConfig.QA.Tolerances()
        tolerances.cer = 100; tolerances.wer = 100
        var failed = doc("a", status: "failed")
        failed.error = "run.crashed"
        let c = QaBaseline.compare(report([failed]), with: report([doc("a")]), path: "b", tolerances: tolerances)
        XCTAssertEqual(c.regressions.map(\.figure), ["status"])
        XCTAssertEqual(c.regressions.first?.after, "failed (run.crashed)")
    }

    func testReportRoundTripsThroughJSON() throws {
        var r = report([doc("a", confidence: 88), doc("b", status: "failed")])
        r.comparison = QaBaseline.compare(r, with: r, path: "b.json", tolerances: .init())
        let data = try JSONEncoder().encode(r)
        XCTAssertEqual(try JSONDecoder().decode(QaReport.self, from: data), r)
        XCTAssertEqual(r.overall.documents, 2)
        XCTAssertEqual(r.overall.failed, 1)
        XCTAssertEqual(r.byKind["pdf"]?.documents, 2)
    }
}
