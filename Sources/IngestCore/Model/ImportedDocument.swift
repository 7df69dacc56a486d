import Foundation

/// The product: one normalized document built from up to five sources (SPEC §3).
/// Its JSON form is described by `schemas/imported-document.schema.json` (version `schemaVersion`).
public struct ImportedDocument: Codable, Sendable, Equatable {
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    public var id: String
    /// 1 for a new document; the next number each time its source changes and it is read again
    /// (the new document supersedes the old one under the same id).
    public var revision: Int = 1
    public var title: String
    /// How the title was chosen: `metadata`, `heading`, `fileName`, `typed`, `captions`.
    public var titleSource: String
    /// ISO 639-1 code of the detected language, `und` when unknown.
    public var language: String
    public var text: String
    public var blocks: [Block]
    public var sources: [SourceRecord]
    public var readiness: Readiness
    public var fingerprint: Fingerprint
    public var duplicateOf: DuplicateRef?
    public var possibleDuplicates: [DuplicateRef]
    public var cover: Cover?
    /// Words of OCR'd and auto-caption text that lesson generation must not trust as read (absent
    /// when the document has no such text). The text itself is never rewritten.
    public var doubt: Doubt?
    /// The school subject the title and opening text point to, when two of its keywords appear.
    public var subject: SubjectGuess?
    /// Milliseconds spent per stage (`sniff`, `extract`, `ocr`, `normalize`, `readiness`, …).
    public var timings: [String: Double]
    public var pipelineVersion: String
    public var createdAt: String

    public init(schemaVersion: Int = ImportedDocument.currentSchemaVersion, id: String, title: String,
                titleSource: String, language: String, text: String, blocks: [Block], sources: [SourceRecord],
                readiness: Readiness, fingerprint: Fingerprint, duplicateOf: DuplicateRef? = nil,
                possibleDuplicates: [DuplicateRef] = [], cover: Cover? = nil, doubt: Doubt? = nil,
                subject: SubjectGuess? = nil, timings: [String: Double] = [:],
                pipelineVersion: String, createdAt: String) {
        self.schemaVersion = schemaVersion; self.id = id; self.title = title; self.titleSource = titleSource
        self.language = language; self.text = text; self.blocks = blocks; self.sources = sources
        self.readiness = readiness; self.fingerprint = fingerprint; self.duplicateOf = duplicateOf
        self.possibleDuplicates = possibleDuplicates; self.cover = cover; self.doubt = doubt; self.subject = subject; self.timings = timings
        self.pipelineVersion = pipelineVersion; self.createdAt = createdAt
    }
}

/// A heading, paragraph, list item, table or timed cue, in reading order, pointing back to its
/// source (index into `sources`) and its page or time.
///
/// Layout: a long book has tens of thousands of blocks, so a block is 40 bytes, not 136. Small
/// numbers are kept as 32-bit values (`Int32.min` standing for "none"), and the fields most
/// blocks lack — marker, times, table rows, OCR confidence — share one immutable box that is
/// absent when they all are. The public properties keep their types; a setter replaces the box,
/// so a block remains a plain value.
public struct Block: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// `formula`: a display equation; `text` is its linear reading (`x² + 1`), `latex` its LaTeX.
        /// `figure`: a picture or drawing; `text` is its caption as read (empty for a picture without
        /// one), `bbox` where it lies on its page or slide, `image` its picture beside the document
        /// when one was written.
        case heading, paragraph, listItem, table, cue, code, quote, definition, formula, figure
    }
    // Declared in this order so the fields pack without padding (the layout follows it).
    public var text: String
    private var extras: Extras?
    private var storedLevel: Int32
    private var storedSource: Int32
    private var storedPage: Int32
    public var kind: Kind
    public var provenance: Provenance

    /// The rarely present fields, shared by copies of a block until one of them is set.
    private final class Extras: Sendable {
        let marker: String?
        let start: Double?
        let end: Double?
        let rows: [[TableCell]]?
        let confidence: Double?
        let latex: String?
        let bbox: [Double]?
        let image: String?
        init(marker: String?, start: Double?, end: Double?, rows: [[TableCell]]?, confidence: Double?, latex: String?,
             bbox: [Double]?, image: String?) {
            self.marker = marker; self.start = start; self.end = end; self.rows = rows; self.confidence = confidence
            self.latex = latex; self.bbox = bbox; self.image = image
        }
        /// The box for these values, or none when every one is nil.
        static func make(marker: String?, start: Double?, end: Double?, rows: [[TableCell]]?, confidence: Double?,
                         latex: String?, bbox: [Double]? = nil, image: String? = nil) -> Extras? {
            if marker == nil && start == nil && end == nil && rows == nil && confidence == nil && latex == nil && bbox == nil
                && image == nil { return nil }
            return Extras(marker: marker, start: start, end: end, rows: rows, confidence: confidence, latex: latex,
                          bbox: bbox, image: image)
        }
        /// These values with one or more of them replaced.
        func with(marker: String?? = .none, start: Double?? = .none, end: Double?? = .none, rows: [[TableCell]]?? = .none,
                  confidence: Double?? = .none, latex: String?? = .none, bbox: [Double]?? = .none, image: String?? = .none) -> Extras? {
            func pick<T>(_ new: T??, _ old: T?) -> T? { if case .some(let value) = new { value } else { old } }
            return .make(marker: pick(marker, self.marker), start: pick(start, self.start), end: pick(end, self.end),
                         rows: pick(rows, self.rows), confidence: pick(confidence, self.confidence), latex: pick(latex, self.latex),
                         bbox: pick(bbox, self.bbox), image: pick(image, self.image))
        }
        static let empty = Extras(marker: nil, start: nil, end: nil, rows: nil, confidence: nil, latex: nil, bbox: nil, image: nil)
    }

    private static let none = Int32.min
    private static func pack(_ value: Int?) -> Int32 {
        guard let value else { return none }
        return Int32(clamping: max(value, Int(Int32.min) + 1))
    }
    private static func unpack(_ value: Int32) -> Int? { value == none ? nil : Int(value) }

    /// Heading level (1 = top) for headings; nesting level (0 = top) for list items.
    public var level: Int? {
        get { Self.unpack(storedLevel) }
        set { storedLevel = Self.pack(newValue) }
    }
    public var source: Int {
        get { Int(storedSource) }
        set { storedSource = Int32(clamping: newValue) }
    }
    /// 1-based page number in the source.
    public var page: Int? {
        get { Self.unpack(storedPage) }
        set { storedPage = Self.pack(newValue) }
    }
    /// List marker as displayed ("1.", "a)", "•").
    public var marker: String? {
        get { extras?.marker }
        set { extras = Self.replacing(extras, marker: newValue) }
    }
    /// Start and end in seconds, for captions, transcripts and chapters.
    public var start: Double? {
        get { extras?.start }
        set { extras = Self.replacing(extras, start: newValue) }
    }
    public var end: Double? {
        get { extras?.end }
        set { extras = Self.replacing(extras, end: newValue) }
    }
    /// Rows of cells, for tables.
    public var rows: [[TableCell]]? {
        get { extras?.rows }
        set { extras = Self.replacing(extras, rows: newValue) }
    }
    /// Mean OCR word confidence (0–100) of this block, for OCR text.
    public var confidence: Double? {
        get { extras?.confidence }
        set { extras = Self.replacing(extras, confidence: newValue) }
    }
    /// The LaTeX of a formula (`\frac{-b}{2a}`), for formula blocks.
    public var latex: String? {
        get { extras?.latex }
        set { extras = Self.replacing(extras, latex: newValue) }
    }

    /// Where a figure lies on its page, in PDF points from the page's top-left corner
    /// (`[x0, y0, x1, y1]`), for figures of paginated sources.
    public var bbox: [Double]? {
        get { extras?.bbox }
        set { extras = Self.replacing(extras, bbox: newValue) }
    }
    /// A figure's picture, relative to the document's JSON (`NAME.figure-1.png`), when written: a
    /// PDF figure's crop, the bytes as stored of a picture of a slide deck or a text document (docx,
    /// odt, epub). From an Office extractor, before the pipeline writes it, the picture's part inside
    /// the package (`ppt/media/image1.png`, `word/media/image1.png`, `Pictures/….png`).
    public var image: String? {
        get { extras?.image }
        set { extras = Self.replacing(extras, image: newValue) }
    }

    private static func replacing(_ extras: Extras?, marker: String?? = .none, start: Double?? = .none, end: Double?? = .none,
                                  rows: [[TableCell]]?? = .none, confidence: Double?? = .none, latex: String?? = .none,
                                  bbox: [Double]?? = .none, image: String?? = .none) -> Extras? {
        (extras ?? Extras.empty).with(marker: marker, start: start, end: end, rows: rows, confidence: confidence, latex: latex,
                                      bbox: bbox, image: image)
    }

    public init(kind: Kind, text: String, level: Int? = nil, marker: String? = nil, source: Int = 0,
                page: Int? = nil, start: Double? = nil, end: Double? = nil, provenance: Provenance,
                rows: [[TableCell]]? = nil, confidence: Double? = nil) {
        self.kind = kind; self.text = text; self.provenance = provenance
        storedLevel = Self.pack(level); storedSource = Int32(clamping: source); storedPage = Self.pack(page)
        extras = .make(marker: marker, start: start, end: end, rows: rows, confidence: confidence, latex: nil)
    }

    /// A display formula: its linear reading as `text`, its LaTeX as `latex`.
    public init(formula latex: String, text: String, source: Int = 0, page: Int? = nil, provenance: Provenance) {
        self.init(kind: .formula, text: text, source: source, page: page, provenance: provenance)
        self.latex = latex
    }

    /// A figure: its caption as `text`, where it lies on its page.
    public init(figure caption: String, bbox: [Double]?, source: Int = 0, page: Int? = nil, provenance: Provenance) {
        self.init(kind: .figure, text: caption, source: source, page: page, provenance: provenance)
        self.bbox = bbox
    }

    public static func == (a: Block, b: Block) -> Bool {
        let same = a.kind == b.kind && a.provenance == b.provenance && a.text == b.text && a.storedLevel == b.storedLevel
            && a.storedSource == b.storedSource && a.storedPage == b.storedPage && a.marker == b.marker
            && a.start == b.start && a.end == b.end && a.rows == b.rows && a.confidence == b.confidence
        return same && a.latex == b.latex && a.bbox == b.bbox && a.image == b.image
    }

    // Codable: the keys and order the synthesized conformance had (declaration order, nil left out).
    private enum CodingKeys: String, CodingKey {
        case kind, text, level, marker, source, page, start, end, provenance, rows, confidence, latex, bbox, image
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(kind: try c.decode(Kind.self, forKey: .kind), text: try c.decode(String.self, forKey: .text),
                  level: try c.decodeIfPresent(Int.self, forKey: .level),
                  marker: try c.decodeIfPresent(String.self, forKey: .marker),
                  source: try c.decode(Int.self, forKey: .source), page: try c.decodeIfPresent(Int.self, forKey: .page),
                  start: try c.decodeIfPresent(Double.self, forKey: .start), end: try c.decodeIfPresent(Double.self, forKey: .end),
                  provenance: try c.decode(Provenance.self, forKey: .provenance),
                  rows: try c.decodeIfPresent([[TableCell]].self, forKey: .rows),
                  confidence: try c.decodeIfPresent(Double.self, forKey: .confidence))
        latex = try c.decodeIfPresent(String.self, forKey: .latex)
        bbox = try c.decodeIfPresent([Double].self, forKey: .bbox)
        image = try c.decodeIfPresent(String.self, forKey: .image)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(text, forKey: .text)
        try c.encodeIfPresent(level, forKey: .level)
        try c.encodeIfPresent(marker, forKey: .marker)
        try c.encode(source, forKey: .source)
        try c.encodeIfPresent(page, forKey: .page)
        try c.encodeIfPresent(start, forKey: .start)
        try c.encodeIfPresent(end, forKey: .end)
        try c.encode(provenance, forKey: .provenance)
        try c.encodeIfPresent(rows, forKey: .rows)
        try c.encodeIfPresent(confidence, forKey: .confidence)
        try c.encodeIfPresent(latex, forKey: .latex)
        try c.encodeIfPresent(bbox, forKey: .bbox)
        try c.encodeIfPresent(image, forKey: .image)
    }
}

/// A table cell: its text and any tables nested in it.
public struct TableCell: Codable, Sendable, Equatable {
    public var text: String
    public var tables: [[[TableCell]]]?
    public init(text: String, tables: [[[TableCell]]]? = nil) { self.text = text; self.tables = tables }
}

/// One source of the document, with its provenance (SPEC §3).
public struct SourceRecord: Codable, Sendable, Equatable {
    public var kind: SourceKind
    /// File name (not the full path, which is private to the user's machine) or URL; for photos
    /// of one lesson, the names joined for a person to read ("a.png, b.png, c.png").
    public var name: String
    /// The file names of a source made of several files (photos of one lesson), in page order:
    /// page N is `files[N-1]`. nil for a source of one file.
    public var files: [String]?
    public var url: String?
    public var byteSize: Int
    public var sha256: String
    public var pagesRead: Int?
    public var pagesOCRed: Int?
    public var meanOCRConfidence: Double?
    /// Every provenance that contributed text, in order of first appearance.
    public var provenance: [Provenance]
    public var pages: [PageRecord]?
    /// Per-kind metadata (PDF info dictionary, audio tags, caption track, …).
    public var metadata: [String: JSONValue]
    public var warnings: [Warning]

    public init(kind: SourceKind, name: String, url: String? = nil, byteSize: Int, sha256: String,
                pagesRead: Int? = nil, pagesOCRed: Int? = nil, meanOCRConfidence: Double? = nil,
                provenance: [Provenance], pages: [PageRecord]? = nil, metadata: [String: JSONValue] = [:],
                warnings: [Warning] = []) {
        self.kind = kind; self.name = name; self.url = url; self.byteSize = byteSize; self.sha256 = sha256
        self.pagesRead = pagesRead; self.pagesOCRed = pagesOCRed; self.meanOCRConfidence = meanOCRConfidence
        self.provenance = provenance; self.pages = pages; self.metadata = metadata; self.warnings = warnings
    }
}

/// What is known of one page of a paginated source.
public struct PageRecord: Codable, Sendable, Equatable {
    public enum Classification: String, Codable, Sendable {
        case text, imageOnly, mixed, corruptText, empty
    }
    public var number: Int
    public var label: String?
    public var classification: Classification?
    public var provenance: Provenance?
    public var characters: Int
    public var ocrConfidence: Double?
    public var lowConfidenceWords: Int?
    /// The first of those words (at most 100), as read: what a person checking the page looks at.
    public var lowConfidenceSample: [String]?
    /// True when the page needed OCR but was left out (page cap, time limit).
    public var skipped: Bool?
    /// Why the page could not be read (`ocr.engineFailed`, `ocr.pageTimeLimit`…); nil for a page
    /// read, or left out by the page cap. A document with such a page is `partial`.
    public var failure: ErrorCode?
    /// Why OCR left this page's text out (issue 38): nothing on it is writing (`blank`, not sent
    /// to the engine), its script has no installed model (`scriptNotInstalled`, `script` names
    /// it), or what was read is not text (`junk`, its confidence kept in `ocrConfidence`).
    public enum LeftOut: String, Codable, Sendable { case blank, scriptNotInstalled, junk }
    public var leftOut: LeftOut?
    /// The script Tesseract's script detection saw on a weak page, when no configured OCR
    /// language reads it (`Arabic`, `Han`, `Cyrillic`…).
    public var script: String?

    public init(number: Int, label: String? = nil, classification: Classification? = nil,
                provenance: Provenance? = nil, characters: Int = 0, ocrConfidence: Double? = nil,
                lowConfidenceWords: Int? = nil, skipped: Bool? = nil) {
        self.number = number; self.label = label; self.classification = classification
        self.provenance = provenance; self.characters = characters; self.ocrConfidence = ocrConfidence
        self.lowConfidenceWords = lowConfidenceWords; self.skipped = skipped
    }
}

/// SPEC §5: whether the text can be handed on.
public struct Readiness: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable, Comparable {
        case notReady, short, ready
        private var rank: Int { switch self { case .notReady: 0; case .short: 1; case .ready: 2 } }
        public static func < (a: Status, b: Status) -> Bool { a.rank < b.rank }
    }
    public var status: Status
    public var characters: Int
    public var reason: ErrorCode?
    public var message: String?
    /// Pages whose images can be offered to a vision model (at most the configured number).
    public var visionPages: [Int]?
    /// Those pages' images, written beside the document (JPEG, long side at most 1600 px).
    public var visionImages: [VisionImage]?

    public init(status: Status, characters: Int, reason: ErrorCode? = nil, message: String? = nil,
                visionPages: [Int]? = nil, visionImages: [VisionImage]? = nil) {
        self.status = status; self.characters = characters; self.reason = reason; self.message = message
        self.visionPages = visionPages; self.visionImages = visionImages
    }
}

/// One page image for a vision model, saved beside the document's JSON.
public struct VisionImage: Codable, Sendable, Equatable {
    /// Index into `sources` and 1-based page of that source.
    public var source: Int
    public var page: Int
    /// Path relative to the document's JSON (`NAME.page-3.jpg`, `NAME.s2-page-3.jpg`).
    public var path: String
    public var mimeType: String
    public var width: Int
    public var height: Int
    public var byteSize: Int
    public init(source: Int, page: Int, path: String, mimeType: String = "image/jpeg", width: Int, height: Int, byteSize: Int) {
        self.source = source; self.page = page; self.path = path; self.mimeType = mimeType
        self.width = width; self.height = height; self.byteSize = byteSize
    }
}

/// The doubtful words of a document's OCR'd and auto-caption text.
public struct Doubt: Codable, Sendable, Equatable {
    /// Language of the dictionary words were checked against (`fr`, `en`), absent when none was
    /// available (then only OCR confidence decides).
    public var dictionary: String?
    /// Words of OCR'd and auto-caption text that were checked.
    public var wordsChecked: Int
    public var tokens: [DoubtfulToken]
    /// Doubtful words beyond the cap, not listed.
    public var omitted: Int?
    public init(dictionary: String?, wordsChecked: Int, tokens: [DoubtfulToken], omitted: Int? = nil) {
        self.dictionary = dictionary; self.wordsChecked = wordsChecked; self.tokens = tokens; self.omitted = omitted
    }
}

/// A word as read that may be a misreading, with where it is and what it may have been.
public struct DoubtfulToken: Codable, Sendable, Equatable {
    public enum Reason: String, Codable, Sendable, CaseIterable {
        /// Tesseract's confidence in the word is under `ocr.lowConfidenceBelow`.
        case lowConfidence
        /// Not in the dictionary, while one or two edits from words that are.
        case notInDictionary
        /// A word of another language than the document's (hunspell knows it there), while one
        /// or two OCR confusions away is a word of the document's language: `general` read for
        /// `général` in a French text.
        case otherLanguage
        /// Digits inside a word that reads as a dictionary word with letters instead (`c1asse`).
        case digitInWord
        /// A number whose ink shows raised marks (an exponent) that the OCR read as other
        /// characters, or with too little confidence, and a second reading of them did not settle:
        /// `10⁸` read `10°`, `10¹²` read `10/2`, `10⁻¹` read `1072`. The word stands as read.
        case numberInk
    }
    /// The word exactly as it stands in its block's text.
    public var text: String
    /// Index into `blocks`, and the word's UTF-16 offset in that block's text.
    public var block: Int
    public var offset: Int
    /// Index into `sources`.
    public var source: Int
    public var provenance: Provenance
    /// For OCR: the 1-based page and the word's box as fractions of the page image
    /// (`[left, top, right, bottom]`, 0–1) when the engine's word was found.
    public var page: Int?
    public var box: [Double]?
    /// For captions: the cue's start and end in seconds.
    public var start: Double?
    public var end: Double?
    /// OCR word confidence (0–100).
    public var confidence: Double?
    public var reasons: [Reason]
    /// What the word may have been, the likeliest first (the one its neighbours call for).
    public var candidates: [String]

    public init(text: String, block: Int, offset: Int, source: Int, provenance: Provenance, page: Int? = nil,
                box: [Double]? = nil, start: Double? = nil, end: Double? = nil, confidence: Double? = nil,
                reasons: [Reason], candidates: [String]) {
        self.text = text; self.block = block; self.offset = offset; self.source = source; self.provenance = provenance
        self.page = page; self.box = box; self.start = start; self.end = end; self.confidence = confidence
        self.reasons = reasons; self.candidates = candidates
    }
}

/// A guess of the lesson's subject, from its title and opening text.
public struct SubjectGuess: Codable, Sendable, Equatable {
    /// A stable code: `mathematics`, `physics`, `chemistry`, `biology`, `history`, `geography`,
    /// `languages`, `philosophy`, `economics`, `computerScience`, `law`, `medicine`, …
    public var code: String
    /// The distinct keywords of that subject found (at least two), as listed.
    public var keywords: [String]
    public init(code: String, keywords: [String]) { self.code = code; self.keywords = keywords }
}

/// SPEC §6: the content fingerprint and the title key.
public struct Fingerprint: Codable, Sendable, Equatable {
    /// What `value` is the digest of. Only `content` carries a sketch (near-duplicates); the two
    /// others match only what is equal: the title never makes two documents one (SPEC §6: an
    /// identical title is a *possible* duplicate, listed, never withheld).
    public enum Basis: String, Codable, Sendable {
        /// The normalized content key, long enough to fingerprint (`readiness.fingerprintMinCharacters`).
        case content
        /// The content key of a text too short for a sketch: equal short texts only.
        case shortContent
        /// No text at all (a recording without transcript, a blank scan): the sources' bytes.
        case sourceBytes
    }
    /// Hex SHA-256 of what `basis` names.
    public var value: String
    public var basis: Basis
    public var titleKey: String
    /// MinHash sketch of word shingles, for near-duplicates (empty for short text).
    public var sketch: [UInt32]

    public init(value: String, basis: Basis, titleKey: String, sketch: [UInt32] = []) {
        self.value = value; self.basis = basis; self.titleKey = titleKey; self.sketch = sketch
    }
}

/// A document of the library that this one duplicates, or may duplicate (SPEC §6).
public struct DuplicateRef: Codable, Sendable, Equatable {
    /// Why it is listed: the same content key, the same title, a similar sketch (`nearDuplicate`),
    /// or a sketch similar enough to be an earlier version of the same text (`revision`).
    public enum Reason: String, Codable, Sendable { case sameContent, sameTitle, nearDuplicate, revision }
    /// What the two texts are to each other, from their similarity (`DuplicateKind.of`): `exact`
    /// (same content key), `near` (the same text through another format, OCR noise, light edits:
    /// a duplicate), `revision` (an edited version: not a duplicate), `distinct` (a same title only).
    public enum Kind: String, Codable, Sendable, CaseIterable { case exact, near, revision, distinct }
    public var id: String
    public var title: String
    public var source: String
    public var reason: Reason
    public var kind: Kind
    /// Estimated Jaccard index of the two contents' shingle sets (1 for `exact`), to 3 decimals
    /// (`Fingerprinter.similarity`).
    public var similarity: Double

    public init(id: String, title: String, source: String, reason: Reason, kind: Kind, similarity: Double) {
        self.id = id; self.title = title; self.source = source; self.reason = reason; self.kind = kind
        self.similarity = similarity
    }

    private enum CodingKeys: String, CodingKey { case id, title, source, reason, kind, similarity }

    /// Documents written before `kind` existed read with the kind their reason implied.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let reason = try c.decode(Reason.self, forKey: .reason)
        let implied: Kind = switch reason {
        case .sameContent: .exact
        case .nearDuplicate: .near
        case .revision: .revision
        case .sameTitle: .distinct
        }
        self.init(id: try c.decode(String.self, forKey: .id), title: try c.decode(String.self, forKey: .title),
                  source: try c.decode(String.self, forKey: .source), reason: reason,
                  kind: try c.decodeIfPresent(Kind.self, forKey: .kind) ?? implied,
                  similarity: try c.decode(Double.self, forKey: .similarity))
    }
}

/// The document's cover: a video thumbnail, embedded album art, or the first page.
public struct Cover: Codable, Sendable, Equatable {
    public enum Origin: String, Codable, Sendable { case thumbnail, albumArt, firstPage }
    public var origin: Origin
    /// Path of the saved image, relative to the document's JSON, or a URL for a thumbnail.
    public var path: String
    public var mimeType: String
    public var byteSize: Int?
    public init(origin: Origin, path: String, mimeType: String, byteSize: Int? = nil) {
        self.origin = origin; self.path = path; self.mimeType = mimeType; self.byteSize = byteSize
    }
}
