import Foundation
import IngestCore
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
            XCTAssertEqual(BlockBuilder.bare(ofKey: key), BlockBuilder.characterWithoutNumber(key), "bare of key \(key.debugDescription)")
        }
        // Text beyond ASCII: the key drops quotes and dashes on the ASCII path, and keeps letters,
        // digits and letters whose lower case is ASCII (`K`, Kelvin sign) through `unicodeKey`.
        let wider = pieces + ["\u{2019}", "\u{2018}", "\u{201C}", "\u{201D}", "\u{2013}", "\u{2014}", "\u{2212}", "\u{2026}", "\u{2022}",
                              "\u{00A0}", "\u{2009}", "é", "É", "\u{212A}", "İ", "²", "ⅳ", "σ", "Σ", "\u{0301}", "™", "©", "ß", "ǅ", "\u{00AD}"]
        for _ in 0..<5_000 {
            let count = Int.random(in: 0...8, using: &random)
            let text = (0..<count).map { _ in wider.randomElement(using: &random)! }.joined(separator: Bool.random(using: &random) ? " " : "")
            XCTAssertEqual(BlockBuilder.key(text), BlockBuilder.unicodeKey(text), "key of \(text.debugDescription)")
            if let key = BlockBuilder.asciiKey(droppingUnkeyed: text) {
                XCTAssertEqual(key, BlockBuilder.unicodeKey(text), "key of \(text.debugDescription)")
            }
        }
        XCTAssertEqual(BlockBuilder.asciiKey(droppingUnkeyed: "The \u{201C}set\u{201D} command \u{2014} gnuplot\u{2019}s"), "the set command gnuplots")
        XCTAssertNil(BlockBuilder.asciiKey(droppingUnkeyed: "\u{212A}elvin"))
        XCTAssertNil(BlockBuilder.asciiKey(droppingUnkeyed: "Élément"))
        for text in ["Élément 2", "ÉTUDE 3", "2ᵉ partie", "½ mesure", "ⅳ chapitre", "é\u{0301}tude", "e\u{0301} 4", "x 12", "ix 12", "Lecture", "cas 1"] {
            let key = BlockBuilder.key(text)
            XCTAssertEqual(BlockBuilder.bare(ofKey: key), BlockBuilder.characterWithoutNumber(key), "bare of key \(key.debugDescription)")
        }
        XCTAssertNil(BlockBuilder.asciiKey("Élément 2"))
        XCTAssertEqual(BlockBuilder.key("  Élément  2.1 : Œuvre "), "élément 21 œuvre")
        XCTAssertEqual(BlockBuilder.withoutNumber("ii 3 élément"), "élément")
        XCTAssertEqual(BlockBuilder.withoutNumber("12"), "12")
    }

    /// Issue 36 item 6: hyphen joining opens the dictionaries after extraction; a PDF whose blocks
    /// hold a word TeX cut at a line end says so once while its blocks are made (`WordLookAhead`),
    /// so they are opened meanwhile — and a PDF without one never says it (nothing to open: a
    /// text-layer PDF maps no hunspell, LazyLibrariesTests). The same English text typeset twice
    /// by pdflatex in a narrow column: hyphenated, and with hyphenation off.
    func testCutWordStartsTheDictionariesOnce() throws {
        let text = """
            Internationalization of documentation requires extraordinarily careful consideration: \
            characteristically, administrators underestimate the responsibilities that \
            accompany multilingual publication, and misunderstandings proliferate unnoticed.
            """
        let tmp = try TemporaryDirectory("cutword"); defer { tmp.remove() }
        func calls(hyphenating: Bool) throws -> (calls: Int, text: String) {
            let preamble = hyphenating ? "\\hyphenpenalty=0 \\exhyphenpenalty=0 " : ""
            let body = preamble + "\\begin{minipage}{3.5cm}\(text)\\end{minipage}\n\n\(text)"
            let source = LaTeXPDFs.article("12pt", body)
            let pdf = try LaTeXPDFs.make(hyphenating ? "hyphenated" : "whole", source, in: tmp)
            let count = Monitor(0)
            let blocks = try WordLookAhead.whileExtracting(opening: { count.update { $0 += 1 } }) { try LaTeXPDFs.extract(pdf).blocks }
            return (count.read { $0 }, blocks.map(\.text).joined(separator: "\n\n"))
        }
        let cut = try calls(hyphenating: true)
        XCTAssertTrue(cut.text.range(of: "[a-z]-\n[a-z]", options: .regularExpression) != nil, "TeX cut no word: \(cut.text)")
        XCTAssertEqual(cut.calls, 1)
        let whole = try calls(hyphenating: false)
        XCTAssertNil(whole.text.range(of: "[a-z]-\n[a-z]", options: .regularExpression), whole.text)
        XCTAssertEqual(whole.calls, 0)
    }

    /// The page walk starts the dictionaries at the first page that cuts a word, before any
    /// look after the walk: a two-page pdflatex text hyphenated on its first page has them asked
    /// for once that page is read (and once in all for the whole extraction); the same text
    /// unhyphenated, or a walk not watching (one page, or running headers kept), never.
    func testWalkStartsTheDictionariesAtTheFirstCutWord() throws {
        let text = """
            Internationalization of documentation requires extraordinarily careful consideration: \
            characteristically, administrators underestimate the responsibilities that \
            accompany multilingual publication, and misunderstandings proliferate unnoticed.
            """
        let tmp = try TemporaryDirectory("walkcut"); defer { tmp.remove() }
        func pdf(hyphenating: Bool) throws -> URL {
            let preamble = hyphenating ? "\\hyphenpenalty=0 \\exhyphenpenalty=0 " : ""
            let body = preamble + "\\begin{minipage}{3.5cm}\(text)\\end{minipage}\n\n\\newpage\n\(text)"
            return try LaTeXPDFs.make(hyphenating ? "hyphenated" : "whole", LaTeXPDFs.article("12pt", body), in: tmp)
        }
        func startsOnFirstPage(_ url: URL, watching: Bool) throws -> Int {
            let document = try PopplerDocumentRef(url: url, password: nil)
            XCTAssertEqual(document.pageCount, 2)
            let page = try XCTUnwrap(document.page(at: 0))
            let count = Monitor(0)
            _ = WordLookAhead.whileExtracting(opening: { count.update { $0 += 1 } }) {
                PDFExtractor().readInWalk(page, watchingCutWords: watching)
            }
            return count.read { $0 }
        }
        let cut = try pdf(hyphenating: true), whole = try pdf(hyphenating: false)
        XCTAssertEqual(try startsOnFirstPage(cut, watching: true), 1)
        XCTAssertEqual(try startsOnFirstPage(cut, watching: false), 0)
        XCTAssertEqual(try startsOnFirstPage(whole, watching: true), 0)
        let count = Monitor(0)
        let blocks = try WordLookAhead.whileExtracting(opening: { count.update { $0 += 1 } }) { try LaTeXPDFs.extract(cut).blocks }
        XCTAssertTrue(blocks.map(\.text).joined(separator: "\n").range(of: "[a-z]-\n[a-z]", options: .regularExpression) != nil,
                      "TeX cut no word")
        XCTAssertEqual(count.read { $0 }, 1)
    }

    /// Lines in a typewriter font are no headings (issue 33): a course page in Markdown whose
    /// indented block pandoc typesets with pdflatex in LMMono10 — with a straight apostrophe in it
    /// (upquote's glyph), poppler gives that font's lines glyph boxes 1.47 times the body's at the
    /// same 10 pt, so `Définition :` and the line under it (no final stop) came out as one heading
    /// of level 2 (an SVT course page: `Définition :` / `Fossiles : restes…`). The font size decides: the block's
    /// lines are paragraphs, in their order; the titles stay headings at their levels.
    func testTypewriterLinesAreNoHeadings() throws {
        guard runTool("pandoc", ["--version"])?.status == 0 else { try missingTool("pandoc is not installed (apt-get install pandoc)") }
        try LaTeXPDFs.requirePDFLaTeX()
        let tmp = try TemporaryDirectory("typewriter"); defer { tmp.remove() }
        let md = try tmp.write("volcans.md", """
            # Les volcans

            Un volcan est un relief formé par l'accumulation de laves, de cendres et de blocs rejetés lors des éruptions successives. Le magma remonte depuis une chambre magmatique située à quelques kilomètres de profondeur, puis s'échappe par une cheminée jusqu'au cratère.

            ## Séance 1 : Les éruptions

            Les éruptions effusives produisent des coulées de lave fluide qui s'écoulent lentement sur les pentes du volcan. Les éruptions explosives projettent au contraire des nuées ardentes, des bombes et des cendres très loin dans l'atmosphère.

                Certaines éruptions sont effusives, d'autres explosives

                Définition :
                Magma : roche fondue contenant des gaz dissous

            La surveillance des volcans, par des sismomètres et des mesures de gaz, permet de prévenir les populations qui vivent à proximité.
            """)
        let pdf = tmp.url.appendingPathComponent("volcans.pdf")
        guard runTool("pandoc", [md.path, "-V", "lang=fr", "--pdf-engine=pdflatex", "-o", pdf.path])?.status == 0 else {
            throw TestSetupFailure("pandoc could not typeset volcans.md")
        }
        let blocks = try LaTeXPDFs.extract(pdf).blocks
        let headings = blocks.filter { $0.kind == .heading }
        XCTAssertEqual(headings.map(\.text), ["Les volcans", "Séance 1 : Les éruptions"], "\(blocks.map { ($0.kind, $0.text) })")
        XCTAssertEqual(headings.map(\.level), [1, 2])
        let text = blocks.filter { $0.kind == .paragraph }.map(\.text).joined(separator: "\n")
        XCTAssertTrue(text.contains("Définition :\nMagma : roche fondue contenant des gaz dissous"), text)
        XCTAssertTrue(text.contains("Certaines éruptions sont effusives, d'autres explosives"), text)
    }
}

extension BlockBuilderTests {
    /// pdf.js's bug1997343.pdf (a tagged pdflatex paper in two columns): `2 Document structures`
    /// right over `2.1 Mathematics`, close enough to be one paragraph, each its bookmark's title.
    /// The first bookmark took the first line; the second line, left to the size rule, became a
    /// heading of level 3 (and the bookmark went to the contents page's `2.1 Mathematics . . .`).
    func testABookmarkRightUnderABookmarkIsItsHeadingToo() {
        func line(_ text: String, _ y0: Double, _ h: Double) -> TextLine {
            TextLine(text: text, x0: 302.1, y0: y0, x1: 302.1 + Double(text.count) * h * 0.45, y1: y0 + h, glyphHeight: h, hasGeometry: true)
        }
        var lines = [line("2 Document structures", 293, 20.5), line("2.1 Mathematics", 320.2, 17.05)]
        lines += (0..<6).map { line("Let p be a prime, then the text of the column goes on \($0)", 341.5 + Double($0) * 12, 14.1) }
        lines.append(line("2.1 Mathematics . . . . . . . . . . . . . 1", 450, 14.1))
        XCTAssertEqual(Paragraphs.group(Array(lines.prefix(2))).count, 1, "one paragraph, as on the page")
        let page = PDFExtractor.PageData(lines: lines, classification: .text, characters: 400, label: nil, height: 782, width: 595)
        var builder = BlockBuilder(pages: [page], outline: [OutlineEntry(title: "Document structures", level: 1, page: nil),
                                                           OutlineEntry(title: "Mathematics", level: 2, page: nil)])
        let headings = builder.takeBlocks().filter { $0.kind == .heading }.map { "\($0.level ?? 0) \($0.text)" }
        XCTAssertEqual(headings, ["1 2 Document structures", "2 2.1 Mathematics"])
    }

    /// A long document's blocks made in two halves on two threads are those made on one, in the
    /// same order: bookmarks of a page and of none, headings by size, list items, paragraphs
    /// over page breaks (seeded pages, 2,400 lines).
    func testBlocksMadeOnTwoThreadsAreThoseMadeOnOne() {
        var random = SeededGenerator(seed: 2_600)
        func line(_ text: String, _ y0: Double, _ h: Double) -> TextLine {
            TextLine(text: text, x0: 72, y0: y0, x1: 72 + Double(text.count) * h * 0.45, y1: y0 + h, glyphHeight: h, hasGeometry: true)
        }
        let words = ["the", "column", "goes", "on", "with", "a", "prime", "num-", "ber", "and", "text", "of", "every", "page"]
        var pages: [PDFExtractor.PageData] = []
        var outline: [OutlineEntry] = []
        for p in 0..<60 {
            var lines: [TextLine] = []
            var y = 60.0
            for k in 0..<40 {
                let roll = Int.random(in: 0..<12, using: &random)
                let text: String
                var h = 10.0
                if roll == 0 {
                    text = "\(p + 1).\(k) Section \(p * 40 + k)"
                    outline.append(OutlineEntry(title: "Section \(p * 40 + k)", level: 2, page: Bool.random(using: &random) ? p + 1 : nil))
                    y += 8
                } else if roll == 1 {
                    text = "Large heading \(p)-\(k)"; h = 18; y += 8
                } else if roll == 2 {
                    text = "• item " + (0..<5).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
                } else {
                    text = (0..<Int.random(in: 6...12, using: &random)).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
                }
                lines.append(line(text, y, h))
                y += h * 1.2 + (Int.random(in: 0..<5, using: &random) == 0 ? 10 : 0)
            }
            pages.append(PDFExtractor.PageData(lines: lines, classification: p == 30 ? .empty : .text, characters: 2_000, label: nil,
                                               height: 842, width: 595))
        }
        var one = BlockBuilder(pages: pages, outline: outline)
        let alone = one.takeBlocks()
        var lent = 0
        var two = BlockBuilder(pages: pages, outline: outline)
        let halves = two.takeBlocks(beside: { lent += 1; return {} })
        XCTAssertEqual(lent, 1, "the other half was offered a core")
        XCTAssertGreaterThan(alone.count, 1_000)
        XCTAssertEqual(halves, alone)
        XCTAssertTrue(alone.contains { $0.kind == .heading && $0.level == 2 } && alone.contains { $0.kind == .listItem })
    }
}
