import IngestCore
@testable import IngestOCR
import IngestPDF

extension ScanRecognizer {
    /// The OCR stage as the pipeline wires it: a PDF's pages drawn by IngestPDF.
    init() { self.init(pdfPages: PDFPageImages.open) }
}
