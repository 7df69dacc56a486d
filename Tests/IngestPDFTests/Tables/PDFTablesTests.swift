import Foundation
import IngestCore
@testable import IngestPDF
import IngestTestSupport
import XCTest

/// Tables of PDFs made by pdflatex and LibreOffice from sources written here: the `table` blocks'
/// cells are the source's, cell for cell (a spanning cell's text in its top-left slot, the slots it
/// covers empty), in reading order between the paragraphs around them, and their words are not
/// repeated as paragraphs.
final class PDFTablesTests: XCTestCase {
    /// The source of the tables below: a header and rows, "" where a span covers a slot.
    static let planets = [["Planète", "Distance (UA)", "Type"],
                          ["Mercure", "0,39", "tellurique"],
                          ["Vénus", "0,72", "tellurique"],
                          ["Deux colonnes", "", "gazeuse"],
                          ["Jupiter", "5,2", "géante"],
                          ["", "5,3", "gazeuse"]]

    func tables(_ extraction: Extraction) -> [[[String]]] {
        extraction.blocks.filter { $0.kind == .table }.map { $0.rows!.map { $0.map(\.text) } }
    }

    /// Ruled `tabular` (| and \hline) with a \multicolumn and a \multirow over a \cline, then an
    /// unruled one (aligned columns).
    func testLaTeXRuledAndAlignedTables() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let body = """
            Le tableau suivant donne les planètes.

            \\begin{tabular}{|l|r|l|}
            \\hline
            Planète & Distance (UA) & Type \\\\ \\hline
            Mercure & 0,39 & tellurique \\\\ \\hline
            Vénus & 0,72 & tellurique \\\\ \\hline
            \\multicolumn{2}{|c|}{Deux colonnes} & gazeuse \\\\ \\hline
            \\multirow{2}{*}{Jupiter} & 5,2 & géante \\\\ \\cline{2-3}
             & 5,3 & gazeuse \\\\ \\hline
            \\end{tabular}

            Un paragraphe entre les deux tableaux.

            \\begin{tabular}{lcr}
            Nom & Valeur & Unité \\\\
            Masse & 12 & kg \\\\
            Longueur & 3,5 & m \\\\
            Temps & 60 & s \\\\
            \\end{tabular}

            Fin du cours.
            """
        let source = LaTeXPDFs.article("11pt", body).replacingOccurrences(of: "\\usepackage{lmodern}", with: "\\usepackage{lmodern}\\usepackage{multirow}")
        let extraction = try LaTeXPDFs.extract(try LaTeXPDFs.make("tables", source, in: tmp))
        XCTAssertEqual(tables(extraction), [Self.planets, [["Nom", "Valeur", "Unité"], ["Masse", "12", "kg"], ["Longueur", "3,5", "m"], ["Temps", "60", "s"]]])
        XCTAssertEqual(extraction.blocks.map(\.kind), [.paragraph, .table, .paragraph, .table, .paragraph])
        XCTAssertEqual(extraction.blocks.filter { $0.kind == .paragraph }.map(\.text),
                       ["Le tableau suivant donne les planètes.", "Un paragraphe entre les deux tableaux.", "Fin du cours."])
        XCTAssertEqual(extraction.blocks[1].page, 1)
        XCTAssertEqual(extraction.blocks[1].provenance, .textLayer)
    }

    /// Four ruled tables side by side at one height (a reference card's columns) come left to right
    /// in every process: their order came from a dictionary's, which each process's hash seed
    /// changes (refcard-en-a4.pdf read two ways in two runs of one binary).
    func testRuledTablesSideBySideComeLeftToRight() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let cell = { (n: Int) in "\\begin{minipage}[t]{0.22\\textwidth}\\begin{tabular}{|l|l|}\\hline T\(n) & a\(n) \\\\ \\hline b\(n) & c\(n) \\\\ \\hline\\end{tabular}\\end{minipage}" }
        let body = "Quatre tableaux.\n\n\\noindent " + (1...4).map(cell).joined(separator: "\\hfill") + "\n\nFin."
        let extraction = try LaTeXPDFs.extract(try LaTeXPDFs.make("side", LaTeXPDFs.article("11pt", body), in: tmp))
        XCTAssertEqual(tables(extraction), (1...4).map { [["T\($0)", "a\($0)"], ["b\($0)", "c\($0)"]] })
    }

    /// A ruled `longtable` over two pages, its header repeated on the second: one table, header once.
    func testTableOverAPageBreakIsOneTable() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let rows = (1...70).map { ["Élément \($0)", "\($0 * 3),\($0 % 10)", "ligne \($0)"] }
        let body = "Début.\n\n\\begin{longtable}{|l|l|l|}\n\\hline\nNom & Valeur & Remarque \\\\ \\hline\n\\endhead\n"
            + rows.map { $0.joined(separator: " & ") + " \\\\ \\hline" }.joined(separator: "\n") + "\n\\end{longtable}\n\nFin."
        let source = LaTeXPDFs.article("11pt", body).replacingOccurrences(of: "\\usepackage{lmodern}", with: "\\usepackage{lmodern}\\usepackage{longtable}")
        // longtable settles its column widths from the .aux of a first run.
        _ = try LaTeXPDFs.make("long", source, in: tmp)
        let extraction = try LaTeXPDFs.extract(try LaTeXPDFs.make("long", source, in: tmp))
        XCTAssertEqual(extraction.pagesRead, 2)
        XCTAssertEqual(tables(extraction), [[["Nom", "Valeur", "Remarque"]] + rows])
        XCTAssertEqual(extraction.blocks.map(\.kind), [.paragraph, .table, .paragraph])
    }

    /// An HTML table with borders and spans, made a Writer document and a PDF by LibreOffice.
    func testLibreOfficeRuledTable() throws {
        guard runTool("soffice", ["--version"])?.status == 0 else {
            try missingTool("LibreOffice (soffice) missing (apt-get install libreoffice-writer-nogui)")
        }
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let html = try tmp.write("planetes.html", Data("""
            <html><body><p>Le tableau suivant donne les planètes.</p>
            <table border="1" cellpadding="4" cellspacing="0">
            <tr><th>Planète</th><th>Distance (UA)</th><th>Type</th></tr>
            <tr><td>Mercure</td><td>0,39</td><td>tellurique</td></tr>
            <tr><td>Vénus</td><td>0,72</td><td>tellurique</td></tr>
            <tr><td colspan="2">Deux colonnes</td><td>gazeuse</td></tr>
            <tr><td rowspan="2">Jupiter</td><td>5,2</td><td>géante</td></tr>
            <tr><td>5,3</td><td>gazeuse</td></tr>
            </table><p>Fin du cours.</p></body></html>
            """.utf8))
        let profile = "file://" + tmp.url.appendingPathComponent("profile").path
        for (input, format) in [(html, "odt"), (tmp.url.appendingPathComponent("planetes.odt"), "pdf")] {
            guard runTool("soffice", ["-env:UserInstallation=" + profile, "--headless", "--convert-to", format,
                                      "--outdir", tmp.url.path, input.path])?.status == 0 else {
                throw TestSetupFailure("soffice could not convert \(input.lastPathComponent) to \(format)")
            }
        }
        let extraction = try LaTeXPDFs.extract(tmp.url.appendingPathComponent("planetes.pdf"))
        XCTAssertEqual(tables(extraction), [Self.planets])
        XCTAssertEqual(extraction.blocks.map(\.kind), [.paragraph, .table, .paragraph])
    }

    /// Markdown pipe tables without rules, made Writer and Word documents by pandoc and PDFs by
    /// LibreOffice (a student's table without borders). Writer sets a table's rows at the pitch
    /// of a cell's wrapped lines, and two cells of a narrow column a space apart (`Force
    /// complément` then `652,95`): each source row is one row, each cell its source text, and the
    /// two tables with a sentence between them are two (the second was lost, the first cut in two).
    func testWriterAndWordTablesWithoutRules() throws {
        guard runTool("soffice", ["--version"])?.status == 0 else {
            try missingTool("LibreOffice (soffice) missing (apt-get install libreoffice-writer-nogui)")
        }
        guard runTool("pandoc", ["--version"])?.status == 0 else { try missingTool("pandoc is not installed (apt-get install pandoc)") }
        let wrapped = [["Date", "Grandeur", "Exemple", "Valeur"],
                       ["Adverbe marseille", "Amplitude complément tension", "Tension", "Amplitude"],
                       ["Période", "1480", "Phrase", "Courant énergie"], ["Accord", "Lipide tension", "Onde tension", "Onde force"],
                       ["Phrase onde", "729,00", "718,18", "806,53"],
                       ["Complément énergie adverbe", "241", "Mitochondrie mitochondrie lipide", "Marseille sujet verbe"]]
        let close = [["Symbole", "Notion", "Date", "Lieu", "Grandeur"],
                     ["Force complément", "652,95", "Traité cellule", "Empire", "260,04"],
                     ["Roi", "1676", "Phrase fréquence", "Lipide empire", "Période mitochondrie"],
                     ["Paris adjectif", "500", "Adjectif", "482", "Travail"]]
        let next = [["Remarque", "Exemple", "Symbole", "Grandeur", "Lieu"], ["Adverbe", "Protéine", "380,93", "Lyon lyon", "570,43"],
                    ["Pluriel", "Glucide vitesse", "1121", "Féminin force longueur", "Enzyme"],
                    ["Force", "Noyau traité lipide", "1601", "Masse tension vitesse", "620,96"],
                    ["République", "679,25", "Marseille protéine", "341", "646,00"]]
        func pipe(_ rows: [[String]]) -> String {
            ([rows[0], rows[0].map { _ in "---" }] + rows.dropFirst()).map { "| " + $0.joined(separator: " | ") + " |" }.joined(separator: "\n")
        }
        let markdown = "# Cours\n\nVoici les tableaux.\n\n" + pipe(wrapped) + "\n\nLe tableau 1 résume la leçon.\n\n"
            + pipe(close) + "\n\nLe tableau 2 résume la leçon.\n\n" + pipe(next) + "\n\nLe tableau 3 résume la leçon.\n"
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let md = try tmp.write("cours.md", Data(markdown.utf8))
        let documents = ["odt", "docx"].map { tmp.url.appendingPathComponent("cours-\($0).\($0)") }
        for document in documents {
            guard runTool("pandoc", [md.path, "-o", document.path])?.status == 0 else { throw TestSetupFailure("pandoc could not make \(document.lastPathComponent)") }
        }
        let profile = "file://" + tmp.url.appendingPathComponent("profile").path
        guard runTool("soffice", ["-env:UserInstallation=" + profile, "--headless", "--convert-to", "pdf", "--outdir", tmp.url.path]
                      + documents.map(\.path))?.status == 0 else { throw TestSetupFailure("soffice could not make the PDFs") }
        let writer = try LaTeXPDFs.extract(tmp.url.appendingPathComponent("cours-odt.pdf"))
        XCTAssertEqual(tables(writer), [wrapped, close, next])
        XCTAssertEqual(writer.blocks.map(\.kind).prefix(8), [.heading, .paragraph, .table, .paragraph, .table, .paragraph, .table, .paragraph],
                       "\(writer.blocks.map(\.text))")
        // Word's columns are narrower: it cuts `complément` and `République` inside the word
        // (`compléme` / `nt`), as the page shows them; the rows and cells are the source's.
        let word = try LaTeXPDFs.extract(tmp.url.appendingPathComponent("cours-docx.pdf"))
        XCTAssertEqual(tables(word).map { $0.map(\.count) }, [wrapped, close, next].map { $0.map(\.count) })
        XCTAssertEqual(tables(word).first, wrapped)
    }

    /// Lines holding one formula each, with big delimiters (`\bigl[`, `\left(`): poppler writes
    /// those glyphs as control characters (U+0001...) in boxes set lower than their line, and a
    /// fraction's numerator and denominator as lines of their own. Neither page holds a table
    /// (both were read as one, a cell keeping a U+0001), and every label and word outside the
    /// formulas is in the text once, as in the source; no control character is in any cell.
    func testFormulaLinesWithBigDelimitersAreNoTable() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let pages = [
            "g": ["Formule 1 : $\\ln \\frac{a}{b} = 1$ fin.", "Formule 2 : $\\ln\\bigl[\\frac{a}{b}\\bigr] = 1$ fin.",
                  "Formule 3 : $\\ln\\bigl(\\frac{a}{b}\\bigr) = 1$ fin."],
            "k": ["Formule 2 : $\\left(\\frac{u}{v}\\right)' = \\frac{u' v - u v'}{v^2}$ fin.", "\\medskip",
                  "Formule 5 : $P(X = k) = \\binom{n}{k} p^k (1 - p)^{n-k}$ fin."],
        ]
        for (name, lines) in pages.sorted(by: { $0.key < $1.key }) {
            let source = "\\documentclass[11pt]{article}\n\\usepackage[T1]{fontenc}\\usepackage{lmodern}\\usepackage{amsmath,amssymb}\n"
                + "\\begin{document}\n" + lines.joined(separator: "\n\n") + "\n\\end{document}\n"
            let extraction = try LaTeXPDFs.extract(try LaTeXPDFs.make(name, source, in: tmp))
            XCTAssertEqual(tables(extraction), [], name)
            let cells = extraction.blocks.flatMap { $0.rows ?? [] }.flatMap { $0.map(\.text) }
            XCTAssertEqual(cells.filter { $0.unicodeScalars.contains { $0.value < 0x20 } }, [], name)
            let texts = extraction.blocks.map(\.text) + cells
            let all = texts.joined(separator: "\n")
            for line in lines where line.hasPrefix("Formule") {
                let label = String(line.prefix { $0 != "$" })
                XCTAssertEqual(all.components(separatedBy: label).count - 1, 1, "\(name): \(label) in \(extraction.blocks.map(\.text))")
            }
            XCTAssertEqual(all.components(separatedBy: "fin.").count - 1, lines.filter { $0.hasPrefix("Formule") }.count, name)
        }
    }

    /// A ruled table whose narrow cells TeX hyphenates (`termi-` / `nate the process`): the
    /// word cut between two lines of a cell is written with a line break there, which hyphen
    /// joining reads as in a paragraph (debian-reference.en p.176 read `terminate the pro- cess`).
    func testAWordCutBetweenTheLinesOfACellIsJoined() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let cell = "\\parbox[t]{1.3cm}{\\raggedright\\hspace{0pt}terminate the process}"
        let body = """
            \\begin{tabular}{|l|l|l|p{5cm}|}\\hline
            signal value & signal name & action & note \\\\ \\hline
            1 & SIGHUP & \(cell) & disconnected terminal (signal hang up) \\\\ \\hline
            2 & SIGINT & \(cell) & interrupt from keyboard \\\\ \\hline
            9 & SIGKILL & \(cell) & unblockable kill signal \\\\ \\hline
            \\end{tabular}
            """
        // TeX may hyphenate here (the shared preamble forbids it).
        let source = LaTeXPDFs.article("11pt", body).replacingOccurrences(of: "\\hyphenpenalty=10000 \\exhyphenpenalty=10000", with: "")
        let extraction = try LaTeXPDFs.extract(try LaTeXPDFs.make("cut-cells", source, in: tmp))
        let table = try XCTUnwrap(extraction.blocks.first { $0.kind == .table }, "\(extraction.blocks.map(\.text))")
        XCTAssertTrue(table.text.contains("-\n"), "TeX cut a word in a cell: \(table.text)")
        let text = Normalizer.normalize(table.text)
        XCTAssertEqual(text.components(separatedBy: " | terminate the process | ").count - 1, 3, text)
        XCTAssertEqual(table.rows?.dropFirst().map { Normalizer.normalize($0[2].text) }, Array(repeating: "terminate the process", count: 3))
    }

    /// A table ruled only around and under its header, its columns aligned inside with no rule
    /// between them (gnuplot's manual sets its tables so, `{|ccl|}`: the Math library functions,
    /// the time formats): one row per source row, the source's cells, not one cell for the body.
    func testTableRuledOnlyAroundHasItsAlignedColumns() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let rows = [["Function", "Arguments", "Returns"], ["abs(x)", "any", "absolute value of x; same type"],
                    ["acos(x)", "any", "inverse cosine of x"], ["atan2(y,x)", "int or real", "inverse tangent of y/x"],
                    ["besj0(x)", "int or real", "Bessel function of x in radians"], ["rand(x)", "int", "pseudo random number"]]
        let body = "\\begin{center}\\begin{tabular}{|ccl|} \\hline\n"
            + rows.map { $0.joined(separator: " & ") + " \\\\" }.enumerated().map { $0.offset == 0 ? $0.element + " \\hline \\hline" : $0.element }.joined(separator: "\n")
            + "\n\\hline\n\\end{tabular}\\end{center}\n\nThe end."
        let extraction = try LaTeXPDFs.extract(try LaTeXPDFs.make("framed", LaTeXPDFs.article("11pt", body), in: tmp))
        XCTAssertEqual(tables(extraction), [rows])
        XCTAssertEqual(extraction.blocks.map(\.kind), [.table, .paragraph])
    }

    /// A booktabs table (top rule, one under the header, bottom rule; no other) taller than 320 pt,
    /// its first column a label for each group of rows, on the group's first row (KOMA-Script's
    /// Table 3.15, scrguide-en p. 104): one table with the source's rows, each label in its
    /// group's first row and the rows under it empty there, not a paragraph per column.
    func testLongBooktabsTableWithGroupLabels() throws {
        let elements = ["part", "partnumber", "chapter", "chapterprefix", "section", "subsection", "subsubsection", "paragraph", "subparagraph"]
        let sizes = ["big": ["\\Huge", "\\huge", "\\huge", "\\Large", "\\Large", "\\large", "\\normalsize", "\\normalsize", "\\normalsize"],
                     "normal": ["\\huge", "\\huge", "\\LARGE", "\\LARGE", "\\Large", "\\large", "\\normalsize", "\\normalsize", "\\normalsize"],
                     "small": ["\\LARGE", "\\LARGE", "\\Large", "\\Large", "\\large", "\\normalsize", "\\normalsize", "\\normalsize", "\\normalsize"]]
        var rows = [["Class Option", "Element", "Default"]]
        for group in ["big", "normal", "small"] {
            for (k, element) in elements.enumerated() { rows.append([k == 0 ? "headings=" + group : "", element, sizes[group]![k]]) }
        }
        let tex = rows.map { $0.map { $0.replacingOccurrences(of: "\\", with: "\\textbackslash{}") }.joined(separator: " & ") + " \\\\" }
        let body = "Before the table.\n\n\\begin{tabular}{lll}\\toprule\n" + tex[0] + "\n\\midrule\n"
            + tex.dropFirst().enumerated().map { ($0.offset > 0 && $0.offset % 9 == 0 ? "\\addlinespace\n" : "") + $0.element }.joined(separator: "\n")
            + "\n\\bottomrule\n\\end{tabular}\n\nAfter the table."
        let source = LaTeXPDFs.article("11pt", body).replacingOccurrences(of: "\\usepackage{lmodern}", with: "\\usepackage{lmodern}\\usepackage{booktabs}")
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let extraction = try LaTeXPDFs.extract(try LaTeXPDFs.make("booktabs", source, in: tmp))
        XCTAssertEqual(tables(extraction), [rows])
        XCTAssertEqual(extraction.blocks.map(\.kind), [.paragraph, .table, .paragraph])
        // Without any rule (aligned columns), the same: its first column is sparse, one label a group.
        let unruled = source.replacingOccurrences(of: "\\toprule", with: "").replacingOccurrences(of: "\\midrule", with: "")
            .replacingOccurrences(of: "\\bottomrule", with: "")
        let aligned = try LaTeXPDFs.extract(try LaTeXPDFs.make("unruled", unruled, in: tmp))
        XCTAssertEqual(tables(aligned), [rows])
    }

    /// gnuplot's Math library functions (p. 37) and libcerf's (p. 39): rows holding formulas — a
    /// square root, whose radical sign poppler sets as a line of its own between two rows, an
    /// inverse with its script raised, an integral — each stay one row (two or three source rows
    /// were one, their cells joined: `abs(x) abs(x) | any complex`).
    func testRowsWithFormulasStayRows() throws {
        let rows = [["Function", "Arguments", "Returns"], ["abs(x)", "any", "absolute value of x, $|x|$; same type"],
                    ["abs(x)", "complex", "length of x, $\\sqrt{\\mbox{real}(x)^2 + \\mbox{imag}(x)^2}$"],
                    ["acos(x)", "any", "$\\cos^{-1} x$ (inverse cosine)"], ["airy(x)", "any", "Airy function Ai(x)"],
                    ["arg(x)", "complex", "the phase of x"], ["asin(x)", "any", "$\\sin^{-1} x$ (inverse sin)"],
                    ["erfi(x)", "real", "imaginary error function"],
                    ["VP(x)", "real", "Voigt profile $= \\int_{-\\infty}^{\\infty} G(x')\\,dx'$"], ["rand(x)", "int", "pseudo random number"]]
        let body = "\\begin{center}\\begin{tabular}{|ccl|} \\hline\n"
            + rows.map { $0.joined(separator: " & ") + " \\\\" }.enumerated().map { $0.offset == 0 ? $0.element + " \\hline \\hline" : $0.element }.joined(separator: "\n")
            + "\n\\hline\n\\end{tabular}\\end{center}\n\nThe end."
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let extraction = try LaTeXPDFs.extract(try LaTeXPDFs.make("formulas", LaTeXPDFs.article("11pt", body), in: tmp))
        let found = try XCTUnwrap(tables(extraction).first, "\(extraction.blocks.map(\.text))")
        XCTAssertEqual(found.map { Array($0.prefix(2)) }, rows.map { Array($0.prefix(2)) })
        // (The radical sign is the cell's: poppler writes it `p`, before the text, as the line it sets.)
        let starts = ["Returns", "absolute value", "length of x", "cos⁻¹", "Airy", "the phase", "sin⁻¹", "imaginary", "Voigt", "pseudo"]
        XCTAssertEqual(zip(found, starts).filter { !$0.0.last!.contains($0.1) }.map(\.0), [])
    }

    /// Whichever finder made a table, no control character reaches its cells.
    func testNoControlCharacterReachesACell() {
        let block = TableBlocks.block([[TableCell(text: "a\u{1}b"), TableCell(text: "\u{2}")], [TableCell(text: "c"), TableCell(text: "d\u{7F}")]], page: 1)
        XCTAssertEqual(block.rows?.map { $0.map(\.text) }, [["ab", ""], ["c", "d"]])
        XCTAssertEqual(block.text, "ab | \nc | d")
        // A cell's line break is its text (a word cut at a hyphen there), not a control character.
        XCTAssertEqual(TableBlocks.clean(TableCell(text: "terminate the pro-\ncess\u{1}")).text, "terminate the pro-\ncess")
    }
}
