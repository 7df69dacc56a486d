import CTesseract
import Foundation
import IngestCore
@testable import IngestOCR
import IngestTestSupport
import XCTest

/// leptonica's brick morphology made in O(log size) passes (brick_morphology.c) gives leptonica's
/// own bits, and libtesseract's calls land there.
final class BrickMorphologyTests: XCTestCase {
    /// A 1-bpp image of `w` × `h` with about `density` of its pixels on, padding bits random too
    /// (leptonica must ignore them), from a reproducible generator.
    static func randomBinary(_ w: Int, _ h: Int, density: Double, rng: inout SeededGenerator) -> PageImage {
        let pix = pixCreate(Int32(w), Int32(h), 1)!
        pixSetResolution(pix, 300, 300)
        let wpl = Int(pixGetWpl(pix)), data = pixGetData(pix)!
        for i in 0..<(wpl * h) {
            var word: UInt32 = 0
            for bit in 0..<32 where Double.random(in: 0..<1, using: &rng) < density { word |= 1 << bit }
            data[i] = word
        }
        return PageImage(taking: pix)
    }

    /// Every word of two images' data (row padding included), their sizes and resolutions equal.
    func assertSameBits(_ a: UnsafeMutablePointer<PIX>?, _ b: UnsafeMutablePointer<PIX>?, _ what: String,
                        file: StaticString = #filePath, line: UInt = #line) {
        guard let a, let b else { return XCTFail("no image: \(what)", file: file, line: line) }
        XCTAssertEqual([pixGetWidth(a), pixGetHeight(a), pixGetDepth(a), pixGetWpl(a), pixGetXRes(a)],
                       [pixGetWidth(b), pixGetHeight(b), pixGetDepth(b), pixGetWpl(b), pixGetXRes(b)], what, file: file, line: line)
        let n = Int(pixGetWpl(a)) * Int(pixGetHeight(a))
        let same = memcmp(pixGetData(a), pixGetData(b), n * 4) == 0
        XCTAssertTrue(same, "bits differ: \(what)", file: file, line: line)
    }

    // nonisolated(unsafe): C function pointers, a constant never written.
    nonisolated(unsafe) static let ours: [(Int32, (UnsafeMutablePointer<PIX>?, UnsafeMutablePointer<PIX>?, Int32, Int32) -> UnsafeMutablePointer<PIX>?)] =
        [(0, pixDilateBrick), (1, pixErodeBrick), (2, pixOpenBrick), (3, pixCloseBrick)]
    static let names = ["dilate", "erode", "open", "close"]

    /// Dilation, erosion, opening and closing by horizontal, vertical and square bricks — sizes
    /// odd and even, from 2 to longer than the image — on images whose width is and is not a
    /// multiple of 32, sparse and dense: every bit as leptonica's own.
    func testEveryBrickGivesLeptonicasBits() throws {
        try OCRLibraries.requireTesseract()
        var rng = SeededGenerator(seed: 38)
        let before = ingest_own_bricks_made()
        var compared = 0
        for (w, h) in [(1, 1), (7, 5), (31, 40), (32, 33), (33, 17), (95, 64), (200, 90), (517, 130)] {
            for density in [0.05, 0.5, 0.95] {
                let image = Self.randomBinary(w, h, density: density, rng: &rng)
                let sizes: [(Int32, Int32)] = [(2, 1), (1, 2), (3, 1), (1, 3), (6, 1), (1, 6), (33, 1), (1, 33), (75, 1), (1, 75),
                                                (2, 2), (5, 5), (15, 15), (4, 9), (64, 3), (Int32(w) + 5, 1), (1, Int32(h) + 5)]
                for (op, own) in Self.ours {
                    for (hs, vs) in sizes {
                        let mine = own(nil, image.raw, hs, vs)
                        let theirs = ingest_leptonica_brick(op, nil, image.raw, hs, vs)
                        defer { var m = mine, t = theirs; pixDestroy(&m); pixDestroy(&t) }
                        assertSameBits(mine, theirs, "\(Self.names[Int(op)]) \(hs)×\(vs) on \(w)×\(h) at \(density)")
                        compared += 1
                    }
                }
            }
        }
        XCTAssertEqual(compared, 8 * 3 * 4 * 17)
        XCTAssertEqual(Int(ingest_own_bricks_made() - before), compared, "each call made by brick_morphology.c")
    }

    /// A typeset page with a ruled grid, thresholded, under the bricks Tesseract's LineFinder asks
    /// at 300 dpi (close 5×5, open 15×15, open 75×1 and 1×75, erode 6×1 and 1×6): leptonica's bits.
    func testLineFinderBricksOnARuledPageGiveLeptonicasBits() throws {
        try OCRLibraries.requireTesseract()
        let page = Self.ruledPage()
        let binary = pixCreate(Int32(page.width), Int32(page.height), 1)!
        defer { var p: UnsafeMutablePointer<PIX>? = binary; pixDestroy(&p) }
        let wpl = Int(pixGetWpl(binary)), data = pixGetData(binary)!
        for y in 0..<page.height {
            for x in 0..<page.width where page.gray[y * page.width + x] < 128 { data[y * wpl + x / 32] |= 1 << (31 - UInt32(x % 32)) }
        }
        for (op, own) in Self.ours {
            for (hs, vs) in [(5, 5), (15, 15), (75, 1), (1, 75), (6, 1), (1, 6)] as [(Int32, Int32)] {
                let mine = own(nil, binary, hs, vs)
                let theirs = ingest_leptonica_brick(op, nil, binary, hs, vs)
                defer { var m = mine, t = theirs; pixDestroy(&m); pixDestroy(&t) }
                assertSameBits(mine, theirs, "\(Self.names[Int(op)]) \(hs)×\(vs) on the ruled page")
            }
        }
    }

    /// The ruled page read by Tesseract with leptonica's bricks and with these: the same page —
    /// every paragraph, word, box, confidence and rule — and libtesseract's calls went through
    /// brick_morphology.c.
    func testTesseractReadsTheRuledPageAsWithLeptonicasBricks() throws {
        let read = try ReadTwice(Self.ruledPage(), use: ingest_leptonica_own_bricks, calls: ingest_own_bricks_made)
        XCTAssertEqual(read.callsWhileOff, 0, "off: leptonica's own bricks")
        XCTAssertGreaterThanOrEqual(read.callsWhileOn, 4, "libtesseract's LineFinder did not call brick_morphology.c")
        XCTAssertGreaterThan(read.library.words.count, 100)
        XCTAssertEqual(read.own, read.library)
        XCTAssertLessThan(characterErrorRate(read.own.text, TextPage.french + "\n" + TextPage.english), 0.05)
    }

    /// A letter page at 300 dpi of French and English paragraphs under a ruled box: two
    /// 3-pixel horizontal rules and two vertical ones around the text.
    static func ruledPage() -> (width: Int, height: Int, gray: [UInt8]) {
        var page = TextPage.render(TextPage.french + "\n" + TextPage.english, dpi: 300, pointSize: 11)
        let (left, right, top, bottom) = (200, page.width - 200, 200, page.height - 300)
        for t in 0..<3 {
            for x in left...right { page.gray[(top + t) * page.width + x] = 0; page.gray[(bottom + t) * page.width + x] = 0 }
            for y in top...bottom { page.gray[y * page.width + left + t] = 0; page.gray[y * page.width + right + t] = 0 }
        }
        return page
    }
}
