import IngestCore
import IngestQuality

/// The report a person reads on the terminal: figures by kind, the documents to look at, the
/// regressions — every word from the catalog.
enum QaTable {
    static func render(_ r: QaReport, language: MessageLanguage, kept: String?) -> String {
        func say(_ code: ErrorCode, _ arguments: [String: String] = [:]) -> String { MessageCatalog.message(code, language, arguments) }
        func p(_ v: Double?) -> String { v.map { String(format: "%.3f", $0) } ?? "–" }
        func c(_ v: Double?) -> String { v.map { String(format: "%.1f", $0) } ?? "–" }
        func readiness(_ value: String?) -> String {
            guard let value else { return say(.cliQaFailed) }
            let code = ErrorCode("cli.readiness." + value)
            return MessageCatalog.entry(code) == nil ? value : say(code)
        }
        let header = say(.cliQaColumns).split(separator: "|").map(String.init)
        func row(_ name: String, _ a: QaAggregate) -> [String] {
            [name, String(a.documents), String(a.failed), String(a.withExpected), p(a.medianCER), p(a.meanCER), p(a.medianWER),
             p(a.meanWordRecall), p(a.meanWordPrecision), p(a.meanOutOfVocabularyRatio), c(a.meanOCRConfidence),
             String(Int(a.milliseconds.rounded()))]
        }
        var rows = [header] + r.byKind.keys.sorted().map { row(SummaryLines.kind($0, language), r.byKind[$0]!) }
        rows.append(row(say(.cliQaOverall), r.overall))
        let widths = header.indices.map { i in rows.map { $0[i].count }.max() ?? 0 }
        var lines = rows.map { cells in
            cells.enumerated().map { i, cell in i == 0 ? cell.padding(toLength: widths[i], withPad: " ", startingAt: 0) : cell.leftPadded(widths[i]) }
                .joined(separator: "  ")
        }
        lines.insert("", at: 0)
        lines.append("")
        // The documents a person should look at first.
        for d in r.documents {
            var notes: [String] = []
            if d.status == "failed" { notes.append("\(d.error ?? "") \(d.errorMessage ?? "")") }
            if let s = d.scores, s.cer > 0.1 { notes.append("CER \(p(s.cer))") }
            if d.readinessMatches == false {
                notes.append(say(.cliQaReadinessMismatch, ["found": readiness(d.readiness), "expected": readiness(d.expectedReadiness)]))
            }
            if d.duplicateMatches == false {
                notes.append(say(.cliQaDuplicateMismatch, ["expected": d.expectedDuplicateOf ?? "", "found": d.duplicateOf ?? say(.cliQaNone)]))
            }
            if let s = d.signals, s.replacementCharacters + s.mojibake > 0 {
                notes.append(say(.cliQaSignals, ["replacement": String(s.replacementCharacters), "mojibake": String(s.mojibake)]))
            }
            if !notes.isEmpty { lines.append("  ! \(d.name): " + notes.joined(separator: "; ")) }
        }
        if let comparison = r.comparison {
            if comparison.regressions.isEmpty {
                lines.append(say(.cliQaNoRegression, ["baseline": comparison.baseline]))
            } else {
                lines.append(say(.cliQaRegressions, ["count": String(comparison.regressions.count), "baseline": comparison.baseline]))
                for reg in comparison.regressions { lines.append("  ✗ " + reg.message(language)) }
            }
            if !comparison.improved.isEmpty {
                lines.append(say(.cliQaImproved, ["names": comparison.improved.joined(separator: ", ")]))
            }
        }
        let a = r.overall
        lines.append(say(.cliQaMeasured, ["count": String(a.documents), "seconds": String(format: "%.1f", r.milliseconds / 1000),
                                          "expected": String(a.withExpected)]))
        if let kept { lines.append(say(.cliQaKept, ["path": kept])) }
        return lines.joined(separator: "\n")
    }
}
