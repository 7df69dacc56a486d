import Foundation
import IngestCore

/// YouTube links, saved watch pages and player responses, and yt-dlp downloads, read from the
/// video's captions — never its audio (SPEC §4).
public struct YouTubeExtractor: Extractor {
    public init() {}
    public var kinds: Set<SourceKind> { [.youtubeLink, .youtubeInfo] }

    public func extract(_ input: SourceInput, context: ExtractionContext) throws -> Extraction {
        try VideoReader(context: context).extraction(try VideoSource.from(input))
    }

    /// The preview of a link (or of a saved page, player response, `.info.json` or link file).
    public static func preview(of link: String, context: ExtractionContext) throws -> Preview {
        let reader = VideoReader(context: context)
        var isDir: ObjCBool = false
        if !link.contains("://"), FileManager.default.fileExists(atPath: link, isDirectory: &isDir), !isDir.boolValue {
            let url = URL(fileURLWithPath: link)
            let ext = url.pathExtension.lowercased()
            let kind: SourceKind = ["url", "webloc", "txt", "md"].contains(ext) ? .youtubeLink : .youtubeInfo
            return try reader.preview(try VideoSource.from(SourceInput(files: [url], kind: kind, byteSize: 0, name: url.lastPathComponent)))
        }
        return try reader.preview(.link(id: try VideoLink.videoID(from: link), folder: nil))
    }
}
