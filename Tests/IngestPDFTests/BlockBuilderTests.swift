import Foundation
@testable import IngestPDF
import IngestTestSupport
import XCTest

final class BlockBuilderTests: XCTestCase {
    /// The byte paths of the bookmark keys give exactly what their Unicode definitions give, on
    /// ASCII text with every kind of byte a heading or paragraph line holds (seeded), and the
    /// Unicode path still serves text that is not ASCII.
    func testKeysOnBytesEqualTheirDefinitions() {
        var random = SeededGenerator(seed: 13)
        let pieces = ["1", "2.3", "IV", "iv", "xii", "C", "lxx", "Chapter", "Intro", "DU", "of", "", " ", "  ", "\t", "-", "—", ".", ":",
                      "(a)", "A.B", "x86_64", "\r\n", "9)", "'", "\"", "#", "vi", "Ivy", "cl", "0"]
        for _ in 0..<5_000 {
            let count = Int.random(in: 0...8, using: &random)
            let text = (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined(separator: Bool.random(using: &random) ? " " : "")
            let key = BlockBuilder.key(text)
            XCTAssertEqual(key, BlockBuilder.unicodeKey(text), "key of \(text.debugDescription)")
            XCTAssertEqual(BlockBuilder.withoutNumber(key), BlockBuilder.characterWithoutNumber(key), "bare of \(key.debugDescription)")
            XCTAssertEqual(BlockBuilder.withoutNumber(text), BlockBuilder.characterWithoutNumber(text), "bare of \(text.debugDescription)")
        }
        XCTAssertNil(BlockBuilder.asciiKey("Élément 2"))
        XCTAssertEqual(BlockBuilder.key("  Élément  2.1 : Œuvre "), "élément 21 œuvre")
        XCTAssertEqual(BlockBuilder.withoutNumber("ii 3 élément"), "élément")
        XCTAssertEqual(BlockBuilder.withoutNumber("12"), "12")
    }

    /// Lines in a typewriter font are no headings (issue 33): pdflatex sets a verbatim block in
    /// LMMono10, whose glyph boxes are 1.47 times the body's at the same 10 pt, so `Définition :`
    /// and the line under it came out as one heading of level 2 (seen on a mkdocs course page that
    /// pandoc typeset). The font size decides: the block's lines are paragraphs, in their order;
    /// the section titles, set larger, stay headings.
    func testTypewriterLinesAreNoHeadings() throws {
        let tmp = try TemporaryDirectory("typewriter"); defer { tmp.remove() }
        let url = try LaTeXPDFs.make("volcans", LaTeXPDFs.article("11pt", """
            \\section*{Les volcans}
            Un volcan est un relief formé de laves et de cendres.

            \\section*{Séance 1 : Les éruptions}
            Les éruptions effusives produisent des coulées de lave fluide.
            \\begin{verbatim}
            Certaines éruptions sont effusives, les autres explosives.

            Définition :
            Magma : roche fondue contenant des gaz dissous.
            \\end{verbatim}
            La surveillance des volcans permet de prévenir les populations.
            """), in: tmp)
        let blocks = try LaTeXPDFs.extract(url).blocks
        let headings = blocks.filter { $0.kind == .heading }
        XCTAssertEqual(headings.map(\.text), ["Les volcans", "Séance 1 : Les éruptions"], "\(blocks.map { ($0.kind, $0.text) })")
        XCTAssertEqual(headings.map(\.level), [3, 3])
        let text = blocks.filter { $0.kind == .paragraph }.map(\.text).joined(separator: "\n")
        XCTAssertTrue(text.contains("Définition :\nMagma : roche fondue contenant des gaz dissous."), text)
        XCTAssertTrue(text.contains("Certaines éruptions sont effusives, les autres explosives."), text)
    }
}
