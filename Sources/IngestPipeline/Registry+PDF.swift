import IngestCore
import IngestPDF

// Owned by the PDF module's developer: the PDF extractor.
extension ExtractorRegistry {
    static var pdfExtractors: [any Extractor] { [PDFExtractor()] }
}
