// The words of the QA HTML report (`ingest qa --html`): headings, column names, legends, notes.
// Labels rather than messages about an error, keyed `report.<label>` like any entry of the
// catalog, so a label cannot exist in one language only and a test reads them all.
extension MessageCatalog {
    static let reportMessages: [ErrorCode: MessageEntry] = [
        "report.title": .init(
            fr: "Rapport qualité de l’extraction",
            en: "Extraction quality report"),
        "report.generated": .init(
            fr: "Produit par ingest qa",
            en: "Produced by ingest qa"),
        "report.corpus": .init(
            fr: "Corpus",
            en: "Corpus"),
        "report.started": .init(
            fr: "Début",
            en: "Started"),
        "report.pipelineVersion": .init(
            fr: "Version du pipeline",
            en: "Pipeline version"),
        "report.documents": .init(
            fr: "Documents",
            en: "Documents"),
        "report.failed": .init(
            fr: "Échecs",
            en: "Failed"),
        "report.withExpected": .init(
            fr: "Avec texte attendu",
            en: "With expected text"),
        "report.duration": .init(
            fr: "Durée",
            en: "Duration"),
        "report.navigationSummary": .init(
            fr: "Agrégats",
            en: "Aggregates"),
        "report.navigationDocuments": .init(
            fr: "Tableau des documents",
            en: "Document table"),
        "report.navigationDetails": .init(
            fr: "Textes et pages",
            en: "Texts and pages"),
        "report.aggregates": .init(
            fr: "Agrégats par type et ensemble",
            en: "Aggregates by kind and overall"),
        "report.aggregatesNote": .init(
            fr: "Les moyennes portent sur les documents qui ont la mesure : CER et WER sur ceux qui ont un texte attendu, confiance OCR sur ceux qui ont des pages OCR. Le CER pondéré divise le total des modifications par le total des caractères attendus.",
            en: "Means are over the documents that have the figure: CER and WER over those with an expected text, OCR confidence over those with OCR’d pages. Pooled CER is total edits over total expected characters."),
        "report.kind": .init(
            fr: "Type",
            en: "Kind"),
        "report.overall": .init(
            fr: "Ensemble",
            en: "Overall"),
        "report.medianCER": .init(
            fr: "CER médian",
            en: "Median CER"),
        "report.meanCER": .init(
            fr: "CER moyen",
            en: "Mean CER"),
        "report.pooledCER": .init(
            fr: "CER pondéré",
            en: "Pooled CER"),
        "report.meanWER": .init(
            fr: "WER moyen",
            en: "Mean WER"),
        "report.recall": .init(
            fr: "Rappel",
            en: "Recall"),
        "report.precision": .init(
            fr: "Précision",
            en: "Precision"),
        "report.oov": .init(
            fr: "Hors dico.",
            en: "OOV"),
        "report.pagesOCRed": .init(
            fr: "Pages OCR",
            en: "OCR’d pages"),
        "report.ocrConfidence": .init(
            fr: "Confiance OCR",
            en: "OCR confidence"),
        "report.readinessMismatches": .init(
            fr: "Préparation ≠ attendue",
            en: "Readiness ≠ expected"),
        "report.duplicates": .init(
            fr: "Doublons",
            en: "Duplicates"),
        "report.time": .init(
            fr: "Temps (ms)",
            en: "Time (ms)"),
        "report.charts": .init(
            fr: "Répartition par type",
            en: "Distribution by kind"),
        "report.chartCER": .init(
            fr: "CER",
            en: "CER"),
        "report.chartWER": .init(
            fr: "WER",
            en: "WER"),
        "report.chartReadiness": .init(
            fr: "Verdicts de préparation (pas de texte attendu)",
            en: "Readiness verdicts (no expected text)"),
        "report.chartDocument": .init(
            fr: "document",
            en: "document"),
        "report.chartDocuments": .init(
            fr: "documents",
            en: "documents"),
        "report.chartNoExpected": .init(
            fr: "sans texte attendu",
            en: "without expected text"),
        "report.chartThreshold": .init(
            fr: "seuil 10 %",
            en: "10% threshold"),
        "report.table": .init(
            fr: "Documents",
            en: "Documents"),
        "report.filter": .init(
            fr: "Filtrer",
            en: "Filter"),
        "report.filterHint": .init(
            fr: "nom, type, statut ou erreur",
            en: "name, kind, status or error"),
        "report.allKinds": .init(
            fr: "Tous les types",
            en: "All kinds"),
        "report.onlyProblems": .init(
            fr: "Seulement les problèmes",
            en: "Only problems"),
        "report.problemDefinition": .init(
            fr: "Problème : échec, document lu en partie, préparation ou doublon autres que ceux attendus, CER au-dessus de 10 %, ou régression par rapport à la référence.",
            en: "Problem: failed, partly read, readiness or duplicate other than expected, CER above 10%, or a regression against the baseline."),
        "report.shown": .init(
            fr: "{shown} documents affichés sur {total}",
            en: "{shown} of {total} documents shown"),
        "report.shownPartial": .init(
            fr: "{shown} premiers documents affichés sur {matched} retenus ({total} en tout)",
            en: "First {shown} of {matched} matching documents shown ({total} in all)"),
        "report.showMore": .init(
            fr: "Afficher {more} de plus",
            en: "Show {more} more"),
        "report.showAll": .init(
            fr: "Afficher les {matched}",
            en: "Show all {matched}"),
        "report.lowConfidenceCount": .init(
            fr: "{count} mots de faible confiance",
            en: "{count} low-confidence words"),
        "report.comparison": .init(
            fr: "Comparaison avec la référence",
            en: "Comparison with the baseline"),
        "report.baseline": .init(
            fr: "Référence",
            en: "Baseline"),
        "report.regressions": .init(
            fr: "Régressions",
            en: "Regressions"),
        "report.regressed": .init(
            fr: "régression",
            en: "regressed"),
        "report.noRegression": .init(
            fr: "Aucune régression au-delà des tolérances.",
            en: "No regression beyond the tolerances."),
        "report.improved": .init(
            fr: "Améliorés",
            en: "Improved"),
        "report.added": .init(
            fr: "Nouveaux",
            en: "New"),
        "report.vanished": .init(
            fr: "Disparus",
            en: "Gone"),
        "report.expectedDuplicate": .init(
            fr: "attendu : doublon de {name}",
            en: "expected: duplicate of {name}"),
        "report.notExpectedDuplicate": .init(
            fr: "attendu : pas un doublon",
            en: "expected: not a duplicate"),
        "report.seeDocument": .init(
            fr: "→ le document",
            en: "→ the document"),
        "report.noMatch": .init(
            fr: "Aucun document ne correspond.",
            en: "No document matches."),
        "report.number": .init(
            fr: "N°",
            en: "#"),
        "report.name": .init(
            fr: "Nom",
            en: "Name"),
        "report.status": .init(
            fr: "Statut",
            en: "Status"),
        "report.cer": .init(
            fr: "CER",
            en: "CER"),
        "report.wer": .init(
            fr: "WER",
            en: "WER"),
        "report.replacement": .init(
            fr: "U+FFFD",
            en: "U+FFFD"),
        "report.mojibake": .init(
            fr: "Mojibake",
            en: "Mojibake"),
        "report.lostDiacritics": .init(
            fr: "Accents perdus",
            en: "Lost accents"),
        "report.ocrShare": .init(
            fr: "Part OCR",
            en: "OCR share"),
        "report.readiness": .init(
            fr: "Préparation",
            en: "Readiness"),
        "report.expectedReadiness": .init(
            fr: "Attendue",
            en: "Expected"),
        "report.duplicate": .init(
            fr: "Doublon",
            en: "Duplicate"),
        "report.milliseconds": .init(
            fr: "ms",
            en: "ms"),
        "report.differs": .init(
            fr: "différente de la préparation obtenue",
            en: "differs from the readiness found"),
        "report.possibleDuplicates": .init(
            fr: "{count} possible(s)",
            en: "{count} possible"),
        "report.cerTitle": .init(
            fr: "Taux d’erreur sur les caractères, contre le texte attendu",
            en: "Character error rate against the expected text"),
        "report.werTitle": .init(
            fr: "Taux d’erreur sur les mots, contre le texte attendu",
            en: "Word error rate against the expected text"),
        "report.recallTitle": .init(
            fr: "Part des mots attendus trouvés dans le texte (ordre ignoré)",
            en: "Share of the expected words found in the text (order ignored)"),
        "report.precisionTitle": .init(
            fr: "Part des mots du texte qui sont attendus (ordre ignoré)",
            en: "Share of the text’s words that are expected (order ignored)"),
        "report.oovTitle": .init(
            fr: "Part des mots absents du dictionnaire de la langue",
            en: "Share of the words missing from the language’s word list"),
        "report.replacementTitle": .init(
            fr: "Caractères U+FFFD : octets qui n’ont pas pu être décodés",
            en: "U+FFFD characters: bytes that could not be decoded"),
        "report.mojibakeTitle": .init(
            fr: "UTF-8 lu comme du Latin-1 (Ã©, â€™…)",
            en: "UTF-8 read as Latin-1 (Ã©, â€™…)"),
        "report.lostDiacriticsTitle": .init(
            fr: "Mots qui sont dans le dictionnaire une fois les accents remis",
            en: "Words that are in the word list once accents are put back"),
        "report.ocrShareTitle": .init(
            fr: "Pages lues par OCR ÷ pages lues",
            en: "Pages read by OCR ÷ pages read"),
        "report.ocrConfidenceTitle": .init(
            fr: "Confiance moyenne de Tesseract par mot (0–100)",
            en: "Mean Tesseract word confidence (0–100)"),
        "report.sortHint": .init(
            fr: "Le tableau s’ouvre sur les pires documents : échecs, puis documents lus en partie, régressions et verdicts autres que ceux attendus, puis CER au-dessus de 10 % du plus haut au plus bas, puis pas prêts, puis courts, puis les autres par CER décroissant. Cliquer un en-tête de colonne trie le tableau ; un second clic inverse l’ordre ; « N° » revient à l’ordre d’ouverture.",
            en: "The table opens on the worst documents: failures, then documents read in part, regressions and verdicts other than expected, then CER above 10% from highest, then not ready, then short, then the rest by CER from highest. Click a column header to sort the table; click again to reverse the order; “#” goes back to the opening order."),
        "report.details": .init(
            fr: "Textes et pages",
            en: "Texts and pages"),
        "report.backToTable": .init(
            fr: "↑ tableau",
            en: "↑ table"),
        "report.sources": .init(
            fr: "Sources",
            en: "Sources"),
        "report.expectedText": .init(
            fr: "Texte attendu",
            en: "Expected text"),
        "report.language": .init(
            fr: "Langue",
            en: "Language"),
        "report.pages": .init(
            fr: "Pages lues / OCR",
            en: "Pages read / OCR’d"),
        "report.lowConfidenceWords": .init(
            fr: "Mots de faible confiance",
            en: "Low-confidence words"),
        "report.readinessReason": .init(
            fr: "Raison",
            en: "Reason"),
        "report.duplicateOf": .init(
            fr: "Doublon de",
            en: "Duplicate of"),
        "report.error": .init(
            fr: "Erreur",
            en: "Error"),
        "report.output": .init(
            fr: "Document écrit",
            en: "Document written"),
        "report.pageImage": .init(
            fr: "Page {page} de {name}",
            en: "Page {page} of {name}"),
        "report.pagesCut": .init(
            fr: "Images des {shown} premières pages sur {total} seulement : la limite d’images du rapport (qa.pageImages) est atteinte.",
            en: "Images of the first {shown} of {total} pages only: the report’s image limit (qa.pageImages) was reached."),
        "report.noImage": .init(
            fr: "Pas d’image de page",
            en: "No page image"),
        "report.noDetail": .init(
            fr: "Texte non disponible pour ce document.",
            en: "No text available for this document."),
        "report.emptyText": .init(
            fr: "(texte vide)",
            en: "(empty text)"),
        "report.legendLowConfidence": .init(
            fr: "confiance OCR basse, ou nombre dont l'encre contredit la lecture",
            en: "low OCR confidence, or a number its ink contradicts"),
        "report.legendMissing": .init(
            fr: "attendu, absent du texte",
            en: "expected, missing from the text"),
        "report.legendExtra": .init(
            fr: "dans le texte, pas attendu",
            en: "in the text, not expected"),
        "report.cut": .init(
            fr: "Texte coupé : {shown} premiers caractères affichés sur {total}.",
            en: "Text cut: first {shown} of {total} characters shown."),
        "report.succeeded": .init(
            fr: "réussi",
            en: "succeeded"),
        "report.duplicateStatus": .init(
            fr: "doublon",
            en: "duplicate"),
        "report.failedStatus": .init(
            fr: "échec",
            en: "failed"),
        "report.partialStatus": .init(
            fr: "lu en partie",
            en: "partly read"),
        "report.skippedStatus": .init(
            fr: "ignoré",
            en: "skipped"),
        "report.ready": .init(
            fr: "prêt",
            en: "ready"),
        "report.short": .init(
            fr: "court",
            en: "short"),
        "report.notReady": .init(
            fr: "pas prêt",
            en: "not ready"),
        "report.formulaScore": .init(
            fr: "Formules",
            en: "Formulas"),
        "report.formulaScoreTitle": .init(
            fr: "Part des formules attendues trouvées égales (après normalisation du LaTeX)",
            en: "Share of the expected formulas found equal (after the LaTeX is normalised)"),
        "report.tableScore": .init(
            fr: "Tableaux",
            en: "Tables"),
        "report.tableScoreTitle": .init(
            fr: "TEDS moyen des tableaux attendus contre le tableau lu qui leur ressemble le plus (1 : identiques)",
            en: "Mean TEDS of the expected tables against the table read that matches each best (1: identical)"),
        "report.meanFormulaScore": .init(
            fr: "Formules (moy.)",
            en: "Mean formulas"),
        "report.meanTableScore": .init(
            fr: "TEDS tableaux (moy.)",
            en: "Mean table TEDS"),
        "report.formulaCount": .init(
            fr: "{found} sur {expected} trouvées ({given} dans le document)",
            en: "{found} of {expected} found ({given} in the document)"),
        "report.tableCount": .init(
            fr: "tableaux attendus : {expected}, lus : {given} ; TEDS de chacun : {scores}",
            en: "tables expected: {expected}, read: {given}; TEDS of each: {scores}"),
        "report.missingFormulas": .init(
            fr: "Formules attendues non trouvées",
            en: "Expected formulas not found"),
    ]
}
