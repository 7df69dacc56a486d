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
        }
        deinit { memory.deallocate(); bytes.deallocate(); floats.deallocate() }
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

    /// A typeset French and English page read with libtesseract's WriteTimeStepPart and with
    /// network_io.c's: the same page, every paragraph, word, box and confidence; the network's
    /// writes went there.
    func testTesseractReadsAPageAlikeWithEitherWriter() throws {
        let engine = try TesseractEngine(languages: "fra+eng")
        let page = TextPage.render(TextPage.french + "\n" + TextPage.english, dpi: 300, pointSize: 11)
        func pix() -> PageImage {
            let p = page.gray.withUnsafeBytes { PageImage.gray(width: page.width, height: page.height, bytesPerRow: page.width, bytes: $0) }!
            p.setResolution(300)
            return p
        }
        defer { ingest_tesseract_own_network_io(1) }
        ingest_tesseract_own_network_io(0)
        let libtesseracts = try engine.recognize(pix(), deadline: .distantFuture, limitSeconds: 120, page: 1)
        let before = ingest_tesseract_own_time_step_writes()
        ingest_tesseract_own_network_io(1)
        let own = try engine.recognize(pix(), deadline: .distantFuture, limitSeconds: 120, page: 1)
        XCTAssertGreaterThan(ingest_tesseract_own_time_step_writes() - before, 10_000, "libtesseract's network did not call network_io.c")
        XCTAssertGreaterThan(libtesseracts.words.count, 100)
        XCTAssertEqual(own, libtesseracts)
        XCTAssertLessThan(characterErrorRate(own.text, TextPage.french + "\n" + TextPage.english), 0.02)
    }
}
