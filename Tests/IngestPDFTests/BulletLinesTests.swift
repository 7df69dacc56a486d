import Foundation
import IngestCore
@testable import IngestPDF
import IngestTestSupport
import XCTest

/// LibreOffice draws a bulleted item's `•` apart from its text (issue 33): the items of a list
/// made by pandoc and typeset by LibreOffice come out as list items with their bullet and the
/// source's text, and a table's lone dash (an empty value) is not taken for a bullet.
final class BulletLinesTests: XCTestCase {
    static let source = """
    # Les sources de bruit

    Les élèves ont relevé trois sources :

    - le haut-parleur du couloir, utilisé pour les annonces quotidiennes ;
    - la ventilation installée au-dessus du faux plafond ;
    - les chaises déplacées sur un carrelage très réverbérant.

    | Source | Niveau (dB) | Remarque |
    |---|---|---|
    | Ventilation | 48 | – |
    | Couloir | 72 | annonces |

    Fin du relevé.
    """

    func testLibreOfficeBulletsOpenTheirItems() throws {
        guard runTool("pandoc", ["--version"])?.status == 0 else { try missingTool("pandoc is not installed (apt-get install pandoc)") }
        guard runTool("soffice", ["--version"])?.status == 0 else {
            try missingTool("LibreOffice (soffice) missing (apt-get install libreoffice-writer-nogui)")
        }
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let md = try tmp.write("bruit.md", Self.source)
        let odt = tmp.url.appendingPathComponent("bruit.odt")
        guard runTool("pandoc", [md.path, "-o", odt.path])?.status == 0 else { throw TestSetupFailure("pandoc could not write bruit.odt") }
        let profile = "file://" + tmp.url.appendingPathComponent("lo-profile").path
        guard runTool("soffice", ["-env:UserInstallation=" + profile, "--headless", "--convert-to", "pdf", "--outdir", tmp.url.path, odt.path])?
            .status == 0 else { throw TestSetupFailure("soffice could not convert bruit.odt") }
        let blocks = try LaTeXPDFs.extract(tmp.url.appendingPathComponent("bruit.pdf")).blocks
        let items = blocks.filter { $0.kind == .listItem }
        XCTAssertEqual(items.map(\.marker), ["•", "•", "•"], "\(blocks.map { ($0.kind, $0.text) })")
        XCTAssertEqual(items.map { Normalizer.normalize($0.text).replacingOccurrences(of: "\n", with: " ") }, [
            "le haut-parleur du couloir, utilisé pour les annonces quotidiennes ;",
            "la ventilation installée au-dessus du faux plafond ;",
            "les chaises déplacées sur un carrelage très réverbérant.",
        ])
        XCTAssertFalse(blocks.contains { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) == "•" }, "no bullet left alone")
        // The table's dash stays its cell's own value.
        let text = blocks.map(\.text).joined(separator: "\n")
        XCTAssertFalse(text.contains("– 48") || text.contains("– Couloir"), text)
        XCTAssertTrue(text.contains("–"), text)
    }

    /// `isBullet` without the trimmed copy says what trimming `.whitespaces` and finding one
    /// bullet scalar left says, on lines of spaces, tabs, no-break and ideographic spaces, bullets,
    /// dashes, text and combining marks.
    func testIsBulletIsTheTrimmingDefinition() {
        let parts = ["", " ", "\t", "\u{00A0}", "\u{3000}", "\n", "•", "◦", "■", "–", "-", "a", "é", "e\u{0301}", "•\u{0301}", "➤", "12"]
        var compared = 0
        for a in parts { for b in parts { for c in parts {
            let text = a + b + c
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            let reference = trimmed.unicodeScalars.count == 1 && BulletLines.bullets.contains(trimmed.unicodeScalars.first!)
            let line = TextLine(text: text, x0: 0, y0: 0, x1: 10, y1: 10, glyphHeight: 10, hasGeometry: true)
            XCTAssertEqual(BulletLines.isBullet(line), reference, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            compared += 1
        } } }
        XCTAssertEqual(compared, parts.count * parts.count * parts.count)
    }
}

extension BulletLinesTests {
    /// LibreOffice sets a numbered list's numbers a tab apart from their items, as its bullets:
    /// poppler read them as a column of their own (`1. 2. 3. 4.` one paragraph, the items others,
    /// the fidelity suite's writer-pdf/cours-chimie). Each number opens its item again.
    func testLibreOfficeNumbersOpenTheirItems() throws {
        guard runTool("pandoc", ["--version"])?.status == 0 else { try missingTool("pandoc is not installed (apt-get install pandoc)") }
        guard runTool("soffice", ["--version"])?.status == 0 else {
            try missingTool("LibreOffice (soffice) missing (apt-get install libreoffice-writer-nogui)")
        }
        let steps = ["peser 6,24 g de sulfate de cuivre dans une coupelle propre ;",
                     "dissoudre le solide dans environ 100 cm³ d’eau distillée ;",
                     "verser dans la fiole jaugée et compléter jusqu’au trait ;",
                     "boucher, puis retourner la fiole dix fois pour homogénéiser."]
        let source = "# Préparer une solution\n\nPour préparer la solution, on suit les étapes suivantes :\n\n"
            + steps.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n") + "\n\nLa solution obtenue est bleue.\n"
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let md = try tmp.write("etapes.md", source)
        let odt = tmp.url.appendingPathComponent("etapes.odt")
        guard runTool("pandoc", [md.path, "-o", odt.path])?.status == 0 else { throw TestSetupFailure("pandoc could not write etapes.odt") }
        let profile = "file://" + tmp.url.appendingPathComponent("lo-profile").path
        guard runTool("soffice", ["-env:UserInstallation=" + profile, "--headless", "--convert-to", "pdf", "--outdir", tmp.url.path, odt.path])?
            .status == 0 else { throw TestSetupFailure("soffice could not convert etapes.odt") }
        let blocks = try LaTeXPDFs.extract(tmp.url.appendingPathComponent("etapes.pdf")).blocks
        let items = blocks.filter { $0.kind == .listItem }
        XCTAssertEqual(items.map(\.marker), ["1.", "2.", "3.", "4."], "\(blocks.map { ($0.kind, $0.text) })")
        XCTAssertEqual(items.map { Normalizer.normalize($0.text).replacingOccurrences(of: "\n", with: " ") }, steps)
        XCTAssertEqual(blocks.filter { $0.kind == .paragraph }.map(\.text).prefix(2),
                       ["Pour préparer la solution, on suit les étapes suivantes :", "La solution obtenue est bleue."])
    }

    /// A number alone is a marker only a tab from the text beside it (two of its heights): a
    /// table's rank column (`1.` then the name in the next cell) keeps its cells.
    func testANumberFarFromTheTextBesideItStaysAlone() {
        func line(_ text: String, _ x0: Double, _ x1: Double) -> TextLine {
            TextLine(text: text, x0: x0, y0: 100, x1: x1, y1: 115.6, glyphHeight: 15.6, hasGeometry: true)
        }
        XCTAssertEqual(BulletLines.attach([line("1.", 90.1, 99.1), line("peser 6,24 g", 108.1, 200)]).map(\.text), ["1. peser 6,24 g"])
        XCTAssertEqual(BulletLines.attach([line("1.", 74, 83), line("Alice", 191, 220)]).map(\.text), ["1.", "Alice"])
        XCTAssertEqual(BulletLines.attach([line("12)", 74, 90), line("b.", 100, 108)]).map(\.text), ["12)", "b."])
        // GeoTopo-komprimiert.pdf p. 88: `4)` of a fraction's `(∞−z₄)` beside `= z₄∞−z` is no item's number.
        XCTAssertEqual(BulletLines.attach([line("4)", 270.3, 280), line("= z₄∞−z", 282, 320)]).map(\.text), ["4)", "= z₄∞−z"])
        XCTAssertFalse(BulletLines.isEnumerator(line("2024.", 0, 30)))
        XCTAssertFalse(BulletLines.isEnumerator(line("1", 0, 5)))
        XCTAssertTrue(BulletLines.isEnumerator(line(" b) ", 0, 10)))
    }
}
