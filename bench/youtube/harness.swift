// Bench harness: the release-built IngestYouTube objects, linked by run.sh with swiftc (not a
// Package target). Parses a caption file N times in-process, like the Python peer does.
// Usage: harness FILE REPEAT
import Foundation
import IngestCore
import IngestYouTube

let args = CommandLine.arguments
let data = try! Data(contentsOf: URL(fileURLWithPath: args[1]))
let n = Int(args[2]) ?? 100
var cues = 0
_ = try! CaptionReader.cues(data)   // warm-up
let t0 = DispatchTime.now().uptimeNanoseconds
for _ in 0..<n { cues = try! CaptionReader.cues(data).1.count }
let t1 = DispatchTime.now().uptimeNanoseconds
var blocks = 0
let raw = try! CaptionReader.cues(data).1
for _ in 0..<n { blocks = Transcript.assemble(raw, options: .init(auto: true, capSeconds: 3600)).blocks.count }
let t2 = DispatchTime.now().uptimeNanoseconds
print(String(format: "cues=%d parse_ms=%.4f assemble_ms=%.4f blocks=%d", cues,
             Double(t1 - t0) / 1e6 / Double(n), Double(t2 - t1) / 1e6 / Double(n), blocks))
