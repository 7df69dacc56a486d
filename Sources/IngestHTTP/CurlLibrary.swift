import CCurl
import Foundation
import IngestCore

/// libcurl, loaded on first use (never at process start: most runs make no request).
enum CurlLibrary {
    static let soname = "libcurl.so.4"
    static let package = "libcurl4"

    /// Loads libcurl once per process; a named refusal if it cannot be.
    static func load() throws {
        if let message = ingest_curl_load() { throw missing(String(cString: message)) }
    }

    /// The refusal for a library that does not load, with the loader's reason as detail.
    static func missing(_ reason: String) -> IngestError {
        IngestError(.httpLibraryMissing, ["library": soname, "package": package], detail: reason)
    }

    /// The loader's own open step on other names (for tests): the refusal it would give, or nil
    /// when `soname` (or else `alternate`) loads.
    static func openError(soname: String, alternate: String? = nil) -> IngestError? {
        var message = [CChar](repeating: 0, count: 512)
        let ok = alternate.withCStringIfAny { ingest_curl_open(soname, $0, &message, message.count) }
        return ok != 0 ? nil : missing(message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
    }

    /// "7.88.1" once loaded.
    static var version: String { String(cString: ingest_curl_version()) }
}

private extension Optional where Wrapped == String {
    func withCStringIfAny<R>(_ body: (UnsafePointer<CChar>?) -> R) -> R {
        switch self {
        case .some(let s): return s.withCString { body($0) }
        case .none: return body(nil)
        }
    }
}
