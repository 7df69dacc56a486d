import Foundation
import IngestCore
import IngestTestSupport
import XCTest
@testable import IngestPipeline

/// The document as Markdown, checked with a real Markdown reader (pandoc): documents made by
/// pandoc from a Markdown source we wrote (docx, odt, epub) are read by Ingest and written back
/// as Markdown, and that Markdown's text equals the source's text (both through
/// `pandoc -t plain`); escaping is checked on seeded text full of Markdown's characters with
/// pandoc's reader and a CommonMark one (GFM).
final class MarkdownWriterTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("markdown") }
    override func tearDown() { dir.remove() }

    /// A course with headings on three levels, emphasis, characters Markdown reads as markup
    /// (written escaped here so pandoc reads them as text), nested bullets, a numbered list and
    /// a table with a `|` and accents in its cells.
    static let source = ##"""
    # Les ondes sonores

    ## Définitions

    Une onde *mécanique* est une perturbation qui se propage dans un milieu matériel. Elle transporte de l'énergie sans transporter de matière.

    Le prix est de 5 \$ ou 6 \$ selon le cas, soit 3 \* 4 = 12 et a\_b \< c \> d, x\^2 et \~ 7 ; R&D.

    Un chemin C:\\dossier\\fichier, des \[crochets\], un \| trait et \<b\>gras\</b\> écrit tel quel.

    ## Propriétés

    - La fréquence se mesure en hertz.
    - La période est l'inverse de la fréquence.
        - Sous-point imbriqué.
        - Autre sous-point avec \* étoile.
    - Dernier point.

    1. Premier élément.
    2. Deuxième élément.
    3. Troisième élément.

    | Grandeur | Unité | Symbole |
    |---|---|---|
    | Fréquence | hertz | Hz |
    | Période | seconde | s |
    | Pipe \| dedans | x\_1 | \* |

    ### Cas particulier

    2024\. Année de référence.

    \# Ceci n'est pas un titre, et \- ceci pas une liste.

    \+ Ni ceci, \> ni une citation.

    Fin du cours : 1) premier point, a) second point.
    """##

    func pandoc(_ markdown: String, from reader: String = "markdown") throws -> String {
        guard let r = runTool("pandoc", ["-f", reader, "-t", "plain", "--wrap=none"], input: Data(markdown.utf8)) else {
            try missingTool("pandoc is not installed (apt-get install pandoc; scripts/install.sh --tests)")
        }
        guard r.status == 0 else { throw TestSetupFailure("pandoc -f \(reader): \(String(decoding: r.stderr, as: UTF8.self))") }
        return String(decoding: r.stdout, as: UTF8.self)
    }

    /// Words apart by single spaces: the comparison is of text, not of layout (pandoc's plain
    /// output pads table columns and list markers to widths that depend on the input).
    func words(_ s: String) -> String {
        s.replacingOccurrences(of: "\u{00A0}", with: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    func makeWithPandoc(_ format: String) throws -> URL {
        let md = try dir.write("cours.md", Self.source)
        let out = dir.url.appendingPathComponent("cours.\(format)")
        guard let r = runTool("pandoc", [md.path, "-o", out.path] + (format == "epub" ? ["--metadata", "title=Les ondes sonores"] : [])) else {
            try missingTool("pandoc is not installed (apt-get install pandoc; scripts/install.sh --tests)")
        }
        guard r.status == 0 else { throw TestSetupFailure("pandoc → \(format): \(String(decoding: r.stderr, as: UTF8.self))") }
        return out
    }

    func testMarkdownOfPandocDocumentsHasTheSourcesText() throws {
        let expected = words(try pandoc(Self.source))
        for format in ["docx", "odt", "epub"] {
            let file = try makeWithPandoc(format)
            let document = try Pipeline(config: PipelineConfig()).importDocument(file: file)
            let markdown = MarkdownWriter.render(document)
            var got = words(try pandoc(markdown))
            // The EPUB's title page (pandoc writes the title as a first heading) is the book's.
            if format == "epub", got.hasPrefix("Les ondes sonores Les ondes sonores") { got.removeFirst("Les ondes sonores ".count) }
            XCTAssertEqual(got, expected, "\(format):\n\(markdown)")
            // Structure, not only text: headings by level, nesting, a pipe table, the numbers.
            XCTAssertTrue(markdown.contains("\n## Définitions\n"), format)
            XCTAssertTrue(markdown.contains("\n### Cas particulier\n"), format)
            XCTAssertTrue(markdown.contains("\n    - Sous-point imbriqué.\n"), "\(format): \(markdown)")
            XCTAssertTrue(markdown.contains("\n2. Deuxième élément.\n"), format)
            XCTAssertTrue(markdown.contains("| Pipe \\| dedans | x\\_1 | \\* |"), "\(format): \(markdown)")
            XCTAssertTrue(markdown.hasPrefix("---\ntitle: "), format)
        }
    }

    /// The same course as LibreOffice writes it: pandoc's .docx saved as .odt by
    /// `soffice --convert-to odt` (its own list, table and paragraph styles).
    func testMarkdownOfALibreOfficeDocumentHasTheSourcesText() throws {
        guard runTool("soffice", ["--version"])?.status == 0 else {
            try missingTool("LibreOffice (soffice) missing (apt-get install libreoffice-writer-nogui)")
        }
        let docx = try makeWithPandoc("docx")
        let out = dir.url.appendingPathComponent("lo")
        let profile = "file://" + dir.url.appendingPathComponent("profile").path
        guard runTool("soffice", ["-env:UserInstallation=" + profile, "--headless", "--convert-to", "odt", "--outdir", out.path, docx.path])?.status == 0 else {
            throw TestSetupFailure("soffice could not convert cours.docx to odt")
        }
        let document = try Pipeline(config: PipelineConfig()).importDocument(file: out.appendingPathComponent("cours.odt"))
        let markdown = MarkdownWriter.render(document)
        XCTAssertEqual(words(try pandoc(markdown)), words(try pandoc(Self.source)), markdown)
        XCTAssertTrue(markdown.contains("| Pipe \\| dedans | x\\_1 | \\* |"), markdown)
        XCTAssertTrue(markdown.contains("\n    - Sous-point imbriqué.\n"), markdown)
    }

    /// A course with inline and display formulas (pandoc's TeX math), made into docx (OMML), odt
    /// and epub (MathML) by pandoc: the Markdown Ingest writes, read by pandoc as HTML with
    /// MathML, is the source's HTML — same headings, paragraphs and formulas (MathML compared;
    /// the TeX annotation differs only in spacing and braces such as `x_{1}` for `x_1`).
    func testFormulasReadBackAsTheSourcesMath() throws {
        let source = #"""
        # Second degré

        Soit $f(x) = ax^2+bx+c$ une fonction du second degré, avec $a \neq 0$.

        Le discriminant vaut $\Delta = b^2 - 4ac$ et, si $\Delta > 0$, les racines sont :

        $$x_1 = \frac{-b-\sqrt{\Delta}}{2a}$$

        $$x_2 = \frac{-b+\sqrt{\Delta}}{2a}$$

        La somme des racines vaut $\sum x_i = -\frac{b}{a}$ et leur produit $x_1 x_2 = \frac{c}{a}$.
        """#
        func html(_ markdown: String) throws -> String {
            guard let r = runTool("pandoc", ["-f", "markdown", "-t", "html", "--mathml", "--wrap=none"], input: Data(markdown.utf8)) else {
                try missingTool("pandoc is not installed (apt-get install pandoc; scripts/install.sh --tests)")
            }
            var h = String(decoding: r.stdout, as: UTF8.self)
            for pattern in [#"<annotation[^>]*>[^<]*</annotation>"#, #"<a id="[^"]*"></a>"#] {
                h = h.replacingOccurrences(of: pattern, with: "", options: .regularExpression)
            }
            return words(h).replacingOccurrences(of: "<p> </p>", with: "").replacingOccurrences(of: "<p></p>", with: "")
                .trimmingCharacters(in: .whitespaces)
        }
        let expected = try html(source)
        XCTAssertEqual(expected.components(separatedBy: "<math").count - 1, 8)
        let md = try dir.write("maths.md", source)
        for format in ["docx", "odt", "epub"] {
            let file = dir.url.appendingPathComponent("maths.\(format)")
            let title = format == "epub" ? ["--metadata", "title=Maths"] : []
            guard let r = runTool("pandoc", [md.path, "-o", file.path] + title), r.status == 0 else {
                throw TestSetupFailure("pandoc → \(format)")
            }
            let document = try Pipeline(config: PipelineConfig()).importDocument(file: file)
            var markdown = MarkdownWriter.render(document)
            // The EPUB's title page is the book's, not the course's.
            if format == "epub" {
                markdown = markdown.replacingOccurrences(of: "\n# Maths\n", with: "\n").replacingOccurrences(of: "\nMaths\n", with: "\n")
            }
            XCTAssertEqual(try html(markdown), expected, "\(format):\n\(markdown)")
            XCTAssertEqual(markdown.components(separatedBy: "$$").count - 1, 4, format)
        }
    }

    /// A three-page PDF made by pandoc through pdflatex from a known source: each page's anchor
    /// stands before that page's heading, the text reads back as the source's, and each chunk
    /// (a small budget, one section each) says the page it is on.
    func testPagesOfAPDFAreAnchoredAndChunksSayTheirPage() throws {
        let source = """
        # Première partie

        Le son est une onde mécanique. Il se propage dans l'air à environ 340 mètres par seconde.

        \\newpage

        # Deuxième partie

        La lumière est une onde électromagnétique. Elle se propage dans le vide à 300 000 kilomètres par seconde.

        \\newpage

        # Troisième partie

        Une onde transporte de l'énergie sans transporter de matière.
        """
        guard runTool("pdflatex", ["--version"])?.status == 0 else {
            try missingTool("pdflatex is not installed (apt-get install texlive-latex-base; scripts/install.sh --tests)")
        }
        let md = try dir.write("pages.md", source)
        let pdf = dir.url.appendingPathComponent("pages.pdf")
        guard let r = runTool("pandoc", [md.path, "-o", pdf.path]), r.status == 0 else { throw TestSetupFailure("pandoc → pdf") }
        var config = PipelineConfig()
        config.readiness.notReadyBelow = 0
        let document = try Pipeline(config: config).importDocument(file: pdf)
        let markdown = MarkdownWriter.render(document)
        let headings = ["Première partie", "Deuxième partie", "Troisième partie"]
        for (i, heading) in headings.enumerated() {
            XCTAssertTrue(markdown.contains("<a id=\"page-\(i + 1)\"></a>\n\n# \(heading)\n"), markdown)
        }
        XCTAssertEqual(words(try pandoc(markdown)), words(try pandoc(source.replacingOccurrences(of: "\\newpage", with: ""))))
        let chunks = ChunkBuilder.chunks(of: document, budget: 40)
        XCTAssertEqual(chunks.map(\.headingPath), headings.map { [$0] })
        XCTAssertEqual(chunks.map(\.firstPage), [1, 2, 3])
        XCTAssertEqual(chunks.map(\.lastPage), [1, 2, 3])
    }

    /// Seeded paragraphs mixing every character Markdown reads as markup, at line starts and
    /// inside: each paragraph rendered, read back by pandoc and by a CommonMark reader, is the
    /// text it was.
    func testEscapedTextReadsBackAsItself() throws {
        var random = SeededGenerator(seed: 36)
        let pieces = ["a", "É", "mot", "x_y", "_", "*", "**", "`", "``", "\\", "[", "]", "[x](y)", "![i](j)", "<", ">", "<b>", "</b>",
                      "&amp;", "&#233;", "&", "R&D", "|", "#", "##", "-", "+", "=", "===", "1.", "2)", "12.", "a.", "b)", "iv.",
                      "(1)", "(a)", ":", "~", "~~", "^", "@cite", "a@b.fr", " $ ", "L$L/$N.jpg", "US$5", "5$", "{#id}", "%", "—", "é",
                      "\u{00A0}"]
        var texts: [String] = []
        for _ in 0..<300 {
            var text = ""
            for k in 0..<Int.random(in: 1...8, using: &random) {
                text += (k == 0 ? "" : [" ", " ", "", "\n"].randomElement(using: &random)!) + pieces.randomElement(using: &random)!
            }
            text = text.trimmingCharacters(in: .whitespacesAndNewlines)
            // Text is what is read: a paragraph never starts or ends with a space, and Markdown
            // has no way to say a lone line break inside a paragraph (it reads as a space).
            if !text.isEmpty { texts.append(text) }
        }
        let blocks = texts.map { Block(kind: .paragraph, text: $0, provenance: .typed) }
        let document = ImportedDocument(id: "t", title: "t", titleSource: "typed", language: "fr", text: texts.joined(separator: "\n\n"),
                                        blocks: blocks, sources: [], readiness: Readiness(status: .ready, characters: 0),
                                        fingerprint: Fingerprint(value: "", basis: .content, titleKey: ""), pipelineVersion: "t", createdAt: "t")
        let markdown = MarkdownWriter.render(document)
        for reader in ["markdown", "gfm"] {
            let plain = try pandoc(markdown, from: reader)
            let got = plain.components(separatedBy: "\n\n").map(words).filter { !$0.isEmpty }
            XCTAssertEqual(got.count, texts.count, reader)
            for (g, t) in zip(got, texts) where g != words(t) {
                XCTFail("\(reader): \(t.debugDescription) read back as \(g.debugDescription)")
            }
        }
    }

    /// A Markdown file's own emphasis and code stay marks (as in its study sheet); the same
    /// characters in a text file are characters.
    func testAMarkdownSourcesOwnMarksStayMarks() throws {
        let course = "# La cellule\n\n**Mitose** : division d'une cellule, voir `mitose()` et 2 * 3 = 6.\n"
        for (name, expected) in [("cellule.md", "**Mitose** : division d'une cellule, voir `mitose()` et 2 * 3 = 6."),
                                 ("cellule.txt", "\\*\\*Mitose\\*\\* : division d'une cellule, voir \\`mitose()\\` et 2 \\* 3 = 6.")] {
            let document = try Pipeline(config: PipelineConfig()).importDocument(text: course, name: name)
            XCTAssertTrue(MarkdownWriter.render(document).contains("\n" + expected + "\n"), "\(name): \(MarkdownWriter.render(document))")
        }
    }

    /// Page anchors, a numbering that starts again, a display formula, and inline math kept as
    /// math in an Office source's text but escaped in a PDF's (where `$` is what the page shows).
    func testPageAnchorsListsAndFormulas() {
        func b(_ kind: Block.Kind, _ text: String, level: Int? = nil, marker: String? = nil, source: Int = 0, page: Int? = nil) -> Block {
            Block(kind: kind, text: text, level: level, marker: marker, source: source, page: page, provenance: .textLayer)
        }
        var formula = Block(formula: "x_{1} = \\frac{-b-\\sqrt{\\Delta}}{2a}", text: "x1 = (−b−√Δ)/(2a)", page: 2, provenance: .textLayer)
        formula.source = 0
        let blocks = [b(.heading, "Titre", level: 1, page: 1), b(.paragraph, "Texte avec $x^2$ en ligne.", page: 1),
                      b(.listItem, "un", level: 0, marker: "1.", page: 1), b(.listItem, "deux", level: 0, marker: "2.", page: 2),
                      b(.listItem, "un encore", level: 0, marker: "1.", page: 2), formula,
                      b(.paragraph, "Seconde source : $x$ coûte 5 $.", source: 1, page: 1)]
        let document = ImportedDocument(id: "t", title: "T \"x\"", titleSource: "typed", language: "fr", text: "", blocks: blocks,
                                        sources: [SourceRecord(kind: .docx, name: "a.docx", byteSize: 1, sha256: "", provenance: [.textLayer]),
                                                  SourceRecord(kind: .pdf, name: "b.pdf", byteSize: 1, sha256: "", provenance: [.textLayer])],
                                        readiness: Readiness(status: .ready, characters: 0),
                                        fingerprint: Fingerprint(value: "", basis: .content, titleKey: ""), pipelineVersion: "t", createdAt: "t")
        let md = MarkdownWriter.render(document)
        XCTAssertEqual(md, """
        ---
        title: "T \\"x\\""
        id: "t"
        language: "fr"
        sources:
          - "a.docx"
          - "b.pdf"
        ---

        <a id="page-1"></a>

        # Titre

        Texte avec $x^2$ en ligne.

        1. un
        2. <a id="page-2"></a>deux

        <!-- -->

        1. un encore

        $$x_{1} = \\frac{-b-\\sqrt{\\Delta}}{2a}$$

        <a id="source-2"></a><a id="s2-page-1"></a>

        Seconde source : \\$x\\$ coûte 5 \\$.

        """)
    }
}
