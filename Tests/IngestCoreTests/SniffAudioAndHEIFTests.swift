import Foundation
import IngestTestSupport
import XCTest
@testable import IngestCore

/// Sniffer rows of issue 33: what follows an ID3 tag, MPEG audio after junk, RF64, HEIF brands,
/// and the unknown-kind message's list.
final class SniffAudioAndHEIFTests: XCTestCase {
    func kind(_ bytes: [UInt8], _ name: String? = nil) -> SourceKind {
        Sniffer.sniff(prefix: Data(bytes), fileName: name).kind
    }

    func id3(_ bodySize: Int) -> [UInt8] {
        Array("ID3".utf8) + [3, 0, 0] + [21, 14, 7, 0].map { UInt8(bodySize >> $0 & 0x7F) } + [UInt8](repeating: 0, count: bodySize)
    }

    func testWhatFollowsAnID3TagDecides() {
        let filler = [UInt8](repeating: 0, count: 64)
        XCTAssertEqual(kind(id3(200) + Array("fLaC".utf8) + filler), .flac)
        XCTAssertEqual(kind(id3(200) + Array("OggS".utf8) + [UInt8](repeating: 0, count: 24) + Array("OpusHead".utf8) + filler), .opus)
        XCTAssertEqual(kind(id3(200) + Array("OggS".utf8) + filler), .ogg)
        XCTAssertEqual(kind(id3(200) + Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8) + filler), .wav)
        XCTAssertEqual(kind(id3(200) + Array("FORM\u{0}\u{0}\u{0}\u{0}AIFF".utf8) + filler), .aiff)
        // TrueAudio and Monkey's Audio are audio we do not read: not "an MP3".
        XCTAssertEqual(kind(id3(200) + Array("TTA1".utf8) + filler), .unknown)
        XCTAssertEqual(kind(id3(200) + Array("MAC ".utf8) + filler), .unknown)
        // Stacked tags are all skipped.
        XCTAssertEqual(kind(id3(20) + id3(30) + Array("TTA1".utf8) + filler), .unknown)
        // MPEG frames, padding, or a tag larger than the prefix: MP3 (the reader looks further).
        XCTAssertEqual(kind(id3(200) + [0xFF, 0xFB, 0x90, 0x64] + filler), .mp3)
        XCTAssertEqual(kind(id3(200) + filler), .mp3)
        XCTAssertEqual(kind(id3(100_000).prefix(Sniffer.prefixLength).map { $0 }), .mp3)
    }

    func testRF64AndBW64AreWAV() {
        XCTAssertEqual(kind(Array("RF64".utf8) + [0xFF, 0xFF, 0xFF, 0xFF] + Array("WAVEds64".utf8)), .wav)
        XCTAssertEqual(kind(Array("BW64\u{0}\u{0}\u{0}\u{0}WAVEds64".utf8)), .wav)
    }

    func testHEIFIsToldByAnyOfItsBrands() {
        func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
            let body = Array(major.utf8) + [0, 0, 0, 0] + compatible.flatMap { Array($0.utf8) }
            let n = body.count + 8
            return [0, 0, UInt8(n >> 8), UInt8(n & 0xFF)] + Array("ftyp".utf8) + body + [0, 0, 0, 8] + Array("meta".utf8)
        }
        // An iPhone photo: major brand mif1, heic among the compatible brands.
        XCTAssertEqual(kind(ftyp("mif1", ["mif1", "MiHE", "MiPr", "miaf", "MiHB", "heic"])), .heic)
        // HEIF holding other codecs (AVIF sequences, JPEG, VVC): an image, never an M4A.
        XCTAssertEqual(kind(ftyp("avis", ["avif", "msf1", "miaf"])), .heic)
        XCTAssertEqual(kind(ftyp("jpeg", ["mif1", "jpeg"])), .heic)
        XCTAssertEqual(kind(ftyp("vvic", ["mif1", "vvic"])), .heic)
        // Audio and video in an ISO box stay M4A.
        XCTAssertEqual(kind(ftyp("M4A ", ["M4A ", "mp42", "isom"])), .m4a)
        XCTAssertEqual(kind(ftyp("isom", ["isom", "iso2", "mp41"])), .m4a)
    }

    /// A file as `heif-enc` (libheif, which phones' HEIC files share) writes it.
    func testHEICMadeByHeifEnc() throws {
        let dir = try TemporaryDirectory("sniff-heif")
        defer { dir.remove() }
        let png = dir.url.appendingPathComponent("a.png"), heic = dir.url.appendingPathComponent("a.heic")
        guard let c = runTool("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "color=white:s=64x64", "-frames:v", "1", png.path]),
              c.status == 0 else {
            try missingTool("ffmpeg is not installed (apt-get install ffmpeg)")
        }
        guard let r = runTool("heif-enc", ["-o", heic.path, png.path]), r.status != 127 else {
            try missingTool("heif-enc is not installed (apt-get install libheif-examples)")
        }
        guard r.status == 0 else { throw TestSetupFailure(String(decoding: r.stderr, as: UTF8.self)) }
        var b = [UInt8](try Data(contentsOf: heic).prefix(Sniffer.prefixLength))
        XCTAssertEqual(Sniffer.sniff(prefix: Data(b), fileName: "a.heic").kind, .heic)
        // As an iPhone writes it: major brand mif1, heic only among the compatible brands.
        XCTAssertTrue(Sniffer.ftypBrands(b).dropFirst().contains("heic"))
        b.replaceSubrange(8..<12, with: Array("mif1".utf8))
        XCTAssertEqual(Sniffer.sniff(prefix: Data(b), fileName: "IMG_0001.HEIC").kind, .heic)
    }

    func testMPEGAudioAfterJunk() {
        // 128 kb/s, 44.1 kHz, MPEG-1 layer III: 417-byte frames.
        func frames(_ n: Int) -> [UInt8] { (0..<n).flatMap { _ in [0xFF, 0xFB, 0x90, 0x00] + [UInt8](repeating: 0x55, count: 413) } }
        var g = SeededGenerator(seed: 7)
        let junk = [UInt8](g.bytes(1500)).map { $0 == 0xFF ? 0 : $0 }
        XCTAssertEqual(kind(junk + frames(6)), .mp3)
        // Two frames are not a run; one stray sync word in binary is not MPEG audio.
        XCTAssertEqual(kind(junk + frames(2) + [UInt8](repeating: 1, count: 900)), .unknown)
        XCTAssertEqual(kind(junk + [0xFF, 0xFB, 0x90, 0x00] + junk), .unknown)
        // Text stays text.
        XCTAssertEqual(kind(Array(String(repeating: "Les ondes sonores. ", count: 200).utf8)), .text)
    }

    /// MP3 audio inside another container (Matroska, AVI, MPEG-TS) is not "an MP3 after junk".
    func testMPEGAudioInsideOtherContainersIsNotAnMP3() throws {
        let dir = try TemporaryDirectory("sniff-containers")
        defer { dir.remove() }
        func ffmpeg(_ name: String, _ format: String) throws -> [UInt8] {
            let url = dir.url.appendingPathComponent(name)
            guard let r = runTool("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "sine=d=1", "-c:a", "libmp3lame",
                                             "-write_xing", "0", "-f", format, url.path]), r.status != 127 else {
                try missingTool("ffmpeg is not installed (apt-get install ffmpeg)")
            }
            guard r.status == 0 else { throw TestSetupFailure(String(decoding: r.stderr, as: UTF8.self)) }
            return [UInt8](try Data(contentsOf: url))
        }
        let mp3 = try ffmpeg("a.mp3", "mp3")
        let frames = Array(mp3[try XCTUnwrap(Sniffer.mpegRun(mp3))...])
        var g = SeededGenerator(seed: 1)
        let junk = [UInt8](g.bytes(100)).map { $0 == 0xFF ? 0 : $0 }
        XCTAssertEqual(kind(Array((junk + frames).prefix(Sniffer.prefixLength))), .mp3)
        for (name, format) in [("a.mka", "matroska"), ("a.avi", "avi"), ("a.ts", "mpegts")] {
            let container = try ffmpeg(name, format)
            XCTAssertEqual(kind(Array(container.prefix(Sniffer.prefixLength)), name), .unknown, name)
            // Its header, then frames back to back (as a laced block holds them): still not an MP3.
            XCTAssertEqual(kind(Array((Array(container.prefix(400)) + frames).prefix(Sniffer.prefixLength))), .unknown, name)
        }
    }

    /// The unknown-kind message lists every kind an extractor reads and none that is refused.
    func testUnknownKindMessageListsWhatIsRead() {
        for language in MessageLanguage.allCases {
            let message = MessageCatalog.message(.unknownKind, language)
            for kind in SourceKind.allCases {
                guard let label = ReadKinds.label(kind) else { continue }
                XCTAssertTrue(message.contains(label.name), "\(language): \(label.name) missing from \(message)")
            }
            for word in [".pptx", ".odt", ".odp", "EPUB", "WavPack", "WMA", "RF64", "GIF", "BMP"] {
                XCTAssertTrue(message.contains(word), "\(language): \(word)")
            }
            for refused in [".doc ", ".xlsx", "HTML", "ZIP"] { XCTAssertFalse(message.contains(refused), "\(language): \(refused)") }
        }
        XCTAssertNil(ReadKinds.label(.xlsx))
        XCTAssertNil(ReadKinds.label(.legacyDoc))
    }
}
