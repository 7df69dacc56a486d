import Foundation
@testable import IngestPDF
import IngestTestSupport
import XCTest

/// CPopplerFonts' pool (FontPool.cpp): a document's fonts are made once and lent to each display
/// pass again; a document's end takes its fonts out of the pool.
final class FontPoolTests: XCTestCase {
    /// A PDF of `pages` pages, each a line of `text(page)` in font /F1 (object 3, `baseFont`).
    static func pdf(pages: Int, baseFont: String, text: (Int) -> String) -> Data {
        var objects = ["<< /Type /Catalog /Pages 2 0 R >>",
                       "<< /Type /Pages /Kids [\((0..<pages).map { "\(4 + 2 * $0) 0 R" }.joined(separator: " "))] /Count \(pages) >>",
                       "<< /Type /Font /Subtype /Type1 /BaseFont /\(baseFont) /Encoding /WinAnsiEncoding >>"]
        for i in 0..<pages {
            let stream = PDFTestFiles.text(text(i), x: 72, y: 700, size: 14)
            objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents \(5 + 2 * i) 0 R >>")
            objects.append("<< /Length \(stream.utf8.count) >>\nstream\n\(stream)\nendstream")
        }
        return PDFTestFiles.assemble(objects)
    }

    /// Each page's text pass and rendering after the first page's are lent the font the first
    /// made, and read the same text as ever.
    func testPassesOfADocumentAreLentItsFonts() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let url = tmp.url.appendingPathComponent("three.pdf")
        try Self.pdf(pages: 3, baseFont: "Helvetica") { "Page \($0 + 1) of the course" }.write(to: url)
        let document = try PopplerDocumentRef(url: url, password: nil)
        let before = PopplerFontPool.counts
        for i in 0..<3 {
            let page = try XCTUnwrap(document.page(at: i))
            XCTAssertEqual(page.textLines().lines.map(\.text), ["Page \(i + 1) of the course"])
            // A rendering while the page's text still holds its font: another one is lent.
            XCTAssertFalse(PageRules.find(on: page, from: 0, to: page.size.height).horizontal.contains { $0.upper - $0.lower > 100 })
        }
        let after = PopplerFontPool.counts
        XCTAssertEqual(after.made - before.made, 2, "one font for the text pass, one for the rendering beside it")
        XCTAssertEqual(after.reused - before.reused, 4, "the other pages' passes are lent them")
    }

    /// Documents opened one after another, their font /F1 the same object (3 0) under the same
    /// name but another font: each reads with its own (a pooled font outliving its document would
    /// be handed to the next one opened where it was).
    func testADocumentsEndTakesItsFontsOutOfThePool() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let fonts = ["Helvetica", "Courier", "Times-Roman"]
        var urls: [URL] = []
        for font in fonts {
            let url = tmp.url.appendingPathComponent("\(font).pdf")
            try Self.pdf(pages: 2, baseFont: font) { "Set in \(font), page \($0 + 1)" }.write(to: url)
            urls.append(url)
        }
        for round in 0..<12 {
            let k = round % fonts.count
            let document = try PopplerDocumentRef(url: urls[k], password: nil)
            for i in 0..<2 {
                let page = try XCTUnwrap(document.page(at: i))
                XCTAssertEqual(page.textLines().lines.map(\.text), ["Set in \(fonts[k]), page \(i + 1)"])
                XCTAssertEqual(Set(page.textRuns().map(\.fontName)), [fonts[k]], "round \(round), page \(i + 1)")
            }
        }
    }

    /// A page of 600 fonts (distinct objects): once it is read, at most 512 wait idle, the others
    /// are freed; read again, the page is lent those kept and makes the rest, and reads the same.
    func testFontsIdleBeyondTheBoundAreFreed() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let count = 600
        let letters = (0..<count).map { String(UnicodeScalar(UInt8(97 + $0 % 26))) }
        var objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>"]
        let fonts = (0..<count).map { "/F\($0) \(5 + $0) 0 R" }.joined(separator: " ")
        objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 8000 842] /Resources << /Font << \(fonts) >> >> /Contents 4 0 R >>")
        let stream = "BT 10 700 Td " + (0..<count).map { "/F\($0) 10 Tf (\(letters[$0])) Tj" }.joined(separator: " ") + " ET"
        objects.append("<< /Length \(stream.utf8.count) >>\nstream\n\(stream)\nendstream")
        objects += (0..<count).map { _ in "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>" }
        let url = tmp.url.appendingPathComponent("fonts.pdf")
        try PDFTestFiles.assemble(objects).write(to: url)
        let document = try PopplerDocumentRef(url: url, password: nil)
        func read() throws -> String {
            let page = try XCTUnwrap(document.page(at: 0))
            return page.textLines().lines.map(\.text).joined().filter { $0 != " " }
        }
        XCTAssertEqual(try read(), letters.joined())
        XCTAssertLessThanOrEqual(PopplerFontPool.idle, 512)
        let before = PopplerFontPool.counts
        XCTAssertEqual(try read(), letters.joined())
        let after = PopplerFontPool.counts
        XCTAssertEqual(after.made - before.made + after.reused - before.reused, count)
        XCTAssertGreaterThan(after.made - before.made, 0, "the fonts past the bound were freed")
        XCTAssertGreaterThan(after.reused - before.reused, 0)
        XCTAssertLessThanOrEqual(after.reused - before.reused, 512)
        XCTAssertLessThanOrEqual(PopplerFontPool.idle, 512)
    }
}
