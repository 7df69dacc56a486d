import Foundation
import IngestCore
import IngestTestSupport
@testable import IngestOffice
import XCTest

/// Issue 36: equations read as LaTeX. The formulas of `FormulaCorpus` are written as Markdown
/// (`$…$` inline, `$$…$$` display), made into .docx (pandoc: OMML), .odt (pandoc, and LibreOffice
/// from the .docx: MathML formula objects) and .epub (pandoc --mathml); what Ingest reads back is
/// compared with the source after `LaTeXComparison`'s normalisation. pandoc's own readers
/// (`pandoc -f docx -t latex`…) are run on the same files as the peer. `bench/formulas.sh` prints
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
            if LaTeXComparison.equal(source, got) { s.equal += 1 } else { s.misses.append((i + 1, source, got)) }
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
        for (i, source, got) in ingest.misses.prefix(40) {
            print("  \(name) #\(i): source «\(source)» read «\(got)»  [\(LaTeXComparison.normalize(source)) ≠ \(LaTeXComparison.normalize(got))]")
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
        // LibreOffice's import of Word equations changes some of them before Ingest sees the file:
        // its own StarMath annotation in the object says `left lline x − a right )` for |x − a|,
        // `acute {z}` for z̄, `R` for ℝ, `{lim} rsub {x → 0} {sin x} over {x}`, and holds nothing
        // for [H₃O⁺]; its MathML writes `Cu^{2+ + 2e⁻ → Cu}` and binomials as a one-column matrix.
        // Those formulas are not the source any more, hence the lower bar, and one display
        // equation fewer (an empty object).
        // pandoc has no .pptx reader: no peer figure for the deck.
        let cases: [(String, URL, any Extractor, String?, Double, Int)] = [
            ("pandoc docx", docx, DocxExtractor(), "docx", 0.95, 0),
            ("pandoc odt", odt, ODFExtractor(), "odt", 0.95, 0),
            ("pandoc epub (MathML)", epub, EPUBExtractor(), "epub", 0.95, 0),
            ("LibreOffice odt from the docx", loOdt, ODFExtractor(), "odt", 0.80, 1),
            ("pandoc pptx", pptx, PptxExtractor(), nil, 0.95, 0),
        ]
        for (name, url, extractor, format, bar, emptyObjects) in cases {
            let e = try extractFile(url, with: extractor)
            let ingest = Self.score(Self.ingestFormulas(e))
            let peer = try format.map { Self.score(try Self.pandocFormulas(url, from: $0)) }
            let share = report(name, ingest, peer)
            XCTAssertGreaterThanOrEqual(share, bar, "\(name): \(ingest.equal) of \(FormulaCorpus.formulas.count) formulas equal to their source")
            // Display equations are formula blocks whose text still reads without LaTeX.
            let blocks = e.blocks.filter { $0.kind == .formula }
            let displays = FormulaCorpus.formulas.indices.filter(Self.isDisplay).count
            XCTAssertEqual(blocks.count, displays - emptyObjects, "\(name): formula blocks")
            for b in blocks {
                XCTAssertFalse(b.text.isEmpty, "\(name): a formula block without its linear text")
                XCTAssertFalse(b.text.contains("\\"), "\(name): LaTeX in a formula's linear text «\(b.text)»")
                XCTAssertEqual(b.provenance, .textLayer)
            }
        }
    }
}
