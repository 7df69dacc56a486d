import Foundation
import IngestTestSupport
import XCTest
@testable import IngestCore

final class TextDecoderTests: XCTestCase {
    func decode(_ bytes: [UInt8]) -> (String, TextEncoding)? {
        TextDecoder.decodeText(Data(bytes)).map { ($0.text, $0.encoding) }
    }

    func testBOMs() {
        XCTAssertEqual(decode([0xEF, 0xBB, 0xBF] + Array("été".utf8))?.0, "été")
        XCTAssertEqual(decode([0xFF, 0xFE, 0xE9, 0x00, 0x74, 0x00])?.0, "ét")
        XCTAssertEqual(decode([0xFE, 0xFF, 0x00, 0xE9, 0x00, 0x74])?.0, "ét")
    }

    func testUTF16WithoutBOM() {
        let le = Array("Bonjour tout le monde".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        XCTAssertEqual(decode(le)?.1, .utf16LE)
        XCTAssertEqual(decode(le)?.0, "Bonjour tout le monde")
        let be = Array("Bonjour tout le monde".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        XCTAssertEqual(decode(be)?.1, .utf16BE)
    }

    func testWindows1252Fallback() {
        // "L’élève a dû" in Windows-1252: ’ is 0x92.
        let r = decode([0x4C, 0x92, 0xE9, 0x6C, 0xE8, 0x76, 0x65, 0x20, 0x61, 0x20, 0x64, 0xFB])
        XCTAssertEqual(r?.1, .windows1252)
        XCTAssertEqual(r?.0, "L’élève a dû")
    }

    func testMostlyUTF8WithAFewBadBytesIsRepaired() {
        let bytes = Array("Les élèves étudient à l'école.".utf8) + [0xFF] + Array(" Fin.".utf8)
        let r = TextDecoder.decodeText(Data(bytes))
        XCTAssertEqual(r?.encoding, .utf8)
        XCTAssertEqual(r?.invalidSequences, 1)
        XCTAssertTrue(r?.text.hasPrefix("Les élèves") == true)
    }

    func testBinaryIsNotText() {
        XCTAssertNil(decode([0x00, 0x01, 0x02, 0x41, 0x00, 0x13, 0x14, 0x15, 0x7F, 0x00, 0x03]))
        var rng = SeededGenerator(seed: 7)
        XCTAssertNil(TextDecoder.decodeText(rng.bytes(4096)))
    }

    /// Issue 33: bytes with no NUL and few control bytes (a Shorten recording) are not text just
    /// because Windows-1252 maps every byte. Seeded: bytes drawn from 0x20–0xFF, no control byte at
    /// all, in 200 lengths, are binary.
    func testPrintableRandomBytesAreNotWindows1252() {
        var rng = SeededGenerator(seed: 0x5A0)
        for _ in 0..<200 {
            let n = Int.random(in: 64...8_192, using: &rng)
            let bytes = (0..<n).map { _ in UInt8.random(in: 0x20...0xFF, using: &rng) }
            XCTAssertNil(TextDecoder.detectEncoding(Data(bytes)), "\(n) bytes")
        }
    }

    /// Windows-1252 text written by iconv from known French and English sources decodes back to
    /// the source, smart quotes, guillemets and œ included.
    func testWindows1252FromIconvIsTheSource() throws {
        let sources = [
            "Le cœur de l’élève bat à 70 battements par minute. « Été comme hiver », dit-il ; voilà tout.\n",
            "She said “don’t” — twice… The café’s naïve façade.\n",
            String(repeating: "Chapitre premier : les ondes sonores se propagent à 340 m/s dans l’air à 15 °C.\n", count: 40),
        ]
        for source in sources {
            guard let r = runTool("iconv", ["-f", "UTF-8", "-t", "WINDOWS-1252"], input: Data(source.utf8)) else {
                try missingTool("iconv is not installed (libc-bin)")
            }
            XCTAssertEqual(r.status, 0)
            let decoded = try XCTUnwrap(TextDecoder.decodeText(r.stdout), source)
            XCTAssertEqual(decoded.encoding, .windows1252)
            XCTAssertEqual(decoded.text, source)
        }
    }

    /// The corpus's text files in several encodings decode to readable French/English.
    func testCorpusEncodings() throws {
        try Corpus.require()
        let files = Corpus.files(in: "text", extensions: ["txt"])
        XCTAssertFalse(files.isEmpty)
        for file in files {
            let data = try Data(contentsOf: file)
            let r = try XCTUnwrap(TextDecoder.decodeText(data), file.lastPathComponent)
            XCTAssertFalse(r.text.contains("\u{FFFD}"), "\(file.lastPathComponent) decoded as \(r.encoding) with replacement characters")
            XCTAssertFalse(r.text.contains("Ã©"), "\(file.lastPathComponent): mojibake")
        }
    }

    /// Property: decoding never crashes on random bytes (10,000 strings, seeded).
    func testNeverCrashesOnRandomBytes() {
        var rng = SeededGenerator(seed: 0xDEC0DE)
        for _ in 0..<10_000 {
            let data = rng.bytes(Int.random(in: 0...200, using: &rng))
            if let e = TextDecoder.detectEncoding(data) { _ = TextDecoder.decode(data, as: e) }
            for e in [TextEncoding.utf8, .utf16LE, .utf16BE, .windows1252] { _ = TextDecoder.decode(data, as: e) }
        }
    }
}
