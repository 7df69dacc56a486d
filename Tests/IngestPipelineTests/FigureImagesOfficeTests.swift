import Foundation
import IngestCore
@testable import IngestPipeline
import IngestTestSupport
import XCTest

/// The pictures of a .docx, .odt and .epub written by pandoc, through `ingest convert`: each written
/// beside the document as `NAME.figure-N.<ext>`, byte for byte the picture the course was made
/// with, named in its figure block; the figure without caption keeps its picture and the Markdown
/// shows every picture once.
final class FigureImagesOfficeTests: XCTestCase {
    func testPicturesOfTextDocumentsAreWrittenAsStored() throws {
        guard runTool("pandoc", ["--version"])?.status == 0 else { try missingTool("pandoc missing (apt-get install pandoc)") }
        guard runTool("convert", ["-version"])?.status == 0 else { try missingTool("ImageMagick (convert) missing (apt-get install imagemagick)") }
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let png = tmp.url.appendingPathComponent("cercle.png"), jpg = tmp.url.appendingPathComponent("photo.jpg")
        guard runTool("convert", ["-size", "120x80", "xc:white", "-fill", "blue", "-draw", "circle 60,40 60,10", png.path])?.status == 0,
              runTool("convert", ["-size", "90x60", "gradient:yellow-green", jpg.path])?.status == 0 else { throw TestSetupFailure("convert failed") }
        let caption = "Figure 1 – Le cercle unité"
        let markdown = """
        # Le cercle

        Le cercle de rayon un, centré à l'origine, sert à lire le sinus et le cosinus d'un angle.

        ![\(caption)](cercle.png)

        Une photographie du tableau, prise en classe, montre le même cercle tracé à la craie.

        ![](photo.jpg)

        Fin du cours.

        """
        let md = try tmp.write("cours.md", Data(markdown.utf8))
        for ext in ["docx", "odt", "epub"] {
            let input = tmp.url.appendingPathComponent("in-" + ext)
            try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
            let document = input.appendingPathComponent("cours." + ext)
            guard runTool("pandoc", [md.path, "--resource-path", tmp.url.path, "--metadata", "title=Le cercle", "-o", document.path])?.status == 0
            else { throw TestSetupFailure("pandoc failed for \(ext)") }
            let out = tmp.url.appendingPathComponent("out-" + ext)
            let result = try IngestBinary.run(["convert", input.path, "--out", out.path, "--library", tmp.url.appendingPathComponent("lib-" + ext).path,
                                               "--sink", "none", "--format", "markdown", "--quiet"])
            XCTAssertEqual(result.status, 0, "\(ext): \(result.stderr)")
            let jsonURL = out.appendingPathComponent("cours.json")
            let imported = try JSONDecoder().decode(ImportedDocument.self, from: Data(contentsOf: jsonURL))
            let figures = imported.blocks.filter { $0.kind == .figure }
            XCTAssertEqual(figures.map(\.text), [caption, ""], ext)
            XCTAssertEqual(figures.map(\.image), ["cours.figure-1.png", "cours.figure-2.jpg"], ext)
            XCTAssertEqual(try Data(contentsOf: out.appendingPathComponent("cours.figure-1.png")), try Data(contentsOf: png), ext)
            XCTAssertEqual(try Data(contentsOf: out.appendingPathComponent("cours.figure-2.jpg")), try Data(contentsOf: jpg), ext)
            XCTAssertFalse(imported.blocks.contains { $0.kind != .figure && $0.text.contains(caption) }, ext)
            try validateWithJSONSchema(schema: "imported-document.schema.json", files: [jsonURL])
            let md = try String(contentsOf: out.appendingPathComponent("cours.md"), encoding: .utf8)
            XCTAssertTrue(md.contains("![](cours.figure-1.png)\n\n" + caption), "\(ext): \(md)")
            XCTAssertEqual(md.components(separatedBy: "![](cours.figure-2.jpg)").count - 1, 1, "\(ext): \(md)")
            XCTAssertEqual(md.components(separatedBy: caption).count - 1, 1, "\(ext): \(md)")
        }
    }
}
