import Foundation
import IngestCore
@testable import IngestPDF
import IngestTestSupport
import XCTest

/// Whether a PDF holds JavaScript, asked in two parts (`PDFScripts`: outside the pages of the facts'
/// document, each page's in the walk) gives poppler's whole answer (`poppler_document_has_javascript`)
/// wherever the script is: a page's link, its open action, a widget's additional action, a field's
/// keystroke action, the document's close action, a named script; and on a page the walk reads
/// through a copy of its own (twelve pages) as on a short document's single one.
final class PDFScriptsTests: XCTestCase {
    static let script = "<< /S /JavaScript /JS (app.alert\\('x'\\);) >>"

    /// A PDF of `pages` pages, each with one line of text; `annots(i)` the page's annotation
    /// dictionaries, `pageExtra(i)` more of its dictionary, `catalogExtra` more of the catalog's
    /// (objects: 1 catalog, 2 pages, 3 font, then page, content and annotations per page).
    static func make(pages: Int, catalogExtra: String = "", pageExtra: (Int) -> String = { _ in "" },
                     annots: (Int) -> [String] = { _ in [] }) -> Data {
        var pageObjects: [[String]] = []
        var next = 4
        var kids: [String] = []
        for i in 0..<pages {
            let stream = PDFTestFiles.text("Scripted page \(i + 1) text", x: 72, y: 700)
            let pageAnnots = annots(i)
            let page = next, content = next + 1
            let annotRefs = pageAnnots.indices.map { "\(content + 1 + $0) 0 R" }.joined(separator: " ")
            kids.append("\(page) 0 R")
            var objects = ["<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents \(content) 0 R"
                + (pageAnnots.isEmpty ? "" : " /Annots [\(annotRefs)]") + " \(pageExtra(i)) >>",
                           "<< /Length \(stream.utf8.count) >>\nstream\n\(stream)\nendstream"]
            objects += pageAnnots.map { $0.replacingOccurrences(of: "PAGE", with: "\(page) 0 R") }
            pageObjects.append(objects)
            next += objects.count
        }
        let head = ["<< /Type /Catalog /Pages 2 0 R \(catalogExtra) >>",
                    "<< /Type /Pages /Kids [\(kids.joined(separator: " "))] /Count \(pages) >>",
                    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"]
        return PDFTestFiles.assemble(head + pageObjects.flatMap { $0 })
    }

    static let link = "<< /Type /Annot /Subtype /Link /Rect [72 690 300 712] /Border [0 0 0] /A \(script) >>"
    static let uriLink = "<< /Type /Annot /Subtype /Link /Rect [72 690 300 712] /Border [0 0 0] /A << /S /URI /URI (https://example.org/) >> >>"
    static let widget = "<< /Type /Annot /Subtype /Widget /FT /Btn /Ff 65536 /T (push) /Rect [72 600 200 630] /P PAGE /AA << /E \(script) >> >>"

    /// The documents, by what they hold, and whether poppler says they hold JavaScript.
    static let documents: [(name: String, data: Data, scripted: Bool)] = {
        var out: [(String, Data, Bool)] = []
        for pages in [1, 12] {
            let last = pages - 1
            out.append(("plain-\(pages)", make(pages: pages, annots: { _ in [uriLink] }), false))
            out.append(("link-\(pages)", make(pages: pages, annots: { $0 == last ? [uriLink, link] : [uriLink] }), true))
            out.append(("open-\(pages)", make(pages: pages, pageExtra: { $0 == last ? "/AA << /O \(script) >>" : "" }), true))
            out.append(("widget-\(pages)", make(pages: pages, annots: { $0 == last ? [widget] : [] }), true))
            out.append(("close-\(pages)", make(pages: pages, catalogExtra: "/AA << /WC \(script) >>"), true))
            out.append(("named-\(pages)", make(pages: pages, catalogExtra: "/Names << /JavaScript << /Names [(n) \(script)] >> >>"), true))
            // A field's keystroke action: the field is the page's widget, listed by the AcroForm
            // (object 6: the first page's first annotation).
            out.append(("field-\(pages)", make(pages: pages, catalogExtra: "/AcroForm << /Fields [6 0 R] >>", annots: { i in
                i == 0 ? ["<< /Type /Annot /Subtype /Widget /FT /Tx /T (name) /V (Ada) /Rect [72 600 200 630] /P PAGE /AA << /K \(script) >> >>"] : []
            }), true))
        }
        return out
    }()

    func testTheTwoPartsGivePopplersAnswer() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        for document in Self.documents {
            let url = try tmp.write(document.name + ".pdf", document.data)
            let poppler = try PopplerDocumentRef(url: url, password: nil).hasJavaScript
            XCTAssertEqual(poppler, document.scripted, "\(document.name): poppler's own answer")
            let input = SourceInput(files: [url], kind: .pdf, byteSize: 0, name: url.lastPathComponent)
            let e = try PDFExtractor().extract(input, context: ExtractionContext(language: .en))
            XCTAssertEqual(e.metadata["hasJavaScript"], .bool(document.scripted), document.name)
            XCTAssertEqual(e.warnings.filter { $0.code == .pdfJavaScriptIgnored }.count, document.scripted ? 1 : 0,
                           "\(document.name): \(e.warnings)")
            XCTAssertTrue(e.blocks.contains { $0.text.contains("Scripted page 1 text") }, document.name)
        }
    }

    func testEachPartAlone() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let named = try PopplerDocumentRef(url: try tmp.write("n.pdf", Self.make(pages: 2, catalogExtra: "/Names << /JavaScript << /Names [(n) \(Self.script)] >> >>")), password: nil)
        XCTAssertEqual(named.scriptsOutsidePages, true)
        let linked = try PopplerDocumentRef(url: try tmp.write("l.pdf", Self.make(pages: 2, annots: { $0 == 1 ? [Self.link] : [Self.uriLink] })), password: nil)
        XCTAssertEqual(linked.scriptsOutsidePages, false)
        XCTAssertEqual(linked.page(at: 0)?.scripts, false)
        XCTAssertEqual(linked.page(at: 1)?.scripts, true)
        XCTAssertEqual(PDFScripts.facts(linked), .askPages)
    }

    /// Poppler's scan built the pages' annotations of the facts' document outside the walk's count
    /// of poppler's log lines: an annotation with a bad box (`Bad bounding box for annotation`) on a
    /// short document (read through that document alone) did not make it "repaired" (firefox_logo.pdf
    /// of pdf.js), and does not now that the walk builds them. (A long document's other copies built
    /// theirs in the walk, counted, as they still do: which pages they read depends on the threads.)
    func testAnAnnotationPopplerComplainsAboutRepairsNothing() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let bad = "<< /Type /Annot /Subtype /Link /Rect [72 690 300] /Border [0 0 0] /A << /S /URI /URI (https://example.org/) >> >>"
        for pages in [1, 5] {
            let url = try tmp.write("bad-box-\(pages).pdf", Self.make(pages: pages, annots: { _ in [bad] }))
            let input = SourceInput(files: [url], kind: .pdf, byteSize: 0, name: url.lastPathComponent)
            let e = try PDFExtractor().extract(input, context: ExtractionContext(language: .en))
            XCTAssertFalse(e.warnings.contains { $0.code == .pdfRepaired }, "\(pages) pages: \(e.warnings)")
            XCTAssertEqual(e.metadata["hasJavaScript"], .bool(false))
        }
    }
}
