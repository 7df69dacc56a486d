import Foundation
import IngestCore
import IngestTestSupport
import XCTest
@testable import IngestAudio

final class ID3v2Tests: XCTestCase {
    func read(_ bytes: [UInt8], coverMax: Int = 1 << 20) throws -> (AudioInfo, ReadState) {
        let state = ReadState(coverMaxBytes: coverMax)
        return (try XCTUnwrap(ID3v2.read(MemorySource(bytes), at: 0, state: state)).info, state)
    }

    func testTextEncodings() throws {
        let utf16LE: [UInt8] = [1, 0xFF, 0xFE] + Array("Leçon".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let utf16BE: [UInt8] = [2] + Array("Élève".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        let utf16NoBOM: [UInt8] = [1] + Array("Noël".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let latin1: [UInt8] = [0, 0x43, 0x6F, 0x75, 0x72, 0x73, 0x20, 0xE9, 0x74, 0xE9]   // "Cours été"
        let utf8: [UInt8] = [3] + Array("Ωmega — ok".utf8)
        let frames = Make.frame24("TIT2", utf16LE) + Make.frame24("TPE1", utf16BE) + Make.frame24("TALB", utf16NoBOM)
            + Make.frame24("TCOM", latin1) + Make.frame24("TPE2", utf8)
        let (i, _) = try read(Make.tag(major: 4, frames, padding: 20))
        XCTAssertEqual(i.title, "Leçon")
        XCTAssertEqual(i.artist, "Élève")
        XCTAssertEqual(i.album, "Noël")
        XCTAssertEqual(i.composer, "Cours été")
        XCTAssertEqual(i.albumArtist, "Ωmega — ok")
    }

    func testMultipleValuesAndGenres() throws {
        let frames = Make.frame24("TPE1", [3] + Array("A\0B".utf8)) + Make.frame24("TCON", [0] + Array("(17)(101)Cours".utf8))
            + Make.frame24("TRCK", Make.text("4/9"))
        let (i, _) = try read(Make.tag(major: 4, frames))
        XCTAssertEqual(i.artist, "A / B")
        XCTAssertEqual(i.genre, "Rock / Speech / Cours")
        XCTAssertEqual(i.track, 4)
        XCTAssertEqual(i.trackTotal, 9)
    }

    /// iTunes wrote v2.4 frame sizes as plain integers; a size ≥ 128 then differs from synchsafe.
    func testITunesNonSynchsafeSizes() throws {
        let long = Make.text(String(repeating: "x", count: 200))
        let f1 = Array("TIT2".utf8) + Make.be32(long.count) + [0, 0] + long
        let f2 = Make.frame24("TPE1", Make.text("Artiste"))
        let (i, _) = try read(Make.tag(major: 4, f1 + f2))
        XCTAssertEqual(i.title?.count, 200)
        XCTAssertEqual(i.artist, "Artiste")
    }

    func testCommentsLyricsAndLanguage() throws {
        let frames = Make.frame23("COMM", [0] + Array("eng".utf8) + Array("iTunNORM\0 000".utf8))
            + Make.frame23("COMM", [0] + Array("fra".utf8) + [0] + Array("Cours du mardi".utf8))
            + Make.frame23("USLT", [1] + Array("fra".utf8) + [0xFF, 0xFE, 0, 0] + [0xFF, 0xFE] + Array("Paroles".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
        let (i, _) = try read(Make.tag(major: 3, frames))
        XCTAssertEqual(i.comment, "Cours du mardi")
        XCTAssertEqual(i.lyrics, ["Paroles"])
        XCTAssertEqual(i.tagLanguage, "fra")
    }

    func testChaptersFollowTheTableOfContents() throws {
        func chap(_ id: String, _ s: Int, _ e: Int, _ title: String) -> [UInt8] {
            Make.frame24("CHAP", Array(id.utf8) + [0] + Make.be32(s) + Make.be32(e) + Make.be32(0xFFFF_FFFF) + Make.be32(0xFFFF_FFFF)
                + Make.frame24("TIT2", Make.text(title)))
        }
        let toc = Make.frame24("CTOC", Array("toc".utf8) + [0, 3, 2] + Array("b\0a\0".utf8))
        let (i, _) = try read(Make.tag(major: 4, chap("a", 5000, 9000, "Deux") + chap("b", 0, 5000, "Un") + toc))
        XCTAssertEqual(i.chapters, [AudioChapter(title: "Un", start: 0, end: 5), AudioChapter(title: "Deux", start: 5, end: 9)])
    }

    func testUnsynchronisedV23TagAndV24Frame() throws {
        // v2.3: the whole tag is unsynchronised (FF 00 → FF).
        let title: [UInt8] = [1, 0xFF, 0x00, 0xFE, 0x41, 0]   // UTF-16 BOM FF FE escaped
        var frame = Make.frame23("TIT2", [1, 0xFF, 0xFE, 0x41, 0])
        frame = Array(frame.prefix(10)) + title
        var tag = Array("ID3".utf8) + [3, 0, 0x80] + Make.synchsafe(frame.count) + frame
        let (i, _) = try read(tag)
        XCTAssertEqual(i.title, "A")
        // v2.4: frame-level unsynchronisation flag with a data length indicator.
        let body: [UInt8] = Make.be32(5) + [1, 0xFF, 0x00, 0xFE, 0x42, 0]
        let f24 = Array("TIT2".utf8) + Make.synchsafe(body.count) + [0, 0x03] + body
        tag = Make.tag(major: 4, f24)
        XCTAssertEqual(try read(tag).0.title, "B")
    }

    func testPictureLimit() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47] + [UInt8](repeating: 7, count: 96)
        let apic = Make.frame23("APIC", [0] + Array("image/png".utf8) + [0, 3] + Array("desc".utf8) + [0] + png)
        let (small, _) = try read(Make.tag(major: 3, apic))
        XCTAssertEqual(small.picture?.data, Data(png))
        XCTAssertEqual(small.picture?.mimeType, "image/png")
        let (over, state) = try read(Make.tag(major: 3, apic), coverMax: 50)
        XCTAssertNil(over.picture)
        XCTAssertEqual(state.warnings.map(\.code), [.audioCoverTooLarge])
    }

    func testID3v1() {
        var b = Array("TAG".utf8) + [UInt8](repeating: 0, count: 125)
        b.replaceSubrange(3..<8, with: Array("Titre".utf8))
        b[93...96] = [0x32, 0x30, 0x32, 0x30][...]
        b[126] = 7
        b[127] = 101
        let i = EndTags.id3v1(b)
        XCTAssertEqual(i.title, "Titre")
        XCTAssertEqual(i.date, "2020")
        XCTAssertEqual(i.track, 7)
        XCTAssertEqual(i.genre, "Speech")
    }
}
