// Our streaming XML scanner against Foundation's XMLParser on one part (word/document.xml of a
// .docx), both from the same bytes in memory, both counting elements, attributes and text bytes.
// Built by bench/docx/run.sh against the release objects of IngestCore/IngestZip/IngestOffice.
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import IngestOffice
import IngestZip

struct Counter: XMLHandler {
    var elements = 0, attributes = 0, textBytes = 0
    mutating func startElement(_ name: Int32, _ a: XMLAttributes) throws { elements += 1; attributes += a.count }
    mutating func endElement(_ name: Int32) throws {}
    mutating func characters(_ text: UnsafeRawBufferPointer) throws { textBytes += text.count }
}

final class FoundationCounter: NSObject, XMLParserDelegate {
    var elements = 0, attributes = 0, textBytes = 0
    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        elements += 1; attributes += attributeDict.count
    }
    func parser(_ parser: XMLParser, foundCharacters string: String) { textBytes += string.utf8.count }
}

let path = CommandLine.arguments[1]
let archive = try ZipArchive(url: URL(fileURLWithPath: path))
let part = try archive.data(archive.entry("word/document.xml")!, maxBytes: 1 << 30)
let rounds = 3
let extractOnly = CommandLine.arguments.count > 2 && CommandLine.arguments[2] == "--extract-only"

func time(_ body: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<rounds {
        let t = DispatchTime.now().uptimeNanoseconds
        try body()
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - t) / 1e6)
    }
    return best
}

if !extractOnly {
var ours = XMLCounts()
let oursMs = try time { ours = try XMLCounts.of(part, part: "word/document.xml") }
let foundation = FoundationCounter()
let data = Data(part)
let foundationMs = time {
    let f = FoundationCounter()
    let parser = XMLParser(data: data)
    parser.shouldProcessNamespaces = true   // namespaces by URI, as ours
    parser.delegate = f
    _ = parser.parse()
    foundation.elements = f.elements; foundation.attributes = f.attributes; foundation.textBytes = f.textBytes
}
var streamed = Counter()
let streamMs = try time {
    var c = Counter()
    let scanner = XMLScanner(part: "word/document.xml")
    try archive.read(archive.entry("word/document.xml")!) { try scanner.feed($0, &c) }
    try scanner.finish(&c)
    streamed = c
}
let mb = Double(part.count) / 1e6
print(String(format: "part: %.1f MB of XML", mb))
print(String(format: "ours (XMLScanner):        %8.1f ms  %6.1f MB/s  elements %d attributes %d text bytes %d", oursMs, mb / oursMs * 1000, ours.elements, ours.attributes, ours.textBytes))
print(String(format: "Foundation XMLParser:     %8.1f ms  %6.1f MB/s  elements %d attributes %d text bytes %d", foundationMs, mb / foundationMs * 1000, foundation.elements, foundation.attributes, foundation.textBytes))
print(String(format: "ours, inflate + scan:     %8.1f ms  (streamed from the ZIP, 64 KiB chunks)", streamMs))
print(String(format: "speed-up over XMLParser:  %.1fx", foundationMs / oursMs))
print("same elements/attributes:", ours.elements == foundation.elements && ours.attributes == foundation.attributes ? "yes" : "NO")
}

// The whole extractor on the same file (what `ingest convert` reports as timings.extract).
import IngestCore
let input = SourceInput(files: [URL(fileURLWithPath: path)], kind: .docx, byteSize: archive.fileSize, name: path)
var blocks = 0
let extractMs = try time { blocks = try DocxExtractor().extract(input, context: ExtractionContext()).blocks.count }
print(String(format: "DocxExtractor.extract:    %8.1f ms  (%d blocks)", extractMs, blocks))
