import CTesseract
import Foundation
import IngestCore
@testable import IngestOCR
import IngestTestSupport
import XCTest

/// Photos and scans as other programs write them (issue 33): every file is made at test time by
/// the tool that makes such files (ImageMagick, cwebp/img2webp, exiftool, heif-enc, tiffcp,
/// Pillow) from a page of known text typeset here, and what is read is compared with that text.
final class ImageFormatFidelityTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("ingest-image-fidelity") }
    override func tearDown() { dir.remove() }

    // MARK: Tools and the page

    /// Runs a tool that makes test files; a missing one skips (fails under CI), a failing one fails.
    @discardableResult
    func tool(_ executable: String, _ arguments: [String], package: String) throws -> Data {
        guard let r = runTool(executable, arguments) else { try missingTool("\(executable) is not installed (apt-get install \(package))") }
        if r.status == 127 { try missingTool("\(executable) is not installed (apt-get install \(package))") }
        guard r.status == 0 else {
            throw TestSetupFailure("\(executable) \(arguments.joined(separator: " ")): \(String(decoding: r.stderr, as: UTF8.self))")
        }
        return r.stdout
    }

    /// ImageMagick's own convert (not a wrapper earlier on PATH).
    func convert(_ arguments: [String]) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") else {
            try missingTool("ImageMagick is not installed (apt-get install imagemagick)")
        }
        try tool("/usr/bin/convert", arguments, package: "imagemagick")
    }

    /// A Pillow script run with Debian's python3 (`sys.argv[1:]` are `arguments`).
    func pillow(_ script: String, _ arguments: [String]) throws {
        guard runTool("/usr/bin/python3", ["-c", "import PIL"])?.status == 0 else {
            try missingTool("Pillow is not installed (apt-get install python3-pil)")
        }
        try tool("/usr/bin/python3", ["-c", script] + arguments, package: "python3-pil")
    }

    func path(_ name: String) -> String { dir.url.appendingPathComponent(name).path }

    /// The known text of the files: two sentences, two lines at 12 pt — a misread character is
    /// 0.7 % of them — read in a fraction of the time of a page (session 27: ~27 files are read).
    static let english = TextPage.english.components(separatedBy: ". ").prefix(2).joined(separator: ". ") + "."
    static let french = TextPage.french.components(separatedBy: ". ").prefix(2).joined(separator: ". ") + "."

    /// The known text, typeset in black on white: a gray PNG at 300 dpi.
    func page(_ name: String = "page.png", text: String = ImageFormatFidelityTests.english) throws -> String {
        let p = TextPage.render(text, dpi: 300, pointSize: 12, widthInches: 8.5, heightInches: 2.5)
        let pix = TextPage.pageImage(p)
        try dir.write(name, pix.pngData()!)
        return path(name)
    }

    func extract(_ paths: [String]) throws -> Extraction {
        let urls = paths.map { URL(fileURLWithPath: $0) }
        return try ImageExtractor().extract(imageInput(urls), context: ExtractionContext(config: PipelineConfig(), language: .en))
    }

    /// The file reads as the page's text, within 2 % CER.
    func assertReadsText(_ file: String, _ text: String = ImageFormatFidelityTests.english, line: UInt = #line) throws {
        let e = try extract([file])
        let cer = characterErrorRate(joinedText(e), text)
        XCTAssertLessThanOrEqual(cer, 0.02, "\((file as NSString).lastPathComponent): CER \(cer): \(joinedText(e))", line: line)
    }

    func assertRefused(_ code: ErrorCode, _ file: String, line: UInt = #line) {
        XCTAssertThrowsError(try extract([file]), line: line) { error in
            XCTAssertEqual((error as? IngestError)?.code, code, "\((file as NSString).lastPathComponent): \(error)", line: line)
        }
    }

    // MARK: 1. Transparency

    /// Black text on transparent pixels whose colour is black (as slides and screenshots are
    /// exported): read on white, in every format that carries alpha or a transparent colour.
    func testTransparentBackgroundIsLaidOnWhite() throws {
        let src = try page()
        // Colour black everywhere, the text's coverage in the alpha channel.
        try pillow("""
        import sys; from PIL import Image, ImageOps
        g = Image.open(sys.argv[1]).convert('L'); a = ImageOps.invert(g); k = Image.new('L', g.size, 0)
        Image.merge('RGBA', (k, k, k, a)).save(sys.argv[2])
        Image.merge('LA', (k, a)).save(sys.argv[3])
        Image.merge('RGBA', (k, k, k, a)).save(sys.argv[4], compression='tiff_lzw')
        """, [src, path("rgba.png"), path("gray-alpha.png"), path("rgba.tif")])
        // -exact keeps the colour of transparent pixels (black), as a lossless export does.
        try tool("cwebp", ["-quiet", "-lossless", "-exact", path("rgba.png"), "-o", path("rgba.webp")], package: "webp")
        // GIF has no alpha, one transparent colour: ImageMagick keeps the black it had in the table.
        try convert([path("rgba.png"), path("rgba.gif")])
        for name in ["rgba.png", "gray-alpha.png", "rgba.tif", "rgba.webp", "rgba.gif"] { try assertReadsText(path(name)) }
    }

    // MARK: 2. Orientation

    /// The ImageMagick operation that stores an upright image so that orientation `o` shows it upright.
    static func storing(_ o: Int) -> [String] {
        [[], [], ["-flop"], ["-rotate", "180"], ["-flip"], ["-transpose"], ["-rotate", "270"], ["-transverse"], ["-rotate", "90"]][o]
    }

    static let orientationNames = ["", "TopLeft", "TopRight", "BottomRight", "BottomLeft", "LeftTop", "RightTop", "RightBottom", "LeftBottom"]

    /// Mean absolute gray difference (0…255) between a decoded image and `upright`, or nil when sizes differ.
    func difference(_ a: PageImage, _ upright: PageImage) -> Double? {
        guard a.width == upright.width, a.height == upright.height else { return nil }
        func gray(_ p: PageImage, _ x: Int, _ y: Int) -> Int {
            var v: UInt32 = 0
            pixGetPixel(p.raw, Int32(x), Int32(y), &v)
            switch p.depth {
            case 32: return (Int(v >> 24) + Int(v >> 16 & 0xFF) + Int(v >> 8 & 0xFF)) / 3
            case 16: return Int(v >> 8)
            case 1: return v == 0 ? 255 : 0
            default: return Int(v)
            }
        }
        var sum = 0
        for y in 0..<a.height { for x in 0..<a.width { sum += abs(gray(a, x, y) - gray(upright, x, y)) } }
        return Double(sum) / Double(a.width * a.height)
    }

    /// For each of the 8 orientations, an image stored turned and tagged — in JPEG (EXIF), PNG
    /// (eXIf chunk, and XMP tiff:Orientation), WebP (EXIF chunk), gray and RGB TIFF (strips and
    /// tiles) — decodes to the upright image. ImageMagick's -auto-orient agrees on JPEG and TIFF.
    func testEveryOrientationOfEveryFormatDecodesUpright() throws {
        // An asymmetric drawing: any wrong turn or mirror moves its marks.
        try convert(["-size", "120x80", "xc:white", "-fill", "black", "-draw", "rectangle 5,5 40,20",
                     "-draw", "rectangle 5,5 15,70", "-draw", "circle 90,60 100,60", path("upright.png")])
        let upright = try ImageSource(url: URL(fileURLWithPath: path("upright.png"))).decode(page: 0, maxPixels: 1 << 30)
        for o in 1...8 {
            let stored = path("stored\(o).png")
            try convert([path("upright.png")] + Self.storing(o) + [stored])
            var files: [String] = []
            for (ext, extra) in [("jpg", ["-quality", "95"]), ("png", []), ("webp", [])] {
                let f = path("exif\(o).\(ext)")
                try convert([stored] + extra + [f])
                try tool("exiftool", ["-q", "-overwrite_original", "-n", "-Orientation=\(o)", f], package: "libimage-exiftool-perl")
                files.append(f)
            }
            let xmp = path("xmp\(o).png")
            try convert([stored, xmp])
            try tool("exiftool", ["-q", "-overwrite_original", "-n", "-XMP-tiff:Orientation=\(o)", xmp], package: "libimage-exiftool-perl")
            files.append(xmp)
            for type in ["Grayscale", "TrueColor"] {
                let f = path("\(type)\(o).tif"), tiled = path("\(type)\(o)-tiled.tif")
                // 8 bits: libtiff 4.5's RGBA reader garbles 16-bit gray tiles (its own tiff2rgba does too).
                try convert([stored, "-type", type, "-depth", "8", "-compress", "lzw", "-orient", Self.orientationNames[o], f])
                try tool("tiffcp", ["-t", f, tiled], package: "libtiff-tools")
                files += [f, tiled]
                // ImageMagick turns it as we mean to: the stored image and tag agree.
                try convert([f, "-auto-orient", path("im\(o).png")])
                let im = try ImageSource(url: URL(fileURLWithPath: path("im\(o).png"))).decode(page: 0, maxPixels: 1 << 30)
                XCTAssertEqual(try XCTUnwrap(difference(im, upright)), 0, accuracy: 1, "ImageMagick on \(type) \(o)")
            }
            for f in files {
                let decoded = try ImageSource(url: URL(fileURLWithPath: f)).decode(page: 0, maxPixels: 1 << 30)
                let d = difference(decoded, upright)
                XCTAssertNotNil(d, "\((f as NSString).lastPathComponent): \(decoded.width)×\(decoded.height), turned the wrong way")
                if let d { XCTAssertLessThan(d, 4, "\((f as NSString).lastPathComponent): not upright (mean difference \(d))") }
            }
        }
    }

    /// A mirrored phone photo (orientation 2, the front camera) in WebP and PNG reads as the text.
    func testMirroredPhotoIsReadInWebPAndPNG() throws {
        let src = try page()
        try convert([src, "-flop", path("mirrored.png")])
        try tool("cwebp", ["-quiet", "-q", "95", path("mirrored.png"), "-o", path("mirrored.webp")], package: "webp")
        for f in ["mirrored.png", "mirrored.webp"] {
            try tool("exiftool", ["-q", "-overwrite_original", "-n", "-Orientation=2", path(f)], package: "libimage-exiftool-perl")
            try assertReadsText(path(f))
        }
    }

    // MARK: 3. HEIC from a phone

    /// An HEIC whose `ftyp` major brand is `mif1` (heic among the compatible brands), as some
    /// phones write it: sniffed as HEIC and decoded by libheif.
    func testHEICWithMif1MajorBrandIsRead() throws {
        let src = try page()
        try tool("heif-enc", ["-q", "90", src, "-o", path("photo.heic")], package: "libheif-examples")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path("photo.heic")))
        XCTAssertEqual(bytes[4..<8], Data("ftyp".utf8))
        // The major brand becomes mif1, and heic stays among the compatible brands.
        let major = Data(bytes[8..<12])
        bytes.replaceSubrange(8..<12, with: Data("mif1".utf8))
        let size = Int(bytes[3]) | Int(bytes[2]) << 8
        let compatible = stride(from: 16, to: size, by: 4).map { Data(bytes[$0..<($0 + 4)]) }
        if !compatible.contains(major) { bytes.replaceSubrange(16..<20, with: major) }
        try dir.write("iphone.heic", bytes)
        XCTAssertEqual(Sniffer.sniff(prefix: bytes.prefix(Sniffer.prefixLength), fileName: "iphone.heic").kind, .heic)
        try assertReadsText(path("iphone.heic"))
    }

    // MARK: 4. Layouts other readers open

    /// Tiled, planar and BigTIFF pages, RLE and bit-field BMPs, a JPEG with stray bytes before a
    /// marker: Pillow and ImageMagick open them all; so do we, and read the text.
    func testLayoutsOtherReadersOpenAreRead() throws {
        let src = try page()
        try convert([src, "-type", "TrueColor", "-compress", "lzw", path("rgb.tif")])
        try convert([src, "-compress", "lzw", path("gray.tif")])
        try convert([src, "-depth", "16", "-compress", "lzw", path("gray16.tif")])
        try tool("tiffcp", ["-t", path("rgb.tif"), path("tiled.tif")], package: "libtiff-tools")
        try tool("tiffcp", ["-t", path("gray.tif"), path("tiled-gray.tif")], package: "libtiff-tools")
        try tool("tiffcp", ["-p", "separate", path("rgb.tif"), path("planar.tif")], package: "libtiff-tools")
        try tool("tiffcp", ["-t", "-p", "separate", path("rgb.tif"), path("tiled-planar.tif")], package: "libtiff-tools")
        try tool("tiffcp", ["-8", path("rgb.tif"), path("big.tif")], package: "libtiff-tools")
        try tool("tiffcp", ["-8", "-t", path("gray.tif"), path("big-tiled.tif")], package: "libtiff-tools")
        try convert([src, "-type", "Palette", "-colors", "256", "-compress", "RLE", "bmp3:" + path("rle8.bmp")])
        try convert([src, "-type", "TrueColor", "-alpha", "on", "-define", "bmp:format=bmp4", path("bitfields32.bmp")])
        try convert([src, "-type", "TrueColor", "-define", "bmp:subtype=RGB565", path("bitfields16.bmp")])
        // OS/2 1.x headers (ImageMagick's bmp2:), palette and 24-bit: leptonica refuses both.
        try convert([src, "-type", "Palette", "bmp2:" + path("os2-8.bmp")])
        try convert([src, "-type", "TrueColor", "bmp2:" + path("os2-24.bmp")])
        // RLE4: Pillow and ImageMagick read it, neither writes it; PIL's palette image compressed here.
        try pillow(Self.rle4Writer, [src, path("rle4.bmp")])
        try convert([src, "-quality", "92", path("clean.jpg")])
        var jpeg = try Data(contentsOf: URL(fileURLWithPath: path("clean.jpg")))
        for marker in [Data([0xFF, 0xC4]), Data([0xFF, 0xDA])] {
            let at = try XCTUnwrap(jpeg.firstRange(of: marker)).lowerBound
            jpeg.insert(contentsOf: [0x00, 0x11, 0x22], at: at)
        }
        try dir.write("stray.jpg", jpeg)
        // "FF 00" where a marker is due (Pillow's jpeg_ff00_header.jpg has it before its DQT).
        var ff00 = try Data(contentsOf: URL(fileURLWithPath: path("clean.jpg")))
        ff00.insert(contentsOf: [0xFF, 0x00, 0xFF, 0x00], at: try XCTUnwrap(ff00.firstRange(of: Data([0xFF, 0xDB]))).lowerBound)
        try dir.write("ff00.jpg", ff00)
        for name in ["gray16.tif", "tiled.tif", "tiled-gray.tif", "planar.tif", "tiled-planar.tif", "big.tif", "big-tiled.tif",
                     "rle8.bmp", "rle4.bmp", "bitfields32.bmp", "bitfields16.bmp", "os2-8.bmp", "os2-24.bmp", "stray.jpg", "ff00.jpg"] {
            // Pillow opens each one (the claim we hold ourselves to).
            try pillow("import sys; from PIL import Image; Image.open(sys.argv[1]).load()", [path(name)])
            try assertReadsText(path(name))
        }
    }

    /// Writes a 4-bit RLE BMP (compression 2) of a gray page: 16 gray levels, runs of one colour.
    static let rle4Writer = """
    import sys, struct
    from PIL import Image
    im = Image.open(sys.argv[1]).convert('L')
    w, h = im.size; px = im.load()
    data = bytearray()
    for y in range(h - 1, -1, -1):
        row = [px[x, y] >> 4 for x in range(w)]
        x = 0
        while x < w:
            n = 1
            while x + n < w and n < 254 and row[x + n] == row[x]: n += 1
            data += bytes([n, row[x] << 4 | row[x]]); x += n
        data += b'\\0\\0'
    data += b'\\0\\1'
    palette = b''.join(bytes([v * 17, v * 17, v * 17, 0]) for v in range(16))
    off = 14 + 40 + len(palette)
    hdr = b'BM' + struct.pack('<IHHI', off + len(data), 0, 0, off)
    info = struct.pack('<IiiHHIIiiII', 40, w, h, 1, 4, 2, len(data), 11811, 11811, 16, 0)
    open(sys.argv[2], 'wb').write(hdr + info + palette + data)
    """

    /// What cannot be read says why: a compression we do not decode, a file cut short, samples
    /// in floating point — each its own code, not one "damaged" for all.
    func testWhatCannotBeReadIsNamed() throws {
        let src = try page()
        try convert([src, "-compress", "none", path("plain.tif")])
        // The compression tag of a real TIFF set to a scheme no libtiff knows.
        var tiff = try Data(contentsOf: URL(fileURLWithPath: path("plain.tif")))
        let d = try XCTUnwrap(TIFFDirectory(tiff, page: 0))
        XCTAssertEqual(d.compression, 1)
        let little = tiff[0] == 0x49
        let ifd = little ? Int(tiff[4]) | Int(tiff[5]) << 8 | Int(tiff[6]) << 16 | Int(tiff[7]) << 24
                         : Int(tiff[4]) << 24 | Int(tiff[5]) << 16 | Int(tiff[6]) << 8 | Int(tiff[7])
        let count = little ? Int(tiff[ifd]) | Int(tiff[ifd + 1]) << 8 : Int(tiff[ifd]) << 8 | Int(tiff[ifd + 1])
        for k in 0..<count {
            let e = ifd + 2 + 12 * k
            let tag = little ? Int(tiff[e]) | Int(tiff[e + 1]) << 8 : Int(tiff[e]) << 8 | Int(tiff[e + 1])
            if tag == 259 { tiff.replaceSubrange((e + 8)..<(e + 10), with: little ? [0xE8, 0xFD] : [0xFD, 0xE8]) }   // 65000
        }
        try dir.write("unknown.tif", tiff)
        assertRefused(.ocrUnsupportedCompression, path("unknown.tif"))
        XCTAssertThrowsError(try extract([path("unknown.tif")])) { XCTAssertEqual(($0 as? IngestError)?.arguments["compression"], "TIFF compression 65000") }

        // Cut in half, as an interrupted copy leaves them.
        try convert([src, path("whole.png")])
        try convert([src, path("whole.gif")])
        try convert([src, "-quality", "90", path("whole.jpg")])
        try convert([src, "-compress", "lzw", path("whole.tif")])
        for name in ["whole.png", "whole.gif", "whole.jpg", "whole.tif"] {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path(name)))
            try dir.write("half-" + name, bytes.prefix(bytes.count / 2))
            assertRefused(.ocrTruncatedImage, path("half-" + name))
        }

        // 32-bit floating-point samples (scientific imaging): named as such.
        try convert([src, "-define", "quantum:format=floating-point", "-depth", "32", path("float.tif")])
        assertRefused(.ocrUnsupportedSamples, path("float.tif"))

        // 16-bit gray in tiles: libtiff 4.5's RGBA reader returns stripes for it; named, not read as junk.
        try convert([src, "-depth", "16", "-compress", "lzw", path("gray16.tif")])
        try tool("tiffcp", ["-t", path("gray16.tif"), path("gray16-tiled.tif")], package: "libtiff-tools")
        assertRefused(.ocrUnsupportedSamples, path("gray16-tiled.tif"))
    }

    // MARK: 5. Size before decoding

    /// A GIF whose header says 32000 × 32000 (a real GIF from ImageMagick, its sizes raised) is
    /// refused from its header, before any pixel is decoded.
    func testGiantGIFIsRefusedFromItsHeader() throws {
        try convert(["-size", "200x200", "xc:white", path("small.gif")])
        var gif = try Data(contentsOf: URL(fileURLWithPath: path("small.gif")))
        let blocks = GIFBlocks(gif)
        XCTAssertEqual(blocks.width, 200)
        gif.replaceSubrange(6..<10, with: [0x00, 0x7D, 0x00, 0x7D])   // screen 32000 × 32000
        let descriptor = try XCTUnwrap(gif.firstIndex(of: 0x2C))
        gif.replaceSubrange((descriptor + 5)..<(descriptor + 9), with: [0x00, 0x7D, 0x00, 0x7D])
        try dir.write("giant.gif", gif)
        let start = Date()
        assertRefused(.ocrImageTooLarge, path("giant.gif"))
        XCTAssertLessThan(Date().timeIntervalSince(start), 1, "refused before decoding")
    }

    // MARK: 6. Animations

    /// Animated GIF, WebP and PNG: the first frame is read and a warning says how many were not.
    func testAnimationsWarnOfFramesNotRead() throws {
        // Three different frames (writers merge identical ones).
        let first = try page("first.png")
        let second = try page("second.png", text: Self.french)
        try convert([second, "-negate", path("third.png")])
        let third = path("third.png")
        try convert(["-delay", "100", first, second, third, path("anim.gif")])
        try tool("img2webp", ["-loop", "0", "-lossless", first, second, third, "-o", path("anim.webp")], package: "webp")
        try pillow("""
        import sys; from PIL import Image
        a, b, c = (Image.open(f).convert('RGB') for f in sys.argv[1:4])
        a.save(sys.argv[4], save_all=True, append_images=[b, c], duration=1000)
        """, [first, second, third, path("anim.png")])
        for name in ["anim.gif", "anim.webp", "anim.png"] {
            let e = try extract([path(name)])
            let cer = characterErrorRate(joinedText(e), Self.english)
            XCTAssertLessThanOrEqual(cer, 0.02, "\(name): CER \(cer)")
            let w = e.warnings.first { $0.code == .ocrFramesNotRead }
            XCTAssertEqual(w?.arguments?["frames"], "2", name)
            XCTAssertEqual(w?.arguments?["file"], name)
        }
        // A still image gets no such warning.
        XCTAssertFalse(try extract([first]).warnings.contains { $0.code == .ocrFramesNotRead })
    }
}
