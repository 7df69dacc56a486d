import Foundation
import IngestCore

/// A transcript beside the recording: same base name, `.srt`, `.vtt`, `.lrc` or `.txt`.
enum Transcript {
    static let extensions = ["srt", "vtt", "lrc", "txt"]
    /// Larger transcript files are not read (a 3-hour lecture's SRT is well under 1 MB).
    static let maxBytes = 32 << 20

    /// The first transcript file found beside `audio`, in the order of `extensions`.
    static func find(beside audio: URL) -> URL? {
        let base = audio.deletingPathExtension()
        let fm = FileManager.default
        for ext in extensions {
            for e in [ext, ext.uppercased()] {
                let candidate = base.appendingPathExtension(e)
                var isDir: ObjCBool = false
                if candidate.path != audio.path, fm.fileExists(atPath: candidate.path, isDirectory: &isDir), !isDir.boolValue {
                    return candidate
                }
            }
        }
        return nil
    }

    /// Why the transcript was not read: catalog arguments for audio.transcriptUnreadable's {reason}.
    enum Failure: Error { case unreadable([String: String]) }

    /// The transcript's blocks: timed cues for SRT/WebVTT/LRC, paragraphs for plain text.
    static func blocks(_ url: URL) throws -> [Block] {
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        if let size = attributes?[.size] as? Int, size > maxBytes { throw Failure.unreadable(MessageCatalog.phrase("reason", .audioTranscriptTooLarge, ["size": "\(maxBytes)"])) }
        guard let data = FileManager.default.contents(atPath: url.path) else { throw Failure.unreadable(MessageCatalog.phrase("reason", .audioTranscriptCannotOpen)) }
        guard let decoded = TextDecoder.decodeText(data) else { throw Failure.unreadable(MessageCatalog.phrase("reason", .audioTranscriptNotText)) }
        let text = decoded.text
        let ext = url.pathExtension.lowercased()
        let trimmed = text.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        var cues: [Cue] = []
        if trimmed.hasPrefix("WEBVTT") { cues = CaptionParser.parseWebVTT(text) }
        else if ext == "srt" || ext == "vtt" || text.contains("-->") { cues = CaptionParser.parseSRT(text) }
        else if ext == "lrc" || trimmed.hasPrefix("[") { cues = CaptionParser.parseLRC(text) }
        if !cues.isEmpty {
            return cues.map { Block(kind: .cue, text: $0.text, start: $0.start, end: $0.end, provenance: .sidecarTranscript) }
        }
        if ext != "txt" && (ext == "srt" || ext == "vtt" || ext == "lrc") && !text.isEmpty && cues.isEmpty {
            // A caption file with no readable cue: keep its text rather than lose it.
        }
        return paragraphs(text).map { Block(kind: .paragraph, text: $0, provenance: .sidecarTranscript) }
    }

    static func paragraphs(_ text: String) -> [String] {
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        return normalized.components(separatedBy: "\n\n").compactMap {
            let p = $0.trimmingCharacters(in: .whitespacesAndNewlines)
            return p.isEmpty ? nil : p
        }
    }
}
