import Foundation
import IngestCore

/// ID3v2 text encodings: 0 Latin-1, 1 UTF-16 with BOM, 2 UTF-16BE without BOM, 3 UTF-8.
enum ID3Text {
    /// Splits `bytes` at the first terminator of `encoding`: (text, rest after the terminator).
    static func splitTerminated(_ bytes: ArraySlice<UInt8>, encoding: UInt8) -> (ArraySlice<UInt8>, ArraySlice<UInt8>) {
        let wide = encoding == 1 || encoding == 2
        var i = bytes.startIndex
        if wide {
            while i + 1 < bytes.endIndex {
                if bytes[i] == 0 && bytes[i + 1] == 0 { return (bytes[bytes.startIndex..<i], bytes[(i + 2)...]) }
                i += 2
            }
            return (bytes, bytes[bytes.endIndex...])
        }
        while i < bytes.endIndex {
            if bytes[i] == 0 { return (bytes[bytes.startIndex..<i], bytes[(i + 1)...]) }
            i += 1
        }
        return (bytes, bytes[bytes.endIndex...])
    }

    /// Decodes one string (no terminator) of `encoding`.
    static func decode(_ bytes: ArraySlice<UInt8>, encoding: UInt8) -> String {
        switch encoding {
        case 1, 2:
            var b = bytes
            var littleEndian: Bool
            if b.count >= 2 && b[b.startIndex] == 0xFF && b[b.startIndex + 1] == 0xFE {
                littleEndian = true; b = b.dropFirst(2)
            } else if b.count >= 2 && b[b.startIndex] == 0xFE && b[b.startIndex + 1] == 0xFF {
                littleEndian = false; b = b.dropFirst(2)
            } else if encoding == 2 {
                littleEndian = false
            } else {
                // UTF-16 declared with a BOM that is missing: guess the order from where the NULs are.
                var even = 0, odd = 0
                for (k, x) in b.enumerated() where x == 0 { if k % 2 == 0 { even += 1 } else { odd += 1 } }
                littleEndian = odd >= even
            }
            var units: [UInt16] = []
            units.reserveCapacity(b.count / 2)
            var i = b.startIndex
            while i + 1 < b.endIndex {
                let u = littleEndian ? UInt16(b[i]) | UInt16(b[i + 1]) << 8 : UInt16(b[i]) << 8 | UInt16(b[i + 1])
                units.append(u)
                i += 2
            }
            return String(decoding: units, as: UTF16.self)
        case 3:
            var b = bytes
            if b.starts(with: [0xEF, 0xBB, 0xBF]) { b = b.dropFirst(3) }
            return String(decoding: b, as: UTF8.self)
        default:
            return TagText.latin1(bytes)
        }
    }

    /// All NUL-separated values of a text frame body (encoding byte first), trailing empties dropped.
    static func values(_ body: ArraySlice<UInt8>) -> [String] {
        guard let enc = body.first else { return [] }
        var rest = body.dropFirst()
        var out: [String] = []
        while !rest.isEmpty {
            let (s, r) = splitTerminated(rest, encoding: enc)
            out.append(decode(s, encoding: enc))
            if r.count == rest.count { break }
            rest = r
        }
        while let last = out.last, last.isEmpty { out.removeLast() }
        return out
    }
}

/// The ID3v1 genre list (80 standard + Winamp extensions), indexed by the genre byte.
enum ID3Genres {
    static let names: [String] = [
        "Blues", "Classic Rock", "Country", "Dance", "Disco", "Funk", "Grunge", "Hip-Hop", "Jazz", "Metal",
        "New Age", "Oldies", "Other", "Pop", "R&B", "Rap", "Reggae", "Rock", "Techno", "Industrial",
        "Alternative", "Ska", "Death Metal", "Pranks", "Soundtrack", "Euro-Techno", "Ambient", "Trip-Hop",
        "Vocal", "Jazz+Funk", "Fusion", "Trance", "Classical", "Instrumental", "Acid", "House", "Game",
        "Sound Clip", "Gospel", "Noise", "Alt. Rock", "Bass", "Soul", "Punk", "Space", "Meditative",
        "Instrumental Pop", "Instrumental Rock", "Ethnic", "Gothic", "Darkwave", "Techno-Industrial",
        "Electronic", "Pop-Folk", "Eurodance", "Dream", "Southern Rock", "Comedy", "Cult", "Gangsta Rap",
        "Top 40", "Christian Rap", "Pop/Funk", "Jungle", "Native American", "Cabaret", "New Wave",
        "Psychedelic", "Rave", "Showtunes", "Trailer", "Lo-Fi", "Tribal", "Acid Punk", "Acid Jazz", "Polka",
        "Retro", "Musical", "Rock & Roll", "Hard Rock", "Folk", "Folk-Rock", "National Folk", "Swing",
        "Fast-Fusion", "Bebop", "Latin", "Revival", "Celtic", "Bluegrass", "Avantgarde", "Gothic Rock",
        "Progressive Rock", "Psychedelic Rock", "Symphonic Rock", "Slow Rock", "Big Band", "Chorus",
        "Easy Listening", "Acoustic", "Humour", "Speech", "Chanson", "Opera", "Chamber Music", "Sonata",
        "Symphony", "Booty Bass", "Primus", "Porn Groove", "Satire", "Slow Jam", "Club", "Tango", "Samba",
        "Folklore", "Ballad", "Power Ballad", "Rhythmic Soul", "Freestyle", "Duet", "Punk Rock", "Drum Solo",
        "A Cappella", "Euro-House", "Dance Hall", "Goa", "Drum & Bass", "Club-House", "Hardcore", "Terror",
        "Indie", "BritPop", "Afro-Punk", "Polsk Punk", "Beat", "Christian Gangsta Rap", "Heavy Metal",
        "Black Metal", "Crossover", "Contemporary Christian", "Christian Rock", "Merengue", "Salsa",
        "Thrash Metal", "Anime", "JPop", "Synthpop", "Abstract", "Art Rock", "Baroque", "Bhangra",
        "Big Beat", "Breakbeat", "Chillout", "Downtempo", "Dub", "EBM", "Eclectic", "Electro",
        "Electroclash", "Emo", "Experimental", "Garage", "Global", "IDM", "Illbient", "Industro-Goth",
        "Jam Band", "Krautrock", "Leftfield", "Lounge", "Math Rock", "New Romantic", "Nu-Breakz",
        "Post-Punk", "Post-Rock", "Psytrance", "Shoegaze", "Space Rock", "Trop Rock", "World Music",
        "Neoclassical", "Audiobook", "Audio Theatre", "Neue Deutsche Welle", "Podcast", "Indie Rock",
        "G-Funk", "Dubstep", "Garage Rock", "Psybient",
    ]

    static func name(_ index: Int) -> String? { names.indices.contains(index) ? names[index] : nil }

    /// Resolves ID3v2 genre text: "(17)", "(17)Rock", "17", "(RX)", "(CR)", or plain text.
    static func resolve(_ raw: String) -> String? {
        var s = Substring(raw.trimmingCharacters(in: .whitespaces))
        var parts: [String] = []
        while s.hasPrefix("("), let close = s.firstIndex(of: ")") {
            let inner = s[s.index(after: s.startIndex)..<close]
            if inner == "RX" { parts.append("Remix") }
            else if inner == "CR" { parts.append("Cover") }
            else if let n = Int(inner), let g = name(n) { parts.append(g) }
            else { break }
            s = s[s.index(after: close)...]
        }
        let tail = s.hasPrefix("((") ? String(s.dropFirst()) : String(s)
        if !tail.isEmpty {
            if let n = Int(tail), let g = name(n) { parts.append(g) }
            else if !parts.contains(tail) { parts.append(tail) }
        }
        let out = parts.joined(separator: " / ")
        return out.isEmpty ? nil : out
    }
}
