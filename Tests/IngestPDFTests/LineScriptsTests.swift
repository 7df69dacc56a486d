import Foundation
import IngestCore
@testable import IngestPDF
import IngestTestSupport
import XCTest

/// Superscripts and subscripts of pdflatex PDFs (issue 33): the text layer gives `108`, `m2`,
/// `H2 O`; Ingest writes what was typeset — 10⁸, m², H₂O — and leaves digits set smaller on the
/// baseline (an inline small word, a drop cap's line) as they are.
final class LineScriptsTests: XCTestCase {
    func text(_ body: String, options: String = "12pt") throws -> String {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let pdf = try LaTeXPDFs.make("scripts", LaTeXPDFs.article(options, body), in: tmp)
        return try LaTeXPDFs.extract(pdf).blocks.map(\.text).joined(separator: "\n")
    }

    func testRaisedAndLoweredGlyphsAreWrittenAsScripts() throws {
        let t = try text(#"""
        Light travels at 3 × 10\textsuperscript{8} metres per second, and a sound of
        10$^{12}$ times the threshold hurts. The intensity in watts per m\textsuperscript{2} falls
        like r$^2$ with distance. Water (H\textsubscript{2}O) and carbon dioxide (CO$_2$) absorb it.
        The wave is $e^{i\pi}$ turned and x$_{\mathrm{max}}$ is the peak.
        """#)
        // `$e^{i\pi}$` is math set in math fonts: written as LaTeX since #36 (Sources/IngestPDF/Math).
        for expected in ["10⁸", "10¹²", "m²", "r²", "(H₂O)", "(CO₂)", #"$e^{i\pi}$"#, "xₘₐₓ"] {
            XCTAssertTrue(t.contains(expected), "«\(expected)» not in «\(t)»")
        }
        for folded in ["108", "1012", "m2", "r2", "H2", "CO2"] {
            XCTAssertFalse(LaTeXPDFs.words(t).contains(folded), "«\(folded)» folded in «\(t)»")
        }
    }

    /// Footnote marks are superscripts (as ScriptText writes them); ordinals stay plain.
    func testFootnoteMarksAndOrdinals() throws {
        let t = try text(#"""
        Le 1\textsuperscript{er} janvier du XIX\textsuperscript{e} siècle, la mesure\footnote{Faite au sonomètre.} fut
        reprise le 2\textsuperscript{nd} day.
        """#)
        XCTAssertTrue(t.contains("1er janvier"), t)
        XCTAssertTrue(t.contains("XIXe siècle"), t)
        XCTAssertTrue(t.contains("2nd day"), t)
        XCTAssertTrue(t.contains("mesure¹"), t)
    }

    /// LaTeX's textcomp draws `m²` and `10¹²` typed in Unicode with the body font's superior
    /// figures, full size, which the text layer calls 1, 2, 3: they are told by their width.
    func testSuperiorFiguresOfTheFontAreSuperscripts() throws {
        let t = try text(#"""
        The year 2023 saw 1 213 321 visitors; an area of 12 m² and a sound of 10¹² times the
        threshold, falling like r², were measured in room 31 on floor 2 at 11:32.
        """#)
        for expected in ["m²", "10¹²", "r²", "2023", "1", "213", "321", "12", "31", "2", "11", "32"] {
            XCTAssertTrue(LaTeXPDFs.words(t).contains(expected), "«\(expected)» not a word in «\(t)»")
        }
    }

    /// A script that goes on after a script (issue 33's bar: a changed number is a wrong quiz):
    /// a superior figure after a raised sign (`10⁻¹⁹`, `mol⁻¹` as the fidelity lesson cours-chimie
    /// sets them: `⁻` raised, `¹` the font's superior figure), a raised sign after a superior
    /// figure (`Cu²⁺`), a superscript after a subscript (`SO₄²⁻`). They read `10⁻1⁹`, `mol⁻1`,
    /// `Cu²+`, `SO₄2−` before.
    func testAScriptGoesOnAfterAScript() throws {
        let t = try text(#"""
        La charge vaut 1,6 × 10\textsuperscript{\textminus}¹\textsuperscript{9} C, soit 6,02 × 10²³
        mol\textsuperscript{\textminus}¹ ; des ions Cu²\textsuperscript{+} et SO\textsubscript{4}\textsuperscript{2\textminus}
        et g = 9,81 m·s\textsuperscript{\textminus}² ici.
        """#)
        for expected in ["10⁻¹⁹ C", "10²³", "mol⁻¹ ;", "Cu²⁺ et", "SO₄²⁻ et", "m·s⁻² ici"] {
            XCTAssertTrue(t.contains(expected), "«\(expected)» not in «\(t)»")
        }
    }

    /// A script inside a script (pdflatex math outside a formula block, as in pdfminer's
    /// naacl06-shinyama.pdf): `2^{|X_A|}` read `2^(|X)A^|` and `e^{-x^2}` read `e^(−x)²`, the
    /// inner script taken for one of the base. The run keeps its smaller glyphs, read as a line.
    func testAScriptInsideAScript() throws {
        let t = try text(#"""
        For each entity mapping of the two clusters, taken in the set
        $(2^{|X_A|} \times 2^{|X_B|})$ of all mappings, the score is computed
        again, and the weight decays like e$^{-x^2}$ with the distance, against 10$^{12}$ and m$^2$ here.
        """#, options: "10pt")
        for expected in ["(2^(|X_A|) × 2^(|X_B|))", "e^(−x²)", "10¹²", "m² here"] {
            XCTAssertTrue(t.contains(expected), "«\(expected)» not in «\(t)»")
        }
    }

    /// A smaller run that is no script keeps its own scripts: in `\nicefrac{1}{n_0}` the `n` is
    /// set small beside a full-size slash but not lowered enough to be its subscript, and its
    /// `0` (smaller still, lowered) was read with it as plain, `1/n0` (GeoTopo-komprimiert.pdf).
    func testTheScriptOfASmallerRunThatIsNoScript() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let body = #"""
        Dann gibt es $n_0$, sodass gilt: $\nicefrac{1}{n_0} < \varepsilon/2$ und für unendlich viele $n \geq n_0$ ist
        der Abstand klein genug, also bleibt die Folge in der Umgebung.
        """#
        let source = LaTeXPDFs.article("10pt", body).replacingOccurrences(of: #"\usepackage{lmodern}"#, with: #"\usepackage{lmodern}\usepackage{nicefrac}"#)
        let t = try LaTeXPDFs.extract(try LaTeXPDFs.make("nicefrac", source, in: tmp)).blocks.map(\.text).joined(separator: "\n")
        for expected in ["gilt: 1/n₀ < ε/2", "n ≥ n₀ ist"] {
            XCTAssertTrue(t.contains(expected), "«\(expected)» not in «\(t)»")
        }
    }

    /// LibreOffice sets a subscript and a superscript one after the other (`SO~4~^2−^`) at one
    /// size with nothing between them, the 4 lowered and the 2− raised: one run, whose middle is
    /// its base's, read `SO42−` (the fidelity lesson's writer-pdf variant). Each is its own now.
    func testLibreOfficeSubscriptThenSuperscript() throws {
        guard runTool("soffice", ["--version"])?.status == 0 else {
            try missingTool("LibreOffice (soffice) missing (apt-get install libreoffice-writer-nogui)")
        }
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        func sub(_ s: String) -> String { "<text:span text:style-name=\"Sub\">\(s)</text:span>" }
        func sup(_ s: String) -> String { "<text:span text:style-name=\"Sup\">\(s)</text:span>" }
        let sentence = "Une solution de sulfate de cuivre contient des ions Cu\(sup("2+")) et SO\(sub("4"))\(sup("2−")) ; "
            + "sa concentration vaut 1,00 × 10\(sup("−1")) mol·L\(sup("−1")), on pèse CuSO\(sub("4"))·5H\(sub("2"))O "
            + "et une mole compte 6,02 × 10\(sup("23")) entités, dont les ions H\(sub("3"))O\(sup("+")) ici."
        let fodt = try tmp.write("ions.fodt", Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
              xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"
              xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
            <office:automatic-styles>
              <style:style style:name="Sub" style:family="text"><style:text-properties style:text-position="sub 58%"/></style:style>
              <style:style style:name="Sup" style:family="text"><style:text-properties style:text-position="super 58%"/></style:style>
            </office:automatic-styles>
            <office:body><office:text>
            \(Array(repeating: "<text:p>\(sentence)</text:p>", count: 4).joined(separator: "\n"))
            </office:text></office:body></office:document>
            """.utf8))
        let profile = "file://" + tmp.url.appendingPathComponent("profile").path
        guard runTool("soffice", ["-env:UserInstallation=" + profile, "--headless", "--convert-to", "pdf",
                                  "--outdir", tmp.url.path, fodt.path])?.status == 0 else {
            throw TestSetupFailure("soffice could not convert ions.fodt to pdf")
        }
        let t = try LaTeXPDFs.extract(tmp.url.appendingPathComponent("ions.pdf")).blocks.map(\.text).joined(separator: "\n")
        for expected in ["Cu²⁺ et SO₄²⁻ ;", "10⁻¹ mol·L⁻¹,", "CuSO₄·5H₂O", "10²³ entités", "H₃O⁺ ici"] {
            XCTAssertEqual(t.components(separatedBy: expected).count, 5, "«\(expected)» not 4 times in «\(t)»")
        }
    }

    /// Smaller digits on the baseline are not scripts: a number in a smaller size after a space
    /// or glued to a word, a drop cap's line, a tiny digit after a letter.
    func testSmallerTextOnTheBaselineStaysPlain() throws {
        let t = try text(#"""
        {\Huge L}a salle 2024 reçut {\small 2024} élèves et {\footnotesize 12 classes} en
        l'an{\scriptsize 2025} puis version{\tiny 3} et niveau {\large 42} ou {\Large 7}8 ici.
        """#)
        for expected in ["2024", "12", "2025", "version3", "42", "78"] {
            XCTAssertTrue(LaTeXPDFs.words(t).contains(expected), "«\(expected)» not a plain word in «\(t)»")
        }
        XCTAssertFalse(t.contains { "⁰¹²³⁴⁵⁶⁷⁸⁹₀₁₂₃₄₅₆₇₈₉^_".contains($0) }, t)
    }

    /// Poppler writes a big delimiter of the math extension font (`\bigl[`, `\bigl(`) as a control
    /// character set lower than its line, and here into the line above: the fraction beside it is
    /// no script of it (`\ln\frac{a}{b}` over a `\bigl[` line read `ln ^(ab)`).
    func testABigDelimiterIsNoBaseOfAScript() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let pdf = try LaTeXPDFs.make("delimiters", #"""
        \documentclass[11pt]{article}
        \usepackage[T1]{fontenc}\usepackage{lmodern}\usepackage{amsmath,amssymb}
        \begin{document}
        Formule 1 : $\ln \frac{a}{b} = 1$ fin.

        Formule 2 : $\ln\bigl[\frac{a}{b}\bigr] = 1$ fin.

        Formule 3 : $\ln\bigl(\frac{a}{b}\bigr) = 1$ fin.
        \end{document}
        """#, in: tmp)
        let t = try LaTeXPDFs.extract(pdf).blocks.map(\.text).joined(separator: "\n")
        XCTAssertFalse(t.contains("^(") || t.contains { "ᵃᵇ₍₎⁽⁾".contains($0) }, "a script invented: «\(t)»")
        for label in ["Formule 1", "Formule 2", "Formule 3"] { XCTAssertEqual(t.components(separatedBy: label).count, 2, t) }
        XCTAssertEqual(t.components(separatedBy: "fin.").count, 4, t)
    }
}
