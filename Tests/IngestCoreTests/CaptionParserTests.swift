import Foundation
import XCTest
@testable import IngestCore

final class CaptionParserTests: XCTestCase {
    func testSRT() {
        let cues = CaptionParser.parseSRT("1\n00:00:01,500 --> 00:00:03,000\n<i>Bonjour</i> &amp; bienvenue\n\n2\n00:01:02,000 --> 00:01:04,250\nDeux\nlignes\n")
        XCTAssertEqual(cues, [Cue(start: 1.5, end: 3, text: "Bonjour & bienvenue"), Cue(start: 62, end: 64.25, text: "Deux\nlignes")])
    }

    func testWebVTTSkipsNotesAndTags() {
        let vtt = "WEBVTT\n\nNOTE a comment\n\nid1\n00:01.000 --> 00:02.500 align:start\n<v Prof>La <c.x>cellule</c><00:01.500>\n\n01:00:00.000 --> 01:00:01.000\nfin"
        XCTAssertEqual(CaptionParser.parseWebVTT(vtt), [Cue(start: 1, end: 2.5, text: "La cellule"), Cue(start: 3600, end: 3601, text: "fin")])
    }

    func testLRC() {
        let cues = CaptionParser.parseLRC("[ar:Someone]\n[00:12.00]Line one\n[00:15.50][01:00.00]Chorus\n")
        XCTAssertEqual(cues.map(\.text), ["Line one", "Chorus", "Chorus"])
        XCTAssertEqual(cues.map(\.start), [12, 15.5, 60])
        XCTAssertEqual(cues[0].end, 15.5)
    }

    func testTimestamps() {
        XCTAssertEqual(CaptionParser.parseTimestamp("01:02:03,004"), 3723.004)
        XCTAssertEqual(CaptionParser.parseTimestamp("02:03.5"), 123.5)
        XCTAssertNil(CaptionParser.parseTimestamp("abc"))
        XCTAssertNil(CaptionParser.parseTimestamp("1.5:00"))
    }

    func testEntities() {
        XCTAssertEqual(CaptionParser.decodeEntities("&lt;b&gt; &#233;t&#xE9; &quot;x&quot; &bogus;"), "<b> été \"x\" &bogus;")
    }
}
