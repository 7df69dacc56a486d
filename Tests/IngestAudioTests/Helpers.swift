import Foundation
import IngestCore
import IngestTestSupport
@testable import IngestAudio

/// The kind our sniffer gives a file, as the pipeline would hand it to the extractor.
func sniffedKind(_ url: URL) -> SourceKind {
    let prefix = (try? FileHandle(forReadingFrom: url).read(upToCount: Sniffer.prefixLength)) ?? nil
    return Sniffer.sniff(prefix: prefix ?? Data(), fileName: url.lastPathComponent).kind
}

func extract(_ url: URL, kind: SourceKind? = nil, coverMaxBytes: Int? = nil) throws -> Extraction {
    var config = PipelineConfig()
    if let coverMaxBytes { config.limits.coverMaxBytes = coverMaxBytes }
    let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
    let input = SourceInput(files: [url], kind: kind ?? sniffedKind(url), byteSize: size, name: url.lastPathComponent)
    return try AudioExtractor().extract(input, context: ExtractionContext(config: config, language: .en))
}

/// Little builders for synthetic files.
enum Make {
    static func synchsafe(_ n: Int) -> [UInt8] { [UInt8(n >> 21 & 0x7F), UInt8(n >> 14 & 0x7F), UInt8(n >> 7 & 0x7F), UInt8(n & 0x7F)] }
    static func be32(_ n: Int) -> [UInt8] { [UInt8(n >> 24 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] }
    static func le32(_ n: Int) -> [UInt8] { [UInt8(n & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 24 & 0xFF)] }
    static func le16(_ n: Int) -> [UInt8] { [UInt8(n & 0xFF), UInt8(n >> 8 & 0xFF)] }

    /// An ID3v2.4 frame.
    static func frame24(_ id: String, _ body: [UInt8]) -> [UInt8] { Array(id.utf8) + synchsafe(body.count) + [0, 0] + body }
    static func frame23(_ id: String, _ body: [UInt8]) -> [UInt8] { Array(id.utf8) + be32(body.count) + [0, 0] + body }
    static func tag(major: UInt8, _ frames: [UInt8], padding: Int = 0) -> [UInt8] {
        let body = frames + [UInt8](repeating: 0, count: padding)
        return Array("ID3".utf8) + [major, 0, 0] + synchsafe(body.count) + body
    }
    static func text(_ s: String) -> [UInt8] { [3] + Array(s.utf8) }

    /// `count` MPEG-1 layer III frames, 128 kb/s, 44.1 kHz, stereo (417 bytes each, no padding).
    static func mp3Frames(_ count: Int, bitrateIndex: UInt8 = 9) -> [UInt8] {
        var out: [UInt8] = []
        for _ in 0..<count {
            let header: [UInt8] = [0xFF, 0xFB, bitrateIndex << 4, 0x00]
            let f = MPEGFrame.parse(header, at: 0)!
            out += header + [UInt8](repeating: 0x55, count: f.frameSize - 4)
        }
        return out
    }

    static func wav(dataBytes: Int, chunks: [UInt8] = [], dataSizeField: Int? = nil) -> [UInt8] {
        let fmt: [UInt8] = Array("fmt ".utf8) + le32(16) + le16(1) + le16(2) + le32(44100) + le32(44100 * 4) + le16(4) + le16(16)
        let data = Array("data".utf8) + le32(dataSizeField ?? dataBytes) + [UInt8](repeating: 0, count: dataBytes)
        let body = Array("WAVE".utf8) + fmt + chunks + data
        return Array("RIFF".utf8) + le32(body.count) + body
    }
}

extension Make {
    static func be16(_ n: Int) -> [UInt8] { [UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] }
    static func be64(_ n: Int) -> [UInt8] { be32(n >> 32) + be32(n & 0xFFFF_FFFF) }

    /// One Ogg page holding `segments`-laced `payload` (a single packet, or a continuation).
    static func oggPage(_ payload: [UInt8], serial: Int = 0x1234, sequence: Int, granule: Int, type: UInt8) -> [UInt8] {
        var lacing: [UInt8] = []
        var n = payload.count
        while n >= 255 { lacing.append(255); n -= 255 }
        lacing.append(UInt8(n))
        var page = Array("OggS".utf8) + [0, type] + le32(granule & 0xFFFF_FFFF) + le32(granule >> 32) + le32(serial)
            + le32(sequence) + [0, 0, 0, 0] + [UInt8(lacing.count)] + lacing + payload
        let crc = OggReader.crc(page)
        page.replaceSubrange(22..<26, with: le32(Int(crc)))
        return page
    }

    static func vorbisComment(_ entries: [String], vendor: String = "test") -> [UInt8] {
        var b = le32(vendor.utf8.count) + Array(vendor.utf8) + le32(entries.count)
        for e in entries { b += le32(e.utf8.count) + Array(e.utf8) }
        return b
    }

    /// A minimal Ogg Vorbis stream: identification, comments, one audio page ending at `samples`.
    static func oggVorbis(comments: [String], samples: Int = 44100 * 3) -> [UInt8] {
        let id: [UInt8] = [1] + Array("vorbis".utf8) + le32(0) + [2] + le32(44100) + le32(0) + le32(128000) + le32(0) + [0xB8, 1]
        let comment: [UInt8] = [3] + Array("vorbis".utf8) + vorbisComment(comments) + [1]
        return oggPage(id, sequence: 0, granule: 0, type: 2) + oggPage(comment, sequence: 1, granule: 0, type: 0)
            + oggPage([UInt8](repeating: 0x42, count: 300), sequence: 2, granule: samples, type: 4)
    }

    /// A FLAC file: STREAMINFO, Vorbis comments, optional picture, a little "audio".
    static func flac(comments: [String], picture: [UInt8]? = nil, samples: Int = 44100 * 2) -> [UInt8] {
        var streamInfo = be16(4096) + be16(4096) + [0, 0, 0] + [0, 0, 0]
        // 20-bit rate 44100, 3-bit channels-1 = 1, 5-bit bps-1 = 15, 36-bit samples.
        let packed = (UInt64(44100) << 44) | (UInt64(1) << 41) | (UInt64(15) << 36) | UInt64(samples)
        streamInfo += (0..<8).map { UInt8(packed >> (56 - 8 * $0) & 0xFF) } + [UInt8](repeating: 0, count: 16)
        var out = Array("fLaC".utf8)
        func block(_ type: UInt8, _ body: [UInt8], last: Bool) -> [UInt8] {
            [type | (last ? 0x80 : 0)] + Array(be32(body.count).dropFirst()) + body
        }
        out += block(0, streamInfo, last: false)
        out += block(4, vorbisComment(comments), last: picture == nil)
        if let picture {
            let pic = be32(3) + be32(9) + Array("image/png".utf8) + be32(0) + be32(1) + be32(1) + be32(32) + be32(0)
                + be32(picture.count) + picture
            out += block(6, pic, last: true)
        }
        return out + [0xFF, 0xF8] + [UInt8](repeating: 0, count: 200)
    }

    static func atom(_ type: String, _ body: [UInt8]) -> [UInt8] { be32(body.count + 8) + Array(type.utf8) + body }
    static func atomL(_ type: [UInt8], _ body: [UInt8]) -> [UInt8] { be32(body.count + 8) + type + body }

    /// A minimal M4A: ftyp, moov (mvhd, one sound track with an mp4a entry, udta/meta/ilst, chpl), mdat.
    static func m4a(title: String, chapters: [(Double, String)] = [], lyrics: String? = nil) -> [UInt8] {
        let mdhd = atom("mdhd", [0, 0, 0, 0] + be32(0) + be32(0) + be32(44100) + be32(44100 * 5) + [0x55, 0xC4, 0, 0])
        let hdlr = atom("hdlr", [0, 0, 0, 0] + be32(0) + Array("soun".utf8) + [UInt8](repeating: 0, count: 13))
        let mp4a = atom("mp4a", [UInt8](repeating: 0, count: 6) + be16(1) + [UInt8](repeating: 0, count: 8) + be16(2) + be16(16)
            + be16(0) + be16(0) + be32(44100 << 16))
        let stsd = atom("stsd", [0, 0, 0, 0] + be32(1) + mp4a)
        let trak = atom("trak", atom("tkhd", [0, 0, 0, 0] + be32(0) + be32(0) + be32(1) + [UInt8](repeating: 0, count: 68))
            + atom("mdia", mdhd + hdlr + atom("minf", atom("stbl", stsd))))
        func item(_ key: [UInt8], _ text: String) -> [UInt8] { atomL(key, atom("data", be32(1) + be32(0) + Array(text.utf8))) }
        var items = item([0xA9] + Array("nam".utf8), title)
        if let lyrics { items += item([0xA9] + Array("lyr".utf8), lyrics) }
        let meta = atom("meta", [0, 0, 0, 0] + atom("hdlr", [UInt8](repeating: 0, count: 25)) + atom("ilst", items))
        var chpl: [UInt8] = [1, 0, 0, 0, 0, 0, 0, 0, UInt8(chapters.count)]
        for (t, name) in chapters { chpl += be64(Int(t * 10_000_000)) + [UInt8(name.utf8.count)] + Array(name.utf8) }
        let udta = atom("udta", meta + (chapters.isEmpty ? [] : atom("chpl", chpl)))
        let mvhd = atom("mvhd", [0, 0, 0, 0] + be32(0) + be32(0) + be32(1000) + be32(5000) + [UInt8](repeating: 0, count: 80))
        return atom("ftyp", Array("M4A ".utf8) + be32(0)) + atom("moov", mvhd + trak + udta) + atom("mdat", [UInt8](repeating: 0, count: 500))
    }
}
