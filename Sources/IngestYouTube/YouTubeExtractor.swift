import Foundation
import IngestCore

/// YouTube links, saved watch pages and player responses, and yt-dlp downloads, read from the
/// video's captions — never its audio (SPEC §4).
public struct YouTubeExtractor: Extractor {
    public init() {}
    public var kinds: Set<SourceKind> { [.youtubeLink, .youtubeInfo] }

    public func extract(_ input: SourceInput, context: ExtractionContext) throws -> Extraction {
        let folder = input.files.first.flatMap { $0.isFileURL ? Self.userFolder(of: $0) : nil }
        return try VideoReader(context: context).extraction(try VideoSource.from(input), folder: folder)
    }

    /// The folder a source file lies in, as the user knows it. A watched inbox's files are read
    /// through a private folder of links to their opened descriptors (`/proc/self/fd/N`, the
    /// pipeline's ConfinedFiles): that folder is named by what the kernel says the file is.
    static func userFolder(of file: URL) -> URL {
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: file.path), target.hasPrefix("/proc/self/fd/"),
           let real = try? FileManager.default.destinationOfSymbolicLink(atPath: target), real.hasPrefix("/") {
            return URL(fileURLWithPath: real).deletingLastPathComponent()
        }
        return file.deletingLastPathComponent()
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

    /// The preview of `link`: a saved page, player response or `.info.json` given by its path is
    /// read as it is; a link — or a link file (`.url`, `.webloc`, a text file) — is checked offline
    /// (`youtube.notYouTube`), then what was saved for its video in `folder` (else the link file's
    /// folder, else the current folder) is read, then the step cache, then — only with network
    /// use on — YouTube.
    public static func linkPreview(of link: String, from folder: URL? = nil, context: ExtractionContext) throws -> LinkPreview {
        let reader = VideoReader(context: context)
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        guard let file = savedFile(link) else {
            return try linkPreview(id: try VideoLink.videoID(from: link), in: folder ?? cwd, reader)
        }
        let source = try VideoSource.from(fileInput(file))
        if case .link(let id, let beside) = source { return try linkPreview(id: id, in: folder ?? beside ?? cwd, reader) }
        let preview = try reader.preview(source)
        return LinkPreview(preview: preview, captionsMissing: captionsMissing(preview, reader, file.deletingLastPathComponent()))
    }

    /// The video a link or link file names, checked offline (`youtube.notYouTube`); nil for the
    /// path of a saved page, player response or `.info.json` (read as it is).
    public static func videoID(ofLink link: String) throws -> String? {
        guard let file = savedFile(link) else { return try VideoLink.videoID(from: link) }
        if case .link(let id, _) = try VideoSource.from(fileInput(file)) { return id }
        return nil
    }

    /// `link` when it is the path of a file rather than a link.
    static func savedFile(_ link: String) -> URL? {
        var isDir: ObjCBool = false
        guard !link.contains("://"), FileManager.default.fileExists(atPath: link, isDirectory: &isDir), !isDir.boolValue else { return nil }
        return URL(fileURLWithPath: link)
    }

    static func fileInput(_ url: URL) -> SourceInput {
        let kind: SourceKind = ["url", "webloc", "txt", "md"].contains(url.pathExtension.lowercased()) ? .youtubeLink : .youtubeInfo
        return SourceInput(files: [url], kind: kind, byteSize: 0, name: url.lastPathComponent)
    }

    static func linkPreview(id: String, in place: URL, _ reader: VideoReader) throws -> LinkPreview {
        let saved = SavedVideo.find(id, in: place)
        let preview: Preview
        do {
            preview = try reader.preview(saved != nil ? try VideoSource.fromInfoFile(saved!) : .link(id: id, folder: place))
        } catch let e as IngestError { throw reader.namingFolder(e, place) }
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
