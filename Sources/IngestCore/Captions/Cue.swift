import Foundation

/// One timed piece of text: a subtitle cue, a lyric line, a chapter.
public struct Cue: Sendable, Equatable, Codable {
    public var start: Double
    public var end: Double?
    public var text: String
    public init(start: Double, end: Double?, text: String) { self.start = start; self.end = end; self.text = text }
}

/// Malformed caption text. Parsers are lenient (a bad cue is skipped), so this is raised only when
/// nothing at all could be read.
public struct CaptionParseError: Error, Sendable, Equatable { public var reason: String }

/// SRT, WebVTT and LRC parsers shared by text sources, audio transcripts and YouTube captions.
public enum CaptionParser {
    /// Parses `HH:MM:SS,mmm`, `HH:MM:SS.mmm`, `MM:SS.mmm` (and LRC's `MM:SS.xx`) into seconds.
    public static func parseTimestamp(_ raw: Substring) -> Double? {
        let t = raw.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
        let parts = t.split(separator: ":")
        guard (2...3).contains(parts.count) else { return nil }
        var seconds = 0.0
        for (i, p) in parts.enumerated() {
            guard let v = Double(p), v >= 0 else { return nil }
            if i < parts.count - 1 && p.contains(".") { return nil }
            seconds = seconds * 60 + v
        }
        return seconds
    }

    /// SRT: numbered cues, `start --> end`, text lines, blank line. Numbers are optional.
    public static func parseSRT(_ text: String) -> [Cue] { parseTimedBlocks(text, webVTT: false) }

    /// WebVTT: header, optional cue identifiers and settings, inline tags (`<c>`, `<00:01.000>`)
    /// removed, `NOTE`/`STYLE`/`REGION` blocks skipped.
    public static func parseWebVTT(_ text: String) -> [Cue] { parseTimedBlocks(text, webVTT: true) }

    static func parseTimedBlocks(_ text: String, webVTT: Bool) -> [Cue] {
        var cues: [Cue] = []
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        let blocks = normalized.components(separatedBy: "\n\n")
        for block in blocks {
            let lines = block.split(separator: "\n", omittingEmptySubsequences: true)
            guard let timingIndex = lines.firstIndex(where: { $0.contains("-->") }) else { continue }
            if webVTT, let first = lines.first, first.hasPrefix("NOTE") || first.hasPrefix("STYLE") || first.hasPrefix("REGION") {
                continue
            }
            let timing = lines[timingIndex]
            let sides = timing.components(separatedBy: "-->")
            guard sides.count == 2, let start = parseTimestamp(Substring(sides[0])) else { continue }
            let endField = sides[1].trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? ""
            let end = parseTimestamp(endField)
            let body = lines[(timingIndex + 1)...].map { line -> String in
                let s = String(line)
                return webVTT ? stripTags(s) : stripTags(s)
            }.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
            if body.isEmpty { continue }
            cues.append(Cue(start: start, end: end, text: decodeEntities(body)))
        }
        return cues
    }

    /// LRC: `[mm:ss.xx]line`, several stamps per line allowed; metadata tags (`[ar:…]`) skipped.
    public static func parseLRC(_ text: String) -> [Cue] {
        var cues: [Cue] = []
        for line in text.split(whereSeparator: \.isNewline) {
            var rest = Substring(line)
            var stamps: [Double] = []
            while rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
                let inner = rest[rest.index(after: rest.startIndex)..<close]
                if let t = parseTimestamp(inner) { stamps.append(t) } else { break }
                rest = rest[rest.index(after: close)...]
            }
            let body = stripTags(String(rest)).trimmingCharacters(in: .whitespaces)
            guard !stamps.isEmpty, !body.isEmpty else { continue }
            for t in stamps { cues.append(Cue(start: t, end: nil, text: body)) }
        }
        cues.sort { $0.start < $1.start }
        for i in cues.indices.dropLast() { cues[i].end = cues[i + 1].start }
        return cues
    }

    /// Removes `<…>` tags (WebVTT voice/class/timestamp tags, SRT's `<i>`, LRC word stamps).
    public static func stripTags(_ s: String) -> String {
        guard s.contains("<") else { return s }
        var out = ""
        var inTag = false
        for ch in s {
            if ch == "<" { inTag = true; continue }
            if ch == ">" && inTag { inTag = false; continue }
            if !inTag { out.append(ch) }
        }
        return out
    }

    /// Decodes HTML character references: named (a common set), decimal and hexadecimal.
    public static func decodeEntities(_ s: String) -> String {
        guard s.contains("&") else { return s }
        var out = ""
        var i = s.startIndex
        while i < s.endIndex {
            let ch = s[i]
            if ch == "&", let semi = s[i...].prefix(12).firstIndex(of: ";") {
                let name = s[s.index(after: i)..<semi]
                if let decoded = entity(name) { out += decoded; i = s.index(after: semi); continue }
            }
            out.append(ch)
            i = s.index(after: i)
        }
        return out
    }

    static let namedEntities: [Substring: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}", "hellip": "…",
        "laquo": "«", "raquo": "»", "eacute": "é", "egrave": "è", "agrave": "à", "ccedil": "ç", "rsquo": "’",
        "lsquo": "‘", "ldquo": "“", "rdquo": "”", "ndash": "–", "mdash": "—", "euro": "€", "ecirc": "ê",
    ]

    static func entity(_ name: Substring) -> String? {
        if name.hasPrefix("#x") || name.hasPrefix("#X"), let v = UInt32(name.dropFirst(2), radix: 16), let u = Unicode.Scalar(v) {
            return String(Character(u))
        }
        if name.hasPrefix("#"), let v = UInt32(name.dropFirst()), let u = Unicode.Scalar(v) { return String(Character(u)) }
        return namedEntities[name]
    }
}
