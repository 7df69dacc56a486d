import XCTest
import IngestCore
@testable import IngestYouTube

final class TrackChooserTests: XCTestCase {
    /// Shorthand: `m:fr` manual, `a:fr` auto, `*` default, `o` original (-orig), `t` translation.
    func track(_ spec: String) -> CaptionTrack {
        let parts = spec.split(separator: ":")
        let flags = parts[0], lang = String(parts[1])
        return CaptionTrack(languageCode: lang, name: spec, isAuto: flags.contains("a"), isDefault: flags.contains("*"),
                            isTranslation: flags.contains("t"), isOriginal: flags.contains("o"))
    }

    struct Case { let tracks: [String]; let user: [String]; let original: String?; let chosen: String?; let reason: TrackChoice.Reason? }

    func testRulesAndTies() {
        let cases: [Case] = [
            // User languages first, in their order.
            .init(tracks: ["m:en", "m:fr"], user: ["fr", "en"], original: nil, chosen: "m:fr", reason: .userLanguage),
            .init(tracks: ["m:en", "m:fr"], user: ["en", "fr"], original: nil, chosen: "m:en", reason: .userLanguage),
            // Reduced to language codes both ways: fr-CA user matches fr; fr user matches fr-CA track.
            .init(tracks: ["m:en", "m:fr"], user: ["fr-CA"], original: nil, chosen: "m:fr", reason: .userLanguage),
            .init(tracks: ["m:en", "m:fr-CA"], user: ["fr"], original: nil, chosen: "m:fr-CA", reason: .userLanguage),
            .init(tracks: ["m:pt-BR"], user: ["pt_PT"], original: nil, chosen: "m:pt-BR", reason: .userLanguage),
            // Plain tag before a regional one at equal kind.
            .init(tracks: ["m:fr-CA", "m:fr"], user: ["fr"], original: nil, chosen: "m:fr", reason: .userLanguage),
            // At equal language, a person beats auto-generated, whatever the order or default.
            .init(tracks: ["a*o:fr", "m:fr"], user: ["fr"], original: nil, chosen: "m:fr", reason: .userLanguage),
            .init(tracks: ["m:fr", "a:fr"], user: ["fr"], original: nil, chosen: "m:fr", reason: .userLanguage),
            // Auto only in the user's language: chosen (the preview says it is auto).
            .init(tracks: ["m:en", "ao:fr"], user: ["fr"], original: nil, chosen: "ao:fr", reason: .userLanguage),
            // Among auto tracks the original-language one (-orig) wins over a plain one.
            .init(tracks: ["a:en", "ao:en"], user: ["en"], original: nil, chosen: "ao:en", reason: .userLanguage),
            // A machine translation is never chosen: the user's fr exists only as a translation.
            .init(tracks: ["at:fr", "ao:en"], user: ["fr"], original: nil, chosen: "ao:en", reason: .originalLanguage),
            .init(tracks: ["mt:fr", "m*:de"], user: ["fr"], original: nil, chosen: "m*:de", reason: .videoDefault),
            .init(tracks: ["at:fr"], user: ["fr"], original: nil, chosen: nil, reason: nil),
            // No user language: the video's default track, but a person beats auto at its language.
            .init(tracks: ["m:de", "m*:en"], user: ["fr"], original: nil, chosen: "m*:en", reason: .videoDefault),
            .init(tracks: ["a*o:en", "m:de", "m:en"], user: ["fr"], original: nil, chosen: "m:en", reason: .videoDefault),
            // No default: the original language (given, or the -orig track's).
            .init(tracks: ["m:de", "m:es"], user: ["fr"], original: "es", chosen: "m:es", reason: .originalLanguage),
            .init(tracks: ["m:de", "ao:ja"], user: ["fr"], original: nil, chosen: "ao:ja", reason: .originalLanguage),
            // Nothing decides: a person's track first, then list order.
            .init(tracks: ["a:ko", "m:de", "m:es"], user: ["fr"], original: nil, chosen: "m:de", reason: .firstAvailable),
            .init(tracks: ["a:ko", "a:ja"], user: ["fr"], original: nil, chosen: "a:ko", reason: .firstAvailable),
            // A language we have never seen is just a code.
            .init(tracks: ["m:tlh", "m:xx-Zzzz"], user: ["xx"], original: nil, chosen: "m:xx-Zzzz", reason: .userLanguage),
            // No tracks at all.
            .init(tracks: [], user: ["fr"], original: nil, chosen: nil, reason: nil),
        ]
        for c in cases {
            let tracks = c.tracks.map(track)
            let choice = TrackChooser.choose(tracks, userLanguages: c.user, originalLanguage: c.original)
            XCTAssertEqual(choice?.track.name, c.chosen, "\(c.tracks) for \(c.user)")
            XCTAssertEqual(choice?.reason, c.reason, "\(c.tracks) for \(c.user)")
        }
    }

    /// The corpus's expectations (youtube-transcript-api's tests): de,en asks for de on the
    /// Surface Go video, for en on the WW1 video; the effective user languages come from config.
    func testCorpusExpectations() throws {
        try Corpus.require()
        let surface = try PlayerResponse.videoInfo(YT.json("yta-youtube.innertube.json.static"))
        XCTAssertEqual(TrackChooser.choose(surface.tracks, userLanguages: ["de", "en"])?.track.languageCode, "de")
        let cs = TrackChooser.choose(surface.tracks, userLanguages: ["cs"])
        XCTAssertEqual(cs?.track.isAuto, false)
        // The default is the manual English track (audio track's defaultCaptionTrackIndex 2).
        let fallback = TrackChooser.choose(surface.tracks, userLanguages: ["fr"])
        XCTAssertEqual(fallback?.reason, .videoDefault)
        XCTAssertEqual(fallback?.track.languageCode, "en")
        XCTAssertEqual(fallback?.track.isAuto, false)
        let ww1 = try PlayerResponse.videoInfo(YT.json("yta-youtube_ww1_nl_en.innertube.json.static"))
        var config = PipelineConfig()
        config.userLanguages = ["de-DE", "en-GB"]
        XCTAssertEqual(config.effectiveUserLanguages, ["de", "en"])
        let choice = TrackChooser.choose(ww1.tracks, userLanguages: config.effectiveUserLanguages)
        XCTAssertEqual(choice?.track.languageCode, "en")
        XCTAssertEqual(choice?.track.isAuto, false)
        XCTAssertEqual(choice?.reason, .userLanguage)
    }
}

import IngestTestSupport
