import Foundation
import IngestCore
import IngestOCR

/// The recogniser's side of OCR (`ingest _ocr`), as the runtime starts it: one engine, made
/// first, then one answer per request. Forwarded here so that the runtime, which only runs the
/// process, does not import IngestOCR (issue 35 item 3; the requests are IngestOCR's own format).
public enum RecognitionService {
    /// Makes the process's engine for `languages`; throws why it cannot be made.
    public static func prepare(languages: String) throws(IngestError) { try OCRPageService.prepare(languages: languages) }

    /// The page number a request is for (nil: not a request).
    public static func page(of request: Data) -> Int? { OCRPageService.page(of: request) }

    /// The answer to one request (the page read, or why not); the request's pixels are let go
    /// once its image is made.
    public static func answer(_ request: consuming Data, languages: String) -> Data {
        OCRPageService.answer(consume request, languages: languages)
    }
}
