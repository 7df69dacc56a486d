import Foundation
import IngestCore

/// MPEG audio (MP3/MP2): ID3v2 tags at the front, end tags, and exact duration from the
/// Xing/Info or VBRI header, the constant bitrate, or — for VBR without either — by walking
/// frame headers (seeking frame to frame, never decoding audio).
enum MP3Reader {
    /// How far past the tags we look for the first frame (encoders leave junk or padding).
    static let syncSearchBytes = 256 * 1024

    static func read(_ source: ByteSource, state: ReadState, deadline: () throws -> Void) throws -> AudioInfo {
        guard source.size > 0 else { throw IngestError(.fileEmpty) }
        var (info, offset) = try ID3v2.readStacked(source, state: state)
        let hadID3 = offset > 0
        if offset > source.size { throw AudioError.truncated("MP3", .tag("ID3")) }
        // An ID3 tag may also front another container (the sniffer sees past tags that fit its
        // prefix; a larger one, with a cover, lands here): read what is really there.
        let next = try source.read(at: offset, count: 64)
        if hadID3, let kind = Sniffer.containerAfterID3(next) {
            guard kind != .unknown else {
                let name = next.ascii(0, 4).trimmingCharacters(in: .whitespaces)
                throw IngestError(.unknownKind, ["kind": name], detail: "\(name) after an ID3v2 tag")
            }
            var inner = try AudioReader.read(SliceSource(source, offset: offset, size: source.size - offset), kind: kind,
                                             state: state, deadline: deadline)
            inner.fillGaps(from: info)
            return inner
        }
        let (endInfo, audioEnd) = try EndTags.read(source, end: source.size, notBefore: offset, state: state)
        info.fillGaps(from: endInfo)

        guard let (first, firstOffset) = try findFirstFrame(source, from: offset, end: audioEnd) else {
            if hadID3 || !endInfo.tagFormats.isEmpty || looksLikeMPEGStart(source, at: offset) {
                throw AudioError.truncated("MP3", .firstFrame)
            }
            throw AudioError.notAudio("MP3", detail: "no ID3 tag and no MPEG frame header")
        }
        info.sampleRate = first.sampleRate
        info.channels = first.channels
        info.codec = "mp\(first.layer)"
        try duration(source, first: first, at: firstOffset, end: audioEnd, into: &info, deadline: deadline)
        return info
    }

    /// True when the bytes start with a frame sync: a cut-off frame rather than something else.
    static func looksLikeMPEGStart(_ source: ByteSource, at offset: Int64) -> Bool {
        guard let b = try? source.read(at: offset, count: 4) else { return false }
        return MPEGFrame.parse(b, at: 0) != nil
    }

    /// The first frame whose successor is also a frame of the same stream (or that ends the audio).
    static func findFirstFrame(_ source: ByteSource, from start: Int64, end: Int64) throws -> (MPEGFrame, Int64)? {
        let window = Int(min(Int64(syncSearchBytes), max(0, end - start)))
        let b = try source.read(at: start, count: window + 8)
        var i = 0
        while i + 4 <= min(b.count, window) {
            if b[i] == 0xFF, let f = MPEGFrame.parse(b, at: i) {
                // A frame counts only when a second complete frame of the same stream follows it:
                // a lone frame (26 ms) is a cut-off file, as mutagen and ffprobe also judge.
                let next = start + Int64(i + f.frameSize)
                if next + 4 <= end {
                    let nb = next + 4 <= start + Int64(b.count) ? Array(b[(i + f.frameSize)..<(i + f.frameSize + 4)])
                        : try source.read(at: next, count: 4)
                    if let g = MPEGFrame.parse(nb, at: 0), g.sameStream(f), next + Int64(g.frameSize) <= end {
                        return (f, start + Int64(i))
                    }
                }
            }
            i += 1
        }
        return nil
    }

    static func duration(_ source: ByteSource, first: MPEGFrame, at firstOffset: Int64, end: Int64,
                         into info: inout AudioInfo, deadline: () throws -> Void) throws {
        let head = try source.read(at: firstOffset, count: min(first.frameSize, 1024))
        let audioBytes = end - firstOffset
        // Xing / Info
        let x = first.xingOffset
        if head.hasBytes("Xing", at: x) || head.hasBytes("Info", at: x) {
            let flags = head.be(x + 4, 4)
            var p = x + 8
            var frames: Int64?
            var bytes: Int64?
            if flags & 1 != 0 { frames = Int64(head.be(p, 4)); p += 4 }
            if flags & 2 != 0 { bytes = Int64(head.be(p, 4)); p += 4 }
            if flags & 4 != 0 { p += 100 }
            if flags & 8 != 0 { p += 4 }
            if let frames, frames > 0 {
                var samples = frames * Int64(first.samplesPerFrame)
                // LAME's tag gives the encoder delay and padding: the exact playable length.
                if p + 24 <= head.count, head.hasBytes("LAME", at: p) || head.hasBytes("L3.99", at: p) {
                    let dp = Int64(head.be(p + 21, 3))
                    samples -= (dp >> 12) + (dp & 0xFFF)
                }
                let seconds = Double(max(0, samples)) / Double(first.sampleRate)
                info.duration = seconds
                info.durationMethod = head.hasBytes("Xing", at: x) ? "xing" : "info"
                // Bitrate of the audio frames: the Xing frame itself is in `bytes` but not in `frames`.
                let streamBytes = max(0, (bytes ?? audioBytes) - Int64(first.frameSize))
                info.bitrate = roundedInt(Double(streamBytes) * 8 * Double(first.sampleRate)
                                          / Double(frames * Int64(first.samplesPerFrame)))
                // "Info" marks constant bitrate: report the stream's nominal rate (the second
                // frame's; the Info frame itself may be coded at another rate).
                if head.hasBytes("Info", at: x), let b = info.bitrate,
                   let second = MPEGFrame.parse(try source.read(at: firstOffset + Int64(first.frameSize), count: 4), at: 0),
                   abs(second.bitrate - b) * 50 < second.bitrate {
                    info.bitrate = second.bitrate
                }
                return
            }
        }
        // VBRI (Fraunhofer), always 32 bytes after the 4-byte header.
        if head.hasBytes("VBRI", at: 36) {
            let bytes = Int64(head.be(36 + 10, 4))
            let frames = Int64(head.be(36 + 14, 4))
            if frames > 0 {
                let seconds = Double(frames * Int64(first.samplesPerFrame)) / Double(first.sampleRate)
                info.duration = seconds
                info.durationMethod = "vbri"
                info.bitrate = roundedInt(Double(bytes) * 8 / seconds)
                return
            }
        }
        // No header: constant bitrate if frames sampled across the file agree, else walk them all.
        if try isConstantBitrate(source, first: first, at: firstOffset, end: end) {
            info.bitrate = first.bitrate
            info.duration = Double(audioBytes) * 8 / Double(first.bitrate)
            info.durationMethod = "cbr"
            return
        }
        let walk = try walkFrames(source, first: first, at: firstOffset, end: end, deadline: deadline)
        guard walk.frames > 0 else { throw AudioError.truncated("MP3", .firstFrame) }
        let seconds = Double(walk.frames * Int64(first.samplesPerFrame)) / Double(first.sampleRate)
        info.duration = seconds
        info.durationMethod = "frameWalk"
        if let constant = walk.constantBitrate { info.bitrate = constant }
        else if seconds > 0 { info.bitrate = roundedInt(Double(walk.bytes) * 8 / seconds) }
    }

    /// The bitrates of the first frames and of frames found at a quarter, half and three quarters
    /// of the file: all equal means constant bitrate.
    static func isConstantBitrate(_ source: ByteSource, first: MPEGFrame, at start: Int64, end: Int64) throws -> Bool {
        let head = try source.read(at: start, count: Int(min(end - start, 64 * 1024)))
        var i = 0, seen = 0
        while seen < 40, let f = MPEGFrame.parse(head, at: i), f.sameStream(first) {
            if f.bitrate != first.bitrate { return false }
            i += f.frameSize
            seen += 1
        }
        let span = end - start
        // A small file is walked whole: exact, and cheap.
        guard span > 1 << 20 else { return false }
        for fraction in [0.25, 0.5, 0.75] {
            let at = start + Int64(Double(span) * fraction)
            let b = try source.read(at: at, count: 16 * 1024)
            var j = 0
            var found = false
            while j + 4 <= b.count {
                if b[j] == 0xFF, let f = MPEGFrame.parse(b, at: j), f.sameStream(first),
                   let g = MPEGFrame.parse(b, at: j + f.frameSize), g.sameStream(first) {
                    if f.bitrate != first.bitrate || g.bitrate != first.bitrate { return false }
                    found = true
                    break
                }
                j += 1
            }
            if !found { return false }
        }
        return true
    }

    /// Counts frames from `start` to `end`, reading headers in 1 MB windows and resynchronising
    /// after damage. Returns the frame count and the bytes they cover.
    static func walkFrames(_ source: ByteSource, first: MPEGFrame, at start: Int64, end: Int64,
                           deadline: () throws -> Void) throws -> (frames: Int64, bytes: Int64, constantBitrate: Int?) {
        let window = 1 << 20
        var pos = start
        var frames: Int64 = 0
        var bytes: Int64 = 0
        var constant: Int? = first.bitrate
        var bufStart: Int64 = -1
        var buf: [UInt8] = []
        while pos + 4 <= end {
            if bufStart < 0 || pos < bufStart || pos + 4 > bufStart + Int64(buf.count) {
                if frames % 4096 == 0 { try deadline() }
                buf = try source.read(at: pos, count: Int(min(Int64(window), end - pos)))
                bufStart = pos
                if buf.count < 4 { break }
            }
            let i = Int(pos - bufStart)
            if let f = MPEGFrame.parse(buf, at: i), f.sameStream(first) {
                if pos + Int64(f.frameSize) > end { break }      // a cut-off last frame is not counted
                frames += 1
                bytes += Int64(f.frameSize)
                if f.bitrate != constant { constant = nil }
                pos += Int64(f.frameSize)
            } else {
                // Damage or junk: resynchronise on the next header followed by another one.
                var j = i + 1
                var resync: Int64?
                while j + 4 <= buf.count {
                    if buf[j] == 0xFF, let f = MPEGFrame.parse(buf, at: j), f.sameStream(first) {
                        if let g = MPEGFrame.parse(buf, at: j + f.frameSize), g.sameStream(first) {
                            resync = bufStart + Int64(j); break
                        }
                        if j + f.frameSize + 4 > buf.count { resync = bufStart + Int64(j); break }
                    }
                    j += 1
                }
                if let r = resync { pos = r } else {
                    if bufStart + Int64(buf.count) >= end { break }
                    pos = bufStart + Int64(max(i + 1, buf.count - 3))
                    bufStart = -1
                }
            }
        }
        return (frames, bytes, constant)
    }
}
