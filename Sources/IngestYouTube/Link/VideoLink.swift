import Foundation
import IngestCore

/// The link check of SPEC §4: offline, before anything else. A pure function from pasted text to a
/// video ID, or `youtube.notYouTube`.
public enum VideoLink {
    /// The canonical watch URL of a video ID.
    public static func watchURL(_ id: String) -> String { "https://www.youtube.com/watch?v=\(id)" }

    /// The video ID a link names, or throws `youtube.notYouTube`.
    public static func videoID(from text: String) throws -> String {
        guard let id = parse(text) else { throw IngestError(.youtubeNotYouTube, detail: String(text.prefix(200))) }
        return id
    }

    /// The video ID, or nil when `text` is not an accepted YouTube video link.
    public static func parse(_ text: String) -> String? {
        let raw = text.trimmingCharacters(in: .whitespacesAndNewlines)
        // One link, nothing else: a sentence holding a link is not a link (and has spaces).
        guard !raw.isEmpty, raw.count <= 2048, !raw.contains(where: { $0.isWhitespace }) else { return nil }
        // Scheme: http, https or none. Anything else (javascript:, ftp:, data:) is refused.
        var rest = Substring(raw)
        if let sep = rest.range(of: "://") {
            let scheme = rest[..<sep.lowerBound].lowercased()
            guard scheme == "http" || scheme == "https" else { return nil }
            rest = rest[sep.upperBound...]
        } else if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
        } else {
            // No `://`: a colon before the path is a port (`youtube.com:443/…`) or another scheme
            // (`javascript:…`, `mailto:…`), which is refused.
            let head = rest[..<(rest.firstIndex(of: "/") ?? rest.endIndex)]
            if let colon = head.firstIndex(of: ":") {
                let port = head[head.index(after: colon)...]
                guard !port.isEmpty, port.allSatisfy(\.isASCII), port.allSatisfy(\.isNumber) else { return nil }
            }
        }
        // Authority, then path, query and fragment.
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        let afterAuthority = rest[authorityEnd...]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] } // user info is never ours
        if let colon = authority.lastIndex(of: ":") {
            guard authority[authority.index(after: colon)...].allSatisfy(\.isNumber) else { return nil }
            authority = authority[..<colon]
        }
        var host = (percentDecoded(String(authority)) ?? "").lowercased()
        if host.hasSuffix(".") { host.removeLast() }
        guard let family = hostFamily(host) else { return nil }

        var pathPart = afterAuthority
        var fragment = Substring("")
        if let hash = pathPart.firstIndex(of: "#") { fragment = pathPart[pathPart.index(after: hash)...]; pathPart = pathPart[..<hash] }
        _ = fragment
        var query = Substring("")
        if let q = pathPart.firstIndex(of: "?") { query = pathPart[pathPart.index(after: q)...]; pathPart = pathPart[..<q] }
        let segments = pathPart.split(separator: "/").map { percentDecoded(String($0)) ?? "" }
        let parameters = queryItems(query)

        switch family {
        case .short:
            // youtu.be/ID
            guard let first = segments.first, segments.count == 1 else { return nil }
            return validID(first)
        case .main:
            if segments.isEmpty || (segments.count == 1 && segments[0].lowercased() == "watch") {
                guard segments.count == 1 || segments.isEmpty, let v = parameters["v"] else { return nil }
                if segments.isEmpty { return nil }   // youtube.com/?v=… is not a watch page
                return validID(v)
            }
            let head = segments[0].lowercased()
            guard ["shorts", "embed", "live", "v", "e"].contains(head), segments.count == 2 else { return nil }
            return validID(segments[1])
        }
    }

    enum HostFamily { case main, short }

    /// `youtube.com` and its `www.`, `m.`, `music.` hosts; `youtu.be`. Exact match only, so
    /// `youtube.com.evil.net` and `notyoutube.com` are refused.
    static func hostFamily(_ host: String) -> HostFamily? {
        switch host {
        case "youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com": return .main
        case "youtu.be", "www.youtu.be": return .short
        case "youtube-nocookie.com", "www.youtube-nocookie.com": return .main
        default: return nil
        }
    }

    /// An ID is 11 characters of `[A-Za-z0-9_-]`.
    public static func validID(_ s: String) -> String? {
        guard s.utf8.count == 11, s.utf8.allSatisfy(isIDByte) else { return nil }
        return s
    }

    static func isIDByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D || b == 0x5F
    }

    /// Query parameters (first value wins), percent-decoded, `+` as space.
    static func queryItems(_ query: Substring) -> [String: String] {
        var items: [String: String] = [:]
        for pair in query.split(whereSeparator: { $0 == "&" || $0 == ";" }) {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = percentDecoded(String(kv[0]).replacingOccurrences(of: "+", with: " ")) ?? ""
            let value = kv.count > 1 ? (percentDecoded(String(kv[1]).replacingOccurrences(of: "+", with: " ")) ?? "") : ""
            if items[key] == nil { items[key] = value }
        }
        return items
    }

    static func percentDecoded(_ s: String) -> String? {
        guard s.contains("%") else { return s }
        return s.removingPercentEncoding
    }
}
