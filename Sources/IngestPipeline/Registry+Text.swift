import IngestCore

extension ExtractorRegistry {
    static var textExtractors: [any Extractor] { [TextExtractor()] }
}
