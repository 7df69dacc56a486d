import Foundation

/// The product: one normalized document built from up to five sources (SPEC §3).
/// Its JSON form is described by `schemas/imported-document.schema.json` (version `schemaVersion`).
public struct ImportedDocument: Codable, Sendable, Equatable {
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    public var id: String
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
    /// Milliseconds spent per stage (`sniff`, `extract`, `ocr`, `normalize`, `readiness`, …).
    public var timings: [String: Double]
    public var pipelineVersion: String
    public var createdAt: String

    public init(schemaVersion: Int = ImportedDocument.currentSchemaVersion, id: String, title: String,
                titleSource: String, language: String, text: String, blocks: [Block], sources: [SourceRecord],
                readiness: Readiness, fingerprint: Fingerprint, duplicateOf: DuplicateRef? = nil,
                possibleDuplicates: [DuplicateRef] = [], cover: Cover? = nil, timings: [String: Double] = [:],
                pipelineVersion: String, createdAt: String) {
        self.schemaVersion = schemaVersion; self.id = id; self.title = title; self.titleSource = titleSource
        self.language = language; self.text = text; self.blocks = blocks; self.sources = sources
        self.readiness = readiness; self.fingerprint = fingerprint; self.duplicateOf = duplicateOf
        self.possibleDuplicates = possibleDuplicates; self.cover = cover; self.timings = timings
        self.pipelineVersion = pipelineVersion; self.createdAt = createdAt
    }
}

/// A heading, paragraph, list item, table or timed cue, in reading order, pointing back to its
/// source (index into `sources`) and its page or time.
public struct Block: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case heading, paragraph, listItem, table, cue, code, quote, definition
    }
    public var kind: Kind
    public var text: String
    /// Heading level (1 = top) for headings; nesting level (0 = top) for list items.
    public var level: Int?
    /// List marker as displayed ("1.", "a)", "•").
    public var marker: String?
    public var source: Int
    /// 1-based page number in the source.
    public var page: Int?
    /// Start and end in seconds, for captions, transcripts and chapters.
    public var start: Double?
    public var end: Double?
    public var provenance: Provenance
    /// Rows of cells, for tables.
    public var rows: [[TableCell]]?
    /// Mean OCR word confidence (0–100) of this block, for OCR text.
    public var confidence: Double?

    public init(kind: Kind, text: String, level: Int? = nil, marker: String? = nil, source: Int = 0,
                page: Int? = nil, start: Double? = nil, end: Double? = nil, provenance: Provenance,
                rows: [[TableCell]]? = nil, confidence: Double? = nil) {
        self.kind = kind; self.text = text; self.level = level; self.marker = marker; self.source = source
        self.page = page; self.start = start; self.end = end; self.provenance = provenance
        self.rows = rows; self.confidence = confidence
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
    /// File name (not the full path, which is private to the user's machine) or URL.
    public var name: String
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
    /// True when the page needed OCR but was left out (page cap, time limit).
    public var skipped: Bool?

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

    public init(status: Status, characters: Int, reason: ErrorCode? = nil, message: String? = nil,
                visionPages: [Int]? = nil) {
        self.status = status; self.characters = characters; self.reason = reason; self.message = message
        self.visionPages = visionPages
    }
}

/// SPEC §6: the content fingerprint and the title key.
public struct Fingerprint: Codable, Sendable, Equatable {
    public enum Basis: String, Codable, Sendable { case content, title }
    /// Hex SHA-256 of the normalized content key (or of the title key when `basis` is `title`).
    public var value: String
    public var basis: Basis
    public var titleKey: String
    /// MinHash sketch of word shingles, for near-duplicates (empty for short text).
    public var sketch: [UInt32]

    public init(value: String, basis: Basis, titleKey: String, sketch: [UInt32] = []) {
        self.value = value; self.basis = basis; self.titleKey = titleKey; self.sketch = sketch
    }
}

/// A document of the library that this one duplicates, or may duplicate.
public struct DuplicateRef: Codable, Sendable, Equatable {
    public enum Reason: String, Codable, Sendable { case sameContent, sameTitle, nearDuplicate }
    public var id: String
    public var title: String
    public var source: String
    public var reason: Reason
    public var similarity: Double

    public init(id: String, title: String, source: String, reason: Reason, similarity: Double) {
        self.id = id; self.title = title; self.source = source; self.reason = reason; self.similarity = similarity
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
