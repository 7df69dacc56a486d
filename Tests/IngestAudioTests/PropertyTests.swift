import Foundation
import IngestCore
import IngestTestSupport
import XCTest
@testable import IngestAudio

/// Seeded property test: the parsers never crash (nor hang) on random or mutated input; they
/// return a value or throw an IngestError.
final class PropertyTests: XCTestCase {
    func testParsersNeverCrashOnMutatedInput() {
        let seed: UInt64 = 0xA0D10_2026
        var rng = SeededGenerator(seed: seed)
        let picture = [UInt8](repeating: 0x89, count: 64)
        let seeds: [(SourceKind, [UInt8])] = [
            (.mp3, Make.tag(major: 3, Make.frame23("TIT2", [1, 0xFF, 0xFE, 0x41, 0]) + Make.frame23("USLT", [0] + Array("fra".utf8) + [0, 0x41]))
                + Make.mp3Frames(6)),
            (.mp3, Make.tag(major: 4, Make.frame24("CHAP", Array("c1".utf8) + [0] + Make.be32(0) + Make.be32(1000) + Make.be32(0) + Make.be32(0)
                + Make.frame24("TIT2", Make.text("Intro")))) + Make.mp3Frames(4)),
            (.ogg, Make.oggVorbis(comments: ["TITLE=x", "CHAPTER001=00:00:01.000", "CHAPTER001NAME=a"])),
            (.flac, Make.flac(comments: ["TITLE=y"], picture: picture)),
            (.m4a, Make.m4a(title: "z", chapters: [(0, "a"), (1.5, "b")], lyrics: "la")),
            (.wav, Make.wav(dataBytes: 64, chunks: Array("LIST".utf8) + Make.le32(16) + Array("INFO".utf8) + Array("INAM".utf8) + Make.le32(4) + Array("abc\0".utf8))),
            (.aiff, Array("FORM".utf8) + Make.be32(4 + 26 + 16) + Array("AIFF".utf8) + Array("COMM".utf8) + Make.be32(18) + Make.be16(2)
                + Make.be32(100) + Make.be16(16) + [0x40, 0x0E, 0xAC, 0x44, 0, 0, 0, 0, 0, 0] + Array("SSND".utf8) + Make.be32(8) + [UInt8](repeating: 0, count: 8)),
        ]
        // Each seed file must itself be readable.
        for (kind, bytes) in seeds {
            XCTAssertNoThrow(try AudioReader.read(bytes: bytes, kind: kind), kind.rawValue)
        }
        var crashedOrOdd = 0
        for i in 0..<2000 {
            let (kind, base) = seeds[i % seeds.count]
            var b = base
            switch Int.random(in: 0..<4, using: &rng) {
            case 0:   // flip bytes
                for _ in 0..<Int.random(in: 1...8, using: &rng) { b[Int.random(in: 0..<b.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng) }
            case 1:   // truncate
                b = Array(b.prefix(Int.random(in: 0..<b.count, using: &rng)))
            case 2:   // overwrite a size-like field with a huge value
                let at = Int.random(in: 0..<max(1, b.count - 4), using: &rng)
                b.replaceSubrange(at..<min(b.count, at + 4), with: [0xFF, 0xFF, 0xFF, UInt8.random(in: 0...255, using: &rng)])
            default:  // random bytes behind a real magic
                b = Array(base.prefix(8)) + [UInt8](rng.bytes(Int.random(in: 0...600, using: &rng)))
            }
            // Read as its own kind, and as another kind (a file mis-sniffed or renamed).
            let other = seeds[Int.random(in: 0..<seeds.count, using: &rng)].0
            for k in [kind, other] {
                do { _ = try AudioReader.read(bytes: b, kind: k) } catch is IngestError { } catch {
                    crashedOrOdd += 1
                    XCTFail("seed \(seed) case \(i) (\(k)): non-IngestError \(error)")
                }
            }
        }
        XCTAssertEqual(crashedOrOdd, 0)
    }
}
