import Foundation
import Synchronization
import IngestCore
import IngestPipeline
import IngestQuality
import IngestReport

/// `ingest qa`'s loop: the corpus converted by `BatchRun` (same pipeline, same worker processes
/// and limits as `convert`), each document measured as soon as it is written — on the slot that
/// read it, so measuring runs in parallel with reading — then the report put together in corpus
/// order. Nothing of the corpus is written to: outputs and the run's own library go to the output
/// folder, which starts afresh each run (a QA figure is never an earlier run's).
public struct QaRun: Sendable {
    public let reader: any DocumentReader
    public let outputDirectory: URL
    public let libraryPath: String
    public let language: MessageLanguage
    public let corpus: URL
    public let expectations: QaExpectations
    /// Page images kept for the HTML report (0: none, no report wanted).
    public let pageImages: Int

    public init(reader: any DocumentReader, outputDirectory: URL, libraryPath: String, language: MessageLanguage,
                corpus: URL, expectations: QaExpectations, pageImages: Int) {
        self.reader = reader; self.outputDirectory = outputDirectory.standardizedFileURL; self.libraryPath = libraryPath
        self.language = language; self.corpus = corpus.standardizedFileURL; self.expectations = expectations
        self.pageImages = pageImages
    }

    /// The name the QA library has in the output folder: removed at the start of each run.
    public static let libraryName = "qa-library.sqlite"

    /// Which files of the corpus are references, not documents: expected texts (named by the
    /// manifest, or `*.expected.txt`), the manifest itself, and what the manifest excludes.
    /// `relativePath` is the path inside the corpus.
    public static func isReference(corpus: URL, manifest: QaManifest?, manifestURL: URL?)
        -> @Sendable (_ relativePath: String, _ url: URL) -> Bool {
        var references = manifest?.expectedPaths ?? []
        if let manifestURL { references.insert(manifestURL.standardizedFileURL.path) }
        return { [references] relativePath, url in
            QaExpectations.isExpectedText(url.lastPathComponent) || references.contains(url.standardizedFileURL.path)
                || manifest?.excludes(relativePath) == true
        }
    }

    public func run(units: [ImportUnit], planningFailures: [PlanningFailure] = [], observer: (any RunObserver)? = nil,
                    pipelineVersion: String = Pipeline.version) throws(IngestError) -> QaResult {
        let started = Timestamp.iso8601()
        let clock = ContinuousClock.now
        // The word lists (and their accent index) load while the workers read the first
        // documents, instead of in front of the first measure: a fixed ~0.2 s otherwise.
        Thread.detachNewThread {
            for language in ["fr", "en"] { _ = Vocabulary.forLanguage(language)?.accentedForm(of: "ecole") }
        }
        let measurer = QaMeasurer(units: units, failures: planningFailures, run: self, forward: observer)
        let batch = BatchRun(reader: reader, outputDirectory: outputDirectory, libraryPath: libraryPath, language: language,
                             skipsDone: false)
        let summary = try batch.run(units: units, planningFailures: planningFailures, observer: measurer)
        measurer.measureDuplicates()
        var documents = measurer.documents()
        // A pair of duplicates is found when either one is named the other's: which of two copies
        // read at once is the original depends on which worker finished first.
        let found = Dictionary(documents.map { ($0.name, $0.duplicateOf) }, uniquingKeysWith: { a, _ in a })
        for i in documents.indices {
            if let expected = documents[i].expectedDuplicateOf {
                documents[i].duplicateMatches = documents[i].duplicateOf == expected || found[expected] == documents[i].name
            }
        }
        let elapsed = ContinuousClock.now - clock
        let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        let report = QaReport(corpus: corpus.path, startedAt: started, pipelineVersion: pipelineVersion,
                              milliseconds: (ms * 10).rounded() / 10, documents: documents)
        return QaResult(report: report, summary: summary, materials: measurer.materials(), outputDirectory: outputDirectory)
    }
}

/// What a QA run gives: the report, the run's summary, and what the HTML report shows per document.
public struct QaResult: Sendable {
    public var report: QaReport
    public let summary: RunSummary
    let materials: [QaMaterial]
    let outputDirectory: URL

    /// The HTML report's view of document `i`: its text (read again from its output), its
    /// expected text, its low-confidence OCR words, its page images and its readiness message.
    public func detail(_ i: Int) -> QaDocumentDetail? {
        guard materials.indices.contains(i) else { return nil }
        let m = materials[i]
        let text = m.output.flatMap { try? JSONDecoder().decode(ImportedDocument.self, from: Data(contentsOf: $0)).text } ?? ""
        let expected = m.expected.flatMap { try? QaExpectations.read($0) }
        return QaDocumentDetail(text: text, expected: expected, lowConfidence: m.lowConfidence, pageImages: m.images,
                                pageCount: m.pageCount, readinessMessage: m.readinessMessage)
    }
}

/// Where a document's expected text, readiness and duplicate come from: the manifest first, then
/// `NAME.expected.txt` in `--expected DIR`, then beside the source in the corpus.
public struct QaExpectations: Sendable {
    public var manifest: QaManifest?
    public var expectedDirectory: URL?
    public var corpus: URL

    public init(manifest: QaManifest?, expectedDirectory: URL?, corpus: URL) {
        self.manifest = manifest; self.expectedDirectory = expectedDirectory; self.corpus = corpus
    }

    public static let suffix = ".expected.txt"
    public static func isExpectedText(_ fileName: String) -> Bool { fileName.hasSuffix(suffix) }

    /// The expected text of document `name` (its output name), whose first file is `firstFile`.
    public func expectedURL(name: String, firstFile: URL?) -> URL? {
        if let url = manifest?.expectedURL(name) { return url }
        var candidates: [URL] = []
        for folder in [expectedDirectory, corpus].compactMap({ $0 }) {
            candidates.append(folder.appendingPathComponent(name + Self.suffix))
            if let file = firstFile {
                // `cours.pdf.expected.txt`, for two sources of one stem (`cours.pdf`, `cours.docx`).
                let inCorpus = relative(file.path)
                candidates.append(folder.appendingPathComponent((inCorpus.hasPrefix("/") ? file.lastPathComponent : inCorpus) + Self.suffix))
            }
        }
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// An expected text: a text file (any encoding Ingest reads), or a document JSON's `text`.
    public static func read(_ url: URL) throws(IngestError) -> String {
        guard let data = try? Data(contentsOf: url) else { throw IngestError(.qaExpectedUnreadable, ["path": url.path]) }
        if url.pathExtension.lowercased() == "json",
           let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let text = object["text"] as? String {
            return text
        }
        guard let decoded = TextDecoder.decodeText(data) else { throw IngestError(.qaExpectedUnreadable, ["path": url.path]) }
        return decoded.text
    }
}

/// What the HTML report needs of one document beyond its figures, kept from the run.
struct QaMaterial: Sendable {
    var output: URL?
    var expected: URL?
    var lowConfidence: [String] = []
    /// Every page's picture, in reading order, within the run's image budget.
    var images: [QaPageImage] = []
    /// The pages the document has, set when the budget ran out before its last one.
    var pageCount: Int?
    var readinessMessage: String?
    /// The manifest's `structure` for it: expected formulas and tables.
    var structure: URL?
}

/// Measures each document as its outcome arrives (on the slot thread that read it) and passes
/// the outcome on to the progress display.
final class QaMeasurer: RunObserver, Sendable {
    private struct Planned { var index: Int; var name: String; var files: [URL] }
    private let planned: [String: Planned]
    private let run: QaRun
    private let forward: (any RunObserver)?
    /// What the slots' threads share: each document's figures and material, the page images
    /// still allowed, the duplicates to measure at the end.
    private struct State {
        var measured: [QaDocument?]
        var kept: [QaMaterial]
        var imagesLeft: Int
        var duplicates: [(Planned, URL)] = []
    }
    private let state: Mutex<State>

    init(units: [ImportUnit], failures: [PlanningFailure], run: QaRun, forward: (any RunObserver)?) {
        var planned: [String: Planned] = [:]
        for (i, u) in units.enumerated() {
            planned[Self.key(u.sources.map(\.name))] = Planned(index: i, name: u.outputName, files: u.sources.flatMap(\.files))
        }
        for (j, f) in failures.enumerated() {
            planned[Self.key([f.path])] = Planned(index: units.count + j, name: run.relative(f.path), files: [URL(fileURLWithPath: f.path)])
        }
        self.planned = planned
        self.run = run
        self.forward = forward
        state = Mutex(State(measured: Array(repeating: nil, count: units.count + failures.count),
                            kept: Array(repeating: QaMaterial(), count: units.count + failures.count),
                            imagesLeft: run.pageImages))
    }

    static func key(_ names: [String]) -> String { names.joined(separator: "\u{1F}") }

    func started(total: Int) { forward?.started(total: total) }
    func stage(_ stage: Stage, slot: Int, unit: ImportUnit) { forward?.stage(stage, slot: slot, unit: unit) }

    func finished(_ outcome: DocumentOutcome, done: Int, total: Int) {
        if let p = planned[Self.key(outcome.sources)] {
            let (document, material) = measure(outcome, p)
            state.withLock { s in
                s.measured[p.index] = document
                s.kept[p.index] = material
            }
        }
        forward?.finished(outcome, done: done, total: total)
    }

    func documents() -> [QaDocument] {
        state.withLock { $0.measured.compactMap { $0 } }
    }

    func materials() -> [QaMaterial] {
        state.withLock { s in zip(s.measured, s.kept).compactMap { $0.0 == nil ? nil : $0.1 } }
    }

    private func takeImage() -> Bool {
        state.withLock { s in
            guard s.imagesLeft > 0 else { return false }
            s.imagesLeft -= 1
            return true
        }
    }

    private func giveBackImage() {
        state.withLock { $0.imagesLeft += 1 }
    }

    /// Every page of `files` as a picture, in order: a photo's one, each page of a PDF or a TIFF,
    /// until the run's image budget is spent (`cut`). A file that is no picture gives none.
    private func pageImages(_ files: [URL]) -> (images: [QaPageImage], cut: Bool) {
        var images: [QaPageImage] = []
        for file in files {
            let name = run.relative(file.path)
            let first = images.count
            let pictures = PagePictures(file: file)
            var page = 1
            while true {
                guard takeImage() else { return (images, true) }
                guard let data = pictures.jpeg(page: page, longSide: 900, quality: 75)?.data else {
                    giveBackImage()
                    break
                }
                images.append(QaPageImage(data: data, type: PagePictures.jpegType, caption: name))
                page += 1
            }
            // The pages of a file of several are numbered: `manuel.pdf · 3`.
            if images.count - first > 1 {
                for k in first..<images.count { images[k].caption = "\(name) · \(k - first + 1)" }
            }
        }
        return (images, false)
    }

    private func measure(_ outcome: DocumentOutcome, _ p: Planned) -> (QaDocument, QaMaterial) {
        let expectations = run.expectations
        let entry = expectations.manifest?.entries[p.name]
        var d = QaDocument(name: p.name, sources: outcome.sources, kind: outcome.kind, status: outcome.status.rawValue,
                           error: outcome.error?.code.rawValue, errorMessage: outcome.error?.message,
                           milliseconds: (outcome.milliseconds * 10).rounded() / 10)
        d.sources = p.files.isEmpty ? outcome.sources : p.files.map { run.relative($0.path) }
        d.expectedReadiness = entry?.readiness
        d.expectedDuplicateOf = entry?.duplicateOf
        var material = QaMaterial()
        let expectedURL = expectations.expectedURL(name: p.name, firstFile: p.files.first)
        d.expected = expectedURL.map { run.relative($0.path) }
        material.expected = expectedURL
        material.structure = expectations.manifest?.structureURL(p.name)
        d.structure = material.structure.map { run.relative($0.path) }

        if outcome.status == .duplicate {
            // The original's output, relative to the run's output folder (a duplicate's outcome
            // names it by its absolute path): the name the manifest uses.
            d.duplicateOf = outcome.output.map { output -> String in
                let root = run.outputDirectory.standardizedFileURL.path + "/"
                let relative = output.hasPrefix(root) ? String(output.dropFirst(root.count)) : output
                return (relative as NSString).deletingPathExtension
            }
            d.readiness = outcome.readiness?.rawValue
        }
        if outcome.status != .failed, let output = outcome.output {
            let url = output.hasPrefix("/") ? URL(fileURLWithPath: output) : run.outputDirectory.appendingPathComponent(output)
            d.output = output
            material.output = url
            if outcome.status == .duplicate {
                // A duplicate is not written again: its text is the original's, read once the run
                // is over (the original may still be being written by another worker now).
                state.withLock { $0.duplicates.append((p, url)) }
            } else if let document = try? JSONDecoder().decode(ImportedDocument.self, from: Data(contentsOf: url)) {
                fill(&d, &material, from: document, expected: expectedURL, files: p.files)
            }
        }
        Self.judgeReadiness(&d)
        return (d, material)
    }

    static func judgeReadiness(_ d: inout QaDocument) {
        if let expected = d.expectedReadiness, let actual = d.readiness { d.readinessMatches = expected == actual }
        else if d.expectedReadiness != nil, d.status == "failed" { d.readinessMatches = d.expectedReadiness == "notReady" }
    }

    /// Measures the duplicates on their originals' text, now that every document is written.
    func measureDuplicates() {
        let pending = state.withLock { s in defer { s.duplicates = [] }; return s.duplicates }
        for (p, url) in pending {
            guard let (found, kept) = state.withLock({ s in s.measured[p.index].map { ($0, s.kept[p.index]) } }) else { continue }
            var d = found, material = kept
            if let document = try? JSONDecoder().decode(ImportedDocument.self, from: Data(contentsOf: url)) {
                fill(&d, &material, from: document, expected: material.expected, files: p.files)
            }
            Self.judgeReadiness(&d)
            state.withLock { s in s.measured[p.index] = d; s.kept[p.index] = material }
        }
    }

    /// The words holding a token the page's ink doubts (`numberInk`: an exponent the OCR read as
    /// other characters), whole as they stand in their block (`10°`, not the token `10`), so the
    /// report marks them as it marks words read with low confidence, and only them.
    static func wordsDoubtedByInk(_ document: ImportedDocument) -> [String] {
        var words: [String] = []
        for token in document.doubt?.tokens ?? [] where token.reasons.contains(.numberInk) {
            guard document.blocks.indices.contains(token.block) else { continue }
            let text = document.blocks[token.block].text.utf16
            guard token.offset >= 0, token.offset < text.count else { continue }
            let at = text.index(text.startIndex, offsetBy: token.offset)
            let isSpace: (UTF16.CodeUnit) -> Bool = { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0xA0 || $0 == 0x202F }
            let start = text[..<at].lastIndex(where: isSpace).map { text.index(after: $0) } ?? text.startIndex
            let end = text[at...].firstIndex(where: isSpace) ?? text.endIndex
            if let word = String(text[start..<end]), !word.isEmpty, !words.contains(word) { words.append(word) }
        }
        return words
    }

    private func fill(_ d: inout QaDocument, _ material: inout QaMaterial, from document: ImportedDocument,
                      expected: URL?, files: [URL]) {
        d.language = document.language
        d.readiness = document.readiness.status.rawValue
        d.readinessReason = document.readiness.reason?.rawValue
        d.possibleDuplicates = document.possibleDuplicates.count
        d.timings = document.timings.mapValues { ($0 * 10).rounded() / 10 }
        if let expected, let text = try? QaExpectations.read(expected) {
            d.scores = TextComparison.scores(text: document.text, expected: text)
        }
        d.signals = TextSignals(text: document.text, language: document.language,
                                vocabulary: Vocabulary.forLanguage(document.language))
        if let url = material.structure, let structure = try? ExpectedStructure.read(url) {
            d.formulas = structure.formulaScore(document)
            d.tables = structure.tableScore(document)
        }
        var pagesRead = 0, pagesOCRed = 0, low = 0, weighted = 0.0, confidencePages = 0
        for source in document.sources {
            pagesRead += source.pagesRead ?? 0
            pagesOCRed += source.pagesOCRed ?? 0
            if let c = source.meanOCRConfidence, let n = source.pagesOCRed, n > 0 {
                weighted += c * Double(n); confidencePages += n
            }
            for page in source.pages ?? [] {
                low += page.lowConfidenceWords ?? 0
                material.lowConfidence += page.lowConfidenceSample ?? []
            }
        }
        material.lowConfidence += Self.wordsDoubtedByInk(document)
        if pagesRead > 0 || pagesOCRed > 0 {
            d.pagesRead = pagesRead
            d.pagesOCRed = pagesOCRed
            d.ocrShare = pagesRead > 0 ? (Double(pagesOCRed) / Double(pagesRead) * 1000).rounded() / 1000 : nil
        }
        if confidencePages > 0 {
            d.meanOCRConfidence = (weighted / Double(confidencePages) * 10).rounded() / 10
            d.lowConfidenceWords = low
        }
        if d.status == "duplicate" { d.possibleDuplicates = 0; d.timings = [:] }
        else if let original = document.duplicateOf { d.duplicateOf = (original.source as NSString).deletingPathExtension }
        material.readinessMessage = document.readiness.message
        // Every page a person may compare with the text: the three photos of a lesson, each page of a scan.
        if !files.isEmpty, material.images.isEmpty {
            let (images, cut) = pageImages(files)
            material.images = images
            if cut, pagesRead > images.count { material.pageCount = pagesRead }
        }
    }
}

extension QaRun {
    /// `path` relative to the corpus when inside it.
    func relative(_ path: String) -> String { expectations.relative(path) }
}

extension QaExpectations {
    /// `path` relative to the corpus when inside it, else as given.
    public func relative(_ path: String) -> String {
        let standard = URL(fileURLWithPath: path).standardizedFileURL.path
        let root = corpus.standardizedFileURL.path
        return standard.hasPrefix(root + "/") ? String(standard.dropFirst(root.count + 1)) : path
    }
}
