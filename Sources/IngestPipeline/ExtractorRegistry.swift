import Foundation
import IngestCore

/// Which extractor reads which kind. Each extractor module plugs in through its own
/// `Registry+<Module>.swift` file, so the modules are wired in one place without touching each other.
public enum ExtractorRegistry {
    /// Every extractor the pipeline knows, first match wins.
    public static var all: [any Extractor] {
        textExtractors + pdfExtractors + imageExtractors + officeExtractors + audioExtractors + youtubeExtractors
    }

    public static func extractor(for kind: SourceKind) -> (any Extractor)? {
        all.first { $0.kinds.contains(kind) }
    }

    /// Files of one folder that another file of it reads as part of its own document — a
    /// recording's transcript, a yt-dlp video's subtitle tracks — and that are therefore not
    /// documents of their own.
    public static func companionFiles(in files: [URL]) -> Set<URL> {
        let standardized = files.map(\.standardizedFileURL)
        return audioTranscripts(in: standardized).union(youtubeOwnedSubtitleFiles(in: standardized).map(\.standardizedFileURL))
    }
}
