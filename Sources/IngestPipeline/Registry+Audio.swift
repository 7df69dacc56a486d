import Foundation
import IngestAudio
import IngestCore

extension ExtractorRegistry {
    static var audioExtractors: [any Extractor] { [AudioExtractor()] }

    /// Extensions of audio files, for finding their transcripts before any file is sniffed.
    static let audioExtensions: Set<String> = ["mp3", "m4a", "m4b", "mp4", "aac", "flac", "ogg", "oga", "opus", "wav", "aif", "aiff", "wma", "wv"]

    /// Transcripts beside recordings (`lecon.srt` next to `lecon.mp3`): read as the recording's text.
    static func audioTranscripts(in files: [URL]) -> Set<URL> {
        Set(files.filter { audioExtensions.contains($0.pathExtension.lowercased()) }
            .compactMap { AudioExtractor.transcriptFile(beside: $0)?.standardizedFileURL })
    }
}
