import IngestCore

/// Headings of recognised pages, from the size and weight of their letters (issue 36 item 3):
/// Tesseract's LSTM engine gives no font sizes, but every word has a box. A line's size is its cap
/// height, from its baseline up to the top of its capitals and ascenders (`size(of:)`), whatever
/// its letters; its weight the stroke width of its words (`WordInk`). Lines at least `ratio` times
/// the size of the lines around them, or `heavyRatio` times their stroke width (bold), at most
/// `maxLines` of them in a row, that read as a heading (`isHeadingText`) are a heading — also when
/// Tesseract glued them to the paragraph before or after (a board's section title over its first
/// lines); the document's largest headings are level 1, the others level 2.
enum OCRHeadings {
    /// Cap heights measured on a 200–300 dpi page vary by ±10 % from line to line (a pixel or two
    /// of 20–35): 1.25 keeps clearly larger type (titles, a board's headings) and leaves a heading
    /// set 15 % larger than the body (LibreOffice's Heading 2) as text rather than finding it on
    /// one page and not the next (`samples/fiche-fonctions-affines.pdf`: 1.07–1.22 for five of them).
    static let ratio = 1.25
    /// The least step between two heading sizes that makes two levels.
    static let sameLevel = 1.04
    static let maxLines = 2
    static let maxWords = 15
    /// Lines on either side whose sizes make a line's surroundings.
    static let window = 6
    /// Bold against regular: DejaVu Sans Bold's strokes measured 1.6–2.1 times the body's on
    /// `samples/` (photos and a 200-dpi scan, headings at 100–140 % of the body), a regular line
    /// 0.9–1.1 times; a bold term opening a line weighs too little of it to pass.
    static let heavyRatio = 1.4
    /// Strokes of type `ratio` times larger than the body's are about that much thicker: a line
    /// whose strokes are under this share of the body's is not large, whatever its boxes say.
    static let largeStroke = 1.15

    /// One paragraph of a page: its lines, each with its words and their boxes (fractions of the
    /// page; a line whose words could not all be placed has none), and each line's stroke width
    /// (`stroke(of:)`; empty or nil: not measured).
    struct Paragraph {
        var lines: [(text: Substring, words: [RecognizedWord])]
        var strokes: [Double?] = []
    }

    /// A run of a paragraph's lines: a heading of `level`, or text (nil).
    struct Segment: Equatable {
        var lines: Range<Int>
        var level: Int?
    }

    /// Each paragraph cut into headings and text, per page.
    static func segments(_ pages: [[Paragraph]]) -> [[[Segment]]] {
        var found: [[[(lines: Range<Int>, size: Double?)]]] = []   // size over the page's body: a heading
        for paragraphs in pages {
            // A photo's lines slope: each line's own slope, else the page's (`slope(of:)`).
            let slopes = paragraphs.map { $0.lines.map { slope(of: $0.words) } }
            let pageSlope = median(slopes.flatMap { $0.compactMap { $0 } }) ?? 0
            let lineSizes = paragraphs.indices.map { p in paragraphs[p].lines.indices.map { l in
                size(of: paragraphs[p].lines[l].words, slope: slopes[p][l] ?? pageSlope)
            } }
            let lineStrokes = paragraphs.map { p in p.lines.indices.map { p.strokes.indices.contains($0) ? p.strokes[$0] : nil } }
            // The page's lines in order, with their size, stroke and words, for each line's surroundings.
            var all: [(size: Double?, stroke: Double?, words: Int)] = [], first: [Int] = []
            for (p, paragraph) in paragraphs.enumerated() {
                first.append(all.count)
                for (l, line) in paragraph.lines.enumerated() { all.append((lineSizes[p][l], lineStrokes[p][l], line.words.count)) }
            }
            // The body around a line: the size most words are set in within `window` lines of it
            // (a photo taken at an angle sets its lower lines larger than its upper ones).
            func body(around i: Int) -> Double? {
                let near = all[max(0, i - window)...min(all.count - 1, i + window)].enumerated()
                    .filter { $0.offset + max(0, i - window) != i }.compactMap { e in e.element.size.map { ($0, e.element.words) } }
                return weightedMedian(near)
            }
            func bodyStroke(around i: Int) -> Double? {
                let near = all[max(0, i - window)...min(all.count - 1, i + window)].enumerated()
                    .filter { $0.offset + max(0, i - window) != i }.compactMap { e in e.element.stroke.map { ($0, e.element.words) } }
                return weightedMedian(near)
            }
            found.append(paragraphs.indices.map { p in
                let lines = paragraphs[p].lines
                guard !lines.isEmpty else { return [(0..<0, nil)] }
                let bodies = lines.indices.map { body(around: first[p] + $0) }
                // Bold: strokes clearly heavier than the body's around it.
                let heavy = lines.indices.map { l in zip(lineStrokes[p][l], bodyStroke(around: first[p] + l)).map { $0 >= heavyRatio * $1 } }
                // Runs of large lines and of the others (a line whose size is unknown goes with the run before it).
                var runs: [(lines: Range<Int>, large: Bool)] = []
                for l in lines.indices {
                    // Large type has strokes to match: a body line measured large (a photo's
                    // boxes vary by a quarter from line to line) but drawn with the body's strokes is not.
                    let strokeRatio = zip(lineStrokes[p][l], bodyStroke(around: first[p] + l)).map { $0 / $1 }
                    let bySize = zip(lineSizes[p][l], bodies[l]).map { $0 >= ratio * $1 && (strokeRatio ?? largeStroke) >= largeStroke }
                    let large = heavy[l] == true || (bySize ?? (heavy[l] == nil ? runs.last?.large ?? false : false))
                    if let last = runs.last, last.large == large { runs[runs.count - 1].lines = last.lines.lowerBound..<(l + 1) }
                    else { runs.append((l..<(l + 1), large)) }
                }
                var out: [(lines: Range<Int>, size: Double?)] = []
                for run in runs {
                    let text = lines[run.lines].map(\.text).joined(separator: " ")
                    let known = run.lines.compactMap { lineSizes[p][$0] }
                    // A line whose sentence goes on, in lower case, on the next line is wrapped text.
                    let goesOn = run.lines.upperBound < lines.count
                        && lines[run.lines.upperBound].text.first(where: { !$0.isWhitespace })?.isLowercase == true
                    let bold = run.lines.allSatisfy { heavy[$0] == true }
                    let heading = run.large && run.lines.count <= maxLines && (!known.isEmpty || bold) && !goesOn && isHeadingText(text, bold: bold)
                    let ratios = run.lines.compactMap { l in zip(lineSizes[p][l], bodies[l]).map { $0 / $1 } }
                    // A bold heading whose size could not be measured is set at the body's size.
                    let size: Double? = heading ? (ratios.isEmpty ? 1 : ratios.reduce(0, +) / Double(ratios.count)) : nil
                    if size == nil, let last = out.last, last.size == nil { out[out.count - 1].lines = last.lines.lowerBound..<run.lines.upperBound }
                    else { out.append((run.lines, size)) }
                }
                return out
            })
        }
        // Levels: the headings above the widest step between their sizes (sorted, each over the
        // next) are level 1, the rest level 2, when that step is at least `sameLevel`. Sizes
        // measured on a few bold words differ by a few per cent from heading to heading
        // (LibreOffice's Heading 2 at 115 % measured 1.11–1.16× the body on a photo, its Heading 1
        // at 130 % 1.22×): too close to tell more levels apart without inventing them.
        let distinct = found.flatMap { $0.flatMap { $0.compactMap(\.size) } }.sorted(by: >)
        let steps = distinct.indices.dropLast().map { (ratio: distinct[$0] / distinct[$0 + 1], below: distinct[$0 + 1]) }
        let step = steps.max { $0.ratio < $1.ratio }
        let second = step.flatMap { $0.ratio >= sameLevel ? $0.below : nil }
        return found.map { page in page.map { paragraph in paragraph.map { run in
            Segment(lines: run.lines, level: run.size.map { size in second.map { size > $0 ? 1 : 2 } ?? 1 })
        } } }
    }

    /// A heading's words: a few, not a sentence or a list item's end, some letters.
    /// A heading starts with a capital, or with its number (`2.`, `2)`, `II.`, `3 Titre`), never
    /// with a lower-case word or a bullet (`e Ultra-fast…`, `¢ Each…`, `4 ons linzen` are items).
    /// `bold`: every line of it is heavy, so a colon does not open a definition (whose term alone is bold).
    static func isHeadingText(_ text: String, bold: Bool = false) -> Bool {
        let t = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let last = t.last, t.contains(where: \.isLetter) else { return false }
        if ".,;:…".contains(last) { return false }
        let words = t.split(whereSeparator: \.isWhitespace)
        guard words.count <= maxWords, let first = words.first?.first else { return false }
        // "Nucleus: contains the genetic material" is a definition (its term alone bold); "Chapitre 2 :
        // Les ondes" or a bold "Fiche de révision : les fonctions affines" a heading.
        if !bold, let colon = words.firstIndex(where: { $0.hasSuffix(":") }), colon + 1 < words.count,
           words[colon + 1].first?.isLowercase == true { return false }
        // A line cut after "the", "de", "and"… is a sentence wrapped, not a title.
        if let lastWord = words.last?.lowercased(), wrapWords.contains(lastWord) { return false }
        if first.isUppercase { return true }
        guard first.isNumber, words.count > 1 else { return false }
        // A number, then a capital: "2. La vitesse", "3 Les sources".
        return words[1].first?.isUppercase == true
    }

    /// The line's cap height: from its baseline (the median bottom of its words that do not go
    /// below it) up to the median top of its words that reach the cap height (capitals,
    /// ascenders, digits; not accented capitals or brackets, which go above); nil without both.
    static func size(of words: [RecognizedWord]) -> Double? {
        let placed = words.filter { $0.box.count == 4 }
        let bottoms = placed.filter { !$0.text.unicodeScalars.contains(where: descending.contains) }.map { $0.box[3] }
        let tops = placed.filter { reachesCapHeight($0.text) }.map { $0.box[1] }
        guard let baseline = median(bottoms), let top = median(tops), baseline > top else { return nil }
        return baseline - top
    }

    /// The cap height of a line that slopes by `slope` (height over width, in the boxes' fractions):
    /// a sloping word's box is taller than its letters by its width times the slope — 8 px of a
    /// 300 px word on a photo turned 1.5°, a quarter of an 11-pt capital — so each word that
    /// reaches the cap height and not below the baseline is measured alone, its slope taken off,
    /// and the line's size is their median; `size(of:)` without them.
    static func size(of words: [RecognizedWord], slope: Double) -> Double? {
        let heights = words.filter { $0.box.count == 4 && reachesCapHeight($0.text) && !$0.text.unicodeScalars.contains(where: descending.contains) }
            .map { ($0.box[3] - $0.box[1]) - ($0.box[2] - $0.box[0]) * abs(slope) }
        if let height = median(heights), height > 0 { return height }
        return size(of: words)
    }

    /// A line's slope (height over width, in the boxes' fractions): from the bottoms of its first
    /// and last words that stay on the baseline, when they lie a tenth of the page apart.
    static func slope(of words: [RecognizedWord]) -> Double? {
        let level = words.filter { $0.box.count == 4 && !$0.text.unicodeScalars.contains(where: descending.contains) }
        guard let a = level.first, let b = level.last else { return nil }
        let run = (b.box[0] + b.box[2]) / 2 - (a.box[0] + a.box[2]) / 2
        guard run >= 0.1 else { return nil }
        return (b.box[3] - a.box[3]) / run
    }

    static func reachesCapHeight(_ word: String) -> Bool {
        var reaches = false
        for c in word.unicodeScalars {
            if aboveCapHeight.contains(c) { return false }
            if c.properties.isUppercase || ascending.contains(c) || ("0"..."9").contains(c) { reaches = true }
        }
        return reaches
    }
    // (not `t`: it stops below the others in most faces)
    static let ascending: Set<Unicode.Scalar> = ["b", "d", "f", "h", "k", "l"]
    static let descending: Set<Unicode.Scalar> = Set("gjpqyçQJ,;()[]{}|/_".unicodeScalars)
    static let aboveCapHeight: Set<Unicode.Scalar> = Set("()[]{}|/ÀÂÄÉÈÊËÎÏÔÖÙÛÜ".unicodeScalars)

    /// Words a French or English title does not end with.
    static let wrapWords: Set<String> = [
        "the", "a", "an", "of", "to", "and", "or", "in", "on", "at", "for", "with", "by", "from", "that", "is", "are",
        "le", "la", "les", "l'", "l’", "un", "une", "des", "de", "du", "d'", "d’", "et", "ou", "à", "au", "aux", "en",
        "pour", "par", "sur", "dans", "avec", "que", "qui", "est", "sont",
    ]

    /// A line's stroke width: the one most of its letters are drawn with (its words' strokes,
    /// weighted by their letters), nil when no word was measured.
    static func stroke(of words: [RecognizedWord], strokes: [Double?]) -> Double? {
        weightedMedian(Swift.zip(words, strokes).compactMap { w, s in s.map { ($0, w.text.count) } })
    }

    static func median(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.sorted()[values.count / 2]
    }

    static func weightedMedian(_ values: [(Double, Int)]) -> Double? {
        let sorted = values.filter { $0.1 > 0 }.sorted { $0.0 < $1.0 }
        let total = sorted.reduce(0) { $0 + $1.1 }
        guard total > 0 else { return nil }
        var seen = 0
        for (v, w) in sorted { seen += w; if 2 * seen >= total { return v } }
        return sorted.last?.0
    }
}

/// Both values, or nil.
private func zip<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}
