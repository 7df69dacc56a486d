import Foundation
import IngestCore

/// What a person saved for one video, found by its ID in one folder (not its subfolders): a yt-dlp
/// `.info.json` (read with the subtitle files yt-dlp wrote beside it), a watch page saved from the
/// browser ("Save page as", `TITLE - YouTube.html`, whose name does not carry the ID), or a saved
/// player response (`.json`). The link check and this search are offline; the network comes after.
public enum SavedVideo {
    /// The saved file of video `id` in `folder`, best first: a `.info.json` named after the video
    /// (yt-dlp's `NAME [ID].info.json`), any other `.info.json` of it, a saved watch page, a saved
    /// player response. A file is taken only when its content names the same video.
    public static func find(_ id: String, in folder: URL) -> URL? {
        let names = ((try? FolderListing(path: folder.path))?.names ?? [])
            .filter { !$0.hasPrefix(".") }.sorted()
        func rank(_ name: String) -> Int? {
            let lower = name.lowercased()
            if lower.hasSuffix(".info.json") { return name.contains("[\(id)]") || name == "\(id).info.json" ? 0 : 1 }
            if lower.hasSuffix(".html") || lower.hasSuffix(".htm") { return 2 }
            if lower.hasSuffix(".json") { return 3 }
            return nil
        }
        let candidates = names.compactMap { name in rank(name).map { (rank: $0, name: name) } }
            .sorted { $0.rank != $1.rank ? $0.rank < $1.rank : $0.name < $1.name }
        for c in candidates {
            let url = folder.appendingPathComponent(c.name)
            guard let data = smallFile(url), contains(data, id) else { continue }
            if videoID(of: data) == id { return url }
        }
        return nil
    }

    /// The video a saved file describes: a yt-dlp info file's `id`, a player response's (alone or
    /// inside a watch page) `videoDetails.videoId`; nil for anything else.
    static func videoID(of data: Data) -> String? {
        let first = data.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF) }
        let json: JSONValue
        if first == UInt8(ascii: "{") {
            guard let parsed = try? JSONValue.parse(data) else { return nil }
            json = parsed
            if YtDlpInfo.isInfo(json) {
                // Another site's download may carry an ID of the same shape.
                let extractor = (json["extractor_key"]?.stringValue ?? json["extractor"]?.stringValue ?? "youtube").lowercased()
                return extractor.hasPrefix("youtube") ? json["id"]?.stringValue.flatMap(VideoLink.validID) : nil
            }
        } else {
            guard let response = try? WatchPage.playerResponse(in: data) else { return nil }
            json = response
        }
        return json["videoDetails"]?["videoId"]?.stringValue.flatMap(VideoLink.validID)
    }

    /// Whether `data` holds `text`'s bytes (Foundation's search, compiled optimised even in a
    /// debug build: a folder of large pages that are not the video's is passed over quickly).
    static func contains(_ data: Data, _ text: String) -> Bool {
        data.range(of: Data(text.utf8)) != nil
    }

    /// A regular file no bigger than a saved page may be, read whole; nil otherwise.
    static func smallFile(_ url: URL) -> Data? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
              attributes[.type] as? FileAttributeType == .typeRegular,
              let size = attributes[.size] as? Int, size <= VideoSource.maxInfoBytes else { return nil }
        return try? Data(contentsOf: url)
    }

    /// The yt-dlp command that saves, without the video itself, the info file and the captions
    /// Ingest reads offline into `folder`. yt-dlp takes only English captions unless told, so the
    /// user's languages are asked for, with the original-language track (`-orig`) of any video.
    public static func ytDlpCommand(_ id: String, folder: URL, languages: [String]) -> String {
        let langs = (languages.map { "\($0).*" } + [".*-orig"]).joined(separator: ",")
        let template = folder.standardizedFileURL.path + "/%(title)s [%(id)s].%(ext)s"
        return ["yt-dlp", "--skip-download", "--write-info-json", "--write-subs", "--write-auto-subs",
                "--sub-langs", quoted(langs), "-o", quoted(template), quoted(VideoLink.watchURL(id))].joined(separator: " ")
    }

    /// `youtube.networkOff` for video `id`, with the hint saying which files to save where.
    public static func missing(_ id: String, folder: URL, languages: [String], detail: String? = nil) -> IngestError {
        IngestError(.youtubeNetworkOff, ["id": id, "folder": folder.standardizedFileURL.path,
                                         "command": ytDlpCommand(id, folder: folder, languages: languages)],
                    detail: detail ?? "video \(id): nothing saved in \(folder.path)", hint: .youtubeHintSaveFiles)
    }

    /// Link files (`.url`, `.webloc`) of a folder listing whose video was downloaded beside them
    /// by yt-dlp (`NAME [ID].info.json` in the same folder): that download is the video's one
    /// document, so the link is not a second one. Only names of the info files are read.
    public static func linkFilesOfDownloads(in files: [URL]) -> Set<URL> {
        var downloaded = Set<String>()   // "folder\0ID"
        for f in files {
            let name = f.lastPathComponent
            guard name.lowercased().hasSuffix(".info.json") else { continue }
            let stem = name.dropLast(".info.json".count)
            let id = stem.hasSuffix("]") ? stem.dropLast().suffix(11) : stem
            if let id = VideoLink.validID(String(id)), stem.count == 11 || stem.dropLast().dropLast(11).hasSuffix("[") {
                downloaded.insert(f.deletingLastPathComponent().standardizedFileURL.path + "\u{0}" + id)
            }
        }
        guard !downloaded.isEmpty else { return [] }
        var out = Set<URL>()
        for f in files where ["url", "webloc"].contains(f.pathExtension.lowercased()) {
            guard let data = smallFile(f), data.count <= LinkFile.maxBytes,
                  let id = try? LinkFile.videoID(in: CaptionReader.text(data)) else { continue }
            if downloaded.contains(f.deletingLastPathComponent().standardizedFileURL.path + "\u{0}" + id) { out.insert(f) }
        }
        return out
    }

    /// A POSIX shell word: single-quoted, a `'` inside written `'\''`.
    static func quoted(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
