import CTesseract
import Foundation
import IngestCore
@testable import IngestOCR
import XCTest

/// Prints what the table finder sees on `$OCR_TABLE_DUMP` (an image): the recognised words as
/// lines cut into segments, in the finder's points, and the tables found. A tool for looking at a
/// file by hand, skipped by design otherwise.
final class OCRTableDump: XCTestCase {
    func testDump() throws {
        guard let path = ProcessInfo.processInfo.environment["OCR_TABLE_DUMP"] else { throw XCTSkip("by design: set OCR_TABLE_DUMP=image.png") }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let raw = bytes.withUnsafeBytes({ pixReadMem($0.bindMemory(to: UInt8.self).baseAddress, $0.count) }) else { return XCTFail("unreadable") }
        let engine = try TesseractEngine(languages: ProcessInfo.processInfo.environment["OCR_TABLE_LANGUAGES"] ?? "fra+eng")
        let page = try engine.recognize(PageImage(taking: raw), deadline: .distantFuture, limitSeconds: 600, page: 1)
        let placed = RecognizedLines.placed(page)
        guard let layout = OCRTables.Layout(page, placed: placed, leftOut: .init()) else { return print("no layout") }
        print("page width", Int(layout.pageWidth))
        for line in WordLines.group(layout.words) {
            print(WordLines.segments(line).map { s in "[\(Int(s.first!.x0))-\(Int(s.last!.x1)) y\(Int(s.first!.y0)) h\(Int(s.first!.height))] " + s.map(\.text).joined(separator: " ") })
        }
        for t in AlignedColumns.find(words: layout.words, pageWidth: layout.pageWidth) {
            print("found", Int(t.x0), Int(t.y0), Int(t.x1), Int(t.y1), t.rows.map { $0.map { $0.text } })
        }
        for p in placed { print("placed", p.line, p.words.count, p.text) }
        for t in OCRTables.find(page, placed: placed, leftOut: .init()) {
            print("table", t.first, t.table.rows.map { $0.map { $0.text } })
        }
    }
}
