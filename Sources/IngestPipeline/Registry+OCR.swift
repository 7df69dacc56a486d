import IngestCore
import IngestOCR

// Owned by the OCR module's developer: photos and scans, the OCR stage for PDF pages, and the
// process set-up OCR needs (OMP_THREAD_LIMIT) before anything else runs.
extension ExtractorRegistry {
    /// Recognised pages that are junk leave the text (`JunkPages`, issue 38).
    static var imageExtractors: [any Extractor] { [JunkFilteredExtractor(base: ImageExtractor())] }
    /// The OCR stage for PDF pages without a usable text layer, or nil when there is none.
    static var pageRecognizer: (any PageRecognizing)? { JunkFilteredRecognizer(base: ScanRecognizer(pdfPages: pdfPageImages)) }
    /// For programs that want the runtime-wide limit too (re-executes only when libgomp is already loaded):
    /// `OMP_THREAD_LIMIT=1` when it is not set (see `OpenMP`). Nobody needs to call it:
    /// recognition threads limit OpenMP to themselves, so no caller gets the slow path.
    public static func prepareProcess() { OpenMP.reexecIfNeeded() }
}
