import Foundation

/// Processes that recognise OCR pages for this one (`ingest _ocr`), one Tesseract engine each.
/// A worker reading a scan then holds the page renders and no engine, and each recogniser one
/// engine and one page: no process holds two engines' buffers and a render at once, the largest
/// process stays near one `tesseract` command's (bench/ocr/RESULTS.md), and a crash inside
/// Tesseract costs one page, not the worker. Set by the worker runtime; nil (a library caller,
/// a test, `INGEST_IN_PROCESS=1`): engines are made in this process.
///
/// What crosses is opaque here: the OCR module writes the requests and reads the answers.
public protocol OCRProcesses: Sendable {
    /// Starts recognisers for `languages` until `count` are running or starting, without waiting
    /// for them (their start overlaps work the caller does meanwhile).
    func start(_ count: Int, languages: String)
    /// Waits until one recogniser for `languages` is ready; throws why none can be (missing
    /// language data, no Tesseract) — the document's error, found once.
    func ready(languages: String) throws(IngestError)
    /// One exchange with a recogniser that is the caller's for its duration: the request (its
    /// `parts` one after the other) in, the answer out. The parts are let go once sent, before the
    /// answer comes (a page image's memory goes with them). Throws when the recogniser ends without
    /// answering (`ocr.engineFailed`) or does not answer within `timeout` seconds (it is killed;
    /// `ocr.pageTimeLimit`, with `seconds` = `limit`).
    func exchange(_ parts: consuming [Data], languages: String, timeout: Double, limit: Double, page: Int) throws(IngestError) -> Data
}

extension IngestError {
    /// `ocr.pageTimeLimit` for `page`, whose recognition passed `seconds` (« 1 s », « 2.50 s »):
    /// the one wording, whether the engine stopped itself or its recogniser was killed.
    public static func ocrPageTimeLimit(page: Int, seconds: Double) -> IngestError {
        let shown = seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.2f", seconds)
        return IngestError(.ocrPageTimeLimit, ["page": String(page), "seconds": shown], page: page)
    }
}
