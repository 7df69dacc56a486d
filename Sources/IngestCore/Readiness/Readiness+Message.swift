extension Readiness {
    /// Its message said in `language` from what it records — reason, characters, pages offered to a
    /// vision model — as `ReadinessCheck.evaluate` wrote it: a document written by a run in the
    /// other language is said in this run's. Nil for a ready document.
    public func message(_ language: MessageLanguage) -> String? {
        guard let reason else { return nil }
        var text = MessageCatalog.message(reason, language, ["count": String(characters)])
        if let pages = visionPages, !pages.isEmpty {
            text += " " + MessageCatalog.message("readiness.visionOffer", language, ["pages": String(pages.count)])
        }
        return text
    }
}
