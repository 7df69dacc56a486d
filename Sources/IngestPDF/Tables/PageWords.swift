import CPoppler
import IngestCore

extension PopplerPageRef {
    /// The page's words: runs of visible characters between white space, line breaks and jumps
    /// (poppler's text of the page with one rectangle per character, as `textLines` reads it: the
    /// same reading, taken once per page by `withText`). Empty when poppler's rectangles do not
    /// map one to one onto its text.
    func words() -> [PageWord] {
        withText { raw, rects, count -> [PageWord] in
            guard let rects else { return [] }
            var text = String(cString: raw)
            return text.withUTF8 { Self.words($0, rects, count) }
        } ?? []
    }

    /// The walk of `words()`: a word's text is the bytes from its first character to its last (no
    /// white space inside, every other character kept), made a String once.
    private static func words(_ bytes: UnsafeBufferPointer<UInt8>, _ rects: UnsafeMutablePointer<PopplerRectangle>, _ count: Int) -> [PageWord] {
        guard PageCharacters.count(bytes) == count else { return [] }
        var words: [PageWord] = []
        var start = -1, end = -1                // the current word's bytes (none: start < 0)
        var box = (x0: Double.infinity, y0: Double.infinity, x1: -Double.infinity, y1: -Double.infinity)
        func flush() {
            if start >= 0 {
                words.append(PageWord(text: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self),
                                      x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1))
            }
            start = -1
            box = (.infinity, .infinity, -.infinity, -.infinity)
        }
        PageCharacters.forEach(bytes, rects) { from, to, _, g in
            guard let g else { flush(); return }
            if start >= 0, PageCharacters.endsWord(box, before: g) { flush() }
            if start < 0 { start = from }
            end = to
            box = (min(box.x0, g.x0), min(box.y0, g.y0), max(box.x1, g.x1), max(box.y1, g.y1))
        }
        flush()
        return words
    }
}

/// The characters of a page's text as `withText` gives it (UTF-8, one poppler rectangle per
/// character): what `words()` and `scriptedWords()` walk, and where they cut words.
enum PageCharacters {
    typealias Box = (x0: Double, y0: Double, x1: Double, y1: Double)

    /// How many characters (scalars) the bytes hold.
    static func count(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var scalars = 0
        for b in bytes where b & 0xC0 != 0x80 { scalars += 1 }
        return scalars
    }

    /// Each character in order: its bytes (`from..<to`), its index (its rectangle's) and its box
    /// (y down), nil for white space (`isWhiteSpace`).
    @inline(__always)
    static func forEach(_ bytes: UnsafeBufferPointer<UInt8>, _ rects: UnsafeMutablePointer<PopplerRectangle>,
                        _ body: (_ from: Int, _ to: Int, _ index: Int, _ box: Box?) -> Void) {
        var index = 0, i = 0
        while i < bytes.count {
            let b = bytes[i]
            let length = min(b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2, bytes.count - i)
            defer { i += length; index += 1 }
            if length == 1 {
                let v = b & 0x7F
                if v == 0x20 || (0x09...0x0D).contains(v) { body(i, i + 1, index, nil); continue }
            } else {
                var v = UInt32(b) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                for k in 1..<length { v = v << 6 | UInt32(bytes[i + k] & 0x3F) }
                if Unicode.Scalar(v)?.isWhiteSpace ?? false { body(i, i + length, index, nil); continue }
            }
            let r = rects[index]
            body(i, i + length, index, (min(r.x1, r.x2), min(r.y1, r.y2), max(r.x1, r.x2), max(r.y1, r.y2)))
        }
    }

    /// Whether the character in `g` starts another word than the one in `box`: cells of a row may
    /// come out of poppler with no space between them, so a jump back, to another row, or across
    /// a gap wider than a space ends the word.
    @inline(__always)
    static func endsWord(_ box: Box, before g: Box) -> Bool {
        let h = max(box.y1 - box.y0, g.y1 - g.y0, 1)
        let overlap = min(g.y1, box.y1) - max(g.y0, box.y0)
        return g.x0 < box.x1 - h * 0.5 || overlap < min(box.y1 - box.y0, g.y1 - g.y0) * 0.3 || g.x0 - box.x1 > h * 0.6
    }
}

extension PopplerPageRef {
    /// The page's words as `words()` cuts them, with raised and lowered glyphs written as
    /// `LineScripts` writes a line's (`10⁻¹`, `mol·L⁻¹`, `H₂O`), and the words a script joins made
    /// one (poppler puts a space after a raised sign: `10− 1`). What table cells are made of, so
    /// that a cell keeps the exponents its prose line would (issue 33). `words()` stays as poppler
    /// gives them: tagged tables check the structure tree's plain text against them.
    func scriptedWords() -> [PageWord] {
        withText { raw, rects, count -> [PageWord] in
            guard let rects else { return [] }
            var text = String(cString: raw)
            return text.withUTF8 { bytes -> [PageWord] in
                guard PageCharacters.count(bytes) == count else { return [] }
                let fonts = fontAttributes(count)
                var reader = ScriptedWords(bytes: bytes, sizes: fonts.sizes, ink: scriptInk())
                if !fonts.sizes.isEmpty {
                    reader.superiors = superiorFigures(bytes, rects, count: count, fonts: fonts)
                }
                return reader.read(rects)
            }
        } ?? []
    }
}

/// The walk of `scriptedWords`: words cut as `words()` cuts them, each with its glyphs; then the
/// words laid in rows where the page draws them, each row read by `LineScripts` left to right.
/// Rows, not poppler's lines: poppler may give a cell's raised glyphs a line of their own
/// (LibreOffice's `Cu²⁺` and `SO₄²⁻` in a table cell come out as `2+`, `2−` on lines before the
/// row's: `Cu 2+`).
/// Only a row with a glyph clearly smaller than another or a superior figure can be rewritten
/// (`LineScripts.edits`' first test): rows are made only on pages where such a row can exist,
/// and a row is read only when it is one. Glyphs are kept in one array, words hold their range.
private struct ScriptedWords {
    typealias Box = PageCharacters.Box
    /// A word: its bytes in the page's text, its box, its glyphs (a range of `glyphs`; their
    /// offsets are into the page's text) and the largest glyph size (`Sequence.max()`'s).
    struct Word {
        var start: Int, end: Int
        var box: Box
        var glyphs: Range<Int>
        var size: Float
    }
    let bytes: UnsafeBufferPointer<UInt8>
    let sizes: [Float]
    var superiors: Set<Int> = []
    let ink: LineScripts.Ink
    var words: [Word] = []
    var glyphs: [LineGlyph] = []
    var current: Word?

    /// Words closer than this share of their size are one word's pieces (no space between them).
    static let touching = 0.08
    /// Words of one row are no further apart than this share of their size.
    static let beside = 0.5

    init(bytes: UnsafeBufferPointer<UInt8>, sizes: [Float], ink: @escaping LineScripts.Ink) {
        self.bytes = bytes
        self.sizes = sizes
        self.ink = ink
    }

    mutating func read(_ rects: UnsafeMutablePointer<PopplerRectangle>) -> [PageWord] {
        let checkSuperiors = !superiors.isEmpty
        // (At most a glyph a byte: grown as they came, the array was copied a dozen times a page.)
        glyphs.reserveCapacity(bytes.count)
        PageCharacters.forEach(bytes, rects) { from, to, index, g in
            guard let g else { endWord(); return }
            // `words()`'s cut.
            if let box = current?.box, PageCharacters.endsWord(box, before: g) { endWord() }
            let size = index < sizes.count ? sizes[index] : 0
            glyphs.append(LineGlyph(start: from, end: to, x0: Float(g.x0), y0: Float(g.y0), x1: Float(g.x1), y1: Float(g.y1),
                                    size: size, superior: checkSuperiors && superiors.contains(index)))
            if current != nil {
                current!.end = to
                current!.box = (min(current!.box.x0, g.x0), min(current!.box.y0, g.y0), max(current!.box.x1, g.x1), max(current!.box.y1, g.y1))
                current!.glyphs = current!.glyphs.lowerBound..<glyphs.count
                if current!.size < size { current!.size = size }
            } else {
                current = Word(start: from, end: to, box: g, glyphs: glyphs.count - 1..<glyphs.count, size: size)
            }
        }
        endWord()
        var out = words.map { PageWord(text: String(decoding: UnsafeBufferPointer(rebasing: bytes[$0.start..<$0.end]), as: UTF8.self),
                                       x0: $0.box.x0, y0: $0.box.y0, x1: $0.box.x1, y1: $0.box.y1) } as [PageWord?]
        if !sizes.isEmpty, Self.mayHoldScripts(glyphs) { for row in rows() { read(row, into: &out) } }
        return out.compactMap { $0 }
    }

    mutating func endWord() {
        if let w = current { words.append(w) }
        current = nil
    }

    /// Whether some row of `glyphs` can pass `LineScripts.edits`' first test (its smallest size
    /// above 0, and below `smaller` of its largest or a superior figure among them): a row's
    /// smallest size above 0 is no smaller than the page's, its largest no larger.
    static func mayHoldScripts(_ glyphs: [LineGlyph]) -> Bool {
        var smallest = Float.infinity, largest: Float = 0
        for g in glyphs {
            if g.superior { return true }
            if g.size > 0 { smallest = min(smallest, g.size) }
            largest = max(largest, g.size)
        }
        return smallest < largest * LineScripts.smaller
    }

    /// The words' indices in rows. The largest words make the rows (a row's band: top to bottom
    /// of its words of its largest size); a word joins the row whose band holds its middle and
    /// which has a word beside it (no further than `beside` of their size: a script touches its
    /// base; another column's line at the same height is no row of it); rows it is beside
    /// both become one. Smaller words come last: a raised glyph's middle is inside its own
    /// row's band, while its box may reach into the row above (table rows set tight, a table
    /// scaled down).
    func rows() -> [[Int]] {
        let middles = words.map { $0.box.y0 + $0.box.y1 }
        let order = words.indices.sorted {
            words[$0].size != words[$1].size ? words[$0].size > words[$1].size : middles[$0] < middles[$1]
        }
        // Each row's band, largest size and members, in three arrays: the walk over every row's
        // band for every word (most of `scriptedWords` on a LaTeX manual) reads two numbers a row.
        var bands: [(y0: Double, y1: Double)] = [], sizes: [Float] = [], members: [[Int]] = []
        var joined: [Int] = []
        for k in order {
            let b = words[k].box, middle = (b.y0 + b.y1) / 2, size = words[k].size
            joined.removeAll(keepingCapacity: true)
            for r in bands.indices where bands[r].y0 <= middle && middle <= bands[r].y1 && members[r].contains(where: { m in
                max(words[m].box.x0 - b.x1, b.x0 - words[m].box.x1) <= Double(max(size, words[m].size)) * Self.beside
            }) {
                joined.append(r)
            }
            guard let r = joined.first else { bands.append((b.y0, b.y1)); sizes.append(size); members.append([k]); continue }
            members[r].append(k)
            if size >= sizes[r] * LineScripts.smaller { bands[r] = (min(bands[r].y0, b.y0), max(bands[r].y1, b.y1)) }
            // A word beside two rows' words joins them (`(mol·L`, the raised `−1`, then `)`).
            for other in joined.dropFirst().reversed() {
                members[r] += members[other]
                bands[r] = (min(bands[r].y0, bands[other].y0), max(bands[r].y1, bands[other].y1))
                sizes[r] = max(sizes[r], sizes[other])
                bands.remove(at: other); sizes.remove(at: other); members.remove(at: other)
            }
        }
        return members.map { $0.sorted { words[$0].box.x0 < words[$1].box.x0 } }
    }

    /// One row's words, left to right, as one line (a space between words apart, none between
    /// words that touch), read by `LineScripts`; the words a script run joins become one, put
    /// in `out` at the place of the first of them in poppler's order.
    func read(_ row: [Int], into out: inout [PageWord?]) {
        guard row.count >= 2 || (row.first.map { words[$0].glyphs.count >= 2 } ?? false) else { return }
        // `LineScripts.edits`' first test, on the row's glyphs in the order it gets them.
        var smallest = Float.infinity, largest: Float = 0, superior = false
        for k in row {
            for g in glyphs[words[k].glyphs] { smallest = min(smallest, g.size); largest = max(largest, g.size); superior = superior || g.superior }
        }
        guard smallest > 0, smallest < largest * LineScripts.smaller || superior else { return }
        var line: [UInt8] = [], rowGlyphs: [LineGlyph] = []
        var pieces: [(start: Int, end: Int)] = []
        for (n, k) in row.enumerated() {
            let w = words[k]
            if n > 0 {
                let before = words[row[n - 1]]
                let size = Double(max(w.size, before.size))
                if !(before.end == w.start || w.box.x0 - before.box.x1 < size * Self.touching) { line.append(0x20) }
            }
            let offset = line.count - w.start
            line += UnsafeBufferPointer(rebasing: bytes[w.start..<w.end])
            for var g in glyphs[w.glyphs] { g.start += offset; g.end += offset; rowGlyphs.append(g) }
            pieces.append((w.start + offset, w.end + offset))
        }
        guard !RightToLeft.mayNeedReordering(line) else { return }
        let edits = LineScripts.edits(line, glyphs: rowGlyphs, ink: ink)
        guard !edits.isEmpty else { return }
        // A run joins the words it covers, the words it touches on either side (its base; what
        // follows it with no space: `H₂O`, `(mol·L⁻¹)`), and the next word when it took the
        // space before it.
        var joinsNext = [Bool](repeating: false, count: pieces.count)
        for edit in edits {
            var upper = edit.range.upperBound
            if upper > edit.range.lowerBound, line[upper - 1] == 0x20 { upper += 1 }
            let touched = pieces.indices.filter {
                pieces[$0].start < upper && pieces[$0].end > edit.range.lowerBound
                    || pieces[$0].end == edit.range.lowerBound || pieces[$0].start == edit.range.upperBound
            }
            if let first = touched.first, let last = touched.last { for k in first..<last { joinsNext[k] = true } }
        }
        var n = 0
        while n < pieces.count {
            var m = n
            while m + 1 < pieces.count, joinsNext[m] { m += 1 }
            let a = pieces[n].start, b = pieces[m].end
            let inside = edits.filter { $0.range.lowerBound >= a && $0.range.upperBound <= b }
            if !inside.isEmpty || m > n {
                var box = words[row[n]].box
                for k in row[n...m] { let p = words[k].box; box = (min(box.x0, p.x0), min(box.y0, p.y0), max(box.x1, p.x1), max(box.y1, p.y1)) }
                let text = String(decoding: LineScripts.apply(inside, to: line[a..<b]), as: UTF8.self)
                let first = row[n...m].min()!
                for k in row[n...m] { out[k] = nil }
                out[first] = PageWord(text: text, x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1)
            }
            n = m + 1
        }
    }
}

extension Unicode.Scalar {
    /// Unicode's White_Space (`properties.isWhitespace`), answered for ASCII without the property
    /// table: a page's text is mostly ASCII, and the lookup for every character of it was ≈ 2 % of
    /// a run on a LaTeX manual.
    var isWhiteSpace: Bool { value < 0x80 ? value == 0x20 || (0x09...0x0D).contains(value) : properties.isWhitespace }
}
