import Foundation
import IngestCore

/// A chapter of a recording: its title and its times in seconds.
public struct AudioChapter: Sendable, Equatable {
    public var title: String
    public var start: Double
    public var end: Double?
    public init(title: String, start: Double, end: Double?) { self.title = title; self.start = start; self.end = end }
}

/// An embedded picture that fits the size limit, loaded.
public struct AudioPicture: Sendable, Equatable {
    public var data: Data
    public var mimeType: String
    /// ID3/FLAC picture type (3 = front cover), nil when the format has none.
    public var pictureType: Int?
}

/// Everything read from one audio file's tags and stream headers, before it becomes an Extraction.
public struct AudioInfo: Sendable, Equatable {
    // Tags
    public var title: String?
    public var artist: String?
    public var album: String?
    public var albumArtist: String?
    public var composer: String?
    /// The date text as tagged ("2004", "2004-05-01").
    public var date: String?
    public var genre: String?
    public var track: Int?
    public var trackTotal: Int?
    public var disc: Int?
    public var comment: String?
    /// The comment came from a frame with a description; one without replaces it.
    var commentDescribed = false
    /// ID3v2.2/2.3 TDAT (DDMM) and TIME (HHMM), held until the tag's year is known.
    var id3DayMonth: String?
    var id3Time: String?
    public var lyrics: [String] = []
    /// ISO 639-2 language of lyrics or comment ("fra"), when tagged.
    public var tagLanguage: String?
    public var chapters: [AudioChapter] = []
    public var picture: AudioPicture?
    /// Tag formats found, in file order ("id3v2.3", "id3v1", "apev2", "vorbis", "mp4", "riffInfo", …).
    public var tagFormats: [String] = []
    /// Keys of every tag item read ("TIT2", "TITLE", "©nam", "replaygain_track_peak"), for tests and QA.
    public var tagKeys: [String] = []

    // Stream properties
    public var duration: Double?
    public var bitrate: Int?
    public var sampleRate: Int?
    public var channels: Int?
    public var bitsPerSample: Int?
    public var codec: String?
    /// How the duration was found: "xing", "vbri", "cbr", "frameWalk", "header", "granule", "mdhd", "taglib".
    public var durationMethod: String?

    public init() {}

    /// Fills each field that is still empty from `other` (ID3v1 under ID3v2, RIFF INFO under ID3).
    mutating func fillGaps(from other: AudioInfo) {
        if title == nil { title = other.title }
        if artist == nil { artist = other.artist }
        if album == nil { album = other.album }
        if albumArtist == nil { albumArtist = other.albumArtist }
        if composer == nil { composer = other.composer }
        if date == nil { date = other.date }
        if genre == nil { genre = other.genre }
        if track == nil { track = other.track; trackTotal = other.trackTotal }
        if disc == nil { disc = other.disc }
        if comment == nil { comment = other.comment }
        if lyrics.isEmpty { lyrics = other.lyrics }
        if tagLanguage == nil { tagLanguage = other.tagLanguage }
        if chapters.isEmpty { chapters = other.chapters }
        if picture == nil { picture = other.picture }
        for f in other.tagFormats where !tagFormats.contains(f) { tagFormats.append(f) }
        tagKeys += other.tagKeys
    }

    /// The year, from the first four digits of the date.
    public var year: Int? {
        guard let d = date else { return nil }
        let digits = d.trimmingCharacters(in: .whitespaces).prefix(4)
        guard digits.count == 4, digits.allSatisfy(\.isASCII), let y = Int(digits), y > 0 else { return nil }
        return y
    }
}

/// Small helpers shared by the tag parsers.
enum TagText {
    /// Trims spaces and NULs; nil when nothing is left.
    static func clean(_ s: String?) -> String? {
        guard let s else { return nil }
        let t = s.trimmingCharacters(in: CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{0}")))
        return t.isEmpty ? nil : t
    }

    /// "3/11" → (3, 11); "7" → (7, nil).
    static func numberPair(_ s: String?) -> (Int?, Int?) {
        guard let s = clean(s) else { return (nil, nil) }
        let parts = s.split(separator: "/", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        let a = parts.first.flatMap { Int($0) }
        let b = parts.count > 1 ? Int(parts[1]) : nil
        return (a, b)
    }

    /// UTF-8 when valid, else Windows-1252 (RIFF INFO, AIFF text chunks, APE binary-ish values).
    static func utf8OrLatin(_ bytes: ArraySlice<UInt8>) -> String {
        var b = Array(bytes)
        while let last = b.last, last == 0 { b.removeLast() }
        if let s = String(validatingUTF8: b.map { CChar(bitPattern: $0) } + [0]) { return s }
        return TextDecoder.decode(Data(b), as: .windows1252).text
    }

    static func latin1(_ bytes: ArraySlice<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        for x in bytes { scalars.append(Unicode.Scalar(x)) }
        return String(scalars)
    }

    /// MIME type from the picture's first bytes; the declared one when the magic is unknown.
    static func pictureMIME(_ data: [UInt8], declared: String?) -> String {
        if data.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if data.starts(with: Array("GIF8".utf8)) { return "image/gif" }
        if data.starts(with: Array("BM".utf8)) { return "image/bmp" }
        if data.count > 12, data.hasBytes("WEBP", at: 8) { return "image/webp" }
        let d = (declared ?? "").lowercased()
        switch d {
        case "jpg", "jpeg", "image/jpg": return "image/jpeg"
        case "png": return "image/png"
        case "": return "application/octet-stream"
        default: return d.contains("/") ? d : "image/\(d)"
        }
    }
}

/// A rounded Int from a computed Double, or nil when it is not finite or out of range (a
/// corrupt header can make a duration tiny and a bitrate astronomical).
func roundedInt(_ d: Double) -> Int? {
    guard d.isFinite, abs(d) < 1e15 else { return nil }
    return Int(d.rounded())
}
