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
            return Self.words(Array(String(cString: raw).unicodeScalars), rects, count)
        } ?? []
    }

    private static func words(_ scalars: [Unicode.Scalar], _ rects: UnsafeMutablePointer<PopplerRectangle>, _ count: Int) -> [PageWord] {
        guard scalars.count == count else { return [] }
        var words: [PageWord] = []
        var text = String.UnicodeScalarView()
        var box = (x0: Double.infinity, y0: Double.infinity, x1: -Double.infinity, y1: -Double.infinity)
        func flush() {
            if !text.isEmpty { words.append(PageWord(text: String(text), x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1)) }
            text = String.UnicodeScalarView()
            box = (.infinity, .infinity, -.infinity, -.infinity)
        }
        for (i, scalar) in scalars.enumerated() {
            if scalar.isWhiteSpace { flush(); continue }
            let r = rects[i]
            let gx0 = min(r.x1, r.x2), gx1 = max(r.x1, r.x2), gy0 = min(r.y1, r.y2), gy1 = max(r.y1, r.y2)
            if !text.isEmpty {
                // Cells of a row may come out of poppler with no space between them: a jump back,
                // to another row, or across a gap wider than a space ends the word.
                let h = max(box.y1 - box.y0, gy1 - gy0, 1)
                let overlap = min(gy1, box.y1) - max(gy0, box.y0)
                if gx0 < box.x1 - h * 0.5 || overlap < min(box.y1 - box.y0, gy1 - gy0) * 0.3 || gx0 - box.x1 > h * 0.6 { flush() }
            }
            text.append(scalar)
            box = (min(box.x0, gx0), min(box.y0, gy0), max(box.x1, gx1), max(box.y1, gy1))
        }
        flush()
        return words
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
                var scalars = 0
                for b in bytes where b & 0xC0 != 0x80 { scalars += 1 }
                guard scalars == count else { return [] }
                let fonts = fontAttributes(count)
                var reader = ScriptedWords(bytes: bytes, sizes: fonts.sizes, ink: scriptInk())
                if !fonts.sizes.isEmpty {
                    reader.superiors = SuperiorFigures.find(bytes, rects, fonts: fonts.fonts, sizes: fonts.sizes)
                }
                return reader.read(rects)
            }
        } ?? []
    }
}

/// The walk of `scriptedWords`: words cut as `words()` cuts them, gathered in segments (a line
/// of poppler's text up to a jump, another row or a wide gap: where a cell of a table may end),
/// each segment's glyphs read by `LineScripts`.
private struct ScriptedWords {
    typealias Box = (x0: Double, y0: Double, x1: Double, y1: Double)
    let bytes: UnsafeBufferPointer<UInt8>
    let sizes: [Float]
    var superiors: Set<Int> = []
    var words: [PageWord] = []
    /// The segment: where its first glyph's bytes start, its glyphs (offsets from there), its words.
    var segmentStart = 0
    var glyphs: [LineGlyph] = []
    var pieces: [(start: Int, end: Int, box: Box)] = []
    /// The word being read (offsets into `bytes`).
    var word: (start: Int, end: Int, box: Box)?
    /// The segment's last glyph, and the top and bottom of its glyphs.
    var previous: Box?
    var band = (y0: 0.0, y1: 0.0)

    let ink: LineScripts.Ink

    init(bytes: UnsafeBufferPointer<UInt8>, sizes: [Float], ink: @escaping LineScripts.Ink) {
        self.bytes = bytes
        self.sizes = sizes
        self.ink = ink
    }

    mutating func read(_ rects: UnsafeMutablePointer<PopplerRectangle>) -> [PageWord] {
        var index = 0, i = 0
        while i < bytes.count {
            let b = bytes[i]
            let length = min(b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2, bytes.count - i)
            defer { i += length; index += 1 }
            var v = UInt32(b) & (length == 1 ? 0x7F : length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for k in 1..<max(1, length) { v = v << 6 | UInt32(bytes[i + k] & 0x3F) }
            if Unicode.Scalar(v)?.isWhiteSpace ?? false {
                endWord()
                if b == 0x0A { endSegment() }
                continue
            }
            let r = rects[index]
            let g: Box = (min(r.x1, r.x2), min(r.y1, r.y2), max(r.x1, r.x2), max(r.y1, r.y2))
            if let box = word?.box {
                // `words()`'s cut: a jump back, another row or a gap wider than a space.
                let h = max(box.y1 - box.y0, g.y1 - g.y0, 1)
                let overlap = min(g.y1, box.y1) - max(g.y0, box.y0)
                if g.x0 < box.x1 - h * 0.5 || overlap < min(box.y1 - box.y0, g.y1 - g.y0) * 0.3 || g.x0 - box.x1 > h * 0.6 {
                    endSegment()
                }
            } else if let p = previous {
                // After a space, as `LineBuilder` splits a line: a jump back, a gap wider than
                // 1.5 heights, or a glyph on another row than the segment's (not than the glyph
                // before: `SO₄ ²⁻`'s raised 2 after the lowered 4).
                let h = max(p.y1 - p.y0, g.y1 - g.y0, 1)
                if g.x0 < p.x1 - h * 0.5 || g.x0 - p.x1 > h * 1.5
                    || PageLines.isOnAnotherRow(glyphTop: g.y0, glyphBottom: g.y1, lineTop: band.y0, lineBottom: band.y1) {
                    endSegment()
                }
            }
            if glyphs.isEmpty && pieces.isEmpty && word == nil { segmentStart = i }
            if var w = word {
                w.end = i + length
                w.box = (min(w.box.x0, g.x0), min(w.box.y0, g.y0), max(w.box.x1, g.x1), max(w.box.y1, g.y1))
                word = w
            } else {
                word = (i, i + length, g)
            }
            glyphs.append(LineGlyph(start: i - segmentStart, end: i + length - segmentStart, x0: Float(g.x0), y0: Float(g.y0),
                                    x1: Float(g.x1), y1: Float(g.y1), size: index < sizes.count ? sizes[index] : 0,
                                    superior: superiors.contains(index)))
            previous = g
            band = glyphs.count == 1 ? (g.y0, g.y1) : (min(band.y0, g.y0), max(band.y1, g.y1))
        }
        endSegment()
        return words
    }

    mutating func endWord() {
        guard let w = word else { return }
        pieces.append((w.start - segmentStart, w.end - segmentStart, w.box))
        word = nil
    }

    /// The segment's words, those a script run joins made one, with the runs written.
    mutating func endSegment() {
        endWord()
        defer { glyphs.removeAll(keepingCapacity: true); pieces.removeAll(keepingCapacity: true); previous = nil }
        guard let last = pieces.last else { return }
        let segment = Array(bytes[segmentStart..<(segmentStart + last.end)])
        let edits = sizes.isEmpty ? [] : LineScripts.edits(segment, glyphs: glyphs, ink: ink)
        // A run touches the words it covers, and the next one when it took the space before it.
        var joinsNext = [Bool](repeating: false, count: pieces.count)
        for edit in edits {
            var upper = edit.range.upperBound
            if upper > edit.range.lowerBound, segment[upper - 1] == 0x20 { upper += 1 }
            let touched = pieces.indices.filter { pieces[$0].start < upper && pieces[$0].end > edit.range.lowerBound }
            if let first = touched.first, let lastTouched = touched.last { for k in first..<lastTouched { joinsNext[k] = true } }
        }
        var k = 0
        while k < pieces.count {
            var m = k
            while m + 1 < pieces.count, joinsNext[m] { m += 1 }
            let a = pieces[k].start, b = pieces[m].end
            let inside = edits.filter { $0.range.lowerBound >= a && $0.range.upperBound <= b }
            let text = String(decoding: LineScripts.apply(inside, to: segment[a..<b]), as: UTF8.self)
            var box = pieces[k].box
            for p in pieces[k...m] { box = (min(box.x0, p.box.x0), min(box.y0, p.box.y0), max(box.x1, p.box.x1), max(box.y1, p.box.y1)) }
            words.append(PageWord(text: text, x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1))
            k = m + 1
        }
    }
}

extension Unicode.Scalar {
    /// Unicode's White_Space (`properties.isWhitespace`), answered for ASCII without the property
    /// table: a page's text is mostly ASCII, and the lookup for every character of it was ≈ 2 % of
    /// a run on a LaTeX manual.
    var isWhiteSpace: Bool { value < 0x80 ? value == 0x20 || (0x09...0x0D).contains(value) : properties.isWhitespace }
}
