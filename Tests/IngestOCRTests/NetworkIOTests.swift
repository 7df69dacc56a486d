import CTesseract
import Foundation
import IngestCore
@testable import IngestOCR
import IngestTestSupport
import XCTest

/// network_io.c's NetworkIO::WriteTimeStepPart writes libtesseract's bytes, and a page is read
/// alike with either.
final class NetworkIOTests: XCTestCase {
    typealias Write = @convention(c) (UnsafeMutableRawPointer?, Int32, Int32, Int32, UnsafePointer<Float>?) -> Void

    /// A NetworkIO's memory as the two functions read it: int_mode_, the int8 and float arrays
    /// with their row lengths, rows × columns of each.
    final class FakeNetworkIO {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 0x48, alignment: 8)
        let bytes: UnsafeMutablePointer<Int8>, floats: UnsafeMutablePointer<Float>
        let rows: Int, columns: Int
        init(intMode: Bool, rows: Int, columns: Int) {
            self.rows = rows; self.columns = columns
            memory.initializeMemory(as: UInt8.self, repeating: 0, count: 0x48)
            bytes = .allocate(capacity: rows * columns); bytes.initialize(repeating: 0x55, count: rows * columns)
            floats = .allocate(capacity: rows * columns); floats.initialize(repeating: -1, count: rows * columns)
            memory.storeBytes(of: floats, toByteOffset: 0x8, as: UnsafeMutablePointer<Float>.self)
            memory.storeBytes(of: Int32(columns), toByteOffset: 0x18, as: Int32.self)
            memory.storeBytes(of: bytes, toByteOffset: 0x28, as: UnsafeMutablePointer<Int8>.self)
            memory.storeBytes(of: Int32(columns), toByteOffset: 0x38, as: Int32.self)
            memory.storeBytes(of: intMode, toByteOffset: 0x40, as: Bool.self)
            // The arrays' vtables: libtesseract's row lookup asks GENERIC_2D_ARRAY::index through
            // slot 3 (it calls it when not the class's own): the class's own functions.
            for (vtable, offset, name) in [(floatTable, 0x0, "_ZNK9tesseract16GENERIC_2D_ARRAYIfE5indexEii"),
                                           (byteTable, 0x20, "_ZNK9tesseract16GENERIC_2D_ARRAYIaE5indexEii")] {
                vtable.initialize(repeating: nil, count: 8)
                vtable[3] = ingest_tesseract_lookup(name)
                memory.storeBytes(of: UnsafeRawPointer(vtable), toByteOffset: offset, as: UnsafeRawPointer.self)
            }
        }
        let floatTable = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 8)
        let byteTable = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 8)
        deinit { memory.deallocate(); bytes.deallocate(); floats.deallocate(); floatTable.deallocate(); byteTable.deallocate() }
        var state: [UInt8] {
            Array(UnsafeRawBufferPointer(start: bytes, count: rows * columns)) + Array(UnsafeRawBufferPointer(start: floats, count: rows * columns * 4))
        }
    }

    /// Random values (of an LSTM's outputs' range and far beyond), the rounding boundaries
    /// (k ± ½)/127, ±0, ±∞, NaN, denormals and values past Int32: written by both functions at
    /// every offset and length (1–37, the vector part and the rest), int and float mode, the same
    /// bytes, neighbours untouched alike.
    func testEveryValueIsWrittenAsLibtesseractsBytes() throws {
        try OCRLibraries.requireTesseract()
        let theirs = unsafeBitCast(try XCTUnwrap(ingest_tesseract_write_time_step_part()), to: Write.self)
        var rng = SeededGenerator(seed: 0x10_0127)
        var special: [Float] = [0, -0, .infinity, -.infinity, .nan, -.nan, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
                                1, -1, 1.01, -1.01, 3e9, -3e9, 2.2e7, -2.2e7, .greatestFiniteMagnitude, -.greatestFiniteMagnitude]
        for k in -130...130 {
            for d: Float in [-0.5, 0.5] {
                let x = (Float(k) + d) / 127
                special += [x, x.nextUp, x.nextDown]
            }
        }
        var writes = 0
        let before = ingest_tesseract_own_time_step_writes()
        for intMode in [true, false] {
            for round in 0..<400 {
                let n = Int.random(in: 1...37, using: &rng)
                let input: [Float] = (0..<n).map { _ in
                    switch Int.random(in: 0..<4, using: &rng) {
                    case 0: return special.randomElement(using: &rng)!
                    case 1: return Float.random(in: -1...1, using: &rng)
                    case 2: return Float.random(in: -3...3, using: &rng)
                    default: return Float(bitPattern: UInt32.random(in: 0...UInt32.max, using: &rng))
                    }
                }
                let a = FakeNetworkIO(intMode: intMode, rows: 3, columns: 48), b = FakeNetworkIO(intMode: intMode, rows: 3, columns: 48)
                let t = Int32(round % 3), offset = Int32.random(in: 0...Int32(48 - n), using: &rng)
                input.withUnsafeBufferPointer { p in
                    ingest_network_io_write_time_step_part(a.memory, t, offset, Int32(n), p.baseAddress)
                    theirs(b.memory, t, offset, Int32(n), p.baseAddress)
                }
                XCTAssertEqual(a.state, b.state, "\(intMode ? "int" : "float") mode, \(n) values at \(t):\(offset): \(input)")
                writes += 1
            }
        }
        XCTAssertEqual(Int(ingest_tesseract_own_time_step_writes() - before), writes)
    }

    /// CopyTimeStepGeneral and MaxpoolTimeStep on random rows (int and float mode, every offset
    /// and length, values equal, above and below, NaN in float mode): the same rows and maxima
    /// indices as libtesseract's own.
    func testCopiesAndMaximaAreLibtesseracts() throws {
        try OCRLibraries.requireTesseract()
        typealias Copy = @convention(c) (UnsafeMutableRawPointer?, Int32, Int32, Int32, UnsafeRawPointer?, Int32, Int32) -> Void
        typealias Maxpool = @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeRawPointer?, Int32, UnsafeMutablePointer<Int32>?) -> Void
        let copy = unsafeBitCast(try XCTUnwrap(ingest_tesseract_network_io_function(0)), to: Copy.self)
        let maxpool = unsafeBitCast(try XCTUnwrap(ingest_tesseract_network_io_function(1)), to: Maxpool.self)
        var rng = SeededGenerator(seed: 0x3A8_9001)
        for intMode in [true, false] {
            for _ in 0..<300 {
                let columns = Int.random(in: 1...70, using: &rng)
                func filled() -> FakeNetworkIO {
                    FakeNetworkIO(intMode: intMode, rows: 3, columns: columns)
                }
                let a = filled(), b = filled(), src = filled()
                for i in 0..<(3 * columns) {
                    let v = Int8.random(in: -4...4, using: &rng)
                    src.bytes[i] = v; a.bytes[i] = Int8.random(in: -4...4, using: &rng); b.bytes[i] = a.bytes[i]
                    src.floats[i] = Int.random(in: 0..<50, using: &rng) == 0 ? .nan : Float(v) / 4
                    a.floats[i] = Int.random(in: 0..<50, using: &rng) == 0 ? .nan : Float(a.bytes[i]) / 4; b.floats[i] = a.floats[i]
                }
                let n = Int.random(in: 1...columns, using: &rng)
                let (dt, st) = (Int32.random(in: 0...2, using: &rng), Int32.random(in: 0...2, using: &rng))
                let (doff, soff) = (Int32.random(in: 0...Int32(columns - n), using: &rng), Int32.random(in: 0...Int32(columns - n), using: &rng))
                ingest_network_io_copy_time_step_general(a.memory, dt, doff, Int32(n), src.memory, st, soff)
                copy(b.memory, dt, doff, Int32(n), src.memory, st, soff)
                XCTAssertEqual(a.state, b.state, "CopyTimeStepGeneral, \(intMode ? "int" : "float") mode")
                var linesA = (0..<columns).map { _ in Int32.random(in: -1...9, using: &rng) }, linesB = linesA
                ingest_network_io_maxpool_time_step(a.memory, dt, src.memory, st, &linesA)
                maxpool(b.memory, dt, src.memory, st, &linesB)
                XCTAssertEqual(a.state, b.state, "MaxpoolTimeStep, \(intMode ? "int" : "float") mode")
                XCTAssertEqual(linesA, linesB, "MaxpoolTimeStep's indices, \(intMode ? "int" : "float") mode")
            }
        }
    }

    /// A typeset French and English page read with libtesseract's WriteTimeStepPart,
    /// CopyTimeStepGeneral and MaxpoolTimeStep and with network_io.c's: the same page, every paragraph, word, box and confidence; the network's
    /// writes went there.
    func testTesseractReadsAPageAlikeWithEitherWriter() throws {
        let page = TextPage.render(TextPage.french + "\n" + TextPage.english, dpi: 300, pointSize: 11)
        let read = try ReadTwice(page, use: ingest_tesseract_own_network_io, calls: ingest_tesseract_own_time_step_writes)
        XCTAssertGreaterThan(read.callsWhileOn, 10_000, "libtesseract's network did not call network_io.c")
        XCTAssertGreaterThan(read.library.words.count, 100)
        XCTAssertEqual(read.own, read.library)
        XCTAssertLessThan(characterErrorRate(read.own.text, TextPage.french + "\n" + TextPage.english), 0.02)
    }
}
