// libFuzzer target: the XML scanner Office, OpenDocument and EPUB parts go through, whole and fed
// in chunks (a part is read as a stream; both must agree). Built by scripts/fuzz.sh.
import Foundation
import FuzzSupport
import IngestOffice

@main enum Main { static func main() { FuzzDriver.run { data, size in fuzzXML(data ?? UnsafePointer(bitPattern: 1)!, size) } } }

func fuzzXML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let whole = try? XMLCounts.of(bytes)
    // The same bytes fed in chunks of a size taken from the input.
    let chunk = max(1, Int(bytes.first ?? 7) % 64 + 1)
    let scanner = XMLScanner(part: "fuzz", maxTokenBytes: 1 << 20)
    var counts = XMLCounts()
    var fed: XMLCounts? = counts
    do {
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + chunk)
            try bytes[start..<end].withUnsafeBytes { try scanner.feed($0, &counts) }
            start = end
        }
        try scanner.finish(&counts)
        fed = counts
    } catch { fed = nil }
    if let whole, let fed { precondition(whole == fed, "chunked scan differs from whole scan") }
    return 0
}
