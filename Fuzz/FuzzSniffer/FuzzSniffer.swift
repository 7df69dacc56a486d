// libFuzzer target: the sniffer (SPEC §3) on any prefix, with and without a file name, and the
// OLE2 directory reader it calls on Compound File signatures. Built by scripts/fuzz.sh.
import Foundation
import FuzzSupport
import IngestCore

@main enum Main { static func main() { FuzzDriver.run { data, size in fuzzSniffer(data ?? UnsafePointer(bitPattern: 1)!, size) } } }

func fuzzSniffer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    _ = Sniffer.sniff(prefix: bytes)
    // The first byte picks a name, so extension mismatches and name-based rules are reached too.
    let names = ["cours.pdf", "x.docx", "scan.jpg", "a.txt", "b.srt", "c.mp3", "d.info.json", "e.doc", "f", ".hidden.epub"]
    _ = Sniffer.sniff(prefix: bytes, fileName: names[Int(bytes.first ?? 0) % names.count])
    _ = OLE2Directory.entryNames(bytes)
    _ = OLE2Directory.kind(bytes)
    return 0
}
