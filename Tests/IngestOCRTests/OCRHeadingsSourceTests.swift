import Foundation
import IngestCore
@testable import IngestOCR
import IngestTestSupport
import XCTest

/// A lesson whose headings are known (issue 36 item 3): a LibreOffice document with Heading 1 and
/// Heading 2 in bold at 130 % and 115 % of the body, laid out to PDF by LibreOffice, drawn at
/// 300 dpi by pdftoppm and made a phone photo by ImageMagick (turned 1.5°, perspective, uneven
/// light, noise, blur, JPEG). Its blocks must be the source's: each heading with its level, each
/// paragraph whole.
final class OCRHeadingsSourceTests: XCTestCase {
    static let title = "Les ondes sonores"
    /// Heading 2 and the paragraph under it (the title's paragraph first, under no heading).
    static let sections: [(heading: String?, text: String)] = [
        (nil, "Un son est produit par la vibration d'un objet, une corde de guitare, la membrane d'un haut-parleur ou nos cordes vocales, qui met en mouvement l'air qui l'entoure."),
        ("1. Une vibration qui se propage", "La vibration se transmet de proche en proche aux molécules voisines. Le son a besoin d'un milieu matériel pour se propager, un gaz, un liquide ou un solide. Dans le vide, il ne se propage pas."),
        ("2. La vitesse du son", "Dans l'air à 20 °C, le son parcourt environ 340 mètres par seconde. Il va plus vite dans l'eau, environ 1500 mètres par seconde, et plus vite encore dans l'acier."),
        ("3. Fréquence et hauteur", "La fréquence d'un son est le nombre de vibrations par seconde, exprimée en hertz. Plus la fréquence est grande, plus le son est aigu. L'oreille humaine entend les sons de 20 à 20000 hertz."),
        ("Le bruit", "Un bruit trop fort abîme l'oreille de façon définitive et il faut alors porter des protections."),
    ]

    func testAPhotoOfAWriterLessonGivesItsHeadingsAndParagraphs() throws {
        let dir = try TemporaryDirectory("ingest-ocr-headings-source")
        defer { dir.remove() }
        let photo = try Self.photo(in: dir)
        let e = try ImageExtractor().extract(imageInput([photo], .jpeg), context: ExtractionContext())
        var expected: [(kind: Block.Kind, level: Int?, text: String)] = [(.heading, 1, Self.title)]
        for s in Self.sections {
            if let h = s.heading { expected.append((.heading, 2, h)) }
            expected.append((.paragraph, nil, s.text))
        }
        let found = e.blocks.map { ($0.kind, $0.level, $0.text.split(whereSeparator: \.isNewline).joined(separator: " ")) }
        let shown = "\(found)"
        // The structure exactly; headings word for word; a paragraph as read (an OCR slip such as
        // "II" for "Il" is not this test's business: 2 % of its characters at most).
        XCTAssertEqual(found.map { "\($0.0) \($0.1 ?? 0)" }, expected.map { "\($0.kind) \($0.level ?? 0)" }, shown)
        for (f, x) in zip(found, expected) where f.0 == x.kind {
            if x.kind == .heading { XCTAssertEqual(f.2, x.text) } else { XCTAssertLessThanOrEqual(characterErrorRate(f.2, x.text), 0.02, f.2) }
        }
    }

    /// The lesson as a photo: NAME.fodt → NAME.pdf (LibreOffice) → 300-dpi grey page (pdftoppm) →
    /// its top half photographed (ImageMagick).
    static func photo(in dir: TemporaryDirectory) throws -> URL {
        let body = sections.map { s in
            (s.heading.map { "<text:h text:style-name=\"Heading_20_2\" text:outline-level=\"2\">\($0)</text:h>\n" } ?? "")
                + "<text:p text:style-name=\"Text_20_body\">\(s.text)</text:p>\n"
        }.joined()
        let fodt = dir.url.appendingPathComponent("lecon.fodt")
        try (document.replacingOccurrences(of: "BODY", with: "<text:h text:style-name=\"Heading_20_1\" text:outline-level=\"1\">\(title)</text:h>\n" + body))
            .write(to: fodt, atomically: true, encoding: .utf8)
        guard runTool("soffice", ["--version"]) != nil, runTool("pdftoppm", ["-v"]) != nil, runTool("convert", ["-version"]) != nil else {
            try missingTool("soffice, pdftoppm and ImageMagick make the photo (apt-get install libreoffice-writer-nogui poppler-utils imagemagick)")
        }
        let profile = "-env:UserInstallation=file://" + dir.url.appendingPathComponent("profile").path
        guard runTool("soffice", [profile, "--headless", "--convert-to", "pdf", "--outdir", dir.url.path, fodt.path])?.status == 0 else {
            throw TestSetupFailure("soffice could not lay lecon.fodt out as a PDF")
        }
        let page = dir.url.appendingPathComponent("page")
        guard runTool("pdftoppm", ["-r", "300", "-gray", "-png", "-singlefile", dir.url.appendingPathComponent("lecon.pdf").path, page.path])?.status == 0 else {
            throw TestSetupFailure("pdftoppm could not draw lecon.pdf")
        }
        let photo = dir.url.appendingPathComponent("photo.jpg")
        let shoot = ["page.png", "-crop", "2480x1750+0+150", "+repage", "-background", "white", "-rotate", "1.5",
                     "(", "-size", "2600x1850", "gradient:gray(100%)-gray(75%)", ")", "-compose", "multiply", "-composite",
                     "-distort", "Perspective", "0,0 30,20  2600,0 2560,0  0,1850 0,1850  2600,1850 2600,1835",
                     "-seed", "7", "-attenuate", "0.4", "+noise", "Gaussian", "-blur", "0x0.8", "-quality", "82"]
        guard runTool("convert", shoot.map { $0 == "page.png" ? page.path + ".png" : $0 } + [photo.path])?.status == 0 else {
            throw TestSetupFailure("ImageMagick could not make the photo")
        }
        return photo
    }

    /// A flat ODT: DejaVu Sans 11 pt body, Heading 1 and 2 bold at 130 % and 115 %, set close to
    /// the paragraph under them (as a board's headings are, which Tesseract glues to it).
    static let document = """
    <?xml version="1.0" encoding="UTF-8"?>
    <office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" \
    xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" \
    xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
    <office:font-face-decls><style:font-face style:name="DejaVu Sans" svg:font-family="'DejaVu Sans'" style:font-family-generic="swiss"/></office:font-face-decls>
    <office:styles>
    <style:default-style style:family="paragraph"><style:text-properties style:font-name="DejaVu Sans" fo:font-size="11pt" fo:language="fr" fo:country="FR" fo:hyphenate="false"/></style:default-style>
    <style:style style:name="Standard" style:family="paragraph" style:class="text"/>
    <style:style style:name="Text_20_body" style:display-name="Text body" style:family="paragraph" style:parent-style-name="Standard"><style:paragraph-properties fo:margin-top="0cm" fo:margin-bottom="0.25cm"/></style:style>
    <style:style style:name="Heading_20_1" style:display-name="Heading 1" style:family="paragraph" style:parent-style-name="Standard" style:default-outline-level="1"><style:paragraph-properties fo:margin-top="0.4cm" fo:margin-bottom="0.2cm"/><style:text-properties fo:font-size="130%" fo:font-weight="bold"/></style:style>
    <style:style style:name="Heading_20_2" style:display-name="Heading 2" style:family="paragraph" style:parent-style-name="Standard" style:default-outline-level="2"><style:paragraph-properties fo:margin-top="0.35cm" fo:margin-bottom="0.05cm"/><style:text-properties fo:font-size="115%" fo:font-weight="bold"/></style:style>
    </office:styles>
    <office:automatic-styles><style:page-layout style:name="P"><style:page-layout-properties fo:page-width="21cm" fo:page-height="29.7cm" fo:margin-top="2cm" fo:margin-bottom="2cm" fo:margin-left="2cm" fo:margin-right="2cm"/></style:page-layout></office:automatic-styles>
    <office:master-styles><style:master-page style:name="Standard" style:page-layout-name="P"/></office:master-styles>
    <office:body><office:text>
    BODY</office:text></office:body></office:document>
    """
}
