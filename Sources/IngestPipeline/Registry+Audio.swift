import IngestAudio
import IngestCore

// Owned by the Audio module's developer.
extension ExtractorRegistry {
    static var audioExtractors: [any Extractor] { [AudioExtractor()] }
}
