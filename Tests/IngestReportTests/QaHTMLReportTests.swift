import Foundation
import IngestCore
import IngestQuality
@testable import IngestReport
import IngestTestSupport
import XCTest

final class QaHTMLReportTests: XCTestCase {
    private var folder: TemporaryDirectory!

    override func setUpWithError() throws { folder = try TemporaryDirectory("ingest-report") }
    override func tearDown() { folder.remove() }

    private func html(_ fixture: ReportFixture = .make(), language: MessageLanguage = .fr) throws -> String {
        let url = folder.url.appendingPathComponent("report.html")
        try fixture.write(to: url, language: language)
        return try String(contentsOf: url, encoding: .utf8)
    }

    private func report(_ details: [QaDocumentDetail?], names: [String]? = nil) throws -> String {
        let documents = details.indices.map { i in
            QaDocument(name: names?[i] ?? "doc-\(i)", sources: [], kind: "text", status: "succeeded")
        }
        let report = QaReport(corpus: "c", startedAt: "2025-12-02T15:00:00Z", pipelineVersion: "t", milliseconds: 1,
                              documents: documents)
        return try html(ReportFixture(report: report, details: details))
    }

    /// The section of document `i`, from its opening tag to its end.
    private func section(_ html: String, _ i: Int) -> String {
        guard let start = html.range(of: "<section class=\"doc\" id=\"d\(i)\"") else { return "" }
        let end = html.range(of: "</section>", range: start.upperBound..<html.endIndex)?.upperBound ?? html.endIndex
        return String(html[start.lowerBound..<end])
    }

    private func occurrences(_ needle: String, in s: String) -> Int { s.components(separatedBy: needle).count - 1 }

    func testNamesCorpusAndTextsAreEscaped() throws {
        let page = try html()
        XCTAssertEqual(occurrences("<script", in: page), 1, "only the report's own script")
        XCTAssertFalse(page.contains("alert(\"x\")"))
        XCTAssertTrue(page.contains("notes/&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Tom&#39;.txt"))
        XCTAssertTrue(page.contains("/corpus/biologie &amp; &lt;chimie&gt;"))
        let text = section(page, 1)
        XCTAssertTrue(text.contains("&lt;b&gt;bold&lt;/b&gt; &amp; &lt;i&gt;it&lt;/i&gt; &quot;quoted&quot; &#39;single&#39;"))
        // Control characters are shown, not written raw (they are parse errors in HTML).
        XCTAssertTrue(text.contains("<span class=\"ctl\" title=\"U+0000\">0000</span>"))
        XCTAssertTrue(text.contains("<span class=\"ctl\" title=\"U+0085\">0085</span>"))
        XCTAssertFalse(page.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value) })
        XCTAssertTrue(text.contains("🧪 \u{202E}abc\u{202C} é\u{301} fin"), "other Unicode is kept as it is")
        // Every element the texts could open is closed again.
        for (open, close) in [("<del>", "</del>"), ("<ins>", "</ins>"), ("<mark ", "</mark>"), ("<section", "</section>"),
                              ("<tr", "</tr>"), ("<pre", "</pre>"), ("<bdi", "</bdi>")] {
            XCTAssertEqual(occurrences(open, in: page), occurrences(close, in: page), open)
        }
    }

    func testEveryDocumentHasASectionLinkedFromItsRow() throws {
        let fixture = ReportFixture.make()
        let page = try html(fixture)
        for i in fixture.report.documents.indices {
            XCTAssertEqual(occurrences("<tr id=\"r\(i)\"", in: page), 1, "row \(i)")
            XCTAssertEqual(occurrences("<section class=\"doc\" id=\"d\(i)\"", in: page), 1, "section \(i)")
            XCTAssertTrue(page.contains("<a href=\"#d\(i)\">"), "link to \(i)")
            XCTAssertTrue(section(page, i).contains("href=\"#r\(i)\""), "link back from \(i)")
        }
        XCTAssertTrue(section(page, 2).contains("pdf.encrypted"))
        XCTAssertTrue(section(page, 2).contains("Ce PDF est protégé par un mot de passe."))
        XCTAssertTrue(section(page, 2).contains("Texte non disponible"))
    }

    func testDifferencesFromTheExpectedTextAreMarkedInTheTextAsLaidOut() throws {
        let text = section(try html(), 0)
        // Missing words in <del>, extra ones in <ins>, the text's line break kept.
        XCTAssertTrue(text.contains(
            "La cellule est <del>l&#39;unité</del> <ins>l&#39;unite</ins> de base du vivant.\nElle contient un noyau et <del>du</del> <ins>le</ins> cytoplasme."),
            text)
        XCTAssertTrue(text.contains("<del>abc</del>"), "the legend explains the marks")
        let plain = section(try report([QaDocumentDetail(text: "pas de texte attendu")]), 0)
        XCTAssertFalse(plain.contains("<del>"))
        XCTAssertFalse(plain.contains("<ins>"))
    }

    func testDifferencesAtTheEdgesAndOfEveryKind() throws {
        let cases: [(text: String, expected: String, shown: String)] = [
            ("b c", "a b c", "<del>a</del> b c"),
            ("a b", "a b c", "a b <del>c</del>"),
            ("x a b", "a b", "<ins>x</ins> a b"),
            ("", "a b", "<del>a b</del>"),
            ("a  b\n\nc", "a b c", "a  b\n\nc"),
            ("un deux trois", "quatre", "<del>quatre</del> <ins>un deux trois</ins>"),
        ]
        let page = try report(cases.map { QaDocumentDetail(text: $0.text, expected: $0.expected) })
        for (i, c) in cases.enumerated() {
            XCTAssertTrue(section(page, i).contains("<pre lang") == false)
            XCTAssertTrue(section(page, i).contains(">" + c.shown + "</pre>"), "\(c): \(section(page, i))")
        }
    }

    func testLowConfidenceWordsAreMarkedEverywhereTheyOccur() throws {
        let scan = section(try html(), 5)
        XCTAssertEqual(occurrences("<mark class=\"lowconf\">noyau</mark>", in: scan), 2, scan)
        XCTAssertEqual(occurrences("<mark class=\"lowconf\">hase</mark>", in: scan), 1)
        XCTAssertTrue(scan.contains("<ins><mark class=\"lowconf\">ce1lule</mark></ins>"), scan)

        let page = try report([QaDocumentDetail(text: "chat, le chat. Chaton «chat» chat\nmechat chat,",
                                                lowConfidence: ["chat", "chat,"])])
        let doc = section(page, 0)
        XCTAssertEqual(occurrences("<mark class=\"lowconf\">chat</mark>", in: doc), 3, doc)
        XCTAssertEqual(occurrences("<mark class=\"lowconf\">chat,</mark>", in: doc), 2, doc)
        XCTAssertTrue(doc.contains("Chaton «<mark class=\"lowconf\">chat</mark>»"), doc)
        XCTAssertTrue(doc.contains("mechat"), "never inside a longer word")
        XCTAssertFalse(doc.contains("me<mark"))
    }

    func testHoldsNoNetworkReference() throws {
        let page = try html()
        for needle in ["http://", "https://", "src=\"//", "href=\"//", "url(", "@import", "<link", "<iframe"] {
            XCTAssertFalse(page.contains(needle), needle)
        }
        // URLs quoted in a text still read as themselves once rendered (`&#58;` is `:`).
        XCTAssertTrue(section(page, 8).contains("https&#58;//www.youtube.com/watch?v=abc"))
        // Page images are the report's own files, beside it.
        for src in page.components(separatedBy: " src=\"").dropFirst() {
            XCTAssertTrue(src.hasPrefix("report.pages/d"), String(src.prefix(40)))
        }
        for href in page.components(separatedBy: " href=\"").dropFirst() {
            XCTAssertTrue(href.hasPrefix("#"), String(href.prefix(40)))
        }
        XCTAssertTrue(page.contains("Content-Security-Policy\" content=\"default-src 'none'; img-src 'self' file:;"))
    }

    func testEveryPageImageIsAFileBesideTheReportLoadedLazily() throws {
        let png = TestPNG.page()
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
                        + [0xFF, 0xC0, 0, 17, 8, 0, 90, 0, 60, 3] + [UInt8](repeating: 0, count: 9) + [0xFF, 0xD9])
        let svg = Data("<svg xmlns='x'><script>alert(1)</script></svg>".utf8)
        let page = try report([
            QaDocumentDetail(text: "three photos", pageImages: [
                QaPageImage(data: png, type: "image/png", caption: "photo-1.png"),
                QaPageImage(data: jpeg, type: "image/png", caption: "photo-2.jpg"),
                QaPageImage(data: png, type: "image/png", caption: "photo-3.png"),
            ]),
            QaDocumentDetail(text: "svg", pageImages: [QaPageImage(data: svg, type: "image/svg+xml")]),
            QaDocumentDetail(text: "none"),
            QaDocumentDetail(text: "cut", pageImages: [QaPageImage(data: png)], pageCount: 30),
        ])
        let lesson = section(page, 0)
        XCTAssertEqual(occurrences("<img loading=\"lazy\"", in: lesson), 3, lesson)
        XCTAssertTrue(lesson.contains("alt=\"Page 1 de doc-0\" width=\"120\" height=\"160\" src=\"report.pages/d0-1.png\">"), lesson)
        // A JPEG declared PNG is written and shown as the JPEG it is.
        XCTAssertTrue(lesson.contains("alt=\"Page 2 de doc-0\" width=\"60\" height=\"90\" src=\"report.pages/d0-2.jpg\">"), lesson)
        XCTAssertTrue(lesson.contains("src=\"report.pages/d0-3.png\"><figcaption><bdi>photo-3.png</bdi></figcaption>"))
        let pages = folder.url.appendingPathComponent("report.pages")
        XCTAssertEqual(try Data(contentsOf: pages.appendingPathComponent("d0-1.png")), png)
        XCTAssertEqual(try Data(contentsOf: pages.appendingPathComponent("d0-2.jpg")), jpeg)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: pages.path).sorted(),
                       ["d0-1.png", "d0-2.jpg", "d0-3.png", "d3-1.png"], "nothing but PNG and JPEG")
        XCTAssertFalse(page.contains("base64"), "no image is embedded")
        XCTAssertFalse(section(page, 1).contains("<img"))
        XCTAssertTrue(section(page, 2).contains("class=\"pair textonly\""))
        XCTAssertTrue(section(page, 3).contains("Images des 1 premières pages sur 30 seulement"), section(page, 3))

        // A report without images removes the previous report's pages, and nothing else of the folder's.
        _ = try report([QaDocumentDetail(text: "no image")])
        XCTAssertFalse(FileManager.default.fileExists(atPath: pages.path))
        try FileManager.default.createDirectory(at: pages, withIntermediateDirectories: false)
        try Data("mine".utf8).write(to: pages.appendingPathComponent("notes.txt"))
        _ = try report([QaDocumentDetail(text: "no image")])
        XCTAssertTrue(FileManager.default.fileExists(atPath: pages.appendingPathComponent("notes.txt").path))
    }

    func testPagesFolderOfAnyReportNameIsAddressedByARelativeURL() throws {
        let report = QaReport(corpus: "c", startedAt: "2025-12-02T15:00:00Z", pipelineVersion: "t", milliseconds: 1,
                              documents: [QaDocument(name: "d", sources: [], kind: "image", status: "succeeded")])
        let url = folder.url.appendingPathComponent("qa: été #1?.html")
        try QaHTMLReport.write(report: report, language: .fr, detail: { _ in
            QaDocumentDetail(text: "t", pageImages: [QaPageImage(data: TestPNG.page(), type: "image/png")])
        }, to: url)
        let page = try String(contentsOf: url, encoding: .utf8)
        // A `:` would start a scheme, `#` a fragment, `?` a query: all percent-encoded.
        XCTAssertTrue(page.contains("src=\"qa%3A%20%C3%A9t%C3%A9%20%231%3F.pages/d0-1.png\""), page)
        let written = folder.url.appendingPathComponent("qa: été #1?.pages/d0-1.png")
        XCTAssertEqual(try Data(contentsOf: written), TestPNG.page())
        XCTAssertEqual(URL(string: "qa%3A%20%C3%A9t%C3%A9%20%231%3F.pages/d0-1.png", relativeTo: url)?.standardizedFileURL.path,
                       written.path)
    }

    func testWriteIsAtomic() throws {
        let url = folder.url.appendingPathComponent("qa/report.html")
        try ReportFixture.make().write(to: url)
        try ReportFixture.make(count: 12).write(to: url)
        let names = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        XCTAssertEqual(names.sorted(), ["report.html", "report.pages"])
        XCTAssertEqual(occurrences("<section class=\"doc\"", in: try String(contentsOf: url, encoding: .utf8)), 12)

        // A target that cannot be replaced (a folder): an error, and no temporary file left.
        let blocked = folder.url.appendingPathComponent("qa/blocked.html")
        try FileManager.default.createDirectory(at: blocked, withIntermediateDirectories: true)
        XCTAssertThrowsError(try ReportFixture.make().write(to: blocked)) { error in
            XCTAssertEqual((error as? IngestError)?.code, .writeFailed, "\(error)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path).sorted(),
                       ["blocked.html", "report.html", "report.pages"])
    }

    func testLongTextIsCutWithANote() throws {
        let page = try html()
        let long = section(page, 7)
        let pre = long.components(separatedBy: "<pre lang=\"fr\">")[1].components(separatedBy: "</pre>")[0]
        XCTAssertLessThanOrEqual(pre.count, QaHTMLReport.textLimit)
        XCTAssertGreaterThan(pre.count, QaHTMLReport.textLimit - 60, "cut at a word, close to the limit")
        let shown = "\(pre.count / 1000)\u{202F}\(String(format: "%03d", pre.count % 1000))"
        XCTAssertTrue(long.contains("Texte coupé : \(shown) premiers caractères affichés sur 33\u{202F}000."), String(long.suffix(300)))
        XCTAssertFalse(section(page, 0).contains("Texte coupé"))

        // One run without spaces longer than the limit still shows its beginning.
        let run = section(try report([QaDocumentDetail(text: String(repeating: "x", count: 30_000))]), 0)
        XCTAssertTrue(run.contains(String(repeating: "x", count: QaHTMLReport.textLimit) + "</pre>"))
        XCTAssertTrue(run.contains("Texte coupé"))
    }

    func testDocumentsComeWorstFirstInTableAndSections() throws {
        let fixture = ReportFixture.make()
        var asked: [Int] = []
        let url = folder.url.appendingPathComponent("r.html")
        try QaHTMLReport.write(report: fixture.report, language: .fr, detail: { i in
            asked.append(i)
            return fixture.details[i]
        }, to: url)
        let documents = fixture.report.documents
        XCTAssertEqual(asked.sorted(), Array(documents.indices), "each document's detail asked once")
        XCTAssertEqual(asked, fixture.worstFirst)
        XCTAssertEqual(Array(asked.prefix(2)), [2, 3], "the two failures first, in corpus order")
        // Table rows and sections in that order, numbered by rank; ids stay the corpus index.
        let page = try String(contentsOf: url, encoding: .utf8)
        let rows = page.components(separatedBy: "<tr id=\"r").dropFirst().map { Int($0.prefix { $0.isNumber })! }
        XCTAssertEqual(rows, asked)
        let sections = page.components(separatedBy: "<section class=\"doc\" id=\"d").dropFirst().map { Int($0.prefix { $0.isNumber })! }
        XCTAssertEqual(sections, asked)
        XCTAssertTrue(page.contains("<tr id=\"r2\" data-kind=\"pdf\" class=\"problem\"><td class=\"n\" data-v=\"0\">1</td>"))
    }

    func testAPartlyReadDocumentIsNamedInWordsAndComesRightAfterFailures() throws {
        let documents = [
            QaDocument(name: "bon", sources: [], kind: "pdf", status: "succeeded", readiness: "ready"),
            QaDocument(name: "partiel", sources: [], kind: "pdf", status: "partial", error: "pdf.pageUnreadable", readiness: "ready"),
            QaDocument(name: "cassé", sources: [], kind: "pdf", status: "failed", error: "pdf.damaged"),
        ]
        let report = QaReport(corpus: "c", startedAt: "2025-12-02T15:00:00Z", pipelineVersion: "t", milliseconds: 1, documents: documents)
        let page = try html(ReportFixture(report: report, details: [nil, nil, nil]))
        let rows = page.components(separatedBy: "<tr id=\"r").dropFirst().map { Int($0.prefix { $0.isNumber })! }
        XCTAssertEqual(rows, [2, 1, 0])
        XCTAssertTrue(page.contains("<tr id=\"r1\" data-kind=\"pdf\" class=\"problem\">"))
        XCTAssertTrue(page.contains(">lu en partie<code>pdf.pageUnreadable</code>"), page)
        XCTAssertFalse(page.contains(">partial<"))
    }

    func testFiguresAbove100PercentAreRatios() throws {
        var fixture = ReportFixture.make(count: 10)
        fixture.report.documents[0].scores?.cer = 142
        fixture.report.documents[0].scores?.wer = 3.75
        fixture.report = QaReport(corpus: "c", startedAt: "2025-12-02T15:00:00Z", pipelineVersion: "t", milliseconds: 1,
                                  documents: fixture.report.documents)
        let page = try html(fixture)
        let start = page.range(of: "<tr id=\"r0\"")!
        let row = String(page[start.lowerBound..<page.range(of: "</tr>", range: start.upperBound..<page.endIndex)!.upperBound])
        XCTAssertTrue(row.contains("data-v=\"142\">×142</td>"), row)
        XCTAssertTrue(row.contains(">×3,75</td>"), row)
        XCTAssertFalse(page.contains("14\u{202F}200"), "no percentage above 100")
        let english = try html(fixture, language: .en)
        XCTAssertTrue(english.contains(">×3.75</td>"))
    }

    func testTableMarksProblemsAndMismatches() throws {
        let page = try html()
        func row(_ i: Int) -> String {
            let start = page.range(of: "<tr id=\"r\(i)\"")!
            return String(page[start.lowerBound..<page.range(of: "</tr>", range: start.upperBound..<page.endIndex)!.upperBound])
        }
        XCTAssertFalse(row(0).contains("problem"))
        XCTAssertTrue(row(2).contains("class=\"problem\""), "failed")
        XCTAssertTrue(row(2).contains("<code>pdf.encrypted</code>"))
        XCTAssertTrue(row(3).contains("data-kind=\"unknown\""), "a kind-less document is counted as QaReport does")
        XCTAssertTrue(row(4).contains("class=\"problem\""), "readiness mismatch")
        XCTAssertTrue(row(4).contains("<span class=\"mismatch\""))
        XCTAssertTrue(row(5).contains("class=\"problem\""), "CER above 10 %")
        XCTAssertTrue(row(5).contains("<td class=\"n bad\" data-v=\"0.35\">35,0\u{202F}%</td>"), row(5))
        XCTAssertTrue(row(1).contains("<td class=\"n bad\" data-v=\"2\">2</td>"), "U+FFFD found")
        XCTAssertTrue(row(6).contains("= <a href=\"#d0\"><bdi>cours/chapitre-1.pdf</bdi></a>"), "duplicate, linked to what it repeats")
        XCTAssertFalse(row(6).contains("class=\"problem"), "the duplicate the manifest expects")
        XCTAssertTrue(row(12).contains("class=\"problem\""), "a duplicate expected and not found")
        XCTAssertTrue(row(12).contains("title=\"attendu : doublon de cours/chapitre-1.pdf\""), row(12))
        XCTAssertTrue(row(20).contains("class=\"problem regressed\""), "regressed against the baseline")
        XCTAssertTrue(row(20).contains("<span class=\"regression\">régression</span>"))
        // One chart per kind, one option per kind.
        let fixture = ReportFixture.make()
        for kind in fixture.report.byKind.keys {
            XCTAssertTrue(page.contains("<option value=\"\(kind)\">"), kind)
        }
        XCTAssertEqual(occurrences("<svg class=\"chart\"", in: page), fixture.report.byKind.count)
    }

    func testComparisonWithTheBaselineIsShown() throws {
        let page = try html()
        let start = try XCTUnwrap(page.range(of: "<section id=\"comparison\""))
        let section = String(page[start.lowerBound..<page.range(of: "</section>", range: start.upperBound..<page.endIndex)!.upperBound])
        XCTAssertTrue(section.contains("qa/baseline.json"))
        XCTAssertTrue(section.contains("cours/document-20.docx : cer passe de 0.020 à 0.090 (tolérance 0.010). <a href=\"#d20\">"), section)
        XCTAssertTrue(section.contains("cours/disparu.pdf : missing passe de present à absent"))
        XCTAssertTrue(section.contains("<strong>Disparus</strong>\u{00A0}: <bdi>cours/disparu.pdf</bdi>"), "a vanished document has no section to link to")
        XCTAssertTrue(section.contains("<strong>Améliorés</strong>\u{00A0}: <a href=\"#d13\">"))
        XCTAssertFalse(try report([QaDocumentDetail(text: "x")]).contains("id=\"comparison\""), "no baseline, no comparison")
    }

    func testLabelsFollowTheLanguage() throws {
        let fr = try html(language: .fr)
        let en = try html(language: .en)
        XCTAssertTrue(fr.contains("<html lang=\"fr\">"))
        XCTAssertTrue(fr.contains("Seulement les problèmes"))
        XCTAssertTrue(en.contains("<html lang=\"en\">"))
        XCTAssertTrue(en.contains("Only problems"))
        XCTAssertTrue(en.contains("35.0%"))
        XCTAssertFalse(en.contains("Seulement"))
    }

    func testEveryLabelIsInTheOneCatalogInBothLanguages() {
        for label in Label.allCases {
            let entry = MessageCatalog.entry(label.code)
            XCTAssertNotNil(entry, "\(label.code)")
            XCTAssertFalse(entry?.fr.isEmpty ?? true, "\(label.code)")
            XCTAssertFalse(entry?.en.isEmpty ?? true, "\(label.code)")
        }
        XCTAssertEqual(MessageCatalog.tables.first { $0.domain == "report" }?.entries.count, Label.allCases.count,
                       "no entry of the report's table without its label")
    }

    func testReadinessReasonIsWordsNeverACode() throws {
        let documents = [
            QaDocument(name: "court", sources: [], kind: "text", status: "succeeded", readiness: "short", readinessReason: "readiness.short"),
            QaDocument(name: "vide", sources: [], kind: "text", status: "succeeded", readiness: "notReady", readinessReason: "readiness.empty"),
        ]
        let report = QaReport(corpus: "c", startedAt: "2025-12-02T15:00:00Z", pipelineVersion: "t", milliseconds: 1, documents: documents)
        let message = IngestError(.readinessShort, ["count": "900"]).message(.fr)
        let page = try html(ReportFixture(report: report, details: [
            QaDocumentDetail(text: "Une note.", readinessMessage: message), QaDocumentDetail(text: ""),
        ]))
        XCTAssertFalse(page.contains(">court — readiness.short"))
        XCTAssertFalse(page.contains("readiness.short"), "a code is never shown")
        XCTAssertTrue(section(page, 0).contains("court — Texte court (900 caractères)"), section(page, 0))
        XCTAssertTrue(section(page, 1).contains("pas prêt — Aucun texte n&#39;a été lu : le document est vide."), section(page, 1))
    }

    func testFiveThousandDocumentsAreStreamedToTheFile() throws {
        let fixture = ReportFixture.large(count: 5_000)
        let url = folder.url.appendingPathComponent("large.html")
        var writtenBeforeTheLast = 0, asked = 0
        let start = Date()
        try QaHTMLReport.write(report: fixture.report, language: .fr, detail: { i in
            asked += 1
            if asked == 5_000 {
                // What is already on disk when the last document's text is asked for.
                let names = (try? FileManager.default.contentsOfDirectory(atPath: self.folder.url.path)) ?? []
                for name in names where name.hasPrefix(".large.html.") && name.hasSuffix(".ingest-tmp") {
                    let path = self.folder.url.appendingPathComponent(name).path
                    writtenBeforeTheLast = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
                }
            }
            return QaDocumentDetail(text: "Texte court du document \(i), la cellule et le noyau.")
        }, to: url)
        let seconds = Date().timeIntervalSince(start)
        let page = try String(contentsOf: url, encoding: .utf8)
        XCTAssertEqual(occurrences("<tr id=\"r", in: page), 5_000)
        XCTAssertEqual(occurrences("<section class=\"doc\"", in: page), 5_000)
        XCTAssertGreaterThan(writtenBeforeTheLast, page.utf8.count * 9 / 10, "written as it goes, not at the end")
        print("5,000 documents: \(page.utf8.count / 1024) KiB in \(String(format: "%.2f", seconds)) s")
    }
}
