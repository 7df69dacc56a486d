import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import IngestCore

/// A small synchronous HTTP client over URLSession: bounded bodies, timeouts, retries with backoff
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
                if e.hint == .youtubeHintChanged { throw e }   // too large: retrying won't help
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
        // FoundationNetworking hands whole seconds to libcurl: a fraction below 1 would time out at once.
        let timeout = max(1, timeoutSeconds.rounded(.up))
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = method
        request.httpBody = body
        for (k, v) in headers { request.setValue(v, forHTTPHeaderField: k) }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout * 4
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCache = nil
        let collector = BodyCollector(limit: maxBytes)
        let session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let task = session.dataTask(with: request)
        task.resume()
        // Safety net above URLSession's own timeouts: never hang the document.
        if !collector.wait(seconds: timeout * 4 + 1) {
            task.cancel()
            return .failure(IngestError(.youtubeUnavailable, detail: "no answer from \(url.host ?? "?") in time", hint: .youtubeHintNetwork))
        }
        return collector.result(url: url)
    }
}

/// Accumulates a response body up to a limit (cancelling past it) and signals completion.
final class BodyCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private let limit: Int
    private var data = Data()
    private var status = 0
    private var tooLarge = false
    private var failure: (any Error)?

    init(limit: Int) { self.limit = limit }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        let http = response as? HTTPURLResponse
        lock.withLock {
            status = http?.statusCode ?? 0
            if response.expectedContentLength > Int64(limit) { tooLarge = true }
        }
        completionHandler(lock.withLock { tooLarge } ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive chunk: Data) {
        let over = lock.withLock { () -> Bool in
            if data.count + chunk.count > limit { tooLarge = true; return true }
            data.append(chunk)
            return false
        }
        if over { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        lock.withLock { failure = error }
        done.signal()
    }

    func wait(seconds: Double) -> Bool { done.wait(timeout: .now() + seconds) == .success }

    func result(url: URL) -> Result<HTTPClient.Response, IngestError> {
        lock.withLock {
            if tooLarge {
                return .failure(IngestError(.youtubeUnavailable, detail: "answer from \(url.path) larger than \(limit) bytes",
                                            hint: .youtubeHintChanged))
            }
            if let failure {
                return .failure(IngestError(.youtubeUnavailable, detail: "\(url.host ?? "?"): \(failure.localizedDescription)",
                                            hint: .youtubeHintNetwork))
            }
            return .success(HTTPClient.Response(status: status, body: data))
        }
    }
}
