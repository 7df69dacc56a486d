import Foundation
import IngestCore
import IngestTestSupport
import XCTest
@testable import IngestAudio

final class AudioExtractorTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("audio-extract") }
    override func tearDown() { dir.remove() }

    func mp3(_ name: String, frames: [UInt8]) throws -> URL {
        try dir.write(name, Data(Make.tag(major: 4, frames) + Make.mp3Frames(400)))
    }

    func testNoTextMeansAudioNoTextReason() throws {
        let url = try mp3("cours.mp3", frames: Make.frame24("TIT2", Make.text("Cours 1")) + Make.frame24("TPE1", Make.text("Prof")))
        let x = try extract(url)
        XCTAssertEqual(x.thinTextReason, .readinessAudioNoText)
        XCTAssertTrue(x.blocks.isEmpty)
        XCTAssertEqual(x.title, TitleCandidate("Cours 1", origin: .metadata))
        XCTAssertEqual(x.metadata["artist"], .string("Prof"))
        XCTAssertEqual(x.metadata["codec"], .string("mp3"))
        XCTAssertEqual(x.metadata["sampleRate"], .int(44100))
        XCTAssertEqual(try XCTUnwrap(x.metadata["duration"]?.doubleValue), 400 * 1152 / 44100, accuracy: 0.001)
        XCTAssertTrue(MessageCatalog.message(.readinessAudioNoText, .fr).contains(".srt"))
    }

    func testSRTTranscriptBesideTheFileWithChapters() throws {
        func chap(_ id: String, _ s: Int, _ e: Int, _ title: String) -> [UInt8] {
            Make.frame24("CHAP", Array(id.utf8) + [0] + Make.be32(s) + Make.be32(e) + Make.be32(0) + Make.be32(0)
                + Make.frame24("TIT2", Make.text(title)))
        }
        let url = try mp3("lecon.mp3", frames: chap("c1", 0, 4000, "Introduction") + chap("c2", 4000, 9000, "Suite"))
        try dir.write("lecon.srt", "1\n00:00:01,000 --> 00:00:03,500\nBonjour à tous.\n\n2\n00:00:05,000 --> 00:00:07,000\n<i>La suite</i> du cours.\n")
        let x = try extract(url)
        XCTAssertNil(x.thinTextReason)
        XCTAssertEqual(x.blocks.map(\.kind), [.heading, .cue, .heading, .cue])
        XCTAssertEqual(x.blocks.map(\.text), ["Introduction", "Bonjour à tous.", "Suite", "La suite du cours."])
        XCTAssertEqual(x.blocks.map(\.provenance), [.tags, .sidecarTranscript, .tags, .sidecarTranscript])
        XCTAssertEqual(x.blocks[1].start, 1)
        XCTAssertEqual(x.blocks[1].end, 3.5)
        XCTAssertEqual(x.blocks[2].start, 4)
        XCTAssertEqual(x.blocks[2].end, 9)
        XCTAssertEqual(x.metadata["transcriptFile"], .string("lecon.srt"))
        XCTAssertEqual(x.provenances, [.tags, .sidecarTranscript])
    }

    func testVTTLRCAndTextTranscripts() throws {
        let a = try mp3("a.mp3", frames: [])
        try dir.write("a.vtt", "WEBVTT\n\n00:01.000 --> 00:02.000\n<v Prof>Premier point\n")
        XCTAssertEqual(try extract(a).blocks.map(\.text), ["Premier point"])
        let b = try mp3("b.mp3", frames: [])
        try dir.write("b.lrc", "[ar:Prof]\n[00:01.00]Ligne un\n[00:03.50]Ligne deux\n")
        let lrc = try extract(b).blocks
        XCTAssertEqual(lrc.map(\.text), ["Ligne un", "Ligne deux"])
        XCTAssertEqual(lrc.map(\.kind), [.cue, .cue])
        XCTAssertEqual(lrc[0].end, 3.5)
        let c = try mp3("c.mp3", frames: [])
        // UTF-16 text with BOM, decoded by TextDecoder.
        try dir.write("c.txt", Data([0xFF, 0xFE] + "Première partie.\n\nDeuxième partie.".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
        let txt = try extract(c).blocks
        XCTAssertEqual(txt.map(\.text), ["Première partie.", "Deuxième partie."])
        XCTAssertEqual(txt.map(\.provenance), [.sidecarTranscript, .sidecarTranscript])
    }

    func testBinaryTranscriptIsAWarning() throws {
        let url = try mp3("d.mp3", frames: [])
        try dir.write("d.txt", Data([0, 1, 2, 3, 0xFF, 0, 7, 0, 0, 0, 9]))
        let x = try extract(url)
        XCTAssertEqual(x.warnings.map(\.code), [.audioTranscriptUnreadable])
        XCTAssertEqual(x.thinTextReason, .readinessAudioNoText)
    }

    func testLyricsAndCover() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47] + [UInt8](repeating: 1, count: 30)
        let frames = Make.frame24("USLT", [3] + Array("fra".utf8) + [0] + Array("Couplet un.\n\nCouplet deux.".utf8))
            + Make.frame24("APIC", [0] + Array("image/png".utf8) + [0, 3, 0] + png)
        let x = try extract(try mp3("e.mp3", frames: frames))
        XCTAssertEqual(x.blocks.map(\.text), ["Couplet un.", "Couplet deux."])
        XCTAssertEqual(x.blocks.map(\.provenance), [.tags, .tags])
        XCTAssertEqual(x.language, "fr")
        XCTAssertEqual(x.cover, CoverImage(origin: .albumArt, data: Data(png), mimeType: "image/png"))
        XCTAssertNil(x.thinTextReason)
        // Over the configured limit: skipped with a warning.
        let small = try extract(try mp3("f.mp3", frames: frames), coverMaxBytes: 10)
        XCTAssertNil(small.cover)
        XCTAssertEqual(small.warnings.map(\.code), [.audioCoverTooLarge])
    }

    func testWMAAndWavPackThroughTagLib() throws {
        try Corpus.require()
        let wma = try extract(Corpus.url("audio/mutagen-issue_29.wma"))
        XCTAssertEqual(wma.title?.text, "Señor Flamingos Adieu")
        XCTAssertEqual(wma.metadata["codec"], .string("wma"))
        let wv = try extract(Corpus.url("audio/mutagen-silence-44-s.wv"))
        XCTAssertEqual(wv.metadata["sampleRate"], .int(44100))
        XCTAssertNotNil(wv.metadata["duration"])
    }
}
