import CPoppler
import CPopplerPaths
import Foundation
import IngestCore
@testable import IngestPDF
import IngestTestSupport
import XCTest

final class PopplerDocumentTests: XCTestCase {
    /// A document opened from the file's bytes (`readingUpTo`, as the page walk opens it) reads
    /// them, not the file: truncated to nothing once opened (mapped, it would have killed the
    /// process at poppler's next read), every page still gives its text; opened from the file,
    /// the pages not yet loaded are lost. Its copy opens from the same bytes.
    func testDocumentReadFromMemoryOutlivesItsFile() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let pdf = PDFTestFiles.make(pages: 3) { PDFTestFiles.text("Page \($0 + 1) of the course", x: 72, y: 700) }
        func texts(_ document: PopplerDocumentRef) -> [String] {
            (0..<3).map { document.page(at: $0)?.textLines().lines.map(\.text).joined(separator: " ") ?? "unreadable" }
        }
        let expected = ["Page 1 of the course", "Page 2 of the course", "Page 3 of the course"]

        let memory = tmp.url.appendingPathComponent("memory.pdf")
        try pdf.write(to: memory)
        let fromBytes = try PopplerDocumentRef(url: memory, password: nil, readingUpTo: PDFFileBytes.largest)
        XCTAssertEqual(fromBytes.fileBytes?.count, pdf.count)
        let copy = try PopplerDocumentRef(url: memory, password: nil, bytes: fromBytes.fileBytes)
        XCTAssertTrue(copy.fileBytes === fromBytes.fileBytes)
        XCTAssertEqual(truncate(memory.path, 0), 0)
        XCTAssertEqual(texts(fromBytes), expected)
        XCTAssertEqual(texts(copy), expected)

        let file = tmp.url.appendingPathComponent("file.pdf")
        try pdf.write(to: file)
        let fromFile = try PopplerDocumentRef(url: file, password: nil, readingUpTo: pdf.count - 1)
        XCTAssertNil(fromFile.fileBytes, "a file over the limit is opened from disk")
        XCTAssertEqual(truncate(file.path, 0), 0)
        XCTAssertNotEqual(texts(fromFile), expected)
    }

    /// A document keeps `objectStreamsKept` parsed object streams, not poppler's five (the layout
    /// of poppler 22.12's cache is recognised: a poppler whose layout differs keeps its five and
    /// this fails), and a file of 18 object streams reads the same text as through poppler alone.
    func testObjectStreamsKept() throws {
        let url = Corpus.url("pdf/pdfplumber-scotus-transcript-p1.pdf")
        let document = try PopplerDocumentRef(url: url, password: nil)
        XCTAssertEqual(ingest_document_object_streams_kept(UnsafeMutableRawPointer(document.handle)), Int32(PopplerDocumentRef.objectStreamsKept))
        guard let uri = g_filename_to_uri(url.path, nil, nil), let plain = poppler_document_new_from_file(uri, nil, nil) else {
            return XCTFail("poppler opens the file")
        }
        defer { g_free(uri); g_object_unref(gpointer(plain)) }
        XCTAssertEqual(ingest_document_object_streams_kept(UnsafeMutableRawPointer(plain)), 5)
        XCTAssertGreaterThan(document.pageCount, 0)
        for index in 0..<document.pageCount {
            let page = poppler_document_get_page(plain, Int32(index))!
            defer { g_object_unref(gpointer(page)) }
            let text = poppler_page_get_text(page)!
            defer { g_free(text) }
            let read = try XCTUnwrap(document.page(at: index))
            withExtendedLifetime(read) {
                XCTAssertEqual(PopplerDocumentRef.own(poppler_page_get_text(read.handle)), String(cString: text), "page \(index + 1)")
            }
        }
    }

    /// A worker allowed little memory reads no file larger than an eighth of it into memory.
    func testFileBytesStayWithinTheWorkersMemory() {
        XCTAssertEqual(PDFFileBytes.largest(memoryLimitMB: 2048), 256 << 20)
        XCTAssertEqual(PDFFileBytes.largest(memoryLimitMB: 64), 8 << 20)
        XCTAssertEqual(PDFFileBytes.largest(memoryLimitMB: 0), 0)
    }

    /// A footnote whose first line runs past the page's right edge (an unbreakable path, as in
    /// maint-guide.en p.62's `--libexecdir=…`), the last block of the page: the footnote's two
    /// lines after it are read, each word of the source that is drawn on the page.
    func testLinesAfterALineRunningPastThePageEdgeAreKept() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let pdf = try LaTeXPDFs.make("footnote", LaTeXPDFs.article("11pt", #"""
        Replace the configure call with the helper of the build system.\footnote{Alternatively, you can add the option \mbox{\texttt{libexecdir=/usr/lib/x86\_64-linux-gnu/libexec/helpers/of/the/package/foo/and/its/plugins/bar/baz/qux}} as arguments to the configure script. Please note that this option specifies the default path to install executable programs run by other programs rather than by users. Its Autotools default is /usr/libexec/ but its Debian default is /usr/lib/.}

        Replace all occurrences of the library path in the install files.
        """#), in: tmp)
        let text = try LaTeXPDFs.extract(pdf).blocks.map(\.text).joined(separator: "\n")
        for words in ["as arguments to the configure script", "rather than by users", "Its Autotools default is /usr/libexec/",
                      "its Debian default is /usr/lib/.", "Replace all occurrences of the library path"] {
            XCTAssertTrue(text.replacingOccurrences(of: "\n", with: " ").contains(words), "\(words) missing from:\n\(text)")
        }
    }
}
