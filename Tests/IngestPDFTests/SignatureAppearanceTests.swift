import Foundation
import IngestCore
@testable import IngestPDF
import IngestTestSupport
import XCTest

/// A signature field's visible appearance, made the way real signed PDFs are: a page typeset by
/// pdflatex, signed by pyHanko (its default text stamp, the certificate made by openssl) with the
/// signer's name, a date and a reason we chose. What the field shows is read from the
/// appearance's text, marked `signature`, after the page's own text, in the ImportedDocument too.
/// A signature drawn as a picture (a handwritten one) is not read, and a warning says so.
final class SignatureAppearanceTests: XCTestCase {
    static let signer = "Camille Durand"
    static let date = "2026-12-06"
    static let reason = "Relu et approuvé"
    /// Long enough for the document to be ready (≥ 120 characters): `ingest convert` exits 0.
    static let body = "Je soussignée déclare avoir relu ce devoir sur la couleur du ciel et la lumière du soleil, et en accepter la correction."

    func testSignedByPyHankoShowsNameDateAndReason() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let signed = try Self.signedPDF(in: tmp, stamp: .text)
        let e = try extract(signed)
        let expected = ["Signé par : \(Self.signer)", "Date : \(Self.date)", "Motif : \(Self.reason)"]
        XCTAssertEqual(e.blocks.map(\.text.words), [Self.body.words, expected.joined(separator: "\n").words])
        XCTAssertEqual(e.blocks.last?.text, expected.joined(separator: "\n"))
        XCTAssertEqual(e.blocks.map(\.provenance), [.textLayer, .signature])
        XCTAssertEqual(e.blocks.last?.page, 1)
        XCTAssertFalse(e.warnings.contains { $0.code == .pdfSignatureNotRead })

        // The same through `ingest convert`: the ImportedDocument holds the name, date and reason once.
        let out = tmp.url.appendingPathComponent("out")
        let run = try IngestBinary.run(["convert", signed.path, "--out", out.path, "--library", tmp.url.appendingPathComponent("lib").path])
        XCTAssertEqual(run.status, 0, run.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("signed.json"))) as? [String: Any]
        let blocks = json?["blocks"] as? [[String: Any]] ?? []
        let signature = blocks.filter { $0["provenance"] as? String == "signature" }.compactMap { $0["text"] as? String }
        XCTAssertEqual(signature, [expected.joined(separator: "\n")])
        let text = json?["text"] as? String ?? ""
        for line in expected { XCTAssertEqual(text.components(separatedBy: line).count, 2, "\(line) once in the text") }
    }

    /// A page turned by /Rotate (qpdf) before it is signed: poppler gives the field's area in the
    /// page's own space and its widget's as shown; the appearance is read where it is drawn.
    func testSignatureOnTurnedPagesIsRead() throws {
        for turn in [90, 180, 270] {
            let tmp = try TemporaryDirectory(); defer { tmp.remove() }
            let signed = try Self.signedPDF(in: tmp, stamp: .text, turn: turn)
            let e = try extract(signed)
            XCTAssertEqual(e.blocks.filter { $0.provenance == .signature }.map(\.text),
                           ["Signé par : \(Self.signer)\nDate : \(Self.date)\nMotif : \(Self.reason)"], "\(turn)°")
            // The body's lines, turned with the page, come in poppler's order; every word is there once.
            XCTAssertEqual(e.blocks.filter { $0.provenance == .textLayer }.flatMap(\.text.words).sorted(), Self.body.words.sorted(), "\(turn)°")
        }
    }

    func testPictureSignatureIsNotReadAndSaysSo() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let signed = try Self.signedPDF(in: tmp, stamp: .picture)
        let e = try extract(signed)
        XCTAssertEqual(e.blocks.map(\.text.words), [Self.body.words])
        XCTAssertEqual(e.warnings.filter { $0.code == .pdfSignatureNotRead }.count, 1)
    }

    func testEmptySignatureFieldGivesNothing() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let unsigned = try Self.signedPDF(in: tmp, stamp: .none)
        let e = try extract(unsigned)
        XCTAssertEqual(e.blocks.map(\.text.words), [Self.body.words])
        XCTAssertTrue(e.warnings.isEmpty, "\(e.warnings.map(\.code))")
    }

    /// The words of the page's own content that lie under the field are not read twice.
    func testContentUnderTheFieldIsLeftToTheContent() {
        XCTAssertEqual(SignatureText.withoutContent("Signature :\nSigné par : Camille Durand", content: "Signature :"),
                       "Signé par : Camille Durand")
        XCTAssertEqual(SignatureText.withoutContent("a b\nc", content: ""), "a b\nc")
        XCTAssertEqual(SignatureText.withoutContent("a a b", content: "a"), "a b")
    }

    enum Stamp { case text, picture, none }

    /// A one-page PDF by pdflatex, with a signature field at (300, 120)–(540, 200): signed with
    /// a text stamp or a picture stamp, or left unsigned (an empty field, as a form to sign).
    static func signedPDF(in tmp: TemporaryDirectory, stamp: Stamp, turn: Int = 0) throws -> URL {
        try requireTools()
        let tex = try tmp.write("doc.tex", """
            \\documentclass{article}
            \\usepackage[T1]{fontenc}
            \\usepackage[utf8]{inputenc}
            \\pagestyle{empty}
            \\begin{document}
            \(body)
            \\end{document}
            """)
        guard runTool("pdflatex", ["-interaction=batchmode", "-output-directory", tmp.url.path, tex.path])?.status == 0 else {
            throw TestSetupFailure("pdflatex failed on doc.tex")
        }
        var unsigned = tmp.url.appendingPathComponent("doc.pdf")
        if turn != 0 {
            let turned = tmp.url.appendingPathComponent("turned.pdf")
            guard runTool("qpdf", ["--rotate=+\(turn)", unsigned.path, turned.path])?.status == 0 else {
                throw TestSetupFailure("qpdf could not turn doc.pdf")
            }
            unsigned = turned
        }
        let key = tmp.url.appendingPathComponent("key.pem"), cert = tmp.url.appendingPathComponent("cert.pem")
        guard runTool("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key.path, "-out", cert.path,
                                  "-days", "30", "-subj", "/CN=\(signer)/O=Lycee Victor Hugo"])?.status == 0 else {
            throw TestSetupFailure("openssl could not make the certificate")
        }
        // A picture of a handwritten signature: two strokes drawn by ImageMagick.
        let png = tmp.url.appendingPathComponent("hand.png")
        guard runTool("convert", ["-size", "300x100", "xc:white", "-stroke", "black", "-strokewidth", "4", "-fill", "none",
                                  "-draw", "bezier 20,80 80,10 140,90 200,20", "-draw", "line 30,90 280,85", png.path])?.status == 0 else {
            throw TestSetupFailure("ImageMagick could not draw the signature picture")
        }
        let script = try tmp.write("sign.py", """
            import sys
            from pyhanko.sign import signers, fields
            from pyhanko.stamp import TextStampStyle
            from pyhanko.pdf_utils.images import PdfImage
            from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
            src, out, key, cert, kind, png, date, reason = sys.argv[1:9]
            with open(src, 'rb') as f:
                w = IncrementalPdfFileWriter(f)
                fields.append_signature_field(w, fields.SigFieldSpec('Signature1', on_page=0, box=(300, 120, 540, 200)))
                if kind == 'none':
                    with open(out, 'wb') as o: w.write(o)
                    sys.exit(0)
                if kind == 'text':
                    style = TextStampStyle(stamp_text='Signé par : %(signer)s\\nDate : %(date)s\\nMotif : %(reason)s')
                else:
                    style = TextStampStyle(stamp_text='', background=PdfImage(png), background_opacity=1, border_width=0)
                signer = signers.SimpleSigner.load(key, cert)
                meta = signers.PdfSignatureMetadata(field_name='Signature1', reason=reason)
                with open(out, 'wb') as o:
                    signers.PdfSigner(meta, signer=signer, stamp_style=style).sign_pdf(
                        w, output=o, appearance_text_params={'date': date, 'reason': reason})
            """)
        let signed = tmp.url.appendingPathComponent("signed.pdf")
        let kind = switch stamp { case .text: "text"; case .picture: "picture"; case .none: "none" }
        guard let sign = runTool(Python.path, ["-W", "ignore", script.path, unsigned.path, signed.path,
                                               key.path, cert.path, kind, png.path, date, reason]), sign.status == 0 else {
            throw TestSetupFailure("pyHanko could not sign doc.pdf")
        }
        return signed
    }

    func extract(_ url: URL) throws -> Extraction {
        try PDFExtractor().extract(SourceInput(files: [url], kind: .pdf, byteSize: 0, name: url.lastPathComponent),
                                   context: ExtractionContext(language: .en))
    }

    static func requireTools() throws {
        guard runTool("pdflatex", ["--version"])?.status == 0 else { try missingTool("pdflatex missing (apt-get install texlive-latex-base)") }
        guard runTool("openssl", ["version"])?.status == 0 else { try missingTool("openssl missing (apt-get install openssl)") }
        guard runTool("convert", ["-version"])?.status == 0 else { try missingTool("ImageMagick missing (apt-get install imagemagick)") }
        guard runTool("qpdf", ["--version"])?.status == 0 else { try missingTool("qpdf missing (apt-get install qpdf)") }
        guard runTool(Python.path, ["-c", "import pyhanko.sign"])?.status == 0 else {
            try missingTool("pyHanko missing (scripts/install.sh --tests puts it in .build/tools-venv)")
        }
    }
}

extension String {
    /// The words, whatever the line breaks between them.
    fileprivate var words: [Substring] { split(whereSeparator: \.isWhitespace) }
}
