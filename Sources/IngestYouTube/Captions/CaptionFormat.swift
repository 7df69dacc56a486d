import Foundation
import IngestCore

/// The caption formats YouTube and yt-dlp give (SPEC §4), told apart by content.
public enum CaptionFormat: String, Codable, Sendable, CaseIterable {
    case json3, srv3, timedtext, webVTT = "vtt", srt

    /// The format of a caption body, or nil when it is none of them.
    public static func detect(_ data: Data) -> CaptionFormat? {
        var head = String(decoding: data.prefix(4096), as: UTF8.self)
        if head.hasPrefix("\u{FEFF}") { head.removeFirst() }
        let t = head.drop(while: { $0.isWhitespace })
        if t.hasPrefix("{") { return .json3 }
        if t.hasPrefix("WEBVTT") { return .webVTT }
        if t.hasPrefix("<") {
            let lower = t.lowercased()
            if lower.contains("<transcript") || lower.contains("<text ") { return .timedtext }
            if lower.contains("<timedtext") {
                return lower.contains("format=\"3\"") || lower.contains("<p ") || lower.contains("<body") ? .srv3 : .timedtext
            }
            return nil
        }
        if t.contains("-->") { return .srt }
        return nil
    }
}

/// Reads caption bodies into cues. Bounded: a body over `maxBytes` is refused before parsing.
public enum CaptionReader {
    /// A one-hour track is about 1 MB in any of these formats; 32 MB leaves room for 10 h.
    public static let maxBytes = 32 << 20

    public static func cues(_ data: Data, format: CaptionFormat? = nil) throws -> (CaptionFormat, [Cue]) {
        guard data.count <= maxBytes else {
            throw IngestError(.fileTooLarge, ["size": byteText(data.count), "limit": byteText(maxBytes)],
                              detail: "caption track of \(data.count) bytes")
        }
        guard let format = format ?? CaptionFormat.detect(data) else {
            throw IngestError(.youtubeNoCaptions, detail: "caption body in no known format")
        }
        switch format {
        case .json3: return (format, try Json3Scanner.parse(data))
        case .srv3, .timedtext: return (format, TimedTextXML.parse(data))
        case .webVTT:
            return (format, RollingCaptions.dedupe(TimedCues.parse(utf8(data), webVTT: true)))
        case .srt: return (format, TimedCues.parse(utf8(data), webVTT: false))
        }
    }

    static func byteText(_ n: Int) -> String { n >= 1 << 20 ? "\(n >> 20) Mo" : "\(n) o" }
}

/// json3: `{"events": [{"tStartMs", "dDurationMs", "segs": [{"utf8"}]}]}`. Window events (no
/// `segs`) and the bare newlines of rolling auto-captions carry no text. This DOM reader (core JSON
/// parser) is the reference the one-pass `Json3Scanner` is tested against.
public enum Json3Captions {
    public static func parse(_ data: Data) throws -> [Cue] {
        let json: JSONValue
        do { json = try JSONValue.parse(data) } catch {
            throw IngestError(.youtubeNoCaptions, detail: "json3 captions are not valid JSON: \(error)")
        }
        guard let events = json["events"]?.arrayValue else {
            throw IngestError(.youtubeNoCaptions, detail: "json3 captions without events")
        }
        var cues: [Cue] = []
        cues.reserveCapacity(events.count)
        for e in events {
            guard let segs = e["segs"]?.arrayValue, let startMs = e["tStartMs"]?.doubleValue else { continue }
            var text = ""
            for s in segs { if let u = s["utf8"]?.stringValue { text += u } }
            let trimmed = text.replacingOccurrences(of: "\n", with: " ").trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            let start = startMs / 1000
            let end = e["dDurationMs"]?.doubleValue.map { start + $0 / 1000 }
            cues.append(Cue(start: start, end: end, text: trimmed))
        }
        return cues
    }
}

extension CaptionReader {
    /// UTF-8 as is (the common case, no copy); other encodings (UTF-16, Windows-1252) re-encoded.
    static func utf8(_ data: Data) -> Data {
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) || String(validatingUTF8Data: data) == nil {
            return Data(text(data).utf8)
        }
        return data
    }

    /// Text in whatever encoding it came (BOM, UTF-8, UTF-16, Windows-1252); binary as lossy UTF-8.
    static func text(_ data: Data) -> String {
        TextDecoder.decodeText(data)?.text ?? String(decoding: data, as: UTF8.self)
    }
}

extension String {
    /// nil when `data` is not valid UTF-8 (checked without building the string twice).
    init?(validatingUTF8Data data: Data) {
        guard let s = String(data: data, encoding: .utf8) else { return nil }
        self = s
    }
}
