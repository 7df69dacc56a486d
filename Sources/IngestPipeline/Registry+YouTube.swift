import Foundation
import IngestCore
import IngestYouTube

// Owned by the YouTube module's developer: links, saved pages and yt-dlp files, and the preview
// shown by `ingest youtube URL --preview`.
extension ExtractorRegistry {
    static var youtubeExtractors: [any Extractor] { [YouTubeExtractor()] }

    /// The preview of a link for a person (or JSON), for `ingest youtube`. `link` may also be the
    /// path of a saved watch page, player response, yt-dlp `.info.json` or `.url`/`.webloc` file.
    /// Throws the refusals of SPEC §4 (`youtube.notYouTube`, `unavailable`, `noCaptions`,
    /// `networkOff`).
    public static func youtubePreview(link: String, json: Bool, context: ExtractionContext) throws -> String {
        let preview = try YouTubeExtractor.preview(of: link, context: context)
        guard json else { return preview.text(context.language) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(preview.json(context.language))) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// Subtitle files of a folder listing that belong to a yt-dlp video (`NAME [ID].LANG.EXT` beside
    /// `NAME [ID].info.json`): read through that video's document, so the batch skips them.
    public static func youtubeOwnedSubtitleFiles(in files: [URL]) -> Set<URL> {
        YtDlpInfo.subtitleFilesBelongingToVideos(in: files)
    }

    /// Whether a file the sniffer called `.html` is a saved YouTube watch page (its player
    /// response lies beyond the sniffing prefix): then read it as `.youtubeInfo`.
    public static func youtubeIsWatchPage(_ file: URL) -> Bool { WatchPage.isWatchPage(file) }

    /// Benchmark hook (hidden CLI option `ingest youtube --parse-captions FILE --repeat N`): parses
    /// a caption file `repeat` times in-process and reports cues and mean milliseconds per parse.
    public static func youtubeParseCaptions(file: String, repeat count: Int) throws -> String {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: file)) } catch {
            throw IngestError(.fileUnreadable, ["reason": file], detail: String(describing: error))
        }
        let n = max(1, count)
        var cues = 0
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<n { cues = try CaptionReader.cues(data).1.count }
        let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(n)
        return "cues=\(cues) ms_per_parse=\(String(format: "%.4f", ms)) repeat=\(n)"
    }
}
