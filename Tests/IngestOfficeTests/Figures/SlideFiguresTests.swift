import Foundation
import IngestCore
@testable import IngestOffice
import IngestTestSupport
import IngestZip
import XCTest

/// Pictures on slides as `figure` blocks, on decks made the ways real ones are: pandoc from Markdown
/// (`![Figure 1 – …](cercle.png)`: a picture, then a text box holding the caption), python-pptx as
/// PowerPoint lays one out (pictures placed at known inches, alt text, a caption over or under, a
/// picture in a group, a logo pasted on every slide that is no figure), and LibreOffice Impress writing that deck again, as .odp and as .pptx. Each figure: its slide as
/// page, its box in points as placed, its caption's words out of the body and once, its alt text
/// kept, and its part's bytes the very picture put in.
final class SlideFiguresTests: XCTestCase {
    var dir: TemporaryDirectory!
    var tools: SourceTools { SourceTools(dir: dir) }
    override func setUpWithError() throws { dir = try TemporaryDirectory("slide-figures") }
    override func tearDown() { dir.remove() }

    func picture(_ name: String, _ size: String, _ draw: String) throws -> URL {
        guard runTool("convert", ["-version"])?.status == 0 else { try missingTool("ImageMagick (convert) missing (apt-get install imagemagick)") }
        let url = dir.url.appendingPathComponent(name)
        guard runTool("convert", ["-size", size, "xc:white", "-fill", "#2050b0", "-draw", draw, url.path])?.status == 0 else {
            throw TestSetupFailure("convert could not draw \(name)")
        }
        return url
    }

    func extract(_ url: URL) throws -> Extraction {
        try extractFile(url, with: url.pathExtension == "odp" ? ODFExtractor() as any Extractor : PptxExtractor())
    }

    /// The bytes of part `part` of the package at `url`.
    func part(_ part: String?, of url: URL) throws -> Data {
        let archive = try ZipArchive(url: url)
        let entry = try XCTUnwrap(archive.entry(try XCTUnwrap(part)), "no part \(part ?? "nil")")
        return Data(try archive.data(entry))
    }

    func testPandocDeck() throws {
        try SourceTools.requirePandoc()
        let cercle = try picture("cercle.png", "200x120", "circle 100,60 100,20")
        let boucle = try picture("boucle.jpg", "300x200", "rectangle 50,50 250,150")
        let markdown = """
        # Les ondes

        ## Le cercle

        ![Figure 1 – Le cercle rouge](cercle.png)

        ## La boucle

        Texte avant.

        ![Schéma 2 : la boucle fermée](boucle.jpg)

        ## Sans légende

        ![Un dessin](cercle.png)

        """
        let deck = try tools.pandoc(markdown, "ondes.pptx", ["--resource-path", dir.url.path])
        let x = try extract(deck)
        let figures = x.blocks.filter { $0.kind == .figure }
        // A caption with its label is the figure's text; pandoc's caption without one stays a paragraph.
        XCTAssertEqual(figures.map(\.text), ["Figure 1 – Le cercle rouge", "Schéma 2 : la boucle fermée", ""])
        XCTAssertEqual(figures.map(\.page), [2, 3, 4])
        XCTAssertEqual(try part(figures[0].image, of: deck), try Data(contentsOf: cercle))
        XCTAssertEqual(try part(figures[1].image, of: deck), try Data(contentsOf: boucle))
        XCTAssertEqual(try part(figures[2].image, of: deck), try Data(contentsOf: cercle))
        // pandoc scales each picture into the slide (720 × 540 pt), keeping its proportions.
        for (figure, ratio) in zip(figures, [200.0 / 120, 300.0 / 200, 200.0 / 120]) {
            let b = try XCTUnwrap(figure.bbox)
            XCTAssertTrue(b[0] >= 0 && b[1] >= 0 && b[2] <= 720 && b[3] <= 540 && b[2] > b[0] + 100, "\(b)")
            XCTAssertEqual((b[2] - b[0]) / (b[3] - b[1]), ratio, accuracy: 0.02)
        }
        // Each caption's words once, where the picture stands: after the slide's title and text.
        let texts = x.blocks.map(\.text)
        for caption in ["Figure 1 – Le cercle rouge", "Schéma 2 : la boucle fermée"] {
            XCTAssertEqual(texts.filter { $0.contains(caption) }.count, 1, "\(texts)")
        }
        XCTAssertLessThan(try XCTUnwrap(texts.firstIndex(of: "Texte avant.")), try XCTUnwrap(texts.firstIndex(of: "Schéma 2 : la boucle fermée")))
        XCTAssertTrue(x.blocks.contains { $0.kind == .paragraph && $0.text == "Un dessin" && $0.page == 4 })
    }

    /// The deck as python-pptx writes it (PowerPoint's structure): inches known, so boxes are exact.
    static let script = """
    import sys
    from pptx import Presentation
    from pptx.util import Inches, Pt
    cercle, boucle, logo, out = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
    p = Presentation()
    def box(slide, left, top, width, height, text):
        tb = slide.shapes.add_textbox(Inches(left), Inches(top), Inches(width), Inches(height))
        tb.text_frame.text = text
    s = p.slides.add_slide(p.slide_layouts[5])
    s.shapes.add_picture(logo, Inches(8.8), Inches(0.1), Inches(1), Inches(0.5))
    s.shapes.title.text = "Le cercle"
    pic = s.shapes.add_picture(cercle, Inches(2), Inches(2), Inches(4), Inches(2.4))
    pic._element.nvPicPr.cNvPr.set("descr", "Un disque bleu sur fond blanc")
    box(s, 2, 4.5, 4, 0.5, "Figure 2 – Le cercle bleu")
    s = p.slides.add_slide(p.slide_layouts[5])
    s.shapes.add_picture(logo, Inches(8.8), Inches(0.1), Inches(1), Inches(0.5))
    s.shapes.title.text = "Relevés"
    box(s, 1, 1.6, 5, 0.4, "Tableau 3 : les relevés de la semaine")
    g = s.shapes.add_group_shape()
    g.shapes.add_picture(boucle, Inches(1), Inches(2), Inches(3), Inches(2))
    g.shapes.add_picture(cercle, Inches(5), Inches(2), Inches(2), Inches(1.2))
    box(s, 1, 5.5, 6, 0.5, "On lit les relevés chaque matin.")
    s = p.slides.add_slide(p.slide_layouts[5])
    s.shapes.add_picture(logo, Inches(8.8), Inches(0.1), Inches(1), Inches(0.5))
    s.shapes.title.text = "Sans légende"
    pic = s.shapes.add_picture(boucle, Inches(1), Inches(1.5), Inches(3), Inches(2))
    pic._element.nvPicPr.cNvPr.set("descr", "Un rectangle bleu")
    box(s, 1, 5, 6, 0.5, "Figure 9 montre le même rectangle.")
    p.save(out)
    """

    func pythonDeck() throws -> (deck: URL, cercle: URL, boucle: URL) {
        try SourceTools.requirePythonPptx()
        let cercle = try picture("cercle.png", "200x120", "circle 100,60 100,20")
        let boucle = try picture("boucle.jpg", "300x200", "rectangle 50,50 250,150")
        // The school's logo pasted at the same place on every slide: decoration, no figure.
        let logo = try picture("logo.png", "100x50", "rectangle 10,10 90,40")
        let deck = dir.url.appendingPathComponent("releves.pptx")
        try tools.python(Self.script, [cercle.path, boucle.path, logo.path, deck.path])
        return (deck, cercle, boucle)
    }

    /// What the python-pptx deck holds, whoever wrote it again: checked on python-pptx's file and
    /// on LibreOffice's.
    func checkPythonDeck(_ deck: URL, cercle: URL, boucle: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let x = try extract(deck)
        let figures = x.blocks.filter { $0.kind == .figure }
        XCTAssertEqual(figures.map(\.text), ["Figure 2 – Le cercle bleu", "Tableau 3 : les relevés de la semaine", "", ""], file: file, line: line)
        XCTAssertEqual(figures.map(\.page), [1, 2, 2, 3], file: file, line: line)
        // Inches × 72, as placed (LibreOffice rounds to its 1/100 mm: within half a point).
        let expected: [[Double]] = [[144, 144, 432, 316.8], [72, 144, 288, 288], [360, 144, 504, 230.4], [72, 108, 288, 252]]
        for (figure, box) in zip(figures, expected) {
            let b = try XCTUnwrap(figure.bbox, file: file, line: line)
            for (v, e) in zip(b, box) { XCTAssertEqual(v, e, accuracy: 0.5, "\(b)", file: file, line: line) }
        }
        for (figure, source) in zip(figures, [cercle, boucle, cercle, boucle]) {
            XCTAssertEqual(try part(figure.image, of: deck), try Data(contentsOf: source), file: file, line: line)
        }
        let texts = x.blocks.map(\.text)
        // Alt text kept, just before its figure; captions out of the body; a sentence that only
        // starts like a caption, far from the picture, stays text.
        let alt = try XCTUnwrap(texts.firstIndex(of: "[Image: Un disque bleu sur fond blanc]"), "\(texts)", file: file, line: line)
        XCTAssertEqual(x.blocks[alt + 1].text, "Figure 2 – Le cercle bleu", file: file, line: line)
        let alt2 = try XCTUnwrap(texts.firstIndex(of: "[Image: Un rectangle bleu]"), "\(texts)", file: file, line: line)
        XCTAssertEqual(x.blocks[alt2 + 1].kind, .figure, file: file, line: line)
        XCTAssertTrue(x.blocks.contains { $0.kind == .paragraph && $0.text == "Figure 9 montre le même rectangle." }, file: file, line: line)
        XCTAssertTrue(x.blocks.contains { $0.kind == .paragraph && $0.text == "On lit les relevés chaque matin." }, file: file, line: line)
        for caption in ["Figure 2 – Le cercle bleu", "Tableau 3 : les relevés de la semaine"] {
            XCTAssertEqual(texts.filter { $0.contains(caption) }.count, 1, "\(texts)", file: file, line: line)
        }
    }

    func testPythonPptxDeck() throws {
        let (deck, cercle, boucle) = try pythonDeck()
        try checkPythonDeck(deck, cercle: cercle, boucle: boucle)
    }

    func testLibreOfficeDeck() throws {
        try SourceTools.requireSoffice()
        let (deck, cercle, boucle) = try pythonDeck()
        let odp = try tools.soffice(deck, to: "odp", as: "releves.odp")
        try checkPythonDeck(odp, cercle: cercle, boucle: boucle)
        let again = try tools.soffice(odp, to: "pptx", as: "releves-lo.pptx")
        try checkPythonDeck(again, cercle: cercle, boucle: boucle)
    }

    /// LibreOffice keeps a table's preview picture in its frame (`<draw:image
    /// xlink:href="Pictures/TablePreview1.svm"/>` after the `table:table`): the table is a table, not
    /// also a figure (the fidelity suite's impress-odp decks got one invented figure each).
    func testLibreOfficeTableIsNoFigure() throws {
        try SourceTools.requirePandoc()
        try SourceTools.requireSoffice()
        let markdown = """
        # Relevés

        ## Mesures

        | Source | Couleur | Longueur d'onde (nm) |
        |---|---|---|
        | Laser | Rouge | 633 |
        | Diode | Bleue | 470 |

        """
        let deck = try tools.pandoc(markdown, "mesures.pptx")
        let odp = try tools.soffice(deck, to: "odp", as: "mesures.odp")
        let archive = try ZipArchive(url: odp)
        XCTAssertNotNil(archive.entry("Pictures/TablePreview1.svm"), "LibreOffice no longer writes a table preview: the test shows nothing")
        let blocks = try extract(odp).blocks
        XCTAssertEqual(blocks.filter { $0.kind == .figure }.count, 0, "\(blocks.map { "\($0.kind): \($0.text)" })")
        let table = try XCTUnwrap(blocks.first { $0.kind == .table })
        XCTAssertEqual(table.rows?.count, 3)
        XCTAssertTrue(table.text.contains("Laser | Rouge | 633"), table.text)
    }
}
