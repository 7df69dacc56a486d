import XCTest
import IngestCore
import IngestTestSupport
@testable import IngestYouTube

final class YtDlpInfoTests: XCTestCase {
    static let id = "GJLlxj_dtq8"

    /// A yt-dlp download: `.info.json` with manual fr, auto en-orig and a translated auto fr, and
    /// the subtitle files beside it. Built at test time from the corpus's timedtext.
    func makeDownload(_ dir: TemporaryDirectory, duration: Double = 316, french: String? = nil) throws -> URL {
        let base = "Surface Go Review [\(Self.id)]"
        let info: JSONValue = [
            "id": .string(Self.id), "title": "Surface Go Review", "channel": "Dave2D", "duration": .double(duration),
            "thumbnail": "https://i.ytimg.com/vi/GJLlxj_dtq8/maxresdefault.jpg", "extractor": "youtube",
            "extractor_key": "Youtube", "language": "en",
            "subtitles": ["fr": [["ext": "vtt", "url": "https://www.youtube.com/api/timedtext?v=x&lang=fr&fmt=vtt", "name": "French"]]],
            "automatic_captions": [
                "en-orig": [["ext": "json3", "url": "https://www.youtube.com/api/timedtext?v=x&lang=en&kind=asr&fmt=json3", "name": "English (Original)"]],
                "fr": [["ext": "json3", "url": "https://www.youtube.com/api/timedtext?v=x&lang=en&kind=asr&tlang=fr&fmt=json3", "name": "French"]],
            ],
        ]
        let infoURL = try dir.write("\(base).info.json", JSONEncoder().encode(info))
        let vtt = french ?? """
        WEBVTT

        00:00:00.000 --> 00:00:04.000
        Bonjour et bienvenue dans ce test de la Surface Go, une petite tablette très légère.

        00:00:04.500 --> 00:00:09.000
        Nous allons regarder l&#39;écran, le clavier, la batterie et les performances.

        00:00:09.500 --> 00:00:14.000
        [Musique]

        00:00:14.500 --> 00:00:20.000
        En conclusion, c&#39;est un bon appareil pour prendre des notes en cours.
        """
        try dir.write("\(base).fr.vtt", vtt)
        try dir.write("\(base).en-orig.srv1", YT.data("yta-transcript.xml.static"))
        try dir.write("\(base).mp4", Data([0, 0, 0, 0x18]))
        try dir.write("Other video [abcdefghijk].fr.vtt", "WEBVTT\n")
        return infoURL
    }

    func testOneDocumentForTheVideo() throws {
        try Corpus.require()
        let dir = try TemporaryDirectory("yt-dlp")
        defer { dir.remove() }
        let infoURL = try makeDownload(dir)
        let files = try FileManager.default.contentsOfDirectory(at: dir.url, includingPropertiesForKeys: nil)
        let owned = YtDlpInfo.subtitleFilesBelongingToVideos(in: files)
        XCTAssertEqual(Set(owned.map(\.lastPathComponent)),
                       ["Surface Go Review [GJLlxj_dtq8].fr.vtt", "Surface Go Review [GJLlxj_dtq8].en-orig.srv1"])

        let extraction = try YouTubeExtractor().extract(
            SourceInput(files: [infoURL], kind: .youtubeInfo, byteSize: 0, name: infoURL.lastPathComponent), context: YT.context())
        XCTAssertEqual(extraction.title, TitleCandidate("Surface Go Review", origin: .captions))
        XCTAssertEqual(extraction.language, "fr")
        XCTAssertEqual(extraction.metadata["trackChoice"], "userLanguage")
        XCTAssertEqual(extraction.metadata["track"]?["kind"], "manual")
        XCTAssertEqual(extraction.metadata["transcriptOrigin"], "file")
        XCTAssertEqual(extraction.metadata["videoId"], .string(Self.id))
        XCTAssertEqual(extraction.cover, CoverImage.remote("https://i.ytimg.com/vi/GJLlxj_dtq8/maxresdefault.jpg"))
        let text = extraction.blocks.map(\.text).joined(separator: "\n")
        XCTAssertTrue(text.contains("Nous allons regarder l'écran"), text)
        XCTAssertFalse(text.contains("Musique"))
        XCTAssertTrue(extraction.blocks.allSatisfy { $0.provenance == .captionsManual && $0.start != nil && $0.end != nil })
        XCTAssertTrue(extraction.warnings.isEmpty, "\(extraction.warnings)")

        // English user: the original-language auto track (-orig), never the machine translation.
        let en = try YouTubeExtractor().extract(
            SourceInput(files: [infoURL], kind: .youtubeInfo, byteSize: 0, name: "x"),
            context: YT.context(languages: ["en"], notReadyBelow: 20))
        XCTAssertEqual(en.metadata["track"]?["kind"], "auto")
        XCTAssertEqual(en.metadata["track"]?["original"], true)
        XCTAssertEqual(en.blocks.first?.provenance, .captionsAuto)
        XCTAssertEqual(en.warnings.map(\.code), [.youtubeAutoCaptions])

        // A link file beside the download reads the same video offline (network off).
        let link = try dir.write("lien.url", "[InternetShortcut]\nURL=https://youtu.be/\(Self.id)?si=abc\n")
        let viaLink = try YouTubeExtractor().extract(SourceInput(files: [link], kind: .youtubeLink, byteSize: 0, name: "lien.url"), context: YT.context())
        XCTAssertEqual(viaLink.blocks, extraction.blocks)
    }

    func testTooLongAndTooShort() throws {
        try Corpus.require()
        let dir = try TemporaryDirectory("yt-dlp-long")
        defer { dir.remove() }
        // A 2 h 14 video whose captions run past 60 minutes.
        var vtt = "WEBVTT\n\n"
        for i in 0..<160 {
            let s = i * 50
            vtt += String(format: "%02d:%02d:%02d.000 --> %02d:%02d:%02d.000\nPhrase numéro %d du cours, avec assez de mots pour compter.\n\n",
                          s / 3600, s / 60 % 60, s % 60, (s + 4) / 3600, (s + 4) / 60 % 60, (s + 4) % 60, i)
        }
        let infoURL = try makeDownload(dir, duration: 8040, french: vtt)
        let x = try YouTubeExtractor().extract(SourceInput(files: [infoURL], kind: .youtubeInfo, byteSize: 0, name: "x"), context: YT.context())
        XCTAssertEqual(x.warnings.map(\.code), [.youtubeTooLong])
        XCTAssertEqual(x.warnings.first?.message, "Cette vidéo dure 2 h 14. On écrira la fiche à partir des 60 min du début.")
        XCTAssertEqual(x.metadata["truncated"], true)
        XCTAssertTrue(x.blocks.allSatisfy { $0.end! <= 3600 })
        XCTAssertTrue(x.blocks.last!.text.contains("Phrase numéro 71 "))
        XCTAssertFalse(x.blocks.map(\.text).joined().contains("numéro 72 "))
        // English messages say the same.
        var en = YT.context()
        en.language = .en
        let xe = try YouTubeExtractor().extract(SourceInput(files: [infoURL], kind: .youtubeInfo, byteSize: 0, name: "x"), context: en)
        XCTAssertEqual(xe.warnings.first?.message, "This video lasts 2 h 14 min. The sheet will be written from its first 60 min.")

        let dir2 = try TemporaryDirectory("yt-dlp-short")
        defer { dir2.remove() }
        let short = try makeDownload(dir2, french: "WEBVTT\n\n00:00.000 --> 00:02.000\nMerci.\n\n00:03.000 --> 00:05.000\n[Musique]\n")
        assertRefusal(.youtubeTooShort) {
            try YouTubeExtractor().extract(SourceInput(files: [short], kind: .youtubeInfo, byteSize: 0, name: "x"), context: YT.context())
        }
        let dir3 = try TemporaryDirectory("yt-dlp-empty")
        defer { dir3.remove() }
        let empty = try makeDownload(dir3, french: "WEBVTT\n\n")
        assertRefusal(.youtubeNoCaptions) {
            try YouTubeExtractor().extract(SourceInput(files: [empty], kind: .youtubeInfo, byteSize: 0, name: "x"), context: YT.context())
        }
    }

    /// A 100 MB caption file beside the download is refused by size, never read into memory.
    func testHugeCaptionFile() throws {
        try Corpus.require()
        let dir = try TemporaryDirectory("yt-dlp-huge")
        defer { dir.remove() }
        let infoURL = try makeDownload(dir)
        let huge = dir.url.appendingPathComponent("Surface Go Review [\(Self.id)].fr.vtt")
        FileManager.default.createFile(atPath: huge.path, contents: nil)
        let h = try FileHandle(forWritingTo: huge)
        try h.truncate(atOffset: 100 << 20)   // sparse: 100 MB on paper, nothing on disk
        try h.close()
        assertRefusal(.fileTooLarge) {
            try YouTubeExtractor().extract(SourceInput(files: [infoURL], kind: .youtubeInfo, byteSize: 0, name: "x"), context: YT.context())
        }
    }

    /// Offline with only remote tracks and network off: the named `networkOff` refusal.
    func testNetworkOffWithoutOfflineCaptions() throws {
        try Corpus.require()
        assertRefusal(.youtubeNetworkOff) {
            try YouTubeExtractor().extract(SourceInput(files: [YT.url("yta-youtube.innertube.json.static")], kind: .youtubeInfo, byteSize: 0, name: "x"),
                                           context: YT.context())
        }
        assertRefusal(.youtubeNetworkOff) {
            try YouTubeExtractor().extract(SourceInput(files: [URL(string: "https://youtu.be/GJLlxj_dtq8")!], kind: .youtubeLink, byteSize: 0,
                                                       name: "https://youtu.be/GJLlxj_dtq8", inlineText: "https://youtu.be/GJLlxj_dtq8"),
                                           context: YT.context())
        }
        assertRefusal(.youtubeNotYouTube) {
            try YouTubeExtractor().extract(SourceInput(files: [URL(string: "https://vimeo.com/1")!], kind: .youtubeLink, byteSize: 0,
                                                       name: "https://vimeo.com/1", inlineText: "https://vimeo.com/1"), context: YT.context())
        }
        // The watch page of the corpus gives a preview offline (no transcript needed).
        let preview = try YouTubeExtractor.preview(of: YT.url("yta-youtube.html.static").path, context: YT.context())
        XCTAssertEqual(preview.info.videoID, "GJLlxj_dtq8")
        XCTAssertEqual(preview.origin, "watchPage")
        XCTAssertEqual(preview.choice.track.languageCode, "en")
        XCTAssertEqual(preview.choice.reason, .userLanguage)
        let text = preview.text(.fr)
        XCTAssertTrue(text.contains("« Surface Go Review - It’s Awesome » — Dave2D, 5 min"), text)
        XCTAssertTrue(text.contains("Piste lue : en English — dans ta langue (en)."), text)
    }
}
