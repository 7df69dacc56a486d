import Foundation
import IngestCore
@testable import IngestPDF
import IngestTestSupport
import XCTest

/// Figures against sources whose figures are known: pdflatex documents (French and English, one
/// and two columns) with `\includegraphics` of a PNG drawn by ImageMagick and a drawing in LaTeX's
/// own `picture` environment, each `\caption`ed. TeX writes where it placed every picture
/// (`\pdfsavepos`, at shipout) and its size, so each figure block is checked against the source:
/// its caption equal to the source's (with the label LaTeX puts before it), its page, its box
/// within a few points of the placed box; and the body text keeps every other word, no caption
/// word in it.
final class FiguresTests: XCTestCase {
    struct Figure { var caption: String; var vector: Bool }

    static let french: [Figure] = [
        Figure(caption: "Schéma du circuit électrique : la pile alimente deux lampes montées en série.", vector: false),
        Figure(caption: "Trajectoire d'une balle lancée vers le haut.", vector: true),
        Figure(caption: "Coupe d'une cellule végétale observée au microscope optique, grossissement mille fois, avec sa paroi, sa vacuole et ses chloroplastes bien visibles.", vector: false),
    ]
    static let english: [Figure] = [
        Figure(caption: "The water cycle: evaporation, condensation and rain.", vector: false),
        Figure(caption: "A right triangle with its hypotenuse.", vector: true),
    ]

    static func paragraph(_ seed: Int, french: Bool) -> String {
        let fr = ["la", "force", "électrique", "mesure", "énergie", "courant", "tension", "circuit", "lampe", "résistance", "élève", "expérience"]
        let en = ["the", "force", "measures", "energy", "current", "voltage", "circuit", "lamp", "resistance", "student", "experiment", "field"]
        let words = french ? fr : en
        return (0..<70).map { words[(seed * 5 + $0 * ($0 % 4 + 1)) % words.count] }.joined(separator: " ") + " fin\(seed)."
    }

    /// The word set inside each drawing: text of the page, kept in the body.
    static func label(french: Bool) -> String { french ? "sommet" : "vertex" }

    /// A PNG of `width`×`height` pixels with a disc and a band (ImageMagick).
    static func picture(_ name: String, in tmp: TemporaryDirectory, width: Int = 300, height: Int = 200) throws -> URL {
        guard runTool("convert", ["-version"])?.status == 0 else { try missingTool("ImageMagick (convert) missing (apt-get install imagemagick)") }
        let url = tmp.url.appendingPathComponent(name)
        guard runTool("convert", ["-size", "\(width)x\(height)", "xc:white", "-fill", "#3060c0", "-draw", "circle \(width / 2),\(height / 2) \(width / 2),\(height / 8)",
                                  "-fill", "#c04020", "-draw", "rectangle 0,\(height - 20) \(width - 1),\(height - 1)", url.path])?.status == 0 else {
            throw TestSetupFailure("convert could not draw \(name)")
        }
        return url
    }

    /// The document: paragraphs with figures between them, each figure's placed box written to
    /// `NAME.pos` by TeX at shipout (bottom-left x, y in sp from the page's bottom-left; width and
    /// height in TeX points; page).
    static func document(_ name: String, figures: [Figure], french: Bool, twoColumn: Bool, in tmp: TemporaryDirectory) throws -> URL {
        _ = try picture("pic.png", in: tmp)
        var body = """
        \\newwrite\\positions\\immediate\\openout\\positions=\\jobname.pos
        \\newcommand\\placed[1]{\\leavevmode\\sbox0{#1}\\edef\\record{\\noexpand\\write\\noexpand\\positions{\\the\\wd0,\\the\\ht0,\\the\\dp0,\\noexpand\\the\\noexpand\\pdflastxpos,\\noexpand\\the\\noexpand\\pdflastypos,\\noexpand\\thepage}}\\pdfsavepos\\record\\usebox0}

        """
        for (i, figure) in figures.enumerated() {
            body += paragraph(i * 2, french: french) + "\n\n" + paragraph(i * 2 + 1, french: french) + "\n\n"
            let width = twoColumn ? "6cm" : "8cm"
            let content = figure.vector
                ? "\\placed{\\begin{tikzpicture}\\draw (0,0) -- (5,0) -- (0,3) -- cycle; \\draw[fill=gray!30] (1.2,0.9) circle (0.5); \\node[inner sep=0pt] at (5,0.6) {\(Self.label(french: french))};\\end{tikzpicture}}"
                : "\\placed{\\includegraphics[width=\(width)]{pic.png}}"
            body += "\\begin{figure}[h]\n\\centering\n\(content)\n\\caption{\(figure.caption)}\n\\end{figure}\n\n"
        }
        body += paragraph(99, french: french) + "\n\n\\immediate\\closeout\\positions\n"
        let options = (twoColumn ? "twocolumn," : "") + "10pt"
        var source = LaTeXPDFs.article(options, body)
        source = source.replacingOccurrences(of: "\\usepackage{lmodern}", with: "\\usepackage{lmodern}\n\\usepackage{graphicx}\n\\usepackage{tikz}" + (french ? "\n\\usepackage[french]{babel}" : ""))
        // \closeout is deferred: the last figure's position is written at its shipout, before it.
        source = source.replacingOccurrences(of: "\\immediate\\closeout\\positions\n", with: "")
        return try LaTeXPDFs.make(name, source, in: tmp)
    }

    /// The placed boxes TeX wrote, in PDF points from the page's top-left corner, with their page.
    static func placed(_ pdf: URL, pageHeight: Double) throws -> [(page: Int, box: [Double])] {
        let text = try String(contentsOf: pdf.deletingPathExtension().appendingPathExtension("pos"), encoding: .utf8)
        let bp = 72.0 / 72.27
        return text.split(separator: "\n").map { line in
            let f = line.split(separator: ",").map(String.init)
            func pt(_ s: String) -> Double { Double(s.replacingOccurrences(of: "pt", with: ""))! * bp }
            let w = pt(f[0]), h = pt(f[1]), d = pt(f[2])
            let x = Double(f[3])! / 65536 * bp, y = Double(f[4])! / 65536 * bp
            return (Int(f[5])!, [x, pageHeight - (y + h), x + w, pageHeight - (y - d)])
        }
    }

    func check(_ figures: [Figure], french: Bool, twoColumn: Bool) throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let name = (french ? "fr" : "en") + (twoColumn ? "-2col" : "")
        let pdf = try Self.document(name, figures: figures, french: french, twoColumn: twoColumn, in: tmp)
        let extraction = try LaTeXPDFs.extract(pdf)
        let blocks = extraction.blocks.filter { $0.kind == .figure }
        let label = "Figure"
        let separator = french ? " – " : ": "
        XCTAssertEqual(blocks.count, figures.count, "\(name): figure blocks \(blocks.map(\.text))")
        let positions = try Self.placed(pdf, pageHeight: 841.89)
        XCTAssertEqual(positions.count, figures.count, "\(name): positions TeX wrote")
        XCTAssertEqual(blocks.map { Self.flat($0.text) }, figures.indices.map { "\(label) \($0 + 1)\(separator)\(figures[$0].caption)" },
                       "\(name): captions, in reading order")
        for (i, figure) in figures.enumerated() where i < positions.count {
            let expected = "\(label) \(i + 1)\(separator)\(figure.caption)"
            guard let block = blocks.first(where: { Self.flat($0.text) == expected }) else { continue }
            XCTAssertEqual(block.page, positions[i].page, "\(name): page of figure \(i + 1)")
            guard let box = block.bbox else { XCTFail("\(name): figure \(i + 1) without a box"); continue }
            for k in 0..<4 {
                XCTAssertEqual(box[k], positions[i].box[k], accuracy: 3, "\(name): figure \(i + 1) box \(box) against \(positions[i].box)")
            }
        }
        // The body keeps every word of the paragraphs and the drawings' labels, and no caption word (each caption is a figure block).
        let body = extraction.blocks.filter { $0.kind != .figure }.map(\.text).joined(separator: "\n")
        var bodyWords = LaTeXPDFs.words(Normalizer.normalize(body))
        let sourceWords = LaTeXPDFs.words((0..<(figures.count * 2)).map { Self.paragraph($0, french: french) }.joined(separator: " ")
            + " " + Self.paragraph(99, french: french) + String(repeating: " " + Self.label(french: french), count: figures.filter(\.vector).count))
        XCTAssertEqual(bodyWords.count, sourceWords.count, "\(name): body words")
        for w in sourceWords {
            if let k = bodyWords.firstIndex(of: w) { bodyWords.remove(at: k) } else { XCTFail("\(name): body lost \(w)") }
        }
        XCTAssertEqual(bodyWords, [], "\(name): body words not in the source (caption words?)")
    }

    /// Spaces as one, and the apostrophe TeX sets (’ for ') as typed.
    static func flat(_ text: String) -> String {
        Normalizer.normalize(text).replacingOccurrences(of: "\u{2019}", with: "'").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    func testFrenchOneColumn() throws { try check(Self.french, french: true, twoColumn: false) }
    func testFrenchTwoColumns() throws { try check(Self.french, french: true, twoColumn: true) }
    func testEnglishOneColumn() throws { try check(Self.english, french: false, twoColumn: false) }
    func testEnglishTwoColumns() throws { try check(Self.english, french: false, twoColumn: true) }
}

/// A course typed in Markdown, made a .docx by pandoc (the caption paragraph under the picture),
/// then a PDF by LibreOffice: the figure's caption as typed, its box the picture's size (8 cm
/// wide, 300 × 200 pixels), the paragraphs whole.
final class OfficeFiguresTests: XCTestCase {
    static let caption = "Figure 1 : Le circuit électrique de la lampe et de la pile."

    func testPandocDocxThroughLibreOffice() throws {
        guard runTool("pandoc", ["--version"])?.status == 0 else { try missingTool("pandoc missing (apt-get install pandoc)") }
        guard runTool("soffice", ["--version"])?.status == 0 else { try missingTool("LibreOffice (soffice) missing (apt-get install libreoffice-writer-nogui)") }
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        _ = try FiguresTests.picture("pic.png", in: tmp)
        let paragraphs = (0..<3).map { FiguresTests.paragraph($0, french: true) }
        let markdown = "# Le circuit\n\n\(paragraphs[0])\n\n![\(Self.caption)](pic.png){width=8cm}\n\n\(paragraphs[1])\n\n\(paragraphs[2])\n"
        let md = try tmp.write("circuit.md", Data(markdown.utf8))
        let docx = tmp.url.appendingPathComponent("circuit.docx")
        guard runTool("pandoc", [md.path, "-o", docx.path, "--resource-path", tmp.url.path])?.status == 0 else { throw TestSetupFailure("pandoc failed") }
        let profile = "file://" + tmp.url.appendingPathComponent("profile").path
        guard runTool("soffice", ["-env:UserInstallation=" + profile, "--headless", "--convert-to", "pdf", "--outdir", tmp.url.path, docx.path])?.status == 0 else {
            throw TestSetupFailure("soffice could not convert circuit.docx")
        }
        let extraction = try LaTeXPDFs.extract(tmp.url.appendingPathComponent("circuit.pdf"))
        let figures = extraction.blocks.filter { $0.kind == .figure }
        XCTAssertEqual(figures.map { FiguresTests.flat($0.text) }, [Self.caption])
        guard let figure = figures.first, let box = figure.bbox else { return XCTFail("no figure box") }
        XCTAssertEqual(figure.page, 1)
        XCTAssertEqual(box[2] - box[0], 226.77, accuracy: 3, "\(box)")
        XCTAssertEqual(box[3] - box[1], 151.18, accuracy: 3, "\(box)")
        // The figure block stands between the first paragraph and the second.
        let texts = extraction.blocks.map { FiguresTests.flat($0.text) }
        let at = try XCTUnwrap(texts.firstIndex(of: Self.caption))
        XCTAssertTrue(texts[..<at].contains { $0.hasSuffix("fin0.") }, "\(texts)")
        XCTAssertTrue(texts[(at + 1)...].contains { $0.hasSuffix("fin1.") }, "\(texts)")
        var body = LaTeXPDFs.words(Normalizer.normalize(extraction.blocks.filter { $0.kind != .figure }.map(\.text).joined(separator: "\n")))
        let source = LaTeXPDFs.words("Le circuit " + paragraphs.joined(separator: " "))
        for w in source {
            if let k = body.firstIndex(of: w) { body.remove(at: k) } else { XCTFail("body lost \(w)") }
        }
        XCTAssertEqual(body, [], "body words not in the source")
    }

    /// LibreOffice's own caption: a frame holding a 6 × 4.5 cm picture and its `Illustration`
    /// caption (Insert ▸ Caption), made a PDF by soffice: the caption with its number, the box the
    /// picture's size, the paragraphs around it whole.
    func testWriterFrameCaption() throws {
        guard runTool("soffice", ["--version"])?.status == 0 else { try missingTool("LibreOffice (soffice) missing (apt-get install libreoffice-writer-nogui)") }
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let png = try Data(contentsOf: try FiguresTests.picture("pic.png", in: tmp)).base64EncodedString()
        let caption = "Le cycle de l'eau dans la nature."
        let before = FiguresTests.paragraph(0, french: true), after = FiguresTests.paragraph(1, french: true)
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
          xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"
          xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"
          xmlns:xlink="http://www.w3.org/1999/xlink" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
        <office:styles>
          <style:style style:name="Caption" style:family="paragraph" style:class="extra"/>
          <style:style style:name="Illustration" style:family="paragraph" style:parent-style-name="Caption" style:class="extra"/>
        </office:styles>
        <office:body><office:text>
          <text:sequence-decls><text:sequence-decl text:display-outline-level="0" text:name="Illustration"/></text:sequence-decls>
          <text:p>\(before)</text:p>
          <text:p><draw:frame draw:name="Cadre1" text:anchor-type="as-char" svg:width="6cm"><draw:text-box>
            <text:p text:style-name="Illustration"><draw:frame draw:name="Image1" text:anchor-type="as-char" svg:width="6cm" svg:height="4cm"><draw:image><office:binary-data>\(png)</office:binary-data></draw:image></draw:frame><text:line-break/>Illustration <text:sequence text:ref-name="refIllustration0" text:name="Illustration" text:formula="ooow:Illustration+1" style:num-format="1">1</text:sequence>: \(caption)</text:p>
          </draw:text-box></draw:frame></text:p>
          <text:p>\(after)</text:p>
        </office:text></office:body>
        </office:document>
        """
        let fodt = try tmp.write("cadre.fodt", Data(xml.utf8))
        let profile = "file://" + tmp.url.appendingPathComponent("profile").path
        guard runTool("soffice", ["-env:UserInstallation=" + profile, "--headless", "--convert-to", "pdf", "--outdir", tmp.url.path, fodt.path])?.status == 0 else {
            throw TestSetupFailure("soffice could not convert cadre.fodt")
        }
        let extraction = try LaTeXPDFs.extract(tmp.url.appendingPathComponent("cadre.pdf"))
        let figures = extraction.blocks.filter { $0.kind == .figure }
        XCTAssertEqual(figures.map { FiguresTests.flat($0.text) }, ["Illustration 1: " + caption], "\(extraction.blocks.map(\.text))")
        guard let box = figures.first?.bbox else { return XCTFail("no figure box") }
        XCTAssertEqual(box[2] - box[0], 170.08, accuracy: 3, "\(box)")
        XCTAssertEqual(box[3] - box[1], 113.39, accuracy: 3, "\(box)")
        var body = LaTeXPDFs.words(Normalizer.normalize(extraction.blocks.filter { $0.kind != .figure }.map(\.text).joined(separator: "\n")))
        for w in LaTeXPDFs.words(before + " " + after) {
            if let k = body.firstIndex(of: w) { body.remove(at: k) } else { XCTFail("body lost \(w)") }
        }
        XCTAssertEqual(body, [], "body words not in the source")
    }
}
