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
    /// can be closer: they need the rules drawn in the image, which are not read yet.
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
        return AlignedColumns.find(words: layout.words, pageWidth: layout.pageWidth).compactMap { table in
            let inside = layout.lines.filter { table.contains($0.box.midX, $0.box.midY) }.map(\.line)
            guard let first = inside.first else { return nil }
            return Found(table: table, lines: Set(inside), first: first)
        }
    }

    /// A page's words in points as the finder reads them, and its placed lines' boxes.
    struct Layout {
        var words: [PageWord] = []
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
}
