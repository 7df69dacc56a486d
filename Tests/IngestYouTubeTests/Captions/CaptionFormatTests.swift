import XCTest
import IngestCore
import IngestTestSupport
@testable import IngestYouTube

final class CaptionFormatTests: XCTestCase {
    /// The corpus's timedtext XML against youtube-transcript-api's expected snippets.
    func testCorpusTimedText() throws {
        try Corpus.require()
        let expected = try YT.json("yta-transcript.xml.expected-from-tests.json")
        let (format, cues) = try CaptionReader.cues(YT.data("yta-transcript.xml.static"))
        XCTAssertEqual(format, .timedtext)
        let snippets = expected["default_plain_text"]!.arrayValue!
        XCTAssertEqual(cues.count, snippets.count, "the empty cue is dropped")
        for (cue, s) in zip(cues, snippets) {
            XCTAssertEqual(cue.text, s["text"]?.stringValue)
            XCTAssertEqual(cue.start, s["start"]!.doubleValue!, accuracy: 1e-9)
            XCTAssertEqual(cue.end! - cue.start, s["duration"]!.doubleValue!, accuracy: 1e-9)
        }
    }

    func testTimedTextEntitiesTagsAndVariants() throws {
        let xml = """
        <?xml version="1.0" encoding="utf-8" ?><transcript>
        <text start="0" dur="1">l&amp;#39;école d&amp;#39;été &amp;amp; la &lt;b&gt;mer&lt;/b&gt;</text>
        <text start="1" dur="1">A&#x2019;B &quot;c&quot; &eacute;t&eacute;</text>
        <text start="2" dur="1"/>
        <text start="3" dur="1">  deux
        lignes  </text>
        <text start="bad" dur="1">sans temps</text>
        </transcript>
        """
        let cues = try CaptionReader.cues(Data(xml.utf8)).1
        XCTAssertEqual(cues.map(\.text), ["l'école d'été & la mer", "A’B \"c\" été", "deux lignes"])
        // Format 2: `<text t d>` in milliseconds.
        let f2 = try CaptionReader.cues(Data(#"<timedtext><body><text t="1500" d="2000">bonjour</text></body></timedtext>"#.utf8))
        XCTAssertEqual(f2.1.first?.start, 1.5)
        XCTAssertEqual(f2.1.first?.end, 3.5)
    }

    func testSrv3() throws {
        let srv3 = """
        <?xml version="1.0" encoding="utf-8" ?><timedtext format="3">
        <head><ws id="0"/></head><body>
        <p t="0" d="2500" w="1"><s ac="0">bonjour</s><s t="500" ac="0"> tout</s><s t="900"> le</s><s t="1200"> monde</s></p>
        <p t="2500" d="10" w="1" a="1">
        </p>
        <p t="2510" d="3000">[Musique]</p>
        <p t="5600" d="2000">aujourd&#39;hui on<br/>parle</p>
        </body></timedtext>
        """
        let (format, cues) = try CaptionReader.cues(Data(srv3.utf8))
        XCTAssertEqual(format, .srv3)
        XCTAssertEqual(cues.map(\.text), ["bonjour tout le monde", "[Musique]", "aujourd'hui on parle"])
        XCTAssertEqual(cues[0].start, 0); XCTAssertEqual(cues[0].end, 2.5)
        XCTAssertEqual(cues[2].start, 5.6, accuracy: 1e-9)
        // The annotation goes at assembly.
        let t = Transcript.assemble(cues, options: .init(auto: true, capSeconds: nil))
        XCTAssertEqual(t.blocks.map(\.text), ["bonjour tout le monde aujourd'hui on parle"])
        XCTAssertEqual(t.blocks[0].provenance, .captionsAuto)
    }

    func testJson3() throws {
        let json3 = """
        {"wireMagic":"pb3","events":[
          {"tStartMs":0,"dDurationMs":5000,"id":1,"wpWinPosId":1,"wsWinStyleId":1},
          {"tStartMs":100,"dDurationMs":2000,"wWinId":1,"segs":[{"utf8":"salut"},{"utf8":" les","tOffsetMs":400},{"utf8":" amis","tOffsetMs":800}]},
          {"tStartMs":2100,"dDurationMs":10,"wWinId":1,"aAppend":1,"segs":[{"utf8":"\\n"}]},
          {"tStartMs":2110,"dDurationMs":1500,"wWinId":1,"segs":[{"utf8":"[Applaudissements]"}]},
          {"tStartMs":3700,"dDurationMs":1500,"wWinId":1,"segs":[{"utf8":"on y va &amp; c'est parti"}]}
        ]}
        """
        let (format, cues) = try CaptionReader.cues(Data(json3.utf8))
        XCTAssertEqual(format, .json3)
        XCTAssertEqual(cues.map(\.text), ["salut les amis", "[Applaudissements]", "on y va &amp; c'est parti"])
        XCTAssertEqual(cues[0].start, 0.1, accuracy: 1e-9)
        XCTAssertEqual(cues[0].end!, 2.1, accuracy: 1e-9)
        assertRefusal(.youtubeNoCaptions) { try CaptionReader.cues(Data(#"{"events": [ {"tStartMs": 1,"#.utf8)) }
        assertRefusal(.youtubeNoCaptions) { try CaptionReader.cues(Data(#"{"wireMagic":"pb3"}"#.utf8)) }
    }

    /// YouTube's rolling auto-generated WebVTT: inline word stamps, each line repeated in the next
    /// cue and in 10 ms transition cues — kept once.
    func testRollingWebVTT() throws {
        let vtt = """
        WEBVTT
        Kind: captions
        Language: fr

        00:00:00.030 --> 00:00:02.350 align:start position:0%
         
        bonjour<00:00:00.480><c> à</c><00:00:00.640><c> tous</c>

        00:00:02.350 --> 00:00:02.360 align:start position:0%
        bonjour à tous
         

        00:00:02.360 --> 00:00:04.870 align:start position:0%
        bonjour à tous
        aujourd'hui<00:00:02.800><c> on</c><00:00:03.000><c> parle</c>

        00:00:04.870 --> 00:00:04.880 align:start position:0%
        aujourd'hui on parle
         

        00:00:04.880 --> 00:00:07.000 align:start position:0%
        aujourd'hui on parle
        de<00:00:05.100><c> la</c><00:00:05.300><c> mer</c> &amp; du vent
        """
        let (format, cues) = try CaptionReader.cues(Data(vtt.utf8))
        XCTAssertEqual(format, .webVTT)
        XCTAssertEqual(cues.map(\.text), ["bonjour à tous", "aujourd'hui on parle", "de la mer & du vent"])
        XCTAssertEqual(cues[0].end, 2.36, "the transition cue keeps the line on screen")
        XCTAssertEqual(cues[1].start, 2.36)
    }

    func testSRTWithOverlapsOutOfOrderAndRepeats() throws {
        let srt = """
        2
        00:00:04,000 --> 00:00:06,000
        deuxième phrase.

        1
        00:00:01,000 --> 00:00:04,500
        <i>Première</i> phrase.

        3
        00:00:05,500 --> 00:00:07,000
        deuxième phrase.

        4
        00:00:30,000 --> 00:00:32,000
        après une longue pause.
        """
        let (format, cues) = try CaptionReader.cues(Data(srt.utf8))
        XCTAssertEqual(format, .srt)
        let t = Transcript.assemble(cues, options: .init(auto: false, capSeconds: nil))
        XCTAssertEqual(t.cueCount, 3, "out-of-order sorted, overlapping repeat merged")
        XCTAssertEqual(t.blocks.map(\.text), ["Première phrase. deuxième phrase. après une longue pause."])
        XCTAssertEqual(t.blocks[0].start, 1)
        XCTAssertEqual(t.blocks[0].end, 32)
        XCTAssertEqual(t.blocks[0].provenance, .captionsManual)
    }

    func testParagraphsByPausesAndCap() {
        // 90 minutes of unpunctuated auto-captions, a 3 s pause every 20 cues.
        var cues: [Cue] = []
        var t = 0.0
        for i in 0..<1800 {
            if i % 20 == 0 && i > 0 { t += 3 }
            cues.append(Cue(start: t, end: t + 2.5, text: "mot\(i) suivant encore"))
            t += 2.8
        }
        let transcript = Transcript.assemble(cues, options: .init(auto: true, capSeconds: 3600))
        XCTAssertTrue(transcript.truncated)
        XCTAssertGreaterThan(transcript.lastCueEnd, 5000)
        let last = transcript.blocks.last!
        XCTAssertLessThanOrEqual(last.end!, 3600)
        XCTAssertTrue(transcript.blocks.allSatisfy { $0.start! < 3600 })
        // Paragraph boundaries fall on the pauses: each paragraph starts with a multiple-of-20 word.
        XCTAssertGreaterThan(transcript.blocks.count, 20)
        for b in transcript.blocks { XCTAssertTrue(b.text.hasPrefix("mot") && Int(b.text.dropFirst(3).prefix { $0.isNumber })! % 20 == 0, b.text.prefix(20).description) }
        XCTAssertTrue(transcript.blocks.allSatisfy { $0.text.utf8.count <= 1000 })
        // Starts and ends ascend.
        XCTAssertEqual(transcript.blocks.map(\.start!), transcript.blocks.map(\.start!).sorted())
    }

    func testAnnotationsDropped() {
        XCTAssertEqual(TextCleaner.dropAnnotations("[Musique] bonjour [Applaudissements]"), "bonjour")
        XCTAssertEqual(TextCleaner.dropAnnotations("♪ la la ♪"), "la la")
        XCTAssertEqual(TextCleaner.dropAnnotations("(rires) c'est drôle (voir page 3)"), "c'est drôle (voir page 3)")
        XCTAssertEqual(TextCleaner.dropAnnotations("[Music]"), "")
    }

    func testEmptyAndHugeBodies() {
        assertRefusal(.youtubeNoCaptions) { try CaptionReader.cues(Data()) }
        assertRefusal(.youtubeNoCaptions) { try CaptionReader.cues(Data("du texte sans format".utf8)) }
        XCTAssertEqual(try CaptionReader.cues(Data("<transcript></transcript>".utf8)).1.count, 0)
        // Over the size limit: refused before any parsing or decoding.
        let huge = Data(count: CaptionReader.maxBytes + 1)
        assertRefusal(.fileTooLarge) { try CaptionReader.cues(huge) }
    }

    /// Property: no parser crashes on arbitrary bytes or on mangled real captions.
    func testParsersNeverCrash() {
        var g = SeededGenerator(seed: 20261201)
        let seeds = [
            #"<transcript><text start="1" dur="2">a &amp;#39; b</text></transcript>"#,
            #"{"events":[{"tStartMs":1,"segs":[{"utf8":"x"}]}]}"#,
            "WEBVTT\n\n00:01.000 --> 00:02.000\n<c>x</c>\n",
            "1\n00:00:01,000 --> 00:00:02,000\nx\n",
            #"<timedtext format="3"><body><p t="1" d="2"><s>x</s></p></body></timedtext>"#,
        ].map { Array($0.utf8) }
        for i in 0..<2000 {
            var bytes: [UInt8]
            if i % 2 == 0 {
                bytes = [UInt8](g.bytes(Int.random(in: 0...200, using: &g)))
            } else {
                bytes = seeds[i % seeds.count]
                for _ in 0..<Int.random(in: 1...6, using: &g) where !bytes.isEmpty {
                    let at = Int.random(in: 0..<bytes.count, using: &g)
                    if Bool.random(using: &g) { bytes[at] = UInt8.random(in: 0...255, using: &g) } else { bytes.removeSubrange(at...) }
                }
            }
            for format in CaptionFormat.allCases {
                if let cues = try? CaptionReader.cues(Data(bytes), format: format).1 {
                    _ = Transcript.assemble(cues, options: .init(auto: i % 3 == 0, capSeconds: 60))
                }
            }
        }
    }
}
