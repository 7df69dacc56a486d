import Foundation
import IngestCore

// Owned by the Office module's developer: .docx, and telling ZIP-based files apart.
extension ExtractorRegistry {
    static var officeExtractors: [any Extractor] { [] }
    /// A ZIP file's real kind from its content types (`.docx`, `.pptx`, `.xlsx`, `.odt`, or `.zip`).
    static func refineZip(_ url: URL, config: PipelineConfig) -> SourceKind { .zip }
}
