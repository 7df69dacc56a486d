import Foundation

/// The configuration of a run (SPEC §8), decoded from `pipeline.json` after validation against
/// `schemas/pipeline.schema.json`. Every field has the default of the shipped `pipeline.json`.
public struct PipelineConfig: Codable, Sendable, Equatable {
    public var messageLanguage: MessageLanguage = .fr
    public var userLanguages: [String] = []
    public var concurrency: Int = 0
    public var ocr = OCR()
    public var readiness = ReadinessThresholds()
    public var youtube = YouTube()
    public var limits = Limits()
    public var pdf = PDF()
    public var output = Output()
    public var sink = Sink()
    public var library = Library()
    public var workers = Workers()
    public var watch = Watch()
    public var qa = QA()

    public struct OCR: Codable, Sendable, Equatable {
        public var languages = "fra+eng"
        public var pageCap = 40
        public var dpi = 300
        public var pageTimeLimitSeconds = 60.0
        public var maxImagePixels = 200_000_000
        public var lowConfidenceBelow = 60.0
        public var workers = 0
        /// A page with no mark the size of a character is not sent to the engine (issue 38).
        public var skipBlankPages = true
        /// Tesseract's script detection is asked first; a page in a script without an installed
        /// model is not read with `languages` (it would give junk) but named and offered to vision.
        public var detectScript = true
        /// A recognised page is junk, left out of the text, when its words' mean confidence is
        /// under `junkConfidenceBelow` and fewer than `junkDictionaryShareBelow` of its words are
        /// in the installed dictionaries. 60, not 50: random glyphs read at 52 with 43 % known;
        /// no text page of bench/ocr/pays38.py with CER ≤ 10 % is under 75 (issue 38).
        public var junkConfidenceBelow = 60.0
        public var junkDictionaryShareBelow = 0.5
        /// Pages rendered (PDF) or scaled down (photos) so their x-height comes to about 30 px,
        /// between 150 and 400 dpi, instead of `dpi` whatever the type size (issue 38).
        public var fitResolution = true
        public init() {}
    }
    public struct ReadinessThresholds: Codable, Sendable, Equatable {
        public var notReadyBelow = 120
        public var shortBelow = 1800
        public var visionPageCap = 6
        public var fingerprintMinCharacters = 200
        public init() {}
    }
    public struct YouTube: Codable, Sendable, Equatable {
        public var durationCapMinutes = 60
        public var network = false
        public var baseURL = "https://www.youtube.com"
        public var timeoutSeconds = 15.0
        public var retries = 2
        public init() {}
    }
    public struct Limits: Codable, Sendable, Equatable {
        public var maxFileBytes = 1_073_741_824
        public var zipMaxUncompressedBytes = 1_073_741_824
        public var zipMaxRatio = 200.0
        public var zipMaxEntries = 20_000
        public var documentTimeLimitSeconds = 300.0
        public var coverMaxBytes = 10_485_760
        public init() {}
    }
    /// How documents are read: in worker processes (isolated, with hard limits) or in this one.
    public struct Workers: Codable, Sendable, Equatable {
        public enum Isolation: String, Codable, Sendable { case process, none }
        public var isolation: Isolation = .process
        public var memoryLimitMB = 2048
        public var recycleAfterDocuments = 2000
        public var recycleAboveMB = 1024
        public init() {}
    }
    /// `ingest watch`: when a file dropped in the inbox counts as complete.
    public struct Watch: Codable, Sendable, Equatable {
        public var quietSeconds = 2.0
        public var closedSettleSeconds = 0.05
        public var lessonQuietSeconds = 10.0
        public var pollSeconds = 2.0
        public var giveUpIncompleteAfterSeconds = 600.0
        public init() {}
    }
    /// `ingest qa`: how much a figure may worsen against a baseline, and the report's images.
    public struct QA: Codable, Sendable, Equatable {
        public struct Tolerances: Codable, Sendable, Equatable {
            public var cer = 0.01
            public var wer = 0.02
            public var wordRecall = 0.01
            public var wordPrecision = 0.01
            public var outOfVocabularyRatio = 0.02
            public var ocrConfidence = 5.0
            public init() {}
        }
        public var tolerances = Tolerances()
        public var pageImages = 300
        public init() {}
    }
    public struct PDF: Codable, Sendable, Equatable {
        public var password: String? = nil
        public init() {}
    }
    public struct Output: Codable, Sendable, Equatable {
        public var directory: String? = nil
        public var pretty = true
        /// Documents whose bytes depend only on the sources, the pipeline version and the
        /// configuration: no `timings`, and `createdAt` from `SOURCE_DATE_EPOCH` (else 1970-01-01)
        /// — what `ingest worker` writes, so a retry or another machine writes the same bytes.
        public var reproducible = false
        /// What a duplicate leaves in the output folder (issue 34): `pointer`, a small
        /// `NAME.duplicate.json` naming the document it repeats (id, title, absolute path); `link`,
        /// a hard link `NAME.json` to that document (a pointer when no link can be made).
        public enum Duplicates: String, Codable, Sendable { case pointer, link }
        public var duplicates: Duplicates = .pointer
        /// `json`: `NAME.json` only; `markdown`: also `NAME.md` beside it (issue 36). The JSON is
        /// always written: it is the record re-runs and delivery read.
        public enum Format: String, Codable, Sendable { case json, markdown }
        public var format: Format = .json
        /// `NAME.chunks.jsonl` beside the document (`--chunks`): chunks for retrieval of at most
        /// `tokens` tokens each (`ChunkTokens`).
        public struct Chunks: Codable, Sendable, Equatable {
            public var enabled = false
            public var tokens = 512
            public init() {}
        }
        public var chunks = Chunks()
        public init() {}
    }
    public struct Sink: Codable, Sendable, Equatable {
        public enum Kind: String, Codable, Sendable { case sheet, directory, jsonl, http, none }
        public var kind: Kind = .sheet
        public var url: String? = nil
        public var retries = 5
        public var timeoutSeconds = 30.0
        public var backoffSeconds = 0.5
        public var maxWaitSeconds = 60.0
        public init() {}
    }
    public struct Library: Codable, Sendable, Equatable {
        public var path = "~/.local/share/ingest/library.sqlite"
        /// SPEC §6: from this similarity an earlier import is the same text (a duplicate, kind `near`).
        public var nearDuplicateThreshold = 0.8
        /// From this similarity (and below `nearDuplicateThreshold`) an earlier import is an edited
        /// version of the text: listed as a `revision`, not a duplicate.
        public var revisionThreshold = 0.5
        /// Near-duplicates listed per document, the most similar first: a chapter imported in
        /// many versions would otherwise list every one of them in every new document.
        public var maxNearDuplicates = 10
        public init() {}
    }

    public init() {}

    /// Number of documents read at once (`concurrency`, 0 → cores).
    public var effectiveConcurrency: Int {
        concurrency > 0 ? concurrency : max(1, ProcessInfo.processInfo.activeProcessorCount)
    }
    /// Number of OCR engines (`ocr.workers`, 0 → cores).
    public var effectiveOCRWorkers: Int {
        ocr.workers > 0 ? ocr.workers : max(1, ProcessInfo.processInfo.activeProcessorCount)
    }
    /// User languages reduced to language codes (`fr-CA` → `fr`), else the locale's.
    public var effectiveUserLanguages: [String] {
        var codes: [String] = []
        let source = userLanguages.isEmpty ? [PipelineConfig.localeLanguage] : userLanguages
        for l in source {
            let code = PipelineConfig.languageCode(l)
            if !code.isEmpty, !codes.contains(code) { codes.append(code) }
        }
        return codes
    }

    /// `fr-CA` → `fr`, `pt_BR` → `pt`, `FR` → `fr`.
    public static func languageCode(_ tag: String) -> String {
        String(tag.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == "." }).first ?? "").lowercased()
    }

    static var localeLanguage: String {
        let env = ProcessInfo.processInfo.environment
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let v = env[key], !v.isEmpty, v != "C", v != "POSIX", !v.hasPrefix("C.") { return v }
        }
        return "fr"
    }
}

/// Loads and validates `pipeline.json`, applying command-line overrides.
public enum ConfigLoader {
    /// The JSON Schema of `pipeline.json`.
    public static var schemaText: String { EmbeddedSchemas.pipelineSchema }
    /// The shipped default `pipeline.json`.
    public static var defaultText: String { EmbeddedSchemas.defaultPipeline }

    static let validator: SchemaValidator = {
        // The embedded schema is ours and valid; a test proves it parses.
        SchemaValidator(schema: (try? JSONValue.parse(EmbeddedSchemas.pipelineSchema)) ?? .object([:]))
    }()

    /// Every violation of `value` (a whole or partial pipeline.json), as named errors.
    public static func violations(of value: JSONValue) -> [IngestError] {
        var errors = validator.validate(value).map(error(for:))
        // Cross-field rule the schema cannot say.
        if let low = value["readiness"]?["notReadyBelow"]?.intValue ?? Optional(PipelineConfig().readiness.notReadyBelow),
           let high = value["readiness"]?["shortBelow"]?.intValue ?? Optional(PipelineConfig().readiness.shortBelow),
           low > high {
            errors.append(IngestError(.configOutOfRange, ["path": "readiness.shortBelow", "value": String(high)].merging(
                MessageCatalog.phrase("expected", .schemaAtLeastKey, ["key": "readiness.notReadyBelow", "value": "\(low)"])) { a, _ in a }))
        }
        let near = value["library"]?["nearDuplicateThreshold"]?.doubleValue ?? PipelineConfig().library.nearDuplicateThreshold
        let revision = value["library"]?["revisionThreshold"]?.doubleValue ?? PipelineConfig().library.revisionThreshold
        if revision > near {
            errors.append(IngestError(.configOutOfRange, ["path": "library.revisionThreshold", "value": String(revision)].merging(
                MessageCatalog.phrase("expected", .schemaAtMostKey, ["key": "library.nearDuplicateThreshold", "value": "\(near)"])) { a, _ in a }))
        }
        if value["sink"]?["kind"]?.stringValue == "http", value["sink"]?["url"]?.stringValue == nil {
            errors.append(IngestError(.configMissingKey, ["path": "sink.url"]))
        }
        return errors
    }

    static func error(for v: SchemaViolation) -> IngestError {
        switch v.kind {
        case .unknownKey:
            guard let suggestion = v.suggestion else { return IngestError(.configUnknownKey, ["path": v.path]) }
            return IngestError(.configUnknownKey, ["path": v.path, "didYouMean": suggestion], hint: .configDidYouMean)
        case .missingKey: return IngestError(.configMissingKey, ["path": v.path])
        case .wrongType:
            return IngestError(.configWrongType, ["path": v.path, "expected": v.expected, "actual": v.actual,
                                                  "expected@fr": v.expectedFrench, "actual@fr": v.actualFrench])
        case .outOfRange:
            return IngestError(.configOutOfRange, ["path": v.path, "expected": v.expected, "value": v.actual,
                                                   "expected@fr": v.expectedFrench, "value@fr": v.actualFrench])
        case .invalidValue:
            return IngestError(.configInvalidValue, ["path": v.path, "expected": v.expected, "value": v.actual,
                                                     "expected@fr": v.expectedFrench, "value@fr": v.actualFrench])
        }
    }

    /// Parses, applies `overrides` (dotted path → JSON value), validates and decodes.
    /// Throws the first error; `violations(of:)` gives them all.
    public static func load(data: Data, file: String = "pipeline.json",
                            overrides: [(path: String, value: JSONValue)] = []) throws -> PipelineConfig {
        var value: JSONValue
        do { value = try JSONValue.parse(data) } catch let e as JSONParseError {
            throw IngestError(.configInvalidJSON, ["file": file].merging(e.argument("reason")) { a, _ in a })
        }
        for o in overrides { value = setting(value, path: o.path, to: o.value) }
        if let first = violations(of: value).first { throw first }
        return try decode(value)
    }

    /// Loads a file (or the embedded defaults when `url` is nil).
    public static func load(url: URL?, overrides: [(path: String, value: JSONValue)] = []) throws -> PipelineConfig {
        guard let url else { return try load(data: Data(defaultText.utf8), overrides: overrides) }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw IngestError(.fileUnreadable, ["reason": url.path], detail: String(describing: error))
        }
        return try load(data: data, file: url.lastPathComponent, overrides: overrides)
    }

    static func decode(_ value: JSONValue) throws -> PipelineConfig {
        // Merge over the defaults so absent keys keep their default values.
        let defaults = (try? JSONValue.parse(defaultText)) ?? .object([:])
        var merged = merge(defaults, value)
        if case .object(var o) = merged { o["$schema"] = nil; merged = .object(o) }
        do {
            let data = try JSONEncoder().encode(merged)
            return try JSONDecoder().decode(PipelineConfig.self, from: data)
        } catch {
            throw IngestError(.configInvalidValue, ["path": "$", "value": "?"].merging(MessageCatalog.phrase("expected", .schemaValidConfiguration)) { a, _ in a },
                              detail: String(describing: error))
        }
    }

    static func merge(_ base: JSONValue, _ patch: JSONValue) -> JSONValue {
        guard case .object(var b) = base, case .object(let p) = patch else { return patch }
        for (k, v) in p { b[k] = b[k].map { merge($0, v) } ?? v }
        return .object(b)
    }

    /// Sets `path` (dotted) in `root` to `newValue`, creating objects on the way.
    public static func setting(_ root: JSONValue, path: String, to newValue: JSONValue) -> JSONValue {
        let parts = path.split(separator: ".").map(String.init)
        func set(_ node: JSONValue, _ i: Int) -> JSONValue {
            guard i < parts.count else { return newValue }
            var o = node.objectValue ?? [:]
            o[parts[i]] = set(o[parts[i]] ?? .object([:]), i + 1)
            return .object(o)
        }
        return set(root, 0)
    }

    /// Parses the value of a `--set key=value` flag: JSON if it parses, else a string.
    public static func parseOverrideValue(_ text: String) -> JSONValue {
        (try? JSONValue.parse(text)) ?? .string(text)
    }
}
