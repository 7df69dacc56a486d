import Foundation

/// A flat OpenDocument text that LibreOffice Writer typesets at test time into one page per part:
/// a table of contents with dotted tab leaders, an alphabetical index in two columns, a table of
/// figures, a listing, formulas in Unicode, and prose in Czech, Polish, Vietnamese and Turkish.
enum WriterPages {
    static func esc(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    static func document() -> (xml: String, pages: [String]) {
        var parts: [(String, String)] = []
        let topics = ["Axes", "Border", "Canvas size", "Command-line editing", "Comments", "Coordinates", "Datastrings",
                      "Enhanced text mode", "Environment", "Expressions", "Functions", "Glossary", "Linetypes, colors, and styles",
                      "Mouse input", "Plotting", "Start-up (initialization)", "String constants", "Substitution", "Syntax",
                      "Time/Date data", "Boxerrorbars", "Boxes", "Boxplot", "Candlesticks", "Circles", "Ellipses"]
        parts.append(("toc-tab-leaders", topics.enumerated().map { i, t in
            "<text:p text:style-name=\"Toc\">\(i + 1). \(esc(t))<text:tab/>\(30 + i * 4)</text:p>"
        }.joined(separator: "\n")))
        let index = topics.enumerated().flatMap { i, t in
            ["<text:p text:style-name=\"Small\">\(esc(t)), \(10 + i * 37 % 290), \(12 + i * 53 % 280)–\(300 + i % 10)</text:p>",
             "<text:p text:style-name=\"Small\">    see also \(esc(t.lowercased())), 45</text:p>"]
        }
        parts.append(("index-two-columns", "<text:section text:style-name=\"Columns\" text:name=\"Index\">\n"
                      + index.joined(separator: "\n") + "\n</text:section>"))
        let rows = (0..<30).map { r in
            "<table:table-row>" + ["\(2000 + r)", "\(r * 37 % 101),\(r % 10)", "\(Double(r) * 3.14159)", "-0,00\(r % 9)", "\(r * 7 % 100) %"]
                .map { "<table:table-cell office:value-type=\"string\"><text:p>\($0)</text:p></table:table-cell>" }.joined()
                + "</table:table-row>"
        }
        parts.append(("table-of-numbers", "<table:table table:name=\"Figures\"><table:table-column table:number-columns-repeated=\"5\"/>"
                      + rows.joined() + "</table:table>"))
        let code = ["#include <stdio.h>", "int main(int argc, char **argv) {", "    double sum = 0.0, x;", "    char line[256];",
                    "    while (fgets(line, sizeof line, stdin)) {", "        if (sscanf(line, \"%lf\", &x) == 1) sum += x;", "    }",
                    "    printf(\"%g\\n\", sum);", "    return 0;", "}", "set xrange [-2*pi:2*pi]; set yrange [-1.5:1.5]",
                    "plot sin(x) w l lt 1, cos(x)**2 w lp pt 7 ps 0.5", "$ dpkg -l 'libc6*' | grep ^ii | awk '{print $2, $3}'",
                    "for f in *.pdf; do pdftotext \"$f\" \"${f%.pdf}.txt\"; done", "x = {'a': 1, \"b\": [2, 3]}; y = x['a'] ** 2"]
        parts.append(("code-listing", (code + code).map { "<text:p text:style-name=\"Code\">\(esc($0))</text:p>" }.joined(separator: "\n")))
        let formulas = ["f(x) = ax² + bx + c", "∫₀¹ f(x) dx = F(1) − F(0)", "xₙ₊₁ = xₙ − f(xₙ) / f′(xₙ)", "∑ k = n(n + 1) / 2",
                        "∀ε > 0, ∃δ > 0 : |x − a| < δ ⇒ |f(x) − f(a)| < ε", "√2 ≈ 1,414 ; π ≈ 3,1416", "E = mc²", "ΔU = Q − W",
                        "P(A|B) = P(B|A) · P(A) / P(B)", "e^(iπ) + 1 = 0", "σ² = E[(X − μ)²]", "lim (1 + 1/n)ⁿ = e"]
        parts.append(("formulas", formulas.enumerated().map { "<text:p text:style-name=\"Formula\">\(esc($1))<text:tab/>(\($0 + 1))</text:p>" }
                      .joined(separator: "\n")))
        let languages = [
            ("czech", "Příliš žluťoučký kůň úpěl ďábelské ódy. Šťastný Žofka řekla, že čeká na vlak do Brna, protože autobus nejel. Učitelka vysvětlila žákům zákon zachování energie a nakreslila na tabuli kyvadlo."),
            ("polish", "Zażółć gęślą jaźń. Pchnąć w tę łódź jeża lub ośm skrzyń fig. Nauczycielka wyjaśniła uczniom zasadę zachowania energii i narysowała na tablicy wahadło, które kołysało się bez końca."),
            ("vietnamese", "Tiếng Việt là ngôn ngữ của người Việt và là ngôn ngữ chính thức tại Việt Nam. Cô giáo giải thích cho học sinh định luật bảo toàn năng lượng và vẽ một con lắc trên bảng đen."),
            ("turkish", "Pijamalı hasta yağız şoföre çabucak güvendi. Öğretmen öğrencilere enerjinin korunumu yasasını açıkladı ve tahtaya bir sarkaç çizdi; sarkaç durmadan sallanıyordu."),
        ]
        for (name, text) in languages {
            parts.append((name, Array(repeating: "<text:p>\(esc(text))</text:p>", count: 6).joined(separator: "\n")))
        }
        var body = ""
        for (i, part) in parts.enumerated() {
            body += "<text:h text:style-name=\"\(i == 0 ? "Heading" : "HeadingBreak")\" text:outline-level=\"1\">\(part.0)</text:h>\n\(part.1)\n"
        }
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
          xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"
          xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"
          xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"
          xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"
          office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
        <office:automatic-styles>
          <style:page-layout style:name="Page">
            <style:page-layout-properties fo:page-width="21cm" fo:page-height="29.7cm" fo:margin-top="2cm"
              fo:margin-bottom="2cm" fo:margin-left="2cm" fo:margin-right="2cm"/>
          </style:page-layout>
          <style:style style:name="Heading" style:family="paragraph">
            <style:text-properties fo:font-size="16pt" fo:font-weight="bold"/>
          </style:style>
          <style:style style:name="HeadingBreak" style:family="paragraph">
            <style:paragraph-properties fo:break-before="page"/>
            <style:text-properties fo:font-size="16pt" fo:font-weight="bold"/>
          </style:style>
          <style:style style:name="Toc" style:family="paragraph">
            <style:paragraph-properties>
              <style:tab-stops><style:tab-stop style:position="17cm" style:type="right" style:leader-style="dotted" style:leader-text="."/></style:tab-stops>
            </style:paragraph-properties>
          </style:style>
          <style:style style:name="Formula" style:family="paragraph">
            <style:paragraph-properties fo:margin-top="0.3cm">
              <style:tab-stops><style:tab-stop style:position="17cm" style:type="right"/></style:tab-stops>
            </style:paragraph-properties>
          </style:style>
          <style:style style:name="Small" style:family="paragraph"><style:text-properties fo:font-size="8pt"/></style:style>
          <style:style style:name="Code" style:family="paragraph">
            <style:text-properties style:font-name="Liberation Mono" fo:font-family="'Liberation Mono'" fo:font-size="9pt"/>
          </style:style>
          <style:style style:name="Columns" style:family="section">
            <style:section-properties><style:columns fo:column-count="2" fo:column-gap="1cm"/></style:section-properties>
          </style:style>
        </office:automatic-styles>
        <office:master-styles><style:master-page style:name="Standard" style:page-layout-name="Page"/></office:master-styles>
        <office:body><office:text>
        \(body)</office:text></office:body>
        </office:document>
        """
        return (xml, parts.map(\.0))
    }
}
