import Foundation
import IngestCore
import IngestTestSupport
import XCTest
@testable import IngestPipeline

/// SPEC §6 and issue #19: the same chapter through another format or OCR noise is a duplicate
/// (`duplicateOf`, kind `exact` or `near`, with its similarity); an edited version is a
/// `revision`, listed, not a duplicate. Real conversions (LibreOffice, pdftoppm, our own OCR) and
/// a small evaluation set made at test time (bench/neardup has the large one).
final class NearDuplicateTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("neardup") }
    override func tearDown() { if ProcessInfo.processInfo.environment["INGEST_KEEP"] == nil { dir.remove() } else { print("kept", dir.url.path) } }

    // MARK: Texts made at test time

    static let vocabulary = DistinctText.vocabulary

    /// A chapter of `sentences` sentences, its own draw of the course's words.
    static func chapter(_ rng: inout SeededGenerator, sentences: Int) -> [String] {
        DistinctText.paragraphs(&rng, sentences: sentences)
    }

    /// Subtitles of the chapter read aloud: cues of at most two 42-character lines; `auto` as
    /// automatic captions write them (no case, no punctuation).
    static func srt(_ paragraphs: [String], auto: Bool) -> String {
        var words = paragraphs.joined(separator: " ").split(separator: " ").map(String.init)
        if auto { words = words.map { $0.lowercased().filter { $0.isLetter || $0 == "'" } }.filter { !$0.isEmpty } }
        var lines: [String] = [], line = ""
        for w in words {
            if !line.isEmpty && line.count + 1 + w.count > 42 { lines.append(line); line = "" }
            line += (line.isEmpty ? "" : " ") + w
        }
        if !line.isEmpty { lines.append(line) }
        var out = "", t = 0.0
        for (i, start) in stride(from: 0, to: lines.count, by: 2).enumerated() {
            let cue = lines[start..<min(start + 2, lines.count)]
            let end = t + Double(cue.joined(separator: " ").split(separator: " ").count) / 2.6
            out += "\(i + 1)\n\(stamp(t)) --> \(stamp(end))\n\(cue.joined(separator: "\n"))\n\n"
            t = end + 0.04
        }
        return out
    }

    static func stamp(_ t: Double) -> String {
        let ms = Int((t * 1000).rounded())
        return String(format: "%02d:%02d:%02d,%03d", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000)
    }

    /// Light edits: about 2 % of the words replaced, dropped or swapped with the next.
    static func lightlyEdited(_ paragraphs: [String], _ rng: inout SeededGenerator) -> [String] {
        paragraphs.map { p in
            var words = p.split(separator: " ").map(String.init)
            var i = 0
            while i < words.count {
                if Int.random(in: 0..<50, using: &rng) == 0 {
                    switch Int.random(in: 0..<3, using: &rng) {
                    case 0: words[i] = vocabulary.randomElement(using: &rng)!
                    case 1: words.remove(at: i)
                    default: if i + 1 < words.count { words.swapAt(i, i + 1) }
                    }
                }
                i += 1
            }
            return words.joined(separator: " ")
        }
    }

    /// v2 of a chapter: about a third of its paragraphs rewritten (new text) or added.
    static func revised(_ paragraphs: [String], _ rng: inout SeededGenerator) -> [String] {
        var result: [String] = []
        for (i, p) in paragraphs.enumerated() {
            if i % 3 == 1 { result.append(chapter(&rng, sentences: 5)[0]) } else { result.append(p) }
        }
        return result + chapter(&rng, sentences: 4)
    }

    /// A minimal WordprocessingML package: a Heading 1 title, then Normal paragraphs.
    static func docx(title: String, _ paragraphs: [String]) -> [UInt8] {
        func p(_ text: String, style: String? = nil) -> String {
            let escaped = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            return "<w:p>" + (style.map { "<w:pPr><w:pStyle w:val=\"\($0)\"/></w:pPr>" } ?? "")
                + "<w:r><w:t xml:space=\"preserve\">\(escaped)</w:t></w:r></w:p>"
        }
        let w = "xmlns:w=\"http://schemas.openxmlformats.org/wordprocessingml/2006/main\""
        let rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
        var zip = ZipWriter()
        zip.add("[Content_Types].xml", """
            <?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
            <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
            <Default Extension="xml" ContentType="application/xml"/>\
            <Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>\
            <Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>
            """)
        zip.add("_rels/.rels", """
            <?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
            <Relationship Id="rId1" Type="\(rel)/officeDocument" Target="word/document.xml"/></Relationships>
            """)
        zip.add("word/_rels/document.xml.rels", """
            <?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
            <Relationship Id="rId1" Type="\(rel)/styles" Target="styles.xml"/></Relationships>
            """)
        zip.add("word/styles.xml", """
            <?xml version="1.0" encoding="UTF-8"?><w:styles \(w)>\
            <w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:rPr><w:sz w:val="24"/></w:rPr></w:style>\
            <w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/>\
            <w:pPr><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:b/><w:sz w:val="32"/></w:rPr></w:style></w:styles>
            """)
        zip.add("word/document.xml", "<?xml version=\"1.0\" encoding=\"UTF-8\"?><w:document \(w)><w:body>"
                + p(title, style: "Heading1") + paragraphs.map { p($0) }.joined() + "</w:body></w:document>")
        return zip.bytes()
    }

    // MARK: Importing

    func pipeline(_ library: String = "lib.sqlite") throws -> Pipeline {
        var config = PipelineConfig()
        config.concurrency = 1
        config.messageLanguage = .en
        config.sink.kind = .none
        return try Pipeline(config: config, libraryPath: dir.url.appendingPathComponent(library).path)
    }

    /// Imports every file of `folder` (one document each) into `out`, with `pipeline`'s library.
    func importFolder(_ folder: URL, out: String, _ pipeline: Pipeline) -> [String: DocumentOutcome] {
        let importer = DocumentImporter(pipeline: pipeline, outputDirectory: dir.url.appendingPathComponent(out))
        var outcomes: [String: DocumentOutcome] = [:]
        for unit in InputPlanner().plan([folder.path]).units {
            outcomes[unit.sources[0].name] = importer.process(unit)
        }
        return outcomes
    }

    func importFile(_ file: URL, out: String, _ pipeline: Pipeline) throws -> DocumentOutcome {
        let units = InputPlanner().plan([file.path]).units
        XCTAssertEqual(units.count, 1)
        return DocumentImporter(pipeline: pipeline, outputDirectory: dir.url.appendingPathComponent(out)).process(try XCTUnwrap(units.first))
    }

    func document(_ outcome: DocumentOutcome, out: String) throws -> ImportedDocument {
        let url = dir.url.appendingPathComponent(out).appendingPathComponent(try XCTUnwrap(outcome.output))
        return try JSONDecoder().decode(ImportedDocument.self, from: Data(contentsOf: url))
    }

    func assertDuplicate(_ copy: DocumentOutcome, of original: DocumentOutcome, _ what: String,
                         file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(copy.status, .duplicate, what, file: file, line: line)
        XCTAssertEqual(copy.duplicateOf?.id, original.id, what, file: file, line: line)
        XCTAssertTrue([.exact, .near].contains(copy.duplicateOf?.kind), what, file: file, line: line)
        XCTAssertGreaterThanOrEqual(copy.duplicateOf?.similarity ?? 0, 0.8, what, file: file, line: line)
    }

    // MARK: The pairs of the issue, through the real tools

    /// A .docx and LibreOffice's PDF export of it are one document; that PDF and a scan of its page
    /// (rendered by pdftoppm at 300 dpi, OCR'd by our pipeline) are one document too.
    func testDocxItsPDFExportAndAScanOfItAreOneDocument() throws {
        guard runTool("soffice", ["--version"])?.status == 0 else {
            try missingTool("LibreOffice (soffice) missing (apt-get install libreoffice-writer-nogui)")
        }
        guard runTool("pdftoppm", ["-v"]) != nil else { try missingTool("pdftoppm is not installed (apt-get install poppler-utils)") }
        var rng = SeededGenerator(seed: 0xD0C)
        let text = Self.chapter(&rng, sentences: 16)
        let originals = dir.url.appendingPathComponent("docx")
        try FileManager.default.createDirectory(at: originals, withIntermediateDirectories: true)
        let docx = originals.appendingPathComponent("ondes.docx")
        try Data(Self.docx(title: "Les ondes sonores", text)).write(to: docx)
        let exports = dir.url.appendingPathComponent("exports")
        let profile = "file://" + dir.url.appendingPathComponent("profile").path
        guard let r = runTool("soffice", ["-env:UserInstallation=" + profile, "--headless", "--convert-to", "pdf",
                                          "--outdir", exports.path, docx.path]), r.status == 0 else {
            throw TestSetupFailure("soffice could not convert the .docx")
        }
        // Renamed as a student would save it (the same output name in the same folder is the
        // document written there again, not a second one).
        let pdf = exports.appendingPathComponent("ondes-export.pdf")
        try FileManager.default.moveItem(at: exports.appendingPathComponent("ondes.pdf"), to: pdf)
        let info = runTool("pdfinfo", [pdf.path]).map { String(decoding: $0.stdout, as: UTF8.self) } ?? ""
        XCTAssertNotNil(info.range(of: #"Pages:\s+1\n"#, options: .regularExpression), "the chapter fits one page: \(info)")

        let pipeline = try pipeline()
        let original = try importFile(docx, out: "out", pipeline)
        XCTAssertEqual(original.status, .succeeded)
        assertDuplicate(try importFile(pdf, out: "out", pipeline), of: original, "PDF export of the .docx")

        // The scan, against the born-digital PDF alone (a library of its own).
        let scans = dir.url.appendingPathComponent("scans")
        try FileManager.default.createDirectory(at: scans, withIntermediateDirectories: true)
        guard let p = runTool("pdftoppm", ["-r", "300", "-gray", "-png", "-singlefile", pdf.path, scans.appendingPathComponent("ondes-scan").path]),
              p.status == 0 else { throw TestSetupFailure("pdftoppm could not render the page") }
        let other = try self.pipeline("lib2.sqlite")
        let born = try importFile(pdf, out: "out2", other)
        XCTAssertEqual(born.status, .succeeded)
        let scan = try importFile(scans.appendingPathComponent("ondes-scan.png"), out: "out2", other)
        assertDuplicate(scan, of: born, "scan of the PDF")
        XCTAssertEqual(scan.kind, "png")
    }

    /// The same chapter as subtitles (.srt) and as a transcript (.txt) is one document.
    func testSubtitlesAndTranscriptAreOneDocument() throws {
        var rng = SeededGenerator(seed: 0x5e7)
        let text = Self.chapter(&rng, sentences: 24)
        let transcript = try dir.write("a/cours-ondes.txt", text.joined(separator: "\n\n"))
        let subtitles = try dir.write("b/cours-ondes-video.srt", Self.srt(text, auto: false))
        let pipeline = try pipeline()
        let original = try importFile(transcript, out: "out", pipeline)
        let copy = try importFile(subtitles, out: "out", pipeline)
        assertDuplicate(copy, of: original, "subtitles of the transcript")
    }

    /// v2 of a chapter (a third rewritten) is written as a document of its own and lists v1 as a
    /// revision with its similarity; a lightly edited copy of v1 is a near-duplicate of it.
    func testRevisionIsListedAndLightEditIsANearDuplicate() throws {
        var rng = SeededGenerator(seed: 0x2e7)
        let v1 = Self.chapter(&rng, sentences: 30)
        let first = try dir.write("a/chapitre-v1.txt", v1.joined(separator: "\n\n"))
        let second = try dir.write("b/chapitre-v2.txt", Self.revised(v1, &rng).joined(separator: "\n\n"))
        let edited = try dir.write("c/chapitre-corrige.txt", Self.lightlyEdited(v1, &rng).joined(separator: "\n\n"))
        let pipeline = try pipeline()
        let original = try importFile(first, out: "out", pipeline)
        let revision = try importFile(second, out: "out", pipeline)
        XCTAssertEqual(revision.status, .succeeded)
        XCTAssertNil(revision.duplicateOf)
        let listed = try document(revision, out: "out").possibleDuplicates
        XCTAssertEqual(listed.map(\.id), [original.id!])
        XCTAssertEqual(listed.first?.kind, .revision)
        XCTAssertEqual(listed.first?.reason, .revision)
        XCTAssertLessThan(listed.first?.similarity ?? 1, 0.8)
        XCTAssertGreaterThanOrEqual(listed.first?.similarity ?? 0, 0.5)

        let copy = try importFile(edited, out: "out", pipeline)
        assertDuplicate(copy, of: original, "light edits of v1")
        XCTAssertEqual(copy.duplicateOf?.kind, .near)
        XCTAssertEqual(copy.duplicateOf?.reason, .nearDuplicate)
        XCTAssertLessThan(copy.duplicateOf?.similarity ?? 1, 1)
    }

    // MARK: A small evaluation set

    /// 36 pairs (subtitles, automatic captions, light edits in Windows-1252, Markdown re-wrapped)
    /// and 8 revisions of 44 different chapters on one subject: the originals imported, then the
    /// copies into the same library. Every copy found as a duplicate of its own original, none of
    /// another (precision 1.0 over 43 × 44 non-pairs), recall ≥ 0.95; no revision a duplicate.
    func testSmallEvaluationSet() throws {
        var rng = SeededGenerator(seed: 0x19)
        let orig = dir.url.appendingPathComponent("orig"), copies = dir.url.appendingPathComponent("copies")
        var pairs: [(original: String, copy: String, kind: String)] = []
        for i in 0..<44 {
            let text = Self.chapter(&rng, sentences: Int.random(in: 18...40, using: &rng))
            let name = String(format: "chapitre-%02d", i)
            _ = try dir.write("orig/\(name).txt", text.joined(separator: "\n\n"))
            switch i % 11 {
            case 0...2:
                _ = try dir.write("copies/\(name)-video.srt", Self.srt(text, auto: i % 2 == 0))
                pairs.append(("\(name).txt", "\(name)-video.srt", "captions"))
            case 3...5:
                let edited = Self.lightlyEdited(text, &rng).joined(separator: "\r\n\r\n")
                _ = try dir.write("copies/\(name)-corrige.txt", try XCTUnwrap(edited.data(using: .windowsCP1252, allowLossyConversion: true)))
                pairs.append(("\(name).txt", "\(name)-corrige.txt", "edit"))
            case 6...8:
                // Re-wrapped at 60 columns under a heading, as notes taken in Markdown.
                let wrapped = text.map { p -> String in
                    var lines: [String] = [], line = ""
                    for w in p.split(separator: " ") {
                        if line.count + w.count > 60 { lines.append(line); line = "" }
                        line += (line.isEmpty ? "" : " ") + w
                    }
                    return (lines + [line]).joined(separator: "\n")
                }
                _ = try dir.write("copies/\(name)-notes.md", "# Chapitre \(i)\n\n" + wrapped.joined(separator: "\n\n"))
                pairs.append(("\(name).txt", "\(name)-notes.md", "reformat"))
            default:
                _ = try dir.write("copies/\(name)-v2.txt", Self.revised(text, &rng).joined(separator: "\n\n"))
                pairs.append(("\(name).txt", "\(name)-v2.txt", "revision"))
            }
        }
        let pipeline = try pipeline()
        let originals = importFolder(orig, out: "out/orig", pipeline)
        XCTAssertEqual(originals.values.filter { $0.status == .succeeded }.count, 44, "the 44 chapters are different texts")
        let outcomes = importFolder(copies, out: "out/copies", pipeline)
        var found = 0, wrong = 0, revisionsListed = 0
        for pair in pairs {
            let copy = try XCTUnwrap(outcomes[pair.copy]), original = try XCTUnwrap(originals[pair.original]?.id)
            if pair.kind == "revision" {
                XCTAssertEqual(copy.status, .succeeded, "\(pair.copy) is a revision, not a duplicate")
                if copy.status == .succeeded,
                   try document(copy, out: "out/copies").possibleDuplicates.contains(where: { $0.id == original && $0.kind == .revision }) {
                    revisionsListed += 1
                }
            } else if copy.status == .duplicate {
                if copy.duplicateOf?.id == original { found += 1 } else { wrong += 1 }
            }
        }
        let positives = pairs.filter { $0.kind != "revision" }.count
        XCTAssertEqual(positives, 36)
        XCTAssertEqual(wrong, 0, "precision 1.0: no copy taken for another chapter")
        XCTAssertGreaterThanOrEqual(Double(found) / Double(positives), 0.95, "recall \(found)/\(positives)")
        XCTAssertGreaterThanOrEqual(revisionsListed, 7, "revisions listed as such: \(revisionsListed)/8")
    }
}
