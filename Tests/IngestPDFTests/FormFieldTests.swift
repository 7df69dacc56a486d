import Foundation
import IngestCore
@testable import IngestPDF
import IngestTestSupport
import XCTest

/// Text that lives in a PDF's annotations, not its page content: values typed into the form
/// fields of a fillable worksheet made by LibreOffice Writer and filled by pypdf (appearances
/// made by qpdf, as a PDF viewer saves them), and FreeText comments added by pypdf. Compared with
/// the values put in: each read once, in reading order on its page, marked `formField` or
/// `annotation`, and counted as the page's text (a page whose only text is a comment is not a
/// scan for OCR).
final class FormFieldTests: XCTestCase {
    static let name = "Camille Durand"
    static let answer = "La lumière bleue est diffusée davantage par l'air (diffusion de Rayleigh)."
    static let level = "Terminale"

    func testWriterFormFilledByPypdfIsRead() throws {
        try Self.requireTools()
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let html = try tmp.write("fiche.html", """
            <html><head><meta charset="utf-8"></head><body><h1>Fiche d'exercice</h1>
            <form>
            <p>Nom : <input type="text" name="nom" size="30"></p>
            <p>Question 1. Explique pourquoi le ciel est bleu.</p>
            <p><textarea name="reponse" rows="4" cols="60"></textarea></p>
            <p>J'ai compris la leçon : <input type="checkbox" name="compris"></p>
            <p>Mot de passe : <input type="password" name="secret"></p>
            <p>Niveau : <select name="niveau"><option>Seconde</option><option>Première</option><option>Terminale</option></select></p>
            </form></body></html>
            """)
        // Writer's HTML import makes the inputs Writer form controls; the PDF export keeps them as fields.
        let profile = "file://" + tmp.url.appendingPathComponent("profile").path
        guard runTool("soffice", ["-env:UserInstallation=" + profile, "--headless", "--infilter=HTML (StarWriter)",
                                  "--convert-to", #"pdf:writer_pdf_Export:{"ExportFormFields":{"type":"boolean","value":"true"}}"#,
                                  "--outdir", tmp.url.path, html.path])?.status == 0 else {
            throw TestSetupFailure("soffice could not export fiche.html")
        }
        let blank = tmp.url.appendingPathComponent("fiche.pdf")
        let blankExtraction = try extract(blank)
        // An empty form shows only its list's first choice (Writer selects it).
        XCTAssertEqual(blankExtraction.blocks.filter { $0.provenance == .formField }.map(\.text), ["Seconde"])

        let script = try tmp.write("fill.py", """
            import sys
            from pypdf import PdfReader, PdfWriter
            from pypdf.generic import NameObject, TextStringObject
            w = PdfWriter()
            w.clone_reader_document_root(PdfReader(sys.argv[1]))
            w.update_page_form_field_values(w.pages[0], {"nom": sys.argv[3], "reponse": sys.argv[4], "secret": "hunter2"})
            for a in w.pages[0]["/Annots"]:
                a = a.get_object()
                if a.get("/T") == "compris":
                    on = [k for k in a["/AP"]["/N"].keys() if k != "/Off"][0]
                    a[NameObject("/V")] = NameObject(on); a[NameObject("/AS")] = NameObject(on)
                if a.get("/T") == "niveau":
                    a[NameObject("/V")] = TextStringObject(sys.argv[5])
            w.set_need_appearances_writer()
            w.write(sys.argv[2])
            """)
        let filledByPypdf = tmp.url.appendingPathComponent("filled-pypdf.pdf"), filled = tmp.url.appendingPathComponent("filled.pdf")
        guard let fill = runTool(Python.path, [script.path, blank.path, filledByPypdf.path, Self.name, Self.answer, Self.level]), fill.status == 0 else {
            throw TestSetupFailure("pypdf could not fill the form")
        }
        // qpdf draws the values' appearances (exit 3: warnings only).
        guard let qpdf = runTool("qpdf", ["--generate-appearances", filledByPypdf.path, filled.path]), qpdf.status == 0 || qpdf.status == 3 else {
            throw TestSetupFailure("qpdf --generate-appearances failed")
        }
        for url in [filledByPypdf, filled] {
            let e = try extract(url)
            let values = e.blocks.filter { $0.provenance == .formField }.map(\.text)
            XCTAssertEqual(values, [Self.name, Self.answer, AnnotationText.checked, Self.level], url.lastPathComponent)
            XCTAssertFalse(e.blocks.contains { $0.text.contains("hunter2") }, "a password field is never read")
            // Each value right after its label or question, in reading order.
            let texts = e.blocks.map(\.text)
            for (label, value) in [("Nom :", Self.name), ("Question 1. Explique pourquoi le ciel est bleu.", Self.answer),
                                   ("J'ai compris la leçon :", AnnotationText.checked), ("Niveau :", Self.level)] {
                guard let i = texts.firstIndex(of: label) else { XCTFail("no \(label)"); continue }
                XCTAssertEqual(texts.indices.contains(i + 1) ? texts[i + 1] : nil, value, url.lastPathComponent)
            }
            XCTAssertTrue(e.blocks.filter { $0.provenance == .textLayer }.allSatisfy { !$0.text.contains(Self.name) })
            XCTAssertEqual(e.pages?.first?.classification, .text)
            XCTAssertGreaterThan(e.pages?.first?.characters ?? 0, blankExtraction.pages?.first?.characters ?? 0)
        }
    }

    func testFreeTextCommentsAreReadAndAPageOfCommentsIsNotAScan() throws {
        try Self.requireTools()
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        // Two pages typeset by pdflatex: a paragraph, then an empty page.
        let tex = try tmp.write("notes.tex", #"""
            \documentclass{article}
            \usepackage[T1]{fontenc}
            \usepackage[utf8]{inputenc}
            \pagestyle{empty}
            \begin{document}
            Le théorème de Pythagore relie les trois côtés d'un triangle rectangle.
            \newpage
            \mbox{}
            \end{document}
            """#)
        guard runTool("pdflatex", ["-interaction=batchmode", "-output-directory", tmp.url.path, tex.path])?.status == 0 else {
            throw TestSetupFailure("pdflatex failed on notes.tex")
        }
        let comments = ["Très bien, mais cite la réciproque.", "Revoir les exercices 3 et 4 pour lundi."]
        let script = try tmp.write("comment.py", """
            import sys
            from pypdf import PdfReader, PdfWriter
            from pypdf.generic import AnnotationBuilder
            w = PdfWriter()
            for p in PdfReader(sys.argv[1]).pages: w.add_page(p)
            w.add_annotation(0, AnnotationBuilder.free_text(sys.argv[3], rect=(120, 560, 480, 590), font_size="12pt"))
            w.add_annotation(1, AnnotationBuilder.free_text(sys.argv[4], rect=(120, 600, 480, 630), font_size="12pt"))
            w.write(sys.argv[2])
            """)
        let pdf = tmp.url.appendingPathComponent("commented.pdf")
        guard runTool(Python.path, [script.path, tmp.url.appendingPathComponent("notes.pdf").path, pdf.path] + comments)?.status == 0 else {
            throw TestSetupFailure("pypdf could not add the comments")
        }
        let e = try extract(pdf)
        XCTAssertEqual(e.blocks.filter { $0.provenance == .annotation }.map(\.text), comments)
        XCTAssertEqual(e.blocks.filter { $0.provenance == .annotation }.map(\.page), [1, 2])
        // The comment of page 1 comes after the paragraph above it.
        XCTAssertEqual(e.blocks.map(\.text), ["Le théorème de Pythagore relie les trois côtés d'un triangle rectangle."] + comments)
        XCTAssertEqual(e.ocrCandidates, [], "a page whose only text is a comment is not sent to OCR")
        XCTAssertEqual(e.pages?[1].classification, .text)
        XCTAssertEqual(e.pages?[1].provenance, .annotation)
        XCTAssertEqual(e.pages?[1].characters, comments[1].filter { !$0.isWhitespace }.count)
    }

    func extract(_ url: URL) throws -> Extraction {
        try PDFExtractor().extract(SourceInput(files: [url], kind: .pdf, byteSize: 0, name: url.lastPathComponent),
                                   context: ExtractionContext(language: .en))
    }

    static func requireTools() throws {
        guard runTool("soffice", ["--version"])?.status == 0 else { try missingTool("LibreOffice (soffice) missing (apt-get install libreoffice-writer-nogui)") }
        guard runTool("pdflatex", ["--version"])?.status == 0 else { try missingTool("pdflatex missing (apt-get install texlive-latex-base)") }
        guard runTool("qpdf", ["--version"])?.status == 0 else { try missingTool("qpdf missing (apt-get install qpdf)") }
        guard runTool(Python.path, ["-c", "import pypdf"])?.status == 0 else { try missingTool("pypdf missing (apt-get install python3-pypdf)") }
    }
}
