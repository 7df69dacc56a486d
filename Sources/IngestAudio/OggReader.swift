import Foundation
import IngestCore

/// Ogg Vorbis, Opus, Speex and FLAC: the identification and comment packets are rebuilt from the first pages
/// (checked against their CRC), the duration comes from the last page's granule position.
enum OggReader {
    struct Page {
        var headerType: UInt8
        var granule: UInt64
        var serial: UInt32
        var sequence: UInt32
        var segments: [UInt8]
        var offset: Int64
        var headerSize: Int
        var bodySize: Int { segments.reduce(0) { $0 + Int($1) } }
        var totalSize: Int { headerSize + bodySize }
    }

    static func readPage(_ source: ByteSource, at offset: Int64, format: String, index: Int) throws -> Page {
        let h = try source.readExactly(at: offset, count: 27, or: AudioError.truncated(format, .oggPage(index)))
        guard h.hasBytes("OggS", at: 0), h[4] == 0 else {
            throw AudioError.corrupt(format, .oggPage(index), detail: "no OggS capture pattern at \(offset)")
        }
        let n = Int(h[26])
        let segs = try source.readExactly(at: offset + 27, count: n, or: AudioError.truncated(format, .oggPage(index)))
        return Page(headerType: h[5], granule: UInt64(h.le(6, 8)), serial: UInt32(h.le(14, 4)),
                    sequence: UInt32(h.le(18, 4)), segments: segs, offset: offset, headerSize: 27 + n)
    }

    static let crcTable: [UInt32] = (0..<256).map { i -> UInt32 in
        var r = UInt32(i) << 24
        for _ in 0..<8 { r = r & 0x8000_0000 != 0 ? (r << 1) ^ 0x04C1_1DB7 : r << 1 }
        return r
    }

    /// The Ogg CRC of a whole page with its CRC field taken as zero.
    static func crc(_ page: [UInt8]) -> UInt32 {
        var c: UInt32 = 0
        for (i, x) in page.enumerated() {
            let byte = (22...25).contains(i) ? 0 : x
            c = (c << 8) ^ crcTable[Int((c >> 24) ^ UInt32(byte))]
        }
        return c
    }

    static func read(_ source: ByteSource, state: ReadState, expectOpus: Bool) throws -> AudioInfo {
        let format = expectOpus ? "Opus" : "Ogg"
        guard source.size > 0 else { throw IngestError(.fileEmpty) }
        guard try source.read(at: 0, count: 4).hasBytes("OggS", at: 0) else {
            throw AudioError.notAudio(format, detail: "no OggS capture pattern")
        }
        let packetCap = state.textFieldMaxBytes + state.coverMaxBytes / 3 * 4 + 4096
        var packets: [[UInt8]] = []
        var current: [UInt8] = []
        var skippingPacket = false
        var serial: UInt32?
        var offset: Int64 = 0
        var index = 0
        var codec: String?
        // Collect the first two packets of the first Vorbis/Opus stream.
        while packets.count < 2 {
            index += 1
            guard index < 10_000 else { throw AudioError.corrupt(format, .headerPages) }
            let page = try readPage(source, at: offset, format: format, index: index)
            let bodySize = page.bodySize
            guard offset + Int64(page.totalSize) <= source.size else {
                throw AudioError.truncated(format, .oggPage(index))
            }
            let wanted = serial == nil || page.serial == serial
            // Pages of the header packets are loaded (bounded) and their CRC checked.
            if wanted && !skippingPacket || bodySize < 65_536 {
                let raw = try source.read(at: offset, count: page.totalSize)
                guard crc(raw) == UInt32(raw.le(22, 4)) else {
                    throw AudioError.corrupt(format, .oggPage(index), detail: "CRC mismatch")
                }
                if wanted {
                    var p = page.headerSize
                    for seg in page.segments {
                        let n = Int(seg)
                        if !skippingPacket { current += raw[p..<p + n] }
                        p += n
                        if current.count > packetCap && !skippingPacket {
                            skippingPacket = true
                            current = []
                            state.warn(.audioTagSkipped, MessageCatalog.phrase("part", .audioSkippedOggCommentSize, ["size": "\(packetCap)"]))
                        }
                        if seg < 255 {
                            if serial == nil {
                                if current.starts(with: Array("\u{1}vorbis".utf8)) { codec = "vorbis" }
                                else if current.starts(with: Array("OpusHead".utf8)) { codec = "opus" }
                                else if current.starts(with: Array("Speex   ".utf8)) { codec = "speex" }
                                else if current.starts(with: [0x7F] + Array("FLAC".utf8)) { codec = "flac" }
                                if codec != nil { serial = page.serial; packets.append(current) }
                            } else {
                                packets.append(skippingPacket ? [] : current)
                            }
                            current = []
                            skippingPacket = false
                            if packets.count == 2 { break }
                        }
                    }
                }
            } else if wanted {
                // A huge continuation page of an oversized packet: skipped by its size.
                if page.segments.last.map({ $0 < 255 }) == true { packets.append([]); skippingPacket = false }
            }
            offset += Int64(page.totalSize)
            if offset >= source.size && packets.count < 2 {
                throw serial == nil ? AudioError.notAudio(format, detail: "no Vorbis, Opus, Speex or FLAC stream")
                    : AudioError.truncated(format, .commentHeader)
            }
        }
        guard let codec, let serial else { throw AudioError.notAudio(format) }
        var info = AudioInfo()
        info.codec = codec
        info.tagFormats = ["vorbis"]
        let id = packets[0]
        var preSkip: UInt64 = 0
        if codec == "vorbis" {
            guard id.count >= 28 else { throw AudioError.corrupt(format, .header("Vorbis")) }
            info.channels = Int(id[11])
            info.sampleRate = Int(id.le(12, 4))
            let maxRate = Int(Int32(bitPattern: UInt32(id.le(16, 4))))
            let nominal = Int(Int32(bitPattern: UInt32(id.le(20, 4))))
            let minRate = Int(Int32(bitPattern: UInt32(id.le(24, 4))))
            if nominal > 0 { info.bitrate = nominal }
            else if maxRate > 0 && minRate > 0 { info.bitrate = (maxRate + minRate) / 2 }
            let comment = packets[1]
            if comment.starts(with: Array("\u{3}vorbis".utf8)) {
                try VorbisComment.parse(comment[7...], into: &info, format: format, state: state)
            }
        } else if codec == "speex" {
            // Speex header: rate at 36, channels at 48, bitrate at 52 (-1: unknown); then a bare comment packet.
            guard id.count >= 80 else { throw AudioError.corrupt(format, .header("Speex")) }
            info.sampleRate = Int(id.le(36, 4))
            info.channels = Int(id.le(48, 4))
            let nominal = Int(Int32(bitPattern: UInt32(id.le(52, 4))))
            if nominal > 0 { info.bitrate = nominal }
            if !packets[1].isEmpty { try VorbisComment.parse(packets[1][...], into: &info, format: format, state: state) }
        } else if codec == "flac" {
            // Ogg FLAC: 0x7F "FLAC", version, header count, "fLaC", then STREAMINFO as a metadata
            // block; the next header packet is the VORBIS_COMMENT block.
            guard id.count >= 13 + 4 + 34, id.hasBytes("fLaC", at: 9) else { throw AudioError.corrupt(format, .header("Ogg FLAC")) }
            let si = Array(id[17...])
            info.sampleRate = Int(si.be(10, 3) >> 4)
            info.channels = Int((si[12] >> 1) & 7) + 1
            info.bitsPerSample = Int((UInt16(si[12] & 1) << 4 | UInt16(si[13] >> 4))) + 1
            let comment = packets[1]
            if comment.count >= 4, comment[0] & 0x7F == 4 {
                try VorbisComment.parse(comment[4...], into: &info, format: format, state: state)
            }
        } else {
            guard id.count >= 19 else { throw AudioError.corrupt(format, .header("OpusHead")) }
            info.channels = Int(id[9])
            preSkip = UInt64(id.le(10, 2))
            info.sampleRate = 48000
            let comment = packets[1]
            if comment.starts(with: Array("OpusTags".utf8)) {
                try VorbisComment.parse(comment[8...], into: &info, format: format, state: state)
            }
        }
        guard let rate = info.sampleRate, rate > 0 else { throw AudioError.corrupt(format, .identificationHeader) }
        if let granule = try lastGranule(source, serial: serial, after: offset) , granule >= preSkip {
            info.duration = Double(granule - preSkip) / Double(codec == "opus" ? 48000 : rate)
            info.durationMethod = "granule"
            if codec == "opus" || info.bitrate == nil, let d = info.duration, d > 0 {
                info.bitrate = roundedInt(Double(source.size - offset) * 8 / d)
            }
        }
        return info
    }

    /// The granule position of the last complete page of `serial`, searched backwards from the end.
    static func lastGranule(_ source: ByteSource, serial: UInt32, after floor: Int64) throws -> UInt64? {
        for window in [Int64(64 * 1024), Int64(1 << 20), Int64(8 << 20)] {
            let start = max(floor, source.size - window)
            let b = try source.read(at: start, count: Int(source.size - start))
            var i = b.count - 27
            while i >= 0 {
                if b[i] == 0x4F, b.hasBytes("OggS", at: i), b[i + 4] == 0, UInt32(b.le(i + 14, 4)) == serial {
                    let granule = UInt64(b.le(i + 6, 8))
                    let n = Int(b[i + 26])
                    if granule != UInt64.max, i + 27 + n <= b.count {
                        let size = 27 + n + b[(i + 27)..<(i + 27 + n)].reduce(0) { $0 + Int($1) }
                        if i + size <= b.count, crc(Array(b[i..<i + size])) == UInt32(b.le(i + 22, 4)) {
                            return granule
                        }
                    }
                }
                i -= 1
            }
            if start == floor { break }
        }
        return nil
    }
}
