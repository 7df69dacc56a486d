import CTesseract
import Foundation

/// A TIFF's orientation tag, applied right whatever the decoder did with it. leptonica turns TIFF
/// pages itself, but not always as a viewer does (1.82 turns an RGB page of orientation 8 upside
/// down); libtiff's RGBA reader applies the flips and leaves the transposes. Rather than trust a
/// table per library version, each decoder is asked once per process to read a 3 × 2 TIFF in
/// every orientation, and the turn that makes its result match the upright image is remembered.
enum TIFFOrientation {
    /// A turn of the dihedral group: `quarterTurns` clockwise, then a left-right mirror.
    struct Turn: Equatable, Sendable {
        var quarterTurns = 0
        var mirror = false
        static let none = Turn()
        func apply(to pix: PageImage) {
            pix.rotateClockwise(quarterTurns: quarterTurns)
            if mirror { pix.flipLeftRight() }
        }
    }

    enum Decoder: Sendable { case leptonica, libtiff }

    /// What must still be done to a page decoded by `decoder` (`samples` per pixel) whose tag says `orientation`.
    static func remaining(after decoder: Decoder, samples: Int, orientation: Int) -> Turn {
        guard (2...8).contains(orientation) else { return .none }
        let table: [Int: Turn]
        switch decoder {
        case .leptonica: table = samples >= 2 ? leptonicaColour : leptonicaGray
        case .libtiff: table = samples >= 2 ? libtiffColour : libtiffGray
        }
        return table[orientation] ?? .none
    }

    private static let leptonicaGray = probe(colour: false) { d in d.withUnsafeBytes { pixReadMemTiff($0.bindMemory(to: UInt8.self).baseAddress, $0.count, 0) }.map(PageImage.init(taking:)) }
    private static let leptonicaColour = probe(colour: true) { d in d.withUnsafeBytes { pixReadMemTiff($0.bindMemory(to: UInt8.self).baseAddress, $0.count, 0) }.map(PageImage.init(taking:)) }
    private static let libtiffGray = probe(colour: false) { LibTIFF.read($0, page: 0, width: 3, height: 2) }
    private static let libtiffColour = probe(colour: true) { LibTIFF.read($0, page: 0, width: 3, height: 2) }

    /// For orientations 2…8: the turn that makes `decode`'s reading of a stored 3 × 2 image upright.
    static func probe(colour: Bool, _ decode: (Data) -> PageImage?) -> [Int: Turn] {
        var table: [Int: Turn] = [:]
        let values: [UInt8] = [10, 50, 90, 130, 170, 210]   // row-major, distinct
        for orientation in 2...8 {
            guard let decoded = decode(tinyTIFF(values, colour: colour, orientation: orientation)),
                  let upright = values.withUnsafeBytes({ PageImage.gray(width: 3, height: 2, bytesPerRow: 3, bytes: $0) }) else { continue }
            ExifOrientation.apply(orientation, to: upright)
            for q in 0..<4 {
                for mirror in [false, true] {
                    let turn = Turn(quarterTurns: q, mirror: mirror)
                    let candidate = decoded.sharedHandle()
                    turn.apply(to: candidate)
                    if sameLevels(candidate, upright) { table[orientation] = turn }
                }
            }
        }
        return table
    }

    /// Same size and the same level at every pixel (gray, or the red of a colour pixel).
    private static func sameLevels(_ a: PageImage, _ b: PageImage) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        func level(_ p: PageImage, _ x: Int, _ y: Int) -> UInt32 {
            var v: UInt32 = 0
            pixGetPixel(p.raw, Int32(x), Int32(y), &v)
            return p.depth == 32 ? v >> 24 : v
        }
        for y in 0..<a.height { for x in 0..<a.width where level(a, x, y) != level(b, x, y) { return false } }
        return true
    }

    /// A classic little-endian, uncompressed 3 × 2 TIFF of `values` (gray, or colour with the
    /// value in red) with an orientation tag.
    static func tinyTIFF(_ values: [UInt8], colour: Bool, orientation: Int) -> Data {
        let spp = colour ? 3 : 1
        let pixels: [UInt8] = colour ? values.flatMap { [$0, 255 - $0, $0 / 2] } : values
        var entries: [(tag: Int, type: Int, count: Int, value: Int)] = [
            (256, 3, 1, 3), (257, 3, 1, 2), (258, 3, 1, 8), (259, 3, 1, 1), (262, 3, 1, colour ? 2 : 1),
            (273, 4, 1, 0), (274, 3, 1, orientation), (277, 3, 1, spp), (278, 3, 1, 2), (279, 4, 1, pixels.count),
            (284, 3, 1, 1),
        ]
        let ifdSize = 2 + entries.count * 12 + 4
        let dataOffset = 8 + ifdSize
        entries[5].value = dataOffset
        func le(_ v: Int, _ n: Int) -> [UInt8] { (0..<n).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        var bytes: [UInt8] = [0x49, 0x49, 42, 0] + le(8, 4) + le(entries.count, 2)
        for e in entries { bytes += le(e.tag, 2) + le(e.type, 2) + le(e.count, 4) + (e.type == 3 ? le(e.value, 2) + [0, 0] : le(e.value, 4)) }
        bytes += le(0, 4) + pixels
        return Data(bytes)
    }
}
