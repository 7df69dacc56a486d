import Foundation
import IngestCore

/// Tags kept at the end of MP3 (and other) files: ID3v1, APEv2, Lyrics3v2. Each is read and its
/// bytes are cut from the audio span, so durations never count tag bytes as audio.
enum EndTags {
    /// Reads the end tags before `end`; returns the info (ID3v1 under APEv2) and where the audio ends.
    static func read(_ source: ByteSource, end: Int64, notBefore floor: Int64, state: ReadState) throws -> (AudioInfo, Int64) {
        var end = end
        var v1: AudioInfo?
        var ape: AudioInfo?
        var lyrics3: AudioInfo?
        var order: [String] = []
        if end - 128 >= floor {
            let b = try source.read(at: end - 128, count: 128)
            if b.count == 128, b.hasBytes("TAG", at: 0) {
                v1 = id3v1(b)
                end -= 128
                order.append("id3v1")
            }
        }
        for _ in 0..<4 {
            if let (info, size) = try lyrics3v2(source, end: end, floor: floor, state: state) {
                lyrics3 = info; end -= size; order.append("lyrics3v2"); continue
            }
            if let (info, size) = try apev2(source, end: end, floor: floor, state: state) {
                ape = info; end -= size; order.append("apev2"); continue
            }
            break
        }
        var info = ape ?? AudioInfo()
        if let lyrics3 { info.fillGaps(from: lyrics3) }
        if let v1 { info.fillGaps(from: v1) }
        info.tagFormats = order.reversed()
        return (info, end)
    }

    static func id3v1(_ b: [UInt8]) -> AudioInfo {
        func field(_ at: Int, _ n: Int) -> String? { TagText.clean(TagText.latin1(b[at..<at + n].prefix { $0 != 0 })) }
        var info = AudioInfo()
        info.title = field(3, 30)
        info.artist = field(33, 30)
        info.album = field(63, 30)
        info.date = field(93, 4)
        if b[125] == 0 && b[126] != 0 {
            info.comment = field(97, 28)
            info.track = Int(b[126])
        } else {
            info.comment = field(97, 30)
        }
        info.genre = b[127] == 255 ? nil : ID3Genres.name(Int(b[127]))
        info.tagKeys = ["ID3v1"]
        return info
    }

    /// APEv2 (or v1) tag ending at `end`: its items, and its size with header and footer.
    static func apev2(_ source: ByteSource, end: Int64, floor: Int64, state: ReadState) throws -> (AudioInfo, Int64)? {
        guard end - 32 >= floor else { return nil }
        let f = try source.read(at: end - 32, count: 32)
        guard f.count == 32, f.hasBytes("APETAGEX", at: 0) else { return nil }
        let version = Int(f.le(8, 4))
        let size = Int64(f.le(12, 4))
        let count = Int(f.le(16, 4))
        let flags = f.le(20, 4)
        let hasHeader = version >= 2000 && flags & 0x8000_0000 != 0
        let total = size + (hasHeader ? 32 : 0)
        guard size >= 32, end - total >= floor else {
            state.warn(.audioTagSkipped, MessageCatalog.phrase("part", .audioSkippedAPETagSize, ["size": "\(size)"]))
            return nil
        }
        var info = AudioInfo()
        info.tagKeys = []
        guard size <= Int64(state.textFieldMaxBytes) else {
            state.warn(.audioTagSkipped, MessageCatalog.phrase("part", .audioSkippedAPETagSize, ["size": "\(size)"]))
            return (info, total)
        }
        let items = try source.read(at: end - size, count: Int(size) - 32)
        var c = ByteCursor(items, error: AudioError.corrupt("APEv2", .tag("APEv2")))
        for _ in 0..<min(count, 10_000) {
            guard let valueSize = try? c.u32le(), let itemFlags = try? c.u32le() else { break }
            let rest = c.bytes[c.pos...]
            guard let z = rest.firstIndex(of: 0) else { break }
            let key = TagText.latin1(rest[..<z])
            c.pos = z + 1
            guard let value = try? c.take(valueSize) else { break }
            info.tagKeys.append(key.lowercased())
            guard (itemFlags >> 1) & 3 == 0 else { continue }   // binary or external: not text
            let text = TagText.clean(String(decoding: value, as: UTF8.self).replacingOccurrences(of: "\u{0}", with: " / "))
            switch key.lowercased() {
            case "title": info.title = text
            case "artist": info.artist = text
            case "album": info.album = text
            case "album artist": info.albumArtist = text
            case "composer": info.composer = text
            case "year": info.date = text
            case "genre": info.genre = text
            case "track": (info.track, info.trackTotal) = TagText.numberPair(text)
            case "disc": info.disc = TagText.numberPair(text).0
            case "comment": info.comment = text
            case "lyrics": if let text { info.lyrics = [text] }
            default: break
            }
        }
        return (info, total)
    }

    /// Lyrics3v2 block ending at `end` ("LYRICSBEGIN" … six-digit size "LYRICS200").
    static func lyrics3v2(_ source: ByteSource, end: Int64, floor: Int64, state: ReadState) throws -> (AudioInfo, Int64)? {
        guard end - 15 >= floor else { return nil }
        let t = try source.read(at: end - 15, count: 15)
        guard t.count == 15, t.hasBytes("LYRICS200", at: 6), let size = Int64(t.ascii(0, 6)) else { return nil }
        let total = size + 15
        guard size >= 11, end - total >= floor, size <= Int64(state.textFieldMaxBytes) else { return nil }
        let body = try source.read(at: end - total, count: Int(size))
        guard body.hasBytes("LYRICSBEGIN", at: 0) else { return nil }
        var info = AudioInfo()
        var i = 11
        while i + 8 <= body.count {
            let id = body.ascii(i, 3)
            // Five ASCII digits; a sign ("-0004" parses) is not a size.
            guard let n = Int(body.ascii(i + 3, 5)), n >= 0, i + 8 + n <= body.count else { break }
            let value = TagText.utf8OrLatin(body[(i + 8)..<(i + 8 + n)])
            info.tagKeys.append("lyrics3:" + id)
            switch id {
            case "LYR":
                // Lines may carry [mm:ss] stamps; the text is what matters here.
                let lines = value.split(whereSeparator: \.isNewline).map {
                    String($0).replacingOccurrences(of: #"\[\d+:\d+(\.\d+)?\]"#, with: "", options: .regularExpression)
                }
                if let l = TagText.clean(lines.joined(separator: "\n")) { info.lyrics = [l] }
            case "ETT": info.title = TagText.clean(value)
            case "EAR": info.artist = TagText.clean(value)
            case "EAL": info.album = TagText.clean(value)
            default: break
            }
            i += 8 + n
        }
        return (info, total)
    }
}
