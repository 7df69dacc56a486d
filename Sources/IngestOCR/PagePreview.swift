import CTesseract
import Foundation
import IngestCore
import IngestPDF

/// A page drawn as a small picture, for a person (the QA report shows it beside the extracted
/// text) or a vision model: a PDF page rendered by poppler, or a photo or scan decoded the way OCR
/// decodes it (EXIF orientation honoured, TIFF pages, HEIC), scaled so its long side is at most
/// `longSide` pixels.
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
    /// image that can be decoded (the caller shows its text alone).
    public static func image(of url: URL, page: Int = 1, longSide: Int = 1000, format: Format = .jpeg(quality: 80)) -> Data? {
        picture(of: url, page: page, longSide: longSide, format: format)?.data
    }

    /// The same, with the picture's size in pixels.
    public static func picture(of url: URL, page: Int = 1, longSide: Int = 1000,
                               format: Format = .jpeg(quality: 80)) -> (data: Data, width: Int, height: Int)? {
        guard page >= 1, longSide >= 16, let pix = try? decode(url, page: page, longSide: longSide) else { return nil }
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

    private static func decode(_ url: URL, page: Int, longSide: Int) throws -> PageImage {
        let handle = try FileHandle(forReadingFrom: url)
        let head = (try? handle.read(upToCount: 1024)) ?? Data()
        try? handle.close()
        if ByteSearch.firstIndex(of: Array("%PDF-".utf8), in: head) != nil {
            try OCRLibraries.requireTesseract()
            let renderer = try PDFPageRenderer(url: url)
            // An A4 page fits `longSide` when its area is longSide² ÷ √2; other shapes are scaled after.
            let rendered = try renderer.render(page: page, dpi: 150, maxPixels: max(4096, Int(Double(longSide * longSide) / 1.2)))
            guard let pix = rendered.gray.withUnsafeBytes({
                PageImage.gray(width: rendered.width, height: rendered.height, bytesPerRow: rendered.width, bytes: $0)
            }) else { throw IngestError(.ocrRenderFailed, ["page": String(page)]) }
            return pix
        }
        let source = try ImageSource(url: url)
        guard page <= source.pageCount else { throw IngestError(.ocrRenderFailed, ["page": String(page)]) }
        return try source.decode(page: page - 1, maxPixels: maxPixels)
    }

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
