import XCTest
import IngestCore
@testable import IngestYouTube

final class MessagesTests: XCTestCase {
    /// SPEC §4's sentences, verbatim.
    func testSpecMessages() {
        XCTAssertEqual(IngestError(.youtubeNotYouTube).message(.fr), "Ce lien n'est pas une vidéo YouTube.")
        XCTAssertEqual(IngestError(.youtubeUnavailable).message(.fr), "Cette vidéo n'est pas accessible.")
        XCTAssertEqual(IngestError(.youtubeNoCaptions).message(.fr), "Cette vidéo n'a pas de sous-titres. Micabo ne peut pas la lire.")
        XCTAssertEqual(IngestError(.youtubeTooShort).message(.fr), "Cette vidéo est trop courte pour générer des cartes.")
        let args = ["duration": DurationFormat.text(seconds: 2 * 3600 + 14 * 60 + 59, language: .fr),
                    "cap": DurationFormat.cap(minutes: 60, language: .fr)]
        XCTAssertEqual(MessageCatalog.message(.youtubeTooLong, .fr, args),
                       "Cette vidéo dure 2 h 14. On écrira la fiche à partir des 60 min du début.")
        for code in [ErrorCode.youtubeNotYouTube, .youtubeUnavailable, .youtubeNoCaptions, .youtubeTooShort, .youtubeTooLong, .youtubeNetworkOff] {
            let e = MessageCatalog.entry(code)
            XCTAssertNotNil(e, code.rawValue)
            XCTAssertFalse(e!.en.isEmpty)
            XCTAssertEqual(MessageCatalog.placeholders(e!.fr), MessageCatalog.placeholders(e!.en))
        }
        // Hints add a second sentence; the code stays SPEC's.
        let e = IngestError(.youtubeUnavailable, detail: "HTTP 429", hint: .youtubeHintRateLimited)
        XCTAssertEqual(e.message(.fr), "Cette vidéo n'est pas accessible. YouTube refuse les demandes pour le moment : réessaie plus tard.")
    }

    func testDurationFormatting() {
        let table: [(Double, String, String)] = [
            (45 * 60, "45 min", "45 min"), (45 * 60 + 59, "45 min", "45 min"), (59, "59 s", "59 s"), (60, "1 min", "1 min"),
            (3600, "1 h", "1 h"), (3600 + 5 * 60, "1 h 05", "1 h 05 min"), (2 * 3600 + 14 * 60, "2 h 14", "2 h 14 min"),
            (-5, "0 s", "0 s"), (.nan, "0 s", "0 s"),
        ]
        for (s, fr, en) in table {
            XCTAssertEqual(DurationFormat.text(seconds: s, language: .fr), fr)
            XCTAssertEqual(DurationFormat.text(seconds: s, language: .en), en)
        }
        XCTAssertEqual(DurationFormat.cap(minutes: 60, language: .fr), "60 min")
        XCTAssertEqual(DurationFormat.cap(minutes: 30, language: .fr), "30 min")
        XCTAssertEqual(DurationFormat.cap(minutes: 90, language: .fr), "1 h 30")
    }
}
