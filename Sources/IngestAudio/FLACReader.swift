import Foundation
import IngestCore

/// FLAC: metadata blocks (STREAMINFO, VORBIS_COMMENT, PICTURE) read by their headers; a
/// picture over the limit is skipped by its size.
enum FLACReader {
    static func read(_ source: ByteSource, at start: Int64 = 0, state: ReadState) throws -> AudioInfo {
        guard source.size > 0 else { throw IngestError(.fileEmpty) }
        let magic = try source.read(at: start, count: 4)
        guard magic.hasBytes("fLaC", at: 0) else { throw AudioError.notAudio("FLAC", detail: "no fLaC marker") }
        var info = AudioInfo()
        info.codec = "flac"
        info.tagFormats = ["flac"]
        var pos = start + 4
        var sawStreamInfo = false
        var sawComment = false
        var metadataEnd = pos
        for _ in 0..<100_000 {
            let h = try source.readExactly(at: pos, count: 4, or: AudioError.truncated("FLAC", .metadataBlocks))
            let last = h[0] & 0x80 != 0
            let type = h[0] & 0x7F
            var length = Int64(h.be(1, 3))
            let body = pos + 4
            // Some writers put a wrong length on comment and picture blocks; the reference decoder
            // and mutagen go by the block's own fields: so do we when they lead to the next block.
            if type == 4 || type == 6, let real = try fieldsSize(source, type: type, at: body, declared: length),
               real != length, try plausibleNext(source, at: body + real, afterLast: last) {
                state.warn(.audioTagSkipped, MessageCatalog.phrase("part", .audioSkippedFLACBlockLength, ["name": "\(type)", "size": "\(length)", "real": "\(real)"]))
                length = real
            }
            guard body + length <= source.size else {
                throw AudioError.truncated("FLAC", .metadataBlock(String(type)))
            }
            switch type {
            case 0:
                let b = try source.readExactly(at: body, count: 34, or: AudioError.truncated("FLAC", .metadataBlock("STREAMINFO")))
                let rate = Int(b.be(10, 3) >> 4)
                let channels = Int((b[12] >> 1) & 7) + 1
                let bits = Int((UInt16(b[12] & 1) << 4 | UInt16(b[13] >> 4))) + 1
                let samples = Int64(b.be(13, 5) & 0xF_FFFF_FFFF)
                info.sampleRate = rate
                info.channels = channels
                info.bitsPerSample = bits
                if rate > 0 && samples > 0 {
                    info.duration = Double(samples) / Double(rate)
                    info.durationMethod = "header"
                }
                sawStreamInfo = true
            case 4 where sawComment:
                // A second comment block (some taggers append one instead of rewriting): the
                // first is the file's tags, as for metaflac, TagLib and mutagen.
                state.warn(.audioTagSkipped, MessageCatalog.phrase("part", .audioSkippedSecondFLACComment))
            case 4:
                sawComment = true
                guard length <= Int64(state.textFieldMaxBytes + state.coverMaxBytes * 2) else {
                    state.warn(.audioTagSkipped, MessageCatalog.phrase("part", .audioSkippedFLACCommentSize, ["size": "\(length)"]))
                    break
                }
                let b = try source.read(at: body, count: Int(length))
                try VorbisComment.parse(b[...], into: &info, format: "FLAC", state: state)
                info.tagFormats.append("vorbis")
            case 6:
                if let p = try pictureBlock(source, at: body, size: length, state: state),
                   info.picture == nil || (p.pictureType == 3 && info.picture?.pictureType != 3) {
                    info.picture = p
                }
                info.tagKeys.append("PICTURE")
            default: break
            }
            pos = body + length
            metadataEnd = pos
            if last { break }
        }
        guard sawStreamInfo else { throw AudioError.corrupt("FLAC", .metadataBlock("STREAMINFO")) }
        if let d = info.duration, d > 0 {
            info.bitrate = roundedInt(Double(source.size - metadataEnd) * 8 / d)
        }
        return info
    }

    /// True when a metadata block header (or, after the last block, an audio frame) starts at `p`.
    static func plausibleNext(_ source: ByteSource, at p: Int64, afterLast: Bool) throws -> Bool {
        guard p + 4 <= source.size else { return false }
        let b = try source.read(at: p, count: 4)
        if afterLast { return b[0] == 0xFF && b[1] & 0xFE == 0xF8 }
        return b[0] & 0x7F <= 6 && p + 4 + Int64(b.be(1, 3)) <= source.size
    }

    /// The size of a VORBIS_COMMENT (4) or PICTURE (6) block from its own length fields.
    static func fieldsSize(_ source: ByteSource, type: UInt8, at body: Int64, declared: Int64) throws -> Int64? {
        var p = body
        // A comment block's fields are walked in memory (the block and a little past it), the
        // file read beyond; a picture's are four reads.
        let buffer = type == 4 ? try source.read(at: body, count: Int(min(declared, 1 << 24)) + 65_536) : []
        func u32(_ littleEndian: Bool) throws -> Int64? {
            let o = Int(p - body)
            let b = o + 4 <= buffer.count ? Array(buffer[o..<(o + 4)]) : try source.read(at: p, count: 4)
            guard b.count == 4 else { return nil }
            p += 4
            return Int64(littleEndian ? b.le(0, 4) : b.be(0, 4))
        }
        if type == 4 {
            guard let vendor = try u32(true) else { return nil }
            p += vendor
            guard let count = try u32(true), count < 1_000_000 else { return nil }
            for _ in 0..<count {
                guard p < source.size, let n = try u32(true) else { return nil }
                p += n
            }
        } else {
            guard try u32(false) != nil, let mime = try u32(false) else { return nil }
            p += mime
            guard let desc = try u32(false) else { return nil }
            p += desc + 16
            guard let data = try u32(false) else { return nil }
            p += data
        }
        return p <= source.size && p - body < 1 << 24 ? p - body : nil
    }

    /// A FLAC PICTURE block (also the payload of METADATA_BLOCK_PICTURE): the data is loaded only
    /// when it fits the limit.
    static func pictureBlock(_ source: ByteSource, at start: Int64, size: Int64, state: ReadState) throws -> AudioPicture? {
        let head = try source.read(at: start, count: Int(min(size, 8192)))
        var c = ByteCursor(head, error: AudioError.corrupt("FLAC", .pictureBlock))
        guard let type = try? c.u32be(), let mimeLength = try? c.u32be(), let mimeBytes = try? c.take(mimeLength),
              let descLength = try? c.u32be(), (try? c.skip(descLength)) != nil, (try? c.skip(16)) != nil,
              let dataLength = try? c.u32be() else { return nil }
        let dataStart = start + Int64(c.pos)
        guard Int64(c.pos) + Int64(dataLength) <= size, dataLength > 0 else { return nil }
        guard state.acceptPicture(size: Int64(dataLength)) else { return nil }
        let data = try source.read(at: dataStart, count: dataLength)
        guard data.count == dataLength else { return nil }
        let mime = String(decoding: mimeBytes, as: UTF8.self)
        return AudioPicture(data: Data(data), mimeType: TagText.pictureMIME(data, declared: mime), pictureType: type)
    }
}
