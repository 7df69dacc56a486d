import IngestCore
import IngestRuntime

/// The words of a run's final report (counts, table of outcomes, where the results are), from
/// the catalog in the run's language.
enum SummaryLines {
    /// `12 document(s) : 9 converti(s), …` / `12 document(s): 9 converted, …`.
    static func counts(_ c: RunSummary.Counts, _ language: MessageLanguage) -> String {
        MessageCatalog.message(.terminalCounts, language, [
            "total": String(c.total), "succeeded": String(c.succeeded), "partial": String(c.partial),
            "notReady": String(c.notReady), "duplicates": String(c.duplicates), "skipped": String(c.skipped),
            "failed": String(c.failed),
        ])
    }

    /// Outcomes by kind, one row each, when there is more than one kind of outcome to tell: a
    /// status in words (`pas prêt`), a failure by its error code (`pdf.encrypted`), which is the
    /// key a person looks up and the same in both languages.
    static func table(_ rows: [RunSummary.TableRow], _ language: MessageLanguage) -> [String] {
        guard rows.count > 1 else { return [] }
        let kinds = rows.map { kind($0.kind, language) }
        let width = max(4, kinds.map(\.count).max() ?? 4)
        return [""] + zip(rows, kinds).map { row, kind in
            "  " + kind.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                + String(row.count).leftPadded(5) + "  " + outcome(row.outcome, language)
        } + [""]
    }

    /// A kind of `RunSummary.table` (`pdf`, `text+subtitles` for a lesson, `?`) as a person reads it.
    static func kind(_ name: String, _ language: MessageLanguage) -> String {
        name.split(separator: "+").map { MessageCatalog.entry(.terminalKind(String($0)))?.text(language) ?? String($0) }
            .joined(separator: "+")
    }

    /// An outcome name of `RunSummary.table` (a status or an error code) as a person reads it.
    static func outcome(_ name: String, _ language: MessageLanguage) -> String {
        MessageCatalog.entry(.terminalOutcome(name))?.text(language) ?? name
    }

    static func results(_ path: String, _ language: MessageLanguage) -> String {
        MessageCatalog.message(.terminalResults, language, ["path": path])
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
