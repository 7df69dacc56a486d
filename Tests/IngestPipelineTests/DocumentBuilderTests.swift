import Foundation
import IngestCore
@testable import IngestPipeline
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
}
