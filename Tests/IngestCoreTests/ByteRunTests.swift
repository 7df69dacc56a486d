import IngestTestSupport
import XCTest
@testable import IngestCore

/// The eight-bytes-at-a-time run tests of the normalizer and the content key count exactly the
/// bytes a byte-by-byte test would, whatever the word holds (high bytes, controls, boundaries).
final class ByteRunTests: XCTestCase {
    func word(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) } }

    func testRunLengthsMatchByteByByte() {
        var rng = SeededGenerator(seed: 0xb17e5)
        let interesting: [UInt8] = [0x00, 0x09, 0x0A, 0x20, 0x21, 0x2D, 0x2F, 0x30, 0x39, 0x3A, 0x40, 0x41, 0x5A, 0x5B,
                                    0x60, 0x61, 0x7A, 0x7B, 0x7E, 0x7F, 0x80, 0xBF, 0xC3, 0xE2, 0xFF]
        for _ in 0..<50_000 {
            let bytes = (0..<8).map { _ in
                Bool.random(using: &rng) ? interesting.randomElement(using: &rng)! : UInt8.random(in: 0...255, using: &rng)
            }
            let visible = bytes.prefix { $0 > 0x20 && $0 < 0x7F }.count
            let alnum = bytes.prefix { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) }.count
            XCTAssertEqual(Normalizer.visibleASCIIPrefix(word(bytes)), visible, "\(bytes)")
            XCTAssertEqual(ContentKey.lowerAlphanumericPrefix(word(bytes)), alnum, "\(bytes)")
        }
    }

    /// Long words and texts whose length is not a multiple of eight, through both functions.
    func testLongWordsAndTails() {
        let text = "Anticonstitutionnellement, l'électroencéphalographie — 1234567890123 abcdefghijklmnopqrstuvwxyz\nfin"
        XCTAssertEqual(Normalizer.normalize(text), text)
        XCTAssertEqual(ContentKey.of(text), "anticonstitutionnellement l electroencephalographie 1234567890123 abcdefghijklmnopqrstuvwxyz fin")
        for cut in 0...text.utf8.count {
            let prefix = String(decoding: Array(text.utf8.prefix(cut)), as: UTF8.self)
            XCTAssertEqual(ContentKey.bytes(of: prefix), Array(ContentKey.of(prefix).utf8))
        }
    }
}
