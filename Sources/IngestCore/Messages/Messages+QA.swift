// Codes and messages of `ingest qa`: its manifest, its baseline and the regressions it reports.
extension ErrorCode {
    /// The manifest naming expected texts and verdicts cannot be used.
    public static let qaManifestInvalid: ErrorCode = "qa.manifestInvalid"
    /// The baseline (an earlier `ingest qa --json` report) cannot be used.
    public static let qaBaselineInvalid: ErrorCode = "qa.baselineInvalid"
    /// An expected text named by the manifest is missing or unreadable.
    public static let qaExpectedUnreadable: ErrorCode = "qa.expectedUnreadable"
    /// A figure of a document got worse than the baseline by more than the tolerance.
    public static let qaRegression: ErrorCode = "qa.regression"
    // Why a manifest or a baseline cannot be used ({reason}), in both languages.
    public static let qaReasonNoName: ErrorCode = "qa.reason.noName"
    public static let qaReasonBadReadiness: ErrorCode = "qa.reason.badReadiness"
    public static let qaReasonListedTwice: ErrorCode = "qa.reason.listedTwice"
    public static let qaReasonNotUTF8: ErrorCode = "qa.reason.notUTF8"
    public static let qaReasonJSON: ErrorCode = "qa.reason.json"
    public static let qaReasonEmpty: ErrorCode = "qa.reason.empty"
    public static let qaReasonHeader: ErrorCode = "qa.reason.header"
    public static let qaReasonUnknownColumn: ErrorCode = "qa.reason.unknownColumn"
    public static let qaReasonUnreadable: ErrorCode = "qa.reason.unreadable"
    public static let qaReasonSchemaVersion: ErrorCode = "qa.reason.schemaVersion"
    public static let qaReasonNotAReport: ErrorCode = "qa.reason.notAReport"
}

extension MessageCatalog {
    static let qaMessages: [ErrorCode: MessageEntry] = [
        .qaManifestInvalid: .init(
            fr: "Le manifeste ne peut pas être utilisé : {reason}.",
            en: "The manifest cannot be used: {reason}."),
        .qaBaselineInvalid: .init(
            fr: "La référence {path} ne peut pas être utilisée : {reason}. Elle doit être un rapport écrit par ingest qa --json.",
            en: "The baseline {path} cannot be used: {reason}. It must be a report written by ingest qa --json."),
        .qaExpectedUnreadable: .init(
            fr: "Le texte attendu {path} est introuvable ou illisible.",
            en: "The expected text {path} is missing or unreadable."),
        .qaRegression: .init(
            fr: "{document} : {figure} passe de {before} à {after} (tolérance {tolerance}).",
            en: "{document}: {figure} went from {before} to {after} (tolerance {tolerance})."),
        .qaReasonNoName: .init(fr: "l'entrée {index} n'a pas de nom", en: "entry {index} has no name"),
        .qaReasonBadReadiness: .init(fr: "{name} : le verdict {value} n'est ni ready, ni short, ni notReady", en: "{name}: readiness {value} is not one of ready, short, notReady"),
        .qaReasonListedTwice: .init(fr: "{name} est listé deux fois", en: "{name} is listed twice"),
        .qaReasonNotUTF8: .init(fr: "il n'est pas en UTF-8", en: "not UTF-8"),
        .qaReasonJSON: .init(fr: "JSON illisible, {detail}", en: "JSON: {detail}"),
        .qaReasonEmpty: .init(fr: "il est vide", en: "empty"),
        .qaReasonHeader: .init(fr: "la première ligne doit nommer les colonnes, en commençant par name", en: "the first line must name the columns, starting with name"),
        .qaReasonUnknownColumn: .init(fr: "colonne inconnue {name}", en: "unknown column {name}"),
        .qaReasonUnreadable: .init(fr: "elle est illisible", en: "unreadable"),
        .qaReasonSchemaVersion: .init(fr: "version de schéma {version}", en: "schema version {version}"),
        .qaReasonNotAReport: .init(fr: "ce n'est pas un rapport de QA", en: "not a QA report"),
    ]
}
