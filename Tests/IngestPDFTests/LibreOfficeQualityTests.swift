import Foundation
import IngestCore
@testable import IngestPDF
import IngestTestSupport
import XCTest

/// PDFs made by LibreOffice Writer at test time from French and English course text: a title,
/// five parts each with a heading and paragraphs (one column, or two in sections), a running
/// header and a page-number footer. Measured against pdftotext (before running-header removal)
/// and against the source text (after it), with the project's textdiff.py.
final class LibreOfficeQualityTests: XCTestCase {
    func testFrenchAndEnglishWriterPDFs() throws {
        let textdiff = Corpus.root.deletingLastPathComponent().appendingPathComponent("tools/textdiff.py")
        guard FileManager.default.fileExists(atPath: textdiff.path),
              runTool(Python.path, ["-c", "import rapidfuzz"])?.status == 0 else {
            try missingTool("textdiff.py (shared/tools) or rapidfuzz (.build/tools-venv, scripts/install.sh --tests) missing")
        }
        guard runTool("soffice", ["--version"])?.status == 0 else {
            try missingTool("LibreOffice (soffice) missing (apt-get install libreoffice-writer-nogui)")
        }
        guard runTool("pdftotext", ["-v"]) != nil else { try missingTool("pdftotext missing (apt-get install poppler-utils)") }
        let tmp = try TemporaryDirectory("pdf-libreoffice")
        defer { if ProcessInfo.processInfo.environment["INGEST_PDF_KEEP"] == nil { tmp.remove() } else { print("kept", tmp.url.path) } }

        // Each text twice: in one column (pdftotext reads it as we do), and with two-column
        // sections (pdftotext interleaves their lines where they follow a paragraph directly).
        let documents = [("cours-fr", CourseTexts.french, "Cours de physique — première année", false),
                         ("course-en", CourseTexts.english, "Biology course — Year 10", false),
                         ("cours-fr-colonnes", CourseTexts.french, "Cours de physique — première année", true),
                         ("course-en-columns", CourseTexts.english, "Biology course — Year 10", true)]
        var sources: [String: String] = [:]
        var inputs: [String] = []
        for (name, text, header, columns) in documents {
            let (xml, source) = Self.flatODT(text, header: header, columns: columns)
            inputs.append(try tmp.write(name + ".fodt", xml).path)
            sources[name] = source
        }
        // One LibreOffice start for both files, with a private profile (no user state, no lock).
        let profile = "file://" + tmp.url.appendingPathComponent("profile").path
        guard let converted = runTool("soffice", ["-env:UserInstallation=" + profile, "--headless", "--convert-to", "pdf",
                                                  "--outdir", tmp.url.path] + inputs), converted.status == 0 else {
            XCTFail("soffice could not convert the test documents"); return
        }

        var report: [String] = []
        for (name, _, header, columns) in documents {
            let pdf = tmp.url.appendingPathComponent(name + ".pdf")
            XCTAssertTrue(FileManager.default.fileExists(atPath: pdf.path), "no PDF for \(name)")
            let input = SourceInput(files: [pdf], kind: .pdf, byteSize: 0, name: pdf.lastPathComponent)
            let raw = try PDFExtractor(removeRunningHeaders: false).extract(input, context: ExtractionContext())
            let clean = try PDFExtractor().extract(input, context: ExtractionContext())
            XCTAssertGreaterThanOrEqual(raw.pagesRead ?? 0, 3, name)

            guard let ref = runTool("pdftotext", ["-enc", "UTF-8", pdf.path, "-"]), ref.status == 0 else {
                XCTFail("pdftotext failed on \(name)"); continue
            }
            let refURL = try tmp.write(name + ".pdftotext.txt", Normalizer.normalize(String(decoding: ref.stdout, as: UTF8.self)))
            let rawURL = try tmp.write(name + ".raw.txt", Self.text(raw))
            let cleanURL = try tmp.write(name + ".clean.txt", Self.text(clean))
            let sourceURL = try tmp.write(name + ".source.txt", sources[name]!)

            let vsPdftotext = try Self.diff(textdiff, rawURL, refURL)
            let vsSource = try Self.diff(textdiff, cleanURL, sourceURL)
            report.append(String(format: "%@: CER vs pdftotext %.4f; vs source %.4f (WER %.4f, recall %.4f, precision %.4f)",
                                 name, vsPdftotext["cer"]!, vsSource["cer"]!, vsSource["wer"]!,
                                 vsSource["word_recall"]!, vsSource["word_precision"]!))
            if columns {
                // The same words as pdftotext, in column order: close to the source instead.
                XCTAssertGreaterThanOrEqual(min(vsPdftotext["word_recall"]!, vsPdftotext["word_precision"]!), 0.99, name)
            } else {
                XCTAssertLessThanOrEqual(vsPdftotext["cer"]!, 0.005, "\(name) against pdftotext")
            }
            // What remains against the source: compounds cut at a line end ("by-/product") lose
            // their hyphen in the shared normalization.
            XCTAssertLessThanOrEqual(vsSource["cer"]!, 0.01, "\(name) against its source text")
            // The running header and the page-number footer are gone; the title is found.
            XCTAssertFalse(Self.text(clean).contains(header), name)
            XCTAssertTrue(Self.text(raw).contains(header), name)
            XCTAssertEqual(clean.blocks.first?.kind, .heading, name)
        }
        print(report.joined(separator: "\n"))
    }

    /// Blocks normalized and joined as the pipeline does.
    static func text(_ e: Extraction) -> String {
        e.blocks.map { Normalizer.normalize($0.readingText) }.joined(separator: "\n\n")
    }

    static func diff(_ textdiff: URL, _ hypothesis: URL, _ reference: URL) throws -> [String: Double] {
        let run = runTool(Python.path, [textdiff.path, hypothesis.path, reference.path, "--json"])
        guard let out = run, out.status == 0, case .object(let o) = try JSONValue.parse(out.stdout) else {
            let said = run.map { String(decoding: $0.stdout + $0.stderr, as: UTF8.self) } ?? "did not start"
            throw TestSetupFailure("textdiff.py failed on \(hypothesis.lastPathComponent): \(said)")
        }
        return o.compactMapValues(\.doubleValue)
    }

    /// A flat OpenDocument text (.fodt) and the text it should read as: the title, then three
    /// parts, each a heading, two paragraphs, then the rest (in a two-column section if `columns`).
    static func flatODT(_ text: String, header: String, columns: Bool) -> (xml: String, source: String) {
        let lines = text.split(separator: "\n").map(String.init)
        let title = lines[0], paragraphs = Array(lines.dropFirst())
        func esc(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
        }
        var body = "<text:h text:outline-level=\"1\">\(esc(title))</text:h>\n"
        var source = [title]
        for part in 1...5 {
            let heading = "Partie \(part) / Part \(part)"
            body += "<text:h text:outline-level=\"2\">\(heading)</text:h>\n"
            source.append(heading)
            for p in paragraphs.prefix(2) { body += "<text:p>\(esc(p))</text:p>\n"; source.append(p) }
            if columns { body += "<text:section text:style-name=\"Columns\" text:name=\"Columns\(part)\">\n" }
            for p in paragraphs.dropFirst(2) { body += "<text:p>\(esc(p))</text:p>\n"; source.append(p) }
            if columns { body += "</text:section>\n" }
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
            <style:page-layout-properties fo:page-width="21cm" fo:page-height="29.7cm" fo:margin-top="1.5cm"
              fo:margin-bottom="1.5cm" fo:margin-left="2cm" fo:margin-right="2cm"/>
            <style:header-style><style:header-footer-properties fo:min-height="0.8cm" fo:margin-bottom="0.4cm"/></style:header-style>
            <style:footer-style><style:header-footer-properties fo:min-height="0.8cm" fo:margin-top="0.4cm"/></style:footer-style>
          </style:page-layout>
          <style:style style:name="Columns" style:family="section">
            <style:section-properties><style:columns fo:column-count="2" fo:column-gap="1cm"/></style:section-properties>
          </style:style>
        </office:automatic-styles>
        <office:master-styles>
          <style:master-page style:name="Standard" style:page-layout-name="Page">
            <style:header><text:p>\(esc(header))</text:p></style:header>
            <style:footer><text:p>Page <text:page-number text:select-page="current"/></text:p></style:footer>
          </style:master-page>
        </office:master-styles>
        <office:body><office:text>
        \(body)</office:text></office:body>
        </office:document>
        """
        return (xml, source.joined(separator: "\n\n"))
    }
}
