import CTesseract
import Foundation
import IngestCore
@testable import IngestOCR
import IngestTestSupport
import XCTest

/// stride_map.c's tesseract::StrideMap::Index steps answer as libtesseract's own, and a page is
/// read alike with either.
final class StrideMapTests: XCTestCase {
    /// Random stride maps (shapes 0–6, per-batch heights and widths recorded for none, some or
    /// all batches, some over the shape) and indices (negative, inside, past the end): each of
    /// the six functions gives libtesseract's answer and leaves the index as libtesseract's does.
    func testEveryStepAnswersAsLibtesseracts() throws {
        try OCRLibraries.requireTesseract()
        typealias Dim = @convention(c) (UnsafeRawPointer?, Int32) -> Int32
        typealias Test = @convention(c) (UnsafeRawPointer?) -> Bool
        typealias TestDim = @convention(c) (UnsafeRawPointer?, Int32) -> Bool
        typealias Offset = @convention(c) (UnsafeMutableRawPointer?, Int32, Int32) -> Bool
        typealias Step = @convention(c) (UnsafeMutableRawPointer?) -> Void
        typealias Move = @convention(c) (UnsafeMutableRawPointer?) -> Bool
        func real<T>(_ i: Int32, _: T.Type) throws -> T { unsafeBitCast(try XCTUnwrap(ingest_tesseract_stride_map_function(i)), to: T.self) }
        let maxIndex = try real(0, Dim.self), isValid = try real(1, Test.self), isLast = try real(2, TestDim.self)
        let addOffset = try real(3, Offset.self), setT = try real(4, Step.self), increment = try real(5, Move.self)

        var rng = SeededGenerator(seed: 0x5712_1DE)
        let map = UnsafeMutableRawPointer.allocate(byteCount: 0x48, alignment: 8)
        let heights = UnsafeMutablePointer<Int32>.allocate(capacity: 8), widths = UnsafeMutablePointer<Int32>.allocate(capacity: 8)
        let mine = UnsafeMutableRawPointer.allocate(byteCount: 24, alignment: 8), theirs = UnsafeMutableRawPointer.allocate(byteCount: 24, alignment: 8)
        defer { map.deallocate(); heights.deallocate(); widths.deallocate(); mine.deallocate(); theirs.deallocate() }
        var checks = 0
        for _ in 0..<3000 {
            let shape = (0..<3).map { _ in Int32.random(in: 0...6, using: &rng) }
            for d in 0..<3 { map.storeBytes(of: shape[d], toByteOffset: 4 * d, as: Int32.self) }
            // t_increments_ as ComputeTIncrements makes them.
            let increments: [Int32] = [shape[1] * shape[2], shape[2], 1]
            for d in 0..<3 { map.storeBytes(of: increments[d], toByteOffset: 0xc + 4 * d, as: Int32.self) }
            let hCount = Int.random(in: 0...4, using: &rng), wCount = Int.random(in: 0...4, using: &rng)
            for i in 0..<hCount { heights[i] = Int32.random(in: 0...8, using: &rng) }
            for i in 0..<wCount { widths[i] = Int32.random(in: 0...8, using: &rng) }
            map.storeBytes(of: heights, toByteOffset: 0x18, as: UnsafeMutablePointer<Int32>.self)
            map.storeBytes(of: heights + hCount, toByteOffset: 0x20, as: UnsafeMutablePointer<Int32>.self)
            map.storeBytes(of: heights + 8, toByteOffset: 0x28, as: UnsafeMutablePointer<Int32>.self)
            map.storeBytes(of: widths, toByteOffset: 0x30, as: UnsafeMutablePointer<Int32>.self)
            map.storeBytes(of: widths + wCount, toByteOffset: 0x38, as: UnsafeMutablePointer<Int32>.self)
            map.storeBytes(of: widths + 8, toByteOffset: 0x40, as: UnsafeMutablePointer<Int32>.self)
            func fresh() {
                let t = Int32.random(in: -5...50, using: &rng)
                let indices = (0..<3).map { _ in Int32.random(in: -2...7, using: &rng) }
                for p in [mine, theirs] {
                    p.storeBytes(of: UnsafeRawPointer(map), as: UnsafeRawPointer.self)
                    p.storeBytes(of: t, toByteOffset: 8, as: Int32.self)
                    for d in 0..<3 { p.storeBytes(of: indices[d], toByteOffset: 0xc + 4 * d, as: Int32.self) }
                }
            }
            func same(_ what: String) {
                XCTAssertEqual(memcmp(mine, theirs, 24), 0, "\(what): index left differently")
                checks += 1
            }
            for dim in Int32(0)..<3 {
                fresh()
                XCTAssertEqual(ingest_stride_max_index_of_dim(mine, dim), maxIndex(theirs, dim), "MaxIndexOfDim(\(dim))")
                XCTAssertEqual(ingest_stride_is_last(mine, dim), isLast(theirs, dim), "IsLast(\(dim))")
                same("MaxIndexOfDim/IsLast")
                let offset = Int32.random(in: -3...3, using: &rng)
                XCTAssertEqual(ingest_stride_add_offset(mine, offset, dim), addOffset(theirs, offset, dim), "AddOffset(\(offset), \(dim))")
                same("AddOffset")
            }
            fresh()
            XCTAssertEqual(ingest_stride_is_valid(mine), isValid(theirs), "IsValid")
            ingest_stride_set_t_from_indices(mine)
            setT(theirs)
            same("SetTFromIndices")
            // Increment from a valid index walks the map as libtesseract's, to its end.
            fresh()
            for p in [mine, theirs] { for d in 0..<3 { p.storeBytes(of: Int32(0), toByteOffset: 0xc + 4 * d, as: Int32.self) } }
            setT(theirs)
            ingest_stride_set_t_from_indices(mine)
            for _ in 0..<400 {
                let a = ingest_stride_increment(mine), b = increment(theirs)
                XCTAssertEqual(a, b, "Increment")
                same("Increment")
                if !a { break }
            }
        }
        XCTAssertGreaterThan(checks, 20_000)
    }

    /// A typeset French and English page read with libtesseract's StrideMap::Index and with
    /// stride_map.c's: the same page, every paragraph, word, box and confidence.
    func testTesseractReadsAPageAlikeWithEitherStrideMap() throws {
        let page = TextPage.render(TextPage.french + "\n" + TextPage.english, dpi: 300, pointSize: 11)
        let read = try ReadTwice(page, use: ingest_tesseract_own_stride_map, calls: ingest_tesseract_own_stride_offsets)
        XCTAssertGreaterThan(read.callsWhileOn, 100_000, "libtesseract's network did not call stride_map.c")
        XCTAssertGreaterThan(read.library.words.count, 100)
        XCTAssertEqual(read.own, read.library)
        XCTAssertLessThan(characterErrorRate(read.own.text, TextPage.french + "\n" + TextPage.english), 0.02)
    }
}
