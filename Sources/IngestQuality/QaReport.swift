/// What `ingest qa` measured on a corpus: one entry per document, aggregates by kind and overall.
/// Its JSON form is described by `schemas/qa-report.schema.json` (version `schemaVersion`).
public struct QaReport: Codable, Sendable, Equatable {
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    /// The corpus folder as given on the command line.
    public var corpus: String
    public var startedAt: String
    public var pipelineVersion: String
    /// Milliseconds from the first document started to the last one measured.
    public var milliseconds: Double
    public var documents: [QaDocument]
    /// Aggregates per document kind (`pdf`, `image`, `docx`, `image+audio` for a lesson…).
    public var byKind: [String: QaAggregate]
    public var overall: QaAggregate
    /// Set against `--baseline`, when one was given.
    public var comparison: QaComparison?

    public init(corpus: String, startedAt: String, pipelineVersion: String, milliseconds: Double,
                documents: [QaDocument]) {
        schemaVersion = Self.currentSchemaVersion
        self.corpus = corpus; self.startedAt = startedAt; self.pipelineVersion = pipelineVersion
        self.milliseconds = milliseconds; self.documents = documents
        var kinds: [String: [QaDocument]] = [:]
        for d in documents { kinds[d.kind ?? "unknown", default: []].append(d) }
        byKind = kinds.mapValues(QaAggregate.init)
        overall = QaAggregate(documents)
    }
}

/// One document of the corpus (one unit: a file, or a lesson of several sources).
public struct QaDocument: Codable, Sendable, Equatable {
    /// The document's name in the corpus: its output name (`cours/chapitre-1.pdf`,
    /// `photos/IMG.lesson`), stable from run to run, the key a baseline is compared on.
    public var name: String
    /// Its sources, relative to the corpus.
    public var sources: [String]
    public var kind: String?
    /// `succeeded`, `duplicate`, `failed`.
    public var status: String
    /// The error code when it failed (`pdf.encrypted`, `run.timeout`…).
    public var error: String?
    public var errorMessage: String?
    /// The expected text it was compared with (a path as found), nil when there is none.
    public var expected: String?
    public var scores: TextScores?
    public var signals: TextSignals?
    /// Language detected (ISO 639-1, `und`).
    public var language: String?
    public var pagesRead: Int?
    public var pagesOCRed: Int?
    /// `pagesOCRed ÷ pagesRead` (0 for a document without pages read by OCR).
    public var ocrShare: Double?
    /// Mean Tesseract word confidence (0–100) over the OCR'd pages.
    public var meanOCRConfidence: Double?
    public var lowConfidenceWords: Int?
    /// Readiness verdict (`ready`, `short`, `notReady`) and, with a manifest, the one expected.
    public var readiness: String?
    public var readinessReason: String?
    public var expectedReadiness: String?
    public var readinessMatches: Bool?
    /// Duplicates found: the id of the document this one repeats, and how many possible ones.
    /// The name of the document this one was found to repeat.
    public var duplicateOf: String?
    public var possibleDuplicates: Int
    /// With a manifest: the document it should repeat, and whether it was found to.
    public var expectedDuplicateOf: String?
    public var duplicateMatches: Bool?
    /// Milliseconds per stage (`sniff`, `extract`, `ocr`, `normalize`, `readiness`, `fingerprint`…).
    public var timings: [String: Double]
    public var milliseconds: Double
    /// The document JSON written for it, relative to the output folder.
    public var output: String?
    /// With a manifest's `structure`: where its expected formulas and tables were read, and how
    /// close its formulas (equal after normalisation) and tables (TEDS) come to them.
    public var structure: String?
    public var formulas: FormulaScore?
    public var tables: TableScore?

    public init(name: String, sources: [String], kind: String?, status: String, error: String? = nil,
                errorMessage: String? = nil, expected: String? = nil, scores: TextScores? = nil,
                signals: TextSignals? = nil, language: String? = nil, pagesRead: Int? = nil, pagesOCRed: Int? = nil,
                ocrShare: Double? = nil, meanOCRConfidence: Double? = nil, lowConfidenceWords: Int? = nil,
                readiness: String? = nil, readinessReason: String? = nil, expectedReadiness: String? = nil,
                readinessMatches: Bool? = nil, duplicateOf: String? = nil, possibleDuplicates: Int = 0,
                timings: [String: Double] = [:], milliseconds: Double = 0, output: String? = nil) {
        self.name = name; self.sources = sources; self.kind = kind; self.status = status; self.error = error
        self.errorMessage = errorMessage; self.expected = expected; self.scores = scores; self.signals = signals
        self.language = language; self.pagesRead = pagesRead; self.pagesOCRed = pagesOCRed; self.ocrShare = ocrShare
        self.meanOCRConfidence = meanOCRConfidence; self.lowConfidenceWords = lowConfidenceWords
        self.readiness = readiness; self.readinessReason = readinessReason; self.expectedReadiness = expectedReadiness
        self.readinessMatches = readinessMatches; self.duplicateOf = duplicateOf
        self.possibleDuplicates = possibleDuplicates; self.timings = timings; self.milliseconds = milliseconds
        self.output = output
    }
}

/// Figures over a set of documents. Means are over the documents that have the figure (CER and
/// WER over those with an expected text; OCR confidence over those with OCR'd pages).
public struct QaAggregate: Codable, Sendable, Equatable {
    public var documents: Int
    public var failed: Int
    public var withExpected: Int
    public var meanCER: Double?
    public var meanWER: Double?
    public var meanWordRecall: Double?
    public var meanWordPrecision: Double?
    /// Medians: a few expected texts of another kind (a layout-mode dump, the first page only)
    /// pull a mean far off; the median says what a typical document got.
    public var medianCER: Double?
    public var medianWER: Double?
    /// CER weighted by length: total edits ÷ total expected characters.
    public var pooledCER: Double?
    public var meanOutOfVocabularyRatio: Double?
    public var pagesOCRed: Int
    public var meanOCRConfidence: Double?
    public var readinessChecked: Int
    public var readinessMismatches: Int
    public var duplicates: Int
    public var milliseconds: Double
    /// Over the documents with expected formulas (tables): how many, and their mean score.
    public var withFormulas: Int?
    public var meanFormulaScore: Double?
    public var withTables: Int?
    public var meanTableScore: Double?

    public init(_ documents: [QaDocument]) {
        func mean(_ values: [Double]) -> Double? {
            values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
        }
        self.documents = documents.count
        failed = documents.filter { $0.status == "failed" }.count
        let scored = documents.compactMap(\.scores)
        withExpected = scored.count
        meanCER = mean(scored.map(\.cer))
        meanWER = mean(scored.map(\.wer))
        meanWordRecall = mean(scored.map(\.wordRecall))
        meanWordPrecision = mean(scored.map(\.wordPrecision))
        func median(_ values: [Double]) -> Double? {
            guard !values.isEmpty else { return nil }
            let v = values.sorted(), n = v.count
            return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2
        }
        medianCER = median(scored.map(\.cer))
        medianWER = median(scored.map(\.wer))
        let expectedCharacters = scored.reduce(0) { $0 + $1.referenceCharacters }
        pooledCER = scored.isEmpty ? nil
            : scored.reduce(0.0) { $0 + $1.cer * Double(max(1, $1.referenceCharacters)) } / Double(max(1, expectedCharacters))
        meanOutOfVocabularyRatio = mean(documents.compactMap { $0.signals?.outOfVocabularyRatio })
        pagesOCRed = documents.reduce(0) { $0 + ($1.pagesOCRed ?? 0) }
        meanOCRConfidence = mean(documents.compactMap(\.meanOCRConfidence))
        readinessChecked = documents.filter { $0.readinessMatches != nil }.count
        readinessMismatches = documents.filter { $0.readinessMatches == false }.count
        duplicates = documents.filter { $0.duplicateOf != nil }.count
        milliseconds = documents.reduce(0) { $0 + $1.milliseconds }
        let formulas = documents.compactMap(\.formulas), tables = documents.compactMap(\.tables)
        func rounded(_ v: Double?) -> Double? { v.map { ($0 * 10000).rounded() / 10000 } }
        withFormulas = formulas.isEmpty ? nil : formulas.count
        meanFormulaScore = rounded(mean(formulas.map(\.score)))
        withTables = tables.isEmpty ? nil : tables.count
        meanTableScore = rounded(mean(tables.map(\.score)))
    }
}
