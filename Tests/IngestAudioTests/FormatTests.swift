import Foundation
import IngestCore
import IngestTestSupport
import XCTest
@testable import IngestAudio

/// Stream properties and tags of each container, on files built here.
final class FormatTests: XCTestCase {
    func testCBRDurationFromSizeAndVBRByWalkingFrames() throws {
        // 3,000 frames at 128 kb/s (over 1 MB): constant bitrate, read from a few sampled frames.
        let cbr = try AudioReader.read(bytes: Make.tag(major: 3, []) + Make.mp3Frames(3000), kind: .mp3)
        XCTAssertEqual(cbr.durationMethod, "cbr")
        XCTAssertEqual(cbr.bitrate, 128_000)
        XCTAssertEqual(try XCTUnwrap(cbr.duration), 3000 * 417 * 8 / 128_000, accuracy: 0.001)
        // Mixed bitrates without a Xing header: every frame header is walked.
        let vbr = try AudioReader.read(bytes: Make.mp3Frames(100) + Make.mp3Frames(50, bitrateIndex: 5), kind: .mp3)
        XCTAssertEqual(vbr.durationMethod, "frameWalk")
        XCTAssertEqual(try XCTUnwrap(vbr.duration), 150 * 1152 / 44100, accuracy: 1e-9)
        XCTAssertEqual(vbr.sampleRate, 44100)
        XCTAssertEqual(vbr.channels, 2)
    }

    func testXingHeaderWithLAMEDelay() throws {
        var first = Make.mp3Frames(1)
        let x = 36
        first.replaceSubrange(x..<(x + 16), with: Array("Xing".utf8) + Make.be32(3) + Make.be32(1000) + Make.be32(417 * 1001))
        var lame = Array("LAME3.100".utf8) + [UInt8](repeating: 0, count: 15)
        lame[21] = 0x24; lame[22] = 0x02; lame[23] = 0x40   // delay 576, padding 576
        first.replaceSubrange((x + 16)..<(x + 16 + 24), with: lame)
        let i = try AudioReader.read(bytes: first + Make.mp3Frames(20), kind: .mp3)
        XCTAssertEqual(i.durationMethod, "xing")
        XCTAssertEqual(try XCTUnwrap(i.duration), Double(1000 * 1152 - 1152) / 44100, accuracy: 1e-9)
    }

    func testFLAC() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 1, 2, 3]
        let i = try AudioReader.read(bytes: Make.flac(comments: ["TITLE=Cours", "ARTIST=A", "ARTIST=B", "LYRICS=Texte",
                                                                 "TRACKNUMBER=2/5", "DATE=2021-04-01"], picture: png), kind: .flac)
        XCTAssertEqual(i.title, "Cours")
        XCTAssertEqual(i.artist, "A / B")
        XCTAssertEqual(i.lyrics, ["Texte"])
        XCTAssertEqual(i.track, 2)
        XCTAssertEqual(i.trackTotal, 5)
        XCTAssertEqual(i.year, 2021)
        XCTAssertEqual(i.sampleRate, 44100)
        XCTAssertEqual(i.channels, 2)
        XCTAssertEqual(i.bitsPerSample, 16)
        XCTAssertEqual(try XCTUnwrap(i.duration), 2, accuracy: 1e-9)
        XCTAssertEqual(i.picture?.data, Data(png))
    }

    func testOggVorbisChapters() throws {
        let i = try AudioReader.read(bytes: Make.oggVorbis(comments: [
            "title=Cours", "CHAPTER002=00:01:00.500", "CHAPTER002NAME=Deux", "CHAPTER001=00:00:00.000", "CHAPTER001NAME=Un",
        ]), kind: .ogg)
        XCTAssertEqual(i.title, "Cours")
        XCTAssertEqual(i.chapters.map(\.title), ["Un", "Deux"])
        XCTAssertEqual(i.chapters.map(\.start), [0, 60.5])
        XCTAssertEqual(i.codec, "vorbis")
        XCTAssertEqual(i.bitrate, 128000)
        XCTAssertEqual(try XCTUnwrap(i.duration), 3, accuracy: 1e-9)
    }

    func testOggCommentSpanningPages() throws {
        // A comment packet of 70 kB crosses pages (continuation flag on the second page).
        let big = "BIG=" + String(repeating: "z", count: 70_000)
        let id: [UInt8] = [1] + Array("vorbis".utf8) + Make.le32(0) + [1] + Make.le32(48000) + Make.le32(0) + Make.le32(96000) + Make.le32(0) + [0xB8, 1]
        let comment: [UInt8] = [3] + Array("vorbis".utf8) + Make.vorbisComment(["TITLE=Long", big]) + [1]
        let cut = 255 * 200
        let bytes = Make.oggPage(id, sequence: 0, granule: 0, type: 2)
            + pageWithoutTerminator(Array(comment.prefix(cut)), sequence: 1)
            + Make.oggPage(Array(comment.dropFirst(cut)), sequence: 2, granule: 0, type: 1)
            + Make.oggPage([1, 2, 3], sequence: 3, granule: 96000, type: 4)
        let i = try AudioReader.read(bytes: bytes, kind: .ogg)
        XCTAssertEqual(i.title, "Long")
        XCTAssertEqual(try XCTUnwrap(i.duration), 2, accuracy: 1e-9)
    }

    /// A page whose packet continues on the next page (last lacing value 255).
    func pageWithoutTerminator(_ payload: [UInt8], sequence: Int) -> [UInt8] {
        precondition(payload.count % 255 == 0)
        var page = Array("OggS".utf8) + [0, 0] + Make.le32(-1 & 0xFFFF_FFFF) + Make.le32(0xFFFF_FFFF) + Make.le32(0x1234)
            + Make.le32(sequence) + [0, 0, 0, 0] + [UInt8(payload.count / 255)] + [UInt8](repeating: 255, count: payload.count / 255) + payload
        page.replaceSubrange(22..<26, with: Make.le32(Int(OggReader.crc(page))))
        return page
    }

    func testMP4TagsChaptersAndLyrics() throws {
        let i = try AudioReader.read(bytes: Make.m4a(title: "Cours", chapters: [(0, "Début"), (2.5, "Suite")], lyrics: "Texte"), kind: .m4a)
        XCTAssertEqual(i.title, "Cours")
        XCTAssertEqual(i.lyrics, ["Texte"])
        XCTAssertEqual(i.chapters, [AudioChapter(title: "Début", start: 0, end: 2.5), AudioChapter(title: "Suite", start: 2.5, end: 5)])
        XCTAssertEqual(i.sampleRate, 44100)
        XCTAssertEqual(i.channels, 2)
        XCTAssertEqual(try XCTUnwrap(i.duration), 5, accuracy: 1e-9)
    }

    func testWAVInfoAndAIFF() throws {
        let info = Array("LIST".utf8) + Make.le32(4 + 8 + 6 + 8 + 6) + Array("INFO".utf8) + Array("INAM".utf8) + Make.le32(6)
            + Array("Le\u{E7}on".utf8.prefix(6)) + Array("IART".utf8) + Make.le32(6) + [0x45, 0x6C, 0xE8, 0x76, 0x65, 0]
        let w = try AudioReader.read(bytes: Make.wav(dataBytes: 44100 * 4 * 2, chunks: info), kind: .wav)
        XCTAssertEqual(w.title, "Leçon")
        XCTAssertEqual(w.artist, "Elève")   // Latin-1 bytes read as Windows-1252
        XCTAssertEqual(try XCTUnwrap(w.duration), 2, accuracy: 1e-9)
        XCTAssertEqual(w.bitrate, 44100 * 32)
        let aiff = Array("FORM".utf8) + Make.be32(4 + 26 + 16) + Array("AIFF".utf8) + Array("COMM".utf8) + Make.be32(18) + Make.be16(1)
            + Make.be32(88200) + Make.be16(16) + [0x40, 0x0E, 0xAC, 0x44, 0, 0, 0, 0, 0, 0] + Array("SSND".utf8) + Make.be32(8) + [UInt8](repeating: 0, count: 8)
        let a = try AudioReader.read(bytes: aiff, kind: .aiff)
        XCTAssertEqual(a.sampleRate, 44100)
        XCTAssertEqual(try XCTUnwrap(a.duration), 2, accuracy: 1e-9)
    }
}
