import Foundation
import IngestCore
@testable import IngestOffice
import IngestTestSupport
import XCTest

/// Captions of a .docx made by pandoc from Markdown whose figures and table are known: each
/// figure's caption (pandoc's `Image Caption` paragraph) is a `figure` block with the caption's
/// text, where the figure stands; the table's caption (`Table Caption`) stays a paragraph; every
/// word of the source is read once.
final class DocxFiguresTests: XCTestCase {
    static let captions = ["Figure 1 : Le circuit électrique.", "Figure 2 : La lampe allumée, vue de près."]
    static let tableCaption = "Tableau 1 : Mesures de tension"

    func testPandocImageCaptionsAreFigures() throws {
        guard runTool("pandoc", ["--version"])?.status == 0 else { try missingTool("pandoc missing (apt-get install pandoc)") }
        guard runTool("convert", ["-version"])?.status == 0 else { try missingTool("ImageMagick (convert) missing (apt-get install imagemagick)") }
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        for name in ["a.png", "b.png"] {
            guard runTool("convert", ["-size", "120x80", "xc:white", "-fill", "blue", "-draw", "circle 60,40 60,10", tmp.url.appendingPathComponent(name).path])?.status == 0
            else { throw TestSetupFailure("convert failed") }
        }
        let markdown = """
        # Le circuit

        Le courant circule dans la boucle fermée.

        ![\(Self.captions[0])](a.png)

        La tension se mesure avec un voltmètre.

        ![\(Self.captions[1])](b.png)

        | lampe | tension |
        |-------|---------|
        | L1    | 3 V     |

        : \(Self.tableCaption)

        Fin du cours.

        """
        let md = try tmp.write("circuit.md", Data(markdown.utf8))
        let docx = tmp.url.appendingPathComponent("circuit.docx")
        guard runTool("pandoc", [md.path, "-o", docx.path, "--resource-path", tmp.url.path])?.status == 0 else { throw TestSetupFailure("pandoc failed") }
        let blocks = try extractDocx(docx).blocks
        XCTAssertEqual(blocks.filter { $0.kind == .figure }.map(\.text), Self.captions)
        XCTAssertTrue(blocks.contains { $0.kind == .paragraph && $0.text == Self.tableCaption }, "\(blocks.map(\.text))")
        // In place: each figure after the paragraph before it.
        let texts = blocks.map(\.text)
        let first = try XCTUnwrap(texts.firstIndex(of: Self.captions[0])), second = try XCTUnwrap(texts.firstIndex(of: Self.captions[1]))
        XCTAssertLessThan(try XCTUnwrap(texts.firstIndex(of: "Le courant circule dans la boucle fermée.")), first)
        XCTAssertLessThan(first, try XCTUnwrap(texts.firstIndex(of: "La tension se mesure avec un voltmètre.")))
        XCTAssertLessThan(try XCTUnwrap(texts.firstIndex(of: "La tension se mesure avec un voltmètre.")), second)
        // Every caption word once (pandoc's alt text says the caption again: it is not repeated).
        let all = texts.joined(separator: "\n")
        for caption in Self.captions + [Self.tableCaption] { XCTAssertEqual(all.components(separatedBy: caption).count - 1, 1, caption) }
    }

    func testStyleRoles() {
        XCTAssertEqual(StyleSheet.roleByName("Image Caption"), .caption)
        XCTAssertEqual(StyleSheet.roleByName("Caption"), .caption)
        XCTAssertEqual(StyleSheet.roleByName("Légende"), .caption)
        XCTAssertEqual(StyleSheet.roleByName("Table Caption"), .body)
        XCTAssertTrue(OfficeCaptions.isTableCaption("Tableau 2 : x"))
        XCTAssertTrue(OfficeCaptions.isTableCaption("Table 1. x"))
        XCTAssertFalse(OfficeCaptions.isTableCaption("Figure 1 : une table"))
    }
}

/// The same course as an EPUB written by pandoc (`<figure>` with `<figcaption>`): each caption a
/// `figure` block in place, its words once.
final class EPUBFiguresTests: XCTestCase {
    func testPandocFigcaptionsAreFigures() throws {
        guard runTool("pandoc", ["--version"])?.status == 0 else { try missingTool("pandoc missing (apt-get install pandoc)") }
        guard runTool("convert", ["-version"])?.status == 0 else { try missingTool("ImageMagick (convert) missing (apt-get install imagemagick)") }
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        guard runTool("convert", ["-size", "120x80", "xc:white", "-fill", "blue", "-draw", "circle 60,40 60,10", tmp.url.appendingPathComponent("a.png").path])?.status == 0
        else { throw TestSetupFailure("convert failed") }
        let caption = DocxFiguresTests.captions[0]
        let markdown = "# Le circuit\n\nLe courant circule dans la boucle fermée.\n\n![\(caption)](a.png)\n\nFin du cours.\n"
        let md = try tmp.write("circuit.md", Data(markdown.utf8))
        let epub = tmp.url.appendingPathComponent("circuit.epub")
        guard runTool("pandoc", [md.path, "-o", epub.path, "--resource-path", tmp.url.path, "--metadata", "title=Circuit"])?.status == 0 else {
            throw TestSetupFailure("pandoc failed")
        }
        let extraction = try EPUBExtractor().extract(SourceInput(files: [epub], kind: .epub, byteSize: 0, name: "circuit.epub"),
                                                     context: ExtractionContext(language: .fr))
        let texts = extraction.blocks.map(\.text)
        XCTAssertEqual(extraction.blocks.filter { $0.kind == .figure }.map(\.text), [caption], "\(texts)")
        let at = try XCTUnwrap(texts.firstIndex(of: caption))
        XCTAssertLessThan(try XCTUnwrap(texts.firstIndex(of: "Le courant circule dans la boucle fermée.")), at)
        XCTAssertLessThan(at, try XCTUnwrap(texts.firstIndex(of: "Fin du cours.")))
        XCTAssertEqual(texts.joined(separator: "\n").components(separatedBy: "Le circuit électrique").count - 1, 1, "\(texts)")
    }
}
