import Foundation
import IngestCore
@testable import IngestPDF
import IngestTestSupport
import XCTest

/// The text-layer-or-OCR decision, page by page, on pages whose right answer is known: pages
/// written at test time (`PageCorpus`), pages typeset by LibreOffice Writer at test time, and the
/// real pages of the shared corpus. Zero wrong decisions.
final class PageDecisionTests: XCTestCase {
    /// What the extractor decides for each page of `url`.
    func decisions(_ url: URL, password: String? = nil) throws -> [PageRecord.Classification] {
        let document = try PopplerDocumentRef(url: url, password: password)
        let extractor = PDFExtractor()
        return (0..<document.pageCount).map { i in
            guard let page = document.page(at: i) else { return .empty }
            return extractor.read(page).classification
        }
    }

    static func outcome(_ c: PageRecord.Classification) -> String {
        switch c {
        case .text, .mixed: PageCorpus.Expected.textLayer.rawValue
        case .imageOnly, .corruptText: PageCorpus.Expected.ocr.rawValue
        case .empty: "empty"
        }
    }

    func testGeneratedPagesGetTheirDecision() throws {
        let tmp = try TemporaryDirectory("page-corpus"); defer { tmp.remove() }
        let pages = PageCorpus.pages()
        let url = try tmp.write("pages.pdf", PageCorpus.pdf(pages))
        let got = try decisions(url)
        XCTAssertEqual(got.count, pages.count)
        var wrong: [String] = []
        var report: [String] = []
        for (page, decision) in zip(pages, got) {
            let ok = Self.outcome(decision) == page.expected.rawValue
            report.append("\(ok ? "ok   " : "WRONG") \(page.name): \(decision.rawValue) (expected \(page.expected.rawValue))")
            if !ok { wrong.append(page.name) }
        }
        print(report.joined(separator: "\n"))
        XCTAssertEqual(wrong, [], "wrong decisions:\n" + report.filter { $0.hasPrefix("WRONG") }.joined(separator: "\n"))
        // Garbage is called garbage, scans are called scans.
        for (page, decision) in zip(pages, got) where page.expected == .ocr {
            let scanned = page.name.hasPrefix("scan") || page.name.hasPrefix("large-photo")
            XCTAssertEqual(decision, scanned ? .imageOnly : .corruptText, page.name)
        }
    }

    /// The whole extractor on the same file: the pages sent to OCR are named in the warning and
    /// the kept text layers keep their text (leaders and all).
    func testGeneratedPagesThroughTheExtractor() throws {
        let tmp = try TemporaryDirectory("page-corpus"); defer { tmp.remove() }
        let pages = PageCorpus.pages()
        let url = try tmp.write("pages.pdf", PageCorpus.pdf(pages))
        let input = SourceInput(files: [url], kind: .pdf, byteSize: 0, name: "pages.pdf")
        let e = try PDFExtractor().extract(input, context: ExtractionContext(language: .en))
        let expectedOCR = pages.indices.filter { pages[$0].expected == .ocr }.map { $0 + 1 }
        XCTAssertEqual(e.ocrCandidates, expectedOCR)
        let text = e.blocks.map(\.text).joined(separator: "\n")
        XCTAssertTrue(text.contains("Enhanced text mode"), "the table of contents is kept")
        XCTAssertTrue(text.contains("fgets(line, sizeof line, in)"), "the listing is kept")
        XCTAssertFalse(text.contains("(cid:"), "the (cid:N) page is not kept")
    }

    /// LibreOffice Writer typesets a table of contents with tab leaders, an index, a table, a
    /// listing, formulas, and pages in Czech, Polish, Vietnamese and Turkish: all text.
    func testLibreOfficePagesAreText() throws {
        guard runTool("soffice", ["--version"])?.status == 0 else {
            try missingTool("LibreOffice (soffice) missing (apt-get install libreoffice-writer-nogui)")
        }
        let tmp = try TemporaryDirectory("page-corpus-lo"); defer { tmp.remove() }
        let (xml, names) = WriterPages.document()
        let source = try tmp.write("writer-pages.fodt", xml)
        let profile = "file://" + tmp.url.appendingPathComponent("profile").path
        guard let run = runTool("soffice", ["-env:UserInstallation=" + profile, "--headless", "--convert-to", "pdf",
                                            "--outdir", tmp.url.path, source.path]), run.status == 0 else {
            throw TestSetupFailure("soffice could not convert writer-pages.fodt")
        }
        let got = try decisions(tmp.url.appendingPathComponent("writer-pages.pdf"))
        XCTAssertEqual(got.count, names.count, "one page per part: \(got)")
        let report = zip(names, got).map { "\($0): \($1.rawValue)" }
        print(report.joined(separator: "\n"))
        XCTAssertEqual(got.filter { $0 != .text }.count, 0, report.joined(separator: "\n"))
    }

    /// The shared corpus: born-digital pages keep their text layer, scans go to OCR, the font
    /// without Unicode mapping is garbage, and the Federal Register's scanned excerpts (pages
    /// 8–14: printed forms pasted as CCITT images beside the typeset text) go to OCR.
    func testCorpusPagesGetTheirDecision() throws {
        try Corpus.require()
        var expected: [(String, String?, [String])] = []
        for (name, password) in CorpusQualityTests.bornDigital {
            if name == "pdfplumber-federal-register-2020-17221.pdf" {
                expected.append(("pdf/" + name, nil, (1...15).map { (8...14).contains($0) ? "ocr" : "textLayer" }))
            } else {
                expected.append(("pdf/" + name, password, []))
            }
        }
        for scan in ["ocrmypdf-c02-22.pdf", "ocrmypdf-cardinal.pdf", "ocrmypdf-ccitt.pdf", "ocrmypdf-francais.pdf",
                     "ocrmypdf-jbig2.pdf", "ocrmypdf-linn.pdf", "ocrmypdf-skew.pdf", "ocrmypdf-vector.pdf"] {
            expected.append(("scans/" + scan, nil, ["ocr"]))
        }
        expected.append(("scans/pypdf-Seige_of_Vicksburg_Sample_OCR.pdf", nil, ["textLayer"]))
        expected.append(("pdf/ocrmypdf-truetype_font_nomapping.pdf", nil, ["ocr"]))
        var wrong: [String] = []
        var pagesSeen = 0
        for (path, password, wanted) in expected {
            let got = try decisions(Corpus.url(path), password: password).map(Self.outcome)
            pagesSeen += got.count
            for (i, outcome) in got.enumerated() {
                // One value stands for every page; an empty page (a blank back) is never wrong.
                let want = wanted.isEmpty ? "textLayer" : wanted.count == 1 ? wanted[0] : wanted[i]
                if outcome != want && outcome != "empty" { wrong.append("\(path) page \(i + 1): \(outcome), expected \(want)") }
            }
        }
        XCTAssertGreaterThan(pagesSeen, 150)
        XCTAssertEqual(wrong, [])
    }

    /// A font without ToUnicode whose glyph numbers poppler reads as ASCII (issue 33): LibreOffice
    /// typesets a French page in DejaVu Sans Mono, qpdf removes the font's ToUnicode map, and the
    /// text layer left is `!"#$ !! ''' * !''' -. 1 5 7 = (` (the glyphs numbered below 0x20 vanish;
    /// 27 symbol tokens, 18 numbers and words: kept as text before). That page is garbage, sent to
    /// OCR and named in the warning; the same page with its map is text.
    func testGlyphNumbersReadAsASCIIGoToOCR() throws {
        guard runTool("soffice", ["--version"])?.status == 0 else {
            try missingTool("LibreOffice (soffice) missing (apt-get install libreoffice-writer-nogui)")
        }
        guard runTool("qpdf", ["--version"])?.status == 0 else { try missingTool("qpdf is not installed (apt-get install qpdf)") }
        let tmp = try TemporaryDirectory("broken-layer"); defer { tmp.remove() }
        let source = try tmp.write("volcans.txt", """
            Les volcans d'Auvergne

            Un volcan est un relief formé par l'accumulation de laves, de cendres et de blocs rejetés lors des éruptions. Le Puy de Dôme culmine à 1465 mètres ; il s'est formé il y a environ 11 000 ans.

            Le magma, une roche fondue riche en gaz dissous, remonte depuis une chambre magmatique située à quelques kilomètres de profondeur. Sa température dépasse souvent 1000 °C.

            Les éruptions effusives produisent des coulées de lave fluide (basalte) ; les éruptions explosives projettent des nuées ardentes, comme au Vésuve en 79 ou à la Montagne Pelée en 1902.

            Quelques chiffres : 1500 volcans actifs sur Terre, 50 à 70 éruptions par an, 800 millions de personnes vivant à moins de 100 km d'un volcan.

            La surveillance des volcans, par des sismomètres, des inclinomètres et des mesures de gaz (SO2, CO2), permet de prévenir les populations voisines. Zones, Yellowstone, Krakatoa, Hawaï, Islande, Japon, Équateur, Guadeloupe !
            """)
        let profile = "file://" + tmp.url.appendingPathComponent("lo-profile").path
        guard runTool("soffice", ["-env:UserInstallation=" + profile, "--headless", "--convert-to", "pdf", "--outdir", tmp.url.path, source.path])?
            .status == 0 else { throw TestSetupFailure("soffice could not convert volcans.txt") }
        let good = tmp.url.appendingPathComponent("volcans.pdf")
        let qdf = tmp.url.appendingPathComponent("volcans.qdf"), broken = tmp.url.appendingPathComponent("broken.pdf")
        guard runTool("qpdf", ["--qdf", "--object-streams=disable", good.path, qdf.path])?.status == 0 else {
            throw TestSetupFailure("qpdf could not write volcans.qdf")
        }
        var bytes = try Data(contentsOf: qdf)
        let key = Data("/ToUnicode".utf8)
        var removed = 0
        while let r = bytes.range(of: key) { bytes.replaceSubrange(r, with: Data("/ToUnicodX".utf8)); removed += 1 }
        XCTAssertGreaterThan(removed, 0, "the PDF has a ToUnicode map to remove")
        try bytes.write(to: qdf)
        guard runTool("qpdf", [qdf.path, broken.path])?.status ?? 2 != 2 else { throw TestSetupFailure("qpdf could not write broken.pdf") }

        XCTAssertEqual(try decisions(good), [.text])
        XCTAssertEqual(try decisions(broken), [.corruptText])
        let input = SourceInput(files: [broken], kind: .pdf, byteSize: 0, name: "broken.pdf")
        let e = try PDFExtractor().extract(input, context: ExtractionContext(language: .en))
        XCTAssertEqual(e.ocrCandidates, [1])
        XCTAssertEqual(e.blocks.filter { $0.provenance == .textLayer }.map(\.text), [], "no junk text kept")
        let warning = e.warnings.first { $0.code == .pdfPagesWithoutText }
        XCTAssertEqual(warning?.message, "Pages without usable text (scanned or unreadable text): 1.")
    }

    // MARK: What the text is

    func testLeadersAreText() {
        let toc = (1...40).map { "\($0).1 Axes" + String(repeating: " .", count: 30) + " \(100 + $0)" }
        XCTAssertFalse(TextQuality(lines: toc).isCorrupt, TextQuality(lines: toc).summary)
        let glued = (1...40).map { "Introduction" + String(repeating: ".", count: 60) + "\($0)" }
        XCTAssertFalse(TextQuality(lines: glued).isCorrupt)
        let mixed = (1...40).map { "Chapter \($0) " + String(repeating: "·", count: 20) + " \($0 * 3) … Section ___________ " + String(repeating: "—", count: 5) }
        XCTAssertFalse(TextQuality(lines: mixed).isCorrupt)
        let q = TextQuality(lines: toc)
        XCTAssertGreaterThan(q.leaders, 1000)
        XCTAssertEqual(q.junk, 0)
    }

    func testIndexLinesAreText() {
        let index = (1...60).map { "gnuplot, \($0), \($0 * 3)–\($0 * 3 + 2), see also plot" }
            + (1...20).map { "    xtics, \($0 * 7)" }
        XCTAssertFalse(TextQuality(lines: index).isCorrupt)
    }

    func testNumberTablesAreText() {
        let table = (1...50).map { "\(1990 + $0)  \($0 * 13 % 97),\($0 % 10)  \(Double($0) / 7)  -\($0)%  1e-\($0 % 9)  \($0):\($0 % 60)  +33 1 \($0)" }
        XCTAssertFalse(TextQuality(lines: table).isCorrupt, TextQuality(lines: table).summary)
        let rules = (1...30).map { $0 % 2 == 0 ? "+------+-------+" : "|  \($0)   | \($0 * 2) |" }
        XCTAssertFalse(TextQuality(lines: rules).isCorrupt)
    }

    func testCodeIsText() {
        let c = Array(repeating: ["int main(int argc, char **argv) {", "    for (int i = 0; i < n; i++) { a[i] = b[i] * 2; }",
                                  "    printf(\"%d\\n\", x);", "    return p->next ? *q : 0;", "}", "} else {",
                                  "#include <stdio.h>", "x = {'a': 1, \"b\": [2, 3]}; y = x['a'] ** 2",
                                  "$ ls -la | grep '^d' > /tmp/out.txt 2>&1", "(defun f (x) (* x x))"], count: 6).flatMap { $0 }
        XCTAssertFalse(TextQuality(lines: c).isCorrupt, TextQuality(lines: c).summary)
        let swift = Array(repeating: ["guard let x = y?.z else { return nil }", "let r = a.map { $0 * 2 }.filter { $0 > 3 }",
                                      "}", "})", "]", "};"], count: 10).flatMap { $0 }
        XCTAssertFalse(TextQuality(lines: swift).isCorrupt, TextQuality(lines: swift).summary)
    }

    func testFormulasAreText() {
        let f = Array(repeating: ["f(x) = ax² + bx + c", "∫₀¹ f(x) dx = F(1) − F(0)", "xₙ₊₁ = xₙ − f(xₙ)/f′(xₙ)",
                                  "∑_{k=1}^{n} k = n(n+1)/2", "∀ε > 0 ∃δ > 0 : |x − a| < δ ⇒ |f(x) − f(a)| < ε",
                                  "𝑎 + 𝑏 = 𝑐", "= −", "( )", "√2 ≈ 1,414", "E = mc²", "ΔU = Q − W"], count: 5).flatMap { $0 }
        XCTAssertFalse(TextQuality(lines: f).isCorrupt, TextQuality(lines: f).summary)
    }

    func testLanguagesWithOtherLettersAreText() {
        let czech = "Příliš žluťoučký kůň úpěl ďábelské ódy. Šťastný Žofka řekla, že čeká na vlak do Brna."
        let slovak = "Kŕdeľ šťastných ďatľov učí pri ústí Váhu mĺkveho koňa obhrýzať kôru a žrať čerstvé mäso."
        let polish = "Zażółć gęślą jaźń. Pchnąć w tę łódź jeża lub ośm skrzyń fig. Język polski ma szeleszczące spółgłoski."
        let vietnamese = "Tiếng Việt là ngôn ngữ của người Việt và là ngôn ngữ chính thức tại Việt Nam, được viết bằng chữ Quốc ngữ."
        let turkish = "Pijamalı hasta yağız şoföre çabucak güvendi. Türkçe, Ural-Altay dil ailesine bağlı sondan eklemeli bir dildir."
        let finnish = "Törkylempijävongahdus on pangrammi, jossa ovat kaikki suomen aakkoset; hyvää päivää ja näkemiin."
        for text in [czech, slovak, polish, vietnamese, turkish, finnish] {
            let q = TextQuality(String(repeating: text + " ", count: 8))
            XCTAssertFalse(q.isCorrupt, "\(text.prefix(20)): \(q.summary)")
        }
    }

    func testGarbageIsCorrupt() {
        let prose = String(repeating: PageCorpus.prose.joined(separator: " ") + " ", count: 2)
        func map(_ f: (Unicode.Scalar) -> Unicode.Scalar) -> String {
            String(String.UnicodeScalarView(prose.unicodeScalars.map { $0 == " " ? $0 : f($0) }))
        }
        func shift(_ s: Unicode.Scalar, _ k: UInt32) -> Unicode.Scalar {
            switch s.value {
            case 0x61...0x7A: Unicode.Scalar(0x61 + (s.value - 0x61 + k) % 26)!
            case 0x41...0x5A: Unicode.Scalar(0x41 + (s.value - 0x41 + k) % 26)!
            default: s
            }
        }
        let cases: [(String, String, TextQuality.Corruption)] = [
            ("shift", map { shift($0, 3) }, .letterPairs),
            ("minus 29", map { $0.value > 0x40 && $0.value < 0x7F ? Unicode.Scalar($0.value - 29)! : $0 }, .letterPairs),
            ("private use", map { Unicode.Scalar(0xE000 + $0.value % 0x100)! }, .unmapped),
            ("replacement", map { _ in "\u{FFFD}" }, .unmapped),
            ("controls", map { Unicode.Scalar($0.value % 0x1F + 1)! }, .unmapped),
            ("byte-swapped", map { $0.value < 0x80 ? Unicode.Scalar($0.value << 8)! : $0 }, .swappedBytes),
            ("cid", prose.prefix(200).unicodeScalars.map { "(cid:\($0.value))" }.joined(), .unmapped),
            ("symbol soup", map { Unicode.Scalar(0x21 + $0.value % 15)! }, .symbols),
            ("digit soup", map { Unicode.Scalar(0x21 + $0.value % 31)! }, .junk),
            ("mojibake", String(repeating: "ThŽo a mangŽ une pomme trs rapidement, lˆ-bas, prs de l'Žcole. ", count: 5), .mojibake),
            ("utf-8 as latin-1", String(repeating: "ThÃ©o a mangÃ© une pomme trÃ¨s rapidement, Ã  l'Ã©cole. ", count: 5), .mojibake),
        ]
        for (name, text, why) in cases {
            let q = TextQuality(text)
            XCTAssertEqual(q.corruption, why, "\(name): \(q.summary) — \(text.prefix(60))")
        }
        // Lone private-use bullets (Symbol, Wingdings) in front of items are not garbage.
        let bullets = String(repeating: "\u{F0B7} Énergie cinétique\n\u{F0A7} Énergie potentielle\n", count: 20)
        XCTAssertFalse(TextQuality(bullets).isCorrupt, TextQuality(bullets).summary)
        XCTAssertFalse(TextQuality(prose).isCorrupt)
        XCTAssertFalse(TextQuality("Привет, мир. こんにちは世界. مرحبا بالعالم. Hello world again and again.").isCorrupt)
        XCTAssertFalse(TextQuality(String(repeating: "中文文本的提取应该保持原样，不应被视为乱码。人工智能与自然语言处理。", count: 5)).isCorrupt)
    }
}
