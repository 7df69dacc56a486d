import Foundation
import IngestCore

/// A yt-dlp `.info.json` and the subtitle files it wrote beside it (`NAME [ID].LANG.EXT` next to
/// `NAME [ID].info.json`): one video, one document, whatever the number of files.
public enum YtDlpInfo {
    /// Caption file extensions yt-dlp writes.
    public static let captionExtensions: Set<String> = ["vtt", "srt", "json3", "srv1", "srv2", "srv3", "ttml", "xml"]
    /// Preferred remote formats, best first (all carry timing; json3 is the cheapest to read).
    static let formatPreference = ["json3", "srv3", "srv1", "srv2", "vtt", "ttml"]

    /// Whether `json` looks like a yt-dlp info file rather than a player response.
    public static func isInfo(_ json: JSONValue) -> Bool {
        json["playabilityStatus"] == nil && (json["extractor"] != nil || json["extractor_key"] != nil
            || json["subtitles"] != nil || json["automatic_captions"] != nil || json["webpage_url"] != nil)
    }

    /// The video an info file describes, with the subtitle files found beside it (`localFiles`).
    public static func videoInfo(_ json: JSONValue, infoFile: URL?, siblings: [URL]? = nil) throws -> VideoInfo {
        guard let rawID = json["id"]?.stringValue ?? json["display_id"]?.stringValue, let id = VideoLink.validID(rawID) else {
            throw IngestError(.youtubeUnavailable, detail: "yt-dlp info without a YouTube video id", hint: .youtubeHintChanged)
        }
        if let extractor = json["extractor_key"]?.stringValue ?? json["extractor"]?.stringValue,
           !extractor.lowercased().hasPrefix("youtube") {
            throw IngestError(.youtubeNotYouTube, detail: "yt-dlp extractor \(extractor)")
        }
        var info = VideoInfo(videoID: id)
        info.title = json["title"]?.stringValue ?? json["fulltitle"]?.stringValue
        info.channel = json["channel"]?.stringValue ?? json["uploader"]?.stringValue
        info.durationSeconds = json["duration"]?.doubleValue
        info.thumbnailURL = json["thumbnail"]?.stringValue ?? PlayerResponse.largestThumbnail(json["thumbnails"])
        info.originalLanguage = json["language"]?.stringValue.map(PipelineConfig.languageCode)

        let manualLanguages = Set((json["subtitles"]?.objectValue ?? [:]).keys)
        let autoLanguages = Set((json["automatic_captions"]?.objectValue ?? [:]).keys)
        let originalCodes = Set(autoLanguages.filter { $0.hasSuffix("-orig") }.map { String($0.dropLast(5)) })
        var tracks: [CaptionTrack] = []
        // Files on disk first: they are what can be read offline.
        if let infoFile {
            let folder = infoFile.deletingLastPathComponent()
            let files = siblings ?? ((try? FolderListing(path: folder.path))?.names ?? []).map { folder.appendingPathComponent($0) }
            for (lang, file) in subtitleFiles(of: infoFile, among: files) {
                let isOrig = lang.hasSuffix("-orig")
                let code = isOrig ? String(lang.dropLast(5)) : lang
                let isAuto = isOrig || (!manualLanguages.contains(lang) && autoLanguages.contains(lang))
                tracks.append(CaptionTrack(languageCode: code, name: lang, isAuto: isAuto,
                                           isTranslation: isAuto && !isOrig && !originalCodes.isEmpty && !originalCodes.contains(code),
                                           isOriginal: isOrig || (isAuto && originalCodes.isEmpty && code == info.originalLanguage),
                                           localPath: file.path, format: file.pathExtension.lowercased()))
            }
        }
        func add(_ map: JSONValue?, auto: Bool) {
            for (lang, formats) in (map?.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) {
                guard lang != "live_chat", let list = formats.arrayValue, !list.isEmpty else { continue }
                let isOrig = lang.hasSuffix("-orig")
                let code = isOrig ? String(lang.dropLast(5)) : lang
                if tracks.contains(where: { $0.languageCode == code && $0.isAuto == auto && $0.localPath != nil }) { continue }
                let best = formatPreference.lazy.compactMap { f in list.first { $0["ext"]?.stringValue == f } }.first ?? list[0]
                let url = best["url"]?.stringValue
                tracks.append(CaptionTrack(
                    languageCode: code, name: best["name"]?.stringValue ?? lang, isAuto: auto,
                    isTranslation: url.map { $0.contains("tlang=") } ?? false,
                    isOriginal: auto && (isOrig || code == info.originalLanguage && !(url?.contains("tlang=") ?? false)),
                    url: url, format: best["ext"]?.stringValue,
                    needsPOToken: url.map { $0.contains("&exp=xpe") } ?? false))
            }
        }
        add(json["subtitles"], auto: false)
        add(json["automatic_captions"], auto: true)
        info.tracks = tracks
        if info.originalLanguage == nil { info.originalLanguage = tracks.first(where: \.isOriginal)?.language }
        return info
    }

    /// The caption files yt-dlp wrote for `infoFile`, keyed by their language tag.
    public static func subtitleFiles(of infoFile: URL, among files: [URL]) -> [(String, URL)] {
        let name = infoFile.lastPathComponent
        guard name.lowercased().hasSuffix(".info.json") else { return [] }
        let base = String(name.dropLast(".info.json".count))
        let dir = infoFile.deletingLastPathComponent().standardizedFileURL.path
        var out: [(String, URL)] = []
        for f in files.sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) {
            guard f.deletingLastPathComponent().standardizedFileURL.path == dir else { continue }
            if let lang = language(of: f.lastPathComponent, base: base) { out.append((lang, f)) }
        }
        return out
    }

    /// `BASE.LANG.EXT` → `LANG` when EXT is a caption extension and LANG a plausible tag.
    static func language(of fileName: String, base: String) -> String? {
        guard fileName.hasPrefix(base + ".") else { return nil }
        let rest = fileName.dropFirst(base.count + 1)
        guard let dot = rest.lastIndex(of: ".") else { return nil }
        let lang = rest[..<dot], ext = rest[rest.index(after: dot)...].lowercased()
        guard captionExtensions.contains(ext), (1...35).contains(lang.count),
              lang.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else { return nil }
        return String(lang)
    }

    /// Of `files` (a folder's listing), the subtitle files that belong to a yt-dlp video (an
    /// `.info.json` beside them): the pipeline reads them through that video, not as documents.
    public static func subtitleFilesBelongingToVideos(in files: [URL]) -> Set<URL> {
        var out = Set<URL>()
        for info in files where info.lastPathComponent.lowercased().hasSuffix(".info.json") {
            for (_, f) in subtitleFiles(of: info, among: files) { out.insert(f) }
        }
        return out
    }

    /// Beside a link file: `… [ID].info.json` of the same video, if yt-dlp saved one.
    public static func infoFile(for videoID: String, near folder: URL) -> URL? {
        let names = (try? FolderListing(path: folder.path))?.names ?? []
        guard let name = names.sorted().first(where: { $0.hasSuffix("[\(videoID)].info.json") || $0 == "\(videoID).info.json" })
        else { return nil }
        return folder.appendingPathComponent(name)
    }
}
