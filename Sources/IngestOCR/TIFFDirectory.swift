import Foundation

/// The tags of one TIFF page (image file directory) that decide how it is decoded and, when it
/// cannot be, why: orientation, compression, tiles, planes, samples. Classic and BigTIFF, either
/// byte order; read from the directory alone.
struct TIFFDirectory: Sendable {
    var orientation = 1
    var compression = 1
    var tiled = false
    var width = 0, tileWidth = 0
    var planar = false
    var bitsPerSample = 1
    var samplesPerPixel = 1
    /// 1 unsigned, 2 signed, 3 floating point.
    var sampleFormat = 1
    var photometric = -1
    /// The end of the furthest strip or tile the directory points to (a file shorter is cut).
    var dataEnd = 0

    /// Directory `page` (0-based) of `data`, or nil when the chain does not reach it.
    init?(_ data: Data, page: Int) {
        guard data.count >= 8 else { return nil }
        let little: Bool
        switch (data[data.startIndex], data[data.startIndex + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u(_ o: Int, _ n: Int) -> Int? { little ? ImageContainers.le(data, o, n) : ImageContainers.be(data, o, n) }
        guard let magic = u(2, 2), magic == 42 || magic == 43 else { return nil }
        let big = magic == 43
        let offsetSize = big ? 8 : 4, countSize = big ? 8 : 2, entrySize = big ? 20 : 12
        guard var ifd = u(big ? 8 : 4, offsetSize) else { return nil }
        for _ in 0..<page {
            guard let n = u(ifd, countSize), let next = u(ifd + countSize + n * entrySize, offsetSize), next != 0 else { return nil }
            ifd = next
        }
        guard let n = u(ifd, countSize), n > 0, n < 10_000 else { return nil }
        var offsets: [Int] = [], counts: [Int] = []
        for k in 0..<n {
            let e = ifd + countSize + k * entrySize
            guard let tag = u(e, 2), let type = u(e + 2, 2), let count = u(e + 4, big ? 8 : 4) else { return nil }
            let size = [1: 1, 2: 1, 3: 2, 4: 4, 6: 1, 7: 1, 8: 2, 9: 4, 11: 4, 12: 8, 16: 8, 17: 8, 18: 8][type] ?? 1
            let inline = count * size <= offsetSize
            let at = inline ? e + 4 + (big ? 8 : 4) : (u(e + 4 + (big ? 8 : 4), offsetSize) ?? -1)
            /// The values of an entry (SHORT, LONG or LONG8), capped: a page has few strips we need.
            func values() -> [Int] { (0..<min(count, 100_000)).compactMap { u(at + $0 * size, size) } }
            let first = values().first ?? 0
            switch tag {
            case 259: compression = first
            case 262: photometric = first
            case 258: bitsPerSample = first
            case 277: samplesPerPixel = first
            case 284: planar = first == 2
            case 274: orientation = (1...8).contains(first) ? first : 1
            case 339: sampleFormat = first
            case 256: width = first
            case 322: tiled = true; tileWidth = first
            case 323: tiled = true
            case 273, 324: offsets = values()
            case 279, 325: counts = values()
            default: break
            }
        }
        dataEnd = zip(offsets, counts).map { $0 + $1 }.max() ?? 0
    }

    /// 16-bit gray in tiles that overhang the right edge: libtiff 4.5's RGBA reader steps through
    /// such a tile's rows by half their length and returns stripes (its own tiff2rgba does too).
    var garbledByLibTIFF: Bool {
        tiled && bitsPerSample == 16 && samplesPerPixel == 1 && tileWidth > 0 && width % tileWidth != 0
    }

    /// A name for a TIFF compression scheme, for the message.
    static func compressionName(_ c: Int) -> String {
        let names = [1: "none", 2: "CCITT RLE", 3: "CCITT G3", 4: "CCITT G4", 5: "LZW", 6: "old-style JPEG", 7: "JPEG",
                     8: "Deflate", 32946: "Deflate", 32773: "PackBits", 32809: "ThunderScan", 34661: "JBIG",
                     34676: "SGILog", 34677: "SGILog24", 34712: "JPEG 2000", 34887: "LERC", 34925: "LZMA",
                     50000: "Zstandard", 50001: "WebP", 50002: "JPEG XL", 52546: "JPEG XL"]
        return names[c].map { "\($0) (\(c))" } ?? "TIFF compression \(c)"
    }
}
