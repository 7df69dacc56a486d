// libFuzzer target: text decoding (encoding detection, every decoder), normalization and the
// content key that fingerprints are computed on. Built by scripts/fuzz.sh.
import Foundation
import FuzzSupport
import IngestCore

@main enum Main { static func main() { FuzzDriver.run { data, size in fuzzTextDecoding(data ?? UnsafePointer(bitPattern: 1)!, size) } } }

func fuzzTextDecoding(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    _ = TextDecoder.detectEncoding(bytes)
    _ = TextDecoder.detectEncoding(bytes, isPrefix: true)
    for encoding in [TextEncoding.utf8, .utf8BOM, .utf16LE, .utf16BE, .windows1252] {
        let (text, _) = TextDecoder.decode(bytes, as: encoding)
        _ = ContentKey.of(text)
    }
    if let decoded = TextDecoder.decodeText(bytes) {
        var pieces = 0
        ContentKey.forEachPiece(of: decoded.text) { pieces += $0.count }
        precondition(pieces == ContentKey.bytes(of: decoded.text).count, "content key pieces differ from the whole key")
        _ = Normalizer.normalize(decoded.text)
    }
    return 0
}
