import Foundation
import IngestCore
import IngestQuality
import IngestTestSupport
import IngestZip
import XCTest
@testable import IngestOffice

/// Issue 36: equations read as LaTeX. The formulas of `FormulaCorpus` are written as Markdown
/// (`$…$` inline, `$$…$$` display), made into .docx (pandoc: OMML), .odt (pandoc, and LibreOffice
/// from the .docx: MathML formula objects) and .epub (pandoc --mathml); what Ingest reads back is
/// compared with the source after `FormulaMatch`'s normalisation. pandoc's own readers
/// (`pandoc -f docx -t latex`…) are run on the same files as the peer. `bench/formulas/run.sh` prints
/// the figures this test measures.
final class FormulaFidelityTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("formulas") }
    override func tearDown() { dir.remove() }

    static let label = "Formule"

    static func isDisplay(_ index: Int) -> Bool { index % 3 == 0 }

    /// The corpus as a course: each formula after its label, every third on its own line.
    static var markdown: String {
        var md = "# Formulaire\n\n"
        for (i, f) in FormulaCorpus.formulas.enumerated() {
            if isDisplay(i) { md += "\(label) \(i + 1) :\n\n$$\(f)$$\n\n" } else { md += "\(label) \(i + 1) : $\(f)$ fin.\n\n" }
        }
        return md
    }

    struct Score { var equal = 0; var found = 0; var misses: [(Int, String, String)] = [] }

    static func score(_ read: [Int: String]) -> Score {
        var s = Score()
        for (i, source) in FormulaCorpus.formulas.enumerated() {
            guard let got = read[i + 1] else { s.misses.append((i + 1, source, "(none)")); continue }
            s.found += 1
            if FormulaMatch.equal(source, got) { s.equal += 1 } else { s.misses.append((i + 1, source, got)) }
        }
        return s
    }

    /// Each label's formula in a stream of text pieces and formulas: the first formula after it.
    static func assign(_ stream: [(text: String?, formula: String?)]) -> [Int: String] {
        var out: [Int: String] = [:]
        var pending: Int?
        let labelPattern = try! NSRegularExpression(pattern: label + #" (\d+) :"#)
        for piece in stream {
            if let f = piece.formula { if let p = pending { out[p] = f; pending = nil }; continue }
            guard let t = piece.text else { continue }
            let ns = t as NSString
            if let m = labelPattern.matches(in: t, range: NSRange(location: 0, length: ns.length)).last {
                pending = Int(ns.substring(with: m.range(at: 1)))
            }
        }
        return out
    }

    /// Ingest's formulas: `$…$` in a block's text, and formula blocks' `latex`.
    static func ingestFormulas(_ e: Extraction) -> [Int: String] {
        var stream: [(text: String?, formula: String?)] = []
        for b in e.blocks {
            if b.kind == .formula { stream.append((nil, b.latex)); continue }
            stream.append(contentsOf: split(b.text, open: "$", close: "$"))
        }
        return assign(stream)
    }

    /// The formula blocks' LaTeX by label (what is written `$…$` in text left out).
    static func blockFormulas(_ e: Extraction) -> [Int: String] {
        assign(e.blocks.map { $0.kind == .formula ? (nil, $0.latex) : ($0.text, nil) })
    }

    /// Text and formulas of a string whose formulas are between `open` and `close`.
    static func split(_ text: String, open: String, close: String) -> [(text: String?, formula: String?)] {
        var out: [(text: String?, formula: String?)] = []
        var rest = Substring(text)
        while let start = rest.range(of: open) {
            out.append((String(rest[..<start.lowerBound]), nil))
            let after = rest[start.upperBound...]
            guard let end = after.range(of: close) else { rest = after; break }
            out.append((nil, String(after[..<end.lowerBound])))
            rest = after[end.upperBound...]
        }
        out.append((String(rest), nil))
        return out
    }

    /// pandoc's reading of the same file as LaTeX: `\(…\)` inline, `\[…\]` display.
    static func pandocFormulas(_ url: URL, from format: String) throws -> [Int: String] {
        guard let r = runTool("pandoc", ["-f", format, "-t", "latex", "--wrap=none", url.path]), r.status == 0 else {
            throw TestSetupFailure("pandoc -f \(format) could not read \(url.lastPathComponent)")
        }
        var latex = String(decoding: r.stdout, as: UTF8.self)
        latex = latex.replacingOccurrences(of: #"\["#, with: #"\("#).replacingOccurrences(of: #"\]"#, with: #"\)"#)
        return assign(split(latex, open: #"\("#, close: #"\)"#))
    }

    func report(_ name: String, _ ingest: Score, _ peer: Score?) -> Double {
        let n = FormulaCorpus.formulas.count
        func pct(_ k: Int) -> String { String(format: "%.1f %%", 100 * Double(k) / Double(n)) }
        let pandoc = peer.map { "pandoc \($0.equal)/\(n) equal (\(pct($0.equal))), \($0.found) found" } ?? "pandoc: no reader for this format"
        print("formulas \(name): ingest \(ingest.equal)/\(n) equal (\(pct(ingest.equal))), \(ingest.found) found; " + pandoc)
        for (i, source, got) in ingest.misses {
            print("  \(name) #\(i): source «\(source)» read «\(got)»  [\(FormulaMatch.normalize(source)) ≠ \(FormulaMatch.normalize(got))]")
        }
        return Double(ingest.equal) / Double(n)
    }

    func testFormulasReadBackAsTheirSource() throws {
        try SourceTools.requirePandoc()
        try SourceTools.requireSoffice()
        XCTAssertGreaterThanOrEqual(FormulaCorpus.formulas.count, 200)
        let tools = SourceTools(dir: dir)
        let md = Self.markdown
        let docx = try tools.pandoc(md, "formulas.docx")
        let odt = try tools.pandoc(md, "formulas.odt")
        let epub = try tools.pandoc(md, "formulas.epub", ["--mathml", "--metadata", "title=Formulaire"])
        let loOdt = try tools.soffice(docx, to: "odt", as: "formulas-lo.odt")
        let pptx = try tools.pandoc(md, "formulas.pptx")
        // LibreOffice Writer's .docx (OMML written from its StarMath) of the odt it made.
        let loDocx = try tools.soffice(loOdt, to: "docx", as: "formulas-lo.docx")
        // LibreOffice's import of Word equations changes some of them before Ingest sees the file
        // (`LibreOfficeChanges`: each with the evidence its StarMath annotation holds, checked
        // below): those are counted apart, and every other formula must read as its source. The
        // overall bar is what that leaves (240 and 235 of 283). LibreOffice's .docx leaves one
        // object empty (#242, `[H₃O⁺] = 10^{−pH}`).
        // pandoc has no .pptx reader: no peer figure for the deck.
        let starMath = try LibreOfficeChanges.annotations(loOdt, label: Self.label)
        let cases: [(String, URL, any Extractor, String?, Double, Int, String?)] = [
            ("pandoc docx", docx, DocxExtractor(), "docx", 0.95, 0, nil),
            ("pandoc odt", odt, ODFExtractor(), "odt", 0.95, 0, nil),
            ("pandoc epub (MathML)", epub, EPUBExtractor(), "epub", 0.95, 0, nil),
            ("LibreOffice odt from the docx", loOdt, ODFExtractor(), "odt", 0.84, 0, "odt"),
            ("pandoc pptx", pptx, PptxExtractor(), nil, 0.95, 0, nil),
            ("LibreOffice docx from its odt", loDocx, DocxExtractor(), "docx", 0.83, 1, "docx"),
        ]
        for (name, url, extractor, format, bar, emptyObjects, libreOffice) in cases {
            let e = try extractFile(url, with: extractor)
            let ingest = Self.score(Self.ingestFormulas(e))
            let peerRead = try format.map { try Self.pandocFormulas(url, from: $0) }
            let share = report(name, ingest, peerRead.map(Self.score))
            XCTAssertGreaterThanOrEqual(share, bar, "\(name): \(ingest.equal) of \(FormulaCorpus.formulas.count) formulas equal to their source")
            if let libreOffice {
                checkLibreOfficeChanges(name, Self.ingestFormulas(e), peerRead ?? [:], starMath, inOdt: libreOffice == "odt")
            }
            // Display equations are formula blocks whose text still reads without LaTeX.
            let blocks = e.blocks.filter { $0.kind == .formula }
            let displays = FormulaCorpus.formulas.indices.filter(Self.isDisplay).count
            // Every display equation the file holds is a formula block (LibreOffice leaves one object empty).
            let read = Self.ingestFormulas(e)
            let missing = FormulaCorpus.formulas.indices.filter { Self.isDisplay($0) && read[$0 + 1] == nil }.count
            XCTAssertLessThanOrEqual(missing, emptyObjects, "\(name): display equations not found")
            XCTAssertEqual(blocks.count, displays - missing, "\(name): formula blocks")
            for b in blocks {
                XCTAssertFalse(b.text.isEmpty, "\(name): a formula block without its linear text")
                XCTAssertFalse(b.text.contains("\\"), "\(name): LaTeX in a formula's linear text «\(b.text)»")
                XCTAssertEqual(b.provenance, .textLayer)
            }
        }
    }
    /// What a LibreOffice file still says of its source: the formulas `LibreOfficeChanges` lists
    /// for that file are counted apart (their evidence checked in the .odt's StarMath, and each must
    /// still read otherwise than its source); every other formula must read as its source.
    func checkLibreOfficeChanges(_ name: String, _ read: [Int: String], _ peer: [Int: String], _ starMath: [Int: String], inOdt: Bool) {
        let changed = LibreOfficeChanges.changes.filter { inOdt ? $0.value.inOdt : $0.value.inDocx }
        for (n, change) in changed.sorted(by: { $0.key < $1.key }) {
            let text = starMath[n] ?? "(no annotation)"
            XCTAssertTrue(change.holds(text), "\(name) #\(n): LibreOffice's StarMath «\(text)» does not show: \(change.why)")
            XCTAssertFalse(FormulaMatch.equal(FormulaCorpus.formulas[n - 1], read[n] ?? ""),
                           "\(name) #\(n) reads as its source: LibreOffice no longer changes it, take it off LibreOfficeChanges")
        }
        let kept = FormulaCorpus.formulas.indices.filter { changed[$0 + 1] == nil }
        func equal(_ r: [Int: String]) -> Int { kept.filter { FormulaMatch.equal(FormulaCorpus.formulas[$0], r[$0 + 1] ?? "") }.count }
        let ingestEqual = equal(read)
        let byChange = LibreOfficeChanges.Change.allCases.compactMap { c -> String? in
            let k = changed.values.filter { $0 == c }.count
            return k == 0 ? nil : "\(k) \(c)"
        }
        print("formulas \(name), what the file still says: ingest \(ingestEqual)/\(kept.count) equal; pandoc \(equal(peer))/\(kept.count); "
              + "changed by LibreOffice (counted apart, evidence checked): \(changed.count) = " + byChange.joined(separator: ", "))
        XCTAssertEqual(ingestEqual, kept.count, "\(name): formulas the file still says, read otherwise than their source")
    }

    /// Impress formula objects: each formula's MathML (pandoc --mathml from the LaTeX) put in a
    /// frame of its own on a slide of a flat ODP, which LibreOffice Impress saves as an .odp with
    /// `Object N/` formula objects (their MathML rewritten by LibreOffice, with a StarMath
    /// annotation it sets the formula from, which Ingest reads). LibreOffice 7.4's MathML import
    /// loses much on the way — its StarMath says `nitalic l` for `ln` (`cos`, `sin`, `gcd`, `det`
    /// alike), `frac {2} {3} + frac {1} {6}` for 2/3 + 1/6 (its grammar takes `3 + frac {1} {6}` as
    /// the denominator, and so does its MathML), `left ( frac {n} {k} right )` for a binomial — so
    /// the bar here is what survives that import (218 of 283; 203 read from the MathML alone); the
    /// pandoc-made files above carry the 95 % one.
    func testImpressFormulaObjects() throws {
        try SourceTools.requirePandoc()
        try SourceTools.requireSoffice()
        let tools = SourceTools(dir: dir)
        let md = FormulaCorpus.formulas.map { "$$" + $0 + "$$" }.joined(separator: "\n\n")
        let source = try dir.write("objects.md", md)
        guard let r = runTool("pandoc", [source.path, "--mathml", "-t", "html"]), r.status == 0 else {
            throw TestSetupFailure("pandoc could not write MathML")
        }
        let html = String(decoding: r.stdout, as: UTF8.self)
        let math = try NSRegularExpression(pattern: "<math.*?</math>", options: [.dotMatchesLineSeparators])
        let annotation = try NSRegularExpression(pattern: "<annotation.*?</annotation>", options: [.dotMatchesLineSeparators])
        let elements = math.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { m -> String in
            let e = String(html[Range(m.range, in: html)!])
            return annotation.stringByReplacingMatches(in: e, range: NSRange(e.startIndex..., in: e), withTemplate: "")
        }
        XCTAssertEqual(elements.count, FormulaCorpus.formulas.count)
        var pages = ""
        for (i, e) in elements.enumerated() {
            pages += """
            <draw:page draw:name="p\(i + 1)"><draw:frame svg:x="1cm" svg:y="1cm" svg:width="20cm" svg:height="2cm"><draw:text-box>\
            <text:p>\(Self.label) \(i + 1) :</text:p></draw:text-box></draw:frame><draw:frame svg:x="2cm" svg:y="5cm" svg:width="16cm" \
            svg:height="4cm"><draw:object>\(e)</draw:object></draw:frame></draw:page>

            """
        }
        let fodp = """
        <?xml version="1.0" encoding="UTF-8"?>
        <office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" \
        xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" \
        xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.3" \
        office:mimetype="application/vnd.oasis.opendocument.presentation"><office:body><office:presentation>
        \(pages)</office:presentation></office:body></office:document>
        """
        let odp = try tools.soffice(try dir.write("objects.fodp", fodp), to: "odp", as: "objects.odp")
        let e = try extractFile(odp, with: ODFExtractor())
        let ingest = Self.score(Self.ingestFormulas(e))
        // pandoc has no .odp reader: no peer figure.
        let share = report("LibreOffice Impress odp (formula objects)", ingest, nil)
        XCTAssertGreaterThanOrEqual(share, 0.77, "Impress: \(ingest.equal) of \(FormulaCorpus.formulas.count) formulas equal to their source")
        // What Impress changed, counted apart with its evidence (the object's StarMath); every
        // other formula reads as its source.
        let starMath = try LibreOfficeChanges.annotations(odp, label: Self.label)
        let read = Self.ingestFormulas(e)
        for (n, change) in LibreOfficeChanges.impressChanges.sorted(by: { $0.key < $1.key }) {
            let text = starMath[n] ?? "(no annotation)"
            XCTAssertTrue(change.holds(text), "Impress #\(n): its StarMath «\(text)» does not show: \(change.why)")
            XCTAssertFalse(FormulaMatch.equal(FormulaCorpus.formulas[n - 1], read[n] ?? ""), "Impress #\(n) reads as its source: take it off impressChanges")
        }
        let kept = FormulaCorpus.formulas.indices.filter { LibreOfficeChanges.impressChanges[$0 + 1] == nil }
        let keptEqual = kept.filter { FormulaMatch.equal(FormulaCorpus.formulas[$0], read[$0 + 1] ?? "") }.count
        let byChange = LibreOfficeChanges.ImpressChange.allCases.map { c in "\(LibreOfficeChanges.impressChanges.values.filter { $0 == c }.count) \(c)" }
        print("formulas LibreOffice Impress odp, what the file still says: ingest \(keptEqual)/\(kept.count) equal; changed by Impress "
              + "(counted apart, evidence checked): \(LibreOfficeChanges.impressChanges.count) = " + byChange.joined(separator: ", "))
        XCTAssertEqual(keptEqual, kept.count, "Impress: formulas the file still says, read otherwise than their source")
        let inline = Set(Self.ingestFormulas(e).keys).subtracting(Self.blockFormulas(e).keys).sorted()
        XCTAssertEqual(inline, [], "every slide's formula is a formula block: " + inline.map { n in
            guard let i = e.blocks.firstIndex(where: { $0.text.hasPrefix("\(Self.label) \(n) :") }) else { return "\(n)?" }
            return e.blocks[i..<min(i + 3, e.blocks.count)].map { "\($0.kind) p\($0.page ?? 0): \($0.text)" }.joined(separator: " / ")
        }.joined(separator: "; "))
        // The same deck saved by LibreOffice as .pptx: its equations as `a14:m` OMML.
        let pptx = try tools.soffice(odp, to: "pptx", as: "objects.pptx")
        let p = try extractFile(pptx, with: PptxExtractor())
        let fromPptx = Self.score(Self.ingestFormulas(p))
        let pptxShare = report("LibreOffice Impress pptx (from that odp)", fromPptx, nil)
        XCTAssertGreaterThanOrEqual(pptxShare, 0.68, "Impress pptx: \(fromPptx.equal) of \(FormulaCorpus.formulas.count)")
        // Its changes: Impress's, and what its export loses beyond them (evidence in the .odp's
        // StarMath or the slide's OMML); every other formula reads as its source.
        let archive = try ZipArchive(url: pptx)
        let pptxRead = Self.ingestFormulas(p)
        for (n, change) in LibreOfficeChanges.pptxChanges.sorted(by: { $0.key < $1.key }) {
            let slide = try archive.entry("ppt/slides/slide\(n).xml").map { String(decoding: try archive.data($0), as: UTF8.self) } ?? ""
            XCTAssertTrue(slide.contains("\(Self.label) \(n) :"), "slide \(n) is not formula \(n)")
            XCTAssertTrue(change.holds(starMath: starMath[n] ?? "", slide: slide), "Impress pptx #\(n): the file does not show: \(change.why)")
            XCTAssertFalse(FormulaMatch.equal(FormulaCorpus.formulas[n - 1], pptxRead[n] ?? ""), "Impress pptx #\(n) reads as its source: take it off pptxChanges")
        }
        let pptxKept = kept.filter { LibreOfficeChanges.pptxChanges[$0 + 1] == nil }
        let pptxKeptEqual = pptxKept.filter { FormulaMatch.equal(FormulaCorpus.formulas[$0], pptxRead[$0 + 1] ?? "") }.count
        print("formulas LibreOffice Impress pptx, what the file still says: ingest \(pptxKeptEqual)/\(pptxKept.count) equal; changed: "
              + "\(LibreOfficeChanges.impressChanges.count) by Impress + \(LibreOfficeChanges.pptxChanges.count) by its export (evidence checked)")
        XCTAssertEqual(pptxKeptEqual, pptxKept.count, "Impress pptx: formulas the file still says, read otherwise than their source")
        let pptxInline = Set(Self.ingestFormulas(p).keys).subtracting(Self.blockFormulas(p).keys).sorted()
        XCTAssertEqual(pptxInline, [], "every slide's formula is a formula block")
    }
}
