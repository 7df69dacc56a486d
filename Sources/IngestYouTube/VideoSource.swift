import Foundation
import IngestCore

/// What a source gives to start from: a link (and the folder it was found in), or offline data.
public enum VideoSource: Sendable {
    case link(id: String, folder: URL?)
    case playerResponse(JSONValue, origin: String)
    case ytDlpInfo(JSONValue, file: URL)

    /// Saved pages and player responses are big; anything past this is not one.
    public static let maxInfoBytes = 16 << 20

    /// Reads a source of kind `.youtubeLink` or `.youtubeInfo`.
    public static func from(_ input: SourceInput) throws -> VideoSource {
        guard input.inlineText != nil || !input.files.isEmpty else { throw IngestError(.youtubeNotYouTube, detail: "no link") }
        switch input.kind {
        case .youtubeInfo:
            guard let file = input.files.first else { throw IngestError(.youtubeNotYouTube, detail: "no saved page or player response") }
            return try fromInfoFile(file)
        default:
            if let text = input.inlineText {
                if let id = VideoLink.parse(text) { return .link(id: id, folder: nil) }
                return .link(id: try LinkFile.videoID(in: text), folder: nil)
            }
            let data = try read(input.url, limit: LinkFile.maxBytes)
            let text = CaptionReader.text(data)
            return .link(id: try LinkFile.videoID(in: text), folder: input.url.deletingLastPathComponent())
        }
    }

    /// A saved player response, watch page or yt-dlp `.info.json`.
    public static func fromInfoFile(_ url: URL) throws -> VideoSource {
        let data = try read(url, limit: maxInfoBytes)
        let first = data.first(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF) })
        if first == UInt8(ascii: "{") {
            let json: JSONValue
            do { json = try JSONValue.parse(data) } catch {
                throw IngestError(.youtubeUnavailable, detail: "\(url.lastPathComponent) is not valid JSON: \(error)", hint: .youtubeHintChanged)
            }
            return YtDlpInfo.isInfo(json) ? .ytDlpInfo(json, file: url) : .playerResponse(json, origin: "playerResponse")
        }
        return .playerResponse(try WatchPage.playerResponse(in: data), origin: "watchPage")
    }

    static func read(_ url: URL, limit: Int) throws -> Data {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? nil
        if let size, size > limit {
            throw IngestError(.fileTooLarge, ["size": CaptionReader.byteText(size), "limit": CaptionReader.byteText(limit)])
        }
        do { return try Data(contentsOf: url) } catch {
            throw IngestError(.fileUnreadable, ["reason": url.lastPathComponent], detail: String(describing: error))
        }
    }
}
