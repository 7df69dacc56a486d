import Foundation
import IngestCore

/// SPEC §4's three steps — preview, transcript, analysis — each kept in the step cache, so a retry
/// resumes where it failed. Offline data first; the network only when `youtube.network` is on.
public struct VideoReader: Sendable {
    public var context: ExtractionContext

    public init(context: ExtractionContext) { self.context = context }

    var network: Bool { context.config.youtube.network }
    var capMinutes: Int { context.config.youtube.durationCapMinutes }

    // MARK: Step 1 — preview

    public func preview(_ source: VideoSource) throws -> Preview {
        let (info, origin) = try videoInfo(source)
        // Offline, only tracks we hold can be read: choose among them when there are any.
        var tracks = info.tracks
        if !network, tracks.contains(where: { $0.localPath != nil }) { tracks = tracks.filter { $0.localPath != nil } }
        var chosenInfo = info
        chosenInfo.tracks = tracks
        guard !tracks.isEmpty else {
            throw IngestError(.youtubeNoCaptions, detail: "video \(info.videoID) lists no caption track")
        }
        guard let choice = TrackChooser.choose(tracks, userLanguages: context.config.effectiveUserLanguages,
                                               originalLanguage: info.originalLanguage) else {
            throw IngestError(.youtubeNoCaptions, detail: "video \(info.videoID) has only machine-translated tracks")
        }
        return Preview(info: chosenInfo, choice: choice, origin: origin, capMinutes: capMinutes)
    }

    func videoInfo(_ source: VideoSource) throws -> (VideoInfo, String) {
        switch source {
        case .playerResponse(let json, let origin):
            return (try PlayerResponse.videoInfo(json), origin)
        case .ytDlpInfo(let json, let file):
            return (try YtDlpInfo.videoInfo(json, infoFile: file), "ytDlpInfo")
        case .link(let id, let folder):
            // What was saved for this video in the link's folder comes first (SavedVideo); a link
            // given as text (pasted, piped to `convert -`) looks in the current folder, as
            // `convert URL` and `ingest youtube` do.
            let place = folder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            if let saved = SavedVideo.find(id, in: place) {
                return try videoInfo(try VideoSource.fromInfoFile(saved))
            }
            let cache = StepCache(root: context.cacheDirectory, videoID: id)
            if let cached = cache?.readJSON(VideoInfo.self, "preview.json"), cached.videoID == id {
                return (cached, "cache")
            }
            guard network else { throw IngestError(.youtubeNetworkOff, ["id": id], detail: "video \(id): nothing saved in \(place.path)") }
            try context.checkDeadline()
            let info = try YouTubeClient(config: context.config.youtube).videoInfo(id)
            cache?.writeJSON(info, "preview.json")
            return (info, "network")
        }
    }

    /// A 4xx other than 429: the URL itself is refused (expired signature), not the client.
    static func isStaleURL(_ e: IngestError) -> Bool {
        guard let status = e.arguments[HTTPClient.httpStatusArgument].flatMap(Int.init) else { return false }
        return (400..<500).contains(status) && status != 429
    }

    // MARK: Step 2 — transcript (the caption body, as received)

    public func transcript(_ preview: Preview) throws -> (Data, origin: String) {
        let track = preview.choice.track
        if let path = track.localPath {
            return (try VideoSource.read(URL(fileURLWithPath: path), limit: CaptionReader.maxBytes), "file")
        }
        let cache = StepCache(root: context.cacheDirectory, videoID: preview.info.videoID)
        let name = "transcript-\(track.key).caption"
        if let cached = cache?.read(name), !cached.isEmpty { return (cached, "cache") }
        guard network else {
            throw IngestError(.youtubeNetworkOff, ["id": preview.info.videoID], detail: "video \(preview.info.videoID), track \(track.key)")
        }
        try context.checkDeadline()
        let body = try YouTubeClient(config: context.config.youtube).captions(track)
        cache?.write(name, body)
        return (body, "network")
    }

    // MARK: Step 3 — analysis (cues → paragraphs, cap)

    public func analysis(_ preview: Preview, body: Data) throws -> (Transcript, CaptionFormat) {
        let track = preview.choice.track
        let cache = StepCache(root: context.cacheDirectory, videoID: preview.info.videoID)
        let name = "analysis-\(track.key)-\(StepCache.digest(body))-cap\(capMinutes).json"
        struct Kept: Codable { var transcript: Transcript; var format: CaptionFormat }
        if let kept = cache?.readJSON(Kept.self, name) { return (kept.transcript, kept.format) }
        let (format, cues) = try CaptionReader.cues(body, format: nil)
        guard !cues.isEmpty else {
            throw IngestError(.youtubeNoCaptions, detail: "caption track \(track.key) is empty")
        }
        try context.checkDeadline()
        let transcript = Transcript.assemble(cues, options: .init(auto: track.isAuto, capSeconds: Double(capMinutes * 60)))
        cache?.writeJSON(Kept(transcript: transcript, format: format), name)
        return (transcript, format)
    }

    // MARK: The three steps

    /// `youtube.networkOff` saying which files to save where: beside the source, else in the
    /// current folder (where `ingest youtube` and `convert URL` look first).
    func missing(_ id: String, folder: URL?, detail: String? = nil) -> IngestError {
        SavedVideo.missing(id, folder: folder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
                           languages: context.config.effectiveUserLanguages, detail: detail)
    }

    /// `youtube.networkOff` thrown by a step, with its hint naming `folder`.
    func namingFolder(_ e: IngestError, _ folder: URL?) -> IngestError {
        guard e.code == .youtubeNetworkOff, e.hint == nil, let id = e.arguments["id"] else { return e }
        return missing(id, folder: folder, detail: e.detail)
    }

    /// The three steps; `folder` is where the source was found (a link file's or a saved file's
    /// folder, as the user knows it), named by a `networkOff` refusal as the place to save the captions.
    public func extraction(_ source: VideoSource, folder: URL? = nil) throws -> Extraction {
        do { return try steps(source) } catch let e as IngestError { throw namingFolder(e, folder) }
    }

    func steps(_ source: VideoSource) throws -> Extraction {
        var preview = try preview(source)
        let body: Data, transcriptOrigin: String
        do {
            (body, transcriptOrigin) = try transcript(preview)
        } catch let e as IngestError where preview.origin == "cache" && Self.isStaleURL(e) {
            // Caption URLs expire (`expire=` in them): a kept preview whose URL is refused is
            // fetched again, once.
            StepCache(root: context.cacheDirectory, videoID: preview.info.videoID)?.remove("preview.json")
            preview = try self.preview(source)
            (body, transcriptOrigin) = try transcript(preview)
        }
        let (transcript, format) = try analysis(preview, body: body)
        guard transcript.characters >= context.config.readiness.notReadyBelow else {
            throw IngestError(.youtubeTooShort, detail: "\(transcript.characters) characters of captions")
        }
        let track = preview.choice.track
        var warnings: [Warning] = []
        if transcript.truncated || preview.exceedsCap,
           let w = preview.announcement(context.language, duration: preview.info.durationSeconds ?? transcript.lastCueEnd) {
            warnings.append(w)
        }
        if track.isAuto { warnings.append(context.warning(.youtubeAutoCaptions, ["language": track.languageCode])) }
        var metadata: [String: JSONValue] = [
            "videoId": .string(preview.info.videoID), "url": .string(preview.url),
            "track": track.json, "trackChoice": .string(preview.choice.reason.rawValue),
            "trackChoiceLanguage": .string(preview.choice.language),
            "tracks": .array(preview.info.tracks.map(\.json)),
            "captionFormat": .string(format.rawValue), "cues": .int(transcript.cueCount),
            "previewOrigin": .string(preview.origin), "transcriptOrigin": .string(transcriptOrigin),
            "durationCapMinutes": .int(capMinutes), "truncated": .bool(transcript.truncated),
        ]
        if let c = preview.info.channel { metadata["channel"] = .string(c) }
        if let d = preview.info.durationSeconds { metadata["durationSeconds"] = .double(d) }
        if let t = preview.info.thumbnailURL { metadata["thumbnailURL"] = .string(t) }
        if let t = preview.info.title { metadata["title"] = .string(t) }
        return Extraction(
            blocks: transcript.blocks, title: preview.info.title.map { TitleCandidate($0, origin: .captions) },
            language: track.language, metadata: metadata, warnings: warnings,
            cover: preview.info.thumbnailURL.map(CoverImage.remote))
    }
}
