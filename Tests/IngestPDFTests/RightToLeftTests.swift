import CPoppler
import Foundation
import IngestCore
@testable import IngestPDF
import IngestTestSupport
import XCTest

final class RightToLeftTests: XCTestCase {
    private let rle = "\u{202B}", pdf = "\u{202C}", lre = "\u{202A}"

    func testWordsOfAnArabicLineComeBackInLogicalOrder() {
        // « Hello world » as poppler-glib's selection text gives it (visual order, one embedding per word).
        let visual = "\(rle)بالعالم\(pdf) \(rle)مرحبا\(pdf)"
        XCTAssertEqual(RightToLeft.logicalWordOrder(visual), "\(rle)مرحبا بالعالم\(pdf)")
        XCTAssertTrue(RightToLeft.mayNeedReordering(Array(visual.utf8)))
        XCTAssertFalse(RightToLeft.mayNeedReordering(Array("Привет, мир — «é»".utf8)))
    }

    func testThreeWordsAndTextAroundThem() {
        let line = "Arabic: \(rle)c\(pdf) \(rle)b\(pdf) \(rle)a\(pdf) (3)"
        XCTAssertEqual(RightToLeft.logicalWordOrder(line), "Arabic: \(rle)a b c\(pdf) (3)")
    }

    func testWhatIsNotASimpleRunIsLeftAlone() {
        for line in ["\(rle)one\(pdf)", "\(rle)a\(pdf)  \(rle)b\(pdf)", "\(rle)\(lre) habibi\(pdf)x\(pdf)",
                     "\(rle)a\(pdf) x \(rle)b\(pdf)", "\(rle)unclosed \(rle)b\(pdf)", "\(rle)\(pdf) \(rle)\(pdf)", ""] {
            XCTAssertEqual(RightToLeft.logicalWordOrder(line), line)
        }
    }

    /// Seeded: reordering never loses or adds a character other than the merged marks, and
    /// applying it twice gives the same as once.
    func testKeepsEveryLetterAndIsStable() {
        var state: UInt64 = 0x5EED
        func next(_ n: Int) -> Int { state = state &* 6364136223846793005 &+ 1442695040888963407; return Int(state >> 33) % n }
        let pieces = [rle, pdf, lre, " ", "ب", "م", "a", "x"]
        for _ in 0..<2_000 {
            let line = (0..<next(14)).map { _ in pieces[next(pieces.count)] }.joined()
            let once = RightToLeft.logicalWordOrder(line)
            let letters = { (s: String) in s.unicodeScalars.filter { $0.properties.isAlphabetic }.map(\.value).sorted() }
            XCTAssertEqual(letters(once), letters(line), line.debugDescription)
            XCTAssertEqual(RightToLeft.logicalWordOrder(once), once, line.debugDescription)
        }
    }

    // MARK: - Pages whose right-to-left lines poppler-glib's usual selection loses

    /// Four Hebrew lines (those of issue11656.pdf in pdf.js's corpus) typeset the way such files
    /// are made: Markdown through pandoc (lang he, dir rtl) to .docx, then LibreOffice to PDF.
    /// poppler-glib's page text gives only the last line (`pdftotext` reads all four); every line
    /// is read, in order, each word where the source has it, without a warning.
    func testHebrewPageFromLibreOfficeIsReadWhole() throws {
        let source = ["שלום עולם מה שלום כולם?", "אני יורד מן החוטים, אני כבר ילד אמיתי.", "כמו כל הילדים.",
                      "לחיוב פעולות אלה לפי סעיף 15(ב)(4) לחוק מבקר המדינה"]
        let e = try Self.libreOfficePDF(source, language: "he")
        let read = e.blocks.map(Self.withoutControls)
        XCTAssertEqual(read, source)
        XCTAssertEqual(e.pages?.first?.classification, .text)
        XCTAssertTrue(e.warnings.isEmpty, "\(e.warnings.map(\.code))")
    }

    /// Three Arabic lines through pandoc and LibreOffice: poppler-glib's selections never give
    /// the third (`pdftotext` does). What is read is the source's, and the loss is named: the
    /// third line's ink has no text box (`pdf.textIncomplete`), never 2 lines of 3 as if whole.
    /// Two Hebrew lines above an English one: poppler-glib gives no text selected whole (from
    /// either corner); the page's top edge gives the Hebrew lines. Read, not sent to OCR; the
    /// English words, which poppler gives right to left too, back in their order.
    func testHebrewAboveEnglishIsReadNotScanned() throws {
        let source = ["שלום עולם מה שלום כולם?", "אני יורד מן החוטים, אני כבר ילד אמיתי.", "The end of the page is in English."]
        let e = try Self.libreOfficePDF(source, language: "he")
        XCTAssertEqual(e.blocks.map(Self.withoutControls), source)
        XCTAssertEqual(e.ocrCandidates, [])
        XCTAssertTrue(e.warnings.isEmpty, "\(e.warnings.map(\.code))")
    }

    func testLostArabicLineIsNamed() throws {
        let source = ["مرحبا بالعالم كيف حالك اليوم؟", "هذه فقرة ثانية باللغة العربية.", "والسطر الثالث هنا."]
        let e = try Self.libreOfficePDF(source, language: "ar")
        let read = e.blocks.map(Self.withoutControls)
        XCTAssertTrue(read.allSatisfy(source.contains), "\(read)")
        if read.count < source.count {
            XCTAssertEqual(e.warnings.first { $0.code == .pdfTextIncomplete }?.arguments?["pages"], "1")
        }
    }

    func testInkBandWithoutTextBox() {
        var inked = [Bool](repeating: false, count: 100)
        for y in 10..<20 { inked[y] = true }      // a line with its text box
        for y in 50..<52 { inked[y] = true }      // a rule: too thin for a line
        XCTAssertFalse(LostLines.uncoveredBand(inked, covered: [(11, 19)]))
        for y in 70..<80 { inked[y] = true }      // a line without
        XCTAssertTrue(LostLines.uncoveredBand(inked, covered: [(11, 19)]))
        XCTAssertFalse(LostLines.uncoveredBand(inked, covered: [(11, 19), (72, 78)]))
    }

    static func withoutControls(_ block: Block) -> String {
        let controls = Set("\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}".unicodeScalars)
        return String(String.UnicodeScalarView(block.text.unicodeScalars.filter { !controls.contains($0) }))
    }

    /// `lines` as paragraphs of Markdown through pandoc (right to left, `language`) to .docx,
    /// then LibreOffice to PDF, read by the extractor.
    static func libreOfficePDF(_ lines: [String], language: String) throws -> Extraction {
        guard runTool("pandoc", ["--version"])?.status == 0 else { try missingTool("pandoc missing (apt-get install pandoc)") }
        guard runTool("soffice", ["--version"])?.status == 0 else { try missingTool("LibreOffice (soffice) missing (apt-get install libreoffice-writer-nogui)") }
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let md = try tmp.write("page.md", lines.joined(separator: "\n\n") + "\n")
        let docx = tmp.url.appendingPathComponent("page.docx")
        guard runTool("pandoc", [md.path, "-M", "lang=\(language)", "-M", "dir=rtl", "-o", docx.path])?.status == 0 else {
            throw TestSetupFailure("pandoc could not write page.docx")
        }
        let profile = "file://" + tmp.url.appendingPathComponent("profile").path
        guard runTool("soffice", ["-env:UserInstallation=" + profile, "--headless", "--convert-to", "pdf", "--outdir", tmp.url.path, docx.path])?.status == 0 else {
            throw TestSetupFailure("soffice could not export page.docx")
        }
        let pdf = tmp.url.appendingPathComponent("page.pdf")
        return try PDFExtractor().extract(SourceInput(files: [pdf], kind: .pdf, byteSize: 0, name: "page.pdf"),
                                          context: ExtractionContext(language: .en))
    }

    /// Poppler's logical-order line: the first two words run together, each later gap written one
    /// word late (see `spacedLogicalLine`); visual-order lines (words apart) are not its.
    func testLogicalLineGetsItsSpacesBack() {
        let poppler = "\(rle)לחיוב\(pdf)\(rle)פעולות\(pdf) \(rle)אלה\(pdf) \(rle)\(lre)15\(pdf)\(pdf) \(rle)(ב)(\(pdf)\(rle)\(lre)4\(pdf)\(pdf)\(rle))\(pdf)\(rle)לחוק\(pdf) \(rle)המדינה\(pdf)"
        XCTAssertEqual(RightToLeft.logicalWordOrder(poppler),
                       "\(rle)לחיוב פעולות אלה \(lre)15\(pdf)(ב)(\(lre)4\(pdf)) לחוק המדינה\(pdf)")
        // The last word's gap is not written: none before punctuation.
        XCTAssertEqual(RightToLeft.spacedLogicalLine("\(rle)כמו\(pdf)\(rle)כל\(pdf) \(rle).\(pdf)"), "\(rle)כמו כל.\(pdf)")
        XCTAssertNil(RightToLeft.spacedLogicalLine("\(rle)بالعالم\(pdf) \(rle)مرحبا\(pdf)"))
        XCTAssertNil(RightToLeft.spacedLogicalLine("Arabic: \(rle)a\(pdf)\(rle)b\(pdf)"))
        XCTAssertNil(RightToLeft.spacedLogicalLine("\(rle)one\(pdf)"))
    }

    /// Boxes poppler's layout gives: one per character but the direction marks it adds, so a
    /// layout with more boxes than that holds glyphs the text lost (`pdf.textIncomplete`).
    func testCharactersWithBoxesLeaveOutDirectionMarks() {
        let text = "\(rle)כמו\(pdf)\(rle)כל\(pdf) \(rle)\(lre)15\(pdf)\(pdf)\nab"
        let n = Array(text.utf8).withUnsafeBytes { RightToLeft.charactersWithBoxes($0) }
        XCTAssertEqual(n, 3 + 2 + 1 + 2 + 1 + 2)
    }

    /// Two readings of a page: the lines the second has and the first lacks go after the line
    /// they follow in the second, with their boxes and fonts; `incomplete` when each lacked some.
    func testUnionOfTwoReadings() {
        func box(_ i: Int) -> PopplerRectangle { PopplerRectangle(x1: Double(i), y1: 0, x2: Double(i) + 1, y2: 10) }
        // "ab\ncd" and "cd\nef": scalars a b ⏎ c d / c d ⏎ e f.
        let usual = PageReading(bytes: Array("ab\ncd".utf8), rects: (0..<5).map(box),
                                runs: [PopplerTextRun(start: 0, end: 4, fontSize: 10, fontName: "A")])
        let right = PageReading(bytes: Array("cd\nef".utf8), rects: (10..<15).map(box),
                                runs: [PopplerTextRun(start: 0, end: 1, fontSize: 10, fontName: "A"),
                                       PopplerTextRun(start: 3, end: 4, fontSize: 12, fontName: "B")])
        let (union, incomplete) = RightToLeft.union(usual, right)
        XCTAssertTrue(incomplete)
        XCTAssertEqual(String(decoding: union.bytes, as: UTF8.self), "ab\ncd\nef")
        XCTAssertEqual(union.rects?.map(\.x1), [0, 1, 3, 3, 4, 13, 13, 14])   // a break gets its line's first box
        XCTAssertEqual(union.runs.map { [$0.start, $0.end] }, [[0, 1], [3, 4], [6, 7]])
        XCTAssertEqual(union.runs.map(\.fontName), ["A", "A", "B"])
        // One reading holding every line of the other is kept as it is.
        let whole = PageReading(bytes: Array("ab\ncd\nef".utf8), rects: nil, runs: [])
        XCTAssertEqual(RightToLeft.union(usual, whole).reading.bytes, whole.bytes)
        XCTAssertFalse(RightToLeft.union(usual, whole).incomplete)
        XCTAssertEqual(RightToLeft.union(whole, right).reading.bytes, whole.bytes)
    }
}
