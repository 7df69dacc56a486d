import Foundation

/// What the container of a PNG, WebP or GIF says beside its pixels: the EXIF/XMP orientation,
/// the frames of an animation, the size of what will be decoded. Read from the chunk/block
/// structure alone (bounded, never the pixel data), so a 32000 × 32000 GIF is refused from its
/// header and an animation is announced.
enum ImageContainers {
    /// Bytes of `data` from `offset`, `count` long, or nil past the end.
    static func slice(_ data: Data, _ offset: Int, _ count: Int) -> Data? {
        guard offset >= 0, count >= 0, offset <= data.count - count else { return nil }
        let start = data.startIndex + offset
        return data[start..<(start + count)]
    }

    static func le(_ d: Data, _ o: Int, _ n: Int) -> Int? {
        guard let s = slice(d, o, n) else { return nil }
        return s.reversed().reduce(0) { $0 << 8 | Int($1) }
    }

    static func be(_ d: Data, _ o: Int, _ n: Int) -> Int? {
        guard let s = slice(d, o, n) else { return nil }
        return s.reduce(0) { $0 << 8 | Int($1) }
    }

    /// An EXIF block as found in a PNG `eXIf` or WebP `EXIF` chunk: TIFF-structured, sometimes
    /// (against the spec, but common) behind JPEG's "Exif\0\0" prefix.
    static func exifOrientation(_ block: Data) -> Int? {
        var b = block
        if b.starts(with: Array("Exif".utf8) + [0, 0]) { b = b.dropFirst(6) }
        return Data(b).withUnsafeBytes { ExifOrientation.tiffOrientation($0.bindMemory(to: UInt8.self)) }
    }
}

// MARK: PNG

/// A PNG's orientation: the `eXIf` chunk, else XMP's `tiff:Orientation` (an `iTXt` chunk keyed
/// "XML:com.adobe.xmp", uncompressed as writers store it).
struct PNGChunks {
    var orientation: Int?
    /// Frames of an animated PNG (`acTL`) that are not its default image: libpng reads only that.
    var framesNotRead = 0
    /// The `IEND` chunk was reached: the file is whole.
    var complete = false

    init(_ data: Data) {
        var exif: Int?, xmp: Int?
        var animationFrames = 0, defaultImageIsFrame = false, seenIDAT = false
        var o = 8
        while let length = ImageContainers.be(data, o, 4), let type = ImageContainers.slice(data, o + 4, 4),
              let body = ImageContainers.slice(data, o + 8, length) {
            switch String(decoding: type, as: UTF8.self) {
            case "eXIf": exif = exif ?? ImageContainers.exifOrientation(body)
            case "iTXt":
                let key = Array("XML:com.adobe.xmp".utf8) + [0, 0]   // keyword, then "not compressed"
                if body.starts(with: key) { xmp = xmp ?? ExifOrientation.xmp(body) }
            case "acTL": animationFrames = ImageContainers.be(body, 0, 4) ?? 0
            case "fcTL": if !seenIDAT { defaultImageIsFrame = true }
            case "IDAT": seenIDAT = true
            case "IEND": complete = true; o = data.count
            default: break
            }
            o += 12 + length
        }
        orientation = exif ?? xmp
        framesNotRead = max(0, animationFrames - (defaultImageIsFrame ? 1 : 0))
    }
}

// MARK: WebP

/// A WebP's RIFF chunks: the canvas, the animation's frames, the orientation (`EXIF`, else `XMP `).
/// leptonica decodes still WebP only; the first frame of an animation is handed to it as a
/// still WebP of its own (`firstFrame`).
struct WebPChunks {
    var frames = 1
    var orientation: Int?
    /// A still WebP holding the animation's first frame, nil for a still image.
    var firstFrame: Data?
    var width = 0, height = 0
    /// The RIFF size fits in the file: it is whole.
    var complete = false

    init(_ data: Data) {
        complete = (ImageContainers.le(data, 4, 4) ?? Int.max) + 8 <= data.count
        guard data.count >= 12, data.starts(with: Array("RIFF".utf8)),
              ImageContainers.slice(data, 8, 4) == Data("WEBP".utf8) else { return }
        var exif: Int?, xmp: Int?
        var animated = false, anmf = 0
        var o = 12
        while let type = ImageContainers.slice(data, o, 4), let size = ImageContainers.le(data, o + 4, 4),
              let body = ImageContainers.slice(data, o + 8, size) {
            switch String(decoding: type, as: UTF8.self) {
            case "VP8X":
                if let flags = body.first { animated = flags & 0x02 != 0 }
                width = (ImageContainers.le(body, 4, 3) ?? -1) + 1
                height = (ImageContainers.le(body, 7, 3) ?? -1) + 1
            case "ANMF":
                anmf += 1
                if anmf == 1 { firstFrame = WebPChunks.still(frame: Data(body)) }
            case "EXIF": exif = exif ?? ImageContainers.exifOrientation(body)
            case "XMP ": xmp = xmp ?? ExifOrientation.xmp(body)
            default: break
            }
            o += 8 + size + size % 2
        }
        orientation = exif ?? xmp
        if animated { frames = max(anmf, 1) } else { firstFrame = nil }
    }

    /// A still WebP from an `ANMF` chunk's body: 16 bytes of placement and timing, then the
    /// frame's own chunks (`ALPH`? then `VP8 `, or `VP8L`). The frame's offset on the canvas is
    /// dropped: its pixels are what is read.
    static func still(frame body: Data) -> Data? {
        guard let w1 = ImageContainers.le(body, 6, 3), let h1 = ImageContainers.le(body, 9, 3) else { return nil }
        let chunks = Data(body.dropFirst(16))
        var hasAlpha = false
        var o = 0
        while let type = ImageContainers.slice(chunks, o, 4), let size = ImageContainers.le(chunks, o + 4, 4) {
            if type == Data("ALPH".utf8) { hasAlpha = true }
            o += 8 + size + size % 2
        }
        func u32(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
        var payload = Data("WEBP".utf8)
        if hasAlpha {
            // An `ALPH` chunk is only valid after a `VP8X` header that announces it.
            let vp8x: [UInt8] = [0x10, 0, 0, 0] + Array(u32(w1).prefix(3)) + Array(u32(h1).prefix(3))
            payload += Data("VP8X".utf8) + Data(u32(vp8x.count)) + Data(vp8x)
        }
        payload += chunks
        return Data("RIFF".utf8) + Data(u32(payload.count)) + payload
    }
}

// MARK: GIF

/// A GIF's blocks: how many frames, and the first one alone as a GIF of its own (giflib, under
/// leptonica, decodes every frame of a file before leptonica keeps the first), its transparent
/// colour made white (leptonica ignores transparency: the text of a transparent screenshot
/// exported as GIF was read on the black the table holds there).
struct GIFBlocks {
    var frames = 0
    var width = 0, height = 0
    /// The trailer was reached: the file is whole.
    var complete = false
    /// Header, colour table and the first image, then the trailer.
    var firstFrame: Data?

    init(_ data: Data) {
        guard data.count >= 13, data.starts(with: Array("GIF".utf8)), let packed = ImageContainers.le(data, 10, 1) else { return }
        let headerEnd = 13 + (packed & 0x80 != 0 ? 3 << ((packed & 7) + 1) : 0)
        var o = headerEnd
        /// Skips data sub-blocks from `o`; the offset after the terminator, nil when cut short.
        func skipSubBlocks(_ start: Int) -> Int? {
            var p = start
            while let n = ImageContainers.le(data, p, 1) {
                p += 1 + n
                if n == 0 { return p }
            }
            return nil
        }
        var transparent: Int?
        while let introducer = ImageContainers.le(data, o, 1) {
            if introducer == 0x21 {
                // Graphic control extension: 0xF9, size 4, flags (bit 0: transparency), delay, index.
                if frames == 0, ImageContainers.le(data, o + 1, 1) == 0xF9, let flags = ImageContainers.le(data, o + 3, 1), flags & 1 != 0 {
                    transparent = ImageContainers.le(data, o + 6, 1)
                }
                guard let next = skipSubBlocks(o + 2) else { break }
                o = next
            } else if introducer == 0x2C {
                guard let w = ImageContainers.le(data, o + 5, 2), let h = ImageContainers.le(data, o + 7, 2),
                      let flags = ImageContainers.le(data, o + 9, 1) else { break }
                let table = flags & 0x80 != 0 ? 3 << ((flags & 7) + 1) : 0
                frames += 1
                guard let end = skipSubBlocks(o + 10 + table + 1) else {
                    if frames == 1 { width = w; height = h }   // a first frame cut short: leptonica says what it can
                    break
                }
                if frames == 1, let image = ImageContainers.slice(data, o, end - o) {
                    width = w; height = h
                    // Header and global table, then the image alone: the extensions (comments,
                    // application blocks) say nothing about its pixels, and giflib refuses some
                    // that other readers pass over (an empty comment in a GIF87a).
                    var first = Data(data.prefix(headerEnd)) + image
                    // The transparent entry of the frame's own table, else of the global one, made white.
                    let tableStart: Int? = table > 0 ? headerEnd + 10 : (packed & 0x80 != 0 ? 13 : nil)
                    if let transparent, let tableStart, tableStart + 3 * transparent + 3 <= first.count,
                       transparent < (table > 0 ? table : 3 << ((packed & 7) + 1)) / 3 {
                        first.replaceSubrange((tableStart + 3 * transparent)..<(tableStart + 3 * transparent + 3), with: [255, 255, 255])
                    }
                    firstFrame = first + Data([0x3B])
                }
                o = end
            } else {
                complete = introducer == 0x3B
                break   // the trailer, or bytes that are not a block
            }
        }
    }
}
