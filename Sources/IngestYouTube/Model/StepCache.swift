import Foundation
import IngestCore

/// The three steps of SPEC §4 kept between runs, per video and track, under the context's cache
/// folder: `youtube/<videoID>/preview.json`, `transcript-<track>.caption`, `analysis-<…>.json`.
/// Files are written atomically; the cache is best effort (an unwritable folder only costs a refetch).
public struct StepCache: Sendable {
    public let folder: URL

    public init?(root: URL?, videoID: String) {
        guard let root else { return nil }
        folder = root.appendingPathComponent("youtube", isDirectory: true).appendingPathComponent(videoID, isDirectory: true)
    }

    public func read(_ name: String) -> Data? { try? Data(contentsOf: folder.appendingPathComponent(Self.safe(name))) }

    public func write(_ name: String, _ data: Data) {
        try? OutputWriter.write(data, to: folder.appendingPathComponent(Self.safe(name)))
    }

    public func remove(_ name: String) {
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(Self.safe(name)))
    }

    public func readJSON<T: Decodable>(_ type: T.Type, _ name: String) -> T? {
        read(name).flatMap { try? JSONDecoder().decode(T.self, from: $0) }
    }

    public func writeJSON<T: Encodable>(_ value: T, _ name: String) {
        if let data = try? JSONEncoder().encode(value) { write(name, data) }
    }

    /// File names from track keys: letters, digits, `.`, `-`, `_` only.
    static func safe(_ name: String) -> String {
        String(name.unicodeScalars.map { s -> Character in
            s.isASCII && (CharacterSet.alphanumerics.contains(s) || s == "." || s == "-" || s == "_") ? Character(s) : "_"
        })
    }

    /// FNV-1a of a caption body: the analysis is keyed by the exact text it was made from.
    public static func digest(_ data: Data) -> String {
        var h: UInt64 = 0xcbf29ce484222325
        for b in data { h = (h ^ UInt64(b)) &* 0x100000001b3 }
        return String(h, radix: 16)
    }
}
