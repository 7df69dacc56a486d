import Foundation
import IngestCore

/// WAV (RIFF, little-endian) and AIFF (IFF, big-endian): chunks are walked by their headers; the
/// audio data chunk is never read, only its size.
enum ChunkReaders {
    struct Chunk { var id: String; var offset: Int64; var size: Int64 }

    /// Chunks of a RIFF/FORM body from `start` to the end of the file. A chunk claiming more bytes
    /// than the file holds is an error, except the audio data as the last chunk (a recording cut
    /// short, or streamed with an unknown size), which is clamped with a warning.
    static func chunks(_ source: ByteSource, from start: Int64, bigEndian: Bool, format: String,
                       dataID: String, state: ReadState) throws -> [Chunk] {
        var list: [Chunk] = []
        var pos = start
        var ds64DataSize: Int64?
        /// True when a chunk header that fits the file (or the audio data) starts at `p`, or the file ends there.
        func chunkFits(_ p: Int64) throws -> Bool {
            if p + 8 > source.size { return true }
            let h = try source.read(at: p, count: 8)
            guard h.count == 8, h[0..<4].allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return false }
            return h.ascii(0, 4) == dataID || p + 8 + Int64(bigEndian ? h.be(4, 4) : h.le(4, 4)) <= source.size
        }
        while pos + 8 <= source.size, list.count < 10_000 {
            let h = try source.read(at: pos, count: 8)
            let id = h.ascii(0, 4)
            guard h[0..<4].allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else {
                // Junk after the last chunk (some writers pad with zeros): stop there.
                break
            }
            var size = Int64(bigEndian ? h.be(4, 4) : h.le(4, 4))
            let body = pos + 8
            // RF64/BW64 (WAV over 4 GB): the data chunk's real size is in the `ds64` chunk.
            if id == "ds64", size >= 16 { ds64DataSize = Int64(try source.read(at: body, count: 16).le(8, 8)) }
            if id == dataID, size == 0xFFFF_FFFF, let d = ds64DataSize { size = d }
            if body + size > source.size {
                if id == dataID {
                    state.warn(.audioDataTruncated)
                    size = source.size - body
                } else {
                    throw IngestError(.audioChunkOutOfBounds, ["format": format, "chunk": id.trimmingCharacters(in: .whitespaces),
                                                              "size": String(size)])
                }
            }
            list.append(Chunk(id: id, offset: body, size: size))
            // Chunks are padded to an even size, but some writers leave the pad byte out: when
            // only the unpadded place holds a chunk, that is where the next one is (as mutagen
            // and ffmpeg read it).
            pos = body + size + (size & 1)
            if size & 1 == 1, try !chunkFits(pos), try chunkFits(pos - 1) { pos -= 1 }
        }
        return list
    }

    static func readWAV(_ source: ByteSource, state: ReadState) throws -> AudioInfo {
        guard source.size > 0 else { throw IngestError(.fileEmpty) }
        let h = try source.read(at: 0, count: 12)
        guard h.count == 12, h.hasBytes("RIFF", at: 0) || h.hasBytes("RF64", at: 0) || h.hasBytes("BW64", at: 0),
              h.hasBytes("WAVE", at: 8) else {
            if h.count < 12 && h.hasBytes("RIFF", at: 0) { throw AudioError.truncated("WAV", .header("RIFF")) }
            throw AudioError.notAudio("WAV", detail: "no RIFF/WAVE header")
        }
        let list = try chunks(source, from: 12, bigEndian: false, format: "WAV", dataID: "data", state: state)
        var info = AudioInfo()
        var byteRate = 0, blockAlign = 0, formatTag = 0
        var dataSize: Int64?
        var factSamples: Int64?
        var riffInfo = AudioInfo()
        for c in list {
            switch c.id {
            case "fmt ":
                let b = try source.readExactly(at: c.offset, count: Int(min(c.size, 40)),
                                               or: AudioError.truncated("WAV", .chunk("fmt")))
                guard b.count >= 16 else { throw AudioError.corrupt("WAV", .chunk("fmt")) }
                formatTag = Int(b.le(0, 2))
                if formatTag == 0xFFFE, b.count >= 26 { formatTag = Int(b.le(24, 2)) }  // WAVE_FORMAT_EXTENSIBLE
                info.channels = Int(b.le(2, 2))
                info.sampleRate = Int(b.le(4, 4))
                byteRate = Int(b.le(8, 4))
                blockAlign = Int(b.le(12, 2))
                info.bitsPerSample = Int(b.le(14, 2))
            case "data": dataSize = c.size
            case "fact":
                if c.size >= 4 { factSamples = Int64(try source.read(at: c.offset, count: 4).le(0, 4)) }
            case "LIST":
                if c.size >= 4, try source.read(at: c.offset, count: 4).hasBytes("INFO", at: 0) {
                    riffInfo = try infoList(source, chunk: c, state: state)
                }
            case "id3 ", "ID3 ", "ID32":
                embeddedID3(source, c, into: &info, state: state)
            default: break
            }
        }
        guard let rate = info.sampleRate, rate > 0, let channels = info.channels, channels > 0 else {
            throw list.isEmpty ? AudioError.truncated("WAV", .chunk("fmt")) : AudioError.corrupt("WAV", .chunk("fmt"))
        }
        info.codec = formatTag == 1 ? "pcm" : formatTag == 3 ? "pcmFloat" : formatTag == 0x55 ? "mp3" : "wav-0x" + String(formatTag, radix: 16)
        if formatTag == 1 || formatTag == 3, let bits = info.bitsPerSample { info.bitrate = product(channels, bits, rate) }
        else if byteRate > 0 { info.bitrate = byteRate * 8 }
        if let dataSize {
            if formatTag != 1 && formatTag != 3, let factSamples { info.duration = Double(factSamples) / Double(rate) }
            else if blockAlign > 0 { info.duration = Double(dataSize / Int64(blockAlign)) / Double(rate) }
            else if byteRate > 0 { info.duration = Double(dataSize) / Double(byteRate) }
            info.durationMethod = "header"
        }
        info.fillGaps(from: riffInfo)
        return info
    }

    /// RIFF LIST/INFO: INAM, IART, IPRD, ICRD, IGNR, ICMT, ITRK/IPRT.
    static func infoList(_ source: ByteSource, chunk: Chunk, state: ReadState) throws -> AudioInfo {
        var info = AudioInfo()
        guard chunk.size <= Int64(state.textFieldMaxBytes) else {
            state.warn(.audioTagSkipped, MessageCatalog.phrase("part", .audioSkippedRIFFInfoSize, ["size": "\(chunk.size)"]))
            return info
        }
        let b = try source.read(at: chunk.offset, count: Int(chunk.size))
        var p = 4
        while p + 8 <= b.count {
            let id = b.ascii(p, 4)
            let n = Int(b.le(p + 4, 4))
            guard p + 8 + n <= b.count else { break }
            let value = TagText.clean(TagText.utf8OrLatin(b[(p + 8)..<(p + 8 + n)]))
            info.tagKeys.append(id)
            switch id {
            case "INAM": info.title = value
            case "IART": info.artist = value
            case "IPRD": info.album = value
            case "ICRD": info.date = value
            case "IGNR": info.genre = value
            case "ICMT": info.comment = value
            case "ITRK", "IPRT", "TRCK": (info.track, info.trackTotal) = TagText.numberPair(value)
            default: break
            }
            p += 8 + n + (n & 1)
        }
        info.tagFormats = ["riffInfo"]
        return info
    }

    static func readAIFF(_ source: ByteSource, state: ReadState) throws -> AudioInfo {
        guard source.size > 0 else { throw IngestError(.fileEmpty) }
        let h = try source.read(at: 0, count: 12)
        guard h.count == 12, h.hasBytes("FORM", at: 0), h.hasBytes("AIFF", at: 8) || h.hasBytes("AIFC", at: 8) else {
            throw AudioError.notAudio("AIFF", detail: "no FORM/AIFF header")
        }
        let list = try chunks(source, from: 12, bigEndian: true, format: "AIFF", dataID: "SSND", state: state)
        var info = AudioInfo()
        var text = AudioInfo()
        var frames: Int64 = 0
        for c in list {
            switch c.id {
            case "COMM":
                let b = try source.readExactly(at: c.offset, count: Int(min(c.size, 64)), or: AudioError.truncated("AIFF", .chunk("COMM")))
                guard b.count >= 18 else { throw AudioError.corrupt("AIFF", .chunk("COMM")) }
                info.channels = Int(b.be(0, 2))
                frames = Int64(b.be(2, 4))
                info.bitsPerSample = Int(b.be(6, 2))
                info.sampleRate = roundedInt(extended80(Array(b[8..<18])))
                info.codec = h.hasBytes("AIFC", at: 8) && b.count >= 22 ? "aifc-" + b.ascii(18, 4).lowercased() : "pcm"
                if info.codec == "aifc-none" || info.codec == "aifc-twos" { info.codec = "pcm" }
            case "ID3 ", "id3 ":
                embeddedID3(source, c, into: &info, state: state)
            case "NAME", "AUTH", "ANNO", "(c) ":
                guard c.size <= 1 << 20 else { continue }
                let v = TagText.clean(TagText.utf8OrLatin(try source.read(at: c.offset, count: Int(c.size))[...]))
                if c.id == "NAME" { text.title = v }
                if c.id == "AUTH" { text.artist = v }
                if c.id == "ANNO" { text.comment = v }
                text.tagKeys.append(c.id)
            default: break
            }
        }
        guard let rate = info.sampleRate, rate > 0, let channels = info.channels else {
            throw AudioError.corrupt("AIFF", .chunk("COMM"))
        }
        info.duration = Double(frames) / Double(rate)
        info.durationMethod = "header"
        if let bits = info.bitsPerSample { info.bitrate = product(channels, bits, rate) }
        if !text.tagKeys.isEmpty { text.tagFormats = ["aiffText"] }
        info.fillGaps(from: text)
        return info
    }

    /// An ID3 tag in a chunk: a damaged one costs its tags (with a warning), not the recording.
    static func embeddedID3(_ source: ByteSource, _ c: Chunk, into info: inout AudioInfo, state: ReadState) {
        do {
            if let (tag, _) = try ID3v2.read(SliceSource(source, offset: c.offset, size: c.size), at: 0, state: state) {
                info.fillGaps(from: tag)
            }
        } catch {
            let code = (error as? IngestError)?.code.rawValue ?? "error"
            state.warn(.audioTagSkipped, MessageCatalog.phrase("part", .audioSkippedID3Chunk, ["name": "\(code)"]))
        }
    }

    /// IEEE 754 80-bit extended (AIFF sample rate).
    static func extended80(_ b: [UInt8]) -> Double {
        let exponent = Int(b.be(0, 2) & 0x7FFF)
        let mantissa = b.be(2, 8)
        if exponent == 0 && mantissa == 0 { return 0 }
        let sign: Double = b[0] & 0x80 != 0 ? -1 : 1
        let e = exponent - 16383 - 63
        guard e > -1100, e < 1100 else { return 0 }
        return sign * Double(mantissa) * pow(2.0, Double(e))
    }
}

/// A window of another source (a tag chunk inside a WAV or AIFF file).
final class SliceSource: ByteSource {
    let base: ByteSource
    let offset: Int64
    let size: Int64
    init(_ base: ByteSource, offset: Int64, size: Int64) {
        self.base = base; self.offset = offset; self.size = max(0, min(size, base.size - offset))
    }
    func read(at o: Int64, count: Int) throws -> [UInt8] {
        guard o >= 0, o < size, count > 0 else { return [] }
        return try base.read(at: offset + o, count: Int(min(Int64(count), size - o)))
    }
}

/// `a × b × c`, or nil when it overflows: header fields are the file's word, and a lying
/// `fmt ` chunk (65,535 channels at 4 GHz, found by FuzzAudioTags) must not trap.
func product(_ a: Int, _ b: Int, _ c: Int) -> Int? {
    let (ab, o1) = a.multipliedReportingOverflow(by: b)
    let (abc, o2) = ab.multipliedReportingOverflow(by: c)
    return o1 || o2 ? nil : abc
}
