import Foundation
import IngestCore
import IngestYouTube

// Owned by the YouTube module's developer: links, saved pages and yt-dlp files, and the preview
// shown by `ingest youtube URL --preview`.
extension ExtractorRegistry {
    static var youtubeExtractors: [any Extractor] { [YouTubeExtractor()] }

    /// The video ID of a link (or link file) given to `ingest youtube`, checked offline
    /// (`youtube.notYouTube`); nil when `link` is the path of a saved page, player response or
    /// `.info.json` (read as it is).
    public static func youtubeVideoID(_ link: String) throws -> String? {
        try YouTubeExtractor.videoID(ofLink: link)
    }

    /// The preview of a link for a person (or JSON), for `ingest youtube`. `link` may also be the
    /// path of a saved watch page, player response, yt-dlp `.info.json` or `.url`/`.webloc` file;
    /// a link's saved files are looked for in `folder` (the current folder when nil).
    /// Throws the refusals of SPEC §4 (`youtube.notYouTube`, `unavailable`, `noCaptions`,
    /// `networkOff` saying which files to save where).
    public static func youtubePreview(link: String, from folder: URL? = nil, json: Bool, context: ExtractionContext) throws -> String {
        let found = try YouTubeExtractor.linkPreview(of: link, from: folder, context: context)
        let language = context.language
        guard json else {
            var lines: [String] = []
            if let saved = found.savedFile { lines.append(MessageCatalog.message(.youtubeSavedFile, language, ["file": saved.path])) }
            lines.append(found.preview.text(language))
            if let missing = found.captionsMissing {
                lines.append(MessageCatalog.message(.youtubeCaptionsNotSaved, language) + " "
                             + MessageCatalog.message(.youtubeHintSaveFiles, language, missing.arguments))
            }
            return lines.joined(separator: "\n")
        }
        var object = found.preview.json(language)
        if case .object(var o) = object {
            if let saved = found.savedFile { o["savedFile"] = .string(saved.path) }
            if let missing = found.captionsMissing {
                o["captionsMissing"] = ["code": .string(missing.code.rawValue), "message": .string(missing.message(language))]
            }
            object = .object(o)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(object)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// Of the paths given to `convert`, those that are links rather than files: nothing on disk
    /// by that name, and a web address or a YouTube link without its scheme (`youtu.be/ID`).
    public static func youtubeLinkArguments(_ paths: [String]) -> [String] {
        paths.filter { path in
            guard !FileManager.default.fileExists(atPath: path) else { return false }
            let lower = path.lowercased()
            return lower.hasPrefix("http://") || lower.hasPrefix("https://") || VideoLink.parse(path) != nil
        }
    }

    /// `convert URL` through the preview's path: each link is checked offline, then the file
    /// saved for its video in `folder` (the current folder when nil) is the source; without one,
    /// the link itself is, when network use is on; otherwise the link is refused offline with
    /// `youtube.networkOff`, whose hint names `--network` and the files to save where.
    public static func youtubeUnits(links: [String], savedIn folder: String?, config: PipelineConfig)
        -> (units: [ImportUnit], failures: [PlanningFailure]) {
        var units: [ImportUnit] = [], failures: [PlanningFailure] = []
        let place = URL(fileURLWithPath: folder ?? FileManager.default.currentDirectoryPath, isDirectory: true)
        var isDir: ObjCBool = false
        if let folder, !(FileManager.default.fileExists(atPath: folder, isDirectory: &isDir) && isDir.boolValue) {
            return ([], links.map { PlanningFailure(path: $0, error: IngestError(.fileNotFound, ["path": folder])) })
        }
        for link in links {
            guard let id = VideoLink.parse(link) else {
                failures.append(PlanningFailure(path: link, error: IngestError(.youtubeNotYouTube, detail: String(link.prefix(200)))))
                continue
            }
            if let saved = SavedVideo.find(id, in: place) {
                let name = saved.lastPathComponent
                let stem = name.lowercased().hasSuffix(".info.json") ? String(name.dropLast(".info.json".count))
                    : (name as NSString).deletingPathExtension
                units.append(ImportUnit(sources: [.file(saved)], outputName: stem))
            } else if config.youtube.network {
                units.append(ImportUnit(sources: [UnitSource(files: [], name: link, inlineText: VideoLink.watchURL(id))],
                                        outputName: "youtube-\(id)"))
            } else {
                failures.append(PlanningFailure(path: link, error: SavedVideo.missing(id, folder: place, languages: config.effectiveUserLanguages)))
            }
        }
        return (units, failures)
    }

    /// Files of a folder listing that belong to a yt-dlp video: its subtitle files
    /// (`NAME [ID].LANG.EXT` beside `NAME [ID].info.json`), read through that video's document,
    /// and link files (`.url`, `.webloc`) naming it, which would be a second document of the same
    /// video. The batch and the watcher skip them.
    public static func youtubeOwnedSubtitleFiles(in files: [URL]) -> Set<URL> {
        YtDlpInfo.subtitleFilesBelongingToVideos(in: files).union(SavedVideo.linkFilesOfDownloads(in: files))
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
