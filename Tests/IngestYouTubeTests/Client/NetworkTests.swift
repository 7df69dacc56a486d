import XCTest
import IngestCore
import IngestTestSupport
@testable import IngestYouTube

/// The network path against a real HTTP server on 127.0.0.1 replaying the corpus's recorded
/// responses, with faults injected. No mocked client: the product's URLSession code runs.
final class NetworkTests: XCTestCase {
    static let id = "GJLlxj_dtq8"
    let player = "/youtubei/v1/player", watch = "/watch", timedtext = "/api/timedtext"

    typealias R = ReplayServer.Response

    func routes(player: [R], watch: [R] = [.status(404)], captions: [R]) throws -> [ReplayServer.Route] {
        [.init(method: "POST", path: self.player, responses: player),
         .init(method: "GET", path: self.watch, responses: watch),
         .init(method: "GET", path: timedtext, responses: captions)]
    }

    /// A longer timedtext track made from the corpus's, so the transcript is not "too short".
    func captionsFile(_ dir: TemporaryDirectory) throws -> URL {
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\" ?><transcript>"
        for i in 0..<40 {
            xml += "<text start=\"\(Double(i) * 2.5)\" dur=\"2.4\">Phrase \(i) de la vid&amp;#39;o, assez longue pour compter.</text>"
        }
        return try dir.write("captions.xml", xml + "</transcript>")
    }

    func link(_ id: String = NetworkTests.id) -> SourceInput {
        SourceInput(files: [URL(string: "https://youtu.be/\(id)")!], kind: .youtubeLink, byteSize: 0, name: "https://youtu.be/\(id)",
                    inlineText: "https://www.youtube.com/watch?v=\(id)&t=3s")
    }

    func testPlayerAPIThenCaptions() throws {
        try Corpus.require()
        let dir = try TemporaryDirectory("yt-net")
        defer { dir.remove() }
        let server = try ReplayServer(routes(player: [.file(YT.url("yta-youtube.innertube.json.static"))],
                                             captions: [.file(captionsFile(dir))]))
        defer { server.stop() }
        let context = YT.context(network: true, baseURL: server.baseURL, cache: dir.url.appendingPathComponent("cache"))
        let x = try YouTubeExtractor().extract(link(), context: context)
        XCTAssertEqual(x.title?.text, "Surface Go Review - It’s Awesome")
        XCTAssertEqual(x.metadata["previewOrigin"], "network")
        XCTAssertEqual(x.metadata["transcriptOrigin"], "network")
        XCTAssertEqual(x.metadata["trackChoice"], "userLanguage")
        XCTAssertEqual(x.language, "en")
        XCTAssertTrue(x.blocks.first!.text.hasPrefix("Phrase 0 de la vid'o"))
        XCTAssertEqual(try server.counts(), ["POST \(player)": 1, "GET \(timedtext)": 1])

        // The same link again: preview, transcript and analysis all come from the step cache.
        let again = try YouTubeExtractor().extract(link(), context: context)
        XCTAssertEqual(again.blocks, x.blocks)
        XCTAssertEqual(again.metadata["previewOrigin"], "cache")
        XCTAssertEqual(try server.counts(), ["POST \(player)": 1, "GET \(timedtext)": 1])

        // The preview through the registry's entry point, as JSON.
        let preview = try YouTubeExtractor.preview(of: "youtu.be/\(Self.id)", context: context)
        XCTAssertEqual(preview.info.tracks.count, 9)
        XCTAssertEqual(preview.json(.fr)["chosen"]?["track"]?["language"], "en")
    }

    /// A retry resumes at the failed step: a transcript already fetched is not fetched again
    /// because the analysis step failed.
    func testRetryResumesAtFailedStep() throws {
        try Corpus.require()
        let dir = try TemporaryDirectory("yt-resume")
        defer { dir.remove() }
        let cache = dir.url.appendingPathComponent("cache")
        let captions = try captionsFile(dir)
        // Run 1: the caption server fails (500 on every try) → unavailable, preview kept.
        let server = try ReplayServer(routes(player: [.file(YT.url("yta-youtube.innertube.json.static"))], captions: [.status(500)]))
        defer { server.stop() }
        assertRefusal(.youtubeUnavailable, hint: .youtubeHintNetwork) {
            try YouTubeExtractor().extract(link(), context: YT.context(network: true, baseURL: server.baseURL, cache: cache, retries: 1))
        }
        XCTAssertEqual(try server.counts(), ["POST \(player)": 1, "GET \(timedtext)": 2])
        // Run 2: captions come back, but the analysis step fails (threshold above the text).
        try server.setRoutes(routes(player: [.file(YT.url("yta-youtube.innertube.json.static"))], captions: [.file(captions)]))
        assertRefusal(.youtubeTooShort) {
            try YouTubeExtractor().extract(link(), context: YT.context(network: true, baseURL: server.baseURL, cache: cache, notReadyBelow: 100_000))
        }
        XCTAssertEqual(try server.counts(), ["POST \(player)": 1, "GET \(timedtext)": 3], "preview not fetched again")
        // Run 3: succeeds without any request: the transcript is not fetched twice.
        let x = try YouTubeExtractor().extract(link(), context: YT.context(network: true, baseURL: server.baseURL, cache: cache))
        XCTAssertEqual(x.metadata["transcriptOrigin"], "cache")
        XCTAssertEqual(try server.counts(), ["POST \(player)": 1, "GET \(timedtext)": 3])
    }

    /// A kept preview whose caption URL has expired (404) is fetched again once; a transient
    /// failure (500) does not throw the kept preview away.
    func testExpiredCaptionURLRefreshesKeptPreview() throws {
        try Corpus.require()
        let dir = try TemporaryDirectory("yt-stale")
        defer { dir.remove() }
        let cache = dir.url.appendingPathComponent("cache")
        let captions = try captionsFile(dir)
        let server = try ReplayServer(routes(player: [.file(YT.url("yta-youtube.innertube.json.static"))], captions: [.status(500)]))
        defer { server.stop() }
        let context = YT.context(network: true, baseURL: server.baseURL, cache: cache, retries: 0)
        assertRefusal(.youtubeUnavailable, hint: .youtubeHintNetwork) { try YouTubeExtractor().extract(link(), context: context) }
        assertRefusal(.youtubeUnavailable, hint: .youtubeHintNetwork) { try YouTubeExtractor().extract(link(), context: context) }
        XCTAssertEqual(try server.counts(), ["POST \(player)": 1, "GET \(timedtext)": 2])
        try server.setRoutes(routes(player: [.file(YT.url("yta-youtube.innertube.json.static"))], captions: [.status(404), .file(captions)]))
        let x = try YouTubeExtractor().extract(link(), context: context)
        XCTAssertEqual(x.metadata["previewOrigin"], "network")
        XCTAssertEqual(try server.counts(), ["POST \(player)": 2, "GET \(timedtext)": 4])
    }

    /// Answers are bounded: a body over the client's limit is refused while it arrives.
    func testOversizedAnswerRefused() throws {
        try Corpus.require()
        let server = try ReplayServer(routes(player: [.file(YT.url("yta-youtube.html.static"))], captions: [.status(500)]))
        defer { server.stop() }
        let client = HTTPClient(timeoutSeconds: 5, retries: 2, maxBytes: 64 << 10)
        assertRefusal(.youtubeUnavailable, hint: .youtubeHintChanged) {
            try client.fetch(URL(string: server.baseURL + self.player)!, method: "POST", body: Data("{}".utf8))
        }
        XCTAssertEqual(try server.counts()["POST \(player)"], 1, "not retried")
    }

    /// The player API fails (429, dropped connection, malformed JSON): the watch page is used.
    func testFallbackOnWatchPage() throws {
        try Corpus.require()
        let dir = try TemporaryDirectory("yt-fallback")
        defer { dir.remove() }
        _ = try captionsFile(dir)
        let failures: [R] = [.status(429), .dropped, .status(200, "{\"playabilityStatus\": "), .status(503)]
        for failure in failures {
            let server = try ReplayServer(routes(player: [failure], watch: [.file(YT.url("yta-youtube.html.static"))], captions: [.status(500)]))
            defer { server.stop() }
            let preview = try YouTubeExtractor.preview(of: "https://youtu.be/\(Self.id)",
                                                       context: YT.context(network: true, baseURL: server.baseURL, retries: 0))
            XCTAssertEqual(preview.info.videoID, Self.id)
            XCTAssertEqual(preview.info.tracks.count, 9)
            // Every track of this recorded page needs a PO token: a named refusal, not a request.
            assertRefusal(.youtubeUnavailable, hint: .youtubeHintSignIn) {
                try YouTubeExtractor().extract(self.link(), context: YT.context(network: true, baseURL: server.baseURL, retries: 0))
            }
            XCTAssertNil(try server.counts()["GET \(timedtext)"])
            XCTAssertEqual(try server.counts()["GET \(watch)"], 2, "\(failure)")
        }
    }

    /// The watch page's API key lets the player API answer on a second try (keyless POST refused).
    func testAPIKeyFromWatchPage() throws {
        try Corpus.require()
        let dir = try TemporaryDirectory("yt-key")
        defer { dir.remove() }
        let server = try ReplayServer(routes(player: [.status(403), .file(YT.url("yta-youtube.innertube.json.static"))],
                                             watch: [.file(YT.url("yta-youtube.html.static"))], captions: [.file(captionsFile(dir))]))
        defer { server.stop() }
        let x = try YouTubeExtractor().extract(link(), context: YT.context(network: true, baseURL: server.baseURL, retries: 0))
        XCTAssertEqual(x.language, "en")
        XCTAssertEqual(try server.counts(), ["POST \(player)": 2, "POST \(player)?key": 1, "GET \(watch)": 1, "GET \(timedtext)": 1])
    }

    /// Faults that never clear become named refusals with the right hint; transient ones are retried.
    func testFaults() throws {
        try Corpus.require()
        let dir = try TemporaryDirectory("yt-faults")
        defer { dir.remove() }
        let captions = try captionsFile(dir)
        let ok = R.file(YT.url("yta-youtube.innertube.json.static"))
        let cases: [(String, [R], [R], [R], ErrorCode, ErrorCode?)] = [
            ("rate limited everywhere", [.status(429)], [.status(429)], [.file(captions)], .youtubeUnavailable, .youtubeHintRateLimited),
            ("bot check page", [.status(429)], [.file(YT.url("yta-youtube_too_many_requests.html.static"))], [.file(captions)], .youtubeUnavailable, .youtubeHintRateLimited),
            ("consent page", [.dropped], [.file(YT.url("yta-youtube_consent_page.html.static"))], [.file(captions)], .youtubeUnavailable, .youtubeHintChanged),
            ("server errors", [.status(500)], [.status(500)], [.file(captions)], .youtubeUnavailable, .youtubeHintNetwork),
            ("age restricted", [.file(YT.url("yta-youtube_age_restricted.innertube.json.static"))], [.status(404)], [.file(captions)], .youtubeUnavailable, .youtubeHintSignIn),
            ("removed video", [.file(YT.url("yta-youtube_video_unavailable.innertube.json.static"))], [.status(404)], [.file(captions)], .youtubeUnavailable, nil),
            ("captions disabled", [.file(YT.url("yta-youtube_transcripts_disabled.innertube.json.static"))], [.status(404)], [.file(captions)], .youtubeNoCaptions, nil),
            ("captions 429", [ok], [.status(404)], [.status(429)], .youtubeUnavailable, .youtubeHintRateLimited),
            ("captions dropped", [ok], [.status(404)], [.dropped], .youtubeUnavailable, .youtubeHintNetwork),
            ("captions empty", [ok], [.status(404)], [.status(200, "")], .youtubeNoCaptions, nil),
            ("captions garbage", [ok], [.status(404)], [.status(200, "<html>nope</html>")], .youtubeNoCaptions, nil),
            ("captions too slow", [ok], [.status(404)], [R(file: captions.path, delay: 3)], .youtubeUnavailable, .youtubeHintNetwork),
        ]
        for (name, p, w, c, code, hint) in cases {
            let server = try ReplayServer(routes(player: p, watch: w, captions: c))
            defer { server.stop() }
            assertRefusal(code, hint: hint) {
                try YouTubeExtractor().extract(self.link(name == "captions disabled" ? "dsMFmonKDD4" : Self.id),
                                               context: YT.context(network: true, baseURL: server.baseURL, retries: 1, timeout: 0.7))
            }
        }
        // Transient: one 429, one dropped connection, one slow answer, then success.
        let server = try ReplayServer(routes(player: [.status(429), ok], captions: [.dropped, R(file: captions.path, delay: 2), .file(captions)]))
        defer { server.stop() }
        let x = try YouTubeExtractor().extract(link(), context: YT.context(network: true, baseURL: server.baseURL, retries: 2, timeout: 0.7))
        XCTAssertFalse(x.blocks.isEmpty)
        XCTAssertEqual(try server.counts(), ["POST \(player)": 2, "GET \(timedtext)": 3])
    }

    /// Network off: no request is made, and the refusal says network use is off.
    func testNetworkOffMakesNoRequest() throws {
        try Corpus.require()
        let server = try ReplayServer(routes(player: [.file(YT.url("yta-youtube.innertube.json.static"))], captions: [.status(500)]))
        defer { server.stop() }
        assertRefusal(.youtubeNetworkOff) { try YouTubeExtractor().extract(link(), context: YT.context(network: false, baseURL: server.baseURL)) }
        XCTAssertEqual(try server.counts(), [:])
        XCTAssertEqual(IngestError(.youtubeNetworkOff).message(.fr),
                       "Les sous-titres de cette vidéo ne sont pas dans le dossier et l'accès au réseau est désactivé (youtube.network ou --network).")
    }

    func testCaptionURLRebasing() throws {
        var config = PipelineConfig.YouTube()
        config.baseURL = "http://127.0.0.1:8080/prefix/"
        let client = try YouTubeClient(config: config)
        XCTAssertEqual(client.rebased("https://www.youtube.com/api/timedtext?v=x&lang=en&fmt=json3")?.absoluteString,
                       "http://127.0.0.1:8080/prefix/api/timedtext?v=x&lang=en&fmt=json3")
        XCTAssertEqual(client.rebased("/api/timedtext?v=x")?.absoluteString, "http://127.0.0.1:8080/prefix/api/timedtext?v=x")
        config.baseURL = "ftp://example.com"
        assertRefusal(.configInvalidValue) { try YouTubeClient(config: config) }
    }
}
