/// One glyph of a page as the math reader sees it: its text, its box in points (y grows
/// downwards), its font size and what its font is for.
struct MathGlyph: Sendable, Equatable {
    let text: String
    var x0: Double, y0: Double, x1: Double, y1: Double
    var size: Double
    var font: MathFont
    /// Its place in the page's text (poppler's order: a line's glyphs left to right).
    var index: Int
    /// What its text is, found once: the readers ask it of every glyph of a page many times, and
    /// each Unicode property lookup costs (`isSpace` alone was ≈ 1 % of a LaTeX manual's run).
    /// White space only (or empty); its first character a letter, a number, Greek (`MathText`).
    let isSpace: Bool, startsWithLetter: Bool, startsWithNumber: Bool, startsWithGreek: Bool
    /// Its text is the root sign `√` (U+221A, which no other text equals): asked of every glyph
    /// of a page by the readers of roots, where comparing strings beyond ASCII costs.
    let isRootSign: Bool

    init(text: String, x0: Double, y0: Double, x1: Double, y1: Double, size: Double, font: MathFont, index: Int) {
        (self.text, self.x0, self.y0, self.x1, self.y1, self.size, self.font, self.index) = (text, x0, y0, x1, y1, size, font, index)
        let utf8 = text.utf8
        isRootSign = utf8.elementsEqual([0xE2, 0x88, 0x9A])
        if utf8.count == 1, let b = utf8.first, b < 0x80 {
            // (ASCII, most glyphs: the same answers as the Unicode properties below.)
            isSpace = b == 0x20 || (0x09...0x0D).contains(b)
            startsWithLetter = (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b)
            startsWithNumber = (0x30...0x39).contains(b)
            startsWithGreek = false
        } else {
            isSpace = text.unicodeScalars.allSatisfy(\.isWhiteSpace)
            startsWithLetter = text.first?.isLetter == true
            startsWithNumber = text.first?.isNumber == true
            startsWithGreek = text.first.map(MathText.isGreek) == true
        }
    }

    var midX: Double { (x0 + x1) / 2 }
    var midY: Double { (y0 + y1) / 2 }
    var width: Double { x1 - x0 }
    var height: Double { y1 - y0 }
}

/// What a font is for, from its name: TeX's math fonts (Computer Modern's CMMI, CMSY, CMEX and
/// Latin Modern's LMMathItalic, LMMathSymbols, LMMathExtension, the AMS blackboard MSBM and symbols
/// MSAM), or any
/// other font (text, and the upright letters, digits and operators TeX takes from the text font).
enum MathFont: UInt8, Sendable {
    case italic, symbols, extensible, blackboard, amsSymbols, text

    init(name: String) {
        // Subset fonts are named `ABCDEF+LMMathItalic10-Regular`.
        let base = name.split(separator: "+").last.map(String.init) ?? name
        let lower = base.lowercased()
        if lower.hasPrefix("cmmi") || lower.hasPrefix("lmmathitalic") || lower.hasPrefix("cmbx") && false {
            self = .italic
        } else if lower.hasPrefix("cmsy") || lower.hasPrefix("lmmathsymbols") || lower.hasPrefix("cmbsy") {
            self = .symbols
        } else if lower.hasPrefix("cmex") || lower.hasPrefix("lmmathextension") {
            self = .extensible
        } else if lower.hasPrefix("msbm") {
            self = .blackboard
        } else if lower.hasPrefix("msam") {
            self = .amsSymbols
        } else {
            self = .text
        }
    }

    var isMath: Bool { self != .text }
}

extension PopplerPageRef {
    /// The page's glyphs with their boxes and fonts, in the page's text order (spaces kept,
    /// line breaks left out); empty when poppler gives no layout, or when `mathOnly` and no glyph
    /// in a math font is other than white space or one of the ASCII signs an OT1 text font lacks
    /// (`InlineMath.borrowedSigns`, which make no math of their own). (Poppler's space after such
    /// a sign takes its font: gnuplot.pdf's `<`, `{` and their spaces sent 147 of its 311 pages
    /// to the formula reader, 70 % of its cost there; it read no formula on them.)
    func mathGlyphs(mathOnly: Bool = false) -> [MathGlyph] {
        let runs = textRuns()
        // Each font's role read once from its name: a page's runs are a few fonts over and over
        // (reading the name of each of gnuplot.pdf's 12,763 runs was half of this gate's cost).
        var roles: [String: MathFont] = [:]
        func role(_ name: String) -> MathFont {
            if let known = roles[name] { return known }
            let found = MathFont(name: name)
            roles[name] = found
            return found
        }
        // (Asked of the fonts first: most pages of a manual have no run in a math font, and their
        // text is then not gone through.)
        if mathOnly, !runs.contains(where: { role($0.fontName).isMath }) { return [] }
        return withText { raw, rects, count -> [MathGlyph] in
            guard let rects else { return [] }
            let scalars = Array(String(cString: raw).unicodeScalars)
            guard scalars.count == count else { return [] }
            var fonts = [MathFont](repeating: .text, count: count), sizes = [Double](repeating: 0, count: count)
            for run in runs {
                let from = max(0, run.start), to = min(count - 1, run.end)
                guard from <= to else { continue }
                let role = role(run.fontName)
                for k in from...to { fonts[k] = role; sizes[k] = run.fontSize }
            }
            // A page with no glyph in a math font has no formula (`PageFormulas.find`): its glyphs
            // are not made (most pages of a manual).
            if mathOnly, !(0..<count).contains(where: { fonts[$0].isMath && !scalars[$0].isWhiteSpace && !InlineMath.borrowed(scalars[$0]) }) {
                return []
            }
            var out: [MathGlyph] = []
            out.reserveCapacity(count)
            for k in 0..<count where scalars[k] != "\n" {
                let r = rects[k]
                out.append(MathGlyph(text: String(scalars[k]), x0: min(r.x1, r.x2), y0: min(r.y1, r.y2), x1: max(r.x1, r.x2),
                                     y1: max(r.y1, r.y2), size: sizes[k], font: fonts[k], index: k))
            }
            return out
        } ?? []
    }
}
