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

    /// The loader's own dlopen step on other names (for tests): the refusal it would give, or
    /// nil when one of them loads.
    static func openError(trying names: [String]) -> IngestError? {
        var cNames = names.map { strdup($0) }
        defer { cNames.forEach { free($0) } }
        var message = [CChar](repeating: 0, count: 512)
        let handle = cNames.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                ingest_curl_open($0, buffer.count, &message, message.count)
            }
        }
        if handle != nil { return nil }
        return missing(message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
    }

    /// "7.88.1" once loaded.
    static var version: String { String(cString: ingest_curl_version()) }
}
