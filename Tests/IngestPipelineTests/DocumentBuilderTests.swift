import Foundation
import IngestCore
@testable import IngestPipeline
import IngestSpell
import IngestTestSupport
import XCTest

/// `DocumentBuilder`'s hyphen joining reads the whole document's own spellings (session 22,
/// FIDLOSS): developers-reference's text form read `dpkg-\nbuildpackage` as `dpkgbuildpackage`
/// (the paragraph alone does not write the name) and its PDF kept `binN-\nMUs` cut.
final class DocumentBuilderTests: XCTestCase {
    /// A text file whose first paragraph writes the names whole on one line and whose second is
    /// wrapped by Python's textwrap (Sphinx's text writer: it breaks lines after hyphens) at every
    /// width from 20 to 60 columns: each import gives back the source's words, line ends aside.
    func testANameCutAtItsHyphenKeepsItWhereAnotherParagraphWritesIt() throws {
        let first = "Build the package with dpkg-buildpackage and ask the debian-mentors list about apt-listchanges."
        let second = "Whenever you run dpkg-buildpackage again after a change, ask on the debian-mentors list first, "
            + "and check what apt-listchanges says about the new upload of the package."
        let wrappings = try textwrapFills(second)
        XCTAssertEqual(wrappings.count, 41)
        XCTAssertGreaterThan(wrappings.filter { $0.contains("dpkg-\n") || $0.contains("debian-\n") || $0.contains("apt-\n") }.count, 10,
                             "textwrap broke lines after the names' hyphens")
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        for (k, wrapped) in wrappings.enumerated() {
            let file = try dir.write("notes-\(k).txt", Data((first + "\n\n" + wrapped + "\n").utf8))
            let document = try Pipeline(config: PipelineConfig()).importDocument(file: file)
            XCTAssertEqual(document.text.replacingOccurrences(of: "\n\n", with: "\u{0}").replacingOccurrences(of: "\n", with: " "),
                           first + "\u{0}" + second, "width \(20 + k):\n\(wrapped)")
        }
    }

    /// A word TeX cut at a syllable before a capital (`binN-` / `MUs`, developers-reference.pdf)
    /// is joined where the document writes it whole elsewhere; a compound of names
    /// (`Jean-\nPierre`) that the document never writes whole keeps its hyphen.
    func testAWordCutBeforeACapitalIsJoinedAsTheDocumentWritesIt() {
        func block(_ text: String) -> Block { Block(kind: .paragraph, text: text, page: 1, provenance: .textLayer) }
        var blocks = [block("Upload binNMUs with care."), block("Such uploads are called binN-\nMUs by Jean-\nPierre."),
                      block("A bin-\nNMU and a CD-\nROM stay cut.")]
        DocumentBuilder.joinHyphenation(&blocks)
        XCTAssertEqual(blocks.map(\.text), ["Upload binNMUs with care.", "Such uploads are called binNMUs by Jean-\nPierre.",
                                            "A bin-\nNMU and a CD-\nROM stay cut."])
    }

    /// Table cells are joined with the document's spellings too.
    func testCellsAreJoinedWithTheDocumentsSpellings() {
        let table = Block(kind: .table, text: "run dpkg-\nbuildpackage | a main-\ntainer", page: 1, provenance: .textLayer,
                          rows: [[TableCell(text: "run dpkg-\nbuildpackage"), TableCell(text: "a main-\ntainer")]])
        var blocks = [Block(kind: .paragraph, text: "Call dpkg-buildpackage.", page: 1, provenance: .textLayer), table]
        DocumentBuilder.joinHyphenation(&blocks)
        XCTAssertEqual(blocks[1].text, "run dpkg-buildpackage | a maintainer")
        XCTAssertEqual(blocks[1].rows?[0].map(\.text), ["run dpkg-buildpackage", "a maintainer"])
    }

    /// An English text's cut words are decided by the English dictionaries alone: TeX's
    /// `week-\nend` in an English manual is `weekend` (en_US and en_GB list it; fr_FR's entry
    /// `week-end` kept the hyphen before, and opened the French dictionary for it), while a French
    /// text keeps the French spelling, and an English opening in front of a French text (a licence)
    /// leaves it French.
    func testAnEnglishTextIsJoinedWithTheEnglishDictionaries() throws {
        guard SpellDictionary.isAvailable, ["fr_FR", "en_US", "en_GB"].allSatisfy({ SpellDictionary.shared($0) != nil }) else {
            try missingTool("hunspell with fr_FR, en_US and en_GB (apt-get install libhunspell-1.7-0 hunspell-fr hunspell-en-us hunspell-en-gb)")
        }
        func block(_ text: String) -> Block { Block(kind: .paragraph, text: text, page: 1, provenance: .textLayer) }
        let english = "The plots of the data are made with the program, and the results of the runs are shown in the figures that follow. "
        let french = "Les courbes des données sont tracées avec le programme et les résultats des essais sont dans les figures qui suivent. "
        var blocks = (0..<12).map { _ in block(english) } + [block("It was run over the week-\nend.")]
        DocumentBuilder.joinHyphenation(&blocks)
        XCTAssertEqual(blocks.last?.text, "It was run over the weekend.")
        XCTAssertEqual(DocumentBuilder.hyphenWords(blocks, declared: nil).names, ["en_US", "en_GB"])

        blocks = (0..<12).map { _ in block(french) } + [block("Il a tourné tout le week-\nend.")]
        DocumentBuilder.joinHyphenation(&blocks)
        XCTAssertEqual(blocks.last?.text, "Il a tourné tout le week-end.")

        // An English opening (400 words) in front of a French text three times as long.
        blocks = (0..<30).map { _ in block(english) } + (0..<90).map { _ in block(french) } + [block("Il a tourné tout le week-\nend.")]
        XCTAssertEqual(DocumentBuilder.hyphenWords(blocks, declared: nil).names, ["fr_FR", "en_US", "en_GB"])
        DocumentBuilder.joinHyphenation(&blocks)
        XCTAssertEqual(blocks.last?.text, "Il a tourné tout le week-end.")

        // Declared French: all of them, whatever the text.
        XCTAssertEqual(DocumentBuilder.hyphenWords((0..<12).map { _ in block(english) }, declared: "fr").names, ["fr_FR", "en_US", "en_GB"])
    }
}
