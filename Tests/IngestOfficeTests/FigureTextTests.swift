import Foundation
import IngestCore
import IngestTestSupport
@testable import IngestOffice
import XCTest

/// Words that live in figures — image descriptions, charts, SmartArt — and slide furniture, read
/// from files made by pandoc, LibreOffice and python-pptx, and from PowerPoint/Word files of the
/// python-pptx and python-docx projects (ThirdParty/, MIT licence, © Steve Canny).
final class FigureTextTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("figures") }
    override func tearDown() { dir.remove() }

    static let thirdParty = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ThirdParty")

    static let markdown = """
    # Figures

    Le texte avant.

    ![Schéma du cycle de l'eau](pic.png "Titre du schéma")

    Un paragraphe avec une image ![Icône fléchée](pic.png) en ligne.
    """

    /// pandoc's .docx (`wp:docPr/@descr`, `@title`), LibreOffice's .odt from it (`svg:title`,
    /// `svg:desc`) and pandoc's EPUB (`img/@alt`, `@title`): each description once, marked, where
    /// the picture stands; a description that only repeats the caption beside it is not repeated.
    func testImageDescriptionsAreWrittenMarkedWhereThePictureStands() throws {
        try SourceTools.requirePandoc()
        try SourceTools.requireSoffice()
        let tools = SourceTools(dir: dir)
        _ = try tools.png()
        let docx = try tools.pandoc(Self.markdown, "figures.docx", ["--resource-path", dir.url.path])
        let odt = try tools.soffice(docx, to: "odt", as: "figures.odt")
        let epub = try tools.pandoc(Self.markdown, "figures.epub", ["--resource-path", dir.url.path])
        let reads: [(String, Extraction)] = [("docx", try extractFile(docx, with: DocxExtractor())),
                                             ("odt", try extractFile(odt, with: ODFExtractor())),
                                             ("epub", try extractFile(epub, with: EPUBExtractor()))]
        for (name, x) in reads {
            let texts = x.blocks.map(\.text)
            XCTAssertTrue(texts.contains("[Image: Titre du schéma]"), "\(name): \(texts)")
            XCTAssertEqual(texts.filter { $0.contains("Schéma du cycle de l’eau") }.count, 1, "\(name): \(texts)")
            XCTAssertTrue(texts.contains("Un paragraphe avec une image [Image: Icône fléchée] en ligne."), "\(name): \(texts)")
            // Every word of the source, and only the marker's word besides.
            let diff = wordDifference(expected: Self.markdown.replacingOccurrences(of: "pic.png", with: ""), actual: visibleText(x.blocks))
            XCTAssertEqual(diff.missing, [:], name)
            XCTAssertEqual(diff.extra, ["Image": 2], name)
        }
        // A document whose only words are a picture's description is not empty.
        let only = try tools.pandoc("![Carte des fleuves de France métropolitaine](pic.png)\n", "only.docx",
                                    ["-f", "markdown-implicit_figures", "--resource-path", dir.url.path])
        let onlyBlocks = try extractFile(only, with: DocxExtractor()).blocks
        XCTAssertEqual(onlyBlocks.map(\.text), ["[Image: Carte des fleuves de France métropolitaine]", ""])
        XCTAssertEqual(onlyBlocks.map(\.kind), [.paragraph, .figure], "the picture, without caption, after its description")
    }

    static let deckScript = #"""
    import sys, copy
    from pptx import Presentation
    from pptx.chart.data import CategoryChartData
    from pptx.enum.chart import XL_CHART_TYPE
    from pptx.oxml.ns import qn
    from pptx.util import Inches

    out, image = sys.argv[1], sys.argv[2]
    prs = Presentation()
    layout = prs.slide_layouts[5]  # title only

    def furniture(slide):
        # What PowerPoint's Insert > Header & Footer does: the layout's date, footer and slide
        # number placeholders copied onto the slide; the footer typed, the date an automatic field.
        for ph in slide.slide_layout.placeholders:
            name = str(ph.element.ph_type).split(".")[-1].split(" ")[0]
            if name not in ("FOOTER", "DATE", "SLIDE_NUMBER"): continue
            slide.shapes._spTree.append(copy.deepcopy(ph.element))
            if name == "FOOTER":
                slide.shapes[-1].text_frame.text = "Lycée Victor-Hugo — physique"
            elif name == "DATE":
                p = slide.shapes[-1].text_frame.paragraphs[0]._p
                fld = p.makeelement(qn("a:fld"), {"id": "{B2F8E2A4-0C5C-4E35-9C29-2A0C3F2C0A11}", "type": "datetime1"})
                t = fld.makeelement(qn("a:t"), {}); t.text = "06/12/2026"; fld.append(t); p.append(fld)

    s1 = prs.slides.add_slide(layout)
    s1.shapes.title.text = "Le cycle de l'eau"
    pic = s1.shapes.add_picture(image, Inches(1), Inches(2))
    pic._element.nvPicPr.cNvPr.set("descr", "Évaporation, condensation puis précipitations")
    furniture(s1)

    s2 = prs.slides.add_slide(layout)
    s2.shapes.title.text = "Pluviométrie"
    data = CategoryChartData()
    data.categories = ["janvier", "février", "mars"]
    data.add_series("Brest", (133.2, 101.9, 95.4))
    data.add_series("Nice", (68.6, 46.2, 44.7))
    chart = s2.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, Inches(1), Inches(2), Inches(6), Inches(4), data).chart
    chart.has_title = True
    chart.chart_title.text_frame.text = "Précipitations mensuelles"
    chart.category_axis.has_title = True
    chart.category_axis.axis_title.text_frame.text = "Mois"
    chart.value_axis.has_title = True
    chart.value_axis.axis_title.text_frame.text = "Millimètres"
    furniture(s2)

    s3 = prs.slides.add_slide(layout)
    s3.shapes.title.text = "Annexe"
    s3.shapes.add_picture(image, Inches(1), Inches(2))  # python-pptx's description: the file name
    furniture(s3)
    prs.save(out)
    """#

    /// A deck written by python-pptx: a picture's description, a chart's title, axis titles,
    /// series and categories with their values, a typed footer kept once, and the automatic date
    /// and slide numbers left out and counted.
    func testPythonPptxDeckChartsDescriptionsAndFooters() throws {
        try SourceTools.requirePythonPptx()
        let tools = SourceTools(dir: dir)
        let deck = dir.url.appendingPathComponent("deck.pptx")
        try tools.python(Self.deckScript, [deck.path, try tools.png().path])
        let all = try extractFile(deck, with: PptxExtractor())
        // Each picture is also a figure block where it stands (SlideFiguresTests); the words are the rest.
        XCTAssertEqual(all.blocks.filter { $0.kind == .figure }.map(\.page), [1, 3])
        let x = Self.withoutFigures(all)
        XCTAssertEqual(x.blocks.map(\.text), [
            "Le cycle de l'eau", "[Image: Évaporation, condensation puis précipitations]", "Lycée Victor-Hugo — physique",
            "Pluviométrie", "[Chart: Précipitations mensuelles — Mois — Millimètres]",
            " | Brest | Nice\njanvier | 133.2 | 68.6\nfévrier | 101.9 | 46.2\nmars | 95.4 | 44.7",
            "Annexe",
        ])
        XCTAssertEqual(x.blocks.map(\.page), [1, 1, 1, 2, 2, 2, 3])
        XCTAssertEqual(x.blocks[2].marker, "footer")
        XCTAssertEqual(x.blocks[5].rows?.map { $0.map(\.text) },
                       [["", "Brest", "Nice"], ["janvier", "133.2", "68.6"], ["février", "101.9", "46.2"], ["mars", "95.4", "44.7"]])
        XCTAssertEqual(x.metadata["charts"], .int(1))
        XCTAssertEqual(x.metadata["footersRepeated"], .int(2))
        // Per slide: the slide number, and two date fields (the layout's own and the one added).
        XCTAssertEqual(x.metadata["automaticFieldsLeftOut"], .int(9))
        XCTAssertFalse(x.blocks.contains { $0.text.contains("06/12/2026") || $0.text.contains("‹#›") || $0.text.contains("pic.png") })
    }

    /// The same deck through LibreOffice: as .odp (the chart an embedded object with its own local
    /// table, the footer a `presentation:footer-decl`, the date a current-date declaration) and
    /// as the .pptx LibreOffice writes back: the same words in both.
    func testLibreOfficeDecksKeepChartsDescriptionsAndTypedFooters() throws {
        try SourceTools.requirePythonPptx()
        try SourceTools.requireSoffice()
        let tools = SourceTools(dir: dir)
        let deck = dir.url.appendingPathComponent("deck.pptx")
        try tools.python(Self.deckScript, [deck.path, try tools.png().path])
        let odp = try tools.soffice(deck, to: "odp", as: "deck.odp")
        let back = try tools.soffice(odp, to: "pptx", as: "deck-lo.pptx")
        let expected = ["Le cycle de l'eau", "[Image: Évaporation, condensation puis précipitations]", "Lycée Victor-Hugo — physique",
                        "Pluviométrie", "[Chart: Précipitations mensuelles — Mois — Millimètres]",
                        " | Brest | Nice\njanvier | 133.2 | 68.6\nfévrier | 101.9 | 46.2\nmars | 95.4 | 44.7", "Annexe"]
        let odpAll = try extractFile(odp, with: ODFExtractor())
        XCTAssertEqual(odpAll.blocks.filter { $0.kind == .figure }.map(\.page), [1, 3])
        let o = Self.withoutFigures(odpAll)
        XCTAssertEqual(o.blocks.map(\.text), expected)
        XCTAssertEqual(o.blocks.map(\.page), [1, 1, 1, 2, 2, 2, 3])
        XCTAssertEqual(o.metadata["charts"], .int(1))
        XCTAssertEqual(o.metadata["footersRepeated"], .int(2))
        XCTAssertEqual(o.metadata["automaticFieldsLeftOut"], .int(3), "one current date per slide")
        // LibreOffice writes the template's date field ("1/27/13" in python-pptx's layout) back as a
        // typed run beside a new date field: typed text in a date placeholder is shown, so kept.
        var written = expected
        written.insert("1/27/13", at: 2)
        let backAll = try extractFile(back, with: PptxExtractor())
        XCTAssertEqual(backAll.blocks.filter { $0.kind == .figure }.map(\.page), [1, 3])
        XCTAssertEqual(Self.withoutFigures(backAll).blocks.map(\.text), written)
    }

    /// The extraction without its figure blocks (a slide's pictures, tested in SlideFiguresTests).
    static func withoutFigures(_ x: Extraction) -> Extraction {
        var x = x
        x.blocks.removeAll { $0.kind == .figure }
        return x
    }

    /// SmartArt (its data part, nested as its connections say) and charts as PowerPoint and Word
    /// wrote them, in the python-pptx and python-docx test files.
    func testSmartArtAndChartsOfOfficeFiles() throws {
        let pptxAll = try extractFile(Self.thirdParty.appendingPathComponent("python-pptx-shp-shapes.pptx"), with: PptxExtractor())
        XCTAssertEqual(pptxAll.blocks.filter { $0.kind == .figure }.count, 2, "one p:pic on each slide")
        let pptx = Self.withoutFigures(pptxAll)
        XCTAssertEqual(pptx.blocks.map(\.text), ["shapes[0]", "shapes[1]", "Picture is shapes[2]", "shapes[3] | ",
                                                 "[Chart: shapes[4]]", " | Sales\n1st Qtr | 8.2\n2nd Qtr | 3.2\n3rd Qtr | 1.4\n4th Qtr | 1.2",
                                                 "shapes[5]", "Smart Art"])
        XCTAssertEqual(pptx.blocks.suffix(2).map(\.kind), [.listItem, .listItem])
        XCTAssertEqual(pptx.metadata["diagrams"], .int(1))
        let docxAll = try extractFile(Self.thirdParty.appendingPathComponent("python-docx-shp-inline-shape-access.docx"), with: DocxExtractor())
        // Three pictures: embedded, linked only (no file), embedded and linked (the embedded part).
        XCTAssertEqual(docxAll.blocks.filter { $0.kind == .figure }.map(\.image), ["word/media/image1.png", nil, "word/media/image2.jpeg"])
        let docx = Self.withoutFigures(docxAll)
        XCTAssertEqual(docx.blocks.map(\.text), ["foo", "bar", "baz", "[Chart]",
                                                 " | Series 1 | Series 2 | Series 3\nCategory 1 | 4.3 | 2.4 | 2.0\nCategory 2 | 2.5 | 4.4 | 2.0\nCategory 3 | 3.5 | 1.8 | 3.0\nCategory 4 | 4.5 | 2.8 | 5.0"])
        XCTAssertEqual(docx.metadata["diagrams"], .int(1))
        XCTAssertEqual(docx.metadata["charts"], .int(1))
    }

    /// Inline SVG's style sheet, script and title, and MathML's TeX annotation, are not text; the
    /// SVG's drawn text and the rendered formula are, exponents and indexes as they read (pandoc
    /// EPUB with `--mathml`).
    func testEPUBLeavesOutStyleScriptAndAnnotationsWhereverTheySit() throws {
        try SourceTools.requirePandoc()
        let markdown = """
        # Schéma

        <div><svg xmlns="http://www.w3.org/2000/svg" width="200" height="50"><title>Infobulle cachée</title><desc>Description pour l'éditeur</desc><style>.s1 {font-family:Garamond;font-size:12px}</style><script>var cache = 1;</script><text x="5" y="20" class="s1">Étiquette dessinée</text></svg></div>

        La loi $E = mc^2$ s'écrit ainsi.
        """
        let epub = try SourceTools(dir: dir).pandoc(markdown, "svg.epub", ["--mathml"])
        let x = try extractFile(epub, with: EPUBExtractor())
        let text = x.blocks.map(\.text).joined(separator: "\n")
        for hidden in ["Garamond", "font-family", "cache", "Infobulle", "éditeur", "mc^2", "E = mc^2"] {
            XCTAssertFalse(text.contains(hidden), "\(hidden) in \(text)")
        }
        XCTAssertTrue(text.contains("Étiquette dessinée"), text)
        XCTAssertTrue(text.contains("s’écrit ainsi."), text)
        // The formula itself, as inline LaTeX in the text (issue 36): MathML `msup` is an exponent.
        XCTAssertTrue(text.contains("$E=mc^{2}$"), text)
        let sub = try SourceTools(dir: dir).pandoc("$H_2O$, $x_{ij}^{2}$ et $e^{i\\pi}$.", "scripts.epub", ["--mathml"])
        XCTAssertEqual(try extractFile(sub, with: EPUBExtractor()).blocks.last?.text, "$H_{2}O$, $x_{ij}^{2}$ et $e^{i\\pi}$.")
    }

    /// A manual declared French whose first page is an English licence: the declaration is what
    /// the extraction gives, and the whole text (not its first page) confirms it.
    func testDeclaredLanguageWinsOverAnEnglishFirstPage() throws {
        try SourceTools.requirePandoc()
        try SourceTools.requireSoffice()
        let licence = String(repeating: "This work is licensed under the Creative Commons Attribution ShareAlike licence. You are free to share and adapt it for any purpose, even commercially, as long as you give appropriate credit and distribute your contributions under the same licence as the original. ", count: 12)
        let french = String(repeating: "La matière est faite de particules qui sont en mouvement permanent. Dans un solide, elles vibrent autour de positions fixes ; dans un liquide, elles glissent les unes sur les autres et le volume reste le même. ", count: 40)
        let markdown = "---\nlang: fr-FR\ntitle: Manuel\n---\n\n" + licence + "\n\n# Chapitre\n\n" + french
        let tools = SourceTools(dir: dir)
        let docx = try tools.pandoc(markdown, "manuel.docx", ["-s"])
        let odt = try tools.soffice(docx, to: "odt", as: "manuel.odt")
        let epub = try tools.pandoc(markdown, "manuel.epub", ["-s"])
        let texts = licence + "\n" + french
        XCTAssertEqual(LanguageGuesser.guess(texts), "en", "the first page alone says English")
        for (file, extractor) in [(docx, DocxExtractor() as any Extractor), (odt, ODFExtractor()), (epub, EPUBExtractor())] {
            let x = try extractFile(file, with: extractor)
            XCTAssertEqual(x.language, "fr", file.lastPathComponent)
            XCTAssertEqual(LanguageGuesser.confirm(x.language ?? "", against: x.blocks.map(\.text).joined(separator: "\n")), "fr", file.lastPathComponent)
        }
        // A declaration the text clearly contradicts loses: Word's default en-US on a French text.
        XCTAssertEqual(LanguageGuesser.confirm("en", against: french), "fr")
        XCTAssertEqual(LanguageGuesser.confirm("de", against: licence + licence), "en")
        // A short or unknown-language text keeps what was declared.
        XCTAssertEqual(LanguageGuesser.confirm("fr", against: "Photosynthèse : CO2 + H2O"), "fr")
    }
}
