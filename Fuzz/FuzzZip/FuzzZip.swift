// libFuzzer target: the ZIP reader (central directory, ZIP64, local headers, stored and deflated
// entries, limits against bombs) on a file holding the input. Built by scripts/fuzz.sh.
import Foundation
import FuzzSupport
import IngestZip

/// One file per fuzzing process, rewritten for each input (tmpfs when there is one).
let scratch: URL = {
    let dir = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    return URL(fileURLWithPath: dir).appendingPathComponent("ingest-fuzz-zip-\(getpid()).zip")
}()

@main enum Main { static func main() { FuzzDriver.run { data, size in fuzzZip(data ?? UnsafePointer(bitPattern: 1)!, size) } } }

func fuzzZip(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    try! Data(bytes: data, count: size).write(to: scratch)
    let limits = ZipLimits(maxUncompressedBytes: 8 << 20, maxRatio: 200, maxEntries: 2_000)
    guard let archive = try? ZipArchive(url: scratch, limits: limits) else { return 0 }
    for entry in archive.entries.prefix(64) {
        _ = try? archive.data(entry, maxBytes: 1 << 20)
    }
    return 0
}
