import Foundation
import IngestCore

/// Reads an InnerTube `/player` response (saved, from the watch page, or from the API) into a
/// `VideoInfo`. Every shape it does not recognise becomes a named refusal, never a crash.
public enum PlayerResponse {
    /// The video described by `json`, or `youtube.unavailable` when YouTube refused to play it.
    /// Missing captions are not an error here: the preview decides `noCaptions`.
    public static func videoInfo(_ json: JSONValue, expectedID: String? = nil) throws -> VideoInfo {
        guard json.objectValue != nil else { throw changed("player response is not a JSON object") }
        try checkPlayability(json["playabilityStatus"])
        guard let details = json["videoDetails"], let id = details["videoId"]?.stringValue.flatMap(VideoLink.validID) else {
            throw changed("player response has no videoDetails.videoId")
        }
        if let expectedID, expectedID != id {
            throw IngestError(.youtubeUnavailable, detail: "player response is for \(id), not \(expectedID)", hint: .youtubeHintChanged)
        }
        var info = VideoInfo(videoID: id)
        info.title = details["title"]?.stringValue
        info.channel = details["author"]?.stringValue
        info.durationSeconds = details["lengthSeconds"]?.stringValue.flatMap(Double.init) ?? details["lengthSeconds"]?.doubleValue
        info.thumbnailURL = largestThumbnail(details["thumbnail"]?["thumbnails"])
        info.tracks = tracks(json["captions"]?["playerCaptionsTracklistRenderer"])
        info.originalLanguage = info.tracks.first(where: \.isAuto)?.language
        return info
    }

    /// `playabilityStatus.status` other than OK is a refusal. The hint is chosen from the status;
    /// YouTube's bot check is LOGIN_REQUIRED too, told apart (as youtube-transcript-api does) by
    /// its reason, only to choose the hint.
    static func checkPlayability(_ status: JSONValue?) throws {
        guard let status else { throw changed("player response has no playabilityStatus") }
        let code = status["status"]?.stringValue ?? ""
        if code == "OK" { return }
        var reasons: [String] = []
        if let r = status["reason"]?.stringValue { reasons.append(r) }
        if let runs = status["errorScreen"]?["playerErrorMessageRenderer"]?["subreason"]?["runs"]?.arrayValue {
            reasons += runs.compactMap { $0["text"]?.stringValue }
        }
        let detail = "playabilityStatus \(code.isEmpty ? "?" : code)" + (reasons.isEmpty ? "" : ": " + reasons.joined(separator: " "))
        switch code {
        case "LOGIN_REQUIRED":
            let bot = reasons.joined().lowercased().contains("bot")
            throw IngestError(.youtubeUnavailable, detail: detail, hint: bot ? .youtubeHintRateLimited : .youtubeHintSignIn)
        case "":
            throw changed("playabilityStatus without status")
        default:
            throw IngestError(.youtubeUnavailable, detail: detail)
        }
    }

    static func changed(_ detail: String) -> IngestError {
        IngestError(.youtubeUnavailable, detail: detail, hint: .youtubeHintChanged)
    }

    static func largestThumbnail(_ list: JSONValue?) -> String? {
        let thumbs = list?.arrayValue ?? []
        let best = thumbs.max { ($0["width"]?.intValue ?? 0) < ($1["width"]?.intValue ?? 0) }
        guard var url = best?["url"]?.stringValue else { return nil }
        if url.hasPrefix("//") { url = "https:" + url }
        return url
    }

    /// Caption tracks of `playerCaptionsTracklistRenderer`; the default is the audio track's
    /// `defaultCaptionTrackIndex`.
    static func tracks(_ renderer: JSONValue?) -> [CaptionTrack] {
        guard let list = renderer?["captionTracks"]?.arrayValue else { return [] }
        var defaultIndex: Int?
        if let audio = renderer?["audioTracks"]?.arrayValue {
            let i = renderer?["defaultAudioTrackIndex"]?.intValue ?? 0
            let a = audio.indices.contains(i) ? audio[i] : audio.first
            if a?["hasDefaultTrack"]?.boolValue ?? true { defaultIndex = a?["defaultCaptionTrackIndex"]?.intValue }
        }
        var out: [CaptionTrack] = []
        for (i, t) in list.enumerated() {
            guard let lang = t["languageCode"]?.stringValue, !lang.isEmpty, lang.count <= 35 else { continue }
            let url = t["baseUrl"]?.stringValue
            let isAuto = t["kind"]?.stringValue == "asr" || (t["vssId"]?.stringValue ?? "").hasPrefix("a.")
            let name = text(t["name"]) ?? lang
            out.append(CaptionTrack(
                languageCode: lang, name: name, isAuto: isAuto, isDefault: i == defaultIndex,
                isTranslatable: t["isTranslatable"]?.boolValue ?? false,
                isTranslation: url.map { $0.contains("tlang=") } ?? false,
                // The player lists speech recognition only in the spoken language.
                isOriginal: isAuto, url: url, format: nil,
                needsPOToken: url.map { $0.contains("&exp=xpe") || $0.contains("?exp=xpe") } ?? false))
        }
        return out
    }

    /// `{simpleText}` or `{runs: [{text}]}`.
    static func text(_ v: JSONValue?) -> String? {
        if let s = v?["simpleText"]?.stringValue { return s }
        if let runs = v?["runs"]?.arrayValue { return runs.compactMap { $0["text"]?.stringValue }.joined() }
        return v?.stringValue
    }
}
