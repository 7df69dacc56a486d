import Foundation
import IngestCore
import IngestTestSupport
import XCTest
@testable import IngestAudio

/// Files made at test time by the tools real recordings come from (ffmpeg, sox, flac), then given
/// the one defect each case is about; what we read is compared with what was put in.
final class ToolMadeFileTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("audio-tools") }
    override func tearDown() { dir.remove() }

    /// Runs `tool`; skipped (failed under CI) when it is not installed, a set-up failure when it fails.
    @discardableResult
    func run(_ tool: String, _ arguments: [String], package: String) throws -> Data {
        guard let r = runTool(tool, arguments), r.status != 127 else {
            try missingTool("\(tool) is not installed (apt-get install \(package))")
        }
        guard r.status == 0 else {
            throw TestSetupFailure("\(tool) \(arguments.joined(separator: " ")): \(String(decoding: r.stderr, as: UTF8.self))")
        }
        return r.stdout
    }

    func ffmpeg(_ arguments: [String], to name: String) throws -> URL {
        let url = dir.url.appendingPathComponent(name)
        try run("ffmpeg", ["-v", "error", "-y"] + arguments + [url.path], package: "ffmpeg")
        return url
    }

    func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }
    func write(_ name: String, _ b: [UInt8]) throws -> URL { try dir.write(name, Data(b)) }
    func read(_ url: URL) throws -> AudioInfo { try AudioReader.read(url, kind: sniffedKind(url)) }

    /// The RIFF chunks of a WAV (id, header offset, size), as written.
    func riffChunks(_ b: [UInt8]) -> [(id: String, at: Int, size: Int)] {
        var out: [(String, Int, Int)] = []
        var i = 12
        while i + 8 <= b.count {
            let n = Int(b.le(i + 4, 4))
            out.append((b.ascii(i, 4), i, n))
            i += 8 + n + (n & 1)
        }
        return out
    }

    // 1. A WAV whose odd-sized data chunk has no pad byte, with the LIST chunk after it.
    func testOddDataChunkWithoutPadByteKeepsTheTagsAfterIt() throws {
        // 8,001 one-byte samples: an odd data chunk. ffmpeg writes LIST/INFO before the data.
        let src = try bytes(ffmpeg(["-f", "lavfi", "-i", "sine=d=1:r=8001", "-ac", "1", "-c:a", "pcm_u8",
                                    "-metadata", "title=Cours impair", "-metadata", "artist=Mme Dupont"], to: "src.wav"))
        let chunks = riffChunks(src)
        func chunk(_ id: String) throws -> [UInt8] {
            let c = try XCTUnwrap(chunks.first { $0.id == id }, "\(id) in \(chunks)")
            return Array(src[c.at..<(c.at + 8 + c.size)])   // without its pad byte
        }
        let data = try chunk("data")
        XCTAssertEqual(data.count, 8 + 8001)
        // The defect: data first, no pad byte, then LIST (as some taggers append it).
        let body = Array("WAVE".utf8) + (try chunk("fmt ")) + data + (try chunk("LIST"))
        let url = try write("nopad.wav", Array("RIFF".utf8) + Make.le32(body.count) + body)
        let i = try read(url)
        XCTAssertEqual(i.title, "Cours impair")
        XCTAssertEqual(i.artist, "Mme Dupont")
        XCTAssertEqual(try XCTUnwrap(i.duration), 1.0, accuracy: 1e-9)
        XCTAssertEqual(i.sampleRate, 8001)
        // The same file with its pad byte still reads the same (the padded place wins when it holds a chunk).
        let padded = Array("WAVE".utf8) + (try chunk("fmt ")) + data + [0] + (try chunk("LIST"))
        let j = try AudioReader.read(bytes: Array("RIFF".utf8) + Make.le32(padded.count) + padded, kind: .wav)
        XCTAssertEqual(j.title, "Cours impair")
    }

    func testRF64IsReadAsWAV() throws {
        let url = try ffmpeg(["-f", "lavfi", "-i", "sine=d=2:r=22050", "-ac", "1", "-c:a", "pcm_s16le", "-rf64", "always"],
                             to: "big.wav")
        XCTAssertTrue(try bytes(url).starts(with: Array("RF64".utf8)))
        XCTAssertEqual(sniffedKind(url), .wav)
        let i = try read(url)
        XCTAssertEqual(try XCTUnwrap(i.duration), 2.0, accuracy: 1e-9)
        XCTAssertEqual(i.sampleRate, 22050)
    }

    // 2. A FLAC with two VORBIS_COMMENT blocks: the first is the file's tags.
    func testFLACWithTwoCommentBlocksKeepsTheFirst() throws {
        let first = try bytes(ffmpeg(["-f", "lavfi", "-i", "sine=d=2", "-c:a", "flac", "-metadata", "title=Premier"], to: "1.flac"))
        let second = try bytes(ffmpeg(["-f", "lavfi", "-i", "sine=d=2", "-c:a", "flac", "-metadata", "title=Second"], to: "2.flac"))
        func blocks(_ b: [UInt8]) -> [(type: UInt8, at: Int, size: Int)] {
            var out: [(UInt8, Int, Int)] = []
            var p = 4
            while p + 4 <= b.count {
                let n = Int(b.be(p + 1, 3))
                out.append((b[p] & 0x7F, p, n))
                if b[p] & 0x80 != 0 { break }
                p += 4 + n
            }
            return out
        }
        let comment2 = try XCTUnwrap(blocks(second).first { $0.type == 4 })
        var block = Array(second[comment2.at..<(comment2.at + 4 + comment2.size)])
        block[0] &= 0x7F
        // The defect: the second file's comment block inserted right after the first file's own.
        let comment1 = try XCTUnwrap(blocks(first).first { $0.type == 4 })
        var two = first
        two.insert(contentsOf: block, at: comment1.at + 4 + comment1.size)
        let url = try write("two.flac", two)
        XCTAssertEqual(blocks(two).filter { $0.type == 4 }.count, 2)
        try run("flac", ["-s", "-t", url.path], package: "flac")   // still a valid FLAC stream
        var warnings: [(code: ErrorCode, arguments: [String: String])] = []
        let i = try AudioReader.read(url, kind: sniffedKind(url), warnings: &warnings)
        XCTAssertEqual(i.title, "Premier")
        XCTAssertEqual(warnings.map(\.code), [.audioTagSkipped])
        XCTAssertEqual(try XCTUnwrap(i.duration), 2.0, accuracy: 1e-9)
    }

    /// A comment block whose header says 23 bytes (mutagen's issue 52: the reference decoder reads
    /// such files by the block's own fields): its tags, and the blocks after it, are still read.
    func testFLACCommentBlockWithAWrongLength() throws {
        var b = try bytes(ffmpeg(["-f", "lavfi", "-i", "sine=d=2", "-c:a", "flac", "-metadata", "title=Longueur fausse",
                                  "-metadata", "artist=Quelqu'un"], to: "len.flac"))
        var p = 4
        while b[p] & 0x7F != 4 { p += 4 + Int(b.be(p + 1, 3)) }
        b.replaceSubrange((p + 1)..<(p + 4), with: [0, 0, 23])
        let url = try write("len-bad.flac", b)
        let i = try read(url)
        XCTAssertEqual(i.title, "Longueur fausse")
        XCTAssertEqual(i.artist, "Quelqu'un")
        XCTAssertEqual(try XCTUnwrap(i.duration), 2.0, accuracy: 1e-9)
    }

    /// The extended-header flag set with no extended header (quodlibet issue 126): frames follow at once.
    func testID3ExtendedHeaderFlagWithoutExtendedHeader() throws {
        var b = try bytes(ffmpeg(["-f", "lavfi", "-i", "sine=d=1", "-c:a", "libmp3lame", "-metadata", "title=Drapeau"], to: "ext.mp3"))
        b[5] |= 0x40
        let i = try read(try write("ext-flag.mp3", b))
        XCTAssertEqual(i.title, "Drapeau")
    }

    // 3. ID3v2.3 TYER + TDAT (+ TIME): one date.
    func testID3v23YearAndDayMonthAreOneDate() throws {
        let url = try ffmpeg(["-f", "lavfi", "-i", "sine=d=1", "-c:a", "libmp3lame", "-id3v2_version", "3",
                              "-metadata", "date=2021-04-05", "-metadata", "title=Daté"], to: "date.mp3")
        let b = try bytes(url)
        XCTAssertNotNil(ByteSearch.firstIndex(of: Array("TDAT".utf8), in: b), "ffmpeg writes TYER + TDAT in v2.3")
        let i = try read(url)
        XCTAssertEqual(i.date, "2021-04-05")
        XCTAssertEqual(i.year, 2021)
        XCTAssertEqual(i.title, "Daté")
    }

    func testID3v22AndV23TimeJoinTheDate() throws {
        // v2.2 (no tool here writes it): TYE, TDA (DDMM), TIM (HHMM).
        func frame22(_ id: String, _ text: String) -> [UInt8] {
            let body: [UInt8] = [0] + Array(text.utf8)
            return Array(id.utf8) + [0, UInt8(body.count >> 8), UInt8(body.count & 0xFF)] + body
        }
        let v22 = Make.tag(major: 2, frame22("TT2", "Vieux") + frame22("TYE", "1999") + frame22("TDA", "3112")
                           + frame22("TIM", "2359"), padding: 16) + Make.mp3Frames(5)
        XCTAssertEqual(try AudioReader.read(bytes: v22, kind: .mp3).date, "1999-12-31T23:59")
        // An impossible TDAT leaves the year alone.
        let bad = Make.tag(major: 3, Make.frame23("TYER", [0] + Array("2004".utf8)) + Make.frame23("TDAT", [0] + Array("4513".utf8)))
            + Make.mp3Frames(5)
        XCTAssertEqual(try AudioReader.read(bytes: bad, kind: .mp3).date, "2004")
    }

    // 4. A fragmented MP4: the duration is the fragments'.
    func testFragmentedMP4DurationCountsTheFragments() throws {
        let url = try ffmpeg(["-f", "lavfi", "-i", "sine=d=10", "-c:a", "aac", "-movflags", "+frag_keyframe+empty_moov",
                              "-metadata", "title=Fragments"], to: "frag.m4a")
        let i = try read(url)
        XCTAssertEqual(i.title, "Fragments")
        XCTAssertEqual(i.durationMethod, "fragments")
        // 10 s of sine, AAC frames of 1,024 samples plus the encoder's priming frame.
        XCTAssertEqual(try XCTUnwrap(i.duration), 10.0, accuracy: 0.05)
        XCTAssertEqual(i.sampleRate, 44100)
    }

    /// HE-AAC says its output rate in the AudioSpecificConfig's extension (TagLib's zero-length-mdat.m4a:
    /// 22,050 Hz core, 44,100 Hz out, as ffprobe and mutagen report).
    func testHEAACRateIsTheExtensionRate() {
        // ES_Descriptor(3) > DecoderConfig(4: object 0x40) > DecSpecificInfo(5): aot 5, index 7 (22,050), mono, ext index 4 (44,100).
        let asc: [UInt8] = [0x2B, 0x8A, 0x00, 0x00]
        let dsi: [UInt8] = [5, UInt8(asc.count)] + asc
        let dcd: [UInt8] = [4, UInt8(13 + dsi.count), 0x40, 0x15, 0, 0, 0] + Make.be32(0) + Make.be32(32000) + dsi
        let es: [UInt8] = [3, UInt8(3 + dcd.count), 0, 1, 0] + dcd
        var info = AudioInfo()
        MP4Reader.esds([0, 0, 0, 0] + es, into: &info)
        XCTAssertEqual(info.sampleRate, 44100)
        XCTAssertEqual(info.channels, 1)
        XCTAssertEqual(info.codec, "aac")
        // The same file's actual signalling: AAC LC at 22,050 Hz, then sync word 0x2B7, SBR present, 44,100 Hz
        // (the DecSpecificInfo bytes of TagLib's zero-length-mdat.m4a).
        let compatible: [UInt8] = [0x13, 0x88, 0x56, 0xE5, 0xA5, 0x48, 0x00]
        let dsi2: [UInt8] = [5, UInt8(compatible.count)] + compatible
        let dcd2: [UInt8] = [4, UInt8(13 + dsi2.count), 0x40, 0x15, 0, 0, 0] + Make.be32(0) + Make.be32(32000) + dsi2
        var info2 = AudioInfo()
        MP4Reader.esds([0, 0, 0, 0, 3, UInt8(3 + dcd2.count), 0, 1, 0] + dcd2, into: &info2)
        XCTAssertEqual(info2.sampleRate, 44100)
        XCTAssertEqual(info2.channels, 1)
        // Plain AAC LC without the extension keeps its rate.
        let plain: [UInt8] = [0x13, 0x88]
        let dcd3: [UInt8] = [4, UInt8(13 + 4), 0x40, 0x15, 0, 0, 0] + Make.be32(0) + Make.be32(32000) + [5, 2] + plain
        var info3 = AudioInfo()
        MP4Reader.esds([0, 0, 0, 0, 3, UInt8(3 + dcd3.count), 0, 1, 0] + dcd3, into: &info3)
        XCTAssertEqual(info3.sampleRate, 22050)
    }

    // 5. Ogg Speex and Ogg FLAC.
    func testOggSpeex() throws {
        let url = try ffmpeg(["-f", "lavfi", "-i", "sine=d=3", "-ac", "1", "-ar", "16000", "-c:a", "libspeex",
                              "-metadata", "title=Cours Speex", "-metadata", "artist=Prof"], to: "cours.spx")
        XCTAssertEqual(sniffedKind(url), .ogg)
        let i = try read(url)
        XCTAssertEqual(i.codec, "speex")
        XCTAssertEqual(i.title, "Cours Speex")
        XCTAssertEqual(i.artist, "Prof")
        XCTAssertEqual(i.sampleRate, 16000)
        XCTAssertEqual(i.channels, 1)
        XCTAssertEqual(try XCTUnwrap(i.duration), 3.0, accuracy: 0.05)
    }

    func testOggFLAC() throws {
        let wav = dir.url.appendingPathComponent("src.wav")
        try run("sox", ["-n", "-r", "44100", "-c", "2", "-b", "16", wav.path, "synth", "2.5", "sine", "440"], package: "sox")
        let oga = dir.url.appendingPathComponent("cours.oga")
        try run("flac", ["-s", "--ogg", "-T", "TITLE=Cours en Ogg FLAC", "-T", "DATE=2020-09-01", "-o", oga.path, wav.path],
                package: "flac")
        XCTAssertEqual(sniffedKind(oga), .ogg)
        let i = try read(oga)
        XCTAssertEqual(i.codec, "flac")
        XCTAssertEqual(i.title, "Cours en Ogg FLAC")
        XCTAssertEqual(i.date, "2020-09-01")
        XCTAssertEqual(i.sampleRate, 44100)
        XCTAssertEqual(i.channels, 2)
        XCTAssertEqual(i.bitsPerSample, 16)
        XCTAssertEqual(try XCTUnwrap(i.duration), 2.5, accuracy: 1e-9)
    }

    // 6. Junk bytes before the first MPEG frame.
    func testJunkBeforeTheFirstMP3Frame() throws {
        let mp3 = try bytes(ffmpeg(["-f", "lavfi", "-i", "sine=d=4", "-c:a", "libmp3lame", "-b:a", "128k",
                                    "-write_id3v2", "0", "-write_xing", "0"], to: "clean.mp3"))
        var generator = SeededGenerator(seed: 33)
        for junkSize in [1, 417, 3000] {
            let url = try write("junk\(junkSize).mp3", [UInt8](generator.bytes(junkSize)) + mp3)
            XCTAssertEqual(sniffedKind(url), .mp3, "\(junkSize) bytes of junk")
            let i = try read(url)
            XCTAssertEqual(try XCTUnwrap(i.duration), 4.0, accuracy: 0.1, "\(junkSize) bytes of junk")
            XCTAssertEqual(i.bitrate, 128_000)
        }
    }

    // 7. An ID3v2 tag in front of another container.
    /// The ID3v2 tag ffmpeg writes for `title`, alone.
    func id3Tag(title: String) throws -> [UInt8] {
        let b = try bytes(ffmpeg(["-f", "lavfi", "-i", "sine=d=0.2", "-c:a", "libmp3lame", "-metadata", "title=\(title)",
                                  "-metadata", "album=Album ID3"], to: "tag.mp3"))
        return Array(b[0..<(10 + ID3v2.synchsafe(b[6..<10]))])
    }

    func testTrueAudioWithID3IsNotCalledAnMP3() throws {
        let tta = try bytes(ffmpeg(["-f", "lavfi", "-i", "sine=d=1", "-c:a", "tta"], to: "x.tta"))
        let url = try write("id3.tta", try id3Tag(title: "TTA") + tta)
        XCTAssertEqual(sniffedKind(url), .unknown)
        // Read as MP3 anyway (a tag larger than the sniffing prefix): refused as a kind not read, not "truncated".
        XCTAssertThrowsError(try AudioReader.read(url, kind: .mp3)) { error in
            XCTAssertEqual((error as? IngestError)?.code, .unknownKind)
        }
    }

    func testID3InFrontOfFLACOggAndWAVIsLookedPast() throws {
        let tag = try id3Tag(title: "Titre ID3")
        let cases: [(String, [String], SourceKind)] = [
            ("f.flac", ["-c:a", "flac"], .flac), ("o.ogg", ["-c:a", "libvorbis"], .ogg), ("w.wav", ["-c:a", "pcm_s16le"], .wav),
        ]
        for (name, codec, kind) in cases {
            let inner = try bytes(ffmpeg(["-f", "lavfi", "-i", "sine=d=2"] + codec + ["-metadata", "title=Titre interne"], to: name))
            let url = try write("id3-" + name, tag + inner)
            XCTAssertEqual(sniffedKind(url), kind, name)
            for k in [kind, .mp3] {   // as sniffed, and as an MP3 reader would meet it behind a large tag
                let i = try AudioReader.read(url, kind: k)
                XCTAssertEqual(i.title, "Titre interne", "\(name) as \(k)")   // the container's own tag wins
                XCTAssertEqual(i.album, "Album ID3", "\(name) as \(k)")       // the ID3 tag fills its gaps
                XCTAssertEqual(try XCTUnwrap(i.duration), 2.0, accuracy: 0.05, "\(name) as \(k)")
            }
        }
    }
}
