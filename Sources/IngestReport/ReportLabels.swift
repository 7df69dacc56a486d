import IngestCore

/// The report's words in both languages. They are labels, not messages about an error, so they
/// stay here rather than in `MessageCatalog` (keyed by `ErrorCode`); each is a `MessageEntry` so
/// a label cannot exist in one language only.
enum Label: CaseIterable {
    case title, generated, corpus, started, pipelineVersion, documents, failed, withExpected, duration
    case navigationSummary, navigationDocuments, navigationDetails
    case aggregates, aggregatesNote, kind, overall, medianCER, meanCER, pooledCER, meanWER, recall, precision, oov
    case pagesOCRed, ocrConfidence, readinessMismatches, duplicates, time
    case charts, chartCER, chartWER, chartReadiness, chartDocument, chartDocuments, chartNoExpected, chartThreshold
    case table, filter, filterHint, allKinds, onlyProblems, problemDefinition, shown, shownPartial, showMore, showAll
    case noMatch, lowConfidenceCount
    case comparison, baseline, regressions, regressed, noRegression, improved, added, vanished
    case expectedDuplicate, notExpectedDuplicate, seeDocument
    case number, name, status, cer, wer, replacement, mojibake, lostDiacritics, ocrShare, readiness
    case expectedReadiness, duplicate, milliseconds, differs, possibleDuplicates
    case cerTitle, werTitle, recallTitle, precisionTitle, oovTitle, replacementTitle, mojibakeTitle
    case lostDiacriticsTitle, ocrShareTitle, ocrConfidenceTitle, sortHint
    case details, backToTable, sources, expectedText, language, pages, lowConfidenceWords, readinessReason
    case duplicateOf, error, output, pageImage, noImage, noDetail, emptyText
    case legendLowConfidence, legendMissing, legendExtra, cut
    case succeeded, duplicateStatus, failedStatus, ready, short, notReady

    var entry: MessageEntry {
        switch self {
        case .title: .init(fr: "Rapport qualité de l’extraction", en: "Extraction quality report")
        case .generated: .init(fr: "Produit par ingest qa", en: "Produced by ingest qa")
        case .corpus: .init(fr: "Corpus", en: "Corpus")
        case .started: .init(fr: "Début", en: "Started")
        case .pipelineVersion: .init(fr: "Version du pipeline", en: "Pipeline version")
        case .documents: .init(fr: "Documents", en: "Documents")
        case .failed: .init(fr: "Échecs", en: "Failed")
        case .withExpected: .init(fr: "Avec texte attendu", en: "With expected text")
        case .duration: .init(fr: "Durée", en: "Duration")
        case .navigationSummary: .init(fr: "Agrégats", en: "Aggregates")
        case .navigationDocuments: .init(fr: "Tableau des documents", en: "Document table")
        case .navigationDetails: .init(fr: "Textes et pages", en: "Texts and pages")
        case .aggregates: .init(fr: "Agrégats par type et ensemble", en: "Aggregates by kind and overall")
        case .aggregatesNote: .init(
            fr: "Les moyennes portent sur les documents qui ont la mesure : CER et WER sur ceux qui ont un texte attendu, confiance OCR sur ceux qui ont des pages OCR. Le CER pondéré divise le total des modifications par le total des caractères attendus.",
            en: "Means are over the documents that have the figure: CER and WER over those with an expected text, OCR confidence over those with OCR’d pages. Pooled CER is total edits over total expected characters.")
        case .kind: .init(fr: "Type", en: "Kind")
        case .overall: .init(fr: "Ensemble", en: "Overall")
        case .medianCER: .init(fr: "CER médian", en: "Median CER")
        case .meanCER: .init(fr: "CER moyen", en: "Mean CER")
        case .pooledCER: .init(fr: "CER pondéré", en: "Pooled CER")
        case .meanWER: .init(fr: "WER moyen", en: "Mean WER")
        case .recall: .init(fr: "Rappel", en: "Recall")
        case .precision: .init(fr: "Précision", en: "Precision")
        case .oov: .init(fr: "Hors dico.", en: "OOV")
        case .pagesOCRed: .init(fr: "Pages OCR", en: "OCR’d pages")
        case .ocrConfidence: .init(fr: "Confiance OCR", en: "OCR confidence")
        case .readinessMismatches: .init(fr: "Préparation ≠ attendue", en: "Readiness ≠ expected")
        case .duplicates: .init(fr: "Doublons", en: "Duplicates")
        case .time: .init(fr: "Temps (ms)", en: "Time (ms)")
        case .charts: .init(fr: "Répartition par type", en: "Distribution by kind")
        case .chartCER: .init(fr: "CER", en: "CER")
        case .chartWER: .init(fr: "WER", en: "WER")
        case .chartReadiness: .init(fr: "Verdicts de préparation (pas de texte attendu)", en: "Readiness verdicts (no expected text)")
        case .chartDocument: .init(fr: "document", en: "document")
        case .chartDocuments: .init(fr: "documents", en: "documents")
        case .chartNoExpected: .init(fr: "sans texte attendu", en: "without expected text")
        case .chartThreshold: .init(fr: "seuil 10 %", en: "10% threshold")
        case .table: .init(fr: "Documents", en: "Documents")
        case .filter: .init(fr: "Filtrer", en: "Filter")
        case .filterHint: .init(fr: "nom, type, statut ou erreur", en: "name, kind, status or error")
        case .allKinds: .init(fr: "Tous les types", en: "All kinds")
        case .onlyProblems: .init(fr: "Seulement les problèmes", en: "Only problems")
        case .problemDefinition: .init(
            fr: "Problème : échec, préparation ou doublon autres que ceux attendus, CER au-dessus de 10 %, ou régression par rapport à la référence.",
            en: "Problem: failed, readiness or duplicate other than expected, CER above 10%, or a regression against the baseline.")
        case .shown: .init(fr: "{shown} documents affichés sur {total}", en: "{shown} of {total} documents shown")
        case .shownPartial: .init(fr: "{shown} premiers documents affichés sur {matched} retenus ({total} en tout)",
                                  en: "First {shown} of {matched} matching documents shown ({total} in all)")
        case .showMore: .init(fr: "Afficher {more} de plus", en: "Show {more} more")
        case .showAll: .init(fr: "Afficher les {matched}", en: "Show all {matched}")
        case .lowConfidenceCount: .init(fr: "{count} mots de faible confiance", en: "{count} low-confidence words")
        case .comparison: .init(fr: "Comparaison avec la référence", en: "Comparison with the baseline")
        case .baseline: .init(fr: "Référence", en: "Baseline")
        case .regressions: .init(fr: "Régressions", en: "Regressions")
        case .regressed: .init(fr: "régression", en: "regressed")
        case .noRegression: .init(fr: "Aucune régression au-delà des tolérances.", en: "No regression beyond the tolerances.")
        case .improved: .init(fr: "Améliorés", en: "Improved")
        case .added: .init(fr: "Nouveaux", en: "New")
        case .vanished: .init(fr: "Disparus", en: "Gone")
        case .expectedDuplicate: .init(fr: "attendu : doublon de {name}", en: "expected: duplicate of {name}")
        case .notExpectedDuplicate: .init(fr: "attendu : pas un doublon", en: "expected: not a duplicate")
        case .seeDocument: .init(fr: "→ le document", en: "→ the document")
        case .noMatch: .init(fr: "Aucun document ne correspond.", en: "No document matches.")
        case .number: .init(fr: "N°", en: "#")
        case .name: .init(fr: "Nom", en: "Name")
        case .status: .init(fr: "Statut", en: "Status")
        case .cer: .init(fr: "CER", en: "CER")
        case .wer: .init(fr: "WER", en: "WER")
        case .replacement: .init(fr: "U+FFFD", en: "U+FFFD")
        case .mojibake: .init(fr: "Mojibake", en: "Mojibake")
        case .lostDiacritics: .init(fr: "Accents perdus", en: "Lost accents")
        case .ocrShare: .init(fr: "Part OCR", en: "OCR share")
        case .readiness: .init(fr: "Préparation", en: "Readiness")
        case .expectedReadiness: .init(fr: "Attendue", en: "Expected")
        case .duplicate: .init(fr: "Doublon", en: "Duplicate")
        case .milliseconds: .init(fr: "ms", en: "ms")
        case .differs: .init(fr: "différente de la préparation obtenue", en: "differs from the readiness found")
        case .possibleDuplicates: .init(fr: "{count} possible(s)", en: "{count} possible")
        case .cerTitle: .init(fr: "Taux d’erreur sur les caractères, contre le texte attendu", en: "Character error rate against the expected text")
        case .werTitle: .init(fr: "Taux d’erreur sur les mots, contre le texte attendu", en: "Word error rate against the expected text")
        case .recallTitle: .init(fr: "Part des mots attendus trouvés dans le texte (ordre ignoré)", en: "Share of the expected words found in the text (order ignored)")
        case .precisionTitle: .init(fr: "Part des mots du texte qui sont attendus (ordre ignoré)", en: "Share of the text’s words that are expected (order ignored)")
        case .oovTitle: .init(fr: "Part des mots absents du dictionnaire de la langue", en: "Share of the words missing from the language’s word list")
        case .replacementTitle: .init(fr: "Caractères U+FFFD : octets qui n’ont pas pu être décodés", en: "U+FFFD characters: bytes that could not be decoded")
        case .mojibakeTitle: .init(fr: "UTF-8 lu comme du Latin-1 (Ã©, â€™…)", en: "UTF-8 read as Latin-1 (Ã©, â€™…)")
        case .lostDiacriticsTitle: .init(fr: "Mots qui sont dans le dictionnaire une fois les accents remis", en: "Words that are in the word list once accents are put back")
        case .ocrShareTitle: .init(fr: "Pages lues par OCR ÷ pages lues", en: "Pages read by OCR ÷ pages read")
        case .ocrConfidenceTitle: .init(fr: "Confiance moyenne de Tesseract par mot (0–100)", en: "Mean Tesseract word confidence (0–100)")
        case .sortHint: .init(fr: "Cliquer un en-tête de colonne trie le tableau ; un second clic inverse l’ordre.",
                              en: "Click a column header to sort the table; click again to reverse the order.")
        case .details: .init(fr: "Textes et pages", en: "Texts and pages")
        case .backToTable: .init(fr: "↑ tableau", en: "↑ table")
        case .sources: .init(fr: "Sources", en: "Sources")
        case .expectedText: .init(fr: "Texte attendu", en: "Expected text")
        case .language: .init(fr: "Langue", en: "Language")
        case .pages: .init(fr: "Pages lues / OCR", en: "Pages read / OCR’d")
        case .lowConfidenceWords: .init(fr: "Mots de faible confiance", en: "Low-confidence words")
        case .readinessReason: .init(fr: "Raison", en: "Reason")
        case .duplicateOf: .init(fr: "Doublon de", en: "Duplicate of")
        case .error: .init(fr: "Erreur", en: "Error")
        case .output: .init(fr: "Document écrit", en: "Document written")
        case .pageImage: .init(fr: "Première page de {name}", en: "First page of {name}")
        case .noImage: .init(fr: "Pas d’image de page", en: "No page image")
        case .noDetail: .init(fr: "Texte non disponible pour ce document.", en: "No text available for this document.")
        case .emptyText: .init(fr: "(texte vide)", en: "(empty text)")
        case .legendLowConfidence: .init(fr: "confiance OCR basse", en: "low OCR confidence")
        case .legendMissing: .init(fr: "attendu, absent du texte", en: "expected, missing from the text")
        case .legendExtra: .init(fr: "dans le texte, pas attendu", en: "in the text, not expected")
        case .cut: .init(fr: "Texte coupé : {shown} premiers caractères affichés sur {total}.",
                         en: "Text cut: first {shown} of {total} characters shown.")
        case .succeeded: .init(fr: "réussi", en: "succeeded")
        case .duplicateStatus: .init(fr: "doublon", en: "duplicate")
        case .failedStatus: .init(fr: "échec", en: "failed")
        case .ready: .init(fr: "prêt", en: "ready")
        case .short: .init(fr: "court", en: "short")
        case .notReady: .init(fr: "pas prêt", en: "not ready")
        }
    }
}

/// The labels of one report, in its language.
struct Labels {
    let language: MessageLanguage

    subscript(_ label: Label) -> String { label.entry.text(language) }

    func fill(_ label: Label, _ arguments: [String: String]) -> String {
        MessageCatalog.fill(self[label], arguments)
    }

    /// A status as the JSON writes it (`succeeded`, `duplicate`, `failed`), in words.
    func status(_ raw: String) -> String {
        switch raw {
        case "succeeded": self[.succeeded]
        case "duplicate": self[.duplicateStatus]
        case "failed": self[.failedStatus]
        default: raw
        }
    }

    /// A readiness verdict (`ready`, `short`, `notReady`), in words.
    func readiness(_ raw: String) -> String {
        switch raw {
        case "ready": self[.ready]
        case "short": self[.short]
        case "notReady": self[.notReady]
        default: raw
        }
    }
}
