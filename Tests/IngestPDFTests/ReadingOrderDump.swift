import Foundation
import IngestCore
@testable import IngestPDF
import IngestTestSupport
import XCTest

/// A helper, not a test: `INGEST_ORDER_DUMP=a.pdf .build/debug/IngestPackageTests.xctest
/// IngestPDFTests.ReadingOrderDump` prints each page's gutters, then its lines as poppler gives
/// them and in reading order, with their boxes (what `ReadingOrder` and `ColumnRegions` decide on).
final class ReadingOrderDump: XCTestCase {
    func testDumpReadingOrder() throws {
        guard let list = ProcessInfo.processInfo.environment["INGEST_ORDER_DUMP"], !list.isEmpty else {
            throw XCTSkip("by design: a dump helper, run with INGEST_ORDER_DUMP=file.pdf[:file.pdf…]")
        }
        // INGEST_ORDER_DUMP_BRIEF=1: only the pages with gutters, one line each (to find pages in columns).
        let brief = ProcessInfo.processInfo.environment["INGEST_ORDER_DUMP_BRIEF"] == "1"
        var out = ""
        func describe(_ l: TextLine) -> String {
            String(format: "%6.1f %6.1f %6.1f %6.1f h%4.1f  ", l.x0, l.y0, l.x1, l.y1, l.glyphHeight) + l.text
        }
        for path in list.split(separator: ":").map(String.init) {
            guard let document = try? PopplerDocumentRef(url: URL(fileURLWithPath: path), password: nil) else { continue }
            for index in 0..<document.pageCount {
                guard let page = document.page(at: index) else { continue }
                let text = page.textLines()
                if brief {
                    // Printed at once: a long list of files is read for minutes.
                    if !text.gutters.isEmpty { print("\(path)\t\(index + 1)\t\(text.gutters.count)") }
                    continue
                }
                out += "== page \(index + 1) \(text.width)x\(text.height) gutters: "
                    + text.gutters.map { String(format: "%.1f–%.1f", $0.lower, $0.upper) }.joined(separator: ", ") + "\n-- poppler\n"
                for l in text.lines { out += describe(l) + "\n" }
                out += "-- ordered\n"
                for l in ReadingOrder.order(text.lines, pageWidth: text.width, gutters: text.gutters) { out += describe(l) + "\n" }
            }
        }
        print(out, terminator: "")
    }
}
