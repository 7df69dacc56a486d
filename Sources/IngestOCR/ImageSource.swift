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
    /// Frames of an animation (GIF, WebP, APNG) that are not read: only the first is.
    private(set) var framesNotRead = 0
    /// What leptonica decodes instead of `data`: an animation's first frame alone.
    private var decodable: Data
    /// The EXIF/XMP orientation of a JPEG, PNG or WebP (a TIFF page carries its own).
    private var orientation: Int?
    /// The file's container reached its end mark (PNG `IEND`, GIF trailer, WebP RIFF size).
    private var complete = true
    /// A GIF's first frame size, from its blocks (leptonica's header reader decodes the whole file).
    private var gifSize = (width: 0, height: 0)

    /// Reads `url` and recognises its format from its bytes.
    init(url: URL) throws {
        // Read, not mapped: a photo cut short while it is decoded must not kill the reader (SIGBUS).
        try self.init(data: FileBytes.read(url), fileName: url.lastPathComponent)
    }

    init(data: Data, fileName: String) throws {
        self.data = data
        self.decodable = data
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
        switch format {
        case .png:
            let png = PNGChunks(data)
            orientation = png.orientation; framesNotRead = png.framesNotRead; complete = png.complete
        case .jpeg:
            orientation = ExifOrientation.jpeg(data) ?? JPEGRepair.withoutStrayBytes(data).flatMap(ExifOrientation.jpeg)
        case .webp:
            let webp = WebPChunks(data)
            orientation = webp.orientation; framesNotRead = webp.frames - 1; complete = webp.complete
            decodable = webp.firstFrame ?? data
        case .gif:
            let gif = GIFBlocks(data)
            framesNotRead = max(0, gif.frames - 1); complete = gif.complete
            decodable = gif.firstFrame ?? data
            gifSize = (gif.width, gif.height)
        default: break
        }
        pageCount = format == .tiff ? try ImageSource.tiffPageCount(data, fileName) : 1
    }

    /// Decodes page `index` (0-based), refusing images over `maxPixels` from their header, with
    /// transparent parts laid on white, the orientation applied and a plausible resolution set.
    func decode(page index: Int, maxPixels: Int) throws -> PageImage {
        let pix: PageImage
        if format == .heic {
            pix = try HEIF.decode(data, fileName: fileName, maxPixels: maxPixels)
        } else {
            let (w, h) = try header(page: index)
            try ImageSource.checkSize(width: w, height: h, maxPixels: maxPixels)
            switch format {
            case .tiff: pix = try decodeTIFF(page: index, width: w, height: h)
            case .jpeg: pix = try decodeJPEG()
            case .bmp: pix = try decodeBMP()
            default:
                guard let raw = ImageSource.leptonica(decodable) else { throw damaged() }
                pix = PageImage(taking: raw)
            }
            pix.flattenAlpha()
            if let orientation { ExifOrientation.apply(orientation, to: pix) }
        }
        if pix.width < ImageSource.minimumSide || pix.height < ImageSource.minimumSide {
            throw IngestError(.ocrImageTooSmall, ["width": String(pix.width), "height": String(pix.height)])
        }
        ImageSource.setPlausibleResolution(pix)
        return pix
    }

    /// Page `index` as Tesseract reads it best (`TextSize`, issue 38). A photo whose writing is
    /// twice the band's size (a slide or a board photographed whole) is decoded at half scale:
    /// libjpeg's scaled inverse DCT gives each pixel the mean of the four it stands for, as the 2×
    /// area map does (within one gray level on bench/ocr/speed38.py's slides), without the whole
    /// photo decoded, stored and measured first — a 12-MP photo costs 10 ms decoded at half
    /// scale against 21 ms whole, plus 5 ms to halve it and 12 ms to measure it there. Any other
    /// image is decoded whole and reduced by `TextSize` as before.
    func decodeFitted(page index: Int, maxPixels: Int) throws -> PageImage {
        if let half = halfScaleLargeType(page: index, maxPixels: maxPixels) { return half }
        return TextSize.reduced(try decode(page: index, maxPixels: maxPixels))
    }

    /// A JPEG's sides from which its half-scale decoding is tried first (a camera's or a phone's
    /// photo): below, writing 50–70 px high leaves few lines on the photo, and the try would
    /// cost more than it saves.
    static let halfScaleSide = 2000

    /// The JPEG decoded at half scale when its writing, measured there, is what `TextSize` halves;
    /// nil otherwise (then decoded whole: a failure there says why it cannot be read).
    private func halfScaleLargeType(page index: Int, maxPixels: Int) -> PageImage? {
        guard format == .jpeg, index == 0, let (w, h) = try? header(page: index), min(w, h) >= ImageSource.halfScaleSide,
              (try? ImageSource.checkSize(width: w, height: h, maxPixels: maxPixels)) != nil,
              let raw = data.withUnsafeBytes({ pixReadMemJpeg($0.bindMemory(to: UInt8.self).baseAddress, $0.count, 0, 2, nil, 0) })
        else { return nil }
        let half = PageImage(taking: raw)
        if let orientation { ExifOrientation.apply(orientation, to: half) }
        guard let x = TextSize.xHeight(of: half), TextSize.scale(xHeight: 2 * x, dpi: 300) == 0.5 else { return nil }
        // The resolution the whole photo is given: the halved writing is then read as body type (`TextSize.reduce`).
        ImageSource.setPlausibleResolution(half, longSide: 2 * max(half.width, half.height))
        return half
    }

    private static func leptonica(_ bytes: Data) -> UnsafeMutablePointer<PIX>? {
        bytes.withUnsafeBytes { pixReadMem($0.bindMemory(to: UInt8.self).baseAddress, $0.count) }
    }

    /// A file leptonica could not decode: cut short, or damaged.
    private func damaged(_ detail: String? = nil) -> IngestError {
        complete ? IngestError(.ocrCorruptImage, ["file": fileName], detail: detail)
                 : IngestError(.ocrTruncatedImage, ["file": fileName], detail: detail)
    }

    /// leptonica, else the same bytes without stray bytes between segments.
    private func decodeJPEG() throws -> PageImage {
        if let raw = ImageSource.leptonica(data) { return PageImage(taking: raw) }
        if let repaired = JPEGRepair.withoutStrayBytes(data), let raw = ImageSource.leptonica(repaired) { return PageImage(taking: raw) }
        throw jpegFailure()
    }

    /// A JPEG neither read nor repaired: cut short when its end marker (FF D9) is missing, give
    /// or take trailing padding; damaged otherwise.
    private func jpegFailure() -> IngestError {
        let whole = data.suffix(1024).withUnsafeBytes { b in b.indices.dropLast().contains { b[$0] == 0xFF && b[$0 + 1] == 0xD9 } }
        return whole ? IngestError(.ocrCorruptImage, ["file": fileName]) : IngestError(.ocrTruncatedImage, ["file": fileName])
    }

    /// leptonica for uncompressed BMP; our decoder for RLE, bit fields and embedded JPEG/PNG.
    private func decodeBMP() throws -> PageImage {
        if let raw = ImageSource.leptonica(data) { return PageImage(taking: raw) }
        guard let header = BMPHeader(data) else { throw IngestError(.ocrCorruptImage, ["file": fileName]) }
        return try BMPDecoder.decode(data, header, fileName: fileName)
    }

    /// leptonica, else libtiff's RGBA reader (tiles, separate planes); the orientation tag applied
    /// as a viewer does; a named cause when neither reads the page.
    private func decodeTIFF(page index: Int, width: Int, height: Int) throws -> PageImage {
        let directory = TIFFDirectory(data, page: index)
        let pix: PageImage, decoder: TIFFOrientation.Decoder
        if let raw = data.withUnsafeBytes({ pixReadMemTiff($0.bindMemory(to: UInt8.self).baseAddress, $0.count, Int32(index)) }) {
            pix = PageImage(taking: raw); decoder = .leptonica
        } else if directory?.garbledByLibTIFF != true, let read = LibTIFF.read(data, page: index, width: width, height: height) {
            pix = read; decoder = .libtiff
        } else {
            throw tiffFailure(directory)
        }
        if let directory {
            TIFFOrientation.remaining(after: decoder, samples: directory.samplesPerPixel, orientation: directory.orientation).apply(to: pix)
        }
        return pix
    }

    /// Why neither leptonica nor libtiff reads a TIFF page.
    private func tiffFailure(_ d: TIFFDirectory?) -> IngestError {
        guard let d else { return IngestError(.ocrCorruptImage, ["file": fileName], detail: "no image file directory") }
        if LibTIFF.decodes(compression: d.compression) == false {
            return IngestError(.ocrUnsupportedCompression, ["file": fileName, "format": "TIFF",
                                                            "compression": TIFFDirectory.compressionName(d.compression)])
        }
        if d.dataEnd > data.count { return IngestError(.ocrTruncatedImage, ["file": fileName]) }
        if d.photometric == 5, d.bitsPerSample != 8 {
            return IngestError(.ocrUnsupportedSamples, ["file": fileName, "format": "TIFF"].merging(MessageCatalog.phrase("samples", .ocrSamplesCMYK, ["bits": "\(d.bitsPerSample)"])) { a, _ in a })
        }
        if d.garbledByLibTIFF {
            return IngestError(.ocrUnsupportedSamples, ["file": fileName, "format": "TIFF"].merging(MessageCatalog.phrase("samples", .ocrSamplesGrayTiles)) { a, _ in a })
        }
        if d.sampleFormat == 3 || ![1, 2, 4, 8, 16].contains(d.bitsPerSample) {
            let kind: ErrorCode = [2: .ocrSamplesSigned, 3: .ocrSamplesFloat][d.sampleFormat] ?? .ocrSamplesInteger
            return IngestError(.ocrUnsupportedSamples, ["file": fileName, "format": "TIFF"].merging(
                MessageCatalog.phrase("samples", kind, ["bits": "\(d.bitsPerSample)", "count": "\(d.samplesPerPixel)"])) { a, _ in a })
        }
        return IngestError(.ocrCorruptImage, ["file": fileName],
                           detail: "compression \(d.compression), photometric \(d.photometric), \(d.tiled ? "tiled" : "strips")")
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
        switch format {
        case .gif:
            // leptonica's header reader decodes the whole GIF: a 32000 × 32000 one took 2 GB.
            guard gifSize.width > 0, gifSize.height > 0 else { throw damaged("no image block") }
            return gifSize
        case .bmp:
            // leptonica's header reader refuses compressed BMP files.
            guard let h = BMPHeader(data) else { throw damaged("BMP header") }
            return (h.width, h.height)
        default: break
        }
        var w: Int32 = 0, h: Int32 = 0, bps: Int32 = 0, spp: Int32 = 0, cmap: Int32 = 0, fmt: Int32 = 0, res: Int32 = 0
        func read(_ bytes: Data) -> Bool {
            let rc: Int32 = bytes.withUnsafeBytes { buf in
                let p = buf.bindMemory(to: UInt8.self).baseAddress
                return format == .tiff
                    ? readHeaderMemTiff(p, buf.count, Int32(index), &w, &h, &bps, &spp, &res, &cmap, &fmt)
                    : pixReadHeaderMem(p, buf.count, &fmt, &w, &h, &bps, &spp, &cmap)
            }
            return rc == 0 && w > 0 && h > 0
        }
        guard read(decodable) || (format == .jpeg && JPEGRepair.withoutStrayBytes(data).map(read) == true) else {
            if format == .tiff { throw tiffFailure(TIFFDirectory(data, page: index)) }
            throw format == .jpeg ? jpegFailure() : damaged("header")
        }
        return (Int(w), Int(h))
    }

    /// Tesseract sizes its filters from the resolution. Images without one (or with a screen
    /// default that would make a page tens of inches wide) get 300 dpi, a scanner's usual value.
    /// `longSide`: the whole image's, when `pix` is a reduced decoding of it.
    static func setPlausibleResolution(_ pix: PageImage, longSide: Int? = nil) {
        let res = pix.resolution
        let inches = res > 0 ? Double(longSide ?? max(pix.width, pix.height)) / Double(res) : .infinity
        if res < 70 || res > 2400 || inches > 20 { pix.setResolution(300) }
    }

    private static func tiffPageCount(_ data: Data, _ fileName: String) throws -> Int {
        // The first directory's offset is in the header; writers often put the directory last,
        // so a file cut short has lost it.
        let little = data.first == 0x49
        let big = (little ? ImageContainers.le(data, 2, 2) : ImageContainers.be(data, 2, 2)) == 43
        let first = big ? (little ? ImageContainers.le(data, 8, 8) : ImageContainers.be(data, 8, 8))
                        : (little ? ImageContainers.le(data, 4, 4) : ImageContainers.be(data, 4, 4))
        if let first, first >= data.count { throw IngestError(.ocrTruncatedImage, ["file": fileName], detail: "no image file directory") }
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

    /// An ISO-BMFF file of the HEIF family (HEIC, AVIF, …) by its `ftyp` brands — major or, as an
    /// iPhone's `mif1` file has them, compatible; libheif then says whether it decodes the codec
    /// inside. Only a file starting with an `ftyp` box can be one, so libheif — opened on first
    /// use — is loaded for those alone, not for every PNG or JPEG.
    static func isHEIF(_ data: Data) throws -> Bool {
        guard data.count >= 12, data.dropFirst(4).prefix(4).elementsEqual("ftyp".utf8) else { return false }
        let size = min(data.count, ImageContainers.be(data, 0, 4) ?? 0, 4096)
        let brands = stride(from: 8, to: size - 3, by: 4).filter { $0 != 12 }.compactMap { ImageContainers.slice(data, $0, 4) }
        guard brands.contains(where: { heifBrands.contains(String(decoding: $0, as: UTF8.self)) }) else { return false }
        try OCRLibraries.requireHEIF()
        return true
    }

    /// Brands of the HEIF family (ISO/IEC 23008-12, MIAF, AVIF).
    static let heifBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "mif2",
                                          "msf1", "miaf", "avif", "avis", "avio", "jpeg", "jpgs", "avci", "avcs", "vvic", "vvis"]

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
