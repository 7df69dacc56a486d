import Foundation
import IngestCore
@testable import IngestPDF
import IngestQuality
import IngestTestSupport
import XCTest

/// Tables of tagged PDFs made by LibreOffice from HTML tables written here: the structure tree's
/// cells and spans are the source's, they replace the geometric finder's guess on their page, their
/// words are not repeated as paragraphs; an untagged PDF, or one whose table tags are broken,
/// still gets the geometric finder's table, with no word lost.
///
/// pdflatex is not used: TeX Live 2022 (Debian 12) has no `latex-lab-table.sty`, so
/// `\DocumentMetadata{testphase={phase-III,table}}` gives an untagged PDF (pdfinfo: `Tagged: no`).
final class TaggedTablesTests: XCTestCase {
    /// A source table: "<" is a slot covered by the cell on its left (colspan), "^" one covered by
    /// the cell above (rowspan); the first row is a header (TH).
    typealias Source = [[String]]

    static let planets: Source = [["Planète et distance", "<", "Type"],
                                  ["Mercure", "0,39 UA", "tellurique"],
                                  ["Jupiter", "5,2 UA", "géante gazeuse"],
                                  ["^", "5,3 UA", "au périhélie"],
                                  ["Neptune", "30 UA", "géante de glace"]]

    /// The cells as Ingest's `rows` hold them: covered slots empty.
    static func truth(_ source: Source) -> [[String]] {
        source.map { $0.map { $0 == "<" || $0 == "^" ? "" : $0 } }
    }

    /// The table in HTML, each cell with the colspan and rowspan its covered slots say; its first
    /// row a `thead` (which LibreOffice repeats on each page) when `headRow`.
    static func html(_ source: Source, headRow: Bool = false) -> String {
        var out = "<table border=\"1\" cellpadding=\"4\" cellspacing=\"0\">\n"
        for (r, row) in source.enumerated() {
            out += headRow && r == 0 ? "<thead><tr>" : "<tr>"
            for (c, text) in row.enumerated() where text != "<" && text != "^" {
                let colspan = row[(c + 1)...].prefix { $0 == "<" }.count + 1
                let rowspan = source[(r + 1)...].prefix { $0[c] == "^" }.count + 1
                let tag = r == 0 ? "th" : "td"
                out += "<\(tag)" + (colspan > 1 ? " colspan=\"\(colspan)\"" : "") + (rowspan > 1 ? " rowspan=\"\(rowspan)\"" : "")
                    + ">\(text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;"))</\(tag)>"
            }
            out += headRow && r == 0 ? "</tr></thead>\n" : "</tr>\n"
        }
        return out + "</table>\n"
    }

    /// An HTML page of paragraphs and tables made a Writer document, then a PDF, tagged or not.
    static func pdf(_ name: String, _ body: String, tagged: Bool, in tmp: TemporaryDirectory) throws -> URL {
        guard runTool("soffice", ["--version"])?.status == 0 else {
            try missingTool("LibreOffice (soffice) missing (apt-get install libreoffice-writer-nogui)")
        }
        let html = try tmp.write(name + ".html", Data("<html><body>\n\(body)</body></html>\n".utf8))
        let profile = "-env:UserInstallation=file://" + tmp.url.appendingPathComponent("profile").path
        let filter = "pdf:writer_pdf_Export:{\"UseTaggedPDF\":{\"type\":\"boolean\",\"value\":\"\(tagged)\"}}"
        for (input, format) in [(html, "odt"), (tmp.url.appendingPathComponent(name + ".odt"), filter)] {
            guard runTool("soffice", [profile, "--headless", "--convert-to", format, "--outdir", tmp.url.path, input.path])?.status == 0 else {
                throw TestSetupFailure("soffice could not convert \(input.lastPathComponent) to \(format)")
            }
        }
        return tmp.url.appendingPathComponent(name + ".pdf")
    }

    static func tables(_ extraction: Extraction) -> [[[String]]] {
        extraction.blocks.filter { $0.kind == .table }.map { $0.rows!.map { $0.map(\.text) } }
    }

    static let page = "<p>Le tableau suivant donne les planètes.</p>\n" + html(planets) + "<p>Fin du cours.</p>\n"

    /// The structure tree's cells and spans are the source's; the table block is them, between the
    /// two paragraphs, whose text is only theirs.
    func testLibreOfficeTaggedTableWithSpans() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let url = try Self.pdf("planetes", Self.page, tagged: true, in: tmp)
        let document = try PopplerDocumentRef(url: url, password: nil)
        XCTAssertEqual(document.taggedTables.count, 1)
        XCTAssertEqual(document.taggedTables.first?.pages, [0])
        let node = try XCTUnwrap(document.taggedTables.first?.read(page: 0))
        // The tree holds each row's cells, a spanning cell once: the header's two, Jupiter's row
        // three, the row under it two.
        let cells = node.children.flatMap { $0.kind == .rowGroup ? $0.children : [$0] }.map { $0.children }
        XCTAssertEqual(cells.map { $0.map(\.kind) }, [[.heading, .heading], [.data, .data, .data], [.data, .data, .data],
                                                       [.data, .data], [.data, .data, .data]])
        XCTAssertEqual(TaggedTables.rows(node, page: 0), Self.planets.map { $0.filter { $0 != "<" && $0 != "^" } })
        // Spans from where the cells' words are: the grid is the source's.
        let page = try XCTUnwrap(document.page(at: 0))
        let placed = try XCTUnwrap(TaggedTables.place(try XCTUnwrap(TaggedTables.rows(node, page: 0)), words: page.words()))
        XCTAssertEqual(placed.rows.map { $0.map(\.text) }, Self.truth(Self.planets))
        XCTAssertNil(TaggedTables.rows(node, page: 1))

        let extraction = try LaTeXPDFs.extract(url)
        XCTAssertEqual(Self.tables(extraction), [Self.truth(Self.planets)])
        XCTAssertEqual(extraction.blocks.map(\.kind), [.paragraph, .table, .paragraph])
        XCTAssertEqual(extraction.blocks.filter { $0.kind == .paragraph }.map(\.text), ["Le tableau suivant donne les planètes.", "Fin du cours."])
    }

    /// The same document untagged: no structure tree, the table from the geometric finder.
    func testUntaggedTableComesFromGeometry() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let url = try Self.pdf("planetes", Self.page, tagged: false, in: tmp)
        let document = try PopplerDocumentRef(url: url, password: nil)
        XCTAssertTrue(document.taggedTables.isEmpty)
        let page = try XCTUnwrap(document.page(at: 0))
        let geometric = TableBlocks.find(on: page)
        XCTAssertEqual(geometric.count, 1)
        let extraction = try LaTeXPDFs.extract(url)
        XCTAssertEqual(Self.tables(extraction), geometric.map { $0.rows.map { $0.map(\.text) } })
        XCTAssertEqual(extraction.blocks.map(\.kind), [.paragraph, .table, .paragraph])
    }

    /// The tagged PDF with its rows' tags renamed `Div` (qpdf's QDF form edited, then fixed): the
    /// table has no rows, so the geometric finder's table is kept and every word is read once.
    func testMalformedTagsFallBackToGeometry() throws {
        guard runTool("qpdf", ["--version"])?.status == 0 else { try missingTool("qpdf missing (apt-get install qpdf)") }
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let tagged = try Self.pdf("planetes", Self.page, tagged: true, in: tmp)
        let qdf = tmp.url.appendingPathComponent("qdf.pdf"), broken = tmp.url.appendingPathComponent("broken.pdf")
        guard runTool("qpdf", ["--qdf", "--object-streams=disable", tagged.path, qdf.path])?.status == 0 else {
            throw TestSetupFailure("qpdf --qdf failed")
        }
        var bytes = try Data(contentsOf: qdf)
        let from = Data("/S /TR\n".utf8), to = Data("/S /Div\n".utf8)
        var renamed = 0
        while let range = bytes.range(of: from) { bytes.replaceSubrange(range, with: to); renamed += 1 }
        XCTAssertEqual(renamed, 5)
        try bytes.write(to: qdf)
        guard let fixed = runTool("fix-qdf", [qdf.path]), fixed.status == 0 else { throw TestSetupFailure("fix-qdf failed") }
        try fixed.stdout.write(to: broken)

        let document = try PopplerDocumentRef(url: broken, password: nil)
        XCTAssertEqual(document.taggedTables.count, 1)
        XCTAssertNil(TaggedTables.rows(try XCTUnwrap(document.taggedTables.first?.read(page: 0)), page: 0))
        let geometric = try XCTUnwrap(document.page(at: 0).map { TableBlocks.find(on: $0) })
        let extraction = try LaTeXPDFs.extract(broken)
        XCTAssertEqual(Self.tables(extraction), geometric.map { $0.rows.map { $0.map(\.text) } })
        let read = extraction.blocks.flatMap { LaTeXPDFs.words($0.text) }.sorted()
        let source = (["Le tableau suivant donne les planètes.", "Fin du cours."] + Self.truth(Self.planets).flatMap { $0 })
            .flatMap { LaTeXPDFs.words($0) }.sorted()
        XCTAssertEqual(read, source)
    }

    /// A 70-row table over four pages, its header repeated by LibreOffice on each (outside the
    /// structure tree): each page's tagged table holds its rows under the repeated header, and the
    /// document's tables hold every source row once, the header never a paragraph.
    func testTaggedTableOverPagesWithRepeatedHeader() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let header = ["Nom", "Valeur", "Remarque"]
        let rows = (1...70).map { ["Élément \($0)", "\($0 * 3),\($0 % 10)", "ligne \($0)"] }
        let url = try Self.pdf("long", "<p>Début.</p>\n" + Self.html([header] + rows, headRow: true) + "<p>Fin.</p>\n", tagged: true, in: tmp)
        let document = try PopplerDocumentRef(url: url, password: nil)
        XCTAssertGreaterThan(document.pageCount, 2)
        let page = try XCTUnwrap(document.page(at: 1))
        let tables = TaggedTables.replacing([], on: page, lines: PDFExtractor().read(page).lines)
        XCTAssertEqual(tables.count, 1)
        let second = try XCTUnwrap(tables.first).rows.map { $0.map(\.text) }
        XCTAssertEqual(second.first, header)
        XCTAssertEqual(Array(second.dropFirst()), Array(rows.drop { $0 != second[1] }.prefix(second.count - 1)))

        let extraction = try LaTeXPDFs.extract(url)
        XCTAssertEqual(Self.tables(extraction).joined().filter { $0 != header }, rows)
        XCTAssertEqual(extraction.blocks.filter { $0.kind == .paragraph }.map(\.text), ["Début.", "Fin."])
        // One table over all its pages, its header once (joined page after page, not in pairs).
        XCTAssertEqual(Self.tables(extraction).count, 1, "\(document.pageCount) pages")
        XCTAssertEqual(Self.tables(extraction).first, [header] + rows)
    }

    /// Trees no table can be read from: cells straight under the table, a row without cells, no row.
    func testMalformedTreesGiveNoRows() {
        func cell(_ text: String) -> PopplerStructureNode { PopplerStructureNode(kind: .data, page: 0, text: text) }
        let row = PopplerStructureNode(kind: .row, page: 0, children: [cell("a"), cell("b")])
        XCTAssertEqual(TaggedTables.rows(PopplerStructureNode(kind: .table, page: 0, children: [row]), page: 0), [["a", "b"]])
        XCTAssertNil(TaggedTables.rows(PopplerStructureNode(kind: .table, page: 0, children: [row, cell("c")]), page: 0))
        XCTAssertNil(TaggedTables.rows(PopplerStructureNode(kind: .table, page: 0, children: [row, PopplerStructureNode(kind: .row, page: 0)]), page: 0))
        XCTAssertNil(TaggedTables.rows(PopplerStructureNode(kind: .table, page: 0, children: [PopplerStructureNode(kind: .other, page: 0, text: "x")]), page: 0))
        let stray = PopplerStructureNode(kind: .row, page: 0, children: [cell("a"), PopplerStructureNode(kind: .other, page: 0, text: "hors cellule")])
        XCTAssertNil(TaggedTables.rows(PopplerStructureNode(kind: .table, page: 0, children: [stray]), page: 0))
    }
}

/// TEDS of the tables of a tagged LibreOffice document against their source: the structure tree's
/// (what Ingest gives) and the geometric finder's on the same pages (what it gave before).
final class TaggedTablesTEDSTests: XCTestCase {
    /// Twelve course tables, each with a merged header or a cell spanning rows (or both).
    static let corpus: [TaggedTablesTests.Source] = [
        TaggedTablesTests.planets,
        [["Grandeur", "Unité SI", "<"], ["Longueur", "mètre", "m"], ["Masse", "kilogramme", "kg"], ["Temps", "seconde", "s"]],
        [["Élément", "Symbole", "Numéro atomique"], ["Hydrogène", "H", "1"], ["Hélium", "He", "2"], ["Carbone", "C", "6"], ["Oxygène", "O", "8"]]
            .enumerated().map { $0.offset == 3 ? ["^", "C", "6"] : $0.element },
        [["Période", "Dates", "<", "Événement"], ["Antiquité", "-3000", "476", "chute de Rome"],
         ["Moyen Âge", "476", "1492", "découverte de l'Amérique"], ["^", "^", "^", "invention de l'imprimerie"],
         ["Époque moderne", "1492", "1789", "Révolution française"]],
        [["Fonction", "Dérivée", "Domaine"], ["x²", "2x", "ℝ"], ["√x", "1/(2√x)", "x > 0"], ["ln x", "1/x", "^"], ["eˣ", "eˣ", "ℝ"]],
        [["Verbe", "Présent", "<", "<"], ["", "je", "nous", "ils"], ["être", "suis", "sommes", "sont"], ["avoir", "ai", "avons", "ont"],
         ["aller", "vais", "allons", "vont"]],
        [["Organe", "Fonction", "Système"], ["Cœur", "pompe le sang", "circulatoire"], ["Artères", "transportent le sang", "^"],
         ["Poumons", "échanges gazeux", "respiratoire"], ["Trachée", "conduit l'air", "^"]],
        [["Pays", "Capitale", "Population (millions)", "<"], ["", "", "2000", "2020"], ["France", "Paris", "60,9", "67,4"],
         ["Allemagne", "Berlin", "82,2", "83,2"], ["Italie", "Rome", "56,9", "59,4"]],
        [["Type de roche", "Exemple", "Formation"], ["Magmatique", "granite", "refroidissement du magma"], ["^", "basalte", "^"],
         ["Sédimentaire", "calcaire", "dépôt de sédiments"], ["Métamorphique", "marbre", "pression et chaleur"]],
        [["Note", "Appréciation", "Mention"], ["16 à 20", "très bien", "oui"], ["14 à 16", "bien", "^"], ["12 à 14", "assez bien", "^"],
         ["10 à 12", "passable", "non"]],
        [["Langage", "Paradigme", "<", "Année"], ["", "objet", "fonctionnel", ""], ["Swift", "oui", "oui", "2014"],
         ["Haskell", "non", "oui", "1990"], ["C", "non", "non", "1972"]],
        [["Couche OSI", "Nom", "Exemple de protocole"], ["7", "Application", "HTTP"], ["4", "Transport", "TCP"], ["^", "^", "UDP"],
         ["3", "Réseau", "IP"], ["2", "Liaison", "Ethernet"]],
    ]

    func testTEDSTaggedAgainstGeometric() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let body = Self.corpus.enumerated().map { "<p>Tableau \($0.offset + 1) du cours.</p>\n" + TaggedTablesTests.html($0.element) }
            .joined() + "<p>Fin.</p>\n"
        let url = try TaggedTablesTests.pdf("corpus", body, tagged: true, in: tmp)
        let tagged = TaggedTablesTests.tables(try LaTeXPDFs.extract(url))
        let document = try PopplerDocumentRef(url: url, password: nil)
        let geometric = (0..<document.pageCount).flatMap { i in document.page(at: i).map { TableBlocks.find(on: $0) } ?? [] }
            .map { $0.rows.map { $0.map(\.text) } }
        // Each source table scored against the best found table (none found: 0).
        func score(_ found: [[[String]]]) -> [Double] {
            Self.corpus.map { source in found.map { TableTEDS.similarity($0, TaggedTablesTests.truth(source)) }.max() ?? 0 }
        }
        let (t, g) = (score(tagged), score(geometric))
        let mean = { (s: [Double]) in s.reduce(0, +) / Double(s.count) }
        print("TEDS on \(Self.corpus.count) LibreOffice tagged tables: tagged \(String(format: "%.3f", mean(t)))"
              + " (equal \(t.filter { $0 == 1 }.count)), geometric \(String(format: "%.3f", mean(g))) (equal \(g.filter { $0 == 1 }.count))")
        print("per table tagged", t.map { String(format: "%.3f", $0) }, "geometric", g.map { String(format: "%.3f", $0) })
        // One difference, the text layer's and not the table's: LibreOffice sets no space glyph and
        // poppler takes the narrow gaps of `x > 0` for none (`pdftotext` reads `x>0` too).
        XCTAssertEqual(tagged, Self.corpus.map(TaggedTablesTests.truth).map { $0.map { $0.map { $0 == "x > 0" ? "x>0" : $0 } } })
        XCTAssertGreaterThan(mean(t), mean(g))
    }
}
