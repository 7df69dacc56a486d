// Bench helper: reads tags and stream properties with IngestAudio only (no pipeline, no SHA-256).
// tagread FILE...           one line per file (per-process timing)
// tagread --loop N FILE...  reads the set N times in-process and prints microseconds per file
import Foundation
import IngestAudio
import IngestCore

var args = Array(CommandLine.arguments.dropFirst())
var loops = 0
if args.first == "--loop", args.count > 1 { loops = Int(args[1]) ?? 1; args.removeFirst(2) }
let files = args.map { URL(fileURLWithPath: $0) }
func kind(_ url: URL) -> SourceKind {
    let prefix = (try? FileHandle(forReadingFrom: url).read(upToCount: 4096)) ?? nil
    return Sniffer.sniff(prefix: prefix ?? Data(), fileName: url.lastPathComponent).kind
}
let kinds = files.map(kind)
if loops == 0 {
    for (url, k) in zip(files, kinds) {
        do {
            let i = try AudioReader.read(url, kind: k)
            print("\(url.lastPathComponent)\t\(i.title ?? "")\t\(i.duration ?? -1)")
        } catch { print("\(url.lastPathComponent)\terror \(error)") }
    }
} else {
    let start = DispatchTime.now().uptimeNanoseconds
    var n = 0
    for _ in 0..<loops {
        for (url, k) in zip(files, kinds) { _ = try? AudioReader.read(url, kind: k); n += 1 }
    }
    let micros = Double(DispatchTime.now().uptimeNanoseconds - start) / 1000 / Double(n)
    print(String(format: "%.1f", micros))
}
