import Foundation
import IngestCore
import IngestTestSupport

/// A video whose captions' text is known, saved the ways a person saves one: yt-dlp's
/// `.info.json` (caption URLs on the test's HTTP server), with or without the subtitle files
/// `--write-subs` writes beside it, or the watch page saved from the browser.
enum SavedVideoFixture {
    static let id = "k3Xq9_bLm0Q"
    static let title = "La cellule, unité du vivant"
    static let channel = "SVT au lycée"

    /// What is said, one caption per sentence: the document must hold exactly these words.
    static let sentences = [
        "La cellule est l'unité de base du vivant : tout organisme en compte au moins une.",
        "Le corps humain adulte compte environ 37 000 milliards de cellules.",
        "Le noyau contient l'ADN, porteur de l'information génétique.",
        "Les mitochondries produisent l'énergie de la cellule sous forme d'ATP.",
        "La membrane plasmique, épaisse de 7,5 nanomètres, sépare l'intérieur de l'extérieur.",
        "Chez les végétaux, la paroi de cellulose et les chloroplastes s'ajoutent à ces organites.",
    ]

    /// The words of the captions, for comparing with a document's text.
    static var words: [Substring] { sentences.joined(separator: " ").split(whereSeparator: \.isWhitespace) }

    static func cueTimes(_ i: Int) -> (start: Int, end: Int) { (i * 5_000, i * 5_000 + 4_500) }

    /// The captions as WebVTT, as yt-dlp writes them (`NAME [ID].fr.vtt`).
    static var vtt: String {
        func t(_ ms: Int) -> String { String(format: "00:%02d:%02d.%03d", ms / 60_000, ms / 1000 % 60, ms % 1000) }
        var out = "WEBVTT\nKind: captions\nLanguage: fr\n\n"
        for (i, s) in sentences.enumerated() {
            let (a, b) = cueTimes(i)
            out += "\(t(a)) --> \(t(b))\n\(s)\n\n"
        }
        return out
    }

    /// The same captions as YouTube's json3, as the timedtext URL answers.
    static var json3: Data {
        let events: [JSONValue] = sentences.enumerated().map { i, s in
            let (a, b) = cueTimes(i)
            return ["tStartMs": .int(a), "dDurationMs": .int(b - a), "segs": [["utf8": .string(s)]]]
        }
        return try! JSONEncoder().encode(JSONValue.object(["wireMagic": "pb3", "events": .array(events)]))
    }

    /// A yt-dlp `.info.json` of the video (the fields yt-dlp writes that Ingest reads, and a few
    /// it does not), its caption URLs on `server`.
    static func infoJSON(server: String) -> Data {
        func track(_ lang: String, _ name: String, auto: Bool = false, tlang: String? = nil) -> JSONValue {
            .array(["json3", "srv1", "vtt"].map { ext -> JSONValue in
                var url = "\(server)/api/timedtext?v=\(id)&ei=x7Yz&expire=1796400000&lang=\(lang)&fmt=\(ext)"
                if auto { url += "&kind=asr" }
                if let tlang { url += "&tlang=\(tlang)" }
                return ["ext": .string(ext), "url": .string(url), "name": .string(name)]
            })
        }
        let info: JSONValue = [
            "id": .string(id), "title": .string(title), "fulltitle": .string(title), "channel": .string(channel),
            "uploader": .string(channel), "channel_id": "UCx8cVb2qRsT5uVwXyZ0aBcD", "duration": 30, "duration_string": "30",
            "thumbnail": .string("https://i.ytimg.com/vi/\(id)/maxresdefault.jpg"),
            "webpage_url": .string("https://www.youtube.com/watch?v=\(id)"), "original_url": .string("https://youtu.be/\(id)"),
            "extractor": "youtube", "extractor_key": "Youtube", "language": "fr", "_type": "video",
            "formats": [["format_id": "18", "ext": "mp4", "vcodec": "avc1.42001E", "acodec": "mp4a.40.2", "protocol": "https",
                         "url": .string("\(server)/videoplayback?id=\(id)&itag=18")]],
            "subtitles": ["fr": track("fr", "French")],
            "automatic_captions": ["fr-orig": track("fr", "French (Original)", auto: true),
                                   "en": track("fr", "English", auto: true, tlang: "en")],
            "_version": ["version": "2026.10.26", "repository": "yt-dlp/yt-dlp"],
        ]
        return try! JSONEncoder().encode(info)
    }

    /// A yt-dlp download without the video: `NAME [ID].info.json`, and with `subtitles` the
    /// `NAME [ID].fr.vtt` that `--write-subs` writes. Returns the info file.
    @discardableResult
    static func ytDlp(in dir: URL, server: String, subtitles: Bool) throws -> URL {
        let base = "\(title) [\(id)]"
        let info = dir.appendingPathComponent("\(base).info.json")
        try infoJSON(server: server).write(to: info)
        if subtitles { try Data(vtt.utf8).write(to: dir.appendingPathComponent("\(base).fr.vtt")) }
        return info
    }

    /// The video's player response (what the watch page embeds and the player API answers), its
    /// caption tracks on `server`.
    static func playerResponse(server: String) -> JSONValue {
        [
            "playabilityStatus": ["status": "OK"],
            "videoDetails": ["videoId": .string(id), "title": .string(title), "author": .string(channel), "lengthSeconds": "30",
                             "thumbnail": ["thumbnails": [["url": .string("https://i.ytimg.com/vi/\(id)/hqdefault.jpg"), "width": 480, "height": 360]]]],
            "captions": ["playerCaptionsTracklistRenderer": [
                "captionTracks": [
                    ["baseUrl": .string("\(server)/api/timedtext?v=\(id)&lang=fr&fmt=json3"), "name": ["simpleText": "Français"],
                     "vssId": ".fr", "languageCode": "fr", "isTranslatable": true],
                    ["baseUrl": .string("\(server)/api/timedtext?v=\(id)&lang=fr&kind=asr&fmt=json3"), "name": ["simpleText": "Français (générés automatiquement)"],
                     "vssId": "a.fr", "languageCode": "fr", "kind": "asr", "isTranslatable": true],
                ],
                "audioTracks": [["captionTrackIndices": [0, 1], "defaultCaptionTrackIndex": 0, "hasDefaultTrack": true]],
            ]],
        ]
    }

    /// The watch page as a browser saves it ("Save page as": `TITLE - YouTube.html`, the ID only
    /// inside), its player response's caption tracks on `server`.
    @discardableResult
    static func watchPage(in dir: URL, server: String) throws -> URL {
        let json = String(decoding: try JSONEncoder().encode(playerResponse(server: server)), as: UTF8.self)
        let html = """
        <!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><title>\(title) - YouTube</title>
        <link rel="canonical" href="https://www.youtube.com/watch?v=\(id)"></head><body>
        <script nonce="a1">var ytInitialPlayerResponse = \(json);var meta = document.createElement('meta');</script>
        </body></html>
        """
        let url = dir.appendingPathComponent("\(title) - YouTube.html")
        try Data(html.utf8).write(to: url)
        return url
    }

    /// The HTTP server answering the caption URLs with the json3 track.
    static func server(_ dir: TemporaryDirectory) throws -> ReplayServer {
        let captions = try dir.write("captions.json3", json3)
        return try ReplayServer([.init(method: "GET", path: "/api/timedtext", responses: [.file(captions)])])
    }

    /// The HTTP server as YouTube: the player API answers the video's player response (its caption
    /// URLs on the same server), the timedtext URL the json3 track.
    static func youtube(_ dir: TemporaryDirectory) throws -> ReplayServer {
        let captions = try dir.write("captions.json3", json3)
        let server = try ReplayServer([.init(method: "GET", path: "/api/timedtext", responses: [.file(captions)])])
        let player = try dir.write("player.json", JSONEncoder().encode(playerResponse(server: server.baseURL)))
        try server.setRoutes([.init(method: "GET", path: "/api/timedtext", responses: [.file(captions)]),
                              .init(method: "POST", path: "/youtubei/v1/player", responses: [.file(player)])])
        return server
    }
}
