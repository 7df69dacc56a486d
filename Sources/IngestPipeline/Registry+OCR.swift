import IngestCore

// Owned by the OCR module's developer: photos and scans, the OCR stage for PDF pages, and the
// process set-up OCR needs (OMP_THREAD_LIMIT) before anything else runs.
extension ExtractorRegistry {
    static var imageExtractors: [any Extractor] { [] }
    /// The OCR stage for PDF pages without a usable text layer, or nil when there is none.
    static var pageRecognizer: (any PageRecognizing)? { nil }
    /// Called first thing by the CLI (and by `Pipeline.init`); may re-execute the process.
    public static func prepareProcess() {}
}
