import XCTest
import CPoppler
@testable import IngestPDF

final class ScratchTests: XCTestCase {
    func testDump() throws {
        guard let path = ProcessInfo.processInfo.environment["PDF"] else { throw XCTSkip("PDF not set") }
        let doc = try PopplerDocumentRef(url: URL(fileURLWithPath: path), password: nil)
        let p = doc.page(at: Int(ProcessInfo.processInfo.environment["PAGE"] ?? "0")!)!
        let raw = poppler_page_get_text(p.handle)!
        print(String(reflecting: String(cString: raw)))
        for l in p.textLines().lines { print(String(format: "%6.1f %6.1f %6.1f %6.1f h%4.1f | ", l.x0, l.y0, l.x1, l.y1, l.glyphHeight) + String(reflecting: l.text)) }
    }
}
