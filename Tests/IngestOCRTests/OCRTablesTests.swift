import CTesseract
import Foundation
import IngestCore
@testable import IngestOCR
import IngestPDF
import IngestTestSupport
import XCTest

/// Tables of scanned pages (issue 36 item 2): pages set by pdflatex from cells written here,
/// rendered at 300 dpi by pdftoppm as a scanner would, and read by `ImageExtractor`. A table
/// comes out cell for cell as the source has it, its lines out of the paragraphs; text in two
/// columns, lists and a glossary come out as no table at all.
final class OCRTablesTests: XCTestCase {
    static let ruled = [
        ["Planète", "Rayon (km)", "Distance (UA)", "Atmosphère"],
        ["Mercure", "2 440", "0,39", "quasi nulle"],
        ["Vénus", "6 052", "0,72", "dioxyde de carbone"],
        ["Terre", "6 371", "1,00", "azote et oxygène"],
        ["Mars", "3 390", "1,52", "dioxyde de carbone"],
    ]
    static let unruled = [
        ["Planète", "Lunes connues", "Période (années)"],
        ["Jupiter", "95", "11,86"],
        ["Saturne", "146", "29,46"],
        ["Uranus", "28", "84,01"],
        ["Neptune", "16", "164,8"],
    ]

    static func tabular(_ rows: [[String]], _ spec: String, rules: Bool) -> String {
        let rule = rules ? "\\hline\n" : ""
        return "\\begin{center}\n\\begin{tabular}{\(spec)}\n\(rule)"
            + rows.map { $0.joined(separator: " & ") + " \\\\\n" + rule }.joined() + "\\end{tabular}\n\\end{center}\n"
    }

    func testTablesOfAScannedPageAreCellForCell() throws {
        let body = """
        \\section*{Les planètes}
        Le tableau suivant donne quelques grandeurs des planètes telluriques du système solaire.

        \(Self.tabular(Self.ruled, "|l|r|r|l|", rules: true))
        Les planètes géantes sont bien plus grandes, comme le montre ce second tableau sans filets.

        \(Self.tabular(Self.unruled, "lrr", rules: false))
        La période de révolution augmente avec la distance au Soleil, comme l'avait énoncé Kepler dans sa troisième loi.
        """
        let extraction = try scanned(body, options: "11pt", language: "french")
        let tables = extraction.blocks.filter { $0.kind == .table }
        XCTAssertEqual(tables.map { $0.rows?.map { $0.map(\.text) } }, [Self.ruled, Self.unruled], "\(extraction.blocks.map { ($0.kind, $0.text) })")
        XCTAssertTrue(tables.allSatisfy { $0.provenance == .ocr && $0.page == 1 })
        // Placed where they stand, their cells in no paragraph.
        XCTAssertEqual(extraction.blocks.map { $0.kind == .table }, [false, false, true, false, true, false])
        let text = extraction.blocks.filter { $0.kind != .table }.map(\.text).joined(separator: "\n")
        for cell in ["Mercure", "6 052", "azote", "Jupiter", "164,8", "Lunes"] { XCTAssertFalse(text.contains(cell), cell) }
    }

    /// Text in two columns, a bulleted and a numbered list, a glossary set with `\hfill`: lines
    /// cut by wide gaps, none of them a table.
    func testColumnsListsAndAGlossaryAreNoTable() throws {
        let body = """
        \\section*{The water cycle}
        Water moves between the oceans, the air and the land in a cycle driven by the energy of the Sun. Evaporation lifts water vapour from the sea; the vapour rises, cools and condenses into droplets that form clouds. When the droplets grow heavy they fall as rain or snow, and the water returns to the oceans through rivers and groundwater.

        Steps of the cycle:
        \\begin{itemize}
        \\item evaporation from oceans and lakes;
        \\item condensation into clouds;
        \\item precipitation as rain, snow or hail;
        \\item collection in rivers, lakes and aquifers.
        \\end{itemize}

        \\section*{Measuring rainfall}
        A rain gauge collects the water that falls on a known area. Meteorologists read it every morning at the same time, and the amount is given in millimetres: one millimetre of rain is one litre of water on each square metre of ground.

        \\begin{enumerate}
        \\item Place the gauge in an open area.
        \\item Read the level at nine o'clock.
        \\item Empty the gauge and note the value.
        \\end{enumerate}

        Over a year the totals vary widely from one region to another: a desert may receive less than fifty millimetres, a mountain slope facing the sea several metres. These differences shape the vegetation, the rivers and the way people farm the land. In temperate regions the rain falls in every season, while in tropical regions a wet season follows a dry one. Farmers plan their sowing around these rhythms, and engineers size dams and drains from the records of past decades.

        Glossary: \\\\
        Aquifer \\hfill a layer of rock that holds water \\\\
        Runoff \\hfill water flowing over the ground \\\\
        Transpiration \\hfill water released by plants \\\\
        Humidity \\hfill water vapour in the air

        The cycle also moves heat: when water evaporates it takes energy from the surface, and when the vapour condenses in the clouds it releases that energy into the air. This is why storms over warm seas can grow so strong. Scientists follow these exchanges with satellites that measure the temperature of the sea and the amount of water in the atmosphere.
        """
        let extraction = try scanned(body, options: "10pt,twocolumn", language: "english")
        XCTAssertEqual(extraction.blocks.filter { $0.kind == .table }.map(\.text), [])
        XCTAssertTrue(extraction.blocks.map(\.text).joined(separator: " ").contains("Transpiration"))
    }

    /// A ruled table made by LibreOffice (an HTML table with borders made a Writer document, then
    /// a PDF), scanned at 300 dpi: its cells sit close to the rules, which tell them apart.
    func testLibreOfficeRuledTableOfAScannedPageIsCellForCell() throws {
        for tool in ["soffice", "pdftoppm"] where runTool(tool, ["--version"]) == nil && runTool(tool, ["-v"]) == nil {
            try missingTool("\(tool) is not installed (apt-get install libreoffice-writer-nogui poppler-utils)")
        }
        let dir = try TemporaryDirectory("ingest-ocr-ruled"); defer { dir.remove() }
        let rows = [
            ["Planète", "Distance (UA)", "Type", "Lunes"],
            ["Mercure", "0,39", "tellurique", "0"],
            ["Vénus", "0,72", "tellurique", "0"],
            ["Terre", "1,00", "tellurique", "1"],
            ["Jupiter", "5,20", "gazeuse", "95"],
        ]
        let cells = rows.enumerated().map { r, row in
            "<tr>" + row.map { r == 0 ? "<th>\($0)</th>" : "<td>\($0)</td>" }.joined() + "</tr>"
        }.joined(separator: "\n")
        let html = try dir.write("planetes.html", Data("""
            <html><body><p>Le tableau suivant donne quelques planètes du système solaire.</p>
            <table border="1" cellpadding="4" cellspacing="0">
            \(cells)
            </table><p>Fin du cours.</p></body></html>
            """.utf8))
        try writerPDF(from: html, in: dir)
        let image = dir.url.appendingPathComponent("page")
        guard runTool("pdftoppm", ["-r", "300", "-gray", "-png", "-singlefile", dir.url.appendingPathComponent("planetes.pdf").path, image.path])?.status == 0 else {
            throw TestSetupFailure("pdftoppm failed")
        }
        let extraction = try ImageExtractor().extract(imageInput([image.appendingPathExtension("png")]), context: ExtractionContext())
        let tables = extraction.blocks.filter { $0.kind == .table }.map { $0.rows?.map { $0.map(\.text) } ?? [] }
        XCTAssertEqual(extraction.blocks.map { $0.kind == .table }, [false, true, false], "\(extraction.blocks.map { ($0.kind, $0.text) })")
        // Cell for cell: the source's rows and columns, its header and first column as written. The
        // other cells' text is Tesseract's beside a rule (it reads a few glyphs wrong there: `5,20`
        // as `15,20`, `tellurique` as `telluriqu e`: 6.7 % of their characters): at most 10 %.
        let table = try XCTUnwrap(tables.first)
        XCTAssertEqual(table.map(\.count), rows.map(\.count), "\(table)")
        XCTAssertEqual(table.first, rows.first)
        XCTAssertEqual(table.map { $0.first }, rows.map { $0.first })
        let inner = { (t: [[String]]) in t.dropFirst().map { $0.dropFirst().joined(separator: " | ") }.joined(separator: "\n") }
        XCTAssertLessThanOrEqual(characterErrorRate(inner(table), inner(rows)), 0.10, "\(table)")
    }

    /// A scanned book page (Huckleberry Finn, ocrmypdf's c02-22: a 150-dpi JPEG) with an engraving
    /// beside the text holds no table: the engraving's hatching crosses like rules, and made a
    /// 2 × 42 table of five words read in its strokes, all but five of its cells empty.
    func testAnEngravingsHatchingIsNoTable() throws {
        try Corpus.require()
        let url = Corpus.url("scans/ocrmypdf-c02-22.pdf")
        let input = SourceInput(files: [url], kind: .pdf, byteSize: 0, name: url.lastPathComponent)
        let layer = try PDFExtractor().extract(input, context: ExtractionContext())
        let extraction = try ScanRecognizer().complete(layer, of: input, context: ExtractionContext())
        XCTAssertEqual(extraction.blocks.filter { $0.kind == .table }.map { $0.rows?.map { $0.map(\.text) } }, [])
        XCTAssertTrue(extraction.blocks.map(\.text).joined(separator: " ").contains("about a minute, listening"))
    }

    /// A worksheet whose questions are each followed by a rule to answer on (one width, stacked
    /// like a table's `\hline`s): no table of one column, every question a paragraph.
    func testAWorksheetsAnswerLinesAreNoTable() throws {
        let questions = ["Question 1 : quelle est la plus petite unité du vivant ?", "Question 2 : que contient le noyau de la cellule ?",
                         "Question 3 : quel organite produit l'énergie ?", "Question 4 : nommez deux types de cellules."]
        let body = "\\section*{Exercice}\n" + questions.map { $0 + "\n\n\\noindent\\rule{\\textwidth}{0.4pt}\n\n" }.joined() + "Fin."
        let extraction = try scanned(body, options: "11pt", language: "french")
        XCTAssertEqual(extraction.blocks.filter { $0.kind == .table }.map { $0.rows?.map { $0.map(\.text) } }, [])
        XCTAssertEqual(extraction.blocks.filter { $0.text.hasPrefix("Question") }.map(\.text), questions)
    }

    /// A page image's rules are the same read from its grey pixels, its black-and-white ones and
    /// its colour ones (leptonica's three layouts): a grid of 2-px rules 300 px long, text-like
    /// strokes (short) and a 30-px-thick bar (thicker than any rule) beside them, at 300 dpi.
    func testRulesOfAnImageInEveryDepth() throws {
        let width = 613, height = 500
        var ink = [Bool](repeating: false, count: width * height)
        func fill(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) { for y in y0..<y1 { for x in x0..<x1 { ink[y * width + x] = true } } }
        for y in [40, 140, 240, 340] { fill(50, y, 550, y + 2) }
        for x in [50, 250, 548] { fill(x, 40, x + 2, 342) }
        for x in stride(from: 70, to: 230, by: 9) { fill(x, 60, x + 3, 90) }      // glyph strokes: 30 px, under 14 pt
        fill(570, 40, 600, 400)                                                      // a bar 30 px thick
        func image(depth: Int32) throws -> UnsafeMutablePointer<PIX> {
            let pix = try XCTUnwrap(pixCreate(Int32(width), Int32(height), depth))
            pixSetResolution(pix, 300, 300)
            let data = try XCTUnwrap(pixGetData(pix)), wpl = Int(pixGetWpl(pix))
            for y in 0..<height {
                for x in 0..<width {
                    let dark = ink[y * width + x]
                    switch depth {
                    case 1: if dark { data[y * wpl + x >> 5] |= 1 << (31 - UInt32(x & 31)) }
                    case 8: data[y * wpl + x >> 2] |= UInt32(dark ? 0x30 : 0xF0) << (24 - 8 * UInt32(x & 3))
                    default: data[y * wpl + x] = dark ? 0x3030_3000 : 0xF0F0_F000
                    }
                }
            }
            return pix
        }
        var found: [String] = []
        for depth: Int32 in [1, 8, 32] {
            var pix: UnsafeMutablePointer<PIX>? = try image(depth: depth)
            let rules = OCRTables.rules(of: pix!)
            pixDestroy(&pix)
            found.append("\(rules.horizontal.map { [$0.position, $0.lower, $0.upper] }) \(rules.vertical.map { [$0.position, $0.lower, $0.upper] })")
        }
        XCTAssertEqual(found[0], "[[41.0, 50.0, 550.0], [141.0, 50.0, 550.0], [241.0, 50.0, 550.0], [341.0, 50.0, 550.0]] [[51.0, 40.0, 342.0], [251.0, 40.0, 342.0], [549.0, 40.0, 342.0]]")
        XCTAssertEqual(found[1], found[0])
        XCTAssertEqual(found[2], found[0])
    }

    /// `body` set by pdflatex on one page, rendered at 300 dpi in grey and read by ImageExtractor.
    func scanned(_ body: String, options: String, language: String) throws -> Extraction {
        for tool in ["pdflatex", "pdftoppm"] where runTool(tool, ["-v"]) == nil {
            try missingTool("\(tool) is not installed (apt-get install texlive-latex-base poppler-utils)")
        }
        for file in ["lmodern.sty", "\(language).ldf"] where runTool("kpsewhich", [file])?.status != 0 {
            try missingTool("the LaTeX file \(file) is missing (scripts/install.sh --tests installs the texlive packages)")
        }
        let dir = try TemporaryDirectory("ingest-ocr-tables")
        defer { dir.remove() }
        let tex = """
        \\documentclass[\(options)]{article}
        \\usepackage[T1]{fontenc}
        \\usepackage[utf8]{inputenc}
        \\usepackage[\(language)]{babel}
        \\usepackage{lmodern}
        \\pagestyle{empty}
        \\begin{document}
        \(body)
        \\end{document}

        """
        let source = try dir.write("page.tex", Data(tex.utf8))
        guard let latex = runTool("pdflatex", ["-interaction=nonstopmode", "-halt-on-error", "-output-directory", dir.url.path, source.path]),
              latex.status == 0 else { throw TestSetupFailure("pdflatex failed on \(source.path)") }
        let image = dir.url.appendingPathComponent("page")
        guard runTool("pdftoppm", ["-r", "300", "-gray", "-png", "-singlefile", dir.url.appendingPathComponent("page.pdf").path, image.path])?.status == 0 else {
            throw TestSetupFailure("pdftoppm failed")
        }
        return try ImageExtractor().extract(imageInput([image.appendingPathExtension("png")]), context: ExtractionContext())
    }
    /// A ruled table a page break cuts (LibreOffice sets it over two pages, its header repeated):
    /// each scanned page's recognition gives a piece; the document holds one table of the source's rows.
    func testAScannedTableOverTwoPagesIsOneTable() throws {
        for tool in ["soffice", "pdftoppm"] where runTool(tool, ["--version"]) == nil && runTool(tool, ["-v"]) == nil {
            try missingTool("\(tool) is not installed (apt-get install libreoffice-writer-nogui poppler-utils)")
        }
        let dir = try TemporaryDirectory("ingest-ocr-long"); defer { dir.remove() }
        let colours = ["rouge", "vert", "bleu", "jaune", "orange", "violet"]
        let rows = [["Mesure", "Valeur", "Couleur"]] + (1...30).map { ["Mesure \($0)", "\($0 * 7 % 90 + 10)", colours[$0 % colours.count]] }
        let cells = rows.enumerated().map { r, row in
            "<tr>" + row.map { r == 0 ? "<th>\($0)</th>" : "<td>\($0)</td>" }.joined() + "</tr>"
        }.joined(separator: "\n")
        let html = try dir.write("mesures.html", Data("""
            <html><body><p>Relevé des mesures de la semaine.</p>
            <table border="1" cellpadding="6" cellspacing="0">
            <thead>\(cells.split(separator: "\n").first!)</thead>
            \(cells.split(separator: "\n").dropFirst().joined(separator: "\n"))
            </table><p>Fin du relevé.</p></body></html>
            """.utf8))
        try writerPDF(from: html, in: dir)
        let image = dir.url.appendingPathComponent("page")
        guard runTool("pdftoppm", ["-r", "300", "-gray", "-png", dir.url.appendingPathComponent("mesures.pdf").path, image.path])?.status == 0 else {
            throw TestSetupFailure("pdftoppm failed")
        }
        let pages = try FileManager.default.contentsOfDirectory(at: dir.url, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasPrefix("page") && $0.pathExtension == "png" }.sorted { $0.path < $1.path }
        guard pages.count == 2 else { throw TestSetupFailure("LibreOffice set the table on \(pages.count) pages, not 2") }
        let extraction = try ImageExtractor().extract(imageInput(pages), context: ExtractionContext())
        let tables = extraction.blocks.filter { $0.kind == .table }
        XCTAssertEqual(tables.count, 1, "\(extraction.blocks.map { ($0.kind, $0.page ?? 0, $0.text.prefix(60)) })")
        let table = try XCTUnwrap(tables.first?.rows).map { $0.map(\.text) }
        XCTAssertEqual(tables.first?.page, 1)
        XCTAssertEqual(table.count, rows.count, "\(table.map { $0.joined(separator: " | ") })")
        XCTAssertEqual(table.first, rows.first)
        XCTAssertEqual(table.map { $0.first ?? "" }, rows.map { $0[0] })
    }

    /// An HTML page made into a Writer document and that into a PDF by LibreOffice, as a student's
    /// file is: `NAME.odt`, then `NAME.pdf` beside it.
    func writerPDF(from html: URL, in dir: TemporaryDirectory) throws {
        let profile = "file://" + dir.url.appendingPathComponent("profile").path
        let odt = html.deletingPathExtension().appendingPathExtension("odt")
        for (input, format) in [(html, "odt"), (odt, "pdf")] {
            guard runTool("soffice", ["-env:UserInstallation=" + profile, "--headless", "--convert-to", format,
                                      "--outdir", dir.url.path, input.path])?.status == 0 else {
                throw TestSetupFailure("soffice could not convert \(input.lastPathComponent) to \(format)")
            }
        }
    }
}
