import Foundation
import IngestCore

/// Photos and scans: PNG, JPEG (CMYK too), TIFF (every page), WebP, GIF, BMP through leptonica,
/// HEIC through libheif. A source with several files is one document whose pages are the files
/// in the order given (the pipeline sorts them with `naturalOrder`).
public struct ImageExtractor: Extractor {
    public let kinds: Set<SourceKind> = [.png, .jpeg, .tiff, .webp, .heic, .gif, .bmp]

    public init() {}

    public func extract(_ input: SourceInput, context: ExtractionContext) throws -> Extraction {
        let maxPixels = context.config.ocr.maxImagePixels
        let cap = context.config.ocr.pageCap
        let fit = context.config.ocr.fitResolution
        var jobs: [PageJob] = []
        var leftOut: [Int] = []
        var openFailures: [(Int, IngestError)] = []
        var animations: [Warning] = []
        var pageNumber = 0
        var cover: CoverImage?
        for url in input.files {
            let source: ImageSource
            do { source = try ImageSource(url: url) } catch let e as IngestError {
                // A file we cannot open is one page of the document that could not be read.
                pageNumber += 1
                if pageNumber > cap { leftOut.append(pageNumber) } else { openFailures.append((pageNumber, e)) }
                continue
            }
            if pageNumber == 0 { cover = ImageExtractor.cover(of: source, maxBytes: context.config.limits.coverMaxBytes) }
            if source.framesNotRead > 0 {
                animations.append(context.warning(.ocrFramesNotRead, ["file": source.fileName, "frames": String(source.framesNotRead)],
                                                  page: pageNumber + 1))
            }
            for index in 0..<source.pageCount {
                pageNumber += 1
                guard pageNumber <= cap else { leftOut.append(pageNumber); continue }
                jobs.append(PageJob(number: pageNumber) {
                    // Writing larger than Tesseract needs (a slide, a board) read on fewer pixels (issue 38).
                    fit ? try source.decodeFitted(page: index, maxPixels: maxPixels) : try source.decode(page: index, maxPixels: maxPixels)
                })
            }
        }
        var outcomes = try PageRunner.run(jobs, context: context)
        outcomes += openFailures.map { PageOutcome(number: $0.0, result: .failure($0.1)) }
        outcomes.sort { $0.number < $1.number }
        let assembly = PageAssembly(outcomes, context: context)
        // One page that cannot be read is the document's error; among several, a warning.
        if assembly.pagesOCRed == 0, let first = assembly.failures.first { throw first }
        var warnings = animations + assembly.warnings
        var records = assembly.records
        if !leftOut.isEmpty {
            warnings.append(context.warning(.ocrPagesCapped, ["cap": String(cap), "pages": PageAssembly.ranges(leftOut)]))
            records += leftOut.map { PageRecord(number: $0, classification: .imageOnly, skipped: true) }
        }
        var extraction = Extraction(blocks: assembly.blocks, pages: records, warnings: warnings, cover: cover,
                                    thinTextReason: assembly.thinTextReason, visionPages: assembly.visionPages,
                                    pagesRead: pageNumber, pagesOCRed: assembly.pagesOCRed,
                                    meanOCRConfidence: assembly.meanConfidence)
        extraction.ocrWords = assembly.words
        return extraction
    }

    /// The first photo itself is the document's cover when a browser can show it as is.
    static func cover(of source: ImageSource, maxBytes: Int) -> CoverImage? {
        let types: [ImageSource.Format: String] = [.png: "image/png", .jpeg: "image/jpeg", .webp: "image/webp", .gif: "image/gif"]
        guard let mime = types[source.format], source.data.count <= maxBytes else { return nil }
        return CoverImage(origin: .firstPage, data: source.data, mimeType: mime)
    }
}
