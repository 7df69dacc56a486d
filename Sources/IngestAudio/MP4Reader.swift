import Foundation
import IngestCore

/// MP4/M4A/M4B (AAC, ALAC): atoms are walked by their headers; only small leaves are loaded
/// (mvhd, mdhd, stsd, ilst items, chpl, a chapter track's few samples); `covr` is loaded only
/// under the size limit.
enum MP4Reader {
    struct Atom {
        var type: String
        var start: Int64
        var dataStart: Int64
        var end: Int64
        var dataSize: Int64 { end - dataStart }
    }

    static func children(_ s: ByteSource, from: Int64, to: Int64, topLevel: Bool = false, state: ReadState) throws -> [Atom] {
        var out: [Atom] = []
        var pos = from
        while pos + 8 <= to, out.count < 100_000 {
            let h = try s.read(at: pos, count: 16)
            guard h.count >= 8 else { break }
            var size = Int64(h.be(0, 4))
            // Atom names are bytes (iTunes uses 0xA9 "©"): read them as Latin-1.
            let type = TagText.latin1(h[4..<8])
            var header: Int64 = 8
            if size == 1 {
                guard h.count == 16 else { throw AudioError.truncated("MP4", .atom(type)) }
                size = Int64(bitPattern: h.be(8, 8)); header = 16
            } else if size == 0 {
                size = to - pos
            }
            guard size >= header else { throw AudioError.corrupt("MP4", .atom(type), detail: "size \(size)") }
            if size > to - pos {
                if topLevel && type == "mdat" {
                    state.warn(.audioDataTruncated)
                    size = to - pos
                } else if topLevel {
                    throw AudioError.truncated("MP4", .atom(type))
                } else {
                    throw AudioError.corrupt("MP4", .atom(type), detail: "runs past its parent")
                }
            }
            out.append(Atom(type: type, start: pos, dataStart: pos + header, end: pos + size))
            pos += size
        }
        return out
    }

    static func load(_ s: ByteSource, _ a: Atom, max: Int = 1 << 20) throws -> [UInt8] {
        guard a.dataSize <= Int64(max) else { return [] }
        return try s.readExactly(at: a.dataStart, count: Int(a.dataSize), or: AudioError.truncated("MP4", .atom(a.type)))
    }

    struct Track {
        var id = 0
        var handler = ""
        var timescale: Int64 = 0
        var duration: Int64 = 0
        var stbl: Atom?
        var chapterRefs: [Int] = []
    }

    static func read(_ s: ByteSource, state: ReadState) throws -> AudioInfo {
        guard s.size > 0 else { throw IngestError(.fileEmpty) }
        let first = try s.read(at: 4, count: 4)
        guard ["ftyp", "moov", "mdat", "free", "skip", "wide", "pnot"].contains(TagText.latin1(first[...])) else {
            throw AudioError.notAudio("MP4", detail: "no ftyp atom")
        }
        let top = try children(s, from: 0, to: s.size, topLevel: true, state: state)
        guard top.first?.type == "ftyp" || top.contains(where: { $0.type == "moov" }) else {
            throw AudioError.notAudio("MP4", detail: "no ftyp or moov atom")
        }
        guard let moov = top.first(where: { $0.type == "moov" }) else {
            throw AudioError.truncated("MP4", .atom("moov"))
        }
        var info = AudioInfo()
        info.tagFormats = ["mp4"]
        var movieTimescale: Int64 = 0, movieDuration: Int64 = 0
        var tracks: [Track] = []
        var chplAtom: Atom?
        for a in try children(s, from: moov.dataStart, to: moov.end, state: state) {
            switch a.type {
            case "mvhd":
                let b = try load(s, a)
                (movieTimescale, movieDuration) = timescaleDuration(b)
            case "trak":
                tracks.append(try track(s, a, state: state))
            case "udta":
                for u in try children(s, from: a.dataStart, to: a.end, state: state) {
                    if u.type == "chpl" { chplAtom = u }
                    if u.type == "meta" { try meta(s, u, into: &info, state: state) }
                }
            default: break
            }
        }
        if let audio = tracks.first(where: { $0.handler == "soun" }) {
            if audio.timescale > 0 {
                info.duration = Double(audio.duration) / Double(audio.timescale)
                info.durationMethod = "mdhd"
            }
            // A fragmented file's moov holds no samples (or only the first ones): its duration is
            // the fragments' (their sample durations summed), else the movie extends header's.
            let mvex = movieExtends(s, moov: moov, state: state)
            if mvex != nil || top.contains(where: { $0.type == "moof" }) {
                if audio.timescale > 0, let units = try fragmentsDuration(s, top: top, trackID: audio.id,
                                                                           defaultDuration: mvex?.defaults[audio.id] ?? 0, state: state) {
                    info.duration = Double(audio.duration + units) / Double(audio.timescale)
                    info.durationMethod = "fragments"
                } else if let fragment = mvex?.fragmentDuration, fragment > 0, movieTimescale > 0 {
                    info.duration = Double(fragment) / Double(movieTimescale)
                    info.durationMethod = "mehd"
                }
            }
            if let stbl = audio.stbl { try sampleEntry(s, stbl: stbl, into: &info, state: state) }
            if let d = info.duration, d > 0, info.bitrate == nil || info.bitrate == 0 {
                let mdat = top.filter { $0.type == "mdat" }.reduce(Int64(0)) { $0 + $1.dataSize }
                info.bitrate = roundedInt(Double(mdat) * 8 / d)
            }
            // Chapters: Nero `chpl` first, else a QuickTime chapter (text) track.
            if let chplAtom { info.chapters = chpl(try load(s, chplAtom, max: 4 << 20)) }
            if info.chapters.isEmpty, let ref = audio.chapterRefs.first,
               let text = tracks.first(where: { $0.id == ref }), let stbl = text.stbl, text.timescale > 0 {
                info.chapters = try chapterTrack(s, stbl: stbl, timescale: text.timescale, state: state)
            }
        } else if movieTimescale > 0 {
            info.duration = Double(movieDuration) / Double(movieTimescale)
            info.durationMethod = "mvhd"
        } else {
            throw AudioError.corrupt("MP4", .audioTrack, detail: "no sound track")
        }
        // Chapter ends: the next chapter's start, the last one ends with the audio.
        for i in info.chapters.indices {
            info.chapters[i].end = i + 1 < info.chapters.count ? info.chapters[i + 1].start : info.duration
        }
        return info
    }

    /// moov/mvex: each track's default sample duration (trex) and the whole duration (mehd), if any.
    static func movieExtends(_ s: ByteSource, moov: Atom, state: ReadState) -> (defaults: [Int: Int64], fragmentDuration: Int64?)? {
        guard let mvex = try? children(s, from: moov.dataStart, to: moov.end, state: state).first(where: { $0.type == "mvex" }),
              let list = try? children(s, from: mvex.dataStart, to: mvex.end, state: state) else { return nil }
        var defaults: [Int: Int64] = [:]
        var fragment: Int64?
        for a in list {
            guard let b = try? load(s, a), b.count >= 8 else { continue }
            if a.type == "trex", b.count >= 16 { defaults[Int(b.be(4, 4))] = Int64(b.be(12, 4)) }
            if a.type == "mehd" { fragment = b[0] == 1 && b.count >= 12 ? Int64(bitPattern: b.be(4, 8)) : Int64(b.be(4, 4)) }
        }
        return (defaults, fragment)
    }

    /// The sum of the sample durations of track `trackID` in every movie fragment (moof/traf/trun),
    /// in the track's timescale; nil when no fragment holds that track.
    static func fragmentsDuration(_ s: ByteSource, top: [Atom], trackID: Int, defaultDuration: Int64,
                                  state: ReadState) throws -> Int64? {
        var total: Int64 = 0
        var found = false
        for moof in top where moof.type == "moof" {
            for traf in try children(s, from: moof.dataStart, to: moof.end, state: state) where traf.type == "traf" {
                let parts = try children(s, from: traf.dataStart, to: traf.end, state: state)
                guard let tfhd = parts.first(where: { $0.type == "tfhd" }) else { continue }
                let h = try load(s, tfhd)
                guard h.count >= 8, Int(h.be(4, 4)) == trackID else { continue }
                let flags = h.be(1, 3)
                var p = 8 + (flags & 1 != 0 ? 8 : 0) + (flags & 2 != 0 ? 4 : 0)
                var sampleDuration = defaultDuration
                if flags & 8 != 0 { sampleDuration = Int64(h.be(p, 4)); p += 4 }
                for trun in parts where trun.type == "trun" {
                    let b = try load(s, trun, max: 64 << 20)
                    guard b.count >= 8 else { continue }
                    let f = b.be(1, 3)
                    let count = Int(b.be(4, 4))
                    found = true
                    guard f & 0x100 != 0 else { total += Int64(count) * sampleDuration; continue }
                    // Per-sample fields, in this order, each present by its flag.
                    let stride = 4 * [0x100, 0x200, 0x400, 0x800].filter { f & UInt64($0) != 0 }.count
                    var q = 8 + (f & 1 != 0 ? 4 : 0) + (f & 4 != 0 ? 4 : 0)
                    for _ in 0..<count {
                        guard q + stride <= b.count else { throw AudioError.corrupt("MP4", .atom("trun"), detail: "\(count) samples") }
                        total += Int64(b.be(q, 4))
                        q += stride
                    }
                }
            }
        }
        return found ? total : nil
    }

    static func timescaleDuration(_ b: [UInt8]) -> (Int64, Int64) {
        guard let v = b.first else { return (0, 0) }
        if v == 1, b.count >= 32 { return (Int64(b.be(20, 4)), Int64(bitPattern: b.be(24, 8))) }
        if b.count >= 20 { return (Int64(b.be(12, 4)), Int64(b.be(16, 4))) }
        return (0, 0)
    }

    static func track(_ s: ByteSource, _ trak: Atom, state: ReadState) throws -> Track {
        var t = Track()
        for a in try children(s, from: trak.dataStart, to: trak.end, state: state) {
            switch a.type {
            case "tkhd":
                let b = try load(s, a)
                t.id = Int(b.first == 1 ? b.be(20, 4) : b.be(12, 4))
            case "tref":
                for r in try children(s, from: a.dataStart, to: a.end, state: state) where r.type == "chap" {
                    let b = try load(s, r)
                    t.chapterRefs = stride(from: 0, to: b.count - 3, by: 4).map { Int(b.be($0, 4)) }
                }
            case "mdia":
                for m in try children(s, from: a.dataStart, to: a.end, state: state) {
                    if m.type == "mdhd" { (t.timescale, t.duration) = timescaleDuration(try load(s, m)) }
                    if m.type == "hdlr" { t.handler = try load(s, m).ascii(8, 4) }
                    if m.type == "minf" {
                        t.stbl = try children(s, from: m.dataStart, to: m.end, state: state).first { $0.type == "stbl" }
                    }
                }
            default: break
            }
        }
        return t
    }

    /// stsd's first entry: channels, sample rate, bits; then esds (AAC) or alac for the real values.
    static func sampleEntry(_ s: ByteSource, stbl: Atom, into info: inout AudioInfo, state: ReadState) throws {
        guard let stsd = try children(s, from: stbl.dataStart, to: stbl.end, state: state).first(where: { $0.type == "stsd" })
        else { return }
        let b = try load(s, stsd)
        guard b.count >= 16 + 28 else { return }
        let entryType = b.ascii(12, 4)
        let e = 16   // start of the sample entry's fields after its 8-byte header
        let version = Int(b.be(e + 8, 2))
        info.channels = Int(b.be(e + 16, 2))
        info.bitsPerSample = Int(b.be(e + 18, 2))
        info.sampleRate = Int(b.be(e + 24, 4) >> 16)
        info.codec = entryType.trimmingCharacters(in: .whitespaces)
        let childStart = e + 28 + (version == 1 ? 16 : version == 2 ? 36 : 0)
        var p = childStart
        let entryEnd = min(b.count, 8 + Int(b.be(8, 4)))
        while p + 8 <= entryEnd {
            let n = Int(b.be(p, 4))
            let type = b.ascii(p + 4, 4)
            guard n >= 8, p + n <= entryEnd else { break }
            let body = Array(b[(p + 8)..<(p + n)])
            if type == "esds" { esds(body, into: &info) }
            if type == "alac", body.count >= 28 {
                info.bitsPerSample = Int(body[4 + 5])
                info.channels = Int(body[4 + 9])
                info.bitrate = Int(body.be(4 + 16, 4))
                info.sampleRate = Int(body.be(4 + 20, 4))
                info.codec = "alac"
            }
            p += n
        }
    }

    /// esds: DecoderConfigDescriptor (object type, average bitrate), AudioSpecificConfig (rate, channels).
    static func esds(_ b: [UInt8], into info: inout AudioInfo) {
        var c = ByteCursor(b, at: 4, error: AudioError.corrupt("MP4", .atom("esds")))
        func descriptor() -> (Int, Int)? {
            guard let tag = try? c.u8() else { return nil }
            var len = 0
            for _ in 0..<4 {
                guard let x = try? c.u8() else { return nil }
                len = len << 7 | Int(x & 0x7F)
                if x & 0x80 == 0 { break }
            }
            return (Int(tag), len)
        }
        guard let (t3, _) = descriptor(), t3 == 3, (try? c.skip(2)) != nil, let flags = try? c.u8() else { return }
        if flags & 0x80 != 0 { _ = try? c.skip(2) }
        if flags & 0x40 != 0, let n = try? c.u8() { _ = try? c.skip(Int(n)) }
        if flags & 0x20 != 0 { _ = try? c.skip(2) }
        guard let (t4, _) = descriptor(), t4 == 4, let object = try? c.u8(), (try? c.skip(4)) != nil,
              (try? c.u32be()) != nil, let avg = try? c.u32be() else { return }
        info.codec = object == 0x40 || object == 0x66 || object == 0x67 || object == 0x68 ? "aac"
            : object == 0x69 || object == 0x6B ? "mp3" : String(format: "mp4a.%02X", object)
        if avg > 0 { info.bitrate = avg }
        guard let (t5, len) = descriptor(), t5 == 5, len >= 2, let asc = try? c.take(min(len, c.remaining)) else { return }
        // AudioSpecificConfig: 5-bit object type (31 escapes), 4-bit rate index (15 = explicit), 4-bit channels.
        var bits = BitReader(Array(asc))
        var aot = bits.read(5)
        if aot == 31 { aot = 32 + bits.read(6) }
        let rateIndex = bits.read(4)
        let rates = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350]
        let rate = rateIndex == 15 ? bits.read(24) : rateIndex < rates.count ? rates[rateIndex] : 0
        let channelConfig = bits.read(4)
        var outputRate = rate
        // HE-AAC signalled explicitly (SBR, 5; PS, 29): the output rate is the extension's.
        func extensionRate() -> Int {
            let extIndex = bits.read(4)
            return extIndex == 15 ? bits.read(24) : extIndex < rates.count ? rates[extIndex] : rate
        }
        if aot == 5 || aot == 29 {
            outputRate = extensionRate()
        } else if [1, 2, 3, 4, 6, 7].contains(aot) {
            // Backward-compatible signalling: GASpecificConfig, then the 0x2B7 sync word, SBR's
            // object type (5) and its present flag before the extension rate.
            _ = bits.read(1)                                  // frameLengthFlag
            if bits.read(1) == 1 { _ = bits.read(14) }        // dependsOnCoreCoder, coreCoderDelay
            _ = bits.read(1)                                  // extensionFlag
            if bits.bit + 16 <= asc.count * 8, bits.read(11) == 0x2B7, bits.read(5) == 5, bits.read(1) == 1 {
                outputRate = extensionRate()
            }
        }
        if outputRate > 0 { info.sampleRate = outputRate }
        if (1...7).contains(channelConfig) { info.channels = channelConfig == 7 ? 8 : channelConfig }
        if aot > 0 { info.codec = "aac" }
    }

    /// Nero chapters: version/flags, 4 reserved bytes, count, then (start in 100 ns, title length, title).
    static func chpl(_ b: [UInt8]) -> [AudioChapter] {
        guard b.count >= 9 else { return [] }
        var out: [AudioChapter] = []
        var c = ByteCursor(b, at: 9, error: AudioError.corrupt("MP4", .atom("chpl")))
        for _ in 0..<Int(b[8]) {
            guard let start = try? c.be(8), let n = try? c.u8(), let t = try? c.take(Int(n)) else { break }
            out.append(AudioChapter(title: String(decoding: t, as: UTF8.self), start: Double(start) / 10_000_000, end: nil))
        }
        return out
    }

    /// A QuickTime chapter track: text samples (16-bit length + text) placed by stts/stsc/stsz/stco.
    static func chapterTrack(_ s: ByteSource, stbl: Atom, timescale: Int64, state: ReadState) throws -> [AudioChapter] {
        var stts: [UInt8] = [], stsz: [UInt8] = [], stsc: [UInt8] = [], stco: [UInt8] = [], co64 = false
        for a in try children(s, from: stbl.dataStart, to: stbl.end, state: state) {
            switch a.type {
            case "stts": stts = try load(s, a)
            case "stsz": stsz = try load(s, a)
            case "stsc": stsc = try load(s, a)
            case "stco": stco = try load(s, a)
            case "co64": stco = try load(s, a); co64 = true
            default: break
            }
        }
        guard stts.count >= 8, stsz.count >= 12, stsc.count >= 8, stco.count >= 8 else { return [] }
        // Start times.
        var starts: [Int64] = []
        var t: Int64 = 0
        for i in 0..<min(Int(stts.be(4, 4)), (stts.count - 8) / 8) {
            let count = Int(stts.be(8 + i * 8, 4)), delta = Int64(stts.be(12 + i * 8, 4))
            for _ in 0..<max(0, min(count, 10_000 - starts.count)) { starts.append(t); t += delta }
        }
        let uniform = Int(stsz.be(4, 4))
        let sampleCount = min(Int(stsz.be(8, 4)), starts.count)
        let sizes: [Int] = (0..<sampleCount).map { uniform != 0 ? uniform : Int(stsz.be(12 + $0 * 4, 4)) }
        let chunkCount = Int(stco.be(4, 4))
        let offsets: [Int64] = (0..<min(chunkCount, (stco.count - 8) / (co64 ? 8 : 4))).map {
            Int64(bitPattern: co64 ? stco.be(8 + $0 * 8, 8) : stco.be(8 + $0 * 4, 4))
        }
        let runs = (0..<min(Int(stsc.be(4, 4)), (stsc.count - 8) / 12)).map {
            (first: Int(stsc.be(8 + $0 * 12, 4)), perChunk: Int(stsc.be(12 + $0 * 12, 4)))
        }
        var out: [AudioChapter] = []
        var sample = 0
        for (ci, offset) in offsets.enumerated() where sample < sampleCount {
            let perChunk = runs.last(where: { $0.first <= ci + 1 })?.perChunk ?? 1
            var p = offset
            for _ in 0..<perChunk where sample < sampleCount {
                let size = sizes[sample]
                if size >= 2, size <= 4096 {
                    let b = try s.read(at: p, count: size)
                    let n = Int(b.be(0, 2))
                    if n > 0, 2 + n <= b.count {
                        let raw = b[2..<(2 + n)]
                        let title = raw.starts(with: [0xFE, 0xFF]) || raw.starts(with: [0xFF, 0xFE])
                            ? ID3Text.decode(raw, encoding: 1) : String(decoding: raw, as: UTF8.self)
                        out.append(AudioChapter(title: title, start: Double(starts[sample]) / Double(timescale), end: nil))
                    }
                }
                p += Int64(size)
                sample += 1
            }
        }
        return out
    }

    /// udta/meta/ilst: iTunes items. Each item holds `data` atoms (type, locale, value).
    static func meta(_ s: ByteSource, _ meta: Atom, into info: inout AudioInfo, state: ReadState) throws {
        // `meta` is a full box (4 bytes of version/flags) except in QuickTime files.
        let peek = try s.read(at: meta.dataStart, count: 8)
        let start = peek.hasBytes("hdlr", at: 4) ? meta.dataStart : meta.dataStart + 4
        guard let ilst = try children(s, from: start, to: meta.end, state: state).first(where: { $0.type == "ilst" }) else { return }
        for item in try children(s, from: ilst.dataStart, to: ilst.end, state: state) {
            let key = item.type
            info.tagKeys.append(key)
            let datas = try children(s, from: item.dataStart, to: item.end, state: state).filter { $0.type == "data" }
            if key == "covr" {
                for d in datas where info.picture == nil && d.dataSize > 8 {
                    guard state.acceptPicture(size: d.dataSize - 8) else { continue }
                    let b = try load(s, d, max: Int(d.dataSize))
                    let type = b.be(0, 4) & 0xFFFFFF
                    let bytes = Array(b[8...])
                    info.picture = AudioPicture(data: Data(bytes), mimeType: TagText.pictureMIME(
                        bytes, declared: type == 14 ? "image/png" : type == 13 ? "image/jpeg" : nil), pictureType: 3)
                }
                continue
            }
            guard let d = datas.first else { continue }
            guard d.dataSize <= Int64(state.textFieldMaxBytes) else {
                state.warn(.audioTagSkipped, MessageCatalog.phrase("part", .audioSkippedMP4ItemSize, ["name": key, "size": "\(d.dataSize)"]))
                continue
            }
            let b = try load(s, d, max: Int(d.dataSize))
            guard b.count >= 8 else { continue }
            let value = Array(b[8...])
            let text = TagText.clean(String(decoding: value, as: UTF8.self))
            switch key {
            case "\u{A9}nam": info.title = text
            case "\u{A9}ART": info.artist = text
            case "\u{A9}alb": info.album = text
            case "aART": info.albumArtist = text
            case "\u{A9}wrt": info.composer = text
            case "\u{A9}day": info.date = text
            case "\u{A9}gen": info.genre = text
            case "gnre": if value.count >= 2 { info.genre = ID3Genres.name(Int(value.be(0, 2)) - 1) }
            case "\u{A9}cmt": info.comment = text
            case "desc": if info.comment == nil { info.comment = text }
            case "\u{A9}lyr": if let text { info.lyrics.append(text) }
            case "trkn":
                if value.count >= 6 {
                    info.track = Int(value.be(2, 2))
                    let total = Int(value.be(4, 2))
                    info.trackTotal = total > 0 ? total : nil
                }
            case "disk": if value.count >= 4 { info.disc = Int(value.be(2, 2)) }
            default: break
            }
        }
    }
}

/// Reads bits most-significant first (AudioSpecificConfig); past the end it yields zeros.
struct BitReader {
    let bytes: [UInt8]
    var bit = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }
    mutating func read(_ n: Int) -> Int {
        var v = 0
        for _ in 0..<n {
            let byte = bit / 8
            let x = byte < bytes.count ? (Int(bytes[byte]) >> (7 - bit % 8)) & 1 : 0
            v = v << 1 | x
            bit += 1
        }
        return v
    }
}
