import Foundation
import IngestCore
@testable import IngestPipeline
import IngestTestSupport
import XCTest

/// A slide's picture beside its document, through `ingest convert` on a deck pandoc made from
/// Markdown with a PNG and a JPEG drawn by ImageMagick: each figure block names
/// `NAME.figure-N.png` / `.jpg`, that file is the very picture put in, a figure without caption is
/// kept (no line in the text), the document is valid against its schema, and a second reading of
/// the deck without its JPEG removes the `.jpg` the first one wrote.
final class SlideFigureImagesTests: XCTestCase {
    static func deck(in tmp: TemporaryDirectory, withJPEG: Bool = true) throws -> (input: URL, png: URL, jpg: URL) {
        guard runTool("pandoc", ["--version"])?.status == 0 else { try missingTool("pandoc missing (apt-get install pandoc)") }
        guard runTool("convert", ["-version"])?.status == 0 else { try missingTool("ImageMagick (convert) missing (apt-get install imagemagick)") }
        let png = tmp.url.appendingPathComponent("cercle.png"), jpg = tmp.url.appendingPathComponent("boucle.jpg")
        for (url, draw) in [(png, "circle 100,60 100,20"), (jpg, "rectangle 50,50 250,150")] {
            guard runTool("convert", ["-size", url == png ? "200x120" : "300x200", "xc:white", "-fill", "#2050b0", "-draw", draw, url.path])?.status == 0
            else { throw TestSetupFailure("convert could not draw \(url.lastPathComponent)") }
        }
        let markdown = """
        # Le cercle

        Un cercle est l'ensemble des points du plan situés à une même distance de son centre : cette distance est son rayon.

        ![Figure 1 – Le cercle bleu](cercle.png)

        \(withJPEG ? "# La boucle\n\n![Schéma 2 : la boucle fermée](boucle.jpg)\n" : "")
        # Sans légende

        ![](cercle.png)

        """
        let md = try tmp.write("ondes.md", Data(markdown.utf8))
        let input = tmp.url.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        let pptx = input.appendingPathComponent("ondes.pptx")
        try? FileManager.default.removeItem(at: pptx)
        guard runTool("pandoc", [md.path, "-o", pptx.path, "--resource-path", tmp.url.path])?.status == 0 else {
            throw TestSetupFailure("pandoc could not write ondes.pptx")
        }
        return (input, png, jpg)
    }

    func testPicturesBesideDocument() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let (input, png, jpg) = try Self.deck(in: tmp)
        let out = tmp.url.appendingPathComponent("out"), library = tmp.url.appendingPathComponent("lib").path
        func convert() throws {
            let r = try IngestBinary.run(["convert", input.path, "--out", out.path, "--library", library, "--sink", "none", "--quiet"])
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        try convert()
        let jsonURL = out.appendingPathComponent("ondes.json")
        let document = try JSONDecoder().decode(ImportedDocument.self, from: Data(contentsOf: jsonURL))
        let figures = document.blocks.filter { $0.kind == .figure }
        XCTAssertEqual(figures.map(\.text), ["Figure 1 – Le cercle bleu", "Schéma 2 : la boucle fermée", ""])
        XCTAssertEqual(figures.map(\.image), ["ondes.figure-1.png", "ondes.figure-2.jpg", "ondes.figure-3.png"])
        XCTAssertEqual(figures.map(\.page), [1, 2, 3])
        for (figure, source) in zip(figures, [png, jpg, png]) {
            XCTAssertEqual(try Data(contentsOf: out.appendingPathComponent(try XCTUnwrap(figure.image))), try Data(contentsOf: source))
        }
        // The captionless figure has no line in the text; each caption is there once.
        XCTAssertFalse(document.text.contains("\n\n\n"))
        XCTAssertEqual(document.text.components(separatedBy: "Le cercle bleu").count - 1, 1)
        try validateWithJSONSchema(schema: "imported-document.schema.json", files: [jsonURL])

        // The deck edited, its JPEG taken out: the `.jpg` of the first reading goes.
        _ = try Self.deck(in: tmp, withJPEG: false)
        try convert()
        let again = try JSONDecoder().decode(ImportedDocument.self, from: Data(contentsOf: jsonURL))
        XCTAssertEqual(again.blocks.filter { $0.kind == .figure }.map(\.image), ["ondes.figure-1.png", "ondes.figure-2.png"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("ondes.figure-2.jpg").path), "stale picture left")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("ondes.figure-3.png").path), "stale picture left")
    }
}
