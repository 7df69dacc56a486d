import Foundation
import IngestCore
import IngestOffice

// Owned by the Office module's developer: .docx, .pptx, ODF, EPUB, RTF, and telling ZIP-based files apart.
extension ExtractorRegistry {
    /// Word documents, slides, OpenDocument, EPUB, and the named refusals of old `.doc` and password-protected Office files.
    static var officeExtractors: [any Extractor] {
        [DocxExtractor(), PptxExtractor(), ODFExtractor(), EPUBExtractor(), RTFExtractor(), OfficeRefusal()]
    }
    /// A ZIP file's real kind from its content types or `mimetype` entry (`.docx`, `.pptx`, `.xlsx`,
    /// `.odt`, `.odp`, `.epub`, or `.zip`).
    static func refineZip(_ url: URL, config: PipelineConfig) -> SourceKind {
        OfficeKind.detect(url, limits: .init(maxUncompressedBytes: config.limits.zipMaxUncompressedBytes,
                                             maxRatio: config.limits.zipMaxRatio,
                                             maxEntries: config.limits.zipMaxEntries))
    }
}
