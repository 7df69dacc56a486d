import Foundation
import IngestCore
import IngestTestSupport
@testable import IngestAudio

/// The kind our sniffer gives a file, as the pipeline would hand it to the extractor.
func sniffedKind(_ url: URL) -> SourceKind {
    let prefix = (try? FileHandle(forReadingFrom: url).read(upToCount: 4096)) ?? nil
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
