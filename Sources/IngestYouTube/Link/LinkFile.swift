import Foundation
import IngestCore

/// Links found in a course folder: an Internet shortcut (`.url`), a macOS `.webloc` (XML plist) or a
/// text file holding links. Returns every candidate URL in order; `VideoLink` decides which are
/// videos.
public enum LinkFile {
    /// Files holding links are small; anything bigger is not a link file.
    public static let maxBytes = 1 << 20

    /// The candidate URLs a link file holds.
    public static func candidates(in text: String) -> [String] {
        let lower = text.lowercased()
        if lower.contains("[internetshortcut]") {
            return text.split(whereSeparator: \.isNewline).compactMap { line in
                let l = line.trimmingCharacters(in: .whitespaces)
                guard l.lowercased().hasPrefix("url=") else { return nil }
                return String(l.dropFirst(4))
            }
        }
        if lower.contains("<plist") {
            return plistURLs(text)
        }
        // Plain text: every whitespace-separated token that looks like a link, with the
        // punctuation a sentence or Markdown puts around it removed.
        var out: [String] = []
        for token in text.split(whereSeparator: { $0.isWhitespace }) {
            var t = Substring(token)
            // Markdown link `[title](url)` or `<url>`.
            if let open = t.range(of: "](") { t = t[open.upperBound...] }
            t = t.drop(while: { "<([\"'«“".contains($0) })
            while let last = t.last, ">)]\"'.,;!?»”".contains(last) { t = t.dropLast() }
            let lower = t.lowercased()
            if lower.contains("youtu.be/") || lower.contains("youtube.com/") || lower.contains("youtube-nocookie.com/") {
                out.append(String(t))
            }
        }
        return out
    }

    /// The first video link in `text`, or `youtube.notYouTube`.
    public static func videoID(in text: String) throws -> String {
        for c in candidates(in: text) { if let id = VideoLink.parse(c) { return id } }
        let first = candidates(in: text).first ?? String(text.prefix(200))
        throw IngestError(.youtubeNotYouTube, detail: first)
    }

    /// `<key>URL</key><string>…</string>` in an XML plist (entities decoded).
    static func plistURLs(_ text: String) -> [String] {
        var out: [String] = []
        var rest = Substring(text)
        while let key = rest.range(of: "<key>URL</key>", options: .caseInsensitive) {
            rest = rest[key.upperBound...]
            guard let open = rest.range(of: "<string>"), let close = rest.range(of: "</string>"),
                  open.upperBound <= close.lowerBound else { break }
            out.append(CaptionParser.decodeEntities(String(rest[open.upperBound..<close.lowerBound]))
                .trimmingCharacters(in: .whitespacesAndNewlines))
            rest = rest[close.upperBound...]
        }
        return out
    }
}
