import Foundation
import IngestCore

/// One figure of one document that got worse than the baseline by more than its tolerance.
public struct QaRegression: Codable, Sendable, Equatable {
    public var document: String
    /// `cer`, `wer`, `wordRecall`, `wordPrecision`, `outOfVocabularyRatio`, `meanOCRConfidence`,
    /// `status`, `readiness`, `readinessMatches`, `duplicateMatches`, `missing`, `formulaScore`, `tableScore`.
    public var figure: String
    public var before: String
    public var after: String
    public var tolerance: String?

    public init(document: String, figure: String, before: String, after: String, tolerance: String? = nil) {
        self.document = document; self.figure = figure; self.before = before; self.after = after; self.tolerance = tolerance
    }

    /// The sentence for a person (`qa.regression`).
    public func message(_ language: MessageLanguage) -> String {
        IngestError(.qaRegression, ["document": document, "figure": figure, "before": before,
                                    "after": after, "tolerance": tolerance ?? "0"]).message(language)
    }
}

/// A report set against an earlier one, document by document (matched by name).
public struct QaComparison: Codable, Sendable, Equatable {
    /// The baseline's path as given.
    public var baseline: String
    public var regressions: [QaRegression]
    /// Documents whose CER or WER fell by more than the tolerance.
    public var improved: [String]
    /// In this run only, and in the baseline only (a vanished document is also a regression).
    public var added: [String]
    public var missing: [String]

    public var hasRegressions: Bool { !regressions.isEmpty }
}

public enum QaBaseline {
    /// Reads an earlier `ingest qa --json` report.
    public static func load(_ url: URL) throws(IngestError) -> QaReport {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw IngestError(.qaBaselineInvalid, ["path": url.path].merging(MessageCatalog.phrase("reason", .qaReasonUnreadable)) { a, _ in a }, detail: String(describing: error))
        }
        do {
            let report = try JSONDecoder().decode(QaReport.self, from: data)
            guard report.schemaVersion <= QaReport.currentSchemaVersion else {
                throw IngestError(.qaBaselineInvalid, ["path": url.path].merging(MessageCatalog.phrase("reason", .qaReasonSchemaVersion, ["version": "\(report.schemaVersion)"])) { a, _ in a })
            }
            return report
        } catch let e as IngestError { throw e } catch {
            throw IngestError(.qaBaselineInvalid, ["path": url.path].merging(MessageCatalog.phrase("reason", .qaReasonNotAReport)) { a, _ in a }, detail: String(describing: error))
        }
    }

    /// Every figure that worsened beyond `tolerances`. A document that failed where it was read,
    /// whose readiness dropped or stopped matching the manifest, or that vanished, is a regression
    /// whatever the tolerances.
    public static func compare(_ report: QaReport, with baseline: QaReport, path: String,
                               tolerances: PipelineConfig.QA.Tolerances) -> QaComparison {
        let before = Dictionary(baseline.documents.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let names = Set(report.documents.map(\.name))
        var regressions: [QaRegression] = []
        var improved: [String] = []
        func f(_ v: Double) -> String { String(format: "%.4f", v) }
        for now in report.documents {
            guard let was = before[now.name] else { continue }
            let name = now.name
            if was.status != "failed" && now.status == "failed" {
                regressions.append(QaRegression(document: name, figure: "status", before: was.status,
                                                after: "failed" + (now.error.map { " (\($0))" } ?? "")))
                continue
            }
            if let a = was.scores, let b = now.scores {
                if b.cer - a.cer > tolerances.cer { regressions.append(.init(document: name, figure: "cer", before: f(a.cer), after: f(b.cer), tolerance: f(tolerances.cer))) }
                if b.wer - a.wer > tolerances.wer { regressions.append(.init(document: name, figure: "wer", before: f(a.wer), after: f(b.wer), tolerance: f(tolerances.wer))) }
                if a.wordRecall - b.wordRecall > tolerances.wordRecall {
                    regressions.append(.init(document: name, figure: "wordRecall", before: f(a.wordRecall), after: f(b.wordRecall), tolerance: f(tolerances.wordRecall)))
                }
                if a.wordPrecision - b.wordPrecision > tolerances.wordPrecision {
                    regressions.append(.init(document: name, figure: "wordPrecision", before: f(a.wordPrecision), after: f(b.wordPrecision), tolerance: f(tolerances.wordPrecision)))
                }
                if a.cer - b.cer > tolerances.cer || a.wer - b.wer > tolerances.wer { improved.append(name) }
            } else if was.scores != nil && now.scores == nil {
                regressions.append(.init(document: name, figure: "cer", before: f(was.scores!.cer), after: "none"))
            }
            if let a = was.signals?.outOfVocabularyRatio, let b = now.signals?.outOfVocabularyRatio, b - a > tolerances.outOfVocabularyRatio {
                regressions.append(.init(document: name, figure: "outOfVocabularyRatio", before: f(a), after: f(b), tolerance: f(tolerances.outOfVocabularyRatio)))
            }
            if let a = was.meanOCRConfidence, let b = now.meanOCRConfidence, a - b > tolerances.ocrConfidence {
                regressions.append(.init(document: name, figure: "meanOCRConfidence", before: String(format: "%.1f", a),
                                         after: String(format: "%.1f", b), tolerance: String(format: "%.1f", tolerances.ocrConfidence)))
            }
            if let a = was.readiness, let b = now.readiness, rank(b) < rank(a) {
                regressions.append(.init(document: name, figure: "readiness", before: a, after: b))
            }
            if was.readinessMatches == true && now.readinessMatches == false {
                regressions.append(.init(document: name, figure: "readinessMatches", before: "true", after: "false"))
            }
            if was.duplicateMatches == true && now.duplicateMatches == false {
                regressions.append(.init(document: name, figure: "duplicateMatches", before: "true", after: "false"))
            }
            // A formula is found equal or not: any one lost is a regression. A table's TEDS moves
            // by a cell's edits: less than `tableScoreTolerance` is no change a reader sees.
            if let a = was.formulas, let b = now.formulas, b.score < a.score {
                regressions.append(.init(document: name, figure: "formulaScore", before: f(a.score), after: f(b.score), tolerance: f(0)))
            }
            if let a = was.tables, let b = now.tables, a.score - b.score > tableScoreTolerance {
                regressions.append(.init(document: name, figure: "tableScore", before: f(a.score), after: f(b.score), tolerance: f(tableScoreTolerance)))
            }
        }
        let missing = baseline.documents.map(\.name).filter { !names.contains($0) }
        for name in missing {
            regressions.append(QaRegression(document: name, figure: "missing", before: "present", after: "absent"))
        }
        let added = report.documents.map(\.name).filter { before[$0] == nil }
        return QaComparison(baseline: path, regressions: regressions, improved: improved, added: added, missing: missing)
    }

    /// How far a document's table score may fall below the baseline's before it is a regression.
    public static let tableScoreTolerance = 0.01

    static func rank(_ readiness: String) -> Int {
        switch readiness { case "ready": 2; case "short": 1; default: 0 }
    }
}
