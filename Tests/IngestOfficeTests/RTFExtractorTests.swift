import Foundation
import IngestCore
import IngestTestSupport
@testable import IngestOffice
import XCTest

final class RTFExtractorTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("rtf") }
    override func tearDown() { dir.remove() }

    /// The source every RTF below is made from. Its words (title and author included) are the truth.
    static let body = """
    # Chapitre premier : l'eau

    La matière existe sous trois états : solide, liquide et gazeux. À 100 °C, l'eau bout[^1].

    ## Les changements d'état

    - La fusion : passage de l'état solide à l'état liquide.
    - La vaporisation, « ébullition » ou évaporation.
        - Sous-point imbriqué où l'œuvre s'achève.

    1. Premier élément numéroté
    2. Deuxième élément — avec un tiret cadratin

    | État | Forme propre | Volume propre |
    |------|--------------|---------------|
    | Solide | oui | oui |
    | Gaz | non | non |

    > Rien ne se perd, rien ne se crée, tout se transforme.

    Texte en **gras**, en *italique* et `code` ; guillemets “anglais” et ‘simples’ ; symboles € ½ ß ñ Ω ∞ 😀.

    [^1]: Sous la pression atmosphérique normale.
    """
    static let metadata = "---\ntitle: Les états de la matière\nauthor: Hélène Dupré\nlang: fr-FR\n---\n\n"

    func read(_ url: URL) throws -> Extraction {
        let kind = Sniffer.sniff(prefix: try Data(contentsOf: url).prefix(Sniffer.prefixLength), fileName: url.lastPathComponent).kind
        XCTAssertEqual(kind, .rtf, url.lastPathComponent)
        return try RTFExtractor().extract(SourceInput(files: [url], kind: kind, byteSize: 0, name: url.lastPathComponent),
                                          context: ExtractionContext(language: .en))
    }

    /// pandoc's RTF writer and LibreOffice's (from a .docx and from an .odt pandoc made): every word
    /// of the source, nothing else; headings, list items, the table and the note in place.
    func testRTFFromPandocAndLibreOfficeKeepsEveryWordAndNothingElse() throws {
        try SourceTools.requirePandoc()
        try SourceTools.requireSoffice()
        let tools = SourceTools(dir: dir)
        let markdown = Self.metadata + Self.body
        let pandocRTF = try tools.pandoc(markdown, "pandoc.rtf", ["-s", "-t", "rtf"])
        let docx = try tools.pandoc(markdown, "source.docx", ["-s"])
        let odt = try tools.pandoc(markdown, "source2.odt", ["-s"])
        let files = [pandocRTF, try tools.soffice(docx, to: "rtf", as: "lo-docx.rtf"), try tools.soffice(odt, to: "rtf", as: "lo-odt.rtf")]
        // The markdown's words, less its syntax: the footnote's label is written "[1]" twice (reference and note).
        let truth = "Les états de la matière Hélène Dupré " + Self.body
        for file in files {
            let x = try read(file)
            let name = file.lastPathComponent
            let text = visibleText(x.blocks)
            let diff = wordDifference(expected: truth, actual: text)
            XCTAssertEqual(diff.missing, [:], "\(name): words lost")
            XCTAssertEqual(diff.extra, [:], "\(name): words invented")
            for symbols in ["€ ½ ß ñ Ω ∞ 😀", "« ébullition »", "“anglais”", "l’œuvre", "—"] {
                XCTAssertTrue(text.contains(symbols), "\(name): \(symbols)")
            }
            XCTAssertFalse(text.contains("\\"), "\(name): RTF markup in the text")
            let headings = x.blocks.filter { $0.kind == .heading }
            XCTAssertEqual(headings.filter { $0.level == 2 }.map(\.text), ["Les changements d’état"], name)
            XCTAssertTrue(headings.contains { $0.text == "Chapitre premier : l’eau" && $0.level == 1 }, name)
            let items = x.blocks.filter { $0.kind == .listItem }
            XCTAssertEqual(items.map(\.text), ["La fusion : passage de l’état solide à l’état liquide.",
                                               "La vaporisation, « ébullition » ou évaporation.",
                                               "Sous-point imbriqué où l’œuvre s’achève.",
                                               "Premier élément numéroté", "Deuxième élément — avec un tiret cadratin"], name)
            XCTAssertEqual(items.map(\.level), [0, 0, 1, 0, 0], name)
            XCTAssertEqual(items.suffix(2).map(\.marker), ["1.", "2."], name)
            XCTAssertEqual(x.blocks.first { $0.kind == .table }?.rows?.map { $0.map(\.text) },
                           [["État", "Forme propre", "Volume propre"], ["Solide", "oui", "oui"], ["Gaz", "non", "non"]], name)
            XCTAssertEqual(x.blocks.last?.text, "[1] Sous la pression atmosphérique normale.", name)
            XCTAssertTrue(text.contains("l’eau bout[1]."), name)
        }
        // LibreOffice writes the document information and the language of the runs.
        let lo = try read(files[1])
        XCTAssertEqual(lo.title?.text, "Les états de la matière")
        XCTAssertEqual(lo.metadata["author"], .string("Hélène Dupré"))
        XCTAssertEqual(lo.language, "fr")
    }

    /// What the writers above never produce but other RTF writers do: a code page other than
    /// 1252, `\ucN` fallbacks, surrogate pairs, hidden and deleted text, fields, `\bin` data,
    /// unknown `\*` destinations, a symbol typed with `\'hh` in a font of another charset.
    func testCodePagesUnicodeFallbacksAndDestinationsLeftOut() throws {
        let rtf = #"""
        {\rtf1\ansi\ansicpg1252\deff0{\fonttbl{\f0\froman\fcharset0 Times;}{\f1\fswiss\fcharset204 Arial Cyr;}}
        {\colortbl;\red255\green0\blue0;}{\stylesheet{\s0 Normal;}{\s1\outlinelevel0 heading 1;}{\s2 Titre 2;}}
        {\info{\title Cours d'essai}{\author Ana}{\operator Bob}{\*\company Lyc\'e9e}}
        {\header En-t\'eate de page\par}
        \pard\s1 Titre un\par
        \pard\s2 Titre deux\par
        \pard Caf\'e9 {\f1 \'cf\'f0\'e8\'e2\'e5\'f2} {\uc2\u8364\'80\'80 euros} \u-10179?\u-8704? fin.\par
        \pard Cach\'e9{\v  invisible} {\deleted supprim\'e9}visible {\*\unknowndest secret}{\field{\*\fldinst HYPERLINK "http://x"}{\fldrslt lien}}.\par
        {\pict\pngblip\picw1\pich1 89504e47}{\*\shppict{\pict\bin4 \'00\'00\'00\'00}}\pard Apr\'e8s\~image\line ligne\tab tab\par
        {\*\bkmkstart b1}{\bkmkstart b2}\pard \ldblquote cit\'e9\rdblquote  \emdash  fin\par
        }
        """#
        let x = try read(try dir.write("essai.rtf", rtf))
        XCTAssertEqual(x.blocks.map(\.text), ["Titre un", "Titre deux", "Café Привет € euros 😀 fin.", "Caché visible lien.",
                                              "Après\u{A0}image\nligne tab", "“cité” — fin"])
        XCTAssertEqual(x.blocks.map(\.kind), [.heading, .heading, .paragraph, .paragraph, .paragraph, .paragraph])
        XCTAssertEqual(x.blocks.prefix(2).map(\.level), [1, 2])
        XCTAssertEqual(x.title?.text, "Cours d'essai")
        XCTAssertEqual(x.metadata["author"], .string("Ana"))
        XCTAssertEqual(x.metadata["images"], .int(2))
    }

    func testHostileInputNeverCrashes() throws {
        // Deep nesting, an unterminated file, a \bin longer than the file, random bytes.
        let deep = "{\\rtf1 " + String(repeating: "{", count: 100_000) + "texte" + String(repeating: "}", count: 100_000) + "}"
        XCTAssertEqual(try read(try dir.write("deep.rtf", deep)).blocks.map(\.text), ["texte"])
        XCTAssertEqual(try read(try dir.write("cut.rtf", "{\\rtf1\\ansi D\\'e9but sans fin")).blocks.map(\.text), ["Début sans fin"])
        XCTAssertEqual(try read(try dir.write("bin.rtf", "{\\rtf1 avant\\bin99999 xx}")).blocks.map(\.text), ["avant"])
        var rng = SeededGenerator(seed: 33)
        for i in 0..<200 {
            var bytes = Data("{\\rtf1\\ansi ".utf8)
            bytes.append(rng.bytes(Int(rng.next() % 2000)))
            _ = try read(try dir.write("f\(i).rtf", bytes))
        }
    }
}
