import Foundation

/// What an extractor is given: one source, already sniffed. A group of photos of one lesson is one
/// source with several `files` (pages in natural name order).
public struct SourceInput: Sendable, Equatable {
    public var files: [URL]
    public var kind: SourceKind
    public var byteSize: Int
    /// Display name (file name, or the URL for links).
    public var name: String
    /// For links and typed text: the text or URL itself.
    public var inlineText: String?
    /// The file's bytes when the pipeline already read them whole (small text sources: one read
    /// serves sniffing, hashing and extraction). Extractors use them instead of reading `url`.
    public var contents: Data?

    public init(files: [URL], kind: SourceKind, byteSize: Int, name: String, inlineText: String? = nil,
                contents: Data? = nil) {
        self.files = files; self.kind = kind; self.byteSize = byteSize; self.name = name; self.inlineText = inlineText
        self.contents = contents
    }

    public var url: URL { files[0] }
}

/// A title an extractor proposes, and where it found it.
public struct TitleCandidate: Sendable, Equatable {
    public enum Origin: String, Sendable { case metadata, heading, captions }
    public var text: String
    public var origin: Origin
    public init(_ text: String, origin: Origin) { self.text = text; self.origin = origin }
}

/// An image to keep as the document's cover (album art, first page, thumbnail bytes).
public struct CoverImage: Sendable, Equatable {
    public var origin: Cover.Origin
    public var data: Data
    public var mimeType: String
    public init(origin: Cover.Origin, data: Data, mimeType: String) {
        self.origin = origin; self.data = data; self.mimeType = mimeType
    }
    /// For a remote thumbnail that is referenced, not downloaded.
    public static func remote(_ url: String) -> CoverImage {
        CoverImage(origin: .thumbnail, data: Data(url.utf8), mimeType: "text/uri-list")
    }
}

/// What an extractor returns: text as blocks (source index 0; the pipeline rebases it), metadata and
/// what it saw. The pipeline normalizes text, checks readiness and fingerprints; extractors don't.
public struct Extraction: Sendable, Equatable {
    public var blocks: [Block]
    public var title: TitleCandidate?
    /// ISO 639-1 language the source declares (`w:lang`, tags, caption track), if any.
    public var language: String?
    public var metadata: [String: JSONValue]
    public var pages: [PageRecord]?
    public var warnings: [Warning]
    /// 1-based pages without a usable text layer, to be recognised by the OCR stage.
    public var ocrCandidates: [Int]
    public var cover: CoverImage?
    /// What the extractor saw that explains thin text (`readiness.scanned`, `readiness.handwriting`,
    /// `readiness.emptyPage`, `readiness.audioNoText`).
    public var thinTextReason: ErrorCode?
    /// Pages whose images could be offered to a vision model when the text is thin.
    public var visionPages: [Int]
    public var pagesRead: Int?
    public var pagesOCRed: Int?
    public var meanOCRConfidence: Double?
    /// Every word OCR read, in reading order with its confidence and box: the doubtful-word check
    /// finds each word of the text here. Empty for text that was not OCR'd.
    public var ocrWords: [OCRWord] = []
    /// The pages as pixels, opened by the extractor (a PDF's document), for the OCR stage and
    /// page pictures; nil: the OCR stage opens the file itself.
    public var pageImages: PageImages?

    public init(blocks: [Block] = [], title: TitleCandidate? = nil, language: String? = nil,
                metadata: [String: JSONValue] = [:], pages: [PageRecord]? = nil, warnings: [Warning] = [],
                ocrCandidates: [Int] = [], cover: CoverImage? = nil, thinTextReason: ErrorCode? = nil,
                visionPages: [Int] = [], pagesRead: Int? = nil, pagesOCRed: Int? = nil,
                meanOCRConfidence: Double? = nil) {
        self.blocks = blocks; self.title = title; self.language = language; self.metadata = metadata
        self.pages = pages; self.warnings = warnings; self.ocrCandidates = ocrCandidates; self.cover = cover
        self.thinTextReason = thinTextReason; self.visionPages = visionPages; self.pagesRead = pagesRead
        self.pagesOCRed = pagesOCRed; self.meanOCRConfidence = meanOCRConfidence
    }

    /// Provenances in order of first appearance in the blocks.
    public var provenances: [Provenance] {
        var seen: [Provenance] = []
        for b in blocks where !seen.contains(b.provenance) { seen.append(b.provenance) }
        return seen
    }
}

/// One word as the OCR engine read it.
public struct OCRWord: Sendable, Equatable {
    public var text: String
    /// 1-based page of the source.
    public var page: Int
    /// 0–100.
    public var confidence: Double
    /// `[left, top, right, bottom]` as fractions of the recognised page image.
    public var box: [Double]
    /// Why the page's ink doubts the word as read, whatever its confidence (`numberInk`: raised
    /// digits after a number that Tesseract read as other characters); nil when it does not.
    public var doubt: DoubtfulToken.Reason?
    public init(text: String, page: Int, confidence: Double, box: [Double], doubt: DoubtfulToken.Reason? = nil) {
        self.text = text; self.page = page; self.confidence = confidence; self.box = box; self.doubt = doubt
    }
}

/// Everything an extractor may consult: configuration, message language, password, deadline.
public struct ExtractionContext: Sendable {
    public var config: PipelineConfig
    public var language: MessageLanguage
    /// Password for encrypted PDFs (`--password` or `pdf.password`).
    public var password: String?
    /// When the per-document time limit runs out. Long loops check `isPastDeadline`.
    public var deadline: Date?
    /// A folder where an extractor may keep results between runs (YouTube steps), or nil.
    public var cacheDirectory: URL?
    /// The run's cores (see `CoreBudget`): OCR reads more pages at once only with cores it takes
    /// from it. nil (a library caller reading one document): `ocr.workers` threads, all at once.
    public var cores: (any CoreBudget)?
    /// Work a document's OCR does on a core that would otherwise wait while its last pages are
    /// recognised: run at most once, on an OCR thread that finds no page left while another is
    /// still being read, with the text of the pages recognised so far; the OCR returns only when
    /// it is done. The pipeline looks up those pages' unknown words for the doubtful-word check
    /// (hunspell keeps its answers), which would otherwise all wait for the last page.
    public var ocrTailWork: (@Sendable (_ pagesRecognized: [String]) -> Void)?
    /// Where OCR pages are recognised when not in this process (see `OCRProcesses`).
    public var ocrProcesses: (any OCRProcesses)?

    public init(config: PipelineConfig = PipelineConfig(), language: MessageLanguage = .current,
                password: String? = nil, deadline: Date? = nil, cacheDirectory: URL? = nil, cores: (any CoreBudget)? = nil) {
        self.config = config; self.language = language; self.password = password; self.deadline = deadline
        self.cacheDirectory = cacheDirectory; self.cores = cores
    }

    public var isPastDeadline: Bool { deadline.map { Date() >= $0 } ?? false }

    /// Throws `run.timeout` once the deadline has passed.
    public func checkDeadline() throws {
        if isPastDeadline {
            throw IngestError(.timeout, ["seconds": String(Int(config.limits.documentTimeLimitSeconds))])
        }
    }

    /// A warning in this context's language.
    public func warning(_ code: ErrorCode, _ arguments: [String: String] = [:], page: Int? = nil) -> Warning {
        Warning(code, arguments, page: page, language: language)
    }
}

/// An extractor: bytes in, text and metadata out. It owns no concurrency, caching or output.
/// It throws only `IngestError`, with a code from the catalog.
public protocol Extractor: Sendable {
    /// The kinds this extractor reads.
    var kinds: Set<SourceKind> { get }
    func extract(_ input: SourceInput, context: ExtractionContext) throws -> Extraction
}

/// The expensive second stage (OCR): completes an extraction whose `ocrCandidates` are pages
/// without a usable text layer, within the page cap, keeping text-layer pages as they are.
public protocol PageRecognizing: Sendable {
    func complete(_ extraction: Extraction, of input: SourceInput, context: ExtractionContext) throws -> Extraction
}
