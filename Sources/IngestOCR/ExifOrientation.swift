import Foundation

/// The EXIF orientation (tag 0x0112 of IFD0): how the camera was held. Leptonica decodes JPEG,
/// PNG and WebP pixels as stored, so we turn them as a viewer would. Read here from a JPEG's APP1
/// "Exif" segment and from XMP; PNG and WebP chunks are found by `ImageContainers`.
enum ExifOrientation {
    /// 1…8, or nil when absent or unreadable. Reads only the markers before the image data.
    static func jpeg(_ data: Data) -> Int? {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Int? in
            let b = raw.bindMemory(to: UInt8.self)
            guard b.count > 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
            var i = 2
            while i + 4 <= b.count {
                guard b[i] == 0xFF else { return nil }
                let marker = b[i + 1]
                if marker == 0xFF { i += 1; continue }              // fill byte
                if marker == 0xDA || marker == 0xD9 { return nil }  // image data starts: no EXIF before it
                let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
                guard length >= 2, i + 2 + length <= b.count else { return nil }
                if marker == 0xE1, length >= 16,
                   b[i + 4] == 0x45, b[i + 5] == 0x78, b[i + 6] == 0x69, b[i + 7] == 0x66, b[i + 8] == 0, b[i + 9] == 0 {
                    return tiffOrientation(UnsafeBufferPointer(rebasing: b[(i + 10)..<(i + 2 + length)]))
                }
                i += 2 + length
            }
            return nil
        }
    }

    /// Orientation from a TIFF-structured EXIF block.
    static func tiffOrientation(_ t: UnsafeBufferPointer<UInt8>) -> Int? {
        guard t.count >= 8 else { return nil }
        let little: Bool
        switch (t[0], t[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ o: Int) -> Int? {
            guard o >= 0, o + 2 <= t.count else { return nil }
            return little ? Int(t[o]) | Int(t[o + 1]) << 8 : Int(t[o]) << 8 | Int(t[o + 1])
        }
        func u32(_ o: Int) -> Int? {
            guard let a = u16(o), let b = u16(o + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard let ifd = u32(4), let count = u16(ifd) else { return nil }
        for k in 0..<min(count, 512) {
            let e = ifd + 2 + k * 12
            guard let tag = u16(e) else { return nil }
            if tag == 0x0112, let value = u16(e + 8), (1...8).contains(value) { return value }
        }
        return nil
    }

    /// `tiff:Orientation` of an XMP packet, as an attribute (`tiff:Orientation="6"`) or an
    /// element (`<tiff:Orientation>6</tiff:Orientation>`).
    static func xmp(_ packet: Data) -> Int? {
        let text = String(decoding: packet.prefix(1 << 20), as: UTF8.self)
        guard let r = text.range(of: "tiff:Orientation") else { return nil }
        let after = text[r.upperBound...].drop { $0 == "=" || $0 == "\"" || $0 == "'" || $0 == ">" || $0.isWhitespace }
        guard let digit = after.first?.wholeNumberValue, (1...8).contains(digit) else { return nil }
        return digit
    }

    /// Turns `pix` upright for an EXIF orientation value.
    static func apply(_ orientation: Int, to pix: PageImage) {
        switch orientation {
        case 2: pix.flipLeftRight()
        case 3: pix.rotateClockwise(quarterTurns: 2)
        case 4: pix.flipTopBottom()
        case 5: pix.rotateClockwise(quarterTurns: 1); pix.flipLeftRight()
        case 6: pix.rotateClockwise(quarterTurns: 1)
        case 7: pix.rotateClockwise(quarterTurns: 3); pix.flipLeftRight()
        case 8: pix.rotateClockwise(quarterTurns: 3)
        default: break
        }
    }
}
