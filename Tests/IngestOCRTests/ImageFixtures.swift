import CHeif
import CTesseract
import Foundation
@testable import IngestOCR

/// Small images made at test time for format and bad-input tests.
enum ImageFixtures {
    /// A small gray text image (a line or two of `text`) as a leptonica image at 300 dpi.
    static func textPix(_ text: String, widthInches: Double = 4.5, heightInches: Double = 1.2) -> PageImage {
        TextPage.pageImage(TextPage.render(text, dpi: 300, pointSize: 14, widthInches: widthInches, heightInches: heightInches))
    }

    static func encode(_ pix: PageImage, _ format: Int) -> Data {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        precondition(pixWriteMem(&out, &size, pix.raw, Int32(format)) == 0)
        defer { free(out) }
        return Data(bytes: out!, count: size)
    }

    /// A multi-page TIFF of `pages` blank 1-bit pages (G4), written page by page by leptonica.
    static func multipageTIFF(pages: Int, at url: URL) {
        let pix = pixCreate(200, 100, 1)!
        defer { var p: UnsafeMutablePointer<PIX>? = pix; pixDestroy(&p) }
        for i in 0..<pages { precondition(pixWriteTiff(url.path, pix, Int32(IFF_TIFF_G4), i == 0 ? "w" : "a") == 0) }
    }

    // MARK: PNG written by hand (16-bit, or a header claiming any size)

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc32(body))
    }

    /// A zlib stream of stored (uncompressed) deflate blocks: valid, no compressor needed.
    static func zlibStored(_ raw: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var i = 0
        repeat {
            let n = min(65_535, raw.count - i)
            let last: UInt8 = i + n >= raw.count ? 1 : 0
            out += [last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            out += raw[i..<(i + n)]
            i += n
        } while i < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for x in raw { a = (a + UInt32(x)) % 65_521; b = (b + a) % 65_521 }
        return out + be32(b << 16 | a)
    }

    static func png(width: Int, height: Int, bitDepth: UInt8, idat: [UInt8]) -> Data {
        let ihdr = be32(UInt32(width)) + be32(UInt32(height)) + [bitDepth, 0, 0, 0, 0]
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IDAT", idat) + chunk("IEND", []))
    }

    /// A 16-bit gray PNG of `pix` (8-bit gray), each sample widened to 16 bits.
    static func png16(_ pix: PageImage) -> Data {
        var raw: [UInt8] = []
        raw.reserveCapacity(pix.height * (1 + 2 * pix.width))
        for y in 0..<pix.height {
            raw.append(0)
            for x in 0..<pix.width {
                var v: UInt32 = 0
                pixGetPixel(pix.raw, Int32(x), Int32(y), &v)
                raw += [UInt8(v), UInt8(v)]
            }
        }
        return png(width: pix.width, height: pix.height, bitDepth: 16, idat: zlibStored(raw))
    }

    // MARK: JPEG with an EXIF orientation

    /// Inserts an APP1 EXIF segment holding only `orientation` right after the JPEG's SOI.
    static func withExifOrientation(_ jpeg: Data, _ orientation: UInt16) -> Data {
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 1,
                             0x01, 0x12, 0, 3, 0, 0, 0, 1, UInt8(orientation >> 8), UInt8(orientation & 0xFF), 0, 0,
                             0, 0, 0, 0]
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        let app1: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        return Data(jpeg.prefix(2)) + Data(app1) + Data(jpeg.dropFirst(2))
    }

    // MARK: HEIC through libheif's HEVC encoder

    static func heic(_ pix: PageImage) -> Data? {
        let w = Int32(pix.width), h = Int32(pix.height)
        guard let ctx = heif_context_alloc() else { return nil }
        defer { heif_context_free(ctx) }
        var encoder: OpaquePointer?
        guard heif_context_get_encoder_for_format(ctx, heif_compression_HEVC, &encoder).code == heif_error_Ok, let encoder else { return nil }
        defer { heif_encoder_release(encoder) }
        heif_encoder_set_lossy_quality(encoder, 90)
        var image: OpaquePointer?
        guard heif_image_create(w, h, heif_colorspace_RGB, heif_chroma_interleaved_RGB, &image).code == heif_error_Ok, let image else { return nil }
        defer { heif_image_release(image) }
        heif_image_add_plane(image, heif_channel_interleaved, w, h, 8)
        var stride: Int32 = 0
        let plane = heif_image_get_plane(image, heif_channel_interleaved, &stride)!
        for y in 0..<Int(h) {
            for x in 0..<Int(w) {
                var v: UInt32 = 0
                pixGetPixel(pix.raw, Int32(x), Int32(y), &v)
                let o = y * Int(stride) + x * 3
                plane[o] = UInt8(v); plane[o + 1] = UInt8(v); plane[o + 2] = UInt8(v)
            }
        }
        guard heif_context_encode_image(ctx, image, encoder, nil, nil).code == heif_error_Ok else { return nil }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ingest-\(UUID().uuidString).heic")
        defer { try? FileManager.default.removeItem(at: url) }
        guard heif_context_write_to_file(ctx, url.path).code == heif_error_Ok else { return nil }
        return try? Data(contentsOf: url)
    }
}
