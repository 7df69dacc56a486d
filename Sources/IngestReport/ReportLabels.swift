import IngestCore

/// The report's words: keys of the one message catalog (`report.<label>`, in
/// `Messages+Report.swift`), so they are written in both languages there with every other
/// sentence a person reads, and a test checks each label has its entry.
enum Label: String, CaseIterable {
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
    case duplicateOf, error, output, pageImage, pagesCut, noImage, noDetail, emptyText
    case legendLowConfidence, legendMissing, legendExtra, cut
    case succeeded, duplicateStatus, failedStatus, partialStatus, skippedStatus, ready, short, notReady
    case formulaScore, formulaScoreTitle, tableScore, tableScoreTitle, meanFormulaScore, meanTableScore
    case formulaCount, tableCount, missingFormulas

    var code: ErrorCode { ErrorCode("report." + rawValue) }
}

/// The labels of one report, in its language.
struct Labels {
    let language: MessageLanguage

    subscript(_ label: Label) -> String { MessageCatalog.entry(label.code)?.text(language) ?? label.code.rawValue }

    func fill(_ label: Label, _ arguments: [String: String]) -> String {
        MessageCatalog.fill(self[label], arguments)
    }

    /// A status as the JSON writes it (`succeeded`, `partial`, `duplicate`, `skipped`, `failed`), in words.
    func status(_ raw: String) -> String {
        switch raw {
        case "succeeded": self[.succeeded]
        case "duplicate": self[.duplicateStatus]
        case "failed": self[.failedStatus]
        case "partial": self[.partialStatus]
        case "skipped": self[.skippedStatus]
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
