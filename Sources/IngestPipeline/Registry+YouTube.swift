import IngestCore

// Owned by the YouTube module's developer: links, saved pages and yt-dlp files, and the preview
// shown by `ingest youtube URL --preview`.
extension ExtractorRegistry {
    static var youtubeExtractors: [any Extractor] { [] }
    /// The preview of a link for a person (or JSON), for `ingest youtube`.
    public static func youtubePreview(link: String, json: Bool, context: ExtractionContext) throws -> String {
        throw IngestError(.notSupportedYet, ["kind": "YouTube"])
    }
}
