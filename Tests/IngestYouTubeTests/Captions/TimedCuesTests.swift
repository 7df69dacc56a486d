import XCTest
import IngestCore
import IngestTestSupport
@testable import IngestYouTube

/// The byte-level WebVTT/SRT reader gives exactly the core `CaptionParser`'s cues.
final class TimedCuesTests: XCTestCase {
    static let samples: [(String, Bool)] = [
        ("WEBVTT\n\n00:01.000 --> 00:02.500 align:start\n<v Anna>Bonjour</v> &amp; <c.x>salut</c>\n\nNOTE a comment\n00:03.000 --> 00:04.000\n\nSTYLE\n::cue { color: red }\n\nid-3\n00:00:05.000 --> 00:00:07.250\nDeux\nlignes &eacute;t&eacute;\n", true),
        ("WEBVTT\r\n\r\n00:01.000 --> 00:02.000\r\nCRLF\r\n\r\n00:02.000 --> 00:03.000\rlone CR\r\r00:03.000 --> bad\nend missing\n", true),
        ("1\n00:00:01,000 --> 00:00:04,000\n<i>Première</i> ligne\n\n2\n00:00:04,500 --> 00:00:06,000\n\n3\n00:00:07,000 --> 00:00:09,000\nTroisième &lt;b&gt;\n\n\n\n4\n01:02:03,456 --> 01:02:05,000\nFin", false),
        ("\u{FEFF}1\n00:00:01,000 --> 00:00:02,000\nBOM\n", false),
        ("garbage --> more\n\n00:00:01.5:00 --> 00:00:02,000\nbad fraction\n\n1:2 --> 3:4\nshort stamps\n", false),
    ]

    func testMatchesCoreParser() throws {
        for (text, vtt) in Self.samples {
            let ours = TimedCues.parse(Data(text.utf8), webVTT: vtt)
            let core = vtt ? CaptionParser.parseWebVTT(text) : CaptionParser.parseSRT(text)
            XCTAssertEqual(ours, core, text)
        }
    }

    /// Seeded: well-formed documents with random cues, settings, tags and entities.
    func testMatchesCoreParserOnGeneratedDocuments() {
        var g = SeededGenerator(seed: 42)
        let words = ["bonjour", "l'été", "<i>x</i>", "&amp;", "&#39;", "<00:00:01.000><c> mot</c>", "♪", "[Musique]", "a&b", "  "]
        for _ in 0..<300 {
            let vtt = Bool.random(using: &g)
            var doc = vtt ? "WEBVTT\n\n" : ""
            for k in 0..<Int.random(in: 0...8, using: &g) {
                let s = Double(Int.random(in: 0...7200, using: &g)) / 2
                func stamp(_ x: Double) -> String {
                    String(format: "%02d:%02d:%02d%@%03d", Int(x) / 3600, Int(x) / 60 % 60, Int(x) % 60, vtt ? "." : ",", Int(x * 1000) % 1000)
                }
                if !vtt { doc += "\(k + 1)\n" }
                doc += "\(stamp(s)) --> \(stamp(s + 1.5))\(vtt && Bool.random(using: &g) ? " align:start position:0%" : "")\n"
                for _ in 0..<Int.random(in: 0...2, using: &g) {
                    doc += (0..<Int.random(in: 1...5, using: &g)).map { _ in words.randomElement(using: &g)! }.joined(separator: " ") + "\n"
                }
                doc += "\n"
            }
            XCTAssertEqual(TimedCues.parse(Data(doc.utf8), webVTT: vtt), vtt ? CaptionParser.parseWebVTT(doc) : CaptionParser.parseSRT(doc), doc)
        }
    }
}
