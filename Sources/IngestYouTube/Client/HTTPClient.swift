import Foundation
import IngestCore
import IngestHTTP

/// A small synchronous HTTP client over IngestHTTP (libcurl): bounded bodies, timeouts, retries with backoff
/// on transport errors, 429 and 5xx. Every failure comes out as `youtube.unavailable` with the
/// upstream reason in `detail` and a hint. Synchronous on purpose: extractors are synchronous and
/// run on the runner's threads, never on Swift's cooperative pool (no Task + semaphore).
public struct HTTPClient: Sendable {
    public struct Response: Sendable {
        public var status: Int
        public var body: Data
    }

    public var timeoutSeconds: Double
    public var retries: Int
    public var maxBytes: Int
    /// First backoff; doubled on each retry.
    public var backoffSeconds: Double

    public init(timeoutSeconds: Double, retries: Int, maxBytes: Int = 16 << 20, backoffSeconds: Double = 0.2) {
        self.timeoutSeconds = timeoutSeconds; self.retries = retries; self.maxBytes = maxBytes; self.backoffSeconds = backoffSeconds
    }

    /// GET or POST `url`; returns a 2xx response or throws a named refusal.
    public func fetch(_ url: URL, method: String = "GET", body: Data? = nil, headers: [String: String] = [:]) throws -> Response {
        var lastError = IngestError(.youtubeUnavailable, detail: "no request made", hint: .youtubeHintNetwork)
        for attempt in 0...max(0, retries) {
            if attempt > 0 { Thread.sleep(forTimeInterval: backoffSeconds * Double(1 << min(attempt - 1, 6))) }
            let outcome = once(url, method: method, body: body, headers: headers)
            switch outcome {
            case .success(let r) where (200..<300).contains(r.status):
                return r
            case .success(let r):
                lastError = Self.error(status: r.status, url: url)
                // Client errors other than 429 will not change on retry.
                if r.status != 429 && r.status < 500 { throw lastError }
            case .failure(let e):
                lastError = e
                // Too large, or no libcurl: retrying won't help.
                if e.hint == .youtubeHintChanged || e.hint == .httpLibraryMissing { throw e }
            }
        }
        throw lastError
    }

    /// The refusal for an HTTP status; `httpStatus` is kept in the arguments for callers that
    /// decide on it (a stale caption URL), never shown.
    static func error(status: Int, url: URL) -> IngestError {
        let detail = "HTTP \(status) from \(url.path)"
        let args = [httpStatusArgument: String(status)]
        switch status {
        case 429: return IngestError(.youtubeUnavailable, args, detail: detail, hint: .youtubeHintRateLimited)
        case 401, 403: return IngestError(.youtubeUnavailable, args, detail: detail, hint: .youtubeHintSignIn)
        case 500...: return IngestError(.youtubeUnavailable, args, detail: detail, hint: .youtubeHintNetwork)
        default: return IngestError(.youtubeUnavailable, args, detail: detail)
        }
    }

    public static let httpStatusArgument = "httpStatus"

    func once(_ url: URL, method: String, body: Data?, headers: [String: String]) -> Result<Response, IngestError> {
        let request = HTTPRequest(method: method, url: url, headers: headers, body: body,
                                  timeoutSeconds: timeoutSeconds, maxResponseBytes: maxBytes)
        do {
            let r = try HTTP.send(request)
            return .success(Response(status: r.status, body: r.body))
        } catch let e as IngestError {
            return .failure(Self.refusal(e, url: url))
        } catch {
            return .failure(IngestError(.youtubeUnavailable, detail: "\(url.host ?? "?"): \(error)", hint: .youtubeHintNetwork))
        }
    }

    /// A transport failure as this domain's refusal: too large means YouTube changed (not
    /// retried); a missing libcurl says which package to install; the rest is the network.
    static func refusal(_ e: IngestError, url: URL) -> IngestError {
        switch e.code {
        case .httpTooLarge:
            return IngestError(.youtubeUnavailable, detail: "answer from \(url.path) larger than \(e.arguments["limit"] ?? "?") bytes",
                               hint: .youtubeHintChanged)
        case .httpLibraryMissing:
            return IngestError(.youtubeUnavailable, e.arguments, detail: e.detail, hint: .httpLibraryMissing)
        default:
            return IngestError(.youtubeUnavailable, detail: "\(url.host ?? "?"): \(e.code) \(e.detail ?? "")", hint: .youtubeHintNetwork)
        }
    }
}
