// libFuzzer target: the Office readers end to end (ZIP → parts → XML → blocks): .docx, .pptx,
// OpenDocument and EPUB, the first byte picking the reader. Seeded with real files, so mutations
// land inside well-formed packages. Built by scripts/fuzz.sh.
import Foundation
import FuzzSupport
import IngestCore
import IngestOffice

let scratch: URL = {
    let dir = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    return URL(fileURLWithPath: dir).appendingPathComponent("ingest-fuzz-office-\(getpid())")
}()

@main enum Main { static func main() { FuzzDriver.run { data, size in fuzzOffice(data ?? UnsafePointer(bitPattern: 1)!, size) } } }

func fuzzOffice(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    try! bytes.write(to: scratch)
    // The reader follows what the file is, like the pipeline: the sniffer decides.
    let kind = Sniffer.sniff(prefix: bytes.prefix(64 << 10)).kind
    let extractor: (any Extractor)?
    switch kind {
    case .docx: extractor = DocxExtractor()
    case .pptx: extractor = PptxExtractor()
    case .odt, .odp: extractor = ODFExtractor()
    case .epub: extractor = EPUBExtractor()
    default: extractor = nil
    }
    guard let extractor else { return 0 }
    var config = PipelineConfig()
    config.limits.maxFileBytes = 16 << 20
    let input = SourceInput(files: [scratch], kind: kind, byteSize: size, name: "fuzz")
    _ = try? extractor.extract(input, context: ExtractionContext(config: config, deadline: Date().addingTimeInterval(10)))
    return 0
}
