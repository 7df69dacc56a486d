import IngestCore
import IngestOCR

// Owned by the OCR module's developer: photos and scans, the OCR stage for PDF pages, and the
// process set-up OCR needs (OMP_THREAD_LIMIT) before anything else runs.
extension ExtractorRegistry {
    static var imageExtractors: [any Extractor] { [ImageExtractor()] }
    /// The OCR stage for PDF pages without a usable text layer, or nil when there is none.
    static var pageRecognizer: (any PageRecognizing)? { ScanRecognizer() }
    /// Called first thing by the CLI (and by `Pipeline.init`); may re-execute the process.
    /// Re-executes once with `OMP_THREAD_LIMIT=1` when it is not set, so the OpenMP runtime
    /// starts single-threaded (see `OpenMP`). Recognition threads are also limited in-process,
    /// so a caller that never comes here does not get the slow path either.
    public static func prepareProcess() { OpenMP.reexecIfNeeded() }
}
