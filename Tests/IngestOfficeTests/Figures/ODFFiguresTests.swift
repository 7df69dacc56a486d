import Foundation
import IngestCore
@testable import IngestOffice
import IngestTestSupport
import XCTest

/// Captions of LibreOffice documents: a picture in a frame captioned by LibreOffice's own
/// `Illustration` category (`Illustration <sequence>1</sequence>: …`), saved as .odt by soffice;
/// and pandoc's .docx opened and saved as .odt by soffice (`Image Caption`). Each caption a
/// `figure` block with the caption's text, where the picture stands, its words once.
final class ODFFiguresTests: XCTestCase {
    static func soffice(_ file: URL, to format: String, in tmp: TemporaryDirectory) throws -> URL {
        guard runTool("soffice", ["--version"])?.status == 0 else { try missingTool("LibreOffice (soffice) missing (apt-get install libreoffice-writer-nogui)") }
        let profile = "file://" + tmp.url.appendingPathComponent("profile").path
        guard runTool("soffice", ["-env:UserInstallation=" + profile, "--headless", "--convert-to", format, "--outdir", tmp.url.path, file.path])?.status == 0 else {
            throw TestSetupFailure("soffice could not convert \(file.lastPathComponent)")
        }
        return file.deletingPathExtension().appendingPathExtension(format)
    }

    static func picture(in tmp: TemporaryDirectory) throws -> URL {
        guard runTool("convert", ["-version"])?.status == 0 else { try missingTool("ImageMagick (convert) missing (apt-get install imagemagick)") }
        let url = tmp.url.appendingPathComponent("pic.png")
        guard runTool("convert", ["-size", "160x120", "xc:white", "-fill", "blue", "-draw", "circle 80,60 80,15", url.path])?.status == 0 else {
            throw TestSetupFailure("convert failed")
        }
        return url
    }

    /// A Writer document with a frame holding the picture and its caption, as Insert ▸ Caption makes it.
    static func framedCaption(_ caption: String, in tmp: TemporaryDirectory) throws -> URL {
        let png = try Data(contentsOf: try picture(in: tmp)).base64EncodedString()
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
          xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"
          xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"
          xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"
          office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
        <office:styles>
          <style:style style:name="Caption" style:family="paragraph" style:class="extra"/>
          <style:style style:name="Illustration" style:family="paragraph" style:parent-style-name="Caption" style:class="extra"/>
        </office:styles>
        <office:body><office:text>
          <text:sequence-decls><text:sequence-decl text:display-outline-level="0" text:name="Illustration"/></text:sequence-decls>
          <text:p>Le courant circule dans la boucle fermée.</text:p>
          <text:p><draw:frame draw:name="Cadre1" text:anchor-type="as-char" svg:width="6cm"><draw:text-box>
            <text:p text:style-name="Illustration"><draw:frame draw:name="Image1" text:anchor-type="as-char" svg:width="6cm" svg:height="4.5cm"><draw:image><office:binary-data>\(png)</office:binary-data></draw:image></draw:frame><text:line-break/>Illustration <text:sequence text:ref-name="refIllustration0" text:name="Illustration" text:formula="ooow:Illustration+1" style:num-format="1">1</text:sequence>: \(caption)</text:p>
          </draw:text-box></draw:frame></text:p>
          <text:p>Fin du cours.</text:p>
        </office:text></office:body>
        </office:document>
        """
        return try tmp.write("cadre.fodt", Data(xml.utf8))
    }

    func testLibreOfficeFrameCaption() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let caption = "Le cycle de l'eau dans la nature."
        let odt = try Self.soffice(try Self.framedCaption(caption, in: tmp), to: "odt", in: tmp)
        let blocks = try extractFile(odt, with: ODFExtractor()).blocks
        let texts = blocks.map(\.text)
        XCTAssertEqual(blocks.filter { $0.kind == .figure }.map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) },
                       ["Illustration 1: " + caption], "\(texts)")
        let at = try XCTUnwrap(blocks.firstIndex { $0.kind == .figure })
        XCTAssertLessThan(try XCTUnwrap(texts.firstIndex(of: "Le courant circule dans la boucle fermée.")), at)
        XCTAssertLessThan(at, try XCTUnwrap(texts.firstIndex(of: "Fin du cours.")))
        XCTAssertEqual(texts.joined(separator: "\n").components(separatedBy: caption).count - 1, 1)
    }

    func testPandocDocxSavedByLibreOffice() throws {
        guard runTool("pandoc", ["--version"])?.status == 0 else { try missingTool("pandoc missing (apt-get install pandoc)") }
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        _ = try Self.picture(in: tmp)
        let caption = "Figure 1 : Le circuit électrique."
        let md = try tmp.write("circuit.md", Data("Le courant circule.\n\n![\(caption)](pic.png)\n\nFin du cours.\n".utf8))
        let docx = tmp.url.appendingPathComponent("circuit.docx")
        guard runTool("pandoc", [md.path, "-o", docx.path, "--resource-path", tmp.url.path])?.status == 0 else { throw TestSetupFailure("pandoc failed") }
        let blocks = try extractFile(try Self.soffice(docx, to: "odt", in: tmp), with: ODFExtractor()).blocks
        XCTAssertEqual(blocks.filter { $0.kind == .figure }.map(\.text), [caption], "\(blocks.map(\.text))")
        XCTAssertEqual(blocks.map(\.text).joined(separator: "\n").components(separatedBy: caption).count - 1, 1)
    }
}
