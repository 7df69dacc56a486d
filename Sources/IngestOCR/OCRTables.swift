import CTesseract
import IngestCore

/// Tables of a recognised page (issue 36 item 2), found by the aligned-column finder the PDF text
/// layer uses (IngestCore's `AlignedColumns`) on the words Tesseract read, placed on the page.
///
/// The finder's measures are in points of text set at about 10 pt, and it compares the gaps
/// between words with their heights as poppler gives them: the font's height, the same for every
/// word of a line. Tesseract's boxes are ink (`de` is shorter than `Fréquence`, a line without
/// descenders shorter than one with), so each word is given its line's font height, from the
/// line's cap height (`OCRHeadings.size`, capitals are about 0.7 of the font size), and the page is
/// scaled so that its usual font is `fontSize` points, whatever the image's resolution (a 300-dpi
/// scan, a photo of a board).
enum OCRTables {
    static let fontSize = 10.0
    /// Capitals' height over the font size, and where poppler's box of a word lies around the
    /// baseline, in font sizes (0.82 in all: an 11-pt Latin Modern word is 9 pt tall in poppler).
    static let capRatio = 0.7, ascent = 0.65, descent = 0.17
    /// Gaps between words narrower than this, in font sizes, are spaces, not gutters: the words
    /// around them are stretched to meet. Ink gaps are wider than poppler's between glyph boxes
    /// (side bearings) and a justified line's spaces stretch, so poppler's cut at half a line's
    /// height would cut running text; an unruled table's columns are set at least a font size
    /// apart (LaTeX's 2 × `\tabcolsep`, LibreOffice's columns). A ruled LibreOffice table's cells
    /// can be closer: its cells are read from the rules drawn in the image (`rules(of:)`, `RuledTables`).
    static let space = 0.7
    /// A vertical rule of a ruled table, read by Tesseract as a word: a bar taller than the
    /// line's capitals by this factor (a row's height), not text; left out of the cells.
    static let ruleHeight = 1.3
    static let ruleGlyphs: Set<Character> = ["|", "[", "]", "!", "¦", "I", "l", "1"]

    /// A table and the page's lines (paragraph, line within it) it holds.
    struct Found {
        var table: PageTable
        var lines: Set<[Int]>
        /// The first of those lines in reading order: where the table goes among the blocks.
        var first: [Int]
    }

    /// The tables of one page: `placed` is the page's lines with the indices of their words
    /// (`RecognizedLines.placed`); `leftOut` the lines and words not to look at (running headers).
    static func find(_ page: RecognizedPage, placed: [(line: [Int], words: [Int], text: Substring)], leftOut: RecognizedLines.Drop) -> [Found] {
        guard let layout = Layout(page, placed: placed, leftOut: leftOut), layout.lines.count >= AlignedColumns.minimumRows else { return [] }
        let ruled = RuledTables.find(words: layout.unclosed, horizontal: layout.horizontal, vertical: layout.vertical).filter(isTable)
        let aligned = AlignedColumns.find(words: layout.words, pageWidth: layout.pageWidth).filter { t in
            !ruled.contains { $0.x0 < t.x1 && t.x0 < $0.x1 && $0.y0 < t.y1 && t.y0 < $0.y1 }
        }
        return (ruled + aligned).compactMap { table in
            let inside = layout.lines.filter { table.contains($0.box.midX, $0.box.midY) }.map(\.line)
            guard let first = inside.first else { return nil }
            return Found(table: table, lines: Set(inside), first: first)
        }
    }

    /// A page's words in points as the finder reads them, and its placed lines' boxes.
    struct Layout {
        var words: [PageWord] = []
        /// The words before spaces are closed: a ruled table's cells are told apart by its rules.
        var unclosed: [PageWord] = []
        /// The image's rules, in the words' points.
        var horizontal: [PageRule] = [], vertical: [PageRule] = []
        var lines: [(line: [Int], box: PageWord)] = []
        var pageWidth: Double

        init?(_ page: RecognizedPage, placed: [(line: [Int], words: [Int], text: Substring)], leftOut: RecognizedLines.Drop) {
            guard let size = page.imageSize, size.count == 2, size[0] > 0, size[1] > 0 else { return nil }
            let width = Double(size[0]), height = Double(size[1])
            // Every placed line's baseline and font size (pixels); the page's usual font size.
            func baseline(_ words: [RecognizedWord]) -> Double? {
                let placed = words.filter { $0.box.count == 4 }
                let level = placed.filter { !$0.text.unicodeScalars.contains(where: OCRHeadings.descending.contains) }
                return OCRHeadings.median((level.isEmpty ? placed : level).map { $0.box[3] * height })
            }
            var fonts: [Int: (baseline: Double, size: Double?)] = [:]
            for p in placed where !p.words.isEmpty {
                let words = p.words.map { page.words[$0] }
                guard let base = baseline(words) else { continue }
                let size = OCRHeadings.size(of: words).map { $0 * height / capRatio }
                for i in p.words { fonts[i] = (base, size) }
            }
            guard let usual = OCRHeadings.median(fonts.values.compactMap(\.size)), usual > 0 else { return nil }
            let scale = fontSize / usual
            pageWidth = width * scale
            // Each word with its line's font box (one not placed: its own baseline, the usual size).
            var extent: [Int: (top: Double, bottom: Double)] = [:]
            var gaps: [Double] = []     // the widest space beside each word
            for (i, word) in page.words.enumerated() where word.box.count == 4 && !leftOut.words.contains(i) {
                let text = word.text.trimmingCharacters(in: .whitespaces)
                guard !text.isEmpty, let font = fonts[i] ?? baseline([word]).map({ ($0, nil) }) else { continue }
                let size = font.size ?? usual
                let e = (top: (font.baseline - ascent * size) * scale, bottom: (font.baseline + descent * size) * scale)
                extent[i] = e
                if text.allSatisfy(ruleGlyphs.contains), (word.box[3] - word.box[1]) * height > ruleHeight * capRatio * size { continue }
                words.append(PageWord(text: text, x0: word.box[0] * width * scale, y0: e.top, x1: word.box[2] * width * scale, y1: e.bottom))
                gaps.append(space * size * scale)
            }
            func points(_ r: PageRule) -> PageRule { PageRule(position: r.position * scale, lower: r.lower * scale, upper: r.upper * scale) }
            horizontal = (page.horizontalRules ?? []).map(points)
            vertical = (page.verticalRules ?? []).map(points)
            unclosed = words.compactMap { OCRTables.trimmed($0, by: vertical) }
            // Spaces closed, line by line (a word's line from its font box, as the finder groups them).
            var order = words.indices.sorted { (words[$0].midY, words[$0].x0) < (words[$1].midY, words[$1].x0) }[...]
            while let i = order.popFirst() {
                guard let j = order.first, abs(words[j].midY - words[i].midY) < 0.5, words[j].x0 > words[i].x1 else { continue }
                if words[j].x0 - words[i].x1 < max(gaps[i], gaps[j]) { words[i].x1 = words[j].x0 }
            }
            for p in placed where !p.words.isEmpty && !leftOut.lines.contains(p.line) {
                let boxes = p.words.map { page.words[$0].box }.filter { $0.count == 4 }
                guard let e = extent[p.words[0]], boxes.count == p.words.count else { continue }
                lines.append((p.line, PageWord(text: "", x0: boxes.map { $0[0] }.min()! * width * scale, y0: e.top,
                                               x1: boxes.map { $0[2] }.max()! * width * scale, y1: e.bottom)))
            }
        }
    }

    /// Whether a ruled table found on a scan is one: two rows and two columns at least (a
    /// worksheet's answer lines, ruled one under the other between its questions, are no table
    /// of one column), half of its cells or more holding text (a scan's rules are ink, and the
    /// hatching of an engraving crosses like a grid: a picture beside the text, ocrmypdf's
    /// c02-22 page, made a 2 × 42 "table" of 5 words read in its strokes).
    static func isTable(_ table: PageTable) -> Bool {
        let cells = table.rows.joined()
        return table.rows.count >= 2 && table.rows.contains { $0.count >= 2 } && cells.filter { !$0.text.isEmpty }.count * 2 >= cells.count
    }

    /// How near a vertical rule, in points, a word's edge may be when Tesseract read the rule as
    /// a glyph of it: its box then reaches at most half a font size short of the rule (a cell's
    /// text is set a padding away, 3 pt or more: LibreOffice's HTML tables, Word's 5.4 pt, LaTeX's
    /// 6 pt, and Tesseract's box edges wander by a couple of points).
    static let nearRule = fontSize / 2
    /// What Tesseract reads a vertical rule as at the edge of a word beside it: glyphs that are
    /// no letter or digit (a cell's `1`, `l` or `I` beside a rule is as likely text).
    static let barGlyphs: Set<Character> = ["|", "¦", "[", "]", "{", "}", "!", "/"]

    /// `word` without the glyphs at its ends that are a vertical rule read as text (`{0,72`,
    /// `|95`, `(UA)|`, a `|` word); nil when nothing else is left.
    static func trimmed(_ word: PageWord, by vertical: [PageRule]) -> PageWord? {
        let across = vertical.filter { $0.lower <= word.midY && word.midY <= $0.upper }
        guard !across.isEmpty else { return word }
        var text = Substring(word.text)
        if across.contains(where: { $0.position < word.x0 + nearRule && $0.position > word.x0 - nearRule }) {
            while let c = text.first, barGlyphs.contains(c) { text = text.dropFirst() }
        }
        if across.contains(where: { $0.position > word.x1 - nearRule && $0.position < word.x1 + nearRule }) {
            while let c = text.last, barGlyphs.contains(c) { text = text.dropLast() }
        }
        guard !text.isEmpty else { return nil }
        var kept = word
        kept.text = String(text)
        return kept
    }

    /// The rules drawn in a page image, in its pixels (`InkRules`, the finder of a PDF page's
    /// rules, with its measures in points at the image's resolution, 300 dpi when it has none).
    /// Ink is a pixel darker than 3/4 white: a scan's paper and light shades are lighter, a rule drawn grey (LibreOffice's HTML borders, 50 %) is darker.
    static func rules(of pix: UnsafeMutablePointer<PIX>) -> (horizontal: [PageRule], vertical: [PageRule]) {
        let width = Int(pixGetWidth(pix)), height = Int(pixGetHeight(pix)), depth = Int(pixGetDepth(pix))
        let wpl = Int(pixGetWpl(pix)), perPoint = resolution(pix) / 72
        guard width > 0, height > 0, [1, 8, 32].contains(depth), let data = pixGetData(pix) else { return ([], []) }
        let measures = InkRules.Measures(scale: 1, minimumLength: InkRules.minimumLength * perPoint,
                                         maximumThickness: InkRules.maximumThickness * perPoint)
        return InkRules.rules(width: width, height: height, measures) { y, bits in
            let line = UnsafePointer(data + y * wpl)
            switch depth {
            case 1: InkBits.binary(line, width: width, into: bits)
            case 8: InkBits.grey(line, width: width, into: bits)
            default: InkBits.colour(line, width: width, into: bits)
            }
        }
    }

    /// The image's pixels per inch, 300 when it says none (or a resolution no scan has).
    static func resolution(_ pix: UnsafeMutablePointer<PIX>) -> Double {
        let dpi = Int(pixGetXRes(pix))
        return Double(dpi >= 72 && dpi <= 1200 ? dpi : 300)
    }

    /// A row of a leptonica image (32-bit words, the first pixel in the high bits) as ink bits:
    /// bit `x % 64` of word `x / 64` is pixel x.
    enum InkBits {
        /// 1 bit a pixel, 1 is ink: each 32-bit word reversed.
        static func binary(_ line: UnsafePointer<UInt32>, width: Int, into bits: UnsafeMutableBufferPointer<UInt64>) {
            let words = (width + 31) / 32
            for w in 0..<bits.count {
                let low = reversed(line[2 * w]), high = 2 * w + 1 < words ? reversed(line[2 * w + 1]) : 0
                var word = UInt64(low) | UInt64(high) << 32
                let n = width - w << 6
                if n < 64 { word &= (1 << UInt64(n)) - 1 }
                bits[w] = word
            }
        }

        static func reversed(_ v: UInt32) -> UInt32 {
            var v = v
            v = (v >> 1) & 0x5555_5555 | (v & 0x5555_5555) << 1
            v = (v >> 2) & 0x3333_3333 | (v & 0x3333_3333) << 2
            v = (v >> 4) & 0x0F0F_0F0F | (v & 0x0F0F_0F0F) << 4
            return v.byteSwapped
        }

        /// 8 bits a pixel, ink darker than 192. Most of a page is paper: 64 pixels all at 192 or
        /// lighter (both high bits of every byte set) make a zero word without looking at each.
        static func grey(_ line: UnsafePointer<UInt32>, width: Int, into bits: UnsafeMutableBufferPointer<UInt64>) {
            for w in 0..<bits.count {
                let base = w << 6, n = min(64, width - base)
                if n == 64 {
                    var all = UInt32.max
                    for i in 0..<16 { all &= line[base >> 2 + i] }
                    if all & 0xC0C0_C0C0 == 0xC0C0_C0C0 { bits[w] = 0; continue }
                }
                var word: UInt64 = 0
                for i in 0..<n {
                    let x = base + i
                    let v = (line[x >> 2] >> (24 - 8 * UInt32(x & 3))) & 0xFF
                    word |= (v < 192 ? 1 : 0) &<< UInt64(i)
                }
                bits[w] = word
            }
        }

        /// 32 bits a pixel (red in the high byte), ink when its luminance is under 192. 64 pixels
        /// whose red, green and blue are all 192 or more (lighter than any ink) are skipped at once.
        static func colour(_ line: UnsafePointer<UInt32>, width: Int, into bits: UnsafeMutableBufferPointer<UInt64>) {
            for w in 0..<bits.count {
                let base = w << 6, n = min(64, width - base)
                if n == 64 {
                    var all = UInt32.max
                    for i in 0..<64 { all &= line[base + i] }
                    if all & 0xC0C0_C000 == 0xC0C0_C000 { bits[w] = 0; continue }
                }
                var word: UInt64 = 0
                for i in 0..<n {
                    let p = line[base + i]
                    let lum = ((p >> 24) & 0xFF) &* 3 &+ ((p >> 16) & 0xFF) &* 6 &+ ((p >> 8) & 0xFF)
                    word |= (lum < 1920 ? 1 : 0) &<< UInt64(i)
                }
                bits[w] = word
            }
        }
    }
}
