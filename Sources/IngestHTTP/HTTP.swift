import CCurl
import Foundation
import IngestCore

/// A blocking HTTP client over libcurl's easy API (loaded on first use, see `CurlLibrary`).
/// One easy handle per request, so any thread may call `send` at any time; meant for the
/// runner's worker threads, never Swift's cooperative pool.
public enum HTTP {
    /// Makes the exchange and returns the answer whatever its status; throws `http.*` refusals
    /// for transport failures (see Messages+HTTP.swift).
    public static func send(_ request: HTTPRequest) throws -> HTTPResponse {
        try CurlLibrary.load()
        guard let handle = ingest_curl_easy_init() else {
            throw IngestError(.httpFailed, ["host": request.host], detail: "curl_easy_init failed")
        }
        defer { ingest_curl_easy_cleanup(handle) }
        let transfer = Transfer(handle: handle, request: request)
        return try transfer.run()
    }

    /// The User-Agent sent unless the caller gives one: the form FoundationNetworking used.
    static var userAgent: String { "ingest (unknown version) curl/\(CurlLibrary.version)" }
}

/// The state of one exchange: options set on the handle, the answer as it arrives.
private final class Transfer {
    let handle: UnsafeMutableRawPointer
    let request: HTTPRequest
    var body = Data()
    var headers: [String: String] = [:]
    var tooLarge = false
    let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
    var headerList: UnsafeMutablePointer<curl_slist>?

    init(handle: UnsafeMutableRawPointer, request: HTTPRequest) {
        self.handle = handle
        self.request = request
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    }

    deinit {
        errorBuffer.deallocate()
        if let headerList { ingest_curl_slist_free_all(headerList) }
    }

    func run() throws -> HTTPResponse {
        try configure()
        let code = try withExtendedLifetime(self) { () throws -> CURLcode in
            let me = Unmanaged.passUnretained(self).toOpaque()
            try check(ingest_curl_setopt_ptr(handle, CURLOPT_WRITEDATA, me), "WRITEDATA")
            try check(ingest_curl_setopt_ptr(handle, CURLOPT_HEADERDATA, me), "HEADERDATA")
            // A POST always sends its body, even empty (else libcurl would read standard input).
            let isPost = request.method.uppercased() == "POST"
            guard let body = request.body ?? (isPost ? Data() : nil) else { return ingest_curl_easy_perform(handle) }
            // libcurl reads the body in place during perform (POSTFIELDS is not copied).
            return try body.withUnsafeBytes { bytes -> CURLcode in
                try check(ingest_curl_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(bytes.count)), "POSTFIELDSIZE_LARGE")
                // An empty body still needs a non-null pointer (NULL means "read from a callback").
                let start = bytes.baseAddress.map { UnsafeMutableRawPointer(mutating: $0) } ?? UnsafeMutableRawPointer(errorBuffer)
                try check(ingest_curl_setopt_ptr(handle, CURLOPT_POSTFIELDS, start), "POSTFIELDS")
                return ingest_curl_easy_perform(handle)
            }
        }
        if code != CURLE_OK { throw failure(code) }
        var status = 0
        _ = ingest_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        var effective: UnsafePointer<CChar>?
        _ = ingest_curl_getinfo_str(handle, CURLINFO_EFFECTIVE_URL, &effective)
        return HTTPResponse(status: status, headers: headers, body: body, url: effective.flatMap { URL(string: String(cString: $0)) })
    }

    private func configure() throws {
        try set(CURLOPT_URL, request.url.absoluteString)
        // No signals: timeouts must not use SIGALRM in a multithreaded process.
        try set(CURLOPT_NOSIGNAL, 1)
        try set(CURLOPT_PROTOCOLS_STR, "http,https")
        try set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        try set(CURLOPT_FOLLOWLOCATION, request.followRedirects ? 1 : 0)
        try set(CURLOPT_MAXREDIRS, 10)
        let milliseconds = Int(max(1, (request.timeoutSeconds * 1000).rounded(.up)))
        try set(CURLOPT_TIMEOUT_MS, milliseconds)
        try set(CURLOPT_CONNECTTIMEOUT_MS, milliseconds)
        // Every encoding libcurl decodes (as URLSession did); the size cap applies to decoded bytes.
        try set(CURLOPT_ACCEPT_ENCODING, "")
        try set(CURLOPT_USERAGENT, HTTP.userAgent)
        try check(ingest_curl_setopt_off_t(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maxResponseBytes)), "MAXFILESIZE_LARGE")
        try check(ingest_curl_setopt_ptr(handle, CURLOPT_ERRORBUFFER, errorBuffer), "ERRORBUFFER")
        try check(ingest_curl_setopt_callback(handle, CURLOPT_WRITEFUNCTION, Transfer.onData), "WRITEFUNCTION")
        try check(ingest_curl_setopt_callback(handle, CURLOPT_HEADERFUNCTION, Transfer.onHeader), "HEADERFUNCTION")
        switch request.method.uppercased() {
        case "GET" where request.body == nil: try set(CURLOPT_HTTPGET, 1)
        case "POST": try set(CURLOPT_POST, 1)
        case "HEAD": try set(CURLOPT_NOBODY, 1)
        case let other: try set(CURLOPT_CUSTOMREQUEST, other)
        }
        // "Expect:" turns off 100-continue, which would stall a POST for a second on servers
        // that never answer it (Python's http.server in HTTP/1.0 mode, many small services).
        var lines = request.headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        if !request.headers.keys.contains(where: { $0.caseInsensitiveCompare("Expect") == .orderedSame }) { lines.append("Expect:") }
        for line in lines { headerList = ingest_curl_slist_append(headerList, line) }
        try check(ingest_curl_setopt_ptr(handle, CURLOPT_HTTPHEADER, headerList.map { UnsafeMutableRawPointer($0) }), "HTTPHEADER")
    }

    private func set(_ option: CURLoption, _ value: Int) throws {
        try check(ingest_curl_setopt_long(handle, option, value), "option \(option.rawValue)")
    }

    private func set(_ option: CURLoption, _ value: String) throws {
        // libcurl copies string options (all but POSTFIELDS).
        try check(value.withCString { ingest_curl_setopt_str(handle, option, $0) }, "option \(option.rawValue)")
    }

    private func check(_ code: CURLcode, _ what: String) throws {
        if code != CURLE_OK {
            throw IngestError(.httpFailed, ["host": request.host], detail: "\(what): \(String(cString: ingest_curl_easy_strerror(code)))")
        }
    }

    /// CURLOPT_WRITEFUNCTION: appends up to the cap; a short count makes libcurl stop (CURLE_WRITE_ERROR).
    private static let onData: ingest_curl_data_callback = { data, size, count, context in
        let me = Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue()
        let n = size * count
        if me.body.count + n > me.request.maxResponseBytes { me.tooLarge = true; return 0 }
        if let data { me.body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: n) }
        return n
    }

    /// CURLOPT_HEADERFUNCTION: one header line a call; a status line starts a new answer
    /// (a redirect's, or after "100 Continue"), so only the final answer's headers are kept.
    private static let onHeader: ingest_curl_data_callback = { data, size, count, context in
        let me = Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue()
        let n = size * count
        guard let data else { return n }
        let line = String(decoding: UnsafeRawBufferPointer(start: data, count: n), as: UTF8.self)
        if line.hasPrefix("HTTP/") { me.headers = [:]; return n }
        guard let colon = line.firstIndex(of: ":") else { return n }
        let name = line[..<colon].lowercased()
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
        if let old = me.headers[name] { me.headers[name] = old + ", " + value } else { me.headers[name] = value }
        return n
    }

    /// The refusal for a failed perform, by libcurl's error class.
    private func failure(_ code: CURLcode) -> IngestError {
        let words = String(cString: errorBuffer)
        let detail = "curl \(code.rawValue): " + (words.isEmpty ? String(cString: ingest_curl_easy_strerror(code)) : words)
        let host = ["host": request.host]
        switch code {
        case CURLE_WRITE_ERROR where tooLarge, CURLE_FILESIZE_EXCEEDED:
            return IngestError(.httpTooLarge, host.merging(["limit": String(request.maxResponseBytes)]) { a, _ in a }, detail: detail)
        case CURLE_OPERATION_TIMEDOUT:
            return IngestError(.httpTimeout, host.merging(["seconds": Self.seconds(request.timeoutSeconds)]) { a, _ in a }, detail: detail)
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_CONNECT:
            return IngestError(.httpUnreachable, host, detail: detail)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
             CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
             CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT, CURLE_SSL_ENGINE_INITFAILED,
             CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_CRL_BADFILE, CURLE_SSL_SHUTDOWN_FAILED:
            return IngestError(.httpTLS, host, detail: detail)
        default:
            return IngestError(.httpFailed, host, detail: detail)
        }
    }

    /// "0.3", "15": the timeout as written in messages.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
