import Foundation
import IngestCore
import IngestTestSupport
import IngestZip
@testable import IngestOffice
import XCTest

final class PptxExtractorTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("pptx") }
    override func tearDown() { dir.remove() }

    typealias B = PptxBuilder

    func extract(_ b: PptxBuilder, _ extractor: PptxExtractor = PptxExtractor()) throws -> Extraction {
        try extractFile(b.write(dir), with: extractor)
    }

    func testSlideOrderTitlesBulletLevelsAndPages() throws {
        let first = B.Slide(shapes: B.shape(ph: "body", [B.para("Solide"), B.para("forme propre", lvl: 1), B.para("volume propre", lvl: 1),
                                                         B.para("Liquide")])
                            + B.shape(ph: "title", ["Les états de la matière"]))
        let second = B.Slide(shapes: B.shape(ph: "ctrTitle", ["Introduction"]) + B.shape(ph: "subTitle", ["Physique, 5e"])
                             + B.shape(ph: "sldNum", ["2"]) + B.shape(ph: "dt", ["01/02/2024"]))
        let third = B.Slide(shapes: B.shape(ph: nil, ["Une zone de texte.", B.para("puce", bullet: "<a:buChar char=\"–\"/>")])
                            + B.shape(ph: "body", [B.para("sans puce", bullet: "<a:buNone/>"),
                                                   B.para("un", bullet: "<a:buAutoNum type=\"arabicPeriod\"/>"),
                                                   B.para("deux", bullet: "<a:buAutoNum type=\"arabicPeriod\"/>"),
                                                   B.para("a", lvl: 1, bullet: "<a:buAutoNum type=\"alphaLcParenR\"/>")]))
        // presentation.xml lists slide 2 first: its order wins over part names.
        let x = try extract(B(slides: [first, second, third], order: [1, 0, 2]))
        // A date typed in the date placeholder is the author's text (kept, marked footer); the slide number is not.
        XCTAssertEqual(x.blocks.map(\.text), ["Introduction", "Physique, 5e", "01/02/2024",
                                              "Les états de la matière", "Solide", "forme propre", "volume propre", "Liquide",
                                              "Une zone de texte.", "puce", "sans puce", "un", "deux", "a"])
        XCTAssertEqual(x.blocks.map(\.kind), [.heading, .paragraph, .paragraph, .heading, .listItem, .listItem, .listItem, .listItem,
                                              .paragraph, .listItem, .paragraph, .listItem, .listItem, .listItem])
        XCTAssertEqual(x.blocks.map(\.page), [1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3])
        XCTAssertEqual(x.blocks[2].marker, "footer")
        XCTAssertEqual(x.blocks.filter { $0.kind == .listItem }.map(\.level), [0, 1, 1, 0, 0, 0, 0, 1])
        XCTAssertEqual(x.blocks.filter { $0.kind == .listItem }.map(\.marker), ["•", "•", "•", "•", "–", "1.", "2.", "a)"])
        XCTAssertEqual(x.blocks.first { $0.kind == .heading }?.level, 1)
        XCTAssertEqual(x.title, TitleCandidate("Introduction", origin: .heading))
        XCTAssertEqual(x.language, "fr")
        XCTAssertEqual(x.pagesRead, 3)
        XCTAssertEqual(x.metadata["slides"], .int(3))
    }

    func testTablesAsRows() throws {
        let slide = B.Slide(shapes: B.shape(ph: "title", ["Tableau"]) + B.table([["État", "Forme"], ["Solide", "oui"], ["Gaz", "non"]]))
        let x = try extract(B(slides: [slide]))
        XCTAssertEqual(x.blocks.map(\.kind), [.heading, .table])
        XCTAssertEqual(x.blocks[1].rows?.map { $0.map(\.text) }, [["État", "Forme"], ["Solide", "oui"], ["Gaz", "non"]])
        XCTAssertEqual(x.blocks[1].text, "État | Forme\nSolide | oui\nGaz | non")
        XCTAssertEqual(x.blocks[1].page, 1)
    }

    func testSpeakerNotesAreTheirOwnBlocksMarkedAsNotes() throws {
        let slide = B.Slide(shapes: B.shape(ph: "title", ["Titre"]) + B.shape(ph: "body", ["Point"]),
                            notes: B.para("Dire que l'eau bout à 100 °C."))
        let x = try extract(B(slides: [B.Slide(shapes: B.shape(ph: "title", ["Un"])), slide]))
        let note = try XCTUnwrap(x.blocks.last)
        XCTAssertEqual(note.kind, .quote)
        XCTAssertEqual(note.marker, "note")
        XCTAssertEqual(note.text, "Dire que l'eau bout à 100 °C.")
        XCTAssertEqual(note.page, 2)
        // Neither the notes page's slide number nor its slide image come through.
        XCTAssertEqual(x.blocks.map(\.text), ["Un", "Titre", "Point", "Dire que l'eau bout à 100 °C."])
        XCTAssertEqual(x.metadata["notes"], .int(1))
    }

    func testHiddenSlidesLeftOutAndNamedInAWarning() throws {
        let b = B(slides: [B.Slide(shapes: B.shape(ph: "title", ["Visible"])),
                           B.Slide(shapes: B.shape(ph: "title", ["Cachée"]), hidden: true),
                           B.Slide(shapes: B.shape(ph: "title", ["Fin"]))])
        let x = try extract(b)
        XCTAssertEqual(x.blocks.map(\.text), ["Visible", "Fin"])
        XCTAssertEqual(x.blocks.map(\.page), [1, 3])
        XCTAssertEqual(x.warnings.map(\.code), [.officeHiddenSlides])
        XCTAssertEqual(x.warnings.first?.message, "1 hidden slide(s) left out: no. 2.")
        let all = try extract(b, PptxExtractor(includeHidden: true))
        XCTAssertEqual(all.blocks.map(\.text), ["Visible", "Cachée", "Fin"])
        XCTAssertTrue(all.warnings.isEmpty)
    }

    func testCoreTitleLineBreaksAndEntities() throws {
        let core = #"<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Cours 3</dc:title></cp:coreProperties>"#
        let p = "<a:p><a:r><a:t>Eau &amp; glace</a:t></a:r><a:br/><a:r><a:t>second line</a:t></a:r></a:p>"
        let x = try extract(B(slides: [B.Slide(shapes: B.shape(ph: nil, [p]))], core: core))
        XCTAssertEqual(x.blocks.map(\.text), ["Eau & glace\nsecond line"])
        XCTAssertEqual(x.title, TitleCandidate("Cours 3", origin: .metadata))
    }

    func testKindDecidedByContentTypesNotExtension() throws {
        let url = try dir.write("lecture.zip", Data(B(slides: [B.Slide(shapes: B.shape(ph: "title", ["x"]))]).bytes()))
        XCTAssertEqual(OfficeKind.detect(url, limits: ZipLimits()), .pptx)
    }

    func testBombEntityAndBrokenInputRefusedByName() throws {
        let good = B(slides: [B.Slide(shapes: B.shape(ph: "title", ["x"]))])
        // Entity declarations in a slide: refused, as in .docx.
        var evil = good
        evil.replaced["ppt/slides/slide1.xml"] = B.entry("ppt/slides/slide1.xml",
            #"<?xml version="1.0"?><!DOCTYPE p:sld [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><p:sld \#(B.ns)><p:cSld><p:spTree/></p:cSld></p:sld>"#)
        XCTAssertThrowsError(try extract(evil)) { XCTAssertEqual(($0 as? IngestError)?.code, .officeEntityExpansion) }
        // 1 GiB of zeros as a slide, declaring 1,000 bytes: refused by the reader's limits.
        var bomb = good
        bomb.replaced["ppt/slides/slide1.xml"] = .init(name: Array("ppt/slides/slide1.xml".utf8), data: ZipWriter.zerosStream(megabytes: 1024),
                                                       method: 8, crc: 0, uncompressedSize: 1000, flags: 0x0800)
        XCTAssertThrowsError(try extract(bomb)) { XCTAssertEqual(($0 as? IngestError)?.code, .zipBombRatio, "\($0)") }
        // A truncated archive, and a package without its presentation part.
        let bytes = good.bytes()
        let cut = try dir.write("cut.pptx", Data(bytes.prefix(bytes.count / 2)))
        XCTAssertThrowsError(try PptxExtractor().extract(SourceInput(files: [cut], kind: .pptx, byteSize: 1, name: "cut.pptx"),
                                                          context: ExtractionContext(language: .en))) { XCTAssertNotNil($0 as? IngestError) }
        var empty = ZipWriter()
        empty.add("[Content_Types].xml", "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\"/>")
        XCTAssertThrowsError(try PptxExtractor().extract(SourceInput(files: [try dir.write("e.pptx", Data(empty.bytes()))], kind: .pptx, byteSize: 1, name: "e.pptx"),
                                                          context: ExtractionContext(language: .en))) {
            XCTAssertEqual(($0 as? IngestError)?.code, .officeMissingPart)
        }
    }

    func testArbitraryBytesNeverCrash() throws {
        var rng = SeededGenerator(seed: 17)
        let good = B(slides: [B.Slide(shapes: B.shape(ph: "title", ["Titre"]) + B.shape(ph: "body", ["a", "b"]), notes: "n")]).bytes()
        for i in 0..<40 {
            var bytes = good
            for _ in 0..<8 { bytes[Int(rng.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: rng.next()) }
            let url = try dir.write("fuzz\(i).pptx", Data(bytes))
            do { _ = try extractFile(url, with: PptxExtractor()) } catch is IngestError {} catch { XCTFail("\(error)") }
        }
    }
}
