import CTesseract
import Foundation
import IngestCore
@testable import IngestOCR
import IngestTestSupport
import XCTest

func imageInput(_ urls: [URL], _ kind: SourceKind = .png) -> SourceInput {
    SourceInput(files: urls, kind: kind, byteSize: 0, name: urls[0].lastPathComponent)
}

func joinedText(_ e: Extraction) -> String { e.blocks.map(\.text).joined(separator: "\n\n") }

final class ImageExtractorTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("ingest-ocr") }
    override func tearDown() { dir.remove() }

    func extract(_ urls: [URL], config: PipelineConfig = PipelineConfig()) throws -> Extraction {
        try ImageExtractor().extract(imageInput(urls), context: ExtractionContext(config: config, language: .en))
    }

    func assertError(_ code: ErrorCode, _ body: () throws -> Extraction, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            XCTAssertEqual((error as? IngestError)?.code, code, "\(error)", file: file, line: line)
            XCTAssertFalse((error as? IngestError)?.message(.fr).contains("{") ?? true, file: file, line: line)
        }
    }

    // MARK: Quality on pages made from known text

    func testCleanRenderedFrenchPageMeetsCERTarget() throws {
        let e = try extract([dir.write("fr.png", TextPage.png(TextPage.french))])
        let cer = characterErrorRate(joinedText(e), TextPage.french)
        XCTAssertLessThanOrEqual(cer, 0.02, "CER \(cer): \(joinedText(e))")
        XCTAssertEqual(e.pagesOCRed, 1)
        XCTAssertGreaterThanOrEqual(e.blocks.count, 2, "paragraphs become blocks")
        XCTAssertTrue(e.blocks.allSatisfy { $0.provenance == .ocr && $0.page == 1 && $0.kind == .paragraph })
        XCTAssertGreaterThan(e.meanOCRConfidence ?? 0, 80)
        XCTAssertEqual(e.pages?.first?.provenance, .ocr)
        XCTAssertNotNil(e.pages?.first?.lowConfidenceWords)
        // The words themselves, as read: never more than were counted, never bare punctuation.
        let sample = e.pages?.first?.lowConfidenceSample ?? []
        XCTAssertLessThanOrEqual(sample.count, e.pages?.first?.lowConfidenceWords ?? 0)
        XCTAssertTrue(sample.allSatisfy { $0.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil } }, "\(sample)")
        XCTAssertNil(e.thinTextReason)
        XCTAssertEqual(e.visionPages, [])
        XCTAssertEqual(e.cover?.origin, .firstPage)
        XCTAssertEqual(e.cover?.mimeType, "image/png")
    }

    func testCleanRenderedEnglishPageMeetsCERTarget() throws {
        let e = try extract([dir.write("en.png", TextPage.png(TextPage.english))])
        let cer = characterErrorRate(joinedText(e), TextPage.english)
        XCTAssertLessThanOrEqual(cer, 0.02, "CER \(cer): \(joinedText(e))")
    }

    /// Our text is the `tesseract` command's text on the same image, languages and settings.
    func testTextEqualsTesseractCommand() throws {
        let url = try dir.write("fr.png", TextPage.png(TextPage.french))
        guard let cli = runTool("env", ["OMP_THREAD_LIMIT=1", "tesseract", url.path, "-", "-l", "fra+eng"]), cli.status == 0 else {
            try missingTool("the tesseract command is not installed (apt-get install tesseract-ocr)")
        }
        let e = try extract([url])
        func squash(_ s: String) -> String { s.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ") }
        XCTAssertEqual(squash(joinedText(e)), squash(String(decoding: cli.stdout, as: UTF8.self)))
    }

    // MARK: Formats

    func testEveryLeptonicaFormatIsRead() throws {
        let pix = ImageFixtures.textPix("Le cycle de l'eau")
        for (name, format) in [("png", IFF_PNG), ("tif", IFF_TIFF_G4), ("webp", IFF_WEBP), ("gif", IFF_GIF), ("bmp", IFF_BMP), ("jpg", IFF_JFIF_JPEG)] {
            let url = try dir.write("line.\(name)", ImageFixtures.encode(pix, Int(format)))
            let e = try extract([url])
            XCTAssertTrue(joinedText(e).contains("cycle de l'eau"), "\(name): \(joinedText(e))")
        }
    }

    func testHEICPhotoIsRead() throws {
        guard let heic = ImageFixtures.heic(ImageFixtures.textPix("Le cycle de l'eau")) else {
            try missingTool("libheif has no HEVC encoder here to make a test HEIC (Debian's libheif1 links libx265)")
        }
        let e = try extract([dir.write("photo.heic", heic)])
        XCTAssertTrue(joinedText(e).contains("cycle de l'eau"), joinedText(e))
    }

    func testSixteenBitPNGIsRead() throws {
        let data = ImageFixtures.png16(ImageFixtures.textPix("Le cycle de l'eau"))
        let e = try extract([dir.write("deep.png", data)])
        XCTAssertTrue(joinedText(e).contains("cycle de l'eau"), joinedText(e))
    }

    func testCMYKJPEGIsRead() throws {
        let rgb = try dir.write("line.png", ImageFixtures.encode(ImageFixtures.textPix("Le cycle de l'eau"), Int(IFF_PNG)))
        let cmyk = dir.url.appendingPathComponent("cmyk.jpg")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/convert"),
              runTool("/usr/bin/convert", [rgb.path, "-colorspace", "CMYK", cmyk.path])?.status == 0 else {
            try missingTool("ImageMagick makes the CMYK JPEG for this test (apt-get install imagemagick)")
        }
        let e = try extract([cmyk])
        XCTAssertTrue(joinedText(e).contains("cycle de l'eau"), joinedText(e))
    }

    func testEXIFOrientationIsRespected() throws {
        // The text is stored turned 90° counter-clockwise; orientation 6 says "turn 90° clockwise to view".
        let pix = ImageFixtures.textPix(TextPage.english, widthInches: 6, heightInches: 2.5)
        pix.rotateClockwise(quarterTurns: 3)
        let jpeg = ImageFixtures.withExifOrientation(ImageFixtures.encode(pix, Int(IFF_JFIF_JPEG)), 6)
        XCTAssertEqual(ExifOrientation.jpeg(jpeg), 6)
        let e = try extract([dir.write("turned.jpg", jpeg)])
        XCTAssertTrue(joinedText(e).contains("water cycle"), joinedText(e))
        XCTAssertFalse(e.warnings.contains { $0.code == .ocrPageRotated }, "EXIF, not orientation detection, turned it")
    }

    func testSidewaysPageIsTurnedByOrientationDetection() throws {
        try Corpus.require()
        let e = try extract([Corpus.url("scans/tesseract-phototest-rotated-R.png")])
        let reference = try String(contentsOf: Corpus.url("scans/tesseract-phototest.txt"), encoding: .utf8)
        let cer = characterErrorRate(joinedText(e), reference)
        // Tesseract itself reads this 90° page (it finds vertical text lines); either way it must read.
        XCTAssertLessThan(cer, 0.05, "CER \(cer): \(joinedText(e))")
    }

    func testUpsideDownPageIsTurnedByOrientationDetection() throws {
        let pix = ImageFixtures.textPix(TextPage.english, widthInches: 8.5, heightInches: 4)
        pix.rotateClockwise(quarterTurns: 2)
        let e = try extract([dir.write("upside-down.png", ImageFixtures.encode(pix, Int(IFF_PNG)))])
        XCTAssertEqual(e.warnings.first { $0.code == .ocrPageRotated }?.arguments?["degrees"], "180")
        let cer = characterErrorRate(joinedText(e), TextPage.english)
        XCTAssertLessThan(cer, 0.03, "CER \(cer): \(joinedText(e))")
    }

    func testSeveralFilesArePagesInGivenOrder() throws {
        let a = try dir.write("IMG_2.png", ImageFixtures.encode(ImageFixtures.textPix("Premier chapitre"), Int(IFF_PNG)))
        let b = try dir.write("IMG_10.png", ImageFixtures.encode(ImageFixtures.textPix("Second chapitre"), Int(IFF_PNG)))
        let ordered = naturalOrder([b, a])
        XCTAssertEqual(ordered, [a, b])
        let e = try extract(ordered)
        XCTAssertEqual(e.pagesRead, 2)
        XCTAssertEqual(e.blocks.map(\.page), [1, 2])
        XCTAssertTrue(e.blocks[0].text.contains("Premier"), joinedText(e))
        XCTAssertTrue(e.blocks[1].text.contains("Second"), joinedText(e))
    }

    // MARK: Bad input: a named error (or a warning among several pages), never a crash

    func testOneByOneImage() throws {
        let pix = PageImage(taking: pixCreate(1, 1, 8)!)
        let url = try dir.write("dot.png", ImageFixtures.encode(pix, Int(IFF_PNG)))
        assertError(.ocrImageTooSmall) { try self.extract([url]) }
    }

    func testDecompressionBombIsRefusedFromItsHeader() throws {
        // The header says 30,000 × 30,000; the pixel data is a few bytes. Refused before decoding.
        let bomb = ImageFixtures.png(width: 30_000, height: 30_000, bitDepth: 8, idat: ImageFixtures.zlibStored([0, 0, 0, 0]))
        let url = try dir.write("bomb.png", bomb)
        assertError(.ocrImageTooLarge) { try self.extract([url]) }
        // The limit comes from the configuration.
        var config = PipelineConfig()
        config.ocr.maxImagePixels = 1_000
        let small = try dir.write("small.png", ImageFixtures.encode(ImageFixtures.textPix("abc"), Int(IFF_PNG)))
        assertError(.ocrImageTooLarge) { try self.extract([small], config: config) }
    }

    /// A JPEG cut short (no end marker) is `ocr.truncatedImage`; one whose coded data is
    /// garbage though the file is whole is `ocr.corruptImage`: two causes, two sentences.
    func testTruncatedAndCorruptJPEG() throws {
        let jpeg = ImageFixtures.encode(ImageFixtures.textPix("abc"), Int(IFF_JFIF_JPEG))
        var cut = Data(jpeg.prefix(200))
        cut.append(Data(repeating: 0x5A, count: 300))
        assertError(.ocrTruncatedImage) { try self.extract([self.dir.write("cut.jpg", cut)]) }
        let headerOnly = try dir.write("header.jpg", Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00]))
        assertError(.ocrTruncatedImage) { try self.extract([headerOnly]) }
        // The whole file, its coded pixels overwritten (no 0xFF in the garbage: no false marker).
        let scan = try XCTUnwrap(jpeg.firstRange(of: Data([0xFF, 0xDA]))).upperBound + 20
        var garbled = jpeg
        garbled.replaceSubrange(scan..<min(scan + 300, jpeg.count - 2), with: Data(repeating: 0x5A, count: min(300, jpeg.count - 2 - scan)))
        assertError(.ocrCorruptImage) { try self.extract([self.dir.write("garbled.jpg", garbled)]) }
    }

    func testUnsupportedImageFormat() throws {
        var psd = Data("8BPS".utf8)
        psd.append(Data(repeating: 1, count: 60))
        let url = try dir.write("layers.png", psd)
        assertError(.ocrUnsupportedImage) { try self.extract([url]) }
        let pnm = try dir.write("gray.pgm", Data("P5\n20 20\n255\n".utf8) + Data(repeating: 255, count: 400))
        assertError(.ocrUnsupportedImage) { try self.extract([pnm]) }
    }

    func testRandomBytesNeverCrash() throws {
        var g = SeededGenerator(seed: 0x0C_0C_4)
        for i in 0..<200 {
            var bytes = g.bytes(Int.random(in: 1...400, using: &g))
            // Half of them start like a real image so the decoders, not only the sniffing, are hit.
            let heads: [[UInt8]] = [[0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], [0xFF, 0xD8, 0xFF], [0x49, 0x49, 0x2A, 0], Array("GIF89a".utf8), Array("BM".utf8)]
            if i % 2 == 0 { bytes.replaceSubrange(0..<0, with: heads[i / 2 % heads.count]) }
            let url = try dir.write("r\(i).img", bytes)
            do { _ = try extract([url]) } catch let e as IngestError { _ = e.message(.fr) }
        }
    }

    func testBadPageAmongSeveralIsAWarning() throws {
        let good = try dir.write("a.png", ImageFixtures.encode(ImageFixtures.textPix("Le cycle de l'eau"), Int(IFF_PNG)))
        let bad = try dir.write("b.jpg", Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00]))
        let e = try extract([good, bad])
        XCTAssertEqual(e.pagesOCRed, 1)
        XCTAssertEqual(e.warnings.first { $0.page == 2 }?.code, .ocrTruncatedImage)
        XCTAssertEqual(e.pages?.first { $0.number == 2 }?.skipped, true)
    }

    func testThreeHundredPageTIFFIsCapped() throws {
        let url = dir.url.appendingPathComponent("long.tif")
        ImageFixtures.multipageTIFF(pages: 300, at: url)
        // The pages are blank: recognised all the same here, so the cap is what is counted.
        var config = PipelineConfig()
        config.ocr.skipBlankPages = false
        let e = try extract([url], config: config)
        XCTAssertEqual(e.pagesRead, 300)
        XCTAssertEqual(e.pagesOCRed, 40)
        let capped = try XCTUnwrap(e.warnings.first { $0.code == .ocrPagesCapped })
        XCTAssertEqual(capped.arguments?["pages"], "41–300")
        XCTAssertTrue(capped.message.contains("41–300"))
        XCTAssertEqual(e.pages?.filter { $0.skipped == true }.count, 260)
    }

    func testBlankWallPhotoReadsAsEmptyPage() throws {
        // A phone photo of a wall: a soft gradient with sensor noise, no text.
        var g = SeededGenerator(seed: 7)
        let w = 1600, h = 1200
        var gray = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w { gray[y * w + x] = UInt8(170 + (x + y) * 40 / (w + h) + Int.random(in: -6...6, using: &g)) } }
        let pix = gray.withUnsafeBytes { PageImage.gray(width: w, height: h, bytesPerRow: w, bytes: $0) }!
        let e = try extract([dir.write("wall.jpg", ImageFixtures.encode(pix, Int(IFF_JFIF_JPEG)))])
        XCTAssertEqual(e.thinTextReason, .readinessEmptyPage)
        XCTAssertEqual(e.visionPages, [1])
        XCTAssertLessThan(joinedText(e).count, 10)
    }

    /// A photo cut short by another program while it is read must not kill the reader: the
    /// bytes are read, never mapped (mapped, touching a page past the cut raised SIGBUS, which
    /// the hostile corpus showed as `run.crashed`). Cut after opening, the image still decodes.
    func testAnImageCutShortAfterOpeningStillDecodes() throws {
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let url = try dir.write("p.png", TextPage.png(TextPage.english))
        let source = try ImageSource(url: url)
        XCTAssertEqual(truncate(url.path, 0), 0)
        let pix = try source.decode(page: 0, maxPixels: 200_000_000)
        XCTAssertGreaterThan(pix.width, 100)
    }

    /// `FileBytes` (what images are read with): the whole file, or a prefix of it; a prefix longer
    /// than the file is the file; a missing file is `file.unreadable`.
    func testFileBytesReadsWholeOrPrefix() throws {
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let url = try dir.write("b.bin", Data((0..<5000).map { UInt8($0 % 251) }))
        XCTAssertEqual(try FileBytes.read(url).count, 5000)
        XCTAssertEqual(try FileBytes.read(url, maxBytes: 100), Data((0..<100).map { UInt8($0 % 251) }))
        XCTAssertEqual(try FileBytes.read(url, maxBytes: 1 << 20).count, 5000)
        XCTAssertThrowsError(try FileBytes.read(dir.url.appendingPathComponent("missing"))) {
            XCTAssertEqual(($0 as? IngestError)?.code, .fileUnreadable)
        }
    }
}
