// Words of the terminal (`ingest convert`'s progress and final report, `ingest watch`'s status
// and log lines): keys of the one catalog, so a run speaks one language, its own.
extension ErrorCode {
    /// A stage as the progress line names it: `terminal.stage.<Stage.rawValue>` (read, extract,
    /// ocr, build, library, write).
    public static func terminalStage(_ stage: String) -> ErrorCode { ErrorCode("terminal.stage.\(stage)") }
    /// An outcome as the final table and a replayed watch line name it:
    /// `terminal.outcome.<succeeded|partial|notReady|duplicate|skipped|failed>`.
    public static func terminalOutcome(_ outcome: String) -> ErrorCode { ErrorCode("terminal.outcome.\(outcome)") }
    /// A source kind named by a word rather than a format (`terminal.kind.text`…); a format's own
    /// name (pdf, docx, jpeg) is the same in both languages and has no entry.
    public static func terminalKind(_ kind: String) -> ErrorCode { ErrorCode("terminal.kind.\(kind)") }
    public static let terminalTimeLeft: ErrorCode = "terminal.progress.timeLeft"
    public static let terminalCounts: ErrorCode = "terminal.summary.counts"
    public static let terminalResults: ErrorCode = "terminal.summary.results"
    public static let terminalWatchStarted: ErrorCode = "terminal.watch.started"
    public static let terminalWatchModeInotify: ErrorCode = "terminal.watch.mode.inotify"
    public static let terminalWatchModePolling: ErrorCode = "terminal.watch.mode.polling"
    public static let terminalWatchAlreadyDone: ErrorCode = "terminal.watch.alreadyDone"
    public static let terminalWatchRemoved: ErrorCode = "terminal.watch.removed"
    public static let terminalWatchStatus: ErrorCode = "terminal.watch.status"
    public static let terminalWatchStopped: ErrorCode = "terminal.watch.stopped"
    /// A detail in a C library's or the system's own words, quoted inside a sentence of ours.
    public static let terminalQuoted: ErrorCode = "terminal.quoted"
}

extension MessageCatalog {
    /// The stage words of the progress line.
    public static let terminalStages = ["read", "extract", "ocr", "build", "library", "write"]
    /// The outcome words of the final table.
    public static let terminalOutcomes = ["succeeded", "partial", "notReady", "duplicate", "skipped", "failed"]

    static let terminalMessages: [ErrorCode: MessageEntry] = [
        .terminalStage("read"): .init(fr: "lecture", en: "read"),
        .terminalStage("extract"): .init(fr: "extraction", en: "extract"),
        .terminalStage("ocr"): .init(fr: "OCR", en: "OCR"),
        .terminalStage("build"): .init(fr: "assemblage", en: "build"),
        .terminalStage("library"): .init(fr: "bibliothèque", en: "library"),
        .terminalStage("write"): .init(fr: "écriture", en: "write"),
        .terminalOutcome("succeeded"): .init(fr: "converti", en: "converted"),
        .terminalOutcome("partial"): .init(fr: "lu en partie", en: "partly read"),
        .terminalOutcome("notReady"): .init(fr: "pas prêt", en: "not ready"),
        .terminalOutcome("duplicate"): .init(fr: "doublon", en: "duplicate"),
        .terminalOutcome("skipped"): .init(fr: "déjà fait", en: "already done"),
        .terminalOutcome("failed"): .init(fr: "en échec", en: "failed"),
        .terminalKind("text"): .init(fr: "texte", en: "text"),
        .terminalKind("subtitles"): .init(fr: "sous-titres", en: "subtitles"),
        .terminalKind("youtubeLink"): .init(fr: "lien YouTube", en: "YouTube link"),
        .terminalKind("youtubeInfo"): .init(fr: "vidéo YouTube", en: "YouTube video"),
        .terminalKind("legacyDoc"): .init(fr: "ancien .doc", en: "old .doc"),
        .terminalKind("encryptedOffice"): .init(fr: "Office protégé", en: "protected Office"),
        .terminalKind("unknown"): .init(fr: "inconnu", en: "unknown"),
        .terminalTimeLeft: .init(fr: "reste {duration}", en: "{duration} left"),
        .terminalCounts: .init(
            fr: "{total} document(s) : {succeeded} converti(s), {partial} lu(s) en partie, {notReady} pas prêt(s), {duplicates} doublon(s), {skipped} déjà fait(s), {failed} en échec.",
            en: "{total} document(s): {succeeded} converted, {partial} partly read, {notReady} not ready, {duplicates} duplicate(s), {skipped} already done, {failed} failed."),
        .terminalResults: .init(fr: "Résultats dans {path} (résumé : summary.json).", en: "Results in {path} (summary: summary.json)."),
        .terminalWatchStarted: .init(
            fr: "Surveillance de {inbox} ({mode}) : {count} fichier(s) trouvé(s) au démarrage, lus sauf ceux déjà faits.",
            en: "Watching {inbox} ({mode}): {count} file(s) found at start, read unless already done."),
        .terminalWatchModeInotify: .init(fr: "en direct", en: "live"),
        .terminalWatchModePolling: .init(fr: "relu régulièrement", en: "rescanned regularly"),
        .terminalWatchAlreadyDone: .init(fr: "{count} fichier(s) déjà faits, pas relus.", en: "{count} file(s) already done, not read again."),
        .terminalWatchRemoved: .init(fr: "− {path} supprimé (son document est gardé)", en: "− {path} deleted (its document is kept)"),
        .terminalWatchStatus: .init(fr: "en attente {queued} · en lecture {reading} · faits {done} · échecs {failed}",
                                    en: "queued {queued} · reading {reading} · done {done} · failed {failed}"),
        .terminalWatchStopped: .init(
            fr: "Arrêt : {done} converti(s), {partial} lu(s) en partie, {notReady} pas prêt(s), {duplicates} doublon(s), {skipped} déjà fait(s), {failed} en échec.",
            en: "Stopped: {done} converted, {partial} partly read, {notReady} not ready, {duplicates} duplicate(s), {skipped} already done, {failed} failed."),
        .terminalQuoted: .init(fr: "« {text} »", en: "“{text}”"),
    ]

    /// An argument in both languages from a catalog entry, for a sentence whose `{name}` is itself
    /// a phrase of ours (a damaged part, a reason): `[name: en, name@fr: fr]`, so `fill` picks the
    /// run's language when the message is finally written.
    /// `quoting` are arguments in someone else's words, quoted in each language («…», “…”).
    public static func phrase(_ name: String, _ code: ErrorCode, _ arguments: [String: String] = [:],
                              quoting: [String: String] = [:]) -> [String: String] {
        func filled(_ language: MessageLanguage) -> String {
            let quoted = quoting.mapValues { message(.terminalQuoted, language, ["text": $0]) }
            return message(code, language, arguments.merging(quoted) { _, q in q })
        }
        return [name: filled(.en), name + "@fr": filled(.fr)]
    }

    /// A detail in someone else's words (poppler's GError, strerror, a library's message) quoted
    /// for a sentence of ours: « … » in French, “…” in English.
    public static func quoted(_ name: String, _ text: String) -> [String: String] {
        [name: message(.terminalQuoted, .en, ["text": text]), name + "@fr": message(.terminalQuoted, .fr, ["text": text])]
    }
}
