import Foundation
import IngestCore
@testable import IngestOffice
import IngestTestSupport
import XCTest

/// Pictures of text documents as `figure` blocks: a course in Markdown with three pictures made by
/// ImageMagick (a PNG and a GIF captioned, a JPEG without caption), written as .docx, .odt and
/// .epub by pandoc, and as .odt/.docx by LibreOffice from pandoc's .docx/.odt. In each, every
/// picture is a figure in its place, with its caption or with empty text, whose part holds the
/// source picture's bytes, unchanged; no caption is left in a body paragraph.
final class OfficeFiguresTests: XCTestCase {
    static let captions = ["Figure 1 – Le cercle unité", "Fig. 2 : la parabole y = x²"]
    static let paragraphs = ["Un paragraphe avant la première figure.", "Entre la première et la deuxième.",
                             "Entre la deuxième et la troisième.", "Fin du cours."]

    static func markdown() -> String {
        """
        # Les courbes

        \(paragraphs[0])

        ![\(captions[0])](cercle.png)

        \(paragraphs[1])

        ![](photo.jpg)

        \(paragraphs[2])

        ![\(captions[1])](parabole.gif)

        \(paragraphs[3])

        """
    }

    /// The three pictures, in the order the course shows them.
    static func pictures(in dir: TemporaryDirectory) throws -> [Data] {
        guard runTool("convert", ["-version"])?.status == 0 else { try missingTool("ImageMagick (convert) missing (apt-get install imagemagick)") }
        let recipes: [(String, [String])] = [
            ("cercle.png", ["-size", "120x80", "xc:white", "-fill", "blue", "-draw", "circle 60,40 60,10"]),
            ("photo.jpg", ["-size", "90x60", "gradient:yellow-green"]),
            ("parabole.gif", ["-size", "100x100", "xc:white", "-fill", "none", "-stroke", "red", "-draw", "bezier 10,10 50,190 90,10"]),
        ]
        return try recipes.map { name, arguments in
            let url = dir.url.appendingPathComponent(name)
            guard runTool("convert", arguments + [url.path])?.status == 0 else { throw TestSetupFailure("convert failed for \(name)") }
            return try Data(contentsOf: url)
        }
    }

    func testPicturesOfPandocAndLibreOfficeDocuments() throws {
        try SourceTools.requirePandoc()
        try SourceTools.requireSoffice()
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let tools = SourceTools(dir: dir)
        let sources = try Self.pictures(in: dir)
        let resources = ["--resource-path", dir.url.path]
        let docx = try tools.pandoc(Self.markdown(), "pandoc.docx", resources)
        let odt = try tools.pandoc(Self.markdown(), "pandoc.odt", resources)
        let epub = try tools.pandoc(Self.markdown(), "pandoc.epub", resources + ["--metadata", "title=Les courbes"])
        let documents: [(String, URL, any Extractor)] = [
            ("pandoc docx", docx, DocxExtractor()), ("pandoc odt", odt, ODFExtractor()), ("pandoc epub", epub, EPUBExtractor()),
            ("LibreOffice odt from docx", try tools.soffice(docx, to: "odt", as: "lo.odt"), ODFExtractor()),
            ("LibreOffice docx from odt", try tools.soffice(odt, to: "docx", as: "lo.docx"), DocxExtractor()),
        ]
        for (name, url, extractor) in documents {
            let blocks = try extractFile(url, with: extractor).blocks
            let figures = blocks.filter { $0.kind == .figure }
            XCTAssertEqual(figures.map(\.text), [Self.captions[0], "", Self.captions[1]], "\(name): \(blocks.map(\.text))")
            // Each picture's part holds the source picture, byte for byte.
            for (figure, source) in zip(figures, sources) {
                let part = try XCTUnwrap(figure.image, "\(name): a figure without its picture")
                let picture = PackagePicture.read(part, in: url, limits: PipelineConfig().limits)
                XCTAssertEqual(picture?.data, source, "\(name): \(part)")
            }
            // In place: between the paragraphs around it in the source.
            let texts = blocks.map(\.text)
            let around = try Self.paragraphs.map { try XCTUnwrap(texts.firstIndex(of: $0), "\(name): \($0) in \(texts)") }
            let places = figures.compactMap { f in blocks.firstIndex { $0.kind == .figure && $0.image == f.image } }
            XCTAssertEqual(places.count, 3, name)
            for (k, place) in places.enumerated() {
                XCTAssertLessThan(around[k], place, name)
                XCTAssertLessThan(place, around[k + 1], name)
            }
            // No caption in a body block (pandoc's descriptions that say the caption again are dropped).
            for caption in Self.captions {
                XCTAssertFalse(blocks.contains { $0.kind != .figure && $0.text.contains(caption) }, "\(name): \(texts)")
            }
        }
    }

    /// LibreOffice's own captioned frame (Insert ▸ Caption: the picture and `Illustration 1: …` in one
    /// frame), saved as .odt, then exported by LibreOffice as .docx and .epub (where the caption is
    /// a plain paragraph holding the picture): one figure, its caption, the picture's bytes.
    func testLibreOfficeCaptionedFrameInOdtDocxAndEpub() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let caption = "Le cycle de l'eau dans la nature."
        let odt = try ODFFiguresTests.soffice(try ODFFiguresTests.framedCaption(caption, in: tmp), to: "odt", in: tmp)
        let source = try Data(contentsOf: tmp.url.appendingPathComponent("pic.png"))
        let documents: [(URL, any Extractor)] = [(odt, ODFExtractor()), (try ODFFiguresTests.soffice(odt, to: "docx", in: tmp), DocxExtractor()),
                                                 (try ODFFiguresTests.soffice(odt, to: "epub", in: tmp), EPUBExtractor())]
        for (url, extractor) in documents {
            let name = url.pathExtension
            let blocks = try extractFile(url, with: extractor).blocks
            XCTAssertEqual(blocks.map(\.kind), [.paragraph, .figure, .paragraph], "\(name): \(blocks.map(\.text))")
            let figure = try XCTUnwrap(blocks.first { $0.kind == .figure }, name)
            XCTAssertEqual(figure.text.replacingOccurrences(of: "\u{2019}", with: "'"), "Illustration 1: " + caption, name)
            let part = try XCTUnwrap(figure.image, "\(name): no picture")
            XCTAssertEqual(PackagePicture.read(part, in: url, limits: PipelineConfig().limits)?.data, source, name)
        }
    }

    /// A picture linked to a file outside the document (not embedded) is a figure without file.
    func testLinkedPictureIsAFigureWithoutFile() throws {
        try SourceTools.requireSoffice()
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let tools = SourceTools(dir: dir)
        _ = try Self.pictures(in: dir)
        let html = """
        <html><body><p>Avant.</p><p><img src="\(dir.url.appendingPathComponent("cercle.png").absoluteString)"/></p><p>Après.</p></body></html>
        """
        let page = try dir.write("lien.html", html)
        // Writer keeps an HTML page's image as a link when it saves the page as .odt.
        let odt = try tools.soffice(page, to: "odt:writer8", as: "lien.odt")
        let blocks = try extractFile(odt, with: ODFExtractor()).blocks
        XCTAssertEqual(blocks.map(\.kind), [.paragraph, .figure, .paragraph], "\(blocks.map(\.text))")
        XCTAssertEqual(blocks.map(\.text), ["Avant.", "", "Après."])
        XCTAssertNil(blocks[1].image)
    }

    /// A VML picture (`w:pict`, old Word files) is a figure; an embedded object's preview
    /// (`w:object`: an Equation Editor 3 formula, a spreadsheet) is not.
    func testVMLPictureIsAFigureAndAnObjectPreviewIsNot() throws {
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let body = #"<w:p><w:r><w:t xml:space="preserve">Soit l'équation </w:t></w:r><w:r><w:object><v:shape><v:imagedata r:id="rO"/></v:shape></w:object></w:r></w:p>"#
            + #"<w:p><w:r><w:pict><v:shape><v:imagedata r:id="rP"/></v:shape></w:pict></w:r></w:p>"#
        let blocks = try extractFile(try DocxBuilder(body: body).write(dir), with: DocxExtractor()).blocks
        XCTAssertEqual(blocks.map(\.kind), [.paragraph, .figure], "\(blocks.map(\.text))")
        XCTAssertNil(blocks[1].image, "no such part in the package: no file")
    }

    func testCaptionsJoinTheirPictures() {
        func picture(_ ref: String) -> Block { var b = Block(figure: "", bbox: nil, provenance: .textLayer); b.image = ref; return b }
        let caption = Block(kind: .figure, text: "Figure 1 – x", provenance: .textLayer)
        let marker = Block(kind: .paragraph, text: "[Image: schéma]", provenance: .textLayer)
        let body = Block(kind: .paragraph, text: "Texte.", provenance: .textLayer)
        // Under its picture, over it (its description between), alone (kept: a caption without picture).
        XCTAssertEqual(OfficeFigures.attachingCaptions([picture("a"), caption]).map(\.text), ["Figure 1 – x"])
        XCTAssertEqual(OfficeFigures.attachingCaptions([caption, marker, picture("a")]).map(\.text), ["[Image: schéma]", "Figure 1 – x"])
        XCTAssertEqual(OfficeFigures.attachingCaptions([body, caption, body, picture("a")]).map(\.text), ["Texte.", "Figure 1 – x", "Texte.", ""])
        // Two captions, two pictures: each its own.
        let second = Block(kind: .figure, text: "Figure 2 – y", provenance: .textLayer)
        let joined = OfficeFigures.attachingCaptions([picture("a"), caption, picture("b"), second])
        XCTAssertEqual(joined.map(\.text), ["Figure 1 – x", "Figure 2 – y"])
        XCTAssertEqual(joined.map(\.image), ["a", "b"])
        XCTAssertTrue(OfficeFigures.isDescriptionOnly(" [Image: schéma] "))
        XCTAssertFalse(OfficeFigures.isDescriptionOnly("Figure 1 – [Image: schéma] x"))
        // A paragraph holding its one picture and opening with a caption label is its caption.
        XCTAssertTrue(OfficeFigures.isCaptionOfItsPicture("Illustration 1: Le cycle", pictures: 1))
        XCTAssertTrue(OfficeFigures.isCaptionOfItsPicture("[Image: schéma] Fig. 2 – x", pictures: 1))
        XCTAssertFalse(OfficeFigures.isCaptionOfItsPicture("Illustration 1: Le cycle", pictures: 0))
        XCTAssertFalse(OfficeFigures.isCaptionOfItsPicture("Illustration 1: Le cycle", pictures: 2))
        XCTAssertFalse(OfficeFigures.isCaptionOfItsPicture("Le cycle de l'eau, figure 1.", pictures: 1))
    }
}
