import Foundation
import IngestCore
import IngestTestSupport
import IngestZip
@testable import IngestOffice
import XCTest

final class EPUBExtractorTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("epub") }
    override func tearDown() { dir.remove() }

    func extract(_ b: EPUBBuilder) throws -> Extraction { try extractFile(b.write(dir), with: EPUBExtractor()) }

    func testSpineOrderHeadingsListsTablesFootnotesAndPages() throws {
        let one = """
        <h1>Chapitre premier</h1><p>La matière&nbsp;existe sous <em>trois</em>
        états.<a epub:type="noteref" href="#n1">1</a></p>
        <div>Texte dans un div.<p>Un paragraphe.</p>et sa suite</div>
        <ul><li>Solide<ul><li>forme propre</li></ul></li><li>Liquide</li></ul>
        <ol><li>un</li><li>deux</li></ol>
        <table><thead><tr><th>État</th><th>Forme</th></tr></thead><tbody><tr><td>Solide</td><td><p>oui</p><p>toujours</p></td></tr></tbody></table>
        <blockquote><p>Rien ne se perd.</p></blockquote><pre>x = 1
        y = 2</pre>
        <aside epub:type="footnote" id="n1"><p>1. Au moins trois.</p></aside>
        <script>var hidden = 1;</script><p>Fin<br/>du chapitre.</p>
        """
        let two = "<section><h2>Deuxième</h2><p>Texte deux.</p></section>"
        // The spine reads chapter two first; the CSS item in the spine is not a chapter.
        let x = try extract(EPUBBuilder(chapters: [("one.xhtml", one), ("two.xhtml", two)], spine: [1, 0]))
        XCTAssertEqual(x.blocks.map(\.text), ["Deuxième", "Texte deux.",
                                              "Chapitre premier", "La matière\u{A0}existe sous trois états.1", "Texte dans un div.",
                                              "Un paragraphe.", "et sa suite", "Solide", "forme propre", "Liquide", "un", "deux",
                                              "État | Forme\nSolide | oui toujours", "Rien ne se perd.", "x = 1\ny = 2",
                                              "Fin\ndu chapitre.", "1. Au moins trois."])
        XCTAssertEqual(x.blocks.map(\.kind), [.heading, .paragraph, .heading, .paragraph, .paragraph, .paragraph, .paragraph,
                                              .listItem, .listItem, .listItem, .listItem, .listItem, .table, .quote, .code,
                                              .paragraph, .paragraph])
        XCTAssertEqual(x.blocks.map(\.page), [1, 1] + Array(repeating: 2, count: 15))
        XCTAssertEqual(x.blocks.filter { $0.kind == .listItem }.map(\.level), [0, 1, 0, 0, 0])
        XCTAssertEqual(x.blocks.filter { $0.kind == .listItem }.map(\.marker), ["•", "•", "•", "1.", "2."])
        XCTAssertEqual(x.blocks.filter { $0.kind == .heading }.map(\.level), [2, 1])
        XCTAssertEqual(x.blocks[12].rows?.map { $0.map(\.text) }, [["État", "Forme"], ["Solide", "oui\ntoujours"]])
        XCTAssertEqual(x.title, TitleCandidate("Physique", origin: .metadata))
        XCTAssertEqual(x.language, "fr")
        XCTAssertEqual(x.metadata["author"], .string("A. Auteur"))
        XCTAssertEqual(x.metadata["notes"], .int(1))
        XCTAssertEqual(x.pagesRead, 2)
    }

    /// A chapter the spine lists twice is read once (issue 33): pandoc writes the book, then its
    /// package document is edited to list the first chapter again — by the same itemref, and by a
    /// second manifest item naming the same file another way (`./text/ch001.xhtml`, with a
    /// fragment). Readers show the chapter once in reading order; its text appears once, in place.
    func testAChapterListedTwiceIsReadOnce() throws {
        try SourceTools.requirePandoc()
        let epub = try SourceTools(dir: dir).pandoc("""
            # Les volcans

            Un volcan rejette des laves et des cendres.

            # Les séismes

            Un séisme libère une énergie accumulée dans les roches.
            """, "livre.epub", ["--metadata", "title=Géologie"])
        let archive = try ZipArchive(url: epub)
        guard let opfEntry = archive.entries.first(where: { $0.name.hasSuffix(".opf") }) else { throw TestSetupFailure("pandoc wrote no .opf") }
        let opf = String(decoding: try archive.data(opfEntry), as: UTF8.self)
        guard opf.contains(#"<itemref idref="ch001_xhtml" />"#),
              let item = opf.range(of: #"<item id="ch001_xhtml" href="text/ch001.xhtml" media-type="application/xhtml+xml" />"#) else {
            throw TestSetupFailure("pandoc's package document changed form: \(opf)")
        }
        var edited = opf
        edited.insert(contentsOf: #"<item id="again" href="./text/ch001.xhtml#top" media-type="application/xhtml+xml" />"#, at: item.upperBound)
        edited = edited.replacingOccurrences(of: #"<itemref idref="ch002_xhtml" />"#,
                                             with: #"<itemref idref="ch002_xhtml" /><itemref idref="ch001_xhtml" /><itemref idref="again" />"#)
        var w = ZipWriter()
        for entry in archive.entries {
            let bytes = entry.name == opfEntry.name ? Array(edited.utf8) : try archive.data(entry)
            w.add(entry.name, bytes, stored: entry.name == "mimetype", flags: entry.name == "mimetype" ? 0 : 0x0800)
        }
        let twice = try dir.write("twice.epub", Data(w.bytes()))
        let once = try extractFile(epub, with: EPUBExtractor())
        let x = try extractFile(twice, with: EPUBExtractor())
        XCTAssertEqual(x.blocks.map(\.text), once.blocks.map(\.text))
        XCTAssertEqual(x.blocks.filter { $0.text.contains("Un volcan rejette") }.count, 1)
        XCTAssertEqual(x.metadata["chapters"], once.metadata["chapters"])
    }

    /// A list item of several paragraphs is one item with one number (session 21, FIDREAL):
    /// Debian's developers-reference.epub (Sphinx) has `<li><p>…</p><p>…</p></li>` in its numbered
    /// procedures, which read "2. In this step…" then "2. The current maintainers…", a step 2 twice.
    /// pandoc writes the same shape from a loose Markdown list; the item's paragraphs stay in its
    /// block, one per line, and a paragraph after the item's own nested list is a paragraph.
    func testAListItemOfSeveralParagraphsKeepsOneNumber() throws {
        try SourceTools.requirePandoc()
        let epub = try SourceTools(dir: dir).pandoc("""
            # Reprendre un paquet

            1. Ouvrir un rapport de bogue.

            2. Attendre 21 jours.

               Le mainteneur peut aussi accepter.

            3. Envoyer le paquet :

               - construire
               - signer

               puis attendre la réponse.

            - Une puce

              et sa suite.
            """, "liste.epub", ["--metadata", "title=Paquets"])
        let x = try extractFile(epub, with: EPUBExtractor())
        let items = x.blocks.filter { $0.kind == .listItem }
        XCTAssertEqual(items.map(\.marker), ["1.", "2.", "3.", "•", "•", "•"])
        XCTAssertEqual(items.map(\.text), ["Ouvrir un rapport de bogue.", "Attendre 21 jours.\nLe mainteneur peut aussi accepter.",
                                           "Envoyer le paquet :", "construire", "signer", "Une puce\net sa suite."])
        let after = x.blocks.firstIndex { $0.text == "signer" }.map { x.blocks[$0 + 1] }
        XCTAssertEqual(after?.text, "puis attendre la réponse.")
        XCTAssertEqual(after?.kind, .paragraph)
    }

    func testImageTextAlternativesAreRead() throws {
        let one = #"<p>Le cycle de l'eau <img src="a.png" alt="Schéma : évaporation puis condensation"/> en résumé.</p><p><img src="b.png" alt=""/>Fin.</p>"#
        let x = try extract(EPUBBuilder(chapters: [("one.xhtml", one)]))
        XCTAssertEqual(x.blocks.map(\.text), ["Le cycle de l'eau [Image: Schéma : évaporation puis condensation] en résumé.", "", "Fin.", ""])
        // Each picture a figure after the paragraph it stands in; pictures the book does not hold: no file.
        XCTAssertEqual(x.blocks.map(\.kind), [.paragraph, .figure, .paragraph, .figure])
        XCTAssertEqual(x.blocks.map(\.image), [nil, nil, nil, nil])
    }

    func testDRMRefusedByNameButObfuscatedFontsRead() throws {
        let chapters = [("c.xhtml", "<p>Texte</p>")]
        let adept = #"<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/><enc:CipherData><enc:CipherReference URI="OEBPS/text/c.xhtml"/></enc:CipherData></enc:EncryptedData></encryption>"#
        let fonts = #"<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.idpf.org/2008/embedding"/><enc:CipherData><enc:CipherReference URI="OEBPS/fonts/a.otf"/></enc:CipherData></enc:EncryptedData></encryption>"#
        for extra in [[("META-INF/encryption.xml", adept)], [("META-INF/rights.xml", "<rights/>")], [("META-INF/encryption.xml", "<broken")]] {
            XCTAssertThrowsError(try extract(EPUBBuilder(chapters: chapters, extra: extra))) {
                XCTAssertEqual(($0 as? IngestError)?.code, .officeEpubDRM)
                XCTAssertEqual(($0 as? IngestError)?.message(.fr), "Ce livre EPUB est protégé par des DRM : son texte est chiffré et ne peut pas être lu. Utilise une version sans DRM.")
            }
        }
        XCTAssertEqual(try extract(EPUBBuilder(chapters: chapters, extra: [("META-INF/encryption.xml", fonts)])).blocks.map(\.text), ["Texte"])
    }

    func testKindByMimetypeAndBadInput() throws {
        let b = EPUBBuilder(chapters: [("a.xhtml", "<p>Bon</p>"), ("b.xhtml", "<p>cassé")])
        XCTAssertEqual(OfficeKind.detect(try b.write(dir, "livre.zip"), limits: ZipLimits()), .epub)
        // A damaged chapter is skipped with a warning; the others are read.
        let x = try extract(b)
        XCTAssertEqual(x.blocks.map(\.text), ["Bon"])
        XCTAssertEqual(x.warnings.map(\.code), [.officePartSkipped])
        // Declared entities are refused as everywhere.
        let evil = EPUBBuilder(chapters: [("a.xhtml", "<p>x</p>")], extra: [])
        var bytes = evil.bytes()
        _ = bytes
        var w = ZipWriter()
        w.add("mimetype", Array("application/epub+zip".utf8), stored: true, flags: 0)
        w.add("META-INF/container.xml", #"<!DOCTYPE c [<!ENTITY a "a">]><container xmlns="urn:oasis:names:tc:opendocument:xmlns:container"/>"#)
        XCTAssertThrowsError(try extractFile(try dir.write("evil.epub", Data(w.bytes())), with: EPUBExtractor())) {
            XCTAssertEqual(($0 as? IngestError)?.code, .officeEntityExpansion)
        }
        var empty = ZipWriter()
        empty.add("mimetype", Array("application/epub+zip".utf8), stored: true, flags: 0)
        XCTAssertThrowsError(try extractFile(try dir.write("empty.epub", Data(empty.bytes())), with: EPUBExtractor())) {
            XCTAssertEqual(($0 as? IngestError)?.code, .officeMissingPart)
        }
        bytes = b.bytes()
        var rng = SeededGenerator(seed: 3)
        for i in 0..<30 {
            var fuzzed = bytes
            for _ in 0..<8 { fuzzed[Int(rng.next() % UInt64(fuzzed.count))] = UInt8(truncatingIfNeeded: rng.next()) }
            do { _ = try extractFile(try dir.write("f\(i).epub", Data(fuzzed)), with: EPUBExtractor()) } catch is IngestError {} catch { XCTFail("\(error)") }
        }
    }
}
