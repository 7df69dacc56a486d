// Codes and messages of the `ingest` command line: usage errors, an empty input, the verdict
// lines of a run. Its help pages are in Messages+CLIHelp.swift.
extension ErrorCode {
    // Usage errors (exit 2)
    public static let cliUnknownCommand: ErrorCode = "cli.unknownCommand"
    public static let cliUnknownHelpTopic: ErrorCode = "cli.unknownHelpTopic"
    public static let cliUnknownOption: ErrorCode = "cli.unknownOption"
    public static let cliNeedsValue: ErrorCode = "cli.needsValue"
    /// Appended to an unknown name when a known one is close to it.
    public static let cliDidYouMean: ErrorCode = "cli.didYouMean"
    /// The line after every usage error.
    public static let cliSeeHelp: ErrorCode = "cli.seeHelp"
    public static let cliSetSyntax: ErrorCode = "cli.setSyntax"
    public static let cliConvertNeedsPath: ErrorCode = "cli.convertNeedsPath"
    public static let cliGroupValue: ErrorCode = "cli.groupValue"
    public static let cliLessonWithGroup: ErrorCode = "cli.lessonWithGroup"
    public static let cliQaNeedsCorpus: ErrorCode = "cli.qaNeedsCorpus"
    public static let cliQaExpectedWithManifest: ErrorCode = "cli.qaExpectedWithManifest"
    public static let cliQaCorpusNotFolder: ErrorCode = "cli.qaCorpusNotFolder"
    public static let cliQaExpectedNotFolder: ErrorCode = "cli.qaExpectedNotFolder"
    public static let cliWatchNeedsInbox: ErrorCode = "cli.watchNeedsInbox"
    public static let cliDeliverTakesNoPath: ErrorCode = "cli.deliverTakesNoPath"
    public static let cliDeliverJSONWithJSONL: ErrorCode = "cli.deliverJSONWithJSONL"
    public static let cliDeliverReplayNeedsJSONL: ErrorCode = "cli.deliverReplayNeedsJSONL"
    public static let cliDeliverAllOrSince: ErrorCode = "cli.deliverAllOrSince"
    public static let cliDeliverSinceFormat: ErrorCode = "cli.deliverSinceFormat"
    public static let cliDeliverReplayNeedsOut: ErrorCode = "cli.deliverReplayNeedsOut"
    public static let cliDeliverLibraryNeedsOut: ErrorCode = "cli.deliverLibraryNeedsOut"
    public static let cliWorkerShardFormat: ErrorCode = "cli.workerShardFormat"
    public static let cliWorkerRootNotFolder: ErrorCode = "cli.workerRootNotFolder"
    public static let cliWorkerPlanNeedsPath: ErrorCode = "cli.workerPlanNeedsPath"
    public static let cliWorkerPathsWithoutPlan: ErrorCode = "cli.workerPathsWithoutPlan"
    public static let cliYouTubeNeedsURL: ErrorCode = "cli.youtubeNeedsURL"
    // Runs
    /// Nothing to read in what convert or qa was given (exit 1).
    public static let cliEmptyInput: ErrorCode = "cli.emptyInput"
    public static let cliConfigSource: ErrorCode = "cli.configSource"
    public static let cliConfigDefaults: ErrorCode = "cli.configDefaults"
    public static let cliConfigValid: ErrorCode = "cli.configValid"
    public static let cliWorkerCounts: ErrorCode = "cli.workerCounts"
    public static let cliWorkerResumed: ErrorCode = "cli.workerResumed"
    // `ingest qa`'s table on the terminal
    /// Its column titles, separated by `|`.
    public static let cliQaColumns: ErrorCode = "cli.qa.columns"
    public static let cliQaOverall: ErrorCode = "cli.qa.overall"
    public static let cliQaFailed: ErrorCode = "cli.qa.failed"
    public static let cliQaNone: ErrorCode = "cli.qa.none"
    public static let cliQaReadinessMismatch: ErrorCode = "cli.qa.readinessMismatch"
    public static let cliQaDuplicateMismatch: ErrorCode = "cli.qa.duplicateMismatch"
    public static let cliQaSignals: ErrorCode = "cli.qa.signals"
    public static let cliQaNoRegression: ErrorCode = "cli.qa.noRegression"
    public static let cliQaRegressions: ErrorCode = "cli.qa.regressions"
    public static let cliQaImproved: ErrorCode = "cli.qa.improved"
    public static let cliQaMeasured: ErrorCode = "cli.qa.measured"
    public static let cliQaKept: ErrorCode = "cli.qa.kept"
    /// A readiness verdict in words (`cli.readiness.` + its raw value).
    public static let cliReadinessReady: ErrorCode = "cli.readiness.ready"
    public static let cliReadinessShort: ErrorCode = "cli.readiness.short"
    public static let cliReadinessNotReady: ErrorCode = "cli.readiness.notReady"
    // `ingest deliver`'s report (also at the end of convert with the http or jsonl sink)
    public static let cliDeliverRejected: ErrorCode = "cli.deliver.rejected"
    public static let cliDeliverPending: ErrorCode = "cli.deliver.pending"
    public static let cliDeliverWithheld: ErrorCode = "cli.deliver.withheld"
    public static let cliDeliverCounts: ErrorCode = "cli.deliver.counts"
    public static let cliDeliverNextRun: ErrorCode = "cli.deliver.nextRun"
    // A run's verdict lines: each says why.
    public static let cliVerdictNotReady: ErrorCode = "cli.verdictNotReady"
    public static let cliVerdictDuplicate: ErrorCode = "cli.verdictDuplicate"
    public static let cliVerdictNearDuplicate: ErrorCode = "cli.verdictNearDuplicate"
    public static let cliVerdictPartial: ErrorCode = "cli.verdictPartial"
    public static let cliVerdictFailed: ErrorCode = "cli.verdictFailed"
}

extension MessageCatalog {
    static let cliMessages: [ErrorCode: MessageEntry] = [
        .cliUnknownCommand: .init(fr: "commande inconnue : {command}", en: "unknown command: {command}"),
        .cliUnknownHelpTopic: .init(fr: "pas d'aide sur {topic} : les commandes sont {commands}",
                                    en: "no help on {topic}: the commands are {commands}"),
        .cliUnknownOption: .init(fr: "option inconnue : {option}", en: "unknown option: {option}"),
        .cliNeedsValue: .init(fr: "{option} attend une valeur", en: "{option} needs a value"),
        .cliDidYouMean: .init(fr: "(tu voulais dire {name} ?)", en: "(did you mean {name}?)"),
        .cliSeeHelp: .init(fr: "Aide : {help}", en: "Help: {help}"),
        .cliSetSyntax: .init(fr: "--set attend chemin=valeur, par exemple --set ocr.pageCap=20",
                             en: "--set takes path=value, e.g. --set ocr.pageCap=20"),
        .cliConvertNeedsPath: .init(fr: "convert attend au moins un CHEMIN (ou - pour lire l'entrée standard)",
                                    en: "convert needs at least one PATH (or - for standard input)"),
        .cliGroupValue: .init(fr: "--group attend {choices}, pas {value}", en: "--group takes {choices}, not {value}"),
        .cliLessonWithGroup: .init(fr: "--lesson et --group ne vont pas ensemble", en: "--lesson and --group cannot be used together"),
        .cliQaNeedsCorpus: .init(fr: "qa attend un seul dossier CORPUS", en: "qa needs exactly one CORPUS folder"),
        .cliQaExpectedWithManifest: .init(fr: "--expected et --manifest ne vont pas ensemble",
                                          en: "--expected and --manifest cannot be used together"),
        .cliQaCorpusNotFolder: .init(fr: "CORPUS doit être un dossier : {path}", en: "CORPUS must be a folder: {path}"),
        .cliQaExpectedNotFolder: .init(fr: "--expected doit être un dossier : {path}", en: "--expected must be a folder: {path}"),
        .cliWatchNeedsInbox: .init(fr: "watch attend un seul dossier INBOX", en: "watch takes one INBOX folder"),
        .cliDeliverTakesNoPath: .init(fr: "deliver ne prend pas de CHEMIN (voir --out)", en: "deliver takes no PATH (see --out)"),
        .cliDeliverJSONWithJSONL: .init(fr: "--json écrit sur la sortie standard, où --sink jsonl écrit déjà les documents",
                                        en: "--json prints on standard output, where --sink jsonl prints the documents"),
        .cliDeliverReplayNeedsJSONL: .init(fr: "--all et --since renvoient des lignes JSON : ajoute --sink jsonl",
                                           en: "--all and --since replay JSON Lines: give --sink jsonl"),
        .cliDeliverAllOrSince: .init(fr: "--all ou --since HEURE, pas les deux", en: "give --all or --since TIME, not both"),
        .cliDeliverSinceFormat: .init(fr: "--since attend une heure comme 2026-12-06T09:30:00Z ou 2026-12-06, pas {value}",
                                      en: "--since takes a time such as 2026-12-06T09:30:00Z or 2026-12-06, not {value}"),
        .cliDeliverReplayNeedsOut: .init(fr: "--all et --since renvoient les documents d'un dossier de sortie : ajoute --out DOSSIER",
                                         en: "--all and --since replay the documents of an output folder: give --out DIR"),
        .cliDeliverLibraryNeedsOut: .init(fr: "library.path contient {out} : ajoute --out DOSSIER",
                                          en: "library.path names {out}: give --out DIR"),
        .cliWorkerShardFormat: .init(fr: "--shard attend I/N avec 0 ≤ I < N, par exemple --shard 0/4, pas {value}",
                                     en: "--shard takes I/N with 0 ≤ I < N, e.g. --shard 0/4, not {value}"),
        .cliWorkerRootNotFolder: .init(fr: "--root {path} n'est pas un dossier", en: "--root {path} is not a folder"),
        .cliWorkerPlanNeedsPath: .init(fr: "--plan attend au moins un CHEMIN", en: "--plan needs at least one PATH"),
        .cliWorkerPathsWithoutPlan: .init(
            fr: "les requêtes arrivent sur l'entrée standard (un chemin ou un objet JSON par ligne) ; des CHEMINS en arguments vont avec --plan",
            en: "requests come on standard input (one path or JSON object per line); PATH arguments go with --plan"),
        .cliYouTubeNeedsURL: .init(fr: "youtube attend un seul lien", en: "youtube takes one URL"),
        .cliEmptyInput: .init(
            fr: "Rien à convertir dans {paths} : aucun document n'y a été trouvé (les fichiers cachés et les sorties d'ingest sont laissés de côté).",
            en: "Nothing to convert in {paths}: no document was found there (hidden files and ingest's own outputs are left out)."),
        .cliConfigSource: .init(fr: "configuration lue dans {path}", en: "configuration from {path}"),
        .cliConfigDefaults: .init(fr: "configuration par défaut (aucun fichier)", en: "built-in configuration (no file)"),
        .cliConfigValid: .init(fr: "{path} : valide", en: "{path}: valid"),
        .cliWorkerCounts: .init(
            fr: "ingest worker {shard} : {requests} requête(s), {results} résultat(s) dont {failed} en échec, {others} document(s) d'autres parts laissé(s){resumed}{fatal}.",
            en: "ingest worker {shard}: {requests} request(s), {results} result(s), {failed} failed, {others} document(s) of other shards passed over{resumed}{fatal}."),
        .cliWorkerResumed: .init(fr: ", {count} laissé(s) sans réponse par le lancement précédent",
                                 en: ", {count} left unanswered by the previous run"),
        .cliQaColumns: .init(fr: "genre|docs|échecs|attendus|CER méd.|CER moy.|WER méd.|rappel|précision|hors dico|conf. OCR|ms",
                             en: "kind|docs|failed|expected|CER med.|CER mean|WER med.|recall|precision|OOV|OCR conf.|ms"),
        .cliQaOverall: .init(fr: "total", en: "overall"),
        .cliQaFailed: .init(fr: "échec", en: "failed"),
        .cliQaNone: .init(fr: "aucun", en: "none"),
        .cliQaReadinessMismatch: .init(fr: "verdict : {found}, attendu : {expected}", en: "readiness {found}, expected {expected}"),
        .cliQaDuplicateMismatch: .init(fr: "doublon attendu de {expected}, trouvé : {found}", en: "expected duplicate of {expected}, found: {found}"),
        .cliQaSignals: .init(fr: "{replacement} U+FFFD, {mojibake} mojibake", en: "{replacement} U+FFFD, {mojibake} mojibake"),
        .cliQaNoRegression: .init(fr: "Aucune régression par rapport à {baseline}.", en: "No regression against {baseline}."),
        .cliQaRegressions: .init(fr: "{count} régression(s) par rapport à {baseline} :", en: "{count} regression(s) against {baseline}:"),
        .cliQaImproved: .init(fr: "Amélioré(s) : {names}", en: "Improved: {names}"),
        .cliQaMeasured: .init(fr: "{count} document(s) mesuré(s) en {seconds} s, {expected} avec texte attendu.",
                              en: "{count} document(s) measured in {seconds} s, {expected} with an expected text."),
        .cliQaKept: .init(fr: "Documents convertis dans {path}.", en: "Converted documents in {path}."),
        .cliReadinessReady: .init(fr: "prêt", en: "ready"),
        .cliReadinessShort: .init(fr: "court", en: "short"),
        .cliReadinessNotReady: .init(fr: "pas prêt", en: "not ready"),
        .cliDeliverRejected: .init(fr: "{output} : refusé par {sink} ({reason}), clé {key}", en: "{output}: refused by {sink} ({reason}), key {key}"),
        .cliDeliverPending: .init(fr: "{output} : en attente ({reason}), clé {key}", en: "{output}: pending ({reason}), key {key}"),
        .cliDeliverWithheld: .init(fr: ", {count} pas prêt(s) non transmis", en: ", {count} not ready and not handed on"),
        .cliDeliverCounts: .init(fr: "Remise à {sink} : {delivered} transmis, {pending} en attente, {rejected} refusé(s){withheld}.",
                                 en: "Delivery to {sink}: {delivered} delivered, {pending} pending, {rejected} refused{withheld}."),
        .cliDeliverNextRun: .init(fr: "Ce qui est en attente sera transmis au prochain lancement, ou par `ingest deliver`.",
                                  en: "What is pending is sent by the next run, or by `ingest deliver`."),
        .cliVerdictNotReady: .init(fr: "{name} : pas prêt — {reason} → {output}", en: "{name}: not ready — {reason} → {output}"),
        .cliVerdictDuplicate: .init(fr: "{name} : doublon de « {title} » ({source})", en: "{name}: duplicate of “{title}” ({source})"),
        .cliVerdictNearDuplicate: .init(fr: "{name} : doublon de « {title} » ({source}, identique à {percent} %)",
                                        en: "{name}: duplicate of “{title}” ({source}, {percent}% the same)"),
        .cliVerdictPartial: .init(fr: "{name} → {output} : {reason}", en: "{name} → {output}: {reason}"),
        .cliVerdictFailed: .init(fr: "{name} : {reason} [{code}]", en: "{name}: {reason} [{code}]"),
    ]
}
