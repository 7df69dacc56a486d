import Foundation
import IngestCore

/// A saved or fetched watch page: the player response is the `ytInitialPlayerResponse = {…};`
/// object inside a script. Consent interstitials, bot checks and pages of another shape are
/// named refusals.
public enum WatchPage {
    /// The player response JSON embedded in `html`.
    public static func playerResponse(in html: Data) throws -> JSONValue {
        let bytes = [UInt8](html)
        let marker = Array("ytInitialPlayerResponse".utf8)
        var from = 0
        while let at = find(marker, in: bytes, from: from) {
            var i = at + marker.count
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
            if i < bytes.count, bytes[i] == UInt8(ascii: "=") {
                i += 1
                while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
                if i < bytes.count, bytes[i] == UInt8(ascii: "{"), let end = objectEnd(bytes, from: i) {
                    do {
                        return try JSONValue.parse(Data(bytes[i...end]))
                    } catch {
                        throw IngestError(.youtubeUnavailable, detail: "ytInitialPlayerResponse is not valid JSON: \(error)",
                                          hint: .youtubeHintChanged)
                    }
                }
            }
            from = at + marker.count
        }
        throw refusal(for: bytes)
    }

    /// Whether an HTML file is a saved watch page. The player response usually sits past the
    /// sniffer's 8 KB prefix (at ~540 KB in the corpus's page), so the whole file is scanned
    /// (bounded by `VideoSource.maxInfoBytes`).
    public static func isWatchPage(_ url: URL) -> Bool {
        guard let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size]) as? Int,
              size <= VideoSource.maxInfoBytes, let data = try? Data(contentsOf: url) else { return false }
        return find(Array("ytInitialPlayerResponse".utf8), in: [UInt8](data), from: 0) != nil
    }

    /// The page's `"INNERTUBE_API_KEY":"…"`, if any.
    public static func apiKey(in html: Data) -> String? {
        let bytes = [UInt8](html)
        let marker = Array("\"INNERTUBE_API_KEY\":".utf8)
        guard let at = find(marker, in: bytes, from: 0) else { return nil }
        var i = at + marker.count
        while i < bytes.count, bytes[i] == 0x20 { i += 1 }
        guard i < bytes.count, bytes[i] == 0x22 else { return nil }
        i += 1
        let start = i
        while i < bytes.count, i - start < 100, VideoLink.isIDByte(bytes[i]) { i += 1 }
        guard i < bytes.count, bytes[i] == 0x22, i > start else { return nil }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    /// Why a page holds no player response.
    static func refusal(for bytes: [UInt8]) -> IngestError {
        let head = String(decoding: bytes.prefix(200_000), as: UTF8.self)
        if head.contains("action=\"https://consent.youtube.com/") || head.contains("consent.youtube.com/s") {
            return IngestError(.youtubeUnavailable, detail: "YouTube consent page instead of the watch page", hint: .youtubeHintChanged)
        }
        if head.contains("g-recaptcha") || head.contains("www.google.com/recaptcha") {
            return IngestError(.youtubeUnavailable, detail: "YouTube bot check (reCAPTCHA): too many requests", hint: .youtubeHintRateLimited)
        }
        return IngestError(.youtubeUnavailable, detail: "watch page without ytInitialPlayerResponse", hint: .youtubeHintChanged)
    }

    /// The index of the `}` closing the object opened at `start`, aware of JSON strings.
    static func objectEnd(_ b: [UInt8], from start: Int) -> Int? {
        var depth = 0
        var i = start
        var inString = false
        while i < b.count {
            let c = b[i]
            if inString {
                if c == 0x5C { i += 2; continue }
                if c == 0x22 { inString = false }
            } else if c == 0x22 {
                inString = true
            } else if c == 0x7B {
                depth += 1
            } else if c == 0x7D {
                depth -= 1
                if depth == 0 { return i }
            }
            i += 1
        }
        return nil
    }

    static func find(_ needle: [UInt8], in hay: [UInt8], from: Int) -> Int? {
        ByteSearch.firstIndex(of: needle, in: hay, within: from..<hay.count)
    }
}
