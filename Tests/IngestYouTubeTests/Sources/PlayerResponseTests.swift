import XCTest
import IngestCore
import IngestTestSupport
@testable import IngestYouTube

final class PlayerResponseTests: XCTestCase {
    func testSurfaceGoTracks() throws {
        try Corpus.require()
        let expected = try YT.json("yta-youtube.innertube.json.expected-from-tests.json")
        let info = try PlayerResponse.videoInfo(YT.json("yta-youtube.innertube.json.static"))
        XCTAssertEqual(info.videoID, expected["video_id"]?.stringValue)
        XCTAssertEqual(info.title, "Surface Go Review - It’s Awesome")
        XCTAssertEqual(info.channel, "Dave2D")
        XCTAssertEqual(info.durationSeconds, 316)
        XCTAssertEqual(info.thumbnailURL, "https://i.ytimg.com/vi/GJLlxj_dtq8/sddefault.jpg")
        XCTAssertEqual(Set(info.tracks.map(\.languageCode)), Set(expected["language_codes"]!.arrayValue!.compactMap(\.stringValue)))
        XCTAssertEqual(info.tracks.count, 9)
        // cs is written by a person and has no generated track; en has both.
        XCTAssertEqual(info.tracks.filter { $0.languageCode == "cs" }.map(\.isAuto), [false])
        XCTAssertEqual(info.tracks.filter { $0.languageCode == "en" && $0.isAuto }.count, 1)
        XCTAssertEqual(info.tracks.filter(\.isDefault).map(\.key), ["en"])
        XCTAssertTrue(info.tracks.allSatisfy(\.isTranslatable))
        XCTAssertFalse(info.tracks.contains(where: \.isTranslation))
        XCTAssertEqual(info.originalLanguage, "en")
    }

    func testRefusalsOfTheCorpus() throws {
        try Corpus.require()
        // Expected errors of youtube-transcript-api → our named codes and hints.
        let table: [(String, ErrorCode, ErrorCode?)] = [
            ("yta-youtube_age_restricted.innertube.json.static", .youtubeUnavailable, .youtubeHintSignIn),
            ("yta-youtube_request_blocked.innertube.json.static", .youtubeUnavailable, .youtubeHintRateLimited),
            ("yta-youtube_unplayable.innertube.json.static", .youtubeUnavailable, nil),
            ("yta-youtube_video_unavailable.innertube.json.static", .youtubeUnavailable, nil),
        ]
        for (file, code, hint) in table {
            assertRefusal(code, hint: hint) { try PlayerResponse.videoInfo(YT.json(file)) }
        }
        // Unplayable keeps the upstream reasons in `detail`, not in the message.
        do { _ = try PlayerResponse.videoInfo(YT.json("yta-youtube_unplayable.innertube.json.static")) } catch let e as IngestError {
            XCTAssertTrue(e.detail!.contains("Custom Reason") && e.detail!.contains("Sub Reason 2"), e.detail!)
            XCTAssertEqual(e.message(.fr), "Cette vidéo n'est pas accessible.")
        }
        // Transcripts disabled: playable, no captions → the preview refuses with noCaptions.
        let disabled = try PlayerResponse.videoInfo(YT.json("yta-youtube_transcripts_disabled.innertube.json.static"))
        XCTAssertEqual(disabled.videoID, "dsMFmonKDD4")
        XCTAssertTrue(disabled.tracks.isEmpty)
        let reader = VideoReader(context: YT.context())
        assertRefusal(.youtubeNoCaptions) {
            try reader.preview(.playerResponse(YT.json("yta-youtube_transcripts_disabled.innertube.json.static"), origin: "test"))
        }
        // PO token: the English track needs one; refused when fetched, never a crash.
        let po = try PlayerResponse.videoInfo(YT.json("yta-youtube_po_token_required.innertube.json.static"))
        XCTAssertEqual(po.tracks.filter(\.needsPOToken).map(\.key), ["en"])
        let client = try YouTubeClient(config: PipelineConfig.YouTube())
        assertRefusal(.youtubeUnavailable) { try client.captions(po.tracks.first(where: \.needsPOToken)!) }
    }

    func testWatchPages() throws {
        try Corpus.require()
        XCTAssertTrue(WatchPage.isWatchPage(YT.url("yta-youtube.html.static")))
        XCTAssertFalse(WatchPage.isWatchPage(YT.url("yta-youtube_consent_page.html.static")))
        XCTAssertEqual(WatchPage.apiKey(in: try YT.data("yta-youtube.html.static")), "AIzaSyAO_FJ2SlqU8Q4STEHLGCilw_Y9_11qcW8")
        XCTAssertNil(WatchPage.apiKey(in: try YT.data("yta-youtube_too_many_requests.html.static")))
        let json = try WatchPage.playerResponse(in: YT.data("yta-youtube.html.static"))
        let info = try PlayerResponse.videoInfo(json)
        XCTAssertEqual(info.videoID, "GJLlxj_dtq8")
        XCTAssertFalse(info.tracks.isEmpty)
        assertRefusal(.youtubeUnavailable, hint: .youtubeHintChanged) { try WatchPage.playerResponse(in: YT.data("yta-youtube_consent_page.html.static")) }
        assertRefusal(.youtubeUnavailable, hint: .youtubeHintRateLimited) { try WatchPage.playerResponse(in: YT.data("yta-youtube_too_many_requests.html.static")) }
        // A page without a player response, and one whose player response is cut off.
        assertRefusal(.youtubeUnavailable, hint: .youtubeHintChanged) { try WatchPage.playerResponse(in: Data("<html><body>rien</body></html>".utf8)) }
        assertRefusal(.youtubeUnavailable, hint: .youtubeHintChanged) {
            try WatchPage.playerResponse(in: Data(#"<script>var ytInitialPlayerResponse = {"a": [1, 2;</script>"#.utf8))
        }
        assertRefusal(.youtubeUnavailable, hint: .youtubeHintChanged) {
            try WatchPage.playerResponse(in: Data(#"<script>var ytInitialPlayerResponse = {"a": tru};</script>"#.utf8))
        }
    }

    /// Malformed JSON and changed shapes are named refusals.
    func testChangedShapes() throws {
        let shapes = [
            #"[]"#, #"{}"#, #"{"playabilityStatus": {}}"#, #"{"playabilityStatus": {"status": "OK"}}"#,
            #"{"playabilityStatus": {"status": "OK"}, "videoDetails": {"videoId": "not-an-id"}}"#,
        ]
        for s in shapes { assertRefusal(.youtubeUnavailable) { try PlayerResponse.videoInfo(JSONValue.parse(s)) } }
        let tmp = try TemporaryDirectory("yt-bad")
        defer { tmp.remove() }
        let bad = try tmp.write("player.json", #"{"playabilityStatus": {"status": "OK", "#)
        assertRefusal(.youtubeUnavailable, hint: .youtubeHintChanged) { try VideoSource.fromInfoFile(bad) }
        // Tracks with odd entries are skipped, not fatal.
        let odd = #"{"playabilityStatus":{"status":"OK"},"videoDetails":{"videoId":"abcdefghijk","lengthSeconds":"x"},"captions":{"playerCaptionsTracklistRenderer":{"captionTracks":[{"languageCode":""},{"name":{"simpleText":"Klingon"},"languageCode":"tlh","baseUrl":"/api/timedtext?v=abcdefghijk&lang=tlh"}]}}}"#
        let info = try PlayerResponse.videoInfo(JSONValue.parse(odd))
        XCTAssertEqual(info.tracks.map(\.languageCode), ["tlh"])
        XCTAssertNil(info.durationSeconds)
        let choice = TrackChooser.choose(info.tracks, userLanguages: ["fr"])
        XCTAssertEqual(choice?.track.name, "Klingon")
    }
}
