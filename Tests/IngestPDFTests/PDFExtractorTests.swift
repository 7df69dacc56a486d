import Foundation
import IngestCore
@testable import IngestPDF
import IngestTestSupport
import XCTest

final class PDFExtractorTests: XCTestCase {
    let extractor = PDFExtractor()

    func extract(_ url: URL, password: String? = nil, deadline: Date? = nil) throws -> Extraction {
        let input = SourceInput(files: [url], kind: .pdf, byteSize: 0, name: url.lastPathComponent)
        return try extractor.extract(input, context: ExtractionContext(language: .en, password: password, deadline: deadline))
    }

    func assertCode(_ code: ErrorCode, _ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            XCTAssertEqual((error as? IngestError)?.code, code, "\(error)", file: file, line: line)
        }
    }

    // MARK: Bad input

    func testZeroByteFile() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let url = try tmp.write("empty.pdf", Data())
        assertCode(.fileEmpty) { _ = try extract(url) }
    }

    func testHTMLNamedPDF() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let url = try tmp.write("page.pdf", "<!DOCTYPE html><html><body>Not a PDF</body></html>")
        assertCode(.pdfNotPDF) { _ = try extract(url) }
    }

    func testTruncatedPDF() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let full = PDFTestFiles.make(pages: 3) { PDFTestFiles.text("Page \($0 + 1) body text", x: 72, y: 700) }
        let url = try tmp.write("cut.pdf", full.prefix(60))
        XCTAssertThrowsError(try extract(url)) { error in
            let e = error as? IngestError
            XCTAssertEqual(e?.code, .pdfCorrupt, "\(error)")
            XCTAssertNotNil(e?.detail, "poppler's reason is kept")
        }
    }

    func testRepairedPDFIsReadWithWarning() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        var data = PDFTestFiles.make(pages: 2) { PDFTestFiles.text("Recoverable text on page \($0 + 1)", x: 72, y: 700) }
        // Break the startxref offset: poppler rebuilds the cross-reference table.
        let tail = String(decoding: data.suffix(40), as: UTF8.self)
        let broken = tail.replacingOccurrences(of: #"startxref\n\d+"#, with: "startxref\n12", options: .regularExpression)
        data = data.dropLast(40) + Data(broken.utf8)
        let e = try extract(try tmp.write("broken-xref.pdf", data))
        XCTAssertTrue(e.blocks.contains { $0.text.contains("Recoverable text on page 2") })
        XCTAssertTrue(e.warnings.contains { $0.code == .pdfRepaired }, "\(e.warnings)")
    }

    func testCorpusBrokenFiles() throws {
        try Corpus.require()
        assertCode(.fileEmpty) { _ = try extract(Corpus.url("pdf/pdfplumber-empty.pdf")) }
        assertCode(.pdfCorrupt) { _ = try extract(Corpus.url("pdf/ocrmypdf-invalid.pdf")) }
        // Damaged but readable: whatever poppler recovers, with a warning, never a crash.
        for name in ["qpdf-issue-117.pdf", "pdfminer-zen_of_python_corrupted.pdf", "pdfplumber-malformed-from-issue-932.pdf"] {
            do {
                let e = try extract(Corpus.url("pdf/" + name))
                XCTAssertFalse(e.pages?.isEmpty ?? true, name)
            } catch let error as IngestError {
                XCTAssertEqual(error.code, .pdfCorrupt, name)
            }
        }
        let repaired = try extract(Corpus.url("pdf/qpdf-issue-117.pdf"))
        XCTAssertTrue(repaired.warnings.contains { $0.code == .pdfRepaired })
    }

    func testJavaScriptIsNotRunAndReported() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let js = "/Names << /JavaScript << /Names [(x) << /S /JavaScript /JS (app.alert\\('hi'\\);) >>] >> >> /OpenAction << /S /JavaScript /JS (app.alert\\('open'\\);) >> "
        // One page (facts read before the walk) and twelve (facts read while other threads walk).
        for pages in [1, 12] {
            let data = PDFTestFiles.make(pages: pages, extraCatalog: js) { PDFTestFiles.text("Hello from scripted page \($0 + 1)", x: 72, y: 700) }
            let e = try extract(try tmp.write("js-\(pages).pdf", data))
            XCTAssertEqual(e.warnings.filter { $0.code == .pdfJavaScriptIgnored }.count, 1, "\(pages) pages: \(e.warnings)")
            XCTAssertEqual(e.pagesRead, pages)
            for p in 1...pages { XCTAssertTrue(e.blocks.contains { $0.text.contains("Hello from scripted page \(p)") }, "page \(p) of \(pages)") }
        }
    }

    func testTwoThousandPagesStreamWithinDeadline() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let data = PDFTestFiles.make(pages: 2000) { PDFTestFiles.text("Page \($0 + 1) of a very long course.", x: 72, y: 700) }
        let url = try tmp.write("long.pdf", data)
        let e = try extract(url)
        XCTAssertEqual(e.pages?.count, 2000)
        XCTAssertEqual(e.pagesRead, 2000)
        // A deadline already past stops the run with the named time-limit error, not a hang.
        assertCode(.timeout) { _ = try extract(url, deadline: Date()) }
    }

    func testPageWithOneHundredThousandTinyGlyphs() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        // 400 lines of 250 one-point glyphs.
        let data = PDFTestFiles.make(pages: 1) { _ in
            (0..<400).map { PDFTestFiles.text(String(repeating: "abcdefghij", count: 25), x: 10, y: 830 - Double($0) * 2, size: 1) }
                .joined(separator: "\n")
        }
        let e = try extract(try tmp.write("tiny.pdf", data))
        XCTAssertEqual(e.pages?.count, 1)
        XCTAssertGreaterThanOrEqual(e.pages?[0].characters ?? 0, 50_000)
    }

    // MARK: Encryption

    func testEncryptedPDFs() throws {
        try Corpus.require()
        let cases: [(String, String)] = [("pdfminer-rc4-40.pdf", "baz"), ("pdfminer-aes-256-r6.pdf", "usersecret"),
                                         ("pypdf-encryption-r4-aes-user-password.pdf", "asdfzxcv"),
                                         ("sample-files-005-libreoffice-writer-password.pdf", "openpassword")]
        for (name, password) in cases {
            let url = Corpus.url("pdf/" + name)
            assertCode(.pdfEncrypted) { _ = try extract(url) }
            assertCode(.pdfWrongPassword) { _ = try extract(url, password: "not-it") }
            let e = try extract(url, password: password)
            XCTAssertFalse(e.blocks.isEmpty, name)
        }
        // Owner password only: read normally without one.
        let owner = try extract(Corpus.url("pdf/pypdf-encryption-r6-owner-password.pdf"))
        XCTAssertTrue(owner.blocks.contains { $0.text.contains("encryption") })
        XCTAssertEqual(try extract(Corpus.url("pdf/pdfminer-rc4-40.pdf"), password: "baz").blocks.first?.text, "Secret!")
    }

    // MARK: Content

    func testTwoColumnsDoNotInterleave() throws {
        try Corpus.require()
        let e = try extract(Corpus.url("pdf/sample-files-026-multicolumn.pdf"))
        let text = e.blocks.filter { $0.page == 1 }.map(\.text).joined(separator: "\n")
        // The left column ends with "Donec nonummy" and the right one starts "pellentesque ante.".
        let left = try XCTUnwrap(text.range(of: "Donec nonummy"))
        let right = try XCTUnwrap(text.range(of: "pellentesque ante."))
        XCTAssertLessThan(left.lowerBound, right.lowerBound)
        XCTAssertTrue(e.blocks.allSatisfy { $0.provenance == .textLayer && $0.page != nil })
    }

    /// GeoTopo's index (page 115) has two columns whose letter groups line up. Poppler ran the
    /// left column's last line into the right column's first one ("Axiomensystem, 64einfach
    /// zusammenhängend, 49"), a line across the gutter, so the page was read band by band.
    func testIndexColumnsAreReadOneAfterTheOther() throws {
        try Corpus.require()
        let e = try extract(Corpus.url("pdf/sample-files-009-GeoTopo-komprimiert.pdf"))
        let text = e.blocks.filter { $0.page == 115 }.map(\.text).joined(separator: "\n")
        XCTAssertFalse(text.contains("64einfach"), text)
        // Left column: Abbildung … Eigenwert; right column: einfach zusammenhängend … Hilbert-Kurve.
        let leftEnd = try XCTUnwrap(text.range(of: "Eigenwert, 107"))
        let rightStart = try XCTUnwrap(text.range(of: "einfach zusammenhängend, 49"))
        let leftMiddle = try XCTUnwrap(text.range(of: "Basis, 3"))
        XCTAssertLessThan(leftMiddle.lowerBound, leftEnd.lowerBound)
        XCTAssertLessThan(leftEnd.lowerBound, rightStart.lowerBound)
    }

    func testMetadataOutlineAndPageClassification() throws {
        try Corpus.require()
        let e = try extract(Corpus.url("pdf/sample-files-009-GeoTopo-komprimiert.pdf"))
        XCTAssertEqual(e.metadata["pageCount"], .int(e.pages?.count ?? -1))
        XCTAssertNotNil(e.metadata["pdfVersion"]?.stringValue)
        XCTAssertNotNil(e.metadata["creationDate"]?.stringValue?.range(of: #"^\d{4}-\d\d-\d\dT"#, options: .regularExpression))
        XCTAssertGreaterThan(e.blocks.filter { $0.kind == .heading }.count, 10)
        XCTAssertTrue(e.pages?.contains { $0.label != nil } ?? false, "front matter has Roman page labels")
        XCTAssertTrue(e.ocrCandidates.isEmpty)
    }

    func testFontWithoutUnicodeMappingIsAnOCRCandidate() throws {
        try Corpus.require()
        let e = try extract(Corpus.url("pdf/ocrmypdf-truetype_font_nomapping.pdf"))
        XCTAssertEqual(e.ocrCandidates, [1])
        XCTAssertEqual(e.pages?.first?.classification, .corruptText)
        XCTAssertTrue(e.warnings.contains { $0.code == .pdfPagesWithoutText })
    }

    func testScannedPDFIsImageOnly() throws {
        try Corpus.require()
        let e = try extract(Corpus.url("scans/ocrmypdf-cardinal.pdf"))
        XCTAssertEqual(e.ocrCandidates, [1, 2, 3, 4])
        XCTAssertEqual(e.thinTextReason, .readinessScanned)
        XCTAssertEqual(e.visionPages, [1, 2, 3, 4])
        XCTAssertTrue(e.pages?.allSatisfy { $0.classification == .imageOnly } ?? false)
    }

    func testRunningHeadersRemovedAndHeadingsFound() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let data = PDFTestFiles.make(pages: 4) { i in
            [PDFTestFiles.text("Physique - Semestre 1", x: 72, y: 800, size: 9),
             PDFTestFiles.text("Chapitre \(i * 3 + 1)", x: 72, y: 740, size: 20),
             PDFTestFiles.text("La force est une grandeur vectorielle, voir exemple \(i * 7 + 2).", x: 72, y: 700),
             PDFTestFiles.text("\(i + 1)", x: 290, y: 40, size: 9)].joined(separator: "\n")
        }
        let e = try extract(try tmp.write("course.pdf", data))
        XCTAssertFalse(e.blocks.contains { $0.text.contains("Semestre") })
        XCTAssertFalse(e.blocks.contains { $0.text.trimmingCharacters(in: .whitespaces) == "2" })
        XCTAssertEqual(e.blocks.filter { $0.kind == .heading }.map(\.text), ["Chapitre 1", "Chapitre 4", "Chapitre 7", "Chapitre 10"])
        XCTAssertEqual(e.title, TitleCandidate("Chapitre 1", origin: .heading))
    }

    func testMeaningfulTitles() {
        XCTAssertNil(PDFMetadata.meaningfulTitle("Microsoft Word - cours.docx", fileName: "a.pdf"))
        XCTAssertNil(PDFMetadata.meaningfulTitle("untitled", fileName: "a.pdf"))
        XCTAssertNil(PDFMetadata.meaningfulTitle("chapitre3.pdf", fileName: "a.pdf"))
        XCTAssertNil(PDFMetadata.meaningfulTitle("Cours_2", fileName: "Cours_2.pdf"))
        XCTAssertNil(PDFMetadata.meaningfulTitle("Document1", fileName: "x.pdf"))
        XCTAssertEqual(PDFMetadata.meaningfulTitle("  Thermodynamique   classique ", fileName: "x.pdf"), "Thermodynamique classique")
        XCTAssertNil(PDFMetadata.meaningfulTitle("Slide 12", fileName: "x.pdf"))
        XCTAssertNil(PDFMetadata.meaningfulTitle("Sans titre", fileName: "x.pdf"))
        XCTAssertNil(PDFMetadata.meaningfulTitle("notes.HTML", fileName: "x.pdf"))
        XCTAssertNil(PDFMetadata.meaningfulTitle("C:Users", fileName: "x.pdf"))
        XCTAssertNil(PDFMetadata.meaningfulTitle("/home/eleve/cours", fileName: "x.pdf"))
        XCTAssertEqual(PDFMetadata.meaningfulTitle("Document de synthèse", fileName: "x.pdf"), "Document de synthèse")
        XCTAssertEqual(PDFMetadata.meaningfulTitle("Les slides 2 et 3", fileName: "x.pdf"), "Les slides 2 et 3")
        XCTAssertEqual(PDFMetadata.meaningfulTitle("Version 2.0 du cours", fileName: "x.pdf"), "Version 2.0 du cours")
    }

    func testObjectHeaderAtCrossReferenceOffset() {
        XCTAssertTrue(PopplerDocumentRef.startsWithObjectHeader("12 0 obj\n<<"))
        XCTAssertTrue(PopplerDocumentRef.startsWithObjectHeader(" \n7  0\tobj"))
        XCTAssertFalse(PopplerDocumentRef.startsWithObjectHeader("12 obj"))
        XCTAssertFalse(PopplerDocumentRef.startsWithObjectHeader("12 0obj"))
        XCTAssertFalse(PopplerDocumentRef.startsWithObjectHeader("trailer"))
    }

    func testDatesAreUTCInternetTime() {
        XCTAssertEqual(PDFMetadata.iso8601(0), "1970-01-01T00:00:00Z")
        XCTAssertEqual(PDFMetadata.iso8601(1_764_623_712), "2025-12-01T21:15:12Z")
    }

    func testMojibakeAndUnmappedTextAreCorrupt() {
        XCTAssertTrue(TextQuality(String(repeating: "ThŽo a mangŽ une pomme trs rapidement. ", count: 5)).isCorrupt)
        XCTAssertTrue(TextQuality(String(repeating: "\u{FFFD}\u{E001}x ", count: 30)).isCorrupt)
        XCTAssertTrue(TextQuality(String(repeating: "#$%& 3@1! ¤¤ =+= ", count: 10)).isCorrupt
                      || TextQuality(String(repeating: "qzxwv bnmpt krsdf ghjkl ", count: 10)).isCorrupt)
        XCTAssertFalse(TextQuality("Théo a mangé une pomme très rapidement, puis il est parti à l'école.").isCorrupt)
        XCTAssertFalse(TextQuality("Привет, мир. こんにちは世界. مرحبا بالعالم. Hello world again and again.").isCorrupt)
    }

    /// A PDF's extraction says once that its pages are read (`WordLookAhead.pagesRead`), after
    /// its page walk, so the pipeline starts the study sheet's lexicon beside the rest: once for a
    /// two-page pdflatex text, and not before the walk (nothing said when a page is read alone).
    func testExtractionSaysOnceThatItsPagesAreRead() throws {
        let tmp = try TemporaryDirectory("pagesread"); defer { tmp.remove() }
        let pdf = try LaTeXPDFs.make("two", LaTeXPDFs.article("12pt", "First page.\n\n\\newpage\nSecond page."), in: tmp)
        let said = Monitor(0)
        let blocks = try WordLookAhead.whileExtracting(opening: {}, afterPages: { said.update { $0 += 1 } }) {
            try LaTeXPDFs.extract(pdf).blocks
        }
        XCTAssertEqual(blocks.map(\.text), ["First page.", "Second page."])
        XCTAssertEqual(said.read { $0 }, 1)
        let document = try PopplerDocumentRef(url: pdf, password: nil)
        let page = try XCTUnwrap(document.page(at: 0))
        _ = WordLookAhead.whileExtracting(opening: {}, afterPages: { said.update { $0 += 1 } }) {
            PDFExtractor().readInWalk(page, watchingCutWords: true)
        }
        XCTAssertEqual(said.read { $0 }, 1)
    }

    /// The first word a PDF's walk finds cut at a line end opens the dictionaries once, given that
    /// page's text (`WordLookAhead.whileExtracting(openingFor:)`): the pipeline opens those of the
    /// text's language only (`DocumentBuilder.openAhead(forTextLike:)`).
    func testTheFirstCutWordOpensTheDictionariesWithItsPagesText() throws {
        let tmp = try TemporaryDirectory("cutword"); defer { tmp.remove() }
        // Page 1 cuts no word; pages 2 and 3 each cut one.
        let body = (0..<12).map { PDFTestFiles.text("Line \($0 + 1) of ordinary English text, long enough to read as a page.", x: 60, y: 640 - 14 * Double($0)) }.joined(separator: "\n")
        let data = PDFTestFiles.make(pages: 3) { page in
            body + (page == 0 ? "" : "\n" + PDFTestFiles.text("Page \(page + 1) shows a demon-", x: 60, y: 440) + "\n" + PDFTestFiles.text("stration of hyphenation.", x: 60, y: 426))
        }
        let url = try tmp.write("cut.pdf", data)
        let samples = Monitor([String]())
        let blocks = try WordLookAhead.whileExtracting(openingFor: { sample in samples.update { $0.append(sample) } }) {
            try LaTeXPDFs.extract(url).blocks
        }
        let seen = samples.read { $0 }
        XCTAssertEqual(seen.count, 1, "\(seen) \(blocks.map(\.text))")
        XCTAssertTrue(seen.first?.contains("a demon-\nstration") == true, "\(seen)")
    }
}
