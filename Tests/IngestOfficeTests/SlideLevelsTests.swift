import Foundation
import IngestCore
@testable import IngestOffice
import IngestTestSupport
import XCTest

/// A deck in parts keeps its two heading levels (issue 33's fidelity suite: KnownGaps.slides):
/// pandoc makes a section-header slide of each `#` and a slide of each `##` (--slide-level=2);
/// the part's title is level 1, the slides' titles level 2, in the .pptx and in LibreOffice's .odp
/// of it. A deck of slides alone keeps every title at level 1.
final class SlideLevelsTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("ingest-slide-levels") }
    override func tearDown() { dir.remove() }

    static let deck = """
    # Les ondes sonores

    ## La vitesse du son

    Le son se propage à 340 m/s dans l'air.

    ## La fréquence

    Elle se mesure en hertz.

    # La lumière

    ## Le spectre

    Du violet au rouge.
    """

    /// The source's headings, in order, with their levels.
    static let expected: [(String, Int)] = [("Les ondes sonores", 1), ("La vitesse du son", 2), ("La fréquence", 2),
                                           ("La lumière", 1), ("Le spectre", 2)]

    func headings(_ e: Extraction) -> [String] { e.blocks.filter { $0.kind == .heading }.map { "\($0.level ?? 0) \($0.text)" } }

    func testPartsAndSlidesKeepTheirLevelsInPptxAndOdp() throws {
        try SourceTools.requirePandoc()
        let tools = SourceTools(dir: dir)
        let pptx = try tools.pandoc(Self.deck, "deck.pptx", ["--slide-level=2"])
        let want = Self.expected.map { "\($0.1) \($0.0)" }
        XCTAssertEqual(headings(try extractFile(pptx, with: PptxExtractor())), want)
        try SourceTools.requireSoffice()
        let odp = try tools.soffice(pptx, to: "odp", as: "deck.odp")
        XCTAssertEqual(headings(try extractFile(odp, with: ODFExtractor())), want)
    }

    func testADeckOfSlidesAloneKeepsLevelOne() throws {
        try SourceTools.requirePandoc()
        let pptx = try SourceTools(dir: dir).pandoc("## Un\n\nTexte un.\n\n## Deux\n\nTexte deux.\n", "flat.pptx", ["--slide-level=2"])
        XCTAssertEqual(headings(try extractFile(pptx, with: PptxExtractor())), ["1 Un", "1 Deux"])
    }
}
