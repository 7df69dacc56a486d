import Foundation
import IngestCore
import IngestTestSupport
@testable import IngestOffice
import XCTest

final class DocxExtractorTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("docx") }
    override func tearDown() { dir.remove() }

    func extract(_ b: DocxBuilder, config: PipelineConfig = PipelineConfig()) throws -> Extraction {
        try extractDocx(b.write(dir), config: config)
    }

    func assertCode(_ code: ErrorCode, _ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            XCTAssertEqual((error as? IngestError)?.code, code, "\(error)", file: file, line: line)
        }
    }

    func testHeadingsFromStylesOutlineLevelsAndLocalizedNames() throws {
        let body = [
            DocxBuilder.p("Le titre", style: "Title"),
            DocxBuilder.p("Chapitre un", style: "Heading1"),
            DocxBuilder.p("Section", style: "Heading2"),
            DocxBuilder.p("Sous-section", style: "Titre3"),
            DocxBuilder.p("Custom based on heading 2", style: "MonChapitre"),
            DocxBuilder.p("Outline level 3 from style, not from its tracked change", style: "Plan"),
            #"<w:p><w:pPr><w:outlineLvl w:val="4"/></w:pPr><w:r><w:t>Direct outline</w:t></w:r></w:p>"#,
            DocxBuilder.p("Body text."),
        ].joined()
        let x = try extract(DocxBuilder(body: body))
        XCTAssertEqual(x.blocks.map(\.kind), [.heading, .heading, .heading, .heading, .heading, .heading, .heading, .paragraph])
        XCTAssertEqual(x.blocks.map(\.level), [1, 1, 2, 3, 2, 4, 5, nil])
        XCTAssertEqual(x.title, TitleCandidate("Le titre", origin: .heading))
    }

    static let numbering = """
    <w:abstractNum w:abstractNumId="0">
      <w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl>
      <w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="lowerLetter"/><w:lvlText w:val="%2)"/></w:lvl>
      <w:lvl w:ilvl="2"><w:start w:val="1"/><w:numFmt w:val="lowerRoman"/><w:lvlText w:val="%1.%2.%3"/></w:lvl>
    </w:abstractNum>
    <w:abstractNum w:abstractNumId="1">
      <w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/><w:lvlText w:val="\u{F0B7}"/><w:rPr><w:rFonts w:ascii="Symbol" w:hAnsi="Symbol"/></w:rPr></w:lvl>
      <w:lvl w:ilvl="1"><w:numFmt w:val="upperRoman"/><w:lvlText w:val="%2."/></w:lvl>
    </w:abstractNum>
    <w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>
    <w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>
    <w:num w:numId="3"><w:abstractNumId w:val="0"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="5"/></w:lvlOverride></w:num>
    """

    func testListMarkersNestedLevelsAndRestart() throws {
        let body = [
            DocxBuilder.p("one", num: (1, 0)), DocxBuilder.p("one-a", num: (1, 1)), DocxBuilder.p("one-b", num: (1, 1)),
            DocxBuilder.p("deep", num: (1, 2)), DocxBuilder.p("two", num: (1, 0)), DocxBuilder.p("two-a", num: (1, 1)),
            DocxBuilder.p("bullet", num: (2, 0)), DocxBuilder.p("roman", num: (2, 1)), DocxBuilder.p("roman2", num: (2, 1)),
            DocxBuilder.p("restart at five", num: (3, 0)), DocxBuilder.p("six", num: (3, 0)),
            DocxBuilder.p("not a list", num: (0, 0)),
        ].joined()
        var b = DocxBuilder(body: body)
        b.numbering = Self.numbering
        let x = try extract(b)
        XCTAssertEqual(x.blocks.map { $0.marker ?? "-" },
                       ["1.", "a)", "b)", "1.b.i", "2.", "a)", "•", "I.", "II.", "5.", "6.", "-"])
        XCTAssertEqual(x.blocks.map { $0.level ?? -1 }, [0, 1, 1, 2, 0, 1, 0, 1, 1, 0, 0, -1])
        XCTAssertEqual(x.blocks.last?.kind, .paragraph)
    }

    func testTablesWithNestedTableKeepStructureAndText() throws {
        func cell(_ inner: String) -> String { "<w:tc><w:tcPr><w:tcW w:w=\"1\"/></w:tcPr>\(inner)</w:tc>" }
        let nested = "<w:tbl><w:tblPr/><w:tr>\(cell(DocxBuilder.p("n1")))\(cell(DocxBuilder.p("n2")))</w:tr></w:tbl>"
        let table = "<w:tbl><w:tblPr><w:tblW w:w=\"0\"/></w:tblPr><w:tblGrid/>"
            + "<w:tr>\(cell(DocxBuilder.p("Nom")))\(cell(DocxBuilder.p("Valeur")))</w:tr>"
            + "<w:tr>\(cell(DocxBuilder.p("a") + DocxBuilder.p("b")))\(cell(nested + DocxBuilder.p("after")))</w:tr></w:tbl>"
        let x = try extract(DocxBuilder(body: DocxBuilder.p("before") + table + DocxBuilder.p("end")))
        XCTAssertEqual(x.blocks.map(\.kind), [.paragraph, .table, .paragraph])
        let t = x.blocks[1]
        XCTAssertEqual(t.rows?.count, 2)
        XCTAssertEqual(t.rows?[0].map(\.text), ["Nom", "Valeur"])
        XCTAssertEqual(t.rows?[1][0].text, "a\nb")
        XCTAssertEqual(t.rows?[1][1].tables?.first?.first?.map(\.text), ["n1", "n2"])
        XCTAssertEqual(t.rows?[1][1].text, "n1 | n2\nafter")
        XCTAssertEqual(t.text, "Nom | Valeur\na b | n1 | n2 after")
    }

    func testRunLevelFeatures() throws {
        let body = """
        <w:p><w:r><w:t>Kept</w:t></w:r><w:ins w:id="1"><w:r><w:t xml:space="preserve"> inserted</w:t></w:r></w:ins><w:del w:id="2"><w:r><w:delText> deleted</w:delText></w:r></w:del><w:moveFrom><w:r><w:t> movedaway</w:t></w:r></w:moveFrom><w:moveTo><w:r><w:t xml:space="preserve"> moved</w:t></w:r></w:moveTo></w:p>
        <w:p><w:r><w:t xml:space="preserve">Page </w:t></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGE \\* MERGEFORMAT </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>7</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r><w:fldSimple w:instr="DATE"><w:r><w:t xml:space="preserve"> today</w:t></w:r></w:fldSimple></w:p>
        <w:p><w:pPr><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr><w:r><w:t>a</w:t><w:tab/><w:t>b</w:t><w:br/><w:t>c</w:t><w:noBreakHyphen/><w:t>d</w:t><w:softHyphen/><w:t>e</w:t><w:sym w:font="Symbol" w:char="F061"/><w:sym w:font="Wingdings" w:char="F0FC"/></w:r></w:p>
        <w:sdt><w:sdtPr><w:alias w:val="Champ"/><w:placeholder><w:docPart w:val="X"/></w:placeholder></w:sdtPr><w:sdtContent><w:p><w:hyperlink r:id="rH"><w:r><w:t>link text</w:t></w:r></w:hyperlink></w:p></w:sdtContent></w:sdt>
        <w:p><w:r><w:t xml:space="preserve">Outer </w:t></w:r><w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wps:txbx><w:txbxContent><w:p><w:r><w:t>In the box</w:t></w:r></w:p></w:txbxContent></wps:txbx></w:drawing></mc:Choice><mc:Fallback><w:pict><v:textbox><w:txbxContent><w:p><w:r><w:t>In the box</w:t></w:r></w:p></w:txbxContent></v:textbox></w:pict></mc:Fallback></mc:AlternateContent></w:r><w:r><w:t>end</w:t></w:r></w:p>
        """
        let x = try extract(DocxBuilder(body: body))
        XCTAssertEqual(x.blocks.map(\.text), [
            "Kept inserted moved", "Page 7 today", "a\tb\nc\u{2011}d\u{00AD}eα✓", "link text", "Outer end", "In the box",
        ])
        XCTAssertEqual(x.metadata["trackedChanges"], .int(4))
    }

    /// Lists that share a numbering definition (issue 33), written by LibreOffice as Word does:
    /// a list continued after a paragraph (`text:continue-list`: one `w:numId` for both parts), a
    /// nested level, and a new list of the same style (its own `w:num`). The markers are the ones
    /// LibreOffice itself shows for that `.docx` (its text export), and the source's: 1. 2. a) b)
    /// 3. 4. then 1. 2.
    func testListsSharingANumberingDefinitionKeepTheirNumbers() throws {
        try SourceTools.requireSoffice()
        let tools = SourceTools(dir: dir)
        let source = try dir.write("listes.fodt", """
        <?xml version="1.0" encoding="UTF-8"?>
        <office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
        <office:automatic-styles>
        <text:list-style style:name="L1"><text:list-level-style-number text:level="1" style:num-suffix="." style:num-format="1"/><text:list-level-style-number text:level="2" style:num-suffix=")" style:num-format="a"/></text:list-style>
        </office:automatic-styles>
        <office:body><office:text>
        <text:p>Première liste :</text:p>
        <text:list xml:id="list1" text:style-name="L1"><text:list-item><text:p>un</text:p></text:list-item><text:list-item><text:p>deux</text:p><text:list><text:list-item><text:p>deux-a</text:p></text:list-item><text:list-item><text:p>deux-b</text:p></text:list-item></text:list></text:list-item></text:list>
        <text:p>Un paragraphe entre les deux.</text:p>
        <text:list text:continue-list="list1" text:style-name="L1"><text:list-item><text:p>trois</text:p></text:list-item><text:list-item><text:p>quatre</text:p></text:list-item></text:list>
        <text:p>Une autre liste, même style, qui recommence :</text:p>
        <text:list text:style-name="L1"><text:list-item><text:p>alpha</text:p></text:list-item><text:list-item><text:p>beta</text:p></text:list-item></text:list>
        </office:text></office:body></office:document>
        """)
        let docx = try tools.soffice(source, to: "docx:MS Word 2007 XML", as: "listes.docx")
        let shown = try tools.soffice(docx, to: "txt:Text", as: "listes.txt")
        let expected = ["1. un", "2. deux", "a) deux-a", "b) deux-b", "3. trois", "4. quatre", "1. alpha", "2. beta"]
        let lines = try String(contentsOf: shown, encoding: .utf8).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(lines.filter { line in expected.contains(line) }, expected, "LibreOffice shows the source's numbers")
        let items = try extractFile(docx, with: DocxExtractor()).blocks.filter { $0.kind == .listItem }
        XCTAssertEqual(items.map { ($0.marker ?? "") + " " + $0.text }, expected)
    }

    func testFootnotesAreNumberedAndAppended() throws {
        var b = DocxBuilder(body: """
        <w:p><w:r><w:t>Claim</w:t></w:r><w:r><w:footnoteReference w:id="2"/></w:r><w:r><w:t xml:space="preserve"> and more.</w:t></w:r></w:p>
        <w:p><w:r><w:t>Second</w:t></w:r><w:r><w:footnoteReference w:id="3"/></w:r></w:p>
        """)
        b.footnotes = """
        <w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>
        <w:footnote w:id="3"><w:p><w:r><w:footnoteRef/></w:r><w:r><w:t xml:space="preserve"> The second note.</w:t></w:r></w:p></w:footnote>
        <w:footnote w:id="2"><w:p><w:r><w:footnoteRef/></w:r><w:r><w:t xml:space="preserve"> Source of the claim.</w:t></w:r></w:p></w:footnote>
        """
        let x = try extract(b)
        XCTAssertEqual(x.blocks.map(\.text), ["Claim[1] and more.", "Second[2]", "[1]  Source of the claim.", "[2]  The second note."])
    }

    func testCorePropertiesAndLanguage() throws {
        var b = DocxBuilder(body: DocxBuilder.p("Bonjour à tous, ceci est le cours.", lang: "fr-FR") + DocxBuilder.p("Short en"))
        b.core = #"<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/"><dc:title>Cours de chimie</dc:title><dc:creator>Marie Curie</dc:creator><dcterms:created>2024-09-01T08:00:00Z</dcterms:created><dcterms:modified>2024-09-02T08:00:00Z</dcterms:modified></cp:coreProperties>"#
        let x = try extract(b)
        XCTAssertEqual(x.title, TitleCandidate("Cours de chimie", origin: .metadata))
        XCTAssertEqual(x.metadata["author"], .string("Marie Curie"))
        XCTAssertEqual(x.metadata["created"], .string("2024-09-01T08:00:00Z"))
        XCTAssertEqual(x.metadata["modified"], .string("2024-09-02T08:00:00Z"))
        XCTAssertEqual(x.language, "fr")
    }

    func testMainPartFoundThroughRelationships() throws {
        var b = DocxBuilder(body: DocxBuilder.p("Elsewhere"))
        b.mainPart = "content/main2.xml"
        XCTAssertEqual(try extract(b).blocks.map(\.text), ["Elsewhere"])
    }

    func testImageOnlyDocumentSaysSo() throws {
        let pic = #"<w:p><w:r><w:drawing><a:graphic><a:graphicData><a:blip r:embed="rId9"/></a:graphicData></a:graphic></w:drawing></w:r></w:p>"#
        let x = try extract(DocxBuilder(body: pic + pic))
        XCTAssertEqual(x.thinTextReason, .officeImageOnly)
        XCTAssertEqual(x.metadata["images"], .int(2))
        let text = try extract(DocxBuilder(body: DocxBuilder.p("plain")))
        XCTAssertNil(text.thinTextReason)
    }

    func testHundredThousandParagraphs() throws {
        let body = (0..<100_000).map { "<w:p><w:r><w:t>Paragraph \($0)</w:t></w:r></w:p>" }.joined()
        let x = try extract(DocxBuilder(body: body))
        XCTAssertEqual(x.blocks.count, 100_000)
        XCTAssertEqual(x.blocks.last?.text, "Paragraph 99999")
    }

    // MARK: Bad input

    /// Thousands of tables nested in one another: read without recursion; structure kept to a
    /// bounded depth, all text kept.
    func testDeeplyNestedTables() throws {
        let depth = 5000
        let open = "<w:tbl><w:tr><w:tc>"
        let close = "</w:tc></w:tr></w:tbl>"
        let body = String(repeating: open, count: depth) + DocxBuilder.p("deepest") + String(repeating: close, count: depth)
        let x = try extract(DocxBuilder(body: body))
        XCTAssertEqual(x.blocks.count, 1)
        XCTAssertEqual(x.blocks[0].text, "deepest")
        var level = 0
        var cell = x.blocks[0].rows?.first?.first
        while let next = cell?.tables?.first?.first?.first { level += 1; cell = next }
        XCTAssertEqual(level, DocumentHandler.maxTableDepth - 1)
        XCTAssertNoThrow(try JSONEncoder().encode(x.blocks))
    }

    func testNoMainPart() throws {
        var w = ZipWriter()
        w.add("[Content_Types].xml", "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\"/>")
        w.add("word/other.xml", "<x/>")
        let url = try dir.write("empty.docx", Data(w.bytes()))
        assertCode(.officeNoMainPart) { _ = try extractDocx(url) }
    }

    func testRecursiveEntitiesInDocumentAreRefused() throws {
        var b = DocxBuilder(body: "<w:p><w:r><w:t>&lol3;</w:t></w:r></w:p>")
        b.styles = #"<!DOCTYPE s [<!ENTITY a "&b;"><!ENTITY b "&a;">]><w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>"#
        assertCode(.officeEntityExpansion) { _ = try self.extract(b) }
        var w = ZipWriter()
        w.add("word/document.xml", #"<?xml version="1.0"?><!DOCTYPE d [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;">]><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&lol3;</w:t></w:r></w:p></w:body></w:document>"#)
        let url = try dir.write("laughs.docx", Data(w.bytes()))
        assertCode(.officeEntityExpansion) { _ = try extractDocx(url) }
    }

    func testMalformedMainPart() throws {
        var w = ZipWriter()
        w.add("word/document.xml", #"<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p></w:body>"#)
        let url = try dir.write("bad.docx", Data(w.bytes()))
        assertCode(.officeXMLMalformed) { _ = try extractDocx(url) }
    }

    func testZipBombDocument() throws {
        var w = ZipWriter()
        w.add("[Content_Types].xml", "<Types/>")
        // 1 GiB of zeros as the main part (a few hundred KiB on disk, declaring 1,000 bytes).
        w.entries.append(.init(name: Array("word/document.xml".utf8), data: ZipWriter.zerosStream(megabytes: 1024),
                               method: 8, crc: 0, uncompressedSize: 1000, flags: 0x0800))
        let url = try dir.write("bomb.docx", Data(w.bytes()))
        assertCode(.zipBombRatio) { _ = try extractDocx(url) }
    }

    /// A ZIP of ZIPs of bombs: we never open archives inside archives, so the nested bombs are
    /// never inflated; the file is not a Word document and is refused quickly by name.
    func testNestedZipBombIsNeverOpened() throws {
        var inner = ZipWriter()
        for i in 0..<8 {
            inner.entries.append(.init(name: Array("b\(i).bin".utf8), data: ZipWriter.zerosStream(megabytes: 256),
                                       method: 8, crc: 0, uncompressedSize: 256 << 20, flags: 0x0800))
        }
        let innerBytes = inner.bytes()
        var outer = ZipWriter()
        for i in 0..<8 { outer.add("level1/\(i).zip", innerBytes, stored: true) }
        let url = try dir.write("nested.docx", Data(outer.bytes()))
        assertCode(.officeNoMainPart) { _ = try extractDocx(url) }
        XCTAssertEqual(OfficeKind.detect(url, limits: .init()), .zip)
        // The same nest inside a real document's embeddings is left alone.
        var b = DocxBuilder(body: DocxBuilder.p("Text with an embedded archive."))
        b.extra = [("word/embeddings/nested.zip", outer.bytes())]
        XCTAssertEqual(try extract(b).blocks.map(\.text), ["Text with an embedded archive."])
    }

    func testLegacyDocAndEncryptedOfficeHaveTheirOwnRefusal() throws {
        let doc = try dir.write("old.doc", Data(OLE2Builder.file(streams: ["WordDocument", "1Table"])))
        let enc = try dir.write("locked.docx", Data(OLE2Builder.file(streams: ["EncryptionInfo", "EncryptedPackage"])))
        XCTAssertEqual(Sniffer.sniff(prefix: try Data(contentsOf: doc)).kind, .ole2)
        XCTAssertEqual(OLE2Directory.kind(try Data(contentsOf: doc)), .legacyDoc)
        XCTAssertEqual(OLE2Directory.kind(try Data(contentsOf: enc)), .encryptedOffice)
        assertCode(.legacyDoc) { _ = try extractDocx(doc) }
        assertCode(.encryptedOffice) { _ = try extractDocx(enc) }
        let ctx = ExtractionContext(language: .fr)
        assertCode(.legacyDoc) { _ = try OfficeRefusal().extract(SourceInput(files: [doc], kind: .legacyDoc, byteSize: 1536, name: "old.doc"), context: ctx) }
        assertCode(.encryptedOffice) { _ = try OfficeRefusal().extract(SourceInput(files: [enc], kind: .encryptedOffice, byteSize: 1536, name: "locked.docx"), context: ctx) }
        XCTAssertEqual(IngestError(.legacyDoc).message(.fr), "Les anciens .doc ne sont pas lus : exporte-les en .docx depuis Word.")
    }

    func testOfficeKindFromContentTypes() throws {
        func kind(_ type: String?, extra: [(String, String)] = [], name: String = "f.bin") throws -> SourceKind {
            var w = ZipWriter()
            for (n, t) in extra { w.add(n, t, stored: true) }
            if let type {
                w.add("[Content_Types].xml", "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\"><Override PartName=\"/x/main.xml\" ContentType=\"\(type)\"/></Types>")
            }
            return OfficeKind.detect(try dir.write(name, Data(w.bytes())), limits: .init())
        }
        XCTAssertEqual(try kind("application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"), .docx)
        XCTAssertEqual(try kind("application/vnd.ms-word.document.macroEnabled.main+xml"), .docx)
        XCTAssertEqual(try kind("application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml"), .docx)
        XCTAssertEqual(try kind("application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"), .pptx)
        XCTAssertEqual(try kind("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"), .xlsx)
        XCTAssertEqual(try kind(nil, extra: [("mimetype", "application/vnd.oasis.opendocument.text")]), .odt)
        XCTAssertEqual(try kind(nil, extra: [("notes.txt", "hello")]), .zip)
        let cut = try dir.write("cut.docx", Data("PK\u{03}\u{04}broken".utf8))
        XCTAssertEqual(OfficeKind.detect(cut, limits: .init()), .docx, "a damaged .docx goes to the Word reader for a precise error")
    }

    func testDocmIsReadAndMacrosAreOnlyNoted() throws {
        var b = DocxBuilder(body: DocxBuilder.p("Macro document"))
        b.contentType = "application/vnd.ms-word.document.macroEnabled.main+xml"
        b.extra = [("word/vbaProject.bin", [0xD0, 0xCF, 0x11, 0xE0])]
        let x = try extract(b)
        XCTAssertEqual(x.blocks.map(\.text), ["Macro document"])
        XCTAssertEqual(x.metadata["macros"], .string("present, not run"))
    }
}

/// A minimal OLE2 compound file: header, one FAT sector, one directory sector listing `streams`.
enum OLE2Builder {
    static func file(streams: [String]) -> [UInt8] {
        var b = [UInt8](repeating: 0, count: 512 * 3)
        func put16(_ o: Int, _ v: Int) { b[o] = UInt8(v & 0xFF); b[o + 1] = UInt8(v >> 8 & 0xFF) }
        func put32(_ o: Int, _ v: UInt32) { for k in 0..<4 { b[o + k] = UInt8(v >> (8 * UInt32(k)) & 0xFF) } }
        for (i, m) in [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1].enumerated() { b[i] = UInt8(m) }
        put16(0x18, 0x3E); put16(0x1A, 3); put16(0x1C, 0xFFFE); put16(0x1E, 9); put16(0x20, 6)
        put32(0x2C, 1); put32(0x30, 1); put32(0x38, 0x1000); put32(0x3C, 0xFFFF_FFFE); put32(0x44, 0xFFFF_FFFE)
        put32(0x4C, 0)
        for k in 1..<109 { put32(0x4C + 4 * k, 0xFFFF_FFFF) }
        // FAT (sector 0 at 512): sector 0 is FAT, sector 1 the directory (end of chain).
        put32(512, 0xFFFF_FFFD); put32(516, 0xFFFF_FFFE)
        for k in 2..<128 { put32(512 + 4 * k, 0xFFFF_FFFF) }
        // Directory (sector 1 at 1024): four 128-byte entries.
        for (i, name) in (["Root Entry"] + streams).prefix(4).enumerated() {
            let e = 1024 + 128 * i
            let units = Array(name.utf16)
            for (k, u) in units.enumerated() { put16(e + 2 * k, Int(u)) }
            put16(e + 64, (units.count + 1) * 2)
            b[e + 66] = i == 0 ? 5 : 2
        }
        return b
    }
}
