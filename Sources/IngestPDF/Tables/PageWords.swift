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

extension Unicode.Scalar {
    /// Unicode's White_Space (`properties.isWhitespace`), answered for ASCII without the property
    /// table: a page's text is mostly ASCII, and the lookup for every character of it was ≈ 2 % of
    /// a run on a LaTeX manual.
    var isWhiteSpace: Bool { value < 0x80 ? value == 0x20 || (0x09...0x0D).contains(value) : properties.isWhitespace }
}
