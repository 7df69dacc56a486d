import IngestCore
import IngestPDF

// Owned by the PDF module's developer: the PDF extractor, and its page images for OCR and
// page pictures (OCR and the runtime do not import IngestPDF).
extension ExtractorRegistry {
    static var pdfExtractors: [any Extractor] { [PDFExtractor()] }
    static var pdfPageImages: PageImageOpener { PDFPageImages.open }
}
