import Foundation

/// PDFs of test pages written at test time, each page with the decision it must get: text layers
/// of every shape (leaders, indexes, tables, listings, formulas, slides over a background), text
/// layers that are garbage (wrong ToUnicode maps, private-use glyphs, `(cid:N)`, byte-swapped
/// ideographs), and images (a scan, a scan with a typed header, a scan under its own OCR text).
/// Fonts are the standard 14 (Helvetica, Courier); a "wrong ToUnicode" page draws the right
/// glyphs but declares another Unicode for each code, as broken PDF writers do.
enum PageCorpus {
    /// What a page is expected to get: its text layer kept, or sent to OCR.
    enum Expected: String { case textLayer, ocr }

    struct Image {
        var width: Int, height: Int
        var gray: [UInt8]
    }

    struct Page {
        var name: String
        var expected: Expected
        /// The content stream: /F1 Helvetica, /F2 Courier, /F3 Helvetica with `toUnicode`, images /Im0…
        var content: String
        var toUnicode: ((UInt8) -> String)? = nil
        var images: [Image] = []
    }

    // MARK: Writing

    /// A PDF string in Windows-1252 (what WinAnsiEncoding draws), as hex.
    static func hex(_ s: String) -> String {
        let bytes = s.data(using: .windowsCP1252, allowLossyConversion: true) ?? Data()
        return "<" + bytes.map { String(format: "%02X", $0) }.joined() + ">"
    }

    /// One line of text at (x, y) (PDF points, y up) in font `font`.
    static func line(_ s: String, x: Double, y: Double, size: Double = 10, font: String = "F1", mode: Int = 0) -> String {
        "BT \(mode) Tr /\(font) \(size) Tf \(x) \(y) Td \(hex(s)) Tj ET"
    }

    /// Lines from the top of an A4 page down.
    static func lines(_ texts: [String], x: Double = 56, top: Double = 790, size: Double = 10, leading: Double = 13,
                      font: String = "F1", mode: Int = 0) -> String {
        texts.enumerated().map { line($1, x: x, y: top - Double($0) * leading, size: size, font: font, mode: mode) }
            .joined(separator: "\n")
    }

    /// A ToUnicode CMap for one-byte codes 0x20…0x7E.
    static func cmap(_ map: (UInt8) -> String) -> String {
        var entries: [String] = []
        for code in UInt8(0x20)...UInt8(0x7E) { entries.append(String(format: "<%02X> <", code) + map(code) + ">") }
        var body = "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
        body += "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n/CMapName /Test-UCS def\n/CMapType 2 def\n"
        body += "1 begincodespacerange\n<00> <FF>\nendcodespacerange\n"
        body += "\(entries.count) beginbfchar\n" + entries.joined(separator: "\n") + "\nendbfchar\n"
        body += "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend"
        return body
    }

    /// The PDF holding `pages` (A4), with a valid cross-reference table.
    static func pdf(_ pages: [Page]) -> Data {
        var objects: [Data] = []
        func add(_ s: String) -> Int { objects.append(Data(s.utf8)); return objects.count }
        func stream(_ dict: String, _ body: Data) -> Int {
            var d = Data("<< \(dict) /Length \(body.count) >>\nstream\n".utf8)
            d.append(body)
            d.append(Data("\nendstream".utf8))
            objects.append(d)
            return objects.count
        }
        _ = add("<< /Type /Catalog /Pages 2 0 R >>")
        _ = add("PAGES")
        let helvetica = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
        let courier = add("<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>")
        var kids: [Int] = []
        for page in pages {
            var fonts = "/F1 \(helvetica) 0 R /F2 \(courier) 0 R"
            if let map = page.toUnicode {
                let c = stream("", Data(cmap(map).utf8))
                let f = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding /ToUnicode \(c) 0 R >>")
                fonts += " /F3 \(f) 0 R"
            }
            var xobjects: [String] = []
            for (i, image) in page.images.enumerated() {
                let hexData = image.gray.map { String(format: "%02X", $0) }.joined() + ">"
                let n = stream("/Type /XObject /Subtype /Image /Width \(image.width) /Height \(image.height) /ColorSpace /DeviceGray "
                               + "/BitsPerComponent 8 /Filter /ASCIIHexDecode", Data(hexData.utf8))
                xobjects.append("/Im\(i) \(n) 0 R")
            }
            let content = stream("", Data(page.content.utf8))
            let resources = "<< /Font << \(fonts) >>" + (xobjects.isEmpty ? "" : " /XObject << \(xobjects.joined(separator: " ")) >>") + " >>"
            kids.append(add("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources \(resources) /Contents \(content) 0 R >>"))
        }
        objects[1] = Data("<< /Type /Pages /Kids [\(kids.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(kids.count) >>".utf8)
        return PDFTestFiles.assemble(objects)
    }

    // MARK: Images

    /// A scanned page of writing: rows of dark word-shaped marks on off-white paper, with noise.
    static func scan(width: Int, height: Int, seed: UInt64 = 7) -> Image {
        var rng = SplitMix(seed)
        var g = [UInt8](repeating: 0, count: width * height)
        for i in g.indices { g[i] = UInt8(236 + Int(rng.next() % 12)) }
        let lineHeight = max(6, height / 48), glyph = max(3, lineHeight * 6 / 10)
        var y = lineHeight * 2
        while y + glyph < height - lineHeight * 2 {
            var x = width / 12
            while x < width - width / 12 {
                let word = 8 + Int(rng.next() % 40)
                for yy in y..<(y + glyph) {
                    for xx in x..<min(x + word, width - width / 12) where rng.next() % 5 != 0 { g[yy * width + xx] = UInt8(20 + rng.next() % 60) }
                }
                x += word + 6 + Int(rng.next() % 6)
            }
            y += lineHeight
        }
        return Image(width: width, height: height, gray: g)
    }

    /// A smooth background (a slide template): a light vertical gradient.
    static func gradient(width: Int, height: Int) -> Image {
        var g = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height { for x in 0..<width { g[y * width + x] = UInt8(200 + 50 * y / max(1, height - 1)) } }
        return Image(width: width, height: height, gray: g)
    }

    /// A photograph: blotches of every shade.
    static func photo(width: Int, height: Int, seed: UInt64 = 3) -> Image {
        var rng = SplitMix(seed)
        var g = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let wave = 128 + 90 * sin(Double(x) / 2) * cos(Double(y) / 3)
                g[y * width + x] = UInt8(max(0, min(255, wave + Double(rng.next() % 100) - 50)))
            }
        }
        return Image(width: width, height: height, gray: g)
    }

    struct SplitMix {
        var state: UInt64
        init(_ seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E3779B97F4A7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
            z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
            return z ^ (z >> 31)
        }
    }

    // MARK: The pages

    static let prose = [
        "Energy is conserved in every closed system: it changes form but is never created nor destroyed.",
        "When an apple falls from a branch, its potential energy becomes kinetic energy, and friction with",
        "the air turns a small part of it into heat. The same reasoning explains the pendulum, the roller",
        "coaster and the bicycle that freewheels down a hill: only the forms of the energy change there.",
        "L'énergie mécanique d'un système isolé se conserve lorsque les frottements sont négligeables ; on",
        "écrit alors que la somme de l'énergie cinétique et de l'énergie potentielle reste constante.",
        "Students often confuse power and energy. Power measures how fast energy is transferred: a motor",
        "of two kilowatts supplies two thousand joules every second, whatever the task it is given.",
    ]

    static var proseLines: [String] { Array(repeating: prose, count: 5).flatMap { $0 } }

    static func pages() -> [Page] {
        var pages: [Page] = []
        let topics = ["Axes", "Border", "Canvas size", "Command-line editing", "Comments", "Coordinates", "Datastrings",
                      "Enhanced text mode", "Environment", "Expressions", "Functions", "Glossary", "Linetypes, colors, and styles",
                      "Mouse input", "Plotting", "Start-up (initialization)", "String constants", "Substitution", "Syntax",
                      "Time/Date data", "Part 2 Plotting styles", "Boxerrorbars", "Boxes", "Boxplot", "Candlesticks",
                      "Circles", "Ellipses", "Filledcurves", "Histograms", "Image", "Impulses", "Labels", "Lines"]
        // Tables of contents, LaTeX/Texinfo style (spaced dots) and word-processor style (glued dots).
        pages.append(Page(name: "toc-spaced-leaders", expected: .textLayer, content: lines(topics.enumerated().map { i, t in
            let dots = String(repeating: " .", count: max(3, 40 - t.count / 2))
            return "\(i / 5 + 1).\(i % 5 + 1) \(t)\(dots) \(31 + i * 3)"
        }, size: 9)))
        pages.append(Page(name: "toc-glued-leaders", expected: .textLayer, content: lines(topics.enumerated().map { i, t in
            "\(t)" + String(repeating: ".", count: max(4, 80 - t.count * 2)) + "\(103 + i * 2)"
        }, size: 9)))
        pages.append(Page(name: "toc-underscore-and-dash-leaders", expected: .textLayer, content: lines(topics.enumerated().map { i, t in
            "\(t) " + String(repeating: i % 2 == 0 ? "_" : "-", count: 50 - t.count) + " \(i + 1)"
        }, size: 9)))
        // An index in two columns: terms, sub-terms and page numbers.
        let index = topics.enumerated().flatMap { i, t in
            ["\(t), \(10 + i * 37 % 290), \(12 + i * 53 % 280)–\(300 + i % 10)", "    see also \(t.lowercased()), 45", "    key, 12, 17"]
        }
        pages.append(Page(name: "index-two-columns", expected: .textLayer,
                          content: lines(Array(index.prefix(56)), size: 8, leading: 10) + "\n"
                              + lines(Array(index.dropFirst(56).prefix(56)), x: 310, size: 8, leading: 10)))
        // A table of figures.
        let rows = (0..<45).map { r in
            "\(2000 + r)   \(r * 37 % 101),\(r % 10)   \(Double(r) * 3.14159)   -0.00\(r % 9)   1e-\(r % 7)   \(r * 7 % 100) %   4\(r).5"
        }
        pages.append(Page(name: "table-of-numbers", expected: .textLayer, content: lines(rows, font: "F2")))
        // A listing.
        let code = """
        #include <stdio.h>
        #include <stdlib.h>

        /* Reads numbers, one a line, and prints their sum. */
        int main(int argc, char **argv) {
            double sum = 0.0, x;
            char line[256];
            FILE *in = argc > 1 ? fopen(argv[1], "r") : stdin;
            if (!in) { perror(argv[1]); return 1; }
            while (fgets(line, sizeof line, in)) {
                if (sscanf(line, "%lf", &x) == 1) sum += x;
            }
            printf("%g\\n", sum);
            for (int i = 0; i < argc; i++) {
                fprintf(stderr, "[%d] %s\\n", i, argv[i]);
            }
            return 0;
        }
        set xrange [-2*pi:2*pi]; set yrange [-1.5:1.5]
        plot sin(x) w l lt 1, cos(x)**2 w lp pt 7 ps 0.5
        splot 'data.dat' u 1:2:(\\$3*1e-3) with pm3d
        $ apt-get install --no-install-recommends gnuplot-nox
        $ dpkg -l 'libc6*' | grep ^ii | awk '{print $2, $3}'
        """.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        pages.append(Page(name: "code-listing", expected: .textLayer, content: lines(code, size: 9, font: "F2")))
        // Formulas, as a text layer gives them.
        let formulas = ["f(x) = a*x^2 + b*x + c", "x[n+1] = x[n] - f(x[n]) / f'(x[n])", "(a+b)^2 = a^2 + 2ab + b^2",
                        "sum(k, k=1..n) = n(n+1)/2", "E = mc^2", "|x - y| <= |x| + |y|", "dU = dQ - p dV",
                        "P(A|B) = P(B|A) P(A) / P(B)", "e^(i*pi) + 1 = 0", "v = v0 + a*t ; x = x0 + v0*t + a*t^2/2",
                        "{x : x > 0} = ]0, +inf[", "lim (1 + 1/n)^n = e", "grad f = (df/dx, df/dy, df/dz)",
                        "A = [[1, 2], [3, 4]] ; det A = -2", "n! = n (n-1)!  ;  0! = 1", "sigma^2 = E[(X - mu)^2]"]
        pages.append(Page(name: "formulas", expected: .textLayer,
                          content: lines(formulas.enumerated().flatMap { i, f in [f, "(\(i + 1))", ""] }, size: 11, leading: 15)))
        // Drawn table rules.
        let ascii = (0..<30).map { r in r % 3 == 0 ? "+--------+----------+------+" : "| row \(r)  | \(r * 11) kg    | \(r % 4)    |" }
        pages.append(Page(name: "ascii-table-rules", expected: .textLayer, content: lines(ascii, font: "F2")))
        // Prose: the control.
        pages.append(Page(name: "prose", expected: .textLayer, content: lines(proseLines)))
        // A slide over a template background: text on a full-page smooth image.
        let slide = ["Chapitre 3 : la conservation de l'énergie", "", "• Énergie cinétique : Ec = ½ m v²",
                     "• Énergie potentielle de pesanteur : Ep = m g h", "• Énergie mécanique : Em = Ec + Ep",
                     "• Sans frottements, Em se conserve", "• Avec frottements, une partie devient chaleur"]
        pages.append(Page(name: "slide-over-background", expected: .textLayer,
                          content: "q 595 0 0 842 0 0 cm /Im0 Do Q\n" + lines(slide, top: 700, size: 18, leading: 40),
                          images: [gradient(width: 60, height: 84)]))
        // A small photograph in a page of prose.
        pages.append(Page(name: "prose-with-small-photo", expected: .textLayer,
                          content: "q 180 0 0 120 56 660 cm /Im0 Do Q\n" + lines(Array(proseLines.prefix(40)), top: 640),
                          images: [photo(width: 90, height: 60)]))
        // Scans.
        pages.append(Page(name: "scan-image-only", expected: .ocr, content: "q 595 0 0 842 0 0 cm /Im0 Do Q",
                          images: [scan(width: 595, height: 842)]))
        pages.append(Page(name: "scan-with-typed-header", expected: .ocr,
                          content: "q 595 0 0 760 0 0 cm /Im0 Do Q\n"
                              + lines(["Université de Test — Faculté des sciences — Département de physique",
                                       "Cours de mécanique, deuxième année — Document numérisé le 12 mars 2024 — reproduction interdite",
                                       "Ce document est la copie scannée du polycopié distribué en cours ; le texte n'en est pas encore saisi."],
                                      top: 820, size: 7, leading: 9),
                          images: [scan(width: 595, height: 760, seed: 11)]))
        pages.append(Page(name: "scan-under-its-ocr-text", expected: .textLayer,
                          content: "q 595 0 0 842 0 0 cm /Im0 Do Q\n" + lines(proseLines, top: 800, leading: 17.5, mode: 3),
                          images: [scan(width: 595, height: 842, seed: 5)]))
        pages.append(Page(name: "large-photo-with-caption", expected: .ocr,
                          content: "q 480 0 0 560 56 200 cm /Im0 Do Q\n" + lines(["Figure 3.1: the experiment as photographed in the lab."], top: 170),
                          images: [photo(width: 120, height: 140)]))
        // Garbage text layers over correct glyphs.
        func shifted(_ k: Int) -> (UInt8) -> String {
            { c in
                switch c {
                case 0x61...0x7A: String(format: "%04X", 0x61 + (Int(c) - 0x61 + k) % 26)
                case 0x41...0x5A: String(format: "%04X", 0x41 + (Int(c) - 0x41 + k) % 26)
                default: String(format: "%04X", c)
                }
            }
        }
        var rng = SplitMix(42)
        var permutation = Array(0..<26)
        for i in stride(from: 25, to: 0, by: -1) { permutation.swapAt(i, Int(rng.next() % UInt64(i + 1))) }
        let substitution: (UInt8) -> String = { c in
            switch c {
            case 0x61...0x7A: String(format: "%04X", 0x61 + permutation[Int(c) - 0x61])
            case 0x41...0x5A: String(format: "%04X", 0x41 + permutation[Int(c) - 0x41])
            default: String(format: "%04X", c)
            }
        }
        let body = lines(proseLines, font: "F3")
        pages.append(Page(name: "wrong-tounicode-shift-3", expected: .ocr, content: body, toUnicode: shifted(3)))
        pages.append(Page(name: "wrong-tounicode-substitution", expected: .ocr, content: body, toUnicode: substitution))
        // Glyph numbers of a subset font read as characters (code − 29: `a` → `D`, `A` → `$`).
        pages.append(Page(name: "glyph-numbers-minus-29", expected: .ocr, content: body,
                          toUnicode: { c in String(format: "%04X", c == 0x20 ? 0x20 : max(0x21, Int(c) - 29)) }))
        pages.append(Page(name: "glyph-numbers-as-punctuation", expected: .ocr, content: body,
                          toUnicode: { c in String(format: "%04X", c == 0x20 ? 0x20 : 0x21 + Int(c) % 31) }))
        pages.append(Page(name: "private-use-glyphs", expected: .ocr, content: body,
                          toUnicode: { c in String(format: "%04X", c == 0x20 ? 0x20 : 0xE000 + Int(c)) }))
        pages.append(Page(name: "byte-swapped-utf16", expected: .ocr, content: body,
                          toUnicode: { c in String(format: "%04X", c == 0x20 ? 0x20 : Int(c) << 8) }))
        pages.append(Page(name: "unmapped-replacement", expected: .ocr, content: body,
                          toUnicode: { c in c == 0x20 ? "0020" : "FFFD" }))
        // What some writers leave for glyphs without Unicode.
        let cid = proseLines.map { l in l.prefix(30).unicodeScalars.map { "(cid:\($0.value))" }.joined() }
        pages.append(Page(name: "cid-sequences", expected: .ocr, content: lines(cid, size: 6)))
        // A correct ToUnicode (the same map as the glyphs): the control for the garbage pages.
        pages.append(Page(name: "correct-tounicode", expected: .textLayer, content: body, toUnicode: shifted(0)))
        return pages
    }
}
