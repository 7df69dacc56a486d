/// A typesetter's mark that a line of a listing or a screen goes on below: LaTeX's `listings`
/// and dblatex end a line they had to wrap with a hooked arrow (`$\hookleftarrow$`, whose
/// glyphs read `←` and `-`: the hook is the math italic font's `-` slot) and indent the rest on
/// the next line. The source had one line: the mark is not its text, and no formula either
/// (`$\leftarrow-$` was written into code lines: debian-reference.en.pdf, 13 times).
enum ContinuationMarks {
    /// `text` without the mark at its end (and the spaces before it), nil when it has none.
    static func withoutMark(_ text: String) -> (text: Substring, spaceBefore: Bool)? {
        guard hasArrow(text) else { return nil }
        var rest = text[...]
        while rest.last == " " { rest.removeLast() }
        guard rest.hasSuffix("←-") || rest.hasSuffix("←−") else { return nil }
        rest.removeLast(2)
        let spaceBefore = rest.last == " "
        while rest.last == " " { rest.removeLast() }
        guard !rest.isEmpty else { return nil }
        return (rest, spaceBefore)
    }

    /// The mark alone: a line segment of its own when the typesetter pushed it to the right
    /// margin, past a gap that splits the row.
    /// Asked of every line of every page: a line without the arrow (UTF-8 E2 86 90) is answered
    /// without trimming it (Foundation's trimming of each line was 1.2 % of a run on gnuplot.pdf).
    static func isMarkAlone(_ text: String) -> Bool {
        guard hasArrow(text) else { return false }
        let t = text.trimmingCharacters(in: .whitespaces)
        return t == "←-" || t == "←−"
    }

    /// Whether `text` holds `←` (U+2190).
    static func hasArrow(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var i = 0
            while i + 2 < bytes.count {
                if bytes[i] == 0xE2 && bytes[i + 1] == 0x86 && bytes[i + 2] == 0x90 { return true }
                i += 1
            }
            return false
        }
    }

    /// Each line ending with the mark, followed by its continuation (the next line, right below
    /// it), becomes one line with it. The typesetter breaks where it can — at a space (kept as a
    /// space before the mark), after `-` or `/`, before `.` — so a space is put back only where
    /// one stood before the mark and the break is not one of those.
    static func join(_ lines: inout [TextLine]) {
        var i = 0
        while i + 1 < lines.count {
            let line = lines[i], next = lines[i + 1]
            guard line.hasGeometry, next.hasGeometry, line.origin == .content, next.origin == .content,
                  let (kept, spaceBefore) = withoutMark(line.text), continues(line, next) else { i += 1; continue }
            let rest = next.text.drop { $0 == " " }
            let glued = "-/_=.".contains(kept.last!) || rest.first.map { ".,;:)]}”\"'/".contains($0) } == true
            lines[i] = union(line, next, text: String(kept) + (spaceBefore && !glued ? " " : "") + rest)
            lines.remove(at: i + 1)
            // (Stays on the joined line: a line wrapped twice ends with the mark again.)
        }
    }

    /// The mark pushed to the right margin, a line segment of its own (poppler may put it in
    /// a block of its own, anywhere in the page's order), put at the end of the text on its row
    /// left of it — before the math reader, which would join them as a formula.
    static func attachAloneMarks(_ lines: inout [TextLine]) {
        var i = 0
        while i < lines.count {
            guard isMarkAlone(lines[i].text), lines[i].hasGeometry else { i += 1; continue }
            let mark = lines[i]
            let host = lines.indices.filter { $0 != i && lines[$0].hasGeometry && withoutMark(lines[$0].text) == nil && sameRow(lines[$0], mark) }
                .max { lines[$0].x1 < lines[$1].x1 }
            guard let host else { i += 1; continue }
            lines[host] = union(lines[host], mark, text: lines[host].text + " ←-")
            lines.remove(at: i)
        }
    }

    static func union(_ a: TextLine, _ b: TextLine, text: String) -> TextLine {
        var joined = TextLine(text: text, x0: min(a.x0, b.x0), y0: min(a.y0, b.y0), x1: max(a.x1, b.x1), y1: max(a.y1, b.y1),
                              glyphHeight: a.glyphHeight, hasGeometry: true)
        joined.fontSize = max(a.fontSize, b.fontSize)
        return joined
    }

    /// `b` is on `a`'s row, right of it.
    static func sameRow(_ a: TextLine, _ b: TextLine) -> Bool {
        let overlap = min(a.y1, b.y1) - max(a.y0, b.y0)
        return overlap > 0.5 * min(a.y1 - a.y0, b.y1 - b.y0) && b.x0 >= a.x1 - 0.5
    }

    /// `next` is the rest of `line`: the row right below it (where the typesetter indents it
    /// depends on the listing, and a row split at a wide gap starts right of it).
    static func continues(_ line: TextLine, _ next: TextLine) -> Bool {
        let height = max(line.glyphHeight, 1)
        return next.y0 > line.y0 + 0.5 * height && next.y0 - line.y1 < 1.2 * height && next.x0 < line.x1
    }
}
