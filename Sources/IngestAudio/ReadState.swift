import Foundation
import IngestCore

/// Limits and findings of one read: parsers add warnings here instead of failing the whole file.
final class ReadState {
    let coverMaxBytes: Int
    /// Largest tag field other than a picture we load (lyrics, comments, a Vorbis comment packet).
    let textFieldMaxBytes: Int
    private(set) var warnings: [(code: ErrorCode, arguments: [String: String])] = []

    init(coverMaxBytes: Int, textFieldMaxBytes: Int = 16 << 20) {
        self.coverMaxBytes = max(0, coverMaxBytes)
        self.textFieldMaxBytes = textFieldMaxBytes
    }

    func warn(_ code: ErrorCode, _ arguments: [String: String] = [:]) {
        if !warnings.contains(where: { $0.code == code && $0.arguments == arguments }) {
            warnings.append((code, arguments))
        }
    }

    /// True when a picture of `size` bytes may be loaded; otherwise warns once and returns false.
    func acceptPicture(size: Int64) -> Bool {
        if size <= Int64(coverMaxBytes) { return true }
        warn(.audioCoverTooLarge, ["size": String(size), "limit": String(coverMaxBytes)])
        return false
    }
}

/// Named errors of this module, with the arguments their messages need.
enum AudioError {
    static func truncated(_ format: String, _ part: String) -> IngestError {
        IngestError(.audioTruncated, ["format": format, "part": part])
    }
    static func corrupt(_ format: String, _ part: String, detail: String? = nil) -> IngestError {
        IngestError(.audioCorrupt, ["format": format, "part": part], detail: detail)
    }
    static func notAudio(_ format: String, detail: String? = nil) -> IngestError {
        IngestError(.audioNotAudio, ["format": format], detail: detail)
    }
}
