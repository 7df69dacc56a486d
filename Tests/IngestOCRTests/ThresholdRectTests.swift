import CTesseract
import Foundation
import IngestCore
@testable import IngestOCR
import IngestTestSupport
import XCTest

/// threshold_rect.c's ImageThresholder::ThresholdRectToPix gives libtesseract's own bits, and
/// libtesseract's call lands there.
final class ThresholdRectTests: XCTestCase {
    typealias Threshold = @convention(c) (UnsafeRawPointer?, UnsafeMutablePointer<PIX>?, Int32, UnsafePointer<ingest_int_vector>?,
                                          UnsafePointer<ingest_int_vector>?, UnsafeMutablePointer<UnsafeMutablePointer<PIX>?>?) -> Void

    /// An ImageThresholder as far as ThresholdRectToPix reads it: its rectangle's four ints at
    /// 0x2c (left, top, width, height), in 0x40 bytes.
    static func thresholder(left: Int, top: Int, width: Int, height: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 0x40)
        for (offset, value) in [(0x2c, left), (0x30, top), (0x34, width), (0x38, height)] {
            withUnsafeBytes(of: Int32(value)) { bytes.replaceSubrange(offset..<offset + 4, with: $0) }
        }
        return bytes
    }

    /// Random 8-bit images (widths on and off a multiple of 32, flat and noisy), random
    /// rectangles inside them, thresholds 0–255 and each kind of hi value (-1: never black,
    /// 0: dark is black, 1: light is black): every word of the result as libtesseract's.
    func testEveryRectangleGivesLibtesseractsBits() throws {
        try OCRLibraries.requireTesseract()
        let theirs = unsafeBitCast(try XCTUnwrap(ingest_tesseract_threshold_function()), to: Threshold.self)
        var rng = SeededGenerator(seed: 38)
        let before = ingest_tesseract_own_thresholds_made()
        var compared = 0
        for (w, h) in [(1, 1), (31, 7), (32, 32), (33, 9), (64, 3), (95, 40), (257, 61), (1000, 12)] {
            let pix = pixCreate(Int32(w), Int32(h), 8)!
            defer { var p: UnsafeMutablePointer<PIX>? = pix; pixDestroy(&p) }
            pixSetResolution(pix, 300, 200)
            let wpl = Int(pixGetWpl(pix)), data = pixGetData(pix)!
            for i in 0..<(wpl * h) { data[i] = UInt32.random(in: 0...UInt32.max, using: &rng) }
            for _ in 0..<12 {
                let left = Int.random(in: 0..<w, using: &rng), top = Int.random(in: 0..<h, using: &rng)
                let width = Int.random(in: 1...(w - left), using: &rng), height = Int.random(in: 1...(h - top), using: &rng)
                let this = Self.thresholder(left: left, top: top, width: width, height: height)
                for hi in [Int32(-1), 0, 1] {
                    var threshold = [Int32.random(in: 0...255, using: &rng)], hiValue = [hi]
                    threshold.withUnsafeBufferPointer { t in
                        hiValue.withUnsafeBufferPointer { v in
                            var tv = ingest_int_vector(begin: t.baseAddress, end: t.baseAddress! + 1, capacity: t.baseAddress! + 1)
                            var hv = ingest_int_vector(begin: v.baseAddress, end: v.baseAddress! + 1, capacity: v.baseAddress! + 1)
                            var mine: UnsafeMutablePointer<PIX>?, library: UnsafeMutablePointer<PIX>?
                            this.withUnsafeBytes { ingest_threshold_rect_to_pix($0.baseAddress, pix, 1, &tv, &hv, &mine) }
                            this.withUnsafeBytes { theirs($0.baseAddress, pix, 1, &tv, &hv, &library) }
                            defer { pixDestroy(&mine); pixDestroy(&library) }
                            let what = "\(width)×\(height) at \(left),\(top) of \(w)×\(h), threshold \(threshold[0]), hi \(hi)"
                            guard let mine, let library else { return XCTFail("no image: \(what)") }
                            XCTAssertEqual([pixGetWidth(mine), pixGetHeight(mine), pixGetDepth(mine), pixGetXRes(mine), pixGetYRes(mine)],
                                           [pixGetWidth(library), pixGetHeight(library), pixGetDepth(library), pixGetXRes(library), pixGetYRes(library)], what)
                            let words = Int(pixGetWpl(mine)) * Int(pixGetHeight(mine))
                            XCTAssertEqual(memcmp(pixGetData(mine), pixGetData(library), words * 4), 0, "bits differ: \(what)")
                            compared += 1
                        }
                    }
                }
            }
        }
        XCTAssertEqual(compared, 8 * 12 * 3)
        XCTAssertEqual(ingest_tesseract_own_thresholds_made() - before, UInt(compared), "the own function did not answer every call")
    }

    /// A typeset French and English page read with libtesseract's thresholding and with
    /// threshold_rect.c's: the same page, every paragraph, word, box and confidence.
    func testTesseractReadsAPageAlikeWithEitherThreshold() throws {
        let page = TextPage.render(TextPage.french + "\n" + TextPage.english, dpi: 300, pointSize: 11)
        let read = try ReadTwice(page, use: ingest_tesseract_own_threshold, calls: ingest_tesseract_own_thresholds_made)
        XCTAssertEqual(read.callsWhileOff, 0)
        XCTAssertGreaterThan(read.callsWhileOn, 0, "libtesseract's thresholding did not call threshold_rect.c")
        XCTAssertGreaterThan(read.library.words.count, 100)
        XCTAssertEqual(read.own, read.library)
    }
}
