import Foundation
import IngestCore
import IngestTestSupport
@testable import IngestOffice
import XCTest

/// Issue 33: text set as a superscript or subscript keeps its meaning — `10⁸`, not `108`;
/// `H₂O`, not `H2O` — in files made by pandoc (docx `w:vertAlign`, EPUB `sup`/`sub`, pptx
/// `baseline`) and by LibreOffice (odt `style:text-position`). Equations (OMML, MathML) keep theirs
/// as LaTeX in `$…$` (issue 36).
final class ScriptPositionTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("scripts") }
    override func tearDown() { dir.remove() }

    static let markdown = """
    # Exposants et indices

    La lumière parcourt 3×10^8^ m/s ; l'eau s'écrit H~2~O et le dioxyde de carbone CO~2~.

    Une aire de 12 m^2^ et le 1^er^ chapitre du XIX^e^ siècle.

    Le polynôme $ax^2+bx+c$ et la racine $x_1$.
    """

    /// The sentences as a reader sees them (formulas as pandoc's TeX would print them linearly).
    static let expected = [
        "La lumière parcourt 3×10⁸ m/s ; l'eau s'écrit H₂O et le dioxyde de carbone CO₂.",
        "Une aire de 12 m² et le 1er chapitre du XIXe siècle.",
    ]

    func assertScripts(_ e: Extraction, _ what: String, formulas: Bool, file: StaticString = #filePath, line: UInt = #line) {
        let text = e.blocks.map { Normalizer.normalize($0.text) }.joined(separator: "\n").replacingOccurrences(of: "’", with: "'")
        for sentence in Self.expected {
            XCTAssertTrue(text.contains(sentence), "\(what): «\(sentence)» not in «\(text)»", file: file, line: line)
        }
        for wrong in ["108", "H2O", "CO2", "m2 "] { XCTAssertFalse(text.contains(wrong), "\(what): «\(wrong)» in «\(text)»", file: file, line: line) }
        if formulas {
            XCTAssertTrue(text.contains("$ax^{2}+bx+c$"), "\(what): «\(text)»", file: file, line: line)
            XCTAssertTrue(text.contains("$x_{1}$"), "\(what): «\(text)»", file: file, line: line)
        }
    }

    func testPandocAndLibreOfficeFiles() throws {
        try SourceTools.requirePandoc()
        try SourceTools.requireSoffice()
        let tools = SourceTools(dir: dir)
        let docx = try tools.pandoc(Self.markdown, "scripts.docx")
        assertScripts(try extractFile(docx, with: DocxExtractor()), "pandoc docx", formulas: true)
        let epub = try tools.pandoc(Self.markdown, "scripts.epub")
        assertScripts(try extractFile(epub, with: EPUBExtractor()), "pandoc epub", formulas: false)
        let mathML = try tools.pandoc(Self.markdown, "scripts-mathml.epub", ["--mathml"])
        assertScripts(try extractFile(mathML, with: EPUBExtractor()), "pandoc epub --mathml", formulas: true)
        let pptx = try tools.pandoc(Self.markdown, "scripts.pptx")
        assertScripts(try extractFile(pptx, with: PptxExtractor()), "pandoc pptx", formulas: false)
        let odt = try tools.soffice(docx, to: "odt", as: "scripts.odt")
        assertScripts(try extractFile(odt, with: ODFExtractor()), "LibreOffice odt", formulas: true)
        let docxAgain = try tools.soffice(odt, to: "docx", as: "scripts-lo.docx")
        assertScripts(try extractFile(docxAgain, with: DocxExtractor()), "LibreOffice docx", formulas: false)
    }
}
