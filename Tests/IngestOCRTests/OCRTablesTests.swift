import Foundation
import IngestCore
@testable import IngestOCR
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
}
