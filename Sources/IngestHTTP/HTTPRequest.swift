import Foundation

/// One HTTP exchange to make: what `HTTP.send` needs and nothing else.
public struct HTTPRequest: Sendable, Equatable {
    public var method: String
    public var url: URL
    /// Sent in name order; a name the client sets itself (User-Agent) is replaced by the caller's.
    public var headers: [String: String]
    public var body: Data?
    /// Whole exchange (connection, request, answer), in seconds; fractions count (libcurl's
    /// milliseconds), so 0.3 means 300 ms.
    public var timeoutSeconds: Double
    /// The answer's body is refused past this many bytes (announced or received).
    public var maxResponseBytes: Int
    public var followRedirects: Bool

    public init(method: String = "GET", url: URL, headers: [String: String] = [:], body: Data? = nil,
                timeoutSeconds: Double, maxResponseBytes: Int = 16 << 20, followRedirects: Bool = true) {
        self.method = method; self.url = url; self.headers = headers; self.body = body
        self.timeoutSeconds = timeoutSeconds; self.maxResponseBytes = maxResponseBytes; self.followRedirects = followRedirects
    }

    /// The host named in errors ("?" for a URL without one).
    public var host: String { url.host ?? "?" }
}

/// An answer, whatever its status: deciding what a status means is the caller's business.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    /// Header names in lower case; repeated headers joined with ", ". Those of the final answer
    /// only when redirects were followed.
    public var headers: [String: String]
    public var body: Data
    /// The URL that answered (after redirects).
    public var url: URL?

    public init(status: Int, headers: [String: String], body: Data, url: URL?) {
        self.status = status; self.headers = headers; self.body = body; self.url = url
    }
}
