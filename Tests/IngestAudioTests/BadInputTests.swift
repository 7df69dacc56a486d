import Foundation
import IngestCore
import IngestTestSupport
import XCTest
@testable import IngestAudio

/// The ugly cases of issue #6: each gets a named error (or a named warning), never a crash.
final class BadInputTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("audio-bad") }
    override func tearDown() { dir.remove() }

    func code(_ body: () throws -> Any) -> ErrorCode? {
        do { _ = try body(); return nil } catch { return (error as? IngestError)?.code }
    }

    func testTruncatedMP3() throws {
        let tag = Make.tag(major: 4, Make.frame24("TIT2", Make.text("Cours")))
        let full = tag + Make.mp3Frames(40)
        // Cut inside the first frame: no complete frame.
        let cut = try dir.write("cut.mp3", Data(full.prefix(tag.count + 200)))
        XCTAssertEqual(code { try extract(cut) }, .audioTruncated)
        // Cut inside the tag.
        let inTag = try dir.write("intag.mp3", Data(full.prefix(tag.count - 3)))
        XCTAssertEqual(code { try extract(inTag, kind: .mp3) }, .audioFrameOutOfBounds)
        // Cut in the middle of the audio: still readable, shorter.
        let half = try dir.write("half.mp3", Data(full.prefix(tag.count + 417 * 20 + 100)))
        let x = try extract(half)
        XCTAssertEqual(try XCTUnwrap(x.metadata["duration"]?.doubleValue), 20 * 1152 / 44100, accuracy: 0.001)
    }

    func testFrameSizePastTheFile() throws {
        var frame = Make.frame24("TIT2", Make.text("Titre"))
        frame.replaceSubrange(4..<8, with: Make.synchsafe(50_000_000))
        let bytes = Make.tag(major: 4, frame) + Make.mp3Frames(10)
        let url = try dir.write("past.mp3", Data(bytes))
        do { _ = try extract(url); XCTFail("no error") } catch let e as IngestError {
            XCTAssertEqual(e.code, .audioFrameOutOfBounds)
            XCTAssertEqual(e.arguments["frame"], "TIT2")
            XCTAssertTrue(e.message(.fr).contains("TIT2"))
        }
    }

    /// A 100 MB APIC frame (sparse file): skipped from its header with a warning, never loaded.
    func testHundredMegabytePictureIsSkippedUnread() throws {
        let pictureSize = 100 << 20
        let apicHead: [UInt8] = [0] + Array("image/jpeg".utf8) + [0, 3, 0]
        let apicSize = apicHead.count + pictureSize
        let title = Make.frame23("TIT2", [0] + Array("Après la pochette".utf8.map { $0 }))
        let tagBody = apicHead.count + pictureSize + 10 + title.count
        let header = Array("ID3".utf8) + [3, 0, 0] + Make.synchsafe(tagBody)
        let url = dir.url.appendingPathComponent("big-cover.mp3")
        FileManager.default.createFile(atPath: url.path, contents: Data(header + Array("APIC".utf8) + Make.be32(apicSize) + [0, 0] + apicHead))
        let h = try FileHandle(forWritingTo: url)
        try h.seek(toOffset: UInt64(header.count + 10 + apicHead.count + pictureSize))   // a hole: sparse
        try h.write(contentsOf: Data(title + Make.mp3Frames(20)))
        try h.close()
        let before = maxRSS()
        let x = try extract(url)
        XCTAssertNil(x.cover)
        XCTAssertEqual(x.warnings.map(\.code), [.audioCoverTooLarge])
        XCTAssertEqual(x.title?.text.hasPrefix("Apr"), true)   // the frame after the picture was reached
        XCTAssertLessThan(maxRSS() - before, 50 << 20, "the picture must not be loaded")
    }

    func maxRSS() -> Int {
        var u = rusage()
        getrusage(RUSAGE_SELF.rawValue, &u)
        return u.ru_maxrss * 1024
    }

    func testTextNamedMP3() throws {
        let url = try dir.write("notes.mp3", "Ceci est un texte, pas un enregistrement.\nDeuxième ligne.\n")
        XCTAssertEqual(sniffedKind(url), .text)
        XCTAssertEqual(code { try extract(url, kind: .mp3) }, .audioNotAudio)
        for kind: SourceKind in [.flac, .ogg, .opus, .m4a, .wav, .aiff, .wma, .wavpack] {
            XCTAssertEqual(code { try extract(url, kind: kind) }, .audioNotAudio, kind.rawValue)
        }
    }

    func testOggWithCorruptPage() throws {
        let good = Make.oggVorbis(comments: ["TITLE=Cours"])
        XCTAssertEqual(try AudioReader.read(bytes: good, kind: .ogg).title, "Cours")
        var flipped = good
        let secondPage = flipped.indices.filter { flipped.hasBytes("OggS", at: $0) }[1]
        flipped[secondPage + 40] ^= 0x5A
        let url = try dir.write("crc.ogg", Data(flipped))
        XCTAssertEqual(code { try extract(url) }, .audioCorrupt)
        var broken = good
        broken[secondPage] = UInt8(ascii: "X")
        let url2 = try dir.write("capture.ogg", Data(broken))
        XCTAssertEqual(code { try extract(url2) }, .audioCorrupt)
    }

    func testWAVChunkOfFourGigabytes() throws {
        let list = Array("LIST".utf8) + Make.le32(0xFFFF_FFFF) + Array("INFO".utf8)
        let url = try dir.write("list4g.wav", Data(Make.wav(dataBytes: 4000, chunks: list)))
        do { _ = try extract(url); XCTFail("no error") } catch let e as IngestError {
            XCTAssertEqual(e.code, .audioChunkOutOfBounds)
            XCTAssertEqual(e.arguments["size"], "4294967295")
        }
        // A data chunk announcing 4 GB (a recording cut short): read, duration from what is there.
        let url2 = try dir.write("data4g.wav", Data(Make.wav(dataBytes: 44100 * 4, dataSizeField: 0xFFFF_FFFF)))
        let x = try extract(url2)
        XCTAssertEqual(x.warnings.map(\.code), [.audioDataTruncated])
        XCTAssertEqual(try XCTUnwrap(x.metadata["duration"]?.doubleValue), 1.0, accuracy: 1e-6)
    }

    func testEmptyFile() throws {
        let url = try dir.write("empty.mp3", Data())
        for kind: SourceKind in [.mp3, .flac, .ogg, .opus, .m4a, .wav, .aiff] {
            XCTAssertEqual(code { try extract(url, kind: kind) }, .fileEmpty, kind.rawValue)
        }
    }

    func testMessagesExistInBothLanguages() {
        for c: ErrorCode in [.audioTruncated, .audioCorrupt, .audioNotAudio, .audioFrameOutOfBounds, .audioChunkOutOfBounds,
                             .audioCoverTooLarge, .audioTagSkipped, .audioDataTruncated, .audioTranscriptUnreadable] {
            let e = MessageCatalog.entry(c)
            XCTAssertNotNil(e, c.rawValue)
            XCTAssertEqual(MessageCatalog.placeholders(e?.fr ?? ""), MessageCatalog.placeholders(e?.en ?? ""), c.rawValue)
        }
    }
}
