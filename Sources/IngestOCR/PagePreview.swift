import CTesseract
import Foundation
import IngestCore

/// A page drawn as a small picture, for a person (the QA report shows it beside the extracted
/// text) or a vision model: a PDF page drawn by the page images the caller gives (IngestPDF's,
/// wired by the pipeline), or a photo or scan decoded the way OCR decodes it (EXIF orientation
/// honoured, TIFF pages, HEIC), scaled so its long side is at most `longSide` pixels.
public enum PagePreview {
    public enum Format: Sendable, Equatable {
        case png
        case jpeg(quality: Int)
        public var mimeType: String {
            switch self { case .png: "image/png"; case .jpeg: "image/jpeg" }
        }
    }

    /// Decoding refuses images above this many pixels before allocating them (a small file can
    /// claim 30,000 × 30,000 pixels).
    static let maxPixels = 60_000_000

    /// Page `page` (1-based) of `url` as image bytes, or nil when the file is neither a PDF nor an
    /// image that can be decoded (the caller shows its text alone). A PDF's pages are drawn by
    /// `pdfPages` (nil: a PDF gives no picture).
    public static func image(of url: URL, page: Int = 1, longSide: Int = 1000, format: Format = .jpeg(quality: 80),
                             pdfPages: (() throws -> any PageImageProvider)? = nil) -> Data? {
        picture(of: url, page: page, longSide: longSide, format: format, pdfPages: pdfPages)?.data
    }

    /// The same, with the picture's size in pixels.
    public static func picture(of url: URL, page: Int = 1, longSide: Int = 1000,
                               format: Format = .jpeg(quality: 80),
                               pdfPages: (() throws -> any PageImageProvider)? = nil) -> (data: Data, width: Int, height: Int)? {
        guard page >= 1, longSide >= 16, let pix = try? decode(url, page: page, longSide: longSide, pdfPages: pdfPages) else { return nil }
        let scaled = fit(pix, longSide: longSide)
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        let rc: l_ok
        switch format {
        case .png: rc = pixWriteMem(&out, &size, scaled.raw, Int32(IFF_PNG))
        case .jpeg(let quality): rc = pixWriteMemJpeg(&out, &size, scaled.raw, Int32(min(max(quality, 10), 100)), 0)
        }
        guard rc == 0, let out else { return nil }
        defer { free(out) }
        return (Data(bytes: out, count: size), scaled.width, scaled.height)
    }

    private static func decode(_ url: URL, page: Int, longSide: Int, pdfPages: (() throws -> any PageImageProvider)?) throws -> PageImage {
        let handle = try FileHandle(forReadingFrom: url)
        let head = (try? handle.read(upToCount: 1024)) ?? Data()
        try? handle.close()
        if ByteSearch.firstIndex(of: Array("%PDF-".utf8), in: head) != nil {
            try OCRLibraries.requireTesseract()
            guard let pdfPages else { throw IngestError(.ocrRenderFailed, ["page": String(page)]) }
            let pages = try pdfPages()
            let drawing = pdfDrawing(longSide: longSide)
            return try ScanRecognizer.render(page: page, dpi: drawing.dpi, maxPixels: drawing.maxPixels) { pages }
        }
        let source = try ImageSource(url: url)
        guard page <= source.pageCount else { throw IngestError(.ocrRenderFailed, ["page": String(page)]) }
        return try source.decode(page: page - 1, maxPixels: maxPixels)
    }

    /// How a PDF page is drawn for a picture of `longSide`: at 150 dpi, within the pixels an A4
    /// page fitting `longSide` has (its area is longSide² ÷ √2; other shapes are scaled after).
    /// OCR's quick look at a page asks the same drawing (`ScanRecognizer.quickLook`), which the
    /// page images keep: a page that is then pictured is not drawn twice.
    static func pdfDrawing(longSide: Int) -> (dpi: Double, maxPixels: Int) {
        (150, max(4096, Int(Double(longSide * longSide) / 1.2)))
    }

    /// The long side of a page's picture for the vision option (the pipeline's
    /// `DocumentImporter.visionLongSide`, SPEC §5).
    public static let visionLongSide = 1600

    private static func fit(_ pix: PageImage, longSide: Int) -> PageImage {
        let long = max(pix.width, pix.height)
        guard long > longSide else { return pix }
        let ratio = Double(longSide) / Double(long)
        let w = max(1, Int((Double(pix.width) * ratio).rounded()))
        let h = max(1, Int((Double(pix.height) * ratio).rounded()))
        guard let scaled = pixScaleToSize(pix.raw, Int32(w), Int32(h)) else { return pix }
        return PageImage(taking: scaled)
    }
}
