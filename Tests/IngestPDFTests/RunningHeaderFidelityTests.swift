import Foundation
import IngestCore
@testable import IngestPDF
import IngestTestSupport
import XCTest

/// Running headers and footers against sources whose words are known: PDFs typeset by pdflatex
/// (fancyhdr) and LibreOffice Writer (header and footer styles, page numbers), whose body repeats
/// one sentence in the middle of every page and ends every page with the same line just above the
/// footer (what a font-test or worksheet PDF does), then the same PDFs rendered at 300 dpi and
/// turned back into image-only PDFs for the OCR path. Header and footer must be gone, and every
/// body word kept — the repeated sentence and last line included.
final class RunningHeaderFidelityTests: XCTestCase {
    static let pages = 5
    static let repeated = "Retenez bien cette phrase sur la force et la masse"
    static let lastLine = "Tournez la page"
    static let header = ["Cours de mécanique", "Chapitre deux"]

    /// Page k's body: the same layout on every page (so the repeated lines sit at the same place).
    static func body(page k: Int) -> [String] {
        let words = ["vecteur", "masse", "vitesse", "énergie", "travail", "puissance", "champ", "charge", "levier", "ressort"]
        func paragraph(_ i: Int) -> String {
            (0..<22).map { words[(k * 7 + i * 3 + $0 * ($0 % 3 + 1)) % words.count] }.joined(separator: " ") + " fin\(k)x\(i)"
        }
        return [paragraph(0), paragraph(1), paragraph(2), repeated, paragraph(3), paragraph(4), lastLine]
    }

    static var sourceWords: [String] { (1...pages).flatMap { body(page: $0) }.flatMap(words) }

    /// Lower-case tokens of letters and digits.
    static func words(_ text: String) -> [String] {
        text.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    func testPDFLaTeXRunningHeadersGoBodyWordsStay() throws {
        guard runTool("pdflatex", ["--version"])?.status == 0 else {
            try missingTool("pdflatex missing (apt-get install texlive-latex-base texlive-latex-recommended lmodern texlive-lang-french)")
        }
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let pdf = try Self.latexPDF(in: tmp)
        try assertHeadersGoneBodyKept(try extract(pdf), header: Self.header, footerNumbers: true, "pdflatex")
    }

    func testWriterRunningHeadersGoBodyWordsStay() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let pdf = try Self.writerPDF(in: tmp)
        try assertHeadersGoneBodyKept(try extract(pdf), header: ["Optique — Lycée Victor Hugo"], footerNumbers: true, "Writer")
    }

    /// The same PDFs scanned: the OCR path (through the CLI, which runs the OCR stage) removes
    /// the headers read on most pages too, and keeps the body.
    func testScannedRunningHeadersGoBodyWordsStay() throws {
        guard runTool("pdflatex", ["--version"])?.status == 0 else { try missingTool("pdflatex missing (apt-get install texlive-latex-base)") }
        guard runTool("pdftoppm", ["-v"]) != nil else { try missingTool("pdftoppm missing (apt-get install poppler-utils)") }
        guard runTool("img2pdf", ["--version"])?.status == 0 else { try missingTool("img2pdf missing (apt-get install img2pdf)") }
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let sources = [("latex", try Self.latexPDF(in: tmp), Self.header), ("writer", try Self.writerPDF(in: tmp), ["Optique — Lycée Victor Hugo"])]
        let scans = tmp.url.appendingPathComponent("scans")
        try FileManager.default.createDirectory(at: scans, withIntermediateDirectories: true)
        for (name, pdf, _) in sources {
            let prefix = tmp.url.appendingPathComponent(name + "-page").path
            guard runTool("pdftoppm", ["-r", "300", "-gray", "-png", pdf.path, prefix])?.status == 0 else { throw TestSetupFailure("pdftoppm failed on \(name)") }
            let images = (1...Self.pages).map { String(format: "%@-%d.png", prefix, $0) }
            guard runTool("img2pdf", images + ["-o", scans.appendingPathComponent(name + "-scan.pdf").path])?.status == 0 else {
                throw TestSetupFailure("img2pdf failed on \(name)")
            }
        }
        for (name, _, header) in sources {
            // One run (and library) per scan: both have the same body, so the second would be a duplicate.
            let out = tmp.url.appendingPathComponent("out-" + name)
            let result = try IngestBinary.run(["convert", scans.appendingPathComponent(name + "-scan.pdf").path, "--out", out.path,
                                               "--library", tmp.url.appendingPathComponent(name + ".sqlite").path, "--sink", "none", "--quiet"])
            XCTAssertEqual(result.status, 0, result.stderr)
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent(name + "-scan.json"))) as? [String: Any]
            let text = json?["text"] as? String ?? ""
            let source = (json?["sources"] as? [[String: Any]])?.first
            XCTAssertEqual(source?["pagesOCRed"] as? Int, Self.pages, name)
            for h in header { XCTAssertFalse(text.contains(h), "\(name): header \(h) kept") }
            XCTAssertNil(text.range(of: #"(?m)^\s*(Page )?[1-5]\s*$"#, options: .regularExpression), "\(name): a page number kept")
            XCTAssertEqual(text.components(separatedBy: Self.repeated).count - 1, Self.pages, "\(name): the repeated sentence")
            XCTAssertEqual(text.components(separatedBy: Self.lastLine).count - 1, Self.pages, "\(name): the last line above the footer")
            // OCR may misread a letter; recall and precision of words, against the source.
            let (recall, precision) = Self.overlap(Self.words(text), Self.sourceWords)
            XCTAssertGreaterThanOrEqual(recall, 0.98, name)
            XCTAssertGreaterThanOrEqual(precision, 0.98, name)
        }
    }

    // MARK: Helpers

    func extract(_ url: URL) throws -> Extraction {
        try PDFExtractor().extract(SourceInput(files: [url], kind: .pdf, byteSize: 0, name: url.lastPathComponent),
                                   context: ExtractionContext(language: .en))
    }

    func assertHeadersGoneBodyKept(_ e: Extraction, header: [String], footerNumbers: Bool, _ name: String,
                                   file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(e.pagesRead, Self.pages, name, file: file, line: line)
        XCTAssertEqual(e.ocrCandidates, [], name, file: file, line: line)
        let text = e.blocks.map(\.text).joined(separator: "\n")
        for h in header { XCTAssertFalse(text.contains(h), "\(name): header \(h) kept", file: file, line: line) }
        // Every body word, each as many times as the source has it (the repeated sentence and
        // the last line of every page included), and nothing else (no page number left).
        XCTAssertEqual(Self.words(text).sorted(), Self.sourceWords.sorted(), name, file: file, line: line)
    }

    /// Multiset recall and precision of `found` against `expected`.
    static func overlap(_ found: [String], _ expected: [String]) -> (Double, Double) {
        var pool: [String: Int] = [:]
        for w in expected { pool[w, default: 0] += 1 }
        var hits = 0
        for w in found where (pool[w] ?? 0) > 0 { pool[w]! -= 1; hits += 1 }
        return (Double(hits) / Double(max(1, expected.count)), Double(hits) / Double(max(1, found.count)))
    }

    /// A5 pages (so the body fills them), fancyhdr header left and right, page number in the foot;
    /// no hyphenation, so the words are the source's.
    static func latexPDF(in tmp: TemporaryDirectory) throws -> URL {
        var tex = #"""
        \documentclass[11pt]{article}
        \usepackage[T1]{fontenc}
        \usepackage[utf8]{inputenc}
        \usepackage[french]{babel}
        \usepackage{lmodern}
        \usepackage[a5paper,margin=2cm]{geometry}
        \usepackage{fancyhdr}
        \pagestyle{fancy}
        \fancyhf{}
        \fancyhead[L]{Cours de mécanique}
        \fancyhead[R]{Chapitre deux}
        \fancyfoot[C]{\thepage}
        \hyphenpenalty=10000 \exhyphenpenalty=10000 \sloppy
        \setlength{\parindent}{0pt}
        \begin{document}

        """#
        for k in 1...pages {
            tex += body(page: k).joined(separator: "\n\n") + "\n\\newpage\n"
        }
        tex += "\\end{document}\n"
        let source = try tmp.write("running.tex", tex)
        guard runTool("pdflatex", ["-interaction=batchmode", "-halt-on-error", "-output-directory", tmp.url.path, source.path])?.status == 0 else {
            throw TestSetupFailure("pdflatex failed on running.tex")
        }
        return tmp.url.appendingPathComponent("running.pdf")
    }

    /// A Writer document with a header and a "Page N" footer (header and footer styles with
    /// spacing), one page per body, converted by soffice.
    static func writerPDF(in tmp: TemporaryDirectory) throws -> URL {
        guard runTool("soffice", ["--version"])?.status == 0 else {
            try missingTool("LibreOffice (soffice) missing (apt-get install libreoffice-writer-nogui)")
        }
        var body = ""
        for k in 1...pages {
            for (i, p) in Self.body(page: k).enumerated() {
                body += "<text:p text:style-name=\"\(i == 0 && k > 1 ? "Break" : "Body")\">\(p)</text:p>\n"
            }
        }
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
          xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"
          xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"
          xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"
          office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
        <office:automatic-styles>
          <style:page-layout style:name="Page">
            <style:page-layout-properties fo:page-width="14.8cm" fo:page-height="21cm" fo:margin-top="1.5cm"
              fo:margin-bottom="1.5cm" fo:margin-left="2cm" fo:margin-right="2cm"/>
            <style:header-style><style:header-footer-properties fo:min-height="0.6cm" fo:margin-bottom="0.4cm"/></style:header-style>
            <style:footer-style><style:header-footer-properties fo:min-height="0.6cm" fo:margin-top="0.4cm"/></style:footer-style>
          </style:page-layout>
          <style:style style:name="Body" style:family="paragraph"><style:paragraph-properties fo:margin-bottom="0.2cm"/></style:style>
          <style:style style:name="Break" style:family="paragraph"><style:paragraph-properties fo:break-before="page" fo:margin-bottom="0.2cm"/></style:style>
        </office:automatic-styles>
        <office:master-styles>
          <style:master-page style:name="Standard" style:page-layout-name="Page">
            <style:header><text:p>Optique — Lycée Victor Hugo</text:p></style:header>
            <style:footer><text:p>Page <text:page-number text:select-page="current"/></text:p></style:footer>
          </style:master-page>
        </office:master-styles>
        <office:body><office:text>
        \(body)</office:text></office:body>
        </office:document>
        """
        let fodt = try tmp.write("writer-running.fodt", xml)
        let profile = "file://" + tmp.url.appendingPathComponent("profile").path
        guard runTool("soffice", ["-env:UserInstallation=" + profile, "--headless", "--convert-to", "pdf", "--outdir", tmp.url.path, fodt.path])?.status == 0 else {
            throw TestSetupFailure("soffice could not convert writer-running.fodt")
        }
        return tmp.url.appendingPathComponent("writer-running.pdf")
    }
}

extension RunningHeaderFidelityTests {
    /// A listing's output at each page's foot, just above pdflatex's page number (`$ seq 3`:
    /// `1 2 3`; `$ seq 4`): the page numbers go, every number of the listings stays. The edge rows
    /// of the foot held them, and bare numbers there read as page numbers (the listings' lost
    /// `2 3` and `3 4`; debian-reference.fr p.63 lost a table's years `2001 2002 2003` so).
    func testNumbersOfAListingAtThePageFootAreNoPageNumbers() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let prose = String(repeating: "The seq command prints a sequence of numbers, one a line, from the first to the last it is given. ", count: 4)
        let body = [3, 4].map { n in
            prose + "\n\n" + prose + "\n\n\\vfill\n\\begin{verbatim}\n$ seq \(n)\n" + (1...n).map(String.init).joined(separator: "\n")
                + "\n\\end{verbatim}\n\\newpage\n"
        }.joined(separator: "\n")
        let source = LaTeXPDFs.article("11pt", body).replacingOccurrences(of: "\\pagestyle{empty}", with: "")
        let text = try LaTeXPDFs.extract(try LaTeXPDFs.make("seq", source, in: tmp)).blocks.map(\.text).joined(separator: "\n")
        XCTAssertTrue(text.contains("$ seq 3\n1\n2\n3"), text)
        XCTAssertTrue(text.contains("$ seq 4\n1\n2\n3\n4"), text)
        XCTAssertFalse(text.hasSuffix("\n2"), "the page number goes: \(text)")
    }
}
