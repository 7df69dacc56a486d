import Foundation
import IngestCore

/// The only network use of the product (SPEC §9.2): the player API, falling back on the watch
/// page, then one caption track. The base URL is configurable (`youtube.baseURL`), and caption URLs
/// are rebased onto it, so tests run against a local server.
public struct YouTubeClient: Sendable {
    public var baseURL: URL
    public var http: HTTPClient
    /// InnerTube client identity (the one youtube-transcript-api uses; WEB gets bot checks).
    static let clientName = "ANDROID"
    static let clientVersion = "20.10.38"

    public init(config: PipelineConfig.YouTube) throws {
        var base = config.baseURL
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: base), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
            throw IngestError(.configInvalidValue, ["path": "youtube.baseURL", "value": config.baseURL].merging(MessageCatalog.phrase("expected", .schemaHTTPURL)) { a, _ in a })
        }
        baseURL = url
        http = HTTPClient(timeoutSeconds: config.timeoutSeconds, retries: config.retries)
    }

    /// The video's player response: the API first; then the watch page, whose API key lets the
    /// API be asked again (its caption URLs, unlike the page's, need no PO token); the page's own
    /// player response last.
    public func videoInfo(_ id: String) throws -> VideoInfo {
        var apiError: IngestError
        do {
            return try PlayerResponse.videoInfo(try playerAPI(id, key: nil), expectedID: id)
        } catch let e as IngestError {
            apiError = e
        }
        let page: Data
        do { page = try watchPage(id) } catch let e as IngestError { throw Self.preferred(apiError, e) }
        if !Self.isVerdict(apiError), let key = WatchPage.apiKey(in: page) {
            do {
                return try PlayerResponse.videoInfo(try playerAPI(id, key: key), expectedID: id)
            } catch let e as IngestError {
                if Self.isVerdict(e) { apiError = e }
            }
        }
        do {
            return try PlayerResponse.videoInfo(try WatchPage.playerResponse(in: page), expectedID: id)
        } catch let e as IngestError {
            throw Self.preferred(apiError, e)
        }
    }

    /// The player's own verdict (private, removed, sign-in) rather than a transport or shape failure.
    static func isVerdict(_ e: IngestError) -> Bool { e.detail?.hasPrefix("playabilityStatus") ?? false }

    /// A verdict of the player beats a transport or shape failure of the page.
    static func preferred(_ api: IngestError, _ page: IngestError) -> IngestError { isVerdict(api) ? api : page }

    func playerAPI(_ id: String, key: String?) throws -> JSONValue {
        var url = baseURL.appendingPathComponent("youtubei/v1/player")
        if let key, var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) {
            parts.queryItems = [URLQueryItem(name: "key", value: key)]
            url = parts.url ?? url
        }
        let body: JSONValue = [
            "context": ["client": ["clientName": .string(Self.clientName), "clientVersion": .string(Self.clientVersion), "hl": "en"]],
            "videoId": .string(id),
        ]
        let data = try JSONEncoder().encode(body)
        let response = try http.fetch(url, method: "POST", body: data, headers: ["Content-Type": "application/json"])
        do { return try JSONValue.parse(response.body) } catch {
            throw IngestError(.youtubeUnavailable, detail: "player API answer is not JSON: \(error)", hint: .youtubeHintChanged)
        }
    }

    /// The watch page's HTML.
    func watchPage(_ id: String) throws -> Data {
        guard var parts = URLComponents(url: baseURL.appendingPathComponent("watch"), resolvingAgainstBaseURL: false) else {
            throw IngestError(.youtubeUnavailable, detail: "bad base URL", hint: .youtubeHintChanged)
        }
        parts.queryItems = [URLQueryItem(name: "v", value: id), URLQueryItem(name: "hl", value: "en")]
        guard let url = parts.url else { throw IngestError(.youtubeUnavailable, detail: "bad watch URL", hint: .youtubeHintChanged) }
        // The consent cookie spares EU visitors the interstitial, as youtube-transcript-api does.
        return try http.fetch(url, headers: ["Accept-Language": "en-US", "Cookie": "CONSENT=YES+cb"]).body
    }

    /// The body of a caption track.
    public func captions(_ track: CaptionTrack) throws -> Data {
        guard let raw = track.url else {
            throw IngestError(.youtubeNoCaptions, detail: "track \(track.key) has no URL")
        }
        if track.needsPOToken {
            throw IngestError(.youtubeUnavailable, detail: "caption URL requires a PO token (exp=xpe)", hint: .youtubeHintSignIn)
        }
        guard let url = rebased(raw) else {
            throw IngestError(.youtubeUnavailable, detail: "caption URL is not a URL: \(raw.prefix(120))", hint: .youtubeHintChanged)
        }
        let body = try http.fetch(url).body
        if body.isEmpty { throw IngestError(.youtubeNoCaptions, detail: "empty caption track \(track.key)") }
        return body
    }

    /// A caption URL's path and query on our base URL (YouTube's own host in production).
    func rebased(_ raw: String) -> URL? {
        let absolute = raw.hasPrefix("//") ? "https:" + raw : raw
        guard let original = URLComponents(string: absolute) else { return nil }
        guard var parts = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else { return nil }
        let basePath = parts.path.hasSuffix("/") ? String(parts.path.dropLast()) : parts.path
        parts.percentEncodedPath = basePath + (original.percentEncodedPath.hasPrefix("/") ? "" : "/") + original.percentEncodedPath
        parts.percentEncodedQuery = original.percentEncodedQuery
        return parts.url
    }
}
