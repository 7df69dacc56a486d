import Foundation
import IngestCore
import IngestDigest
import IngestSpell
import IngestStore

/// One source of an import: a file, a group of photos (several files, one source), or text/a link
/// given inline.
public struct UnitSource: Sendable, Equatable {
    public var files: [URL]
    public var name: String
    public var inlineText: String?
    /// The folder the files must really lie in (a watched inbox): a file whose opened path is
    /// elsewhere — a symbolic link out of it, even one swapped in after a check — is refused
    /// (`file.linkOutsideInbox`), and everything read of it is read through what was opened.
    public var root: URL?
    /// The folders given to `convert` (real paths) when links out of them are not followed: a
    /// file whose opened path lies in none of them is refused (`file.linkOutsideTree`), checked
    /// and read the same way as an inbox's. Empty: not confined (unless `root`).
    public var trees: [URL] = []
    public init(files: [URL], name: String, inlineText: String? = nil, root: URL? = nil, trees: [URL] = []) {
        self.files = files; self.name = name; self.inlineText = inlineText; self.root = root; self.trees = trees
    }
    public static func file(_ url: URL, name: String? = nil) -> UnitSource {
        UnitSource(files: [url], name: name ?? url.lastPathComponent)
    }
    public static func text(_ text: String, name: String = "stdin") -> UnitSource {
        UnitSource(files: [], name: name, inlineText: text)
    }
}

/// What becomes one document: up to five sources, and where its JSON goes.
public struct ImportUnit: Sendable, Equatable {
    public static let maxSources = 5
    public var sources: [UnitSource]
    /// Output path relative to the output folder, without `.json` (e.g. `term1/chapitre-1`).
    public var outputName: String
    /// The lesson's title when the user gave one (`--lesson`) or a folder names it (`--group folder`).
    public var title: String?
    public init(sources: [UnitSource], outputName: String, title: String? = nil) {
        self.sources = sources; self.outputName = outputName; self.title = title
    }
    public var displayName: String { sources.map(\.name).joined(separator: " + ") }
}

/// The outcome of one import, as data (success, partial, duplicate, skipped or failure, never
/// success-with-empty-output).
public struct DocumentOutcome: Sendable, Codable, Equatable {
    /// `partial`: written, but some of its pages could not be read (`error` says which); not
    /// handed on, and read again by the next run.
    public enum Status: String, Sendable, Codable { case succeeded, partial, duplicate, skipped, failed }
    public struct Failure: Sendable, Codable, Equatable {
        public var code: ErrorCode
        public var message: String
        public var detail: String?
        public var source: String?
        public init(code: ErrorCode, message: String, detail: String? = nil, source: String? = nil) {
            self.code = code; self.message = message; self.detail = detail; self.source = source
        }
    }
    public var status: Status
    public var sources: [String]
    public var output: String?
    public var id: String?
    public var title: String?
    public var readiness: Readiness.Status?
    public var duplicateOf: DuplicateRef?
    public var error: Failure?
    public var warnings: [Warning]
    public var milliseconds: Double
    /// The kinds of the sources read (`pdf`, `image+audio`…), nil when none could be sniffed.
    public var kind: String?
    /// Why it is not ready, or short (SPEC §5): its readiness reason and message in the run's
    /// language — kept when a re-run skips it (said again from the document written).
    public var readinessReason: ErrorCode? = nil
    public var readinessMessage: String? = nil
    /// This outcome as compact JSON when it arrived so (from a worker): kept as it is for the
    /// summary instead of being encoded again. Not part of the outcome's own JSON.
    public var encoded: Data?

    private enum CodingKeys: String, CodingKey {
        case status, sources, output, id, title, readiness, readinessReason, readinessMessage, duplicateOf, error, warnings,
             milliseconds, kind
    }

    public init(status: Status, sources: [String], output: String?, id: String?, title: String?,
                readiness: Readiness.Status?, duplicateOf: DuplicateRef?, error: Failure?, warnings: [Warning],
                milliseconds: Double, kind: String? = nil) {
        self.status = status; self.sources = sources; self.output = output; self.id = id; self.title = title
        self.readiness = readiness; self.duplicateOf = duplicateOf; self.error = error; self.warnings = warnings
        self.milliseconds = milliseconds; self.kind = kind; self.encoded = nil
    }
}

extension DocumentOutcome {
    /// A document that failed with `error`: nothing was written for it.
    public static func failure(sources: [String], _ error: IngestError, language: MessageLanguage, source: String? = nil,
                               warnings: [Warning] = [], milliseconds: Double = 0) -> DocumentOutcome {
        DocumentOutcome(status: .failed, sources: sources, output: nil, id: nil, title: nil, readiness: nil,
                        duplicateOf: nil,
                        error: .init(code: error.code, message: error.message(language), detail: error.detail, source: source),
                        warnings: warnings, milliseconds: milliseconds, kind: nil)
    }
}

/// The stages of one document, in order, as progress names them.
public enum Stage: String, Sendable, Codable, CaseIterable {
    case read, extract, ocr, build, library, write
}

/// The pipeline: sniff → extract → OCR → normalize → readiness → fingerprint → library → output
/// and hand-off. A value; the library (SQLite) is shared and thread-safe.
public struct Pipeline: Sendable {
    public static let version = "0.1.0"

    public let config: PipelineConfig
    public let language: MessageLanguage
    public let library: Library?
    public let password: String?
    public let cacheDirectory: URL?
    /// Where the `jsonl` sink writes its lines: standard output in this process, or the worker
    /// channel in a worker process (the supervisor then writes them when the document is done).
    public var lineOutput: @Sendable (Data) -> Void = { StandardOutput.shared.writeLine($0) }
    /// The run's cores, shared with the other documents read at once (see `CoreBudget`); nil for
    /// a library caller: OCR then uses `ocr.workers` threads.
    public var cores: (any CoreBudget)?
    /// The recognisers OCR pages go to (a worker's `ingest _ocr` processes); nil: engines in this process.
    public var ocrProcesses: (any OCRProcesses)?

    /// Opens (or creates) the SQLite library at `libraryPath` and builds a pipeline over it.
    public init(config: PipelineConfig, libraryPath: String, password: String? = nil, cacheDirectory: URL? = nil) throws {
        self.init(config: config, library: try Library(path: libraryPath), password: password, cacheDirectory: cacheDirectory)
    }

    public init(config: PipelineConfig, library: Library? = nil, password: String? = nil, cacheDirectory: URL? = nil) {
        self.config = config
        self.language = config.messageLanguage
        self.library = library
        self.password = password ?? config.pdf.password
        self.cacheDirectory = cacheDirectory
    }

    var context: ExtractionContext {
        var context = ExtractionContext(config: config, language: language, password: password,
                                        deadline: Date().addingTimeInterval(config.limits.documentTimeLimitSeconds),
                                        cacheDirectory: cacheDirectory, cores: cores)
        context.ocrProcesses = ocrProcesses
        // OCR'd text gets the doubtful-word check, whose cost is hunspell's (opening the
        // dictionaries, then 10–300 ms per suggestion): the pages already read are looked up
        // while the last ones are recognised, on a core that would otherwise wait.
        var options = DoubtFinder.Options()
        options.lowConfidenceBelow = config.ocr.lowConfidenceBelow
        context.ocrTailWork = { [options] pages in DoubtFinder.lookUpAhead(pages, options: options) }
        return context
    }

    // MARK: Library use: one call, one document, nothing written.
    //
    // These read in the caller's process and write nothing: no output file, no study sheet, no
    // hand-off, and no library lookup (duplicates are not looked for). Errors are `IngestError`s
    // with a stable `code` and `message(_:)` in French or English. For worker processes with
    // hard limits, an output folder and the library, use `IngestRuntime` (`BatchRun`).

    /// Reads one file (PDF, scan, photo, .docx, audio, subtitles, text…) into a document; its
    /// kind is decided by its content.
    public func importDocument(file: URL) throws -> ImportedDocument { try importDocument([.file(file)]) }

    /// Reads a link: a YouTube video (its captions; the network is used only when
    /// `youtube.network` is on). Anything else is refused with `youtube.notYouTube`.
    public func importDocument(url: URL) throws -> ImportedDocument {
        try importDocument([.text(url.absoluteString, name: url.absoluteString)])
    }

    /// Reads typed or pasted text (Markdown headings and lists kept). `name` names its source.
    public func importDocument(text: String, name: String = "text") throws -> ImportedDocument {
        try importDocument([.text(text, name: name)])
    }

    /// Reads up to five sources into one lesson (SPEC §2), titled `title` when given.
    public func importDocument(_ sources: [UnitSource], title: String? = nil) throws -> ImportedDocument {
        var clock = Stopwatch()
        let reads = try read(sources)
        return try document(from: reads, readTime: clock.lap(), lessonTitle: title).document
    }

    @available(*, deprecated, renamed: "importDocument(file:)")
    public func importFile(_ url: URL) throws -> ImportedDocument { try importDocument(file: url) }
    @available(*, deprecated, renamed: "importDocument(text:name:)")
    public func importText(_ text: String, name: String = "text") throws -> ImportedDocument { try importDocument(text: text, name: name) }

    // MARK: Stages

    /// Stage 1a: check, sniff and hash every source (cheap; decides skips before any extraction).
    func read(_ sources: [UnitSource]) throws -> [ReadSource] {
        guard sources.count <= ImportUnit.maxSources else {
            throw IngestError(.tooManySources, ["limit": String(ImportUnit.maxSources), "count": String(sources.count),
                                                "sources": sources.map(\.name).joined(separator: ", ")])
        }
        let reader = SourceReader(config: config, language: language)
        return try sources.map { source in
            do { return try readSource(source, reader: reader) } catch var e as IngestError {
                if e.arguments["source"] == nil { e.arguments["source"] = source.name }
                throw e
            }
        }
    }

    /// The stages after reading, written once for every caller: extraction, OCR, then the
    /// document (normalization, readiness, fingerprint). `stage` hears each stage as it starts.
    /// `guessesSubject: false` leaves `subject` to the caller (`DocumentBuilder.guessSubject`),
    /// which the importer makes only for a document it writes, not for a duplicate.
    func document(from reads: [ReadSource], readTime: Double, lessonTitle: String?, guessesSubject: Bool = true,
                  stage: (Stage) -> Void = { _ in }) throws -> (document: ImportedDocument, results: [SourceResult]) {
        var (results, timings) = try extract(reads, stage: stage)
        timings["read"] = readTime
        stage(.build)
        var lap = Stopwatch()
        var document = DocumentBuilder(config: config, language: language)
            .build(&results, timings: timings, lessonTitle: lessonTitle, guessesSubject: guessesSubject)
        document.timings["build"] = lap.lap()
        return (document, results)
    }

    /// Stage 1b and 2: extract each source; OCR the pages that need it.
    func extract(_ reads: [ReadSource], stage: (Stage) -> Void = { _ in }) throws -> ([SourceResult], [String: Double]) {
        var timings: [String: Double] = [:]
        var results: [SourceResult] = []
        let context = self.context
        for read in reads {
            var clock = Stopwatch()
            guard let extractor = ExtractorRegistry.extractor(for: read.input.kind) else {
                throw IngestError(.notSupportedYet, ["kind": read.input.kind.rawValue, "source": read.input.name])
            }
            do {
                stage(.extract)
                // Hyphen joining (`build`) opens the dictionaries: a PDF whose blocks hold a word cut
                // at a line end has them opened on an idle core while it assembles the rest.
                // The study sheet's lexicon (≈ 0.1 s of CPU, once per process) is read while the
                // document is built, from the end of a PDF's page walk (`pagesRead`) or else once
                // the source is extracted.
                let sheet = config.sink.kind == .sheet
                var afterPages: (@Sendable () -> Void)?
                if sheet { afterPages = { LexiconAhead.start() } }
                var extraction = try WordLookAhead.whileExtracting(openingFor: { DocumentBuilder.openAhead(forTextLike: $0) }, afterPages: afterPages) {
                    try extractor.extract(read.input, context: context)
                }
                timings["extract", default: 0] += clock.lap()
                if sheet { LexiconAhead.start() }
                if !extraction.ocrCandidates.isEmpty, let recognizer = ExtractorRegistry.pageRecognizer {
                    stage(.ocr)
                    extraction = try recognizer.complete(extraction, of: read.input, context: context)
                    timings["ocr", default: 0] += clock.lap()
                }
                results.append(SourceResult(read: read, extraction: extraction))
            } catch {
                var e = IngestError.wrap(error)
                if e.arguments["source"] == nil { e.arguments["source"] = read.input.name }
                throw e
            }
        }
        return (results, timings)
    }

    func readSource(_ source: UnitSource, reader: SourceReader) throws -> ReadSource {
        if let text = source.inlineText {
            let data = Data(text.utf8)
            let sniffed = Sniffer.sniff(prefix: data.prefix(Sniffer.prefixLength))
            let kind: SourceKind = sniffed.kind == .youtubeLink || sniffed.kind == .subtitles ? sniffed.kind : .text
            let input = SourceInput(files: [], kind: kind, byteSize: data.count, name: source.name, inlineText: text)
            return ReadSource(input: input, sha256: SHA256Digest.hex(of: data), warnings: [])
        }
        return try reader.read(files: source.files, displayName: source.name, root: source.root, trees: source.trees)
    }
}

/// Milliseconds between laps.
struct Stopwatch {
    var last = DispatchTime.now().uptimeNanoseconds
    mutating func lap() -> Double {
        let now = DispatchTime.now().uptimeNanoseconds
        defer { last = now }
        return Double(now - last) / 1e6
    }
}
