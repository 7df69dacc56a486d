import Foundation
import IngestCore

/// YouTube links, saved watch pages and player responses, and yt-dlp downloads, read from the
/// video's captions — never its audio (SPEC §4).
public struct YouTubeExtractor: Extractor {
    public init() {}
    public var kinds: Set<SourceKind> { [.youtubeLink, .youtubeInfo] }

    public func extract(_ input: SourceInput, context: ExtractionContext) throws -> Extraction {
        let folder = input.files.first.flatMap { $0.isFileURL ? $0.deletingLastPathComponent() : nil }
        return try VideoReader(context: context).extraction(try VideoSource.from(input), folder: folder)
    }

    /// The preview of a link (or of a saved page, player response, `.info.json` or link file).
    public static func preview(of link: String, from folder: URL? = nil, context: ExtractionContext) throws -> Preview {
        try linkPreview(of: link, from: folder, context: context).preview
    }

    /// A preview and where it was read from.
    public struct LinkPreview: Sendable {
        public var preview: Preview
        /// The saved file found for the link in the folder searched, if any.
        public var savedFile: URL?
        /// Offline, when the chosen track's captions are neither saved nor kept: the refusal a
        /// conversion would meet (`youtube.networkOff`, saying which files to save where).
        public var captionsMissing: IngestError?
    }

    /// The preview of `link`: a file path (saved page, player response, `.info.json`, link file)
    /// is read as it is; a link is checked offline (`youtube.notYouTube`), then what was saved for
    /// its video in `folder` (the current folder when nil) is read, then the step cache, then —
    /// only with network use on — YouTube.
    public static func linkPreview(of link: String, from folder: URL? = nil, context: ExtractionContext) throws -> LinkPreview {
        let reader = VideoReader(context: context)
        var isDir: ObjCBool = false
        if !link.contains("://"), FileManager.default.fileExists(atPath: link, isDirectory: &isDir), !isDir.boolValue {
            let url = URL(fileURLWithPath: link)
            let ext = url.pathExtension.lowercased()
            let kind: SourceKind = ["url", "webloc", "txt", "md"].contains(ext) ? .youtubeLink : .youtubeInfo
            let source = try VideoSource.from(SourceInput(files: [url], kind: kind, byteSize: 0, name: url.lastPathComponent))
            let preview = try reader.preview(source)
            return LinkPreview(preview: preview, captionsMissing: captionsMissing(preview, reader, url.deletingLastPathComponent()))
        }
        let id = try VideoLink.videoID(from: link)
        let place = folder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let saved = SavedVideo.find(id, in: place)
        let preview = try reader.preview(saved != nil ? try VideoSource.fromInfoFile(saved!) : .link(id: id, folder: place))
        return LinkPreview(preview: preview, savedFile: saved, captionsMissing: captionsMissing(preview, reader, place))
    }

    static func captionsMissing(_ preview: Preview, _ reader: VideoReader, _ folder: URL) -> IngestError? {
        let track = preview.choice.track
        guard !reader.network, track.localPath == nil else { return nil }
        let cache = StepCache(root: reader.context.cacheDirectory, videoID: preview.info.videoID)
        if let kept = cache?.read("transcript-\(track.key).caption"), !kept.isEmpty { return nil }
        return reader.missing(preview.info.videoID, folder: folder)
    }
}
