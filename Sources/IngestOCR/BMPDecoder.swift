import CTesseract
import Foundation
import IngestCore

/// The BMP files leptonica refuses ("cannot read compressed BMP files"): RLE8 and RLE4 (paint
/// programs, old Windows), bit fields (16/32-bit, what ImageMagick and Windows write with an alpha
/// channel), JPEG or PNG inside a BMP. Uncompressed ones stay with leptonica.
struct BMPHeader: Sendable {
    var width = 0, height = 0
    var topDown = false
    var bitsPerPixel = 0
    var compression = 0
    var dataOffset = 0
    /// Where the colour table starts, its entry size (3 for OS/2 core headers) and count.
    var paletteOffset = 0, paletteEntry = 4, paletteCount = 0
    /// Red, green, blue, alpha masks (bit fields, or the defaults of 16/32-bit).
    var masks: [UInt32] = [0, 0, 0, 0]

    init?(_ data: Data) {
        func u(_ o: Int, _ n: Int) -> Int? { ImageContainers.le(data, o, n) }
        guard data.starts(with: Array("BM".utf8)), let offset = u(10, 4), let dib = u(14, 4) else { return nil }
        dataOffset = offset
        if dib == 12 {
            guard let w = u(18, 2), let h = u(20, 2), let bpp = u(24, 2) else { return nil }
            width = w; height = h; bitsPerPixel = bpp
            paletteEntry = 3
        } else {
            guard dib >= 40, let w = u(18, 4), let h = u(22, 4), let bpp = u(28, 2), let c = u(30, 4),
                  let used = u(46, 4) else { return nil }
            width = Int(Int32(truncatingIfNeeded: w))
            let signedHeight = Int(Int32(truncatingIfNeeded: h))
            topDown = signedHeight < 0
            height = abs(signedHeight)
            bitsPerPixel = bpp
            compression = c
            paletteCount = used
            // Bit fields follow a 40-byte header; larger headers hold them at the same place.
            if c == 3 || c == 6 || dib >= 52 {
                let n = (c == 6 || dib >= 56) ? 4 : 3
                for i in 0..<n { masks[i] = UInt32(u(54 + 4 * i, 4) ?? 0) }
            }
            if dib == 40, c == 3 { paletteOffset = 14 + 40 + 12 }
            if dib == 40, c == 6 { paletteOffset = 14 + 40 + 16 }
        }
        if paletteOffset == 0 { paletteOffset = 14 + dib }
        if bitsPerPixel <= 8, paletteCount == 0 || paletteCount > 1 << bitsPerPixel { paletteCount = 1 << bitsPerPixel }
        if compression != 3, compression != 6 {
            switch bitsPerPixel {
            case 16: masks = [0x7C00, 0x03E0, 0x001F, 0]
            case 32: masks = [0x00FF_0000, 0x0000_FF00, 0x0000_00FF, 0]
            default: break
            }
        }
        guard width > 0, height > 0 else { return nil }
    }

    /// A name for the compression, for the message.
    var compressionName: String {
        let names = [0: "none", 1: "RLE8", 2: "RLE4", 3: "bit fields", 4: "JPEG", 5: "PNG", 6: "alpha bit fields",
                     11: "CMYK", 12: "CMYK RLE8", 13: "CMYK RLE4"]
        return names[compression].map { "\($0) (\(compression))" } ?? "BMP compression \(compression)"
    }
}

enum BMPDecoder {
    /// Decodes a BMP leptonica refused. Throws a named error for what it cannot read.
    static func decode(_ data: Data, _ h: BMPHeader, fileName: String) throws -> PageImage {
        func unsupported() -> IngestError {
            IngestError(.ocrUnsupportedCompression, ["file": fileName, "format": "BMP", "compression": h.compressionName])
        }
        let body = data.dropFirst(h.dataOffset)
        switch (h.compression, h.bitsPerPixel) {
        case (4, _), (5, _):
            // A whole JPEG or PNG stream stored as the pixel data.
            guard let pix = Data(body).withUnsafeBytes({ pixReadMem($0.bindMemory(to: UInt8.self).baseAddress, $0.count) }) else {
                throw IngestError(.ocrCorruptImage, ["file": fileName], detail: "embedded " + h.compressionName)
            }
            return PageImage(taking: pix)
        case (1, 8), (2, 4), (3, 16), (3, 32), (6, 16), (6, 32), (0, 16), (0, 32):
            break
        case (0, 1), (0, 2), (0, 4), (0, 8), (0, 24):
            // Uncompressed, refused by leptonica for what other readers let pass: an OS/2 header,
            // a colour table where none is needed, a pixel-data offset or density it finds odd.
            let stride = (h.width * h.bitsPerPixel + 31) / 32 * 4
            if data.count < h.dataOffset + stride * h.height {
                throw IngestError(.ocrTruncatedImage, ["file": fileName], detail: "pixel data shorter than the header says")
            }
        case (0, _):
            throw IngestError(.ocrUnsupportedSamples, ["file": fileName, "format": "BMP"].merging(MessageCatalog.phrase("samples", .ocrSamplesBitsPerPixel, ["bits": "\(h.bitsPerPixel)"])) { a, _ in a })
        default:
            throw unsupported()
        }
        let w = h.width, height = h.height
        // Written straight into the image (leptonica's 0xRRGGBBAA words): one copy of the pixels.
        guard let raw = pixCreate(Int32(w), Int32(height), 32) else { throw IngestError(.ocrCorruptImage, ["file": fileName]) }
        let image = PageImage(taking: raw)
        guard let words = pixGetData(raw), Int(pixGetWpl(raw)) == w else { throw IngestError(.ocrCorruptImage, ["file": fileName]) }
        let palette: [UInt32] = (0..<h.paletteCount).map { i in
            let o = h.paletteOffset + i * h.paletteEntry
            guard let s = ImageContainers.slice(data, o, 3) else { return 0 }
            // Stored blue, green, red.
            return UInt32(s[s.startIndex + 2]) << 24 | UInt32(s[s.startIndex + 1]) << 16 | UInt32(s[s.startIndex]) << 8
        }
        /// Row `y` of the file (bottom-up unless top-down) is row `row(y)` of the image.
        func row(_ y: Int) -> Int { h.topDown ? y : height - 1 - y }
        let bytes = [UInt8](body)
        if h.compression == 1 || h.compression == 2 {
            // Pixels a jump skips keep the first colour, as other readers leave them.
            words.update(repeating: palette.first ?? 0xFFFF_FF00, count: w * height)
            try runLength(bytes, nibbles: h.compression == 2, put: { x, y, index in
                guard x >= 0, x < w, y >= 0, y < height else { return }
                words[row(y) * w + x] = index < palette.count ? palette[index] : 0
            }, fileName: fileName)
        } else if h.compression == 0, h.bitsPerPixel <= 24 {
            let stride = (w * h.bitsPerPixel + 31) / 32 * 4
            for y in 0..<height {
                let base = y * stride, target = row(y) * w
                for x in 0..<w {
                    if h.bitsPerPixel == 24 {
                        let o = base + 3 * x
                        words[target + x] = UInt32(bytes[o + 2]) << 24 | UInt32(bytes[o + 1]) << 16 | UInt32(bytes[o]) << 8
                    } else {
                        let bit = x * h.bitsPerPixel
                        let index = Int(bytes[base + bit / 8]) >> (8 - h.bitsPerPixel - bit % 8) & ((1 << h.bitsPerPixel) - 1)
                        // An index past the table (a damaged file) is black, as other readers show it.
                        words[target + x] = index < palette.count ? palette[index] : 0
                    }
                }
            }
        } else {
            try bitFields(bytes, h, into: words, row: row, fileName: fileName)
        }
        return image
    }

    /// RLE8 / RLE4: (count, value) runs, and escapes for end of line, end of image, a jump, and
    /// literal runs padded to 16 bits. A file that ends without its end-of-image mark is cut.
    static func runLength(_ b: [UInt8], nibbles: Bool, put: (Int, Int, Int) -> Void, fileName: String) throws {
        var i = 0, x = 0, y = 0
        while i + 1 < b.count {
            let count = Int(b[i]), value = Int(b[i + 1])
            i += 2
            if count > 0 {
                for k in 0..<count { put(x + k, y, nibbles ? (k % 2 == 0 ? value >> 4 : value & 0xF) : value) }
                x += count
                continue
            }
            switch value {
            case 0: x = 0; y += 1
            case 1: return
            case 2:
                guard i + 1 < b.count else { break }
                x += Int(b[i]); y += Int(b[i + 1]); i += 2
            default:
                let n = value
                let length = nibbles ? (n + 1) / 2 : n
                guard i + length <= b.count else { i = b.count; break }
                for k in 0..<n { put(x + k, y, nibbles ? (k % 2 == 0 ? Int(b[i + k / 2]) >> 4 : Int(b[i + k / 2]) & 0xF) : Int(b[i + k])) }
                x += n
                i += length + length % 2
            }
        }
        throw IngestError(.ocrTruncatedImage, ["file": fileName], detail: "RLE data without its end mark")
    }

    /// 16- or 32-bit pixels whose channels are where the masks say; alpha, when there is a mask
    /// and it is used, laid on white.
    static func bitFields(_ b: [UInt8], _ h: BMPHeader, into words: UnsafeMutablePointer<UInt32>, row: (Int) -> Int, fileName: String) throws {
        let bytesPerPixel = h.bitsPerPixel / 8
        let stride = (h.width * bytesPerPixel + 3) & ~3
        guard b.count >= stride * (h.height - 1) + h.width * bytesPerPixel else {
            throw IngestError(.ocrTruncatedImage, ["file": fileName], detail: "pixel data shorter than the header says")
        }
        func channel(_ v: UInt32, _ mask: UInt32) -> UInt32? {
            guard mask != 0 else { return nil }
            let shift = UInt32(mask.trailingZeroBitCount), max = mask >> shift
            return ((v & mask) >> shift) * 255 / max
        }
        // An alpha mask whose values are all zero is unused (many writers leave it so).
        var alphaUsed = false
        if h.masks[3] != 0 {
            for y in 0..<h.height where !alphaUsed {
                for x in 0..<h.width {
                    let o = y * stride + x * bytesPerPixel
                    let v = bytesPerPixel == 4 ? UInt32(b[o]) | UInt32(b[o + 1]) << 8 | UInt32(b[o + 2]) << 16 | UInt32(b[o + 3]) << 24 : UInt32(b[o]) | UInt32(b[o + 1]) << 8
                    if v & h.masks[3] != 0 { alphaUsed = true; break }
                }
            }
        }
        for y in 0..<h.height {
            for x in 0..<h.width {
                let o = y * stride + x * bytesPerPixel
                let v = bytesPerPixel == 4 ? UInt32(b[o]) | UInt32(b[o + 1]) << 8 | UInt32(b[o + 2]) << 16 | UInt32(b[o + 3]) << 24 : UInt32(b[o]) | UInt32(b[o + 1]) << 8
                let a = alphaUsed ? channel(v, h.masks[3]) ?? 255 : 255
                var word: UInt32 = 0
                for mask in h.masks.prefix(3) {
                    let c = channel(v, mask) ?? 0
                    word = word << 8 | (c * a + 255 * (255 - a)) / 255
                }
                words[row(y) * h.width + x] = word << 8
            }
        }
    }
}
