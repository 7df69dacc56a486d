// libFuzzer target: every caption parser (SRT, WebVTT, LRC, json3 one-pass and DOM, srv3 and
// timedtext XML) and the transcript assembly after them. Built by scripts/fuzz.sh.
import Foundation
import FuzzSupport
import IngestCore
import IngestYouTube

@main enum Main { static func main() { FuzzDriver.run { data, size in fuzzCaptions(data ?? UnsafePointer(bitPattern: 1)!, size) } } }

func fuzzCaptions(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    let text = String(decoding: bytes, as: UTF8.self)
    _ = CaptionParser.parseSRT(text)
    _ = CaptionParser.parseWebVTT(text)
    _ = CaptionParser.parseLRC(text)
    for format in CaptionFormat.allCases {
        if let (_, cues) = try? CaptionReader.cues(bytes, format: format) {
            _ = Transcript.assemble(cues, options: .init(auto: true, capSeconds: 3600))
        }
    }
    _ = try? CaptionReader.cues(bytes)
    _ = try? Json3Captions.parse(bytes)
    return 0
}
