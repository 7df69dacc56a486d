import XCTest
import IngestCore
import IngestTestSupport
@testable import IngestYouTube

/// The one-pass json3 reader gives the DOM reader's cues (core JSON parser), and refuses what it refuses.
final class Json3ScannerTests: XCTestCase {
    func testMatchesDOMReader() throws {
        var g = SeededGenerator(seed: 7)
        let pieces = ["salut", " les amis", "\\n", "l\\u00e9t\\u00e9", "\\ud83d\\ude00", "\\\"cit\\u00e9\\\"", "[Musique]", "a\\/b", "  ", "\\t"]
        for _ in 0..<300 {
            var events: [String] = [#"{"tStartMs":0,"dDurationMs":9000,"id":1,"wpWinPosId":1,"nested":{"a":[1,{"b":[true,null,"x]"]}]}}"#]
            for k in 0..<Int.random(in: 0...12, using: &g) {
                let segs = (0..<Int.random(in: 0...4, using: &g)).map { n -> String in
                    let t = pieces.randomElement(using: &g)!
                    return n == 0 ? #"{"utf8":"\#(t)"}"# : #"{"utf8":"\#(t)","tOffsetMs":\#(n * 100),"acAsrConf":0}"#
                }
                var fields = [#""tStartMs":\#(k * 1500)"#, #""wWinId":1"#]
                if Bool.random(using: &g) { fields.append(#""dDurationMs":\#(Int.random(in: 1...3000, using: &g))"#) }
                if Bool.random(using: &g) || k == 0 { fields.append(#""segs":[\#(segs.joined(separator: ","))]"#) }
                if Int.random(in: 0..<8, using: &g) == 0 { fields.append(#""aAppend":1"#) }
                events.append("{" + fields.shuffled(using: &g).joined(separator: ",") + "}")
            }
            let doc = #"{"wireMagic":"pb3","pens":[{}],"events":[\#(events.joined(separator: ",\n"))]}"#
            let data = Data(doc.utf8)
            XCTAssertEqual(try Json3Scanner.parse(data), try Json3Captions.parse(data), doc)
        }
    }

    func testRefusals() {
        let bad = [#"{"events": [ {"tStartMs": 1,"#, #"[]"#, #"{"wireMagic":"pb3"}"#, #"{"events":[{"segs":[{"utf8":"\x"}]}]}"#,
                   #"{"events":[]} trailing"#, #"{"events":[{"tStartMs":1,"segs":[{"utf8":"\ud83d"#, "", "{", #"{"events":[{"a":tru}]}"#]
        for s in bad {
            assertRefusal(.youtubeNoCaptions) { try Json3Scanner.parse(Data(s.utf8)) }
        }
        // Deep nesting is skipped without recursion.
        let deep = #"{"x":"# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + #","events":[]}"#
        XCTAssertEqual(try Json3Scanner.parse(Data(deep.utf8)), [])
    }
}
