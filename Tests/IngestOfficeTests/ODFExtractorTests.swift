import Foundation
import IngestCore
import IngestTestSupport
import IngestZip
@testable import IngestOffice
import XCTest

final class ODFExtractorTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("odf") }
    override func tearDown() { dir.remove() }

    func extract(_ b: ODFBuilder, _ extractor: ODFExtractor = ODFExtractor()) throws -> Extraction {
        try extractFile(b.write(dir), with: extractor)
    }

    static let styles = """
    <style:default-style style:family="paragraph"><style:text-properties fo:language="fr" fo:country="FR"/></style:default-style>
    <style:style style:name="Heading" style:family="paragraph"/>
    <style:style style:name="Heading_20_2" style:display-name="Heading 2" style:family="paragraph" style:parent-style-name="Heading" style:default-outline-level="2"/>
    <style:style style:name="Title" style:family="paragraph" style:parent-style-name="Heading"/>
    <text:list-style style:name="Numbering_20_123"><text:list-level-style-number text:level="1" style:num-suffix="." style:num-format="1"/><text:list-level-style-number text:level="2" style:num-suffix=")" style:num-format="a"/></text:list-style>
    """

    func testTextHeadingsListsTablesNotesAndMeta() throws {
        let auto = """
        <style:style style:name="P1" style:family="paragraph" style:parent-style-name="Heading_20_2"/>
        <text:list-style style:name="L1"><text:list-level-style-bullet text:level="1" text:bullet-char="•"/><text:list-level-style-bullet text:level="2" text:bullet-char="◦"/></text:list-style>
        """
        let body = """
        <text:sequence-decls/>
        <text:p text:style-name="Title">Les états de la matière</text:p>
        <text:h text:outline-level="1">Introduction</text:h>
        <text:p>La matière   existe<text:s text:c="3"/>sous <text:span text:style-name="T1">trois</text:span>
        états.<text:note text:id="ftn1" text:note-class="footnote"><text:note-citation>1</text:note-citation><text:note-body><text:p>Au moins.</text:p></text:note-body></text:note><text:line-break/>Deuxième ligne.<office:annotation><dc:creator>Prof</dc:creator><text:p>commentaire</text:p></office:annotation></text:p>
        <text:p text:style-name="P1">Par le style</text:p>
        <text:tracked-changes><text:changed-region text:id="c1"><text:deletion><text:p>supprimé</text:p></text:deletion></text:changed-region></text:tracked-changes>
        <text:list text:style-name="L1"><text:list-item><text:p>Solide</text:p><text:list><text:list-item><text:p>forme propre</text:p></text:list-item></text:list></text:list-item><text:list-item><text:p>Liquide</text:p></text:list-item></text:list>
        <text:list text:style-name="Numbering_20_123"><text:list-item><text:p>un</text:p></text:list-item><text:list-item><text:p>deux</text:p><text:list><text:list-item><text:p>a</text:p></text:list-item><text:list-item><text:p>b</text:p></text:list-item></text:list></text:list-item></text:list>
        <table:table table:name="T"><table:table-column table:number-columns-repeated="2"/>
          <table:table-header-rows><table:table-row><table:table-cell><text:p>État</text:p></table:table-cell><table:table-cell><text:p>Forme</text:p></table:table-cell></table:table-row></table:table-header-rows>
          <table:table-row><table:table-cell><text:p>Solide</text:p><text:p>(cristal)</text:p></table:table-cell><table:table-cell table:number-columns-repeated="2"><text:p>oui</text:p></table:table-cell></table:table-row>
          <table:table-row><table:table-cell/><table:covered-table-cell/></table:table-row>
        </table:table>
        <text:p><draw:frame><draw:image/><svg:title>légende cachée</svg:title></draw:frame></text:p>
        """
        let meta = "<dc:title>Chapitre 1</dc:title><meta:initial-creator>Mme Curie</meta:initial-creator>"
        let x = try extract(ODFBuilder(body: body, automaticStyles: auto, styles: Self.styles, meta: meta))
        XCTAssertEqual(x.blocks.map(\.text), ["Les états de la matière", "Introduction",
                                              "La matière existe sous trois états.\nDeuxième ligne.", "Par le style",
                                              "Solide", "forme propre", "Liquide", "un", "deux", "a", "b",
                                              "État | Forme\nSolide (cristal) | oui | oui", "[Image: légende cachée]", "", "[1] Au moins."])
        XCTAssertEqual(x.blocks.map(\.kind), [.heading, .heading, .paragraph, .heading, .listItem, .listItem, .listItem,
                                              .listItem, .listItem, .listItem, .listItem, .table, .paragraph, .figure, .paragraph])
        // The picture, held in no part (no link), is a figure without file after its description.
        XCTAssertNil(x.blocks[13].image)
        XCTAssertEqual(x.blocks.map(\.level), [1, 1, nil, 2, 0, 1, 0, 0, 0, 1, 1, nil, nil, nil, nil])
        XCTAssertEqual(x.blocks.filter { $0.kind == .listItem }.map(\.marker), ["•", "◦", "•", "1.", "2.", "a)", "b)"])
        XCTAssertEqual(x.blocks[11].rows?.map { $0.map(\.text) }, [["État", "Forme"], ["Solide\n(cristal)", "oui", "oui"]])
        XCTAssertTrue(x.blocks.allSatisfy { $0.page == nil })
        XCTAssertEqual(x.title, TitleCandidate("Chapitre 1", origin: .metadata))
        XCTAssertEqual(x.metadata["creator"], .string("Mme Curie"))
        XCTAssertEqual(x.metadata["images"], .int(1))
        XCTAssertEqual(x.language, "fr")
    }

    func testPresentationPagesTitlesOutlineNotesAndHiddenPages() throws {
        let auto = #"<style:style style:name="dp1" style:family="drawing-page"/><style:style style:name="dpHidden" style:family="drawing-page"><style:drawing-page-properties presentation:visibility="hidden"/></style:style>"#
        func page(_ style: String, _ content: String) -> String { "<draw:page draw:name=\"p\" draw:style-name=\"\(style)\">\(content)</draw:page>" }
        let body = page("dp1", """
            <draw:frame presentation:class="outline"><draw:text-box><text:list><text:list-item><text:p>Solide</text:p><text:list><text:list-item><text:p>forme propre</text:p></text:list-item></text:list></text:list-item></text:list></draw:text-box></draw:frame>
            <draw:frame presentation:class="title"><draw:text-box><text:p>Les états</text:p></draw:text-box></draw:frame>
            <draw:frame presentation:class="page-number"><draw:text-box><text:p>1</text:p></draw:text-box></draw:frame>
            <presentation:notes><draw:page-thumbnail presentation:class="page"/><draw:frame presentation:class="notes"><draw:text-box><text:p>Parler de la glace.</text:p></draw:text-box></draw:frame></presentation:notes>
            """) + page("dpHidden", #"<draw:frame presentation:class="title"><draw:text-box><text:p>Cachée</text:p></draw:text-box></draw:frame>"#)
            + page("dp1", """
            <draw:frame presentation:class="subtitle"><draw:text-box><text:p>Sous-titre</text:p></draw:text-box></draw:frame>
            <draw:frame><table:table><table:table-row><table:table-cell><text:p>A</text:p></table:table-cell><table:table-cell><text:p>B</text:p></table:table-cell></table:table-row></table:table></draw:frame>
            """)
        let b = ODFBuilder(body: body, presentation: true, automaticStyles: auto)
        let x = try extract(b)
        XCTAssertEqual(x.blocks.map(\.text), ["Les états", "Solide", "forme propre", "Parler de la glace.", "Sous-titre", "A | B"])
        XCTAssertEqual(x.blocks.map(\.kind), [.heading, .listItem, .listItem, .quote, .paragraph, .table])
        XCTAssertEqual(x.blocks.map(\.page), [1, 1, 1, 1, 3, 3])
        XCTAssertEqual(x.blocks[2].level, 1)
        XCTAssertEqual(x.blocks[3].marker, "note")
        XCTAssertEqual(x.warnings.map(\.code), [.officeHiddenSlides])
        XCTAssertEqual(x.pagesRead, 2)
        XCTAssertEqual(x.metadata["slides"], .int(3))
        XCTAssertEqual(try extract(b, ODFExtractor(includeHidden: true)).blocks.map(\.text).filter { $0 == "Cachée" }.count, 1)
    }

    func testKindByMimetypeAndRefusals() throws {
        let b = ODFBuilder(body: "<text:p>Bonjour</text:p>")
        let named = try b.write(dir, "cours.zip")
        XCTAssertEqual(OfficeKind.detect(named, limits: ZipLimits()), .odt)
        XCTAssertEqual(OfficeKind.detect(try ODFBuilder(body: "", presentation: true).write(dir, "x.docx"), limits: ZipLimits()), .odp)
        XCTAssertEqual(OfficeKind.detect(try ODFBuilder(body: "", mimetype: "application/vnd.oasis.opendocument.spreadsheet").write(dir, "x.ods"), limits: ZipLimits()), .zip)
        var encrypted = b
        encrypted.manifest = #"<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="content.xml"><manifest:encryption-data manifest:checksum-type="SHA1"/></manifest:file-entry></manifest:manifest>"#
        XCTAssertThrowsError(try extract(encrypted)) { XCTAssertEqual(($0 as? IngestError)?.code, .encryptedOffice) }
        var evil = b
        evil.replaced["content.xml"] = #"<!DOCTYPE x [<!ENTITY a "aaaa">]><office:document-content \#(ODFBuilder.ns)/>"#
        XCTAssertThrowsError(try extract(evil)) { XCTAssertEqual(($0 as? IngestError)?.code, .officeEntityExpansion) }
        var broken = b
        broken.replaced["content.xml"] = "<office:document-content \(ODFBuilder.ns)><office:body><text:p>cut"
        XCTAssertThrowsError(try extract(broken)) { XCTAssertEqual(($0 as? IngestError)?.code, .officeXMLMalformed) }
        var badStyles = b
        badStyles.replaced["styles.xml"] = "<oops"
        let x = try extract(badStyles)
        XCTAssertEqual(x.blocks.map(\.text), ["Bonjour"])
        XCTAssertEqual(x.warnings.map(\.code), [.officePartSkipped])
        var w = ZipWriter()
        w.add("mimetype", Array("application/vnd.oasis.opendocument.text".utf8), stored: true, flags: 0)
        XCTAssertThrowsError(try extractFile(try dir.write("empty.odt", Data(w.bytes())), with: ODFExtractor())) {
            XCTAssertEqual(($0 as? IngestError)?.code, .officeMissingPart)
        }
    }
}
