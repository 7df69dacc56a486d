import Foundation
import IngestCore
import IngestTestSupport
import XCTest
@testable import IngestAudio

/// The upstream assertions transcribed in the corpus's `*.expected-from-tests.json`.
final class CorpusTests: XCTestCase {
    func info(_ name: String, kind: SourceKind? = nil) throws -> AudioInfo {
        let url = Corpus.url("audio/" + name)
        return try AudioReader.read(url, kind: kind ?? sniffedKind(url))
    }

    func id3Only(_ name: String) throws -> AudioInfo {
        let data = try Data(contentsOf: Corpus.url("audio/" + name))
        let state = ReadState(coverMaxBytes: 1 << 20)
        return try XCTUnwrap(ID3v2.read(MemorySource([UInt8](data)), at: 0, state: state)).info
    }

    func testBadTYERFrameIsDroppedTitleKept() throws {
        try Corpus.require()
        let i = try info("mutagen-bad-TYER-frame.mp3")
        XCTAssertFalse(i.tagKeys.contains("TYER"))
        XCTAssertTrue(i.tagKeys.contains("TIT2"))
        XCTAssertNil(i.date)
        XCTAssertEqual(i.title?.hasPrefix("This track has an invalid TYER frame"), true)
    }

    func testID3v1AndV2Combined() throws {
        try Corpus.require()
        let i = try info("mutagen-id3v1v2-combined.mp3")
        XCTAssertEqual(i.artist, "Anais Mitchell")
        XCTAssertEqual(i.album, "Hymns for the Exiled")   // only in ID3v1
        XCTAssertEqual(i.date, "1337")
        XCTAssertEqual(i.tagFormats.first, "id3v2.4")
        XCTAssertTrue(i.tagFormats.contains("id3v1"))
    }

    func testID3v22() throws {
        try Corpus.require()
        let i = try info("mutagen-id3v22-test.mp3")
        XCTAssertEqual(i.tagFormats.first, "id3v2.2")
        XCTAssertEqual(i.track, 3)
        XCTAssertEqual(i.trackTotal, 11)
        XCTAssertEqual(i.artist, "Anais Mitchell")
    }

    func testID3v23Unsynchronised() throws {
        try Corpus.require()
        let i = try id3Only("mutagen-id3v23_unsynch.id3")
        XCTAssertEqual(i.tagFormats, ["id3v2.3"])
        XCTAssertEqual(i.artist, "Nina Simone")
    }

    func testID3v24ExtendedHeader() throws {
        try Corpus.require()
        let i = try id3Only("mutagen-id3v24_extended_header.id3")
        XCTAssertEqual(i.tagFormats, ["id3v2.4"])
        XCTAssertEqual(i.title, "One Second of Silence")
    }

    func testBareID3TagIsNotAnMP3() throws {
        try Corpus.require()
        XCTAssertThrowsError(try info("mutagen-id3v23_unsynch.id3", kind: .mp3)) { e in
            XCTAssertEqual((e as? IngestError)?.code, .audioTruncated)
        }
    }

    func testNeroChapters() throws {
        try Corpus.require()
        let i = try info("mutagen-nero-chapters.m4b")
        XCTAssertEqual(i.chapters.count, 112)
        XCTAssertEqual(i.chapters.map(\.title), (1...112).map { String(format: "%03d", $0) })
        XCTAssertEqual(i.chapters.map(\.start), i.chapters.map(\.start).sorted())
        let x = try extract(Corpus.url("audio/mutagen-nero-chapters.m4b"))
        let headings = x.blocks.filter { $0.kind == .heading }
        XCTAssertEqual(headings.count, 112)
        XCTAssertTrue(headings.allSatisfy { $0.provenance == .tags && $0.start != nil && $0.end != nil })
    }

    func testWAVWithID3Chunk() throws {
        try Corpus.require()
        let i = try info("mutagen-silence-2s-PCM-16000-08-ID3v23.wav")
        XCTAssertEqual(i.channels, 2)
        XCTAssertEqual(i.sampleRate, 16000)
        XCTAssertEqual(i.bitsPerSample, 8)
        XCTAssertEqual(i.bitrate, 256000)
        XCTAssertEqual(try XCTUnwrap(i.duration), 2.0, accuracy: 1e-9)
        XCTAssertEqual(i.album, "Quod Libet Test Data")
        XCTAssertEqual(i.genre, "Silence")
        XCTAssertEqual(i.title, "Silence")
        XCTAssertEqual(i.artist, "piman / jzig")
        XCTAssertNotNil(i.picture)   // the APIC cover
    }

    func testID3v1Only() throws {
        try Corpus.require()
        let i = try info("mutagen-silence-44-s-v1.mp3")
        XCTAssertFalse(i.tagFormats.contains { $0.hasPrefix("id3v2") })
        XCTAssertEqual(i.album, "Quod Libet Test Data")
    }

    func testTooShortMP3IsTruncated() throws {
        try Corpus.require()
        XCTAssertThrowsError(try info("mutagen-too-short.mp3")) { e in
            XCTAssertEqual((e as? IngestError)?.code, .audioTruncated)
        }
    }

    func testAIFFWithID3() throws {
        try Corpus.require()
        let i = try info("mutagen-with-id3.aif")
        XCTAssertEqual(i.title, "AIFF title")
    }

    func testAPEv2AndLyrics3AtTheEnd() throws {
        try Corpus.require()
        let i = try info("mutagen-apev2-lyricsv2.mp3")
        XCTAssertTrue(i.tagKeys.contains("replaygain_track_peak"))
        XCTAssertTrue(i.tagFormats.contains("apev2"))
    }

    func testEmptyFileIsNamed() throws {
        try Corpus.require()
        XCTAssertThrowsError(try info("mutagen-emptyfile.mp3", kind: .mp3)) { e in
            XCTAssertEqual((e as? IngestError)?.code, .fileEmpty)
        }
    }

    /// Every corpus audio file is read or refused with a named error, never a crash; readable ones
    /// have a duration and a sample rate.
    func testEveryCorpusFile() throws {
        try Corpus.require()
        let files = Corpus.files(in: "audio", extensions: ["mp3", "m4a", "m4b", "flac", "ogg", "opus", "wav", "aif", "wv", "wma"])
        XCTAssertGreaterThan(files.count, 15)
        for url in files {
            let kind = sniffedKind(url)
            do {
                let x = try extract(url, kind: kind == .unknown || kind == .text ? .mp3 : kind)
                XCTAssertNotNil(x.metadata["duration"], url.lastPathComponent)
                XCTAssertNotNil(x.metadata["sampleRate"], url.lastPathComponent)
            } catch let e as IngestError {
                XCTAssertTrue(["mutagen-emptyfile.mp3", "mutagen-too-short.mp3"].contains(url.lastPathComponent),
                              "\(url.lastPathComponent): \(e)")
            }
        }
    }

    /// For the comparison script: `AUDIO_DUMP_OUT=file.json swift test --filter CorpusTests/testDump`
    /// writes what we read from every file of `AUDIO_DUMP_DIR` (default: the corpus) as JSON.
    func testDump() throws {
        guard let out = ProcessInfo.processInfo.environment["AUDIO_DUMP_OUT"] else { throw XCTSkip("by design: a dump helper for the comparison script, runs only with AUDIO_DUMP_OUT set") }
        let dir = ProcessInfo.processInfo.environment["AUDIO_DUMP_DIR"].map { URL(fileURLWithPath: $0) } ?? Corpus.url("audio")
        var all: [String: JSONValue] = [:]
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        for name in names where !name.hasSuffix(".json") {
            let url = dir.appendingPathComponent(name)
            do {
                var x = try extract(url)
                x.metadata["chapterTitles"] = nil
                var m = x.metadata
                m["lyricsText"] = .string(x.blocks.filter { $0.provenance == .tags && $0.kind == .paragraph }.map(\.text).joined(separator: "\n\n"))
                m["chapterList"] = .array(x.blocks.filter { $0.kind == .heading }.map { .array([.double($0.start ?? -1), .string($0.text)]) })
                m["kind"] = .string(sniffedKind(url).rawValue)
                m["cover"] = x.cover.map { .string("\($0.mimeType) \($0.data.count)") } ?? .null
                all[name] = .object(m)
            } catch {
                all[name] = .object(["error": .string((error as? IngestError)?.code.rawValue ?? "\(error)")])
            }
        }
        let data = try JSONEncoder().encode(JSONValue.object(all))
        try data.write(to: URL(fileURLWithPath: out))
    }
}
