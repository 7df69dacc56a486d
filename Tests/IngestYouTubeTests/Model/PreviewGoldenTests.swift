import XCTest
import IngestCore
import IngestTestSupport
@testable import IngestYouTube

/// Previews of the corpus's player responses, as JSON, against golden files
/// (`INGEST_UPDATE_GOLDEN=1` rewrites them).
final class PreviewGoldenTests: XCTestCase {
    func testPreviewJSON() throws {
        try Corpus.require()
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")
        for (input, golden) in [("yta-youtube.innertube.json.static", "preview-surface-go.json"),
                                ("yta-youtube_ww1_nl_en.innertube.json.static", "preview-ww1.json")] {
            let preview = try YouTubeExtractor.preview(of: YT.url(input).path, context: YT.context(languages: ["fr-CA", "de"]))
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(preview.json(.fr)) + Data("\n".utf8)
            let url = fixtures.appendingPathComponent(golden)
            if ProcessInfo.processInfo.environment["INGEST_UPDATE_GOLDEN"] == "1" { try data.write(to: url) }
            XCTAssertEqual(String(decoding: data, as: UTF8.self), try String(contentsOf: url, encoding: .utf8), golden)
        }
    }
}
