import Foundation

/// The result of sniffing: the kind decided by content, and whether the extension disagrees.
public struct SniffResult: Sendable, Equatable {
    public var kind: SourceKind
    /// The file's extension (lower case, no dot), when it names another kind than the content.
    public var mismatchedExtension: String?
    /// For text: the encoding that was detected.
    public var textEncoding: TextEncoding?

    public init(kind: SourceKind, mismatchedExtension: String? = nil, textEncoding: TextEncoding? = nil) {
        self.kind = kind; self.mismatchedExtension = mismatchedExtension; self.textEncoding = textEncoding
    }
}

/// Decides a file's kind from its bytes (magic signatures as a data table, Tika-style), never from
/// its extension; the extension only raises a mismatch warning. ZIP-based files come out as `.zip`
/// and are told apart by their content types in a later step (IngestZip); OLE2 files are told apart
/// here from their directory (`WordDocument` vs `EncryptedPackage`).
public enum Sniffer {
    /// How many leading bytes `sniff` wants. PDF's `%PDF-` may stand anywhere in the first 1,024.
    public static let prefixLength = 8192

    struct Signature: Sendable {
        let offset: Int
        let bytes: [UInt8]
        let kind: SourceKind
    }

    /// Magic signatures, checked in order. One test per row in `SnifferTests`.
    static let signatures: [Signature] = [
        .init(offset: 0, bytes: Array("PK\u{03}\u{04}".utf8), kind: .zip),
        .init(offset: 0, bytes: Array("PK\u{05}\u{06}".utf8), kind: .zip),  // empty archive
        .init(offset: 0, bytes: [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1], kind: .ole2),
        .init(offset: 0, bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], kind: .png),
        .init(offset: 0, bytes: [0xFF, 0xD8, 0xFF], kind: .jpeg),
        .init(offset: 0, bytes: Array("II*\u{0}".utf8), kind: .tiff),
        .init(offset: 0, bytes: Array("MM\u{0}*".utf8), kind: .tiff),
        .init(offset: 0, bytes: Array("II+\u{0}".utf8), kind: .tiff),   // BigTIFF (leptonica reads it)
        .init(offset: 0, bytes: Array("MM\u{0}+".utf8), kind: .tiff),
        .init(offset: 0, bytes: Array("GIF87a".utf8), kind: .gif),
        .init(offset: 0, bytes: Array("GIF89a".utf8), kind: .gif),
        .init(offset: 0, bytes: Array("BM".utf8), kind: .bmp),
        .init(offset: 0, bytes: Array("ID3".utf8), kind: .mp3),
        .init(offset: 0, bytes: Array("fLaC".utf8), kind: .flac),
        .init(offset: 0, bytes: Array("OggS".utf8), kind: .ogg),
        .init(offset: 0, bytes: [0x30, 0x26, 0xB2, 0x75, 0x8E, 0x66, 0xCF, 0x11], kind: .wma),
        .init(offset: 0, bytes: Array("wvpk".utf8), kind: .wavpack),
        .init(offset: 0, bytes: Array("{\\rtf".utf8), kind: .rtf),
    ]

    /// Sniffs from the first bytes of a file (at least `prefixLength` when the file is that long).
    /// `fileName` is used only for the mismatch warning and to tell SRT/VTT/Markdown apart from text.
    public static func sniff(prefix: Data, fileName: String? = nil) -> SniffResult {
        var kind = kindOf(prefix, fileName: fileName)
        let ext = fileName.map { ($0 as NSString).pathExtension.lowercased() } ?? ""
        // A compound file cut short or damaged past reading, that is all there is of it
        // (shorter than the prefix) and says nothing of itself: its name is all that is left to
        // go by, and a `.doc` is an old Word file (SPEC's refusal rather than "unknown kind").
        if kind.0 == .ole2, prefix.count < prefixLength, ext == "doc" || ext == "dot",
           OLE2Directory.kind(prefix) == .ole2, OLE2Directory.entryNames(prefix).first != "Root Entry" {
            kind.0 = .legacyDoc
        }
        var result = SniffResult(kind: kind.0, textEncoding: kind.1)
        if let ext = fileName.map({ ($0 as NSString).pathExtension.lowercased() }), !ext.isEmpty,
           let expected = kindsForExtension[ext], !expected.contains(result.kind),
           !(result.kind == .zip && expected.contains(where: \.isOffice)) {
            result.mismatchedExtension = ext
        }
        return result
    }

    static func kindOf(_ data: Data, fileName: String?) -> (SourceKind, TextEncoding?) {
        let bytes = [UInt8](data.prefix(prefixLength))
        if bytes.isEmpty { return (.unknown, nil) }
        for s in signatures where bytes.count >= s.offset + s.bytes.count
            && Array(bytes[s.offset..<(s.offset + s.bytes.count)]) == s.bytes {
            if s.kind == .ogg { return (oggKind(bytes), nil) }
            if s.kind == .mp3 { return (id3Kind(bytes), nil) }
            if s.kind == .zip { return (zipKind(bytes), nil) }
            return (s.kind, nil)
        }
        if starts(Array("%PDF-".utf8), in: bytes, within: 1024) { return (.pdf, nil) }
        if bytes.count >= 12 {
            let tag4 = String(decoding: bytes[8..<12], as: UTF8.self)
            let head4 = String(decoding: bytes[0..<4], as: UTF8.self)
            if (head4 == "RIFF" || head4 == "RF64" || head4 == "BW64") && tag4 == "WAVE" { return (.wav, nil) }  // RF64/BW64: WAV over 4 GB
            if head4 == "RIFF" && tag4 == "WEBP" { return (.webp, nil) }
            if head4 == "FORM" && (tag4 == "AIFF" || tag4 == "AIFC") { return (.aiff, nil) }
            if String(decoding: bytes[4..<8], as: UTF8.self) == "ftyp" {
                // HEIF (HEIC, AVIF, JPEG or VVC inside) names itself by its major brand or, as an
                // iPhone's `mif1` file does, among its compatible brands: the image decoder then
                // says which codecs it reads. Anything else in an ISO box is M4A/M4B/MP4.
                return (ftypBrands(bytes).contains(where: heifBrands.contains) ? .heic : .m4a, nil)
            }
        }
        // A UTF-16 byte-order mark (FF FE) also looks like an MPEG frame sync: text first.
        let hasBOM = (bytes.count >= 2 && ((bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF)))
            || (bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF)
        if !hasBOM && isMPEGAudioFrame(bytes) { return (.mp3, nil) }
        // Junk before the first frame (a cut stream, a broken tagger): three chained frames of
        // one stream within the prefix are MPEG audio, as ffprobe finds it.
        if !hasBOM, !startsWithOtherContainer(bytes), mpegRun(bytes) != nil { return (.mp3, nil) }
        // Text, or something we don't read.
        guard let encoding = TextDecoder.detectEncoding(Data(bytes), isPrefix: data.count >= prefixLength) else {
            return (.unknown, nil)
        }
        return (textKind(bytes, encoding: encoding, fileName: fileName), encoding)
    }

    /// The brands of an image in the HEIF family (ISO/IEC 23008-12, MIAF, AVIF).
    static let heifBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "mif2",
                                          "msf1", "miaf", "avif", "avis", "avio", "jpeg", "jpgs", "avci", "avcs", "vvic", "vvis"]

    /// The major brand and the compatible brands of the `ftyp` box at the start of `b`.
    static func ftypBrands(_ b: [UInt8]) -> [String] {
        guard b.count >= 12 else { return [] }
        let size = min(b.count, Int(b[0]) << 24 | Int(b[1]) << 16 | Int(b[2]) << 8 | Int(b[3]), 4096)
        var brands = [String(decoding: b[8..<12], as: UTF8.self)]
        for o in stride(from: 16, to: size - 3, by: 4) { brands.append(String(decoding: b[o..<(o + 4)], as: UTF8.self)) }
        return brands
    }

    static func oggKind(_ b: [UInt8]) -> SourceKind {
        if starts(Array("OpusHead".utf8), in: b, within: 128) { return .opus }
        return .ogg
    }

    /// ODF and EPUB declare themselves in a first, stored entry named `mimetype` (both standards
    /// require it there); anything else stays `.zip`, told apart later by its content types.
    static func zipKind(_ b: [UInt8]) -> SourceKind {
        guard b.count >= 38, b[2] == 3 else { return .zip }
        func u16(_ o: Int) -> Int { Int(b[o]) | Int(b[o + 1]) << 8 }
        func u32(_ o: Int) -> Int { u16(o) | u16(o + 2) << 16 }
        let nameLength = u16(26), extraLength = u16(28), size = u32(18)
        guard u16(8) == 0, nameLength == 8, Array(b[30..<38]) == Array("mimetype".utf8), size < 256 else { return .zip }
        let start = 30 + nameLength + extraLength
        guard start + size <= b.count else { return .zip }
        return zipMimeTypes[String(decoding: b[start..<(start + size)], as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)] ?? .zip
    }

    /// The `mimetype` entries we read, and their kinds.
    public static let zipMimeTypes: [String: SourceKind] = [
        "application/vnd.oasis.opendocument.text": .odt, "application/vnd.oasis.opendocument.text-template": .odt,
        "application/vnd.oasis.opendocument.presentation": .odp,
        "application/vnd.oasis.opendocument.presentation-template": .odp,
        "application/epub+zip": .epub,
    ]

    /// An ID3 tag usually fronts MPEG audio, but taggers also put one before FLAC, Ogg, RIFF,
    /// TrueAudio or Monkey's Audio: what follows the tags (when they fit the prefix) decides.
    static func id3Kind(_ b: [UInt8]) -> SourceKind {
        var o = 0
        while o + 10 <= b.count, b[o] == 0x49, b[o + 1] == 0x44, b[o + 2] == 0x33, b[(o + 6)..<(o + 10)].allSatisfy({ $0 < 0x80 }) {
            let size = b[(o + 6)..<(o + 10)].reduce(0) { $0 << 7 | Int($1) }
            o += 10 + size + (b[o + 3] == 4 && b[o + 5] & 0x10 != 0 ? 10 : 0)
        }
        guard o + 12 <= b.count else { return .mp3 }   // a tag larger than the prefix: the reader looks past it
        return containerAfterID3(Array(b[o...])) ?? .mp3
    }

    /// The kind of the container that starts `b` (bytes right after ID3v2 tags), nil for MPEG
    /// audio or anything else an MP3 reader should try; `.unknown` for audio Ingest does not read.
    public static func containerAfterID3(_ b: [UInt8]) -> SourceKind? {
        func at(_ o: Int, _ s: String) -> Bool { b.count >= o + s.utf8.count && b[o..<(o + s.utf8.count)].elementsEqual(s.utf8) }
        if at(0, "fLaC") { return .flac }
        if at(0, "OggS") { return oggKind(b) }
        if (at(0, "RIFF") || at(0, "RF64") || at(0, "BW64")) && at(8, "WAVE") { return .wav }
        if at(0, "FORM") && (at(8, "AIFF") || at(8, "AIFC")) { return .aiff }
        // TrueAudio, Monkey's Audio, Musepack, OptimFROG, TAK: audio, but not a kind we read.
        for magic in ["TTA1", "MAC ", "MPCK", "MP+", "OFR ", "tBaK"] where at(0, magic) { return .unknown }
        return nil
    }

    static func isMPEGAudioFrame(_ b: [UInt8]) -> Bool {
        guard b.count >= 4, b[0] == 0xFF, b[1] & 0xE0 == 0xE0 else { return false }
        let version = (b[1] >> 3) & 0x03, layer = (b[1] >> 1) & 0x03
        let bitrate = b[2] >> 4, rate = (b[2] >> 2) & 0x03
        return version != 1 && layer != 0 && bitrate != 0x0F && bitrate != 0 && rate != 3
    }

    /// Containers that carry MPEG audio inside (Matroska/WebM, AVI, FLV, MPEG program and
    /// transport streams, RealMedia): their frames are not an MP3 after junk.
    static func startsWithOtherContainer(_ b: [UInt8]) -> Bool {
        let magics: [[UInt8]] = [[0x1A, 0x45, 0xDF, 0xA3], Array("RIFF".utf8), Array("FORM".utf8), Array("FLV".utf8),
                                 [0, 0, 1, 0xBA], [0, 0, 1, 0xB3], Array(".RMF".utf8), Array("MThd".utf8)]
        if magics.contains(where: { b.starts(with: $0) }) { return true }
        return b.count > 376 && b[0] == 0x47 && b[188] == 0x47 && b[376] == 0x47   // MPEG-TS packets
    }

    /// The offset of the first run of three MPEG audio frames in `b` whose sizes chain (each
    /// header where the previous frame ends, same version, layer and sample rate).
    static func mpegRun(_ b: [UInt8]) -> Int? {
        func frame(_ i: Int) -> (size: Int, stream: UInt16)? {
            guard i >= 0, i + 4 <= b.count, isMPEGAudioFrame(Array(b[i..<(i + 4)])) else { return nil }
            let versionBits = (b[i + 1] >> 3) & 3, layer = 4 - Int((b[i + 1] >> 1) & 3)
            let v1 = versionBits == 3, rateIndex = Int((b[i + 2] >> 2) & 3), bitrateIndex = Int(b[i + 2] >> 4) - 1
            let rate = [44100, 48000, 32000][rateIndex] / (v1 ? 1 : versionBits == 2 ? 2 : 4)
            let table: [Int] = v1 ? [[32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
                                     [32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
                                     [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]][layer - 1]
                : layer == 1 ? [32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256]
                : [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
            let bitrate = table[bitrateIndex] * 1000, pad = Int((b[i + 2] >> 1) & 1)
            let size = layer == 1 ? (12 * bitrate / rate + pad) * 4 : (layer == 3 && !v1 ? 72 : 144) * bitrate / rate + pad
            return size >= 4 ? (size, UInt16(b[i + 1] & 0xFE) << 8 | UInt16(b[i + 2] & 0x0C)) : nil
        }
        var i = 0
        while i + 4 <= b.count {
            if b[i] == 0xFF, let f = frame(i), let g = frame(i + f.size), g.stream == f.stream,
               let h = frame(i + f.size + g.size), h.stream == f.stream {
                return i
            }
            i += 1
        }
        return nil
    }

    static func textKind(_ bytes: [UInt8], encoding: TextEncoding, fileName: String?) -> SourceKind {
        // The first 2 KB decide: headers, signatures and "a file holding only links" are all early.
        let head = encoding == .utf16LE || encoding == .utf16BE ? Array(bytes.prefix(4096)) : Array(bytes.prefix(2048))
        let text = TextDecoder.decode(Data(head), as: encoding).text
        let raw = Array(text.utf8)
        // Trim and lower-case by bytes (ASCII is all the checks below look at).
        var a = 0, b = raw.count
        while a < b, raw[a] == 0x20 || raw[a] == 0x0A || raw[a] == 0x0D || raw[a] == 0x09 { a += 1 }
        while b > a, raw[b - 1] == 0x20 || raw[b - 1] == 0x0A || raw[b - 1] == 0x0D || raw[b - 1] == 0x09 { b -= 1 }
        let lower = raw[a..<b].map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        let trimmed = String(decoding: raw[a..<b], as: UTF8.self)
        func starts(_ p: String) -> Bool { lower.starts(with: p.utf8) }
        func has(_ p: String) -> Bool { ByteSearch.contains(lower, p) }
        let ext = fileName.map { ($0 as NSString).pathExtension.lowercased() } ?? ""
        if starts("webvtt") { return .subtitles }
        if looksLikeSRT(trimmed) { return .subtitles }
        if starts("[internetshortcut]") { return .youtubeLink }
        if starts("<") {
            if has("<plist") && (ext == "webloc" || has("<key>url</key>")) { return .youtubeLink }
            if has("<transcript") || has("<timedtext") { return .subtitles }
            if has("<html") || starts("<!doctype html") {
                return ByteSearch.contains(bytes, "ytInitialPlayerResponse") ? .youtubeInfo : .html
            }
        }
        if starts("{") {
            if ByteSearch.contains(raw, "\"videoDetails\"") || ByteSearch.contains(raw, "\"playabilityStatus\"")
                || (ByteSearch.contains(raw, "\"extractor\"") && (ByteSearch.contains(raw, "\"subtitles\"") || ByteSearch.contains(raw, "\"automatic_captions\"")))
                || ByteSearch.contains(raw, "\"webpage_url\"")
                // yt-dlp writes `id`, `title`, then `formats` (often hundreds of KB) before
                // `webpage_url` and `extractor`: its format entries are what shows early.
                || (ByteSearch.contains(raw, "\"formats\"") && ByteSearch.contains(raw, "\"format_id\"")) {
                return .youtubeInfo
            }
            if has("\"events\"") && has("\"tstartms\"") { return .subtitles }  // json3
        }
        if bytes.count <= 2048, isOnlyLinks(trimmed) { return .youtubeLink }
        return .text
    }

    static func looksLikeSRT(_ text: String) -> Bool {
        guard let firstChar = text.unicodeScalars.first, ("0"..."9").contains(firstChar) else { return false }
        let lines = text.split(separator: "\n", maxSplits: 3, omittingEmptySubsequences: true).prefix(3).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard lines.count >= 2, Int(lines[0]) != nil else { return false }
        return lines[1].contains("-->") && lines[1].contains(":")
    }

    /// One to five lines, each a URL: a pasted link (or a few) saved as a file.
    static func isOnlyLinks(_ text: String) -> Bool {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard (1...5).contains(lines.count) else { return false }
        return lines.allSatisfy { line in
            !line.contains(" ") && (line.lowercased().hasPrefix("http://") || line.lowercased().hasPrefix("https://")
                || line.lowercased().contains("youtu.be/") || line.lowercased().contains("youtube.com/"))
        }
    }

    /// Whether `needle` starts in the first `limit` bytes of `hay` (`ByteSearch`).
    static func starts(_ needle: [UInt8], in hay: [UInt8], within limit: Int) -> Bool {
        ByteSearch.firstIndex(of: needle, in: hay, within: 0..<min(hay.count, limit + needle.count)) != nil
    }

    /// The kinds an extension promises, for the mismatch warning.
    public static let kindsForExtension: [String: Set<SourceKind>] = [
        "pdf": [.pdf], "docx": [.docx], "docm": [.docx], "dotx": [.docx], "dotm": [.docx],
        "pptx": [.pptx], "pptm": [.pptx], "ppsx": [.pptx], "potx": [.pptx], "xlsx": [.xlsx],
        "odt": [.odt], "ott": [.odt], "odp": [.odp], "otp": [.odp], "epub": [.epub], "rtf": [.rtf], "doc": [.legacyDoc, .encryptedOffice, .ole2],
        "png": [.png], "jpg": [.jpeg], "jpeg": [.jpeg], "tif": [.tiff], "tiff": [.tiff],
        "heic": [.heic], "heif": [.heic], "webp": [.webp], "gif": [.gif], "bmp": [.bmp],
        "mp3": [.mp3], "flac": [.flac], "ogg": [.ogg, .opus], "oga": [.ogg, .opus], "spx": [.ogg], "opus": [.opus],
        "m4a": [.m4a], "m4b": [.m4a], "mp4": [.m4a], "aac": [.m4a, .mp3], "wav": [.wav],
        "aif": [.aiff], "aiff": [.aiff], "wma": [.wma], "wv": [.wavpack],
        "txt": [.text, .youtubeLink, .subtitles], "md": [.text, .youtubeLink], "markdown": [.text],
        "srt": [.subtitles], "vtt": [.subtitles], "lrc": [.text, .subtitles],
        "url": [.youtubeLink], "webloc": [.youtubeLink], "html": [.html, .youtubeInfo], "htm": [.html, .youtubeInfo],
        "json": [.youtubeInfo, .text, .subtitles], "json3": [.subtitles], "srv3": [.subtitles], "xml": [.subtitles, .text],
    ]
}

/// What Ingest reads, grouped as the unknown-kind message lists it. The list is made from the
/// kinds the sniffer tells apart (an exhaustive switch: a new kind must say whether it is read),
/// so the message cannot promise a kind that is refused nor forget one that is read.
public enum ReadKinds {
    public enum Family: Int, CaseIterable, Sendable { case pdf, images, documents, audio, youtube, text }

    /// The family and the name a person knows a kind by; nil for a kind that is refused.
    public static func label(_ kind: SourceKind) -> (family: Family, name: String)? {
        switch kind {
        case .pdf: (.pdf, "PDF")
        case .png: (.images, "PNG")
        case .jpeg: (.images, "JPEG")
        case .tiff: (.images, "TIFF")
        case .heic: (.images, "HEIC")
        case .webp: (.images, "WebP")
        case .gif: (.images, "GIF")
        case .bmp: (.images, "BMP")
        case .docx: (.documents, "Word .docx")
        case .pptx: (.documents, "PowerPoint .pptx")
        case .odt: (.documents, "OpenDocument .odt")
        case .odp: (.documents, "OpenDocument .odp")
        case .epub: (.documents, "EPUB")
        case .rtf: (.documents, "RTF")
        case .mp3: (.audio, "MP3")
        case .m4a: (.audio, "M4A")
        case .flac: (.audio, "FLAC")
        case .ogg: (.audio, "Ogg Vorbis, Ogg Speex, Ogg FLAC")
        case .opus: (.audio, "Opus")
        case .wav: (.audio, "WAV, RF64")
        case .aiff: (.audio, "AIFF")
        case .wma: (.audio, "WMA")
        case .wavpack: (.audio, "WavPack")
        case .youtubeLink, .youtubeInfo: (.youtube, "YouTube")
        case .text: (.text, ".txt, .md")
        case .subtitles: (.text, ".srt, .vtt")
        case .xlsx, .zip, .legacyDoc, .encryptedOffice, .ole2, .html, .unknown: nil
        }
    }

    /// "PDF, photos and scans (PNG, …), …": every read kind, in family order.
    public static func sentence(_ language: MessageLanguage) -> String {
        Family.allCases.map { family -> String in
            var names: [String] = []
            for kind in SourceKind.allCases {
                if let l = label(kind), l.family == family, !names.contains(l.name) { names.append(l.name) }
            }
            // The family's words from the catalog (sniff.family.*), its formats' names as they are.
            let entry = MessageCatalog.kindFamilyMessages[ErrorCode("sniff.family.\(family)")]!
            return MessageCatalog.fill(entry.text(language), ["names": names.joined(separator: ", ")], language)
        }.joined(separator: ", ")
    }
}

/// The names in an OLE2 compound file's directory, to tell a Word 97 `.doc` (`WordDocument`) from
/// a password-protected OOXML file (`EncryptedPackage`). Reads the directory chain through the FAT
/// (whose sectors are listed in the header, then in the DIFAT chain for files beyond ~7 MB).
public enum OLE2Directory {
    public static func entryNames(_ data: Data) -> [String] {
        let b = [UInt8](data)
        guard b.count >= 512 else { return [] }
        func u16(_ o: Int) -> Int { o + 2 <= b.count ? Int(b[o]) | Int(b[o + 1]) << 8 : 0 }
        func u32(_ o: Int) -> Int { o + 4 <= b.count ? Int(b[o]) | Int(b[o + 1]) << 8 | Int(b[o + 2]) << 16 | Int(b[o + 3]) << 24 : -1 }
        let shift = u16(0x1E)
        guard (7...16).contains(shift) else { return [] }
        let sectorSize = 1 << shift
        func offset(_ sector: Int) -> Int { (sector + 1) * sectorSize }
        func isSector(_ s: Int) -> Bool { s >= 0 && s < 0xFFFFFFFA }
        // FAT sectors: 109 in the header, the others in the DIFAT chain (each of its sectors lists
        // sectorSize/4 − 1 FAT sectors, then the next DIFAT sector).
        var fatSectors: [Int] = []
        for k in 0..<109 { let s = u32(0x4C + 4 * k); if isSector(s) { fatSectors.append(s) } }
        var difat = u32(0x44)
        var seenDIFAT = Set<Int>()
        while isSector(difat), !seenDIFAT.contains(difat), offset(difat) + sectorSize <= b.count, seenDIFAT.count < 100_000 {
            seenDIFAT.insert(difat)
            let base = offset(difat)
            for k in 0..<(sectorSize / 4 - 1) { let s = u32(base + 4 * k); if isSector(s) { fatSectors.append(s) } }
            difat = u32(base + sectorSize - 4)
        }
        func next(_ sector: Int) -> Int {
            let perSector = sectorSize / 4
            let index = sector / perSector
            guard index < fatSectors.count else { return -1 }
            return u32(offset(fatSectors[index]) + 4 * (sector % perSector))
        }
        var names: [String] = []
        var sector = u32(0x30)
        var visited = Set<Int>()
        while isSector(sector), !visited.contains(sector), offset(sector) + sectorSize <= b.count {
            visited.insert(sector)
            let base = offset(sector)
            for e in stride(from: base, to: base + sectorSize, by: 128) {
                let nameLength = min(u16(e + 64), 64)
                guard nameLength >= 2 else { continue }
                var units: [UInt16] = []
                for k in stride(from: 0, to: nameLength - 2, by: 2) { units.append(UInt16(u16(e + k))) }
                names.append(String(decoding: units, as: UTF16.self))
            }
            if visited.count > 10_000 { break }
            sector = next(sector)
        }
        return names
    }

    /// `.legacyDoc`, `.encryptedOffice` or `.ole2` for another compound file. When the directory
    /// cannot be read (a damaged or cut file, an old Word's odd layout), what the bytes hold
    /// decides: a Word file information block at the start of a sector, Word's class name
    /// (`Word.Document.8`, `MSWordDoc`) or the `WordDocument` entry name make it an old `.doc`,
    /// the `EncryptedPackage` entry name a password-protected OOXML file.
    public static func kind(_ data: Data) -> SourceKind {
        let names = entryNames(data)
        if names.contains("EncryptedPackage") { return .encryptedOffice }
        if names.contains("WordDocument") { return .legacyDoc }
        if names.first == "Root Entry" { return .ole2 }     // a directory that names other streams (.xls, .ppt, .msg)
        return contentKind([UInt8](data))
    }

    static func contentKind(_ b: [UInt8]) -> SourceKind {
        func utf16(_ s: String) -> [UInt8] { s.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } }
        if ByteSearch.firstIndex(of: utf16("EncryptedPackage"), in: b) != nil { return .encryptedOffice }
        if ByteSearch.firstIndex(of: utf16("WordDocument"), in: b) != nil || ByteSearch.firstIndex(of: Array("Word.Document.".utf8), in: b) != nil
            || ByteSearch.firstIndex(of: Array("MSWordDoc".utf8), in: b) != nil || hasWordFIB(b) {
            return .legacyDoc
        }
        return .ole2
    }

    /// A Word file information block at the start of a 512-byte sector: `wIdent` 0xA5EC (Word 97
    /// and later) or 0xA5DC (Word 6 and 95), then a known `nFib` (0x0065…0x0112).
    static func hasWordFIB(_ b: [UInt8]) -> Bool {
        var o = 512
        while o + 4 <= b.count {
            if b[o + 1] == 0xA5 && (b[o] == 0xEC || b[o] == 0xDC) {
                let nFib = Int(b[o + 2]) | Int(b[o + 3]) << 8
                if (0x65...0x112).contains(nFib) { return true }
            }
            o += 512
        }
        return false
    }
}
