import CHeif
import CTesseract
import Foundation
import IngestCore

/// One image file, read into memory, its format known and its pages counted — nothing decoded
/// yet. Pages are decoded one at a time, each after its size is checked from the header (a
/// decompression bomb is refused before any pixel is allocated).
struct ImageSource: Sendable {
    enum Format: String, Sendable { case png, jpeg, tiff, webp, gif, bmp, heic }

    let data: Data
    let format: Format
    let fileName: String
    let pageCount: Int

    /// Reads `url` and recognises its format from its bytes.
    init(url: URL) throws {
        // Read, not mapped: a photo cut short while it is decoded must not kill the reader (SIGBUS).
        try self.init(data: FileBytes.read(url), fileName: url.lastPathComponent)
    }

    init(data: Data, fileName: String) throws {
        self.data = data
        self.fileName = fileName
        guard !data.isEmpty else { throw IngestError(.fileEmpty) }
        try OCRLibraries.requireTesseract()
        Leptonica.silence()
        if try ImageSource.isHEIF(data) {
            format = .heic
            pageCount = 1
            return
        }
        var f: Int32 = 0
        _ = data.withUnsafeBytes { findFileFormatBuffer($0.bindMemory(to: UInt8.self).baseAddress, &f) }
        switch f {
        case Int32(IFF_PNG): format = .png
        case Int32(IFF_JFIF_JPEG): format = .jpeg
        case Int32(IFF_WEBP): format = .webp
        case Int32(IFF_GIF): format = .gif
        case Int32(IFF_BMP): format = .bmp
        case Int32(IFF_TIFF)...Int32(IFF_TIFF_ZIP), Int32(IFF_TIFF_JPEG): format = .tiff
        default:
            throw IngestError(.ocrUnsupportedImage, ["file": fileName, "format": ImageSource.describe(data, leptonicaFormat: f)])
        }
        pageCount = format == .tiff ? try ImageSource.tiffPageCount(data, fileName) : 1
    }

    /// Decodes page `index` (0-based), refusing images over `maxPixels` from their header, with
    /// EXIF orientation applied and a plausible resolution set.
    func decode(page index: Int, maxPixels: Int) throws -> PageImage {
        let pix: PageImage
        if format == .heic {
            pix = try HEIF.decode(data, fileName: fileName, maxPixels: maxPixels)
        } else {
            let (w, h) = try header(page: index)
            try ImageSource.checkSize(width: w, height: h, maxPixels: maxPixels)
            let raw: UnsafeMutablePointer<PIX>? = data.withUnsafeBytes { buf in
                let p = buf.bindMemory(to: UInt8.self).baseAddress
                return format == .tiff ? pixReadMemTiff(p, buf.count, Int32(index)) : pixReadMem(p, buf.count)
            }
            guard let raw else { throw IngestError(.ocrCorruptImage, ["file": fileName]) }
            pix = PageImage(taking: raw)
            if format == .jpeg, let o = ExifOrientation.jpeg(data) { ExifOrientation.apply(o, to: pix) }
        }
        if pix.width < ImageSource.minimumSide || pix.height < ImageSource.minimumSide {
            throw IngestError(.ocrImageTooSmall, ["width": String(pix.width), "height": String(pix.height)])
        }
        ImageSource.setPlausibleResolution(pix)
        return pix
    }

    static let minimumSide = 10

    static func checkSize(width: Int, height: Int, maxPixels: Int) throws {
        guard width > 0, height > 0 else { throw IngestError(.ocrCorruptImage, ["file": "?"]) }
        if width.multipliedReportingOverflow(by: height).partialValue > maxPixels || width > 1 << 20 || height > 1 << 20 {
            throw IngestError(.ocrImageTooLarge, ["width": String(width), "height": String(height), "limit": String(maxPixels)])
        }
    }

    /// Width and height of page `index` from the file's header only.
    private func header(page index: Int) throws -> (Int, Int) {
        var w: Int32 = 0, h: Int32 = 0, bps: Int32 = 0, spp: Int32 = 0, cmap: Int32 = 0, fmt: Int32 = 0, res: Int32 = 0
        let rc: Int32 = data.withUnsafeBytes { buf in
            let p = buf.bindMemory(to: UInt8.self).baseAddress
            return format == .tiff
                ? readHeaderMemTiff(p, buf.count, Int32(index), &w, &h, &bps, &spp, &res, &cmap, &fmt)
                : pixReadHeaderMem(p, buf.count, &fmt, &w, &h, &bps, &spp, &cmap)
        }
        guard rc == 0, w > 0, h > 0 else { throw IngestError(.ocrCorruptImage, ["file": fileName]) }
        return (Int(w), Int(h))
    }

    /// Tesseract sizes its filters from the resolution. Images without one (or with a screen
    /// default that would make a page tens of inches wide) get 300 dpi, a scanner's usual value.
    static func setPlausibleResolution(_ pix: PageImage) {
        let res = pix.resolution
        let inches = res > 0 ? Double(max(pix.width, pix.height)) / Double(res) : .infinity
        if res < 70 || res > 2400 || inches > 20 { pix.setResolution(300) }
    }

    private static func tiffPageCount(_ data: Data, _ fileName: String) throws -> Int {
        var count: Int32 = 0
        let ok: Bool = data.withUnsafeBytes { buf in
            guard let base = buf.baseAddress,
                  let fp = fmemopen(UnsafeMutableRawPointer(mutating: base), buf.count, "r") else { return false }
            defer { fclose(fp) }
            return tiffGetCount(fp, &count) == 0
        }
        guard ok, count > 0 else { throw IngestError(.ocrCorruptImage, ["file": fileName]) }
        return Int(count)
    }

    /// An ISO-BMFF file whose brand libheif reads (HEIC, HEIF, AVIF). Only a file starting with
    /// an `ftyp` box can be one (libheif says "no" to anything else), so libheif — opened on
    /// first use — is loaded for those alone, not for every PNG or JPEG.
    static func isHEIF(_ data: Data) throws -> Bool {
        guard data.count >= 12, data.dropFirst(4).prefix(4).elementsEqual("ftyp".utf8) else { return false }
        try OCRLibraries.requireHEIF()
        return data.withUnsafeBytes { buf in
            let r = heif_check_filetype(buf.bindMemory(to: UInt8.self).baseAddress, Int32(min(buf.count, 64)))
            return r == heif_filetype_yes_supported
        }
    }

    /// A short name for a format we don't read, for the message.
    static func describe(_ data: Data, leptonicaFormat f: Int32) -> String {
        let head = [UInt8](data.prefix(16))
        func starts(_ s: [UInt8]) -> Bool { head.starts(with: s) }
        if f == Int32(IFF_JP2) { return "JPEG 2000" }
        if f == Int32(IFF_PNM) { return "PNM" }
        if f == Int32(IFF_PS) { return "PostScript" }
        if f == Int32(IFF_LPDF) { return "PDF" }
        if starts([0x38, 0x42, 0x50, 0x53]) { return "PSD" }
        if starts([0xFF, 0x0A]) || starts([0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) { return "JPEG XL" }
        if starts([0, 0, 1, 0]) { return "ICO" }
        if starts(Array("<svg".utf8)) || starts(Array("<?xml".utf8)) { return "SVG" }
        if head.count >= 12, head[4...7].elementsEqual(Array("ftyp".utf8)) { return "ISO-BMFF (" + String(decoding: head[8...11], as: UTF8.self) + ")" }
        return "?"
    }
}

/// Process-wide leptonica setting: its own messages go nowhere (we report errors ourselves).
enum Leptonica {
    private static let silenced: Bool = { setMsgSeverity(Int32(L_SEVERITY_NONE)); return true }()
    static func silence() { _ = silenced }
}
