import Foundation
import IngestCore

/// Vorbis comments (Ogg Vorbis, Opus, FLAC): "KEY=value" in UTF-8, keys case-insensitive,
/// a key may repeat. Pictures come as METADATA_BLOCK_PICTURE (base64 FLAC picture).
enum VorbisComment {
    /// Parses a comment block (vendor string, count, entries) into `info`.
    static func parse(_ bytes: ArraySlice<UInt8>, into info: inout AudioInfo, format: String, state: ReadState) throws {
        var c = ByteCursor(Array(bytes), error: AudioError.corrupt(format, .commentHeader))
        let vendorLength = try c.u32le()
        try c.skip(vendorLength)
        let count = try c.u32le()
        var values: [String: [String]] = [:]
        var order: [String] = []
        for _ in 0..<count {
            guard c.remaining >= 4 else { break }
            let n = try c.u32le()
            guard n <= c.remaining else { throw AudioError.corrupt(format, .commentHeader, detail: "comment of \(n) bytes") }
            let entry = try c.take(n)
            guard let eq = entry.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let key = String(decoding: entry[entry.startIndex..<eq], as: UTF8.self).uppercased()
            let valueBytes = entry[(eq + 1)...]
            if key == "METADATA_BLOCK_PICTURE" || key == "COVERART" {
                picture(base64: valueBytes, legacy: key == "COVERART", into: &info, state: state)
                info.tagKeys.append(key)
                continue
            }
            let value = String(decoding: valueBytes, as: UTF8.self)
            if values[key] == nil { order.append(key) }
            values[key, default: []].append(value)
        }
        info.tagKeys += order
        apply(values, into: &info)
    }

    static func apply(_ v: [String: [String]], into info: inout AudioInfo) {
        func joined(_ k: String) -> String? {
            guard let list = v[k] else { return nil }
            return TagText.clean(list.compactMap { TagText.clean($0) }.joined(separator: " / "))
        }
        info.title = joined("TITLE") ?? info.title
        info.artist = joined("ARTIST") ?? info.artist
        info.album = joined("ALBUM") ?? info.album
        info.albumArtist = joined("ALBUMARTIST") ?? joined("ALBUM ARTIST") ?? info.albumArtist
        info.composer = joined("COMPOSER") ?? info.composer
        info.date = joined("DATE") ?? joined("YEAR") ?? info.date
        info.genre = joined("GENRE") ?? info.genre
        if let t = v["TRACKNUMBER"]?.first {
            let (n, total) = TagText.numberPair(t)
            info.track = n
            info.trackTotal = total ?? v["TRACKTOTAL"].flatMap { Int($0[0]) } ?? v["TOTALTRACKS"].flatMap { Int($0[0]) }
        }
        if let d = v["DISCNUMBER"]?.first { info.disc = TagText.numberPair(d).0 }
        info.comment = joined("COMMENT") ?? joined("DESCRIPTION") ?? info.comment
        for k in ["LYRICS", "UNSYNCEDLYRICS", "UNSYNCED LYRICS"] {
            for l in v[k] ?? [] { if let t = TagText.clean(l) { info.lyrics.append(t) } }
        }
        if let lang = v["LANGUAGE"]?.first { info.tagLanguage = TagText.clean(lang)?.lowercased() }
        // CHAPTERnnn=HH:MM:SS.mmm and CHAPTERnnnNAME=title (the Ogg chapter convention).
        var chapters: [(Int, AudioChapter)] = []
        for (key, list) in v where key.hasPrefix("CHAPTER") {
            let digits = key.dropFirst(7).prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, let n = Int(digits), key.count == 7 + digits.count,
                  let t = CaptionParser.parseTimestamp(Substring(list[0])) else { continue }
            let name = v[key + "NAME"].flatMap { TagText.clean($0[0]) } ?? ""
            chapters.append((n, AudioChapter(title: name, start: t, end: nil)))
        }
        if !chapters.isEmpty {
            info.chapters = chapters.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    static func picture(base64 raw: ArraySlice<UInt8>, legacy: Bool, into info: inout AudioInfo, state: ReadState) {
        guard info.picture == nil else { return }
        // The base64 text is already in memory (it is part of the comment packet, bounded by the
        // caller); the decoded picture is 3/4 of it.
        let decodedSize = Int64(raw.count / 4 * 3)
        guard state.acceptPicture(size: legacy ? decodedSize : max(0, decodedSize - 32)) else { return }
        guard let data = Data(base64Encoded: Data(raw), options: .ignoreUnknownCharacters) else { return }
        if legacy {
            let b = [UInt8](data)
            info.picture = AudioPicture(data: data, mimeType: TagText.pictureMIME(b, declared: nil), pictureType: nil)
            return
        }
        if let p = try? FLACReader.pictureBlock(MemorySource([UInt8](data)), at: 0, size: Int64(data.count), state: state) {
            info.picture = p
        }
    }
}
