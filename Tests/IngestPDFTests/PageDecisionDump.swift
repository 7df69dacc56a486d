import Foundation
import IngestCore
@testable import IngestPDF
import IngestTestSupport
import XCTest

/// A helper, not a test: `INGEST_PAGE_DUMP=a.pdf:b.pdf swift test --filter PageDecisionDump`
/// prints (or writes to `INGEST_PAGE_DUMP_OUT`) each page's decision and the figures it was made on (bench/pdf/debian-docs.sh uses it).
final class PageDecisionDump: XCTestCase {
    func testDumpPageDecisions() throws {
        guard let list = ProcessInfo.processInfo.environment["INGEST_PAGE_DUMP"], !list.isEmpty else {
            throw XCTSkip("by design: a dump helper, run with INGEST_PAGE_DUMP=file.pdf[:file.pdf…]")
        }
        let extractor = PDFExtractor()
        var out = ""
        defer {
            if let path = ProcessInfo.processInfo.environment["INGEST_PAGE_DUMP_OUT"] {
                try? out.write(toFile: path, atomically: true, encoding: .utf8)
            } else {
                print(out, terminator: "")
            }
        }
        for path in list.split(separator: ":").map(String.init) {
            let document = try PopplerDocumentRef(url: URL(fileURLWithPath: path), password: nil)
            let name = URL(fileURLWithPath: path).lastPathComponent
            for index in 0..<document.pageCount {
                guard let page = document.page(at: index) else { out += "\(name)\t\(index + 1)\tunreadable\n"; continue }
                let data = extractor.read(page)
                let q = TextQuality(lines: data.lines.lazy.map(\.text))
                let grid = PageGrid(lines: data.lines, width: page.size.width, height: page.size.height)
                let images = page.imageFacts(grid: grid)
                let figures = String(format: "images=%.2f textless=%.2f marked=%.2f free=%.2f", images.coverage, images.textless,
                                     images.textlessMarked, grid.freeShare) + (grid.hasRoom(for: PageClassifier.markedImageShare) ? " room" : "")
                let sample = data.lines.prefix(3).map(\.text).joined(separator: " | ").prefix(90)
                out += "\(name)\t\(index + 1)\t\(data.classification.rawValue)\t\(q.summary) \(figures)\t\(sample)\n"
            }
        }
    }
}
