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
    ]
}
