import Foundation
import IngestCore
import IngestTestSupport
import XCTest
import IngestPipeline
@testable import IngestStudySheet

/// The study sheet and its Markdown rendering, read back by pandoc (a real Markdown reader):
/// definitions as a definition list, OCR'd and auto-caption passages marked with where they come
/// from, and no emphasis the text itself does not mark.
final class StudySheetTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("sheet") }
    override func tearDown() { dir.remove() }

    let course = """
    # La cellule

    ## Vocabulaire

    **Mitose** : division d'une cellule en deux cellules filles.
    Méiose (n. f.) : division qui produit les gamètes.

    ## Remarques

    Remarque : la mitose conserve le nombre de chromosomes, et c'est **essentiel** pour la suite du cours de biologie.
    La réunion a lieu à 10:30.
    """

    func pandocHTML(_ markdown: String) throws -> String {
        guard let r = runTool("pandoc", ["-f", "markdown", "-t", "html", "--wrap=none"], input: Data(markdown.utf8)), r.status == 0 else {
            try missingTool("pandoc is not installed (apt-get install pandoc; scripts/install.sh --tests)")
        }
        // Pandoc's smart typography puts no-break spaces after abbreviations ("p. 3").
        return String(decoding: r.stdout, as: UTF8.self).replacingOccurrences(of: "\u{00A0}", with: " ")
    }

    /// Escaping skips the Character walk for text without any of its characters, and compares
    /// bytes instead of hashing Characters: the result is the definition's (a backslash before
    /// every Character of the set) on seeded text mixing them with accents, combining marks, CR LF.
    func testEscapeEqualsTheCharacterWalk() {
        func definition(_ text: String, _ keepsMarks: Bool) -> String {
            let set: Set<Character> = keepsMarks ? ["\\", "[", "]", "<", ">", "|"] : ["\\", "[", "]", "<", ">", "|", "*", "_", "`"]
            return text.map { set.contains($0) ? "\\" + String($0) : String($0) }.joined()
        }
        var random = SeededGenerator(seed: 16)
        let pieces = ["a", "É", "e\u{301}", "[\u{301}", "\\", "[", "]", "<", ">", "|", "*", "_", "`", "#", "1.", "2)", " ", "\r\n",
                      "mot", "x_y", "**gras**", "—", ":", "\u{00A0}"]
        for _ in 0..<4_000 {
            let text = (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            for keepsMarks in [false, true] {
                let expected = definition(text, keepsMarks)
                XCTAssertEqual(StudySheetMarkdown.escapeCharacters(text, keepsMarks: keepsMarks), expected)
                XCTAssertEqual(StudySheetMarkdown.escape(text, keepsMarks: keepsMarks, atLineStart: false), expected,
                               "\(text.debugDescription) keepsMarks \(keepsMarks)")
            }
        }
    }

    /// Issue 36 item 6: a sheet whose passages several threads read (`PassageReading`, each
    /// claiming runs of blocks) is the sheet one thread builds — every definition and passage at
    /// its place — on a course of 200 chapters (1,000 blocks, sixteen runs).
    func testPassagesReadBySeveralThreadsGiveTheSameSheet() throws {
        let chapters = (1...200).map { "# Chapitre \($0)\n\n" + course.replacingOccurrences(of: "# La cellule\n", with: "") }
        let doc = try Pipeline(config: PipelineConfig()).importDocument(text: chapters.joined(separator: "\n\n"), name: "cours.md")
        XCTAssertEqual(doc.blocks.count, 1_000)
        let alone = StudySheetBuilder.build(doc)
        XCTAssertEqual(alone.sections.reduce(0) { $0 + $1.definitions.count }, 400)
        let reading = PassageReading(doc.blocks)
        let helpers = ThreadTeam(3, stackSize: 1 << 20) { _ in reading.help() }
        let shared = StudySheetBuilder.build(doc, reading: reading)
        helpers.join()
        XCTAssertEqual(shared, alone)
    }

    /// The list a references label opens is of works with a note on each (`Seeing Theory: A
    /// visual introduction to probability`, DEFS's batch 22, llm-course): no definition of it; the
    /// same list under another paragraph, or a definition after the list, is read as before.
    func testTheListAReferencesLabelOpensHoldsNoDefinition() throws {
        let works = "- Seeing Theory: a visual introduction to probability and statistics.\n- Khan Academy: a free course of statistics for beginners.\n"
        let pipeline = Pipeline(config: PipelineConfig())
        for label in ["Further reading:", "**Resources:**", "Pour aller plus loin :"] {
            let doc = try pipeline.importDocument(text: "# Statistics\n\n\(label)\n\n\(works)\nMedian: the middle value of a sorted list.\n", name: "notes.md")
            let terms = StudySheetBuilder.build(doc).sections.flatMap(\.definitions).map(\.term)
            XCTAssertEqual(terms, ["Median"], label)
        }
        let doc = try pipeline.importDocument(text: "# Statistics\n\nTwo tools:\n\n\(works)", name: "notes.md")
        XCTAssertEqual(StudySheetBuilder.build(doc).sections.flatMap(\.definitions).map(\.term), ["Seeing Theory", "Khan Academy"])
    }

    /// A term alone on its line, its meaning the paragraph after it that names it as its subject (`1. **Threat Agent**:` /
    /// `A threat agent is…`, `These controls are…`), is a definition; a label or a term whose next paragraph speaks of
    /// something else (`Syntaxe :` / `Expression qui…`, `Moralité :` / `Ce système…`, `Impact Assessment:` / `Next, the
    /// organization…`) stays text, every word kept.
    func testALoneTermTakesTheParagraphThatRestatesItAsItsMeaning() throws {
        let markdown = """
        # Risk management

        1. **Threat Agent**:

        A threat agent is an individual, group or automated system that can exploit vulnerabilities to cause harm.

        2. **Administrative Controls**:

        These controls are related to policies, procedures and guidelines that govern security.

        3. **Impact Assessment**:

        Next, the organization determines the potential impact of each risk on its assets.

        Syntaxe :

        Expression qui produit un dictionnaire à partir de deux listes.

        Moralité :

        Ce système d'écriture ne marche pas bien pour les nombres négatifs.

        """
        let doc = try Pipeline(config: PipelineConfig()).importDocument(text: markdown, name: "notes.md")
        let sheet = StudySheetBuilder.build(doc)
        let definitions = sheet.sections.flatMap(\.definitions)
        XCTAssertEqual(definitions.map(\.term), ["Threat Agent", "Administrative Controls"])
        XCTAssertEqual(definitions.first?.meaning.hasPrefix("A threat agent is an individual"), true)
        let text = sheet.sections.flatMap(\.paragraphs).map(\.text).joined(separator: "\n")
        for kept in ["Impact Assessment", "Next, the organization", "Syntaxe", "Expression qui produit", "Moralité", "Ce système d'écriture"] {
            XCTAssertTrue(text.contains(kept), "\(kept): \(text)")
        }
        XCTAssertFalse(text.contains("A threat agent is"), "a meaning taken is not also a paragraph")
    }

    /// A term given three meanings is a record's field, not a term defined — also when the
    /// recogniser declines some of its lines for want of a sign (`Passage.declined`): the lines
    /// left are no definitions either (GeoTopo's `Idee:` and `Dann gilt:` lines, gnuplot.pdf's
    /// `axis: x x2`).
    func testATermGivenThreeMeaningsIsAFieldEvenWhenSomeAreDeclined() throws {
        let lines = ["Idee: Ersetze Weg C durch Polygonzug.", "Idee: Finde differenzierbare Funktion F.", "Idee: Wähle eine Umgebung U von x."]
        let read = lines.map { DefinitionRecognizer.passages($0, markingDeclined: true) }
        XCTAssertEqual(read.map { $0.compactMap(\.shaped).count }, [1, 1, 1], "each line is shaped as a definition")
        XCTAssertTrue(read.contains { $0.contains { if case .declined = $0 { return true }; return false } }, "some are declined")
        XCTAssertTrue(read.contains { $0.contains { if case .definition = $0 { return true }; return false } }, "some are not")
        let pipeline = Pipeline(config: PipelineConfig())
        let doc = try pipeline.importDocument(text: "# Stetigkeit\n\n" + lines.joined(separator: "\n\n") + "\n", name: "notes.md")
        XCTAssertEqual(StudySheetBuilder.build(doc).sections.flatMap(\.definitions).map(\.term), [])
        let text = StudySheetBuilder.build(doc).sections.flatMap(\.paragraphs).map(\.text)
        XCTAssertEqual(text, lines, "every line stays the sheet's text")
    }

    /// A list item shaped as a definition and declined (`ncat: network probing…`) is an item of its own: it does not go on the
    /// meaning of the item before it, and the item after it is read alone.
    func testADeclinedItemDoesNotGoOnThePreviousMeaning() throws {
        let markdown = "# Tools\n\n- tput: table of terminal capabilities\n- ncat: network probing and data transfer\n- top: viewer of running processes\n"
        let doc = try Pipeline(config: PipelineConfig()).importDocument(text: markdown, name: "notes.md")
        let sheet = StudySheetBuilder.build(doc)
        let definitions = sheet.sections.flatMap(\.definitions)
        XCTAssertEqual(definitions.map(\.term), ["tput", "top"])
        XCTAssertEqual(definitions.first?.meaning, "table of terminal capabilities")
        XCTAssertTrue(sheet.sections.flatMap(\.paragraphs).map(\.text).contains { $0.contains("ncat: network probing and data transfer") })
        // An item that is an address alone is a link of its own, not the end of the meaning above it.
        let linked = try Pipeline(config: PipelineConfig()).importDocument(text: "# Tools\n\n- Grapher: a tool that draws plots\n- https://grapher.example.org/\n", name: "notes.md")
        XCTAssertEqual(StudySheetBuilder.build(linked).sections.flatMap(\.definitions).map(\.meaning), ["a tool that draws plots"])
    }

    /// The references-label test with its gate on the last scalars says what the trimmed text
    /// alone said (seeded texts of labels, colons, Unicode spaces, emphasis marks, combining marks
    /// after a colon, line breaks, a prepended Arabic sign before the colon).
    func testReferencesLabelGateSaysWhatTheTrimmedTextSays() {
        func reference(_ text: String) -> Bool {
            let line = text.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "*_")))
            return line.hasSuffix(":") && !line.contains("\n") && DefinitionRecognizer.opensReferences(line)
        }
        var random = SeededGenerator(seed: 26)
        let pieces = ["Resources", "Further reading", "References", "Bibliographie", "Pour aller plus loin", " ", ":", " :", "**", "_",
                      "\n", "\u{00A0}", "\u{2028}", "\u{0301}", "\u{0600}", "\t", "Seeing Theory", "\u{1F600}", "\r\n", "é"]
        var labels = 0
        for _ in 0..<6_000 {
            let text = (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let said = reference(text)
            if said { labels += 1 }
            XCTAssertEqual(StudySheetBuilder.labelsReferences(text), said, text.debugDescription)
        }
        XCTAssertGreaterThan(labels, 50, "the seeded texts hold labels")
    }

    /// A passage's lines on LF bytes are its lines split as Characters at "\n" (seeded text with
    /// CR LF, lone CR, combining marks after LF, empty lines, accents).
    func testLinesOnBytesEqualTheCharacterSplit() {
        var random = SeededGenerator(seed: 36)
        let pieces = ["a", "É", "e\u{301}", "\n", "\n\n", "\r\n", "\r", "\n\u{301}", " ", "mot", "—", "\u{1F600}", "\u{2028}"]
        for _ in 0..<4_000 {
            let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            XCTAssertEqual(StudySheetMarkdown.lines(text), text.split(separator: "\n", omittingEmptySubsequences: true), text.debugDescription)
        }
    }

    func testDefinitionsBecomeADefinitionListAndTheTextsOwnMarksAreKept() throws {
        var doc = try Pipeline(config: PipelineConfig()).importDocument(text: course, name: "cellule.md")
        doc.sources[0].name = "cellule.md"
        let sheet = StudySheetBuilder.build(doc)
        XCTAssertEqual(sheet.sections.flatMap(\.definitions).map(\.term), ["Mitose", "Méiose"])
        XCTAssertEqual(sheet.sections.flatMap(\.definitions).map(\.grammar), [nil, "n. f."])
        let html = try pandocHTML(StudySheetMarkdown.render(sheet, language: .fr))
        XCTAssertTrue(html.contains("<dt>Mitose</dt>"), html)
        XCTAssertTrue(html.contains("<dt>Méiose (n. f.)</dt>"), html)
        XCTAssertTrue(html.contains("<h2 id=\"vocabulaire\">Vocabulaire</h2>"), html)
        // The Markdown source marked "essentiel": kept. Nothing else is emphasised.
        XCTAssertEqual(html.components(separatedBy: "<strong>").count - 1, 1, html)
        XCTAssertTrue(html.contains("<strong>essentiel</strong>"), html)
        XCTAssertFalse(html.contains("<em>"), html)
        XCTAssertTrue(html.contains("10:30"), html)
        XCTAssertFalse(html.contains("[OCR"), "typed text is not marked")
    }

    /// Issue 36: a heading that wraps on its page is one heading in the sheet's Markdown too
    /// (samples/cours-ondes-sonores.pdf: six two-line headings; "### Une vibration qui" then a
    /// paragraph "se propage" before).
    func testAHeadingThatWrapsIsOneMarkdownHeading() throws {
        let pdf = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("samples/cours-ondes-sonores.pdf")
        guard FileManager.default.fileExists(atPath: pdf.path) else { throw XCTSkip("samples/cours-ondes-sonores.pdf is not there") }
        let sheet = StudySheetBuilder.build(try Pipeline(config: PipelineConfig()).importDocument(file: pdf))
        let wrapped = sheet.sections.compactMap(\.heading).filter { $0.contains("\n") }
        XCTAssertGreaterThanOrEqual(wrapped.count, 6, "the sample's two-line headings keep their page's lines in the document")
        let html = try pandocHTML(StudySheetMarkdown.render(sheet, language: .fr))
        for heading in ["Une vibration qui se propage", "Un milieu matériel est nécessaire", "Des valeurs très différentes", "Mesurer une distance"] {
            XCTAssertTrue(html.contains(">\(heading)</h3>"), "\(heading) is not one heading: \(html)")
        }
        XCTAssertFalse(html.contains("<p>se propage</p>"), html)
    }

    /// A table of a Word document is a pipe table in the sheet (it was lines of escaped `|`, one
    /// paragraph once rendered), a display equation `$$…$$` — made by pandoc from a Markdown source.
    func testTablesArePipeTablesAndDisplayFormulasMath() throws {
        let dir = try TemporaryDirectory("sheet-table")
        defer { dir.remove() }
        let source = """
        # Le roman réaliste

        ## Auteurs

        | Auteur | Œuvre | Date |
        |---|---|---|
        | Stendhal | Le Rouge et le Noir | 1830 |
        | Honoré de Balzac | Le Père Goriot | 1835 |
        | Émile Zola | A \\| B | 1877 |

        ## Énergie

        L'énergie cinétique d'un objet de masse m allant à la vitesse v vaut :

        $$E_c = \\frac{1}{2} m v^2$$

        """
        let docx = dir.url.appendingPathComponent("cours.docx")
        guard let made = runTool("pandoc", ["-f", "markdown", "-o", docx.path], input: Data(source.utf8)), made.status == 0 else {
            try missingTool("pandoc makes the Word document (apt-get install pandoc)")
        }
        let sheet = StudySheetBuilder.build(try Pipeline(config: PipelineConfig()).importDocument(file: docx))
        let html = try pandocHTML(StudySheetMarkdown.render(sheet, language: .fr))
        XCTAssertTrue(html.contains("<table>"), html)
        for cell in ["<th>Auteur</th>", "<th>Œuvre</th>", "<td>Le Père Goriot</td>", "<td>1835</td>", "<td>A | B</td>"] {
            XCTAssertTrue(html.contains(cell), "\(cell): \(html)")
        }
        // The formula's LaTeX as Ingest read it from Word's OMML (`E_{c}=\frac{1}{2}mv^{2}`), as display math.
        let math = html.components(separatedBy: #"<span class="math display">"#).dropFirst().map { $0.prefix { $0 != "<" } }
        XCTAssertEqual(math.map { $0.filter { !" {}$[]\\".contains($0) } }, ["E_c=frac12mv^2"], html)
    }

    func testOCRAndAutoCaptionPassagesAreMarkedAndStarsInATextLayerAreCharacters() throws {
        let text = """
        Chapitre 1

        Le produit 5 * 3 * 2 vaut 30, et _x_ est une inconnue du problème posé en classe.

        Chlorophylle : pigment vert qui capte la lumière.

        Les feuilles respirent aussi la nuit, ce que montre l'expérience de la cloche.
        """
        var doc = try Pipeline(config: PipelineConfig()).importDocument(text: text, name: "scan.pdf")
        doc.sources[0].name = "scan.pdf"
        XCTAssertEqual(doc.blocks.count, 4)
        doc.blocks[1].provenance = .textLayer
        doc.blocks[2].provenance = .ocr; doc.blocks[2].page = 3
        doc.blocks[3].provenance = .captionsAuto; doc.blocks[3].start = 754
        let sheet = StudySheetBuilder.build(doc)
        // A French document: its notes are French, whatever the run's language.
        XCTAssertEqual(sheet.language, "fr")
        let markdown = StudySheetMarkdown.render(sheet, language: .en)
        let html = try pandocHTML(markdown)
        XCTAssertTrue(html.contains("5 * 3 * 2") && html.contains("_x_"), html)
        XCTAssertFalse(html.contains("<em>") || html.contains("<strong>"), html)
        XCTAssertTrue(html.contains("<dt>Chlorophylle</dt>"), html)
        XCTAssertTrue(html.contains("[OCR · p. 3]"), html)
        XCTAssertTrue(html.contains("[sous-titres automatiques · 12:34]"), html)
        XCTAssertTrue(html.contains("Les passages marqués [OCR]") && html.contains("Les passages marqués [sous-titres automatiques]"), html)
        XCTAssertFalse(html.contains("Passages marked"), html)
        // The sheet's JSON keeps each passage's provenance and place.
        let definition = try XCTUnwrap(sheet.sections.flatMap(\.definitions).first)
        XCTAssertEqual(definition.provenance, .ocr)
        XCTAssertEqual(definition.page, 3)
        let sheetFile = dir.url.appendingPathComponent("scan.sheet.json")
        try StreamingJSONEncoder.encode(sheet, pretty: true).write(to: sheetFile)
        try FileManager.default.copyItem(at: sheetFile, to: dir.url.appendingPathComponent("scan.sheet.md"))
        try assertSheetsValid(in: dir.url)
    }

    /// A photo of an English lesson, drawn by ImageMagick and read by OCR in a French run: its
    /// sheet's notes are English, as its text is; a French photo in an English run, French. A
    /// document in neither language gets the run's.
    /// A lesson of several photos lists its files one by one (issue 37), in page order, beside the
    /// name a person reads.
    func testASourceOfSeveralFilesListsThem() throws {
        var doc = try Pipeline(config: PipelineConfig()).importDocument(text: "# Le système solaire\n\nLe Soleil est une étoile.", name: "tableau")
        doc.sources[0].name = "tableau-1.jpg, tableau-2.jpg, tableau-3.jpg"
        doc.sources[0].files = ["tableau-1.jpg", "tableau-2.jpg", "tableau-3.jpg"]
        let sheet = StudySheetBuilder.build(doc)
        XCTAssertEqual(sheet.sources.first?.files, ["tableau-1.jpg", "tableau-2.jpg", "tableau-3.jpg"])
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(sheet)) as? [String: Any]
        XCTAssertEqual(((json?["sources"] as? [[String: Any]])?.first?["files"] as? [String])?.count, 3)
    }

    func testSheetNotesFollowTheDocumentsLanguage() throws {
        guard runTool("convert", ["-version"])?.status == 0 else { try missingTool("ImageMagick is not installed (apt-get install imagemagick)") }
        let english = "The water cycle\nWater evaporates from the oceans and rises as vapour.\nIt cools, condenses into clouds and falls as rain.\nRivers carry the water back to the sea."
        let french = "Le cycle de l'eau\nL'eau des océans s'évapore et monte en vapeur.\nElle se refroidit, forme des nuages et retombe en pluie.\nLes rivières ramènent l'eau vers la mer."
        for (name, text, run, note) in [("water", english, "fr", "Passages marked [OCR]"), ("eau", french, "en", "Les passages marqués [OCR]")] {
            let photo = dir.url.appendingPathComponent("in-\(name)/\(name).png")
            try FileManager.default.createDirectory(at: photo.deletingLastPathComponent(), withIntermediateDirectories: true)
            let made = runTool("convert", ["-size", "1240x900", "xc:white", "-font", "DejaVu-Serif", "-pointsize", "40", "-fill", "black",
                                           "-annotate", "+80+160", text, "-alpha", "off", photo.path])
            guard made?.status == 0 else { throw TestSetupFailure("convert failed") }
            let out = dir.url.appendingPathComponent("out-\(name)")
            let r = try IngestBinary.run(["convert", photo.deletingLastPathComponent().path, "--out", out.path, "--lang", run,
                                          "--library", dir.url.appendingPathComponent("\(name).sqlite").path], environment: ["INGEST_CONFIG": ""])
            XCTAssertEqual(r.status, 0, r.stderr)
            let markdown = try String(contentsOf: out.appendingPathComponent("\(name).sheet.md"), encoding: .utf8)
            let lines = markdown.components(separatedBy: "\n\n")
            XCTAssertTrue(lines.count > 1 && lines[1].hasPrefix(note), "\(name) read in a \(run) run: \(markdown)")
            XCTAssertTrue(markdown.contains(text.components(separatedBy: "\n")[1]), "the OCR'd text is the photo's: \(markdown)")
        }
        // Neither French nor English: the run's language.
        var sheet = StudySheetBuilder.build(try Pipeline(config: PipelineConfig()).importDocument(text: course, name: "c.md"))
        sheet.language = "und"
        sheet.sections[0].paragraphs = [.init(kind: .paragraph, text: "x", source: 0, provenance: .ocr)]
        XCTAssertTrue(StudySheetMarkdown.render(sheet, language: .en).contains("Passages marked [OCR]"))
        XCTAssertTrue(StudySheetMarkdown.render(sheet, language: .fr).contains("Les passages marqués [OCR]"))
    }

    /// `ingest convert` with the default sink: a sheet and its Markdown beside each ready
    /// document, valid against the schema; none for a document that is not ready.
    func testConvertWritesSheetsForReadyDocumentsOnly() throws {
        let input = dir.url.appendingPathComponent("in"), out = dir.url.appendingPathComponent("out")
        try dir.write("in/cellule.md", course + "\n\n" + String(repeating: "La cellule est l'unité du vivant. ", count: 5))
        try dir.write("in/court.txt", "Trop court.")
        let r = try IngestBinary.run(["convert", input.path, "--out", out.path, "--library", dir.url.appendingPathComponent("l.sqlite").path],
                                     environment: ["INGEST_CONFIG": ""])
        XCTAssertEqual(r.status, 1, r.stderr)   // court.txt is not ready
        let sheets = try assertSheetsValid(in: out)
        XCTAssertEqual(sheets.map(\.lastPathComponent), ["cellule.sheet.json"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("court.json").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("court.sheet.md").path))
        let html = try pandocHTML(String(contentsOf: out.appendingPathComponent("cellule.sheet.md"), encoding: .utf8))
        XCTAssertTrue(html.contains("<dl>") && html.contains("<dt>Mitose</dt>"), html)
    }

    /// A lesson bundle's parts each keep their own place (samples/la-cellule.lesson): the video's
    /// captions, a part with no heading, were under the glossary's heading, before its definitions.
    func testEachPartOfABundleIsASectionOfItsOwn() throws {
        let input = dir.url.appendingPathComponent("in"), out = dir.url.appendingPathComponent("out")
        try dir.write("in/volcans.lesson/1-cours.md", "# Les volcans\n\n" + String(repeating: "Un volcan est un relief construit par l'accumulation de laves. ", count: 4))
        try dir.write("in/volcans.lesson/2-glossaire.txt", "Glossaire\n\nMagma : roche fondue, riche en gaz, située en profondeur.\n")
        try dir.write("in/volcans.lesson/3-video.srt", "1\n00:00:01,000 --> 00:00:04,000\nBonjour, aujourd'hui nous regardons une coulée de lave.\n")
        let r = try IngestBinary.run(["convert", input.path, "--out", out.path, "--library", dir.url.appendingPathComponent("l.sqlite").path, "--lang", "fr"],
                                     environment: ["INGEST_CONFIG": ""])
        XCTAssertEqual(r.status, 0, r.stderr)
        _ = try assertSheetsValid(in: out)
        let sheet = try JSONValue.parse(Data(contentsOf: out.appendingPathComponent("volcans.lesson.sheet.json")))
        let sections = sheet["sections"]?.arrayValue ?? []
        let glossary = sections.first { $0["heading"]?.stringValue == "Glossaire" }
        XCTAssertEqual(glossary?["definitions"]?.arrayValue?.first?["term"]?.stringValue, "Magma")
        XCTAssertEqual(glossary?["paragraphs"]?.arrayValue?.count ?? -1, 0, "the captions are not the glossary's")
        let captions = sections.last
        XCTAssertNil(captions?["heading"]?.stringValue)
        XCTAssertEqual(captions?["paragraphs"]?.arrayValue?.first?["source"]?.intValue, 2)
        let html = try pandocHTML(String(contentsOf: out.appendingPathComponent("volcans.lesson.sheet.md"), encoding: .utf8))
        let rule = try XCTUnwrap(html.range(of: "<hr />")), dl = try XCTUnwrap(html.range(of: "<dt>Magma</dt>"))
        let part = try XCTUnwrap(html.range(of: "<em>Partie : volcans.lesson/3-video.srt</em>"))
        let video = try XCTUnwrap(html.range(of: "coulée de lave"))
        XCTAssertTrue(dl.upperBound < rule.lowerBound && rule.upperBound < part.lowerBound && part.upperBound < video.lowerBound, html)
    }

    /// With `--sink jsonl`, standard output carries the ready documents, one JSON line each, and
    /// nothing else; a document that is not ready is not among them.
    func testJSONLinesSinkWritesReadyDocumentsOnStandardOutput() throws {
        let input = dir.url.appendingPathComponent("in"), out = dir.url.appendingPathComponent("out")
        for i in 0..<3 {
            // Distinct texts: chapters that differ only by a number would be near-duplicates of each other.
            try dir.write("in/lecon-\(i).txt", DistinctText.chapter(i, characters: 600))
        }
        try dir.write("in/court.txt", "Trop court.")
        let r = try IngestBinary.run(["convert", input.path, "--out", out.path, "--sink", "jsonl", "--quiet",
                                      "--library", dir.url.appendingPathComponent("l.sqlite").path], environment: ["INGEST_CONFIG": ""])
        XCTAssertEqual(r.status, 1, r.stderr)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3, r.stdout)
        let ids = try Set(lines.map { try XCTUnwrap(JSONValue.parse($0)["id"]?.stringValue) })
        var written: Set<String> = []
        for i in 0..<3 {
            written.insert(try XCTUnwrap(JSONValue.parse(Data(contentsOf: out.appendingPathComponent("lecon-\(i).json")))["id"]?.stringValue))
        }
        XCTAssertEqual(ids, written)
        XCTAssertFalse(r.stderr.contains("\"schemaVersion\""), "documents go to standard output only")
    }
}
