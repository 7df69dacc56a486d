import Foundation
import IngestCore
@testable import IngestPDF
import IngestQuality
import IngestTestSupport
import XCTest

/// Marks over letters in pdflatex math (issue 36): arrows TeX builds from `−` pieces and a head
/// (`\\overrightarrow`), rules drawn over their argument (`\\overline`), wide hats whose ink the
/// rule finder sees, read as the source wrote them — and one-glyph accents (`\\vec`, `\\bar`,
/// `\\hat`) left as they were. Each page is typeset by pdflatex from the LaTeX written here; what
/// Ingest reads is compared with that LaTeX by `FormulaMatch`.
final class MathAccentsTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("pdf-math-accents") }
    override func tearDown() { dir.remove() }

    /// Display equations, one per labelled paragraph: the `formula` blocks and the other blocks' text.
    func displays(_ sources: [String], name: String) throws -> (formulas: [Block], text: String) {
        var body = ""
        for (i, f) in sources.enumerated() { body += "Formule \(i + 1) :\n\\[ \(f) \\]\n\n\\bigskip\n\n" }
        let tex = LaTeXPDFs.article("11pt", body).replacingOccurrences(of: "\\usepackage{lmodern}", with: "\\usepackage{lmodern}\\usepackage{amsmath,amssymb}")
        let e = try LaTeXPDFs.extract(try LaTeXPDFs.make(name, tex, in: dir))
        return (e.blocks.filter { $0.kind == .formula }, e.blocks.filter { $0.kind != .formula }.map(\.text).joined(separator: "\n"))
    }

    func assertRead(_ sources: [String], name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let shown = try displays(sources, name: name)
        XCTAssertEqual(shown.formulas.count, sources.count, shown.formulas.map { $0.latex ?? "" }.joined(separator: " ; ") + " / " + shown.text,
                       file: file, line: line)
        for (f, source) in zip(shown.formulas, sources) {
            XCTAssertTrue(FormulaMatch.equal(f.latex ?? "", source), "«\(f.latex ?? "")» is not «\(source)»", file: file, line: line)
        }
        // The labels stay the text's, each once; nothing of a formula is left in it.
        for i in sources.indices { XCTAssertEqual(shown.text.components(separatedBy: "Formule \(i + 1) :").count, 2, shown.text, file: file, line: line) }
        XCTAssertFalse(shown.text.contains { "−→←⃗".contains($0) }, shown.text, file: file, line: line)
    }

    /// Arrows built over a group (corpus #124, #175): `\\overrightarrow` (`−−→` over `AB`), never
    /// `--\\to` beside it; both heads and the left one too; a `⃗` glyph over one letter stays `\\vec`.
    func testBuiltArrowsOverTheirGroup() throws {
        try assertRead([#"\overrightarrow{AB} = \overrightarrow{AC} + \overrightarrow{CB}"#,
                        #"W_{AB}(\vec{F}) = \vec{F} \cdot \overrightarrow{AB}"#,
                        #"\overrightarrow{OM} = x\vec{i} + y\vec{j}"#,
                        #"\overleftarrow{CD} + \overleftrightarrow{EF} = \vec{0}"#], name: "arrows")
    }

    /// A `⃗` glyph over two letters (corpus #167's `\\vec{OM}` in a numerator) covers both, not the
    /// letter of the denominator its box happens to overlap most.
    func testVectorOverAGroup() throws {
        try assertRead([#"\vec{v} = \frac{d\vec{OM}}{dt}"#, #"\vec{AB} + \vec{u} = \frac{\vec{F}}{m}"#], name: "group-vectors")
    }

    /// A long arrow is a `−` joined to a head on the row's baseline (`\\longrightarrow`): one
    /// relation, never `-\\to`; between two fractions too (its neighbours over and under its axis).
    func testLongArrowsAreOneRelation() throws {
        try assertRead([#"f : A \longrightarrow B"#, #"\frac{a}{b} \longrightarrow \frac{c}{d}"#, #"x \longleftarrow y"#], name: "long-arrows")
    }

    /// Inline arrows over one letter whose pieces poppler puts on other lines: the letter is never
    /// read without its arrow (`$v = \\vec{w}$` for `\\overleftarrow{v} = \\vec{w}`).
    func testBuiltArrowLeftOutIsNoFormula() throws {
        let body = "Formule 1 : $\\overrightarrow{u} + \\overleftarrow{v} = \\vec{w}$ fin.\n"
        let e = try LaTeXPDFs.extract(try LaTeXPDFs.make("arrow-cut", LaTeXPDFs.article("11pt", body), in: dir))
        let text = e.blocks.map(\.text).joined(separator: "\n")
        let found = text.components(separatedBy: "$").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        let marked = try NSRegularExpression(pattern: #"\\(vec|overrightarrow|overleftarrow)\{[^}]*\}|\\[a-zA-Z]+"#)
        for f in found {
            let bare = marked.stringByReplacingMatches(in: f, range: NSRange(location: 0, length: (f as NSString).length), withTemplate: "")
            XCTAssertFalse(bare.contains { "uvw".contains($0) }, "«\(f)» reads a letter without its arrow: \(text)")
        }
        XCTAssertTrue(text.contains("Formule 1 :") && text.contains("fin."), text)
    }

    /// A relation arrow on the row's baseline is no mark over what follows it.
    func testRelationArrowsStayRelations() throws {
        let shown = try displays([#"A \to B = C"#, #"x \mapsto f(x)"#], name: "relations")
        let read = shown.formulas.compactMap(\.latex).joined(separator: " ; ")
        XCTAssertFalse(read.contains("overrightarrow"), read)
        XCTAssertTrue(shown.formulas.contains { FormulaMatch.equal($0.latex ?? "", #"A \to B = C"#) }, read)
    }

    /// Rules drawn just over their argument (corpus #190): `\\overline`, also as a fraction's
    /// numerator and denominator (the fraction's bar stays its bar); a macron glyph stays `\\bar`.
    func testOverlinesAreNoFractionBars() throws {
        try assertRead([#"\gamma = \frac{\overline{A'B'}}{\overline{AB}}"#,
                        #"\frac{\overline{AB}}{\overline{CD}} = \frac{1}{2}"#,
                        #"\bar{b} + \frac{\overline{OA}}{2}"#], name: "overlines")
    }

    /// Over small letters an overline's rule lies inside poppler's boxes, above their ink (the
    /// boxes reach a capital's height): still an overline, not a stroke of the letters.
    func testOverlinesOverSmallLetters() throws {
        try assertRead([#"\frac{\overline{z}}{2} = \overline{w}^{2}"#, #"\overline{\overline{z}}^{2} = z + \bar{u}"#], name: "overline-small")
        let body = "Formule 1 : $\\overline{OA'}^{2} = 2\\,\\overline{OF}$ fin.\n\nFormule 2 : le conjugué $\\overline{z}^{2}$ de $z$ et $\\bar{x} = 3$ fin.\n"
        let e = try LaTeXPDFs.extract(try LaTeXPDFs.make("overline-inline", LaTeXPDFs.article("11pt", body), in: dir))
        let text = e.blocks.map(\.text).joined(separator: "\n")
        let found = text.components(separatedBy: "$").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        for source in [#"\overline{OA'}^{2} = 2\,\overline{OF}"#, #"\overline{z}^{2}"#, "z", #"\bar{x} = 3"#] {
            XCTAssertTrue(found.contains { FormulaMatch.equal($0, source) }, "«\(source)» not in \(found)")
        }
        XCTAssertTrue(text.contains("le conjugué") && text.contains(" de ") && text.contains("fin."), text)
    }

    /// A fraction's bar over its denominator read alone (its numerator left on another line of
    /// the page) is no overline: `\\overline{dx}` would be another formula.
    func testDenominatorAloneIsNoOverline() throws {
        for (k, body) in ["Formule : $\\frac{dy}{dx} = k y$ fin.", "Formule :\n\\[ \\frac{dy}{dx} = k \\]"].enumerated() {
            let pdf = try LaTeXPDFs.make("denominator-\(k)", LaTeXPDFs.article("11pt", body), in: dir)
            let doc = try PopplerDocumentRef(url: pdf, password: nil)
            let page = try XCTUnwrap(doc.page(at: 0))
            let glyphs = page.mathGlyphs().filter { !$0.isSpace }
            let bars = RadicalBars(page: page)
            bars.seen.glyphs = glyphs
            // The denominator: the lower `d` and the `x`.
            let ds = glyphs.filter { $0.text == "d" }.sorted { $0.y0 < $1.y0 }
            let den = try [XCTUnwrap(ds.last), XCTUnwrap(glyphs.first { $0.text == "x" })]
            XCTAssertGreaterThan(den[0].y0, ds[0].y0 + 2, "two rows of d")
            let read = MathLayout.read(den, radicalEnd: bars.end)
            XCTAssertFalse(read?.latex.contains("overline") ?? false, "\(String(describing: read))")
            // The whole formula keeps its fraction.
            let whole = glyphs.filter { $0.midY > ds[0].y0 - 5 && $0.midY < den[0].y1 + 5 && $0.font != .text || "dxyk=".contains($0.text) }
            XCTAssertTrue(MathLayout.read(whole, radicalEnd: bars.end)?.latex.contains("\\frac{dy}{dx}") ?? false)
        }
    }

    /// Poppler may put a letter's `⃗` on another line of text than the letter (corpus #209: `Formule : E`
    /// / `⃗ = F⃗ fin.`): the letter is never read without it (`$E$` would be another formula); the
    /// line is read with its accent (the row across the cut) or left as the text reader wrote it,
    /// every word kept; a raised accent over nothing given is never put on a neighbour (`\\vec{\\cdot}`).
    func testLetterIsNotReadWithoutItsAccent() throws {
        let sources = [#"\vec{E} = \frac{\vec{F}}{q}"#, #"\oint_C \vec{E} \cdot d\vec{l}"#, #"\vec{v} = \frac{d\vec{OM}}{dt}"#]
        let body = sources.enumerated().map { "Formule \($0.offset + 1) : $\($0.element)$ fin.\n\n\\bigskip\n" }.joined(separator: "\n")
        let tex = LaTeXPDFs.article("11pt", body).replacingOccurrences(of: "\\usepackage{lmodern}", with: "\\usepackage{lmodern}\\usepackage{amsmath}")
        let e = try LaTeXPDFs.extract(try LaTeXPDFs.make("accent-cut", tex, in: dir))
        let text = e.blocks.map(\.text).joined(separator: "\n")
        let found = text.components(separatedBy: "$").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        // Every E, F, l, v, O, M read is read under its arrow.
        let vectors = try NSRegularExpression(pattern: #"\\vec\{[^}]*\}|\\[a-zA-Z]+"#)
        for f in found {
            let bare = vectors.stringByReplacingMatches(in: f, range: NSRange(location: 0, length: (f as NSString).length), withTemplate: "")
            XCTAssertFalse(bare.contains { "EFlvOM".contains($0) }, "«\(f)» reads a letter without its arrow: \(text)")
        }
        // And each is read whole across the cut (corpus #89 #167 #209).
        for source in sources {
            XCTAssertTrue(found.contains { FormulaMatch.equal($0, source) }, "«\(source)» not in \(found)")
        }
        for i in sources.indices { XCTAssertTrue(text.contains("Formule \(i + 1) :"), text) }
        XCTAssertEqual(text.components(separatedBy: "fin.").count - 1, sources.count, text)
    }

    /// Braces over and under a group (corpus #117's `\\underbrace`): the extension font's four
    /// pieces and the rules between them make one operator whose label is its script; three
    /// centred dots are `\\cdots`, not `\\cdot\\cdot\\cdot`.
    func testBracesOverAndUnderAGroup() throws {
        let sources = [#"\underbrace{1 + 2 + \cdots + n}_{n \text{ termes}} = \frac{n(n+1)}{2}"#, #"\overbrace{a + b + c}^{3} = S"#,
                       #"1 + 2 + \cdots + n"#]
        var body = ""
        for (i, f) in sources.enumerated() { body += "Formule \(i + 1) :\n\\[ \(f) \\]\n\n\\bigskip\n\n" }
        let tex = LaTeXPDFs.article("11pt", body).replacingOccurrences(of: "\\usepackage{lmodern}", with: "\\usepackage{lmodern}\\usepackage{amsmath}")
        let e = try LaTeXPDFs.extract(try LaTeXPDFs.make("braces", tex, in: dir))
        // (A display whose label is a word of text is written `$…$` in the text by PageFormulas.)
        let found = e.blocks.flatMap { b in
            b.kind == .formula ? [b.latex ?? ""] : b.text.components(separatedBy: "$").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        }
        for source in sources {
            XCTAssertTrue(found.contains { FormulaMatch.equal($0, source) }, "«\(source)» not in \(found)")
        }
        let text = e.blocks.map(\.text).joined(separator: "\n")
        for i in sources.indices { XCTAssertTrue(text.contains("Formule \(i + 1) :"), text) }
    }

    /// A wide hat's slopes are no rules of the formula (corpus #142: the reading was unsure); the
    /// smallest hat overhangs a narrow letter, never taking in the bracket after it.
    func testWideHatInkIsNoRule() throws {
        try assertRead([#"\cos\widehat{BAC} = \frac{AB}{AC}"#, #"\widehat{xOy} + \hat{a} = \tilde{c} + \dot{d}"#,
                        #"\widetilde{AB} + \widehat{f}(\xi) = \hat{H}"#], name: "hats")
    }
}
