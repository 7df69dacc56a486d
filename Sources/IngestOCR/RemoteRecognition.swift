import CTesseract
import Foundation
import IngestCore

/// One page recognised in another process (`OCRProcesses`): what crosses, and both ends.
///
/// A request is `[header length: 4 bytes, little-endian][header: JSON][the image's pixels: its
/// words as leptonica keeps them]`, sent from the image's own memory; the answer is JSON, the page
/// read or the error. The page is made here (a PDF page rendered, a photo decoded) and let go once
/// sent, so this process never holds an engine's buffers and the recogniser never renders: each
/// holds one of the two big things.
enum RemoteRecognition {
    struct Header: Codable, Equatable {
        var page: Int
        /// Seconds since 1970: the page's deadline (its own limit or the document's, the sooner).
        var deadline: Double
        /// `ocr.pageTimeLimitSeconds`, for the message when it runs out.
        var limitSeconds: Double
        var lowConfidenceBelow: Double
        /// The image: size, bits per pixel, 32-bit words per row, resolution (Tesseract uses it).
        var width: Int
        var height: Int
        var depth: Int
        var wordsPerRow: Int
        var resolution: Int
        /// `ocr.detectScript` (absent: on).
        var detectScript: Bool? = nil
        /// Earlier pages settled the document's script (`OrientedRecognition`'s `scriptKnown`; absent: no).
        var scriptKnown: Bool? = nil
        /// The page holds few marks (`OrientedRecognition`'s `fewMarks`; absent: no).
        var fewMarks: Bool? = nil
    }

    struct Answer: Codable, Equatable {
        var page: RecognizedPage?
        var error: IngestError?
    }

    /// The request's parts for `image`: the header, then the pixels, which keep the image alive
    /// until they are let go. Nil when the image has no pixels, or more than a frame carries (4 GB:
    /// beyond `ocr.maxImagePixels`'s default fifty times over).
    static func request(page: Int, deadline: Date, limitSeconds: Double, lowConfidenceBelow: Double,
                        image: consuming PageImage, detectScript: Bool = true, scriptKnown: Bool = false,
                        fewMarks: Bool = false) -> [Data]? {
        var image = image
        // A palette image crosses as the gray or colour image it stands for.
        if pixGetColormap(image.raw) != nil, let plain = pixRemoveColormap(image.raw, Int32(REMOVE_CMAP_BASED_ON_SRC)) {
            let resolution = image.resolution
            image = PageImage(taking: plain)
            image.setResolution(resolution)
        }
        let header = Header(page: page, deadline: deadline.timeIntervalSince1970, limitSeconds: limitSeconds,
                            lowConfidenceBelow: lowConfidenceBelow, width: image.width, height: image.height,
                            depth: image.depth, wordsPerRow: Int(pixGetWpl(image.raw)), resolution: image.resolution,
                            detectScript: detectScript, scriptKnown: scriptKnown ? true : nil, fewMarks: fewMarks ? true : nil)
        guard let json = try? JSONEncoder().encode(header), let words = pixGetData(image.raw),
              4 + json.count + header.wordsPerRow * 4 * header.height <= Int(UInt32.max) else { return nil }
        var prefix = Data(capacity: 4 + json.count)
        let n = UInt32(json.count)
        for i in 0..<4 { prefix.append(UInt8((n >> (8 * UInt32(i))) & 0xFF)) }
        prefix.append(json)
        let owner = image
        let pixels = Data(bytesNoCopy: UnsafeMutableRawPointer(words), count: header.wordsPerRow * 4 * header.height,
                          deallocator: .custom { _, _ in withExtendedLifetime(owner) {} })
        return [prefix, pixels]
    }

    /// The header and the pixels of a request, or nil when it is not one.
    static func parse(_ request: Data) -> (Header, Data)? {
        guard request.count >= 4 else { return nil }
        let s = request.startIndex
        let n = Int(request[s]) | Int(request[s + 1]) << 8 | Int(request[s + 2]) << 16 | Int(request[s + 3]) << 24
        guard request.count >= 4 + n,
              let header = try? JSONDecoder().decode(Header.self, from: request[(s + 4)..<(s + 4 + n)]),
              header.width > 0, header.height > 0, [1, 2, 4, 8, 16, 32].contains(header.depth),
              header.wordsPerRow == (header.width * header.depth + 31) / 32,
              request.count - 4 - n == header.wordsPerRow * 4 * header.height else { return nil }
        return (header, request[(s + 4 + n)...])
    }

    /// The image back from its pixels.
    static func image(_ pixels: Data, _ header: Header) -> PageImage? {
        guard let pix = pixCreate(Int32(header.width), Int32(header.height), Int32(header.depth)) else { return nil }
        let image = PageImage(taking: pix)
        guard let words = pixGetData(pix), Int(pixGetWpl(pix)) == header.wordsPerRow else { return nil }
        pixels.withUnsafeBytes { UnsafeMutableRawPointer(words).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        if header.resolution > 0 { image.setResolution(header.resolution) }
        return image
    }

    /// This side: makes the page's image, sends it to a recogniser and reads its answer.
    static func recognize(_ job: PageJob, processes: any OCRProcesses, languages: String, deadline: Date,
                          limitSeconds: Double, lowConfidenceBelow: Double, detectScript: Bool = true, scriptKnown: Bool = false) throws -> RecognizedPage {
        try recognize(job.number, image: try job.load(), processes: processes, languages: languages, deadline: deadline,
                      limitSeconds: limitSeconds, lowConfidenceBelow: lowConfidenceBelow, detectScript: detectScript,
                      scriptKnown: scriptKnown)
    }

    /// The same with the page's image already made (looked at first, `PageInk`).
    static func recognize(_ number: Int, image: consuming PageImage, processes: any OCRProcesses, languages: String, deadline: Date,
                          limitSeconds: Double, lowConfidenceBelow: Double, detectScript: Bool = true,
                          scriptKnown: Bool = false, fewMarks: Bool = false) throws -> RecognizedPage {
        let job = PageJob(number: number) { throw IngestError(.internalError) }
        guard let parts = Self.request(page: job.number, deadline: deadline, limitSeconds: limitSeconds,
                                       lowConfidenceBelow: lowConfidenceBelow, image: image, detectScript: detectScript,
                                       scriptKnown: scriptKnown, fewMarks: fewMarks) else {
            throw IngestError(.ocrEngineFailed, MessageCatalog.phrase("reason", .ocrReasonPageImageSize), page: job.number)
        }
        // Past the deadline, the recogniser answers with the time limit; a little more is left
        // for it to say so before it is taken for stuck and killed.
        let timeout = max(0, deadline.timeIntervalSinceNow) + Self.answerGraceSeconds
        let data = try processes.exchange(parts, languages: languages, timeout: timeout, limit: limitSeconds, page: job.number)
        guard let answer = try? JSONDecoder().decode(Answer.self, from: data) else {
            throw IngestError(.ocrEngineFailed, MessageCatalog.phrase("reason", .ocrReasonUnreadableAnswer), page: job.number)
        }
        if let error = answer.error { throw error }
        return answer.page ?? RecognizedPage()
    }

    /// How long after a page's deadline its recogniser still gets to answer.
    static let answerGraceSeconds = 5.0
}

/// The recogniser's side (`ingest _ocr`): one engine, pages read one at a time as the requests come.
public enum OCRPageService {
    /// Makes the process's engine for `languages`; throws why it cannot be made.
    public static func prepare(languages: String) throws(IngestError) {
        do { try EnginePool.shared(languages: languages, capacity: 1).withEngine { _ in } } catch {
            throw IngestError.wrap(error)
        }
    }

    /// The page number a request is for (nil: not a request).
    public static func page(of request: Data) -> Int? { RemoteRecognition.parse(request)?.0.page }

    /// The answer to one request: the page read, or why not. The request is taken: once the image
    /// is made of its pixels they are let go, so the recogniser holds one copy of the page beside
    /// Tesseract's own (the image is kept for the rare page read a second time turned upright).
    public static func answer(_ request: consuming Data, languages: String) -> Data {
        var answer = RemoteRecognition.Answer()
        defer { PageMemory.releaseFreedPages() }
        let parsed = RemoteRecognition.parse(request).map { header, pixels in (header, RemoteRecognition.image(pixels, header)) }
        request = Data()
        if let (header, image) = parsed {
            do {
                guard let image else {
                    throw IngestError(.ocrEngineFailed, MessageCatalog.phrase("reason", .ocrReasonPageImageUnreadable), page: header.page)
                }
                let deadline = Date(timeIntervalSince1970: header.deadline)
                answer.page = try EnginePool.shared(languages: languages, capacity: 1).withEngine { engine in
                    try OrientedRecognition.recognize({ image.sharedHandle() }, engine: engine, deadline: deadline,
                                                      limitSeconds: header.limitSeconds, page: header.page,
                                                      lowConfidenceBelow: header.lowConfidenceBelow,
                                                      detectScript: header.detectScript ?? true,
                                                      scriptKnown: header.scriptKnown ?? false,
                                                      fewMarks: header.fewMarks ?? false)
                }
            } catch {
                var e = IngestError.wrap(error)
                if e.page == nil { e.page = header.page }
                answer.error = e
            }
        } else {
            answer.error = IngestError(.ocrEngineFailed, MessageCatalog.phrase("reason", .ocrReasonNotAPageRequest))
        }
        return (try? JSONEncoder().encode(answer)) ?? Data()
    }
}
