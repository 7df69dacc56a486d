/// A typesetter's mark that a line of a listing or a screen goes on below: LaTeX's `listings`
/// and dblatex end a line they had to wrap with a hooked arrow (`$\hookleftarrow$`, whose
/// glyphs read `←` and `-`: the hook is the math italic font's `-` slot) and indent the rest on
/// the next line. The source had one line: the mark is not its text, and no formula either
/// (`$\leftarrow-$` was written into code lines: debian-reference.en.pdf, 13 times).
enum ContinuationMarks {
    /// `text` without the mark at its end (and the spaces before it), nil when it has none.
    static func withoutMark(_ text: String) -> (text: Substring, spaceBefore: Bool)? {
        var rest = text[...]
        while rest.last == " " { rest.removeLast() }
        guard rest.hasSuffix("←-") || rest.hasSuffix("←−") else { return nil }
        rest.removeLast(2)
        let spaceBefore = rest.last == " "
        while rest.last == " " { rest.removeLast() }
        guard !rest.isEmpty else { return nil }
        return (rest, spaceBefore)
    }

    /// Each line ending with the mark, followed by its continuation (the next line, right below
    /// it and indented), becomes one line with it. The typesetter breaks where it can — at a
    /// space (kept as a space before the mark), after `-` or `/`, before `.` — so a space is put
    /// back only where one stood before the mark and the break is not one of those.
    static func join(_ lines: inout [TextLine]) {
        var i = 0
        while i + 1 < lines.count {
            let line = lines[i], next = lines[i + 1]
            guard line.hasGeometry, next.hasGeometry, line.origin == .content, next.origin == .content,
                  let (kept, spaceBefore) = withoutMark(line.text), continues(line, next) else { i += 1; continue }
            let rest = next.text.drop { $0 == " " }
            let glued = "-/_=.".contains(kept.last!) || rest.first.map { ".,;:)]}”\"'/".contains($0) } == true
            var joined = TextLine(text: String(kept) + (spaceBefore && !glued ? " " : "") + rest,
                                  x0: min(line.x0, next.x0), y0: min(line.y0, next.y0), x1: max(line.x1, next.x1),
                                  y1: max(line.y1, next.y1), glyphHeight: line.glyphHeight, hasGeometry: true)
            joined.fontSize = max(line.fontSize, next.fontSize)
            lines[i] = joined
            lines.remove(at: i + 1)
            // (Stays on the joined line: a line wrapped twice ends with the mark again.)
        }
    }

    /// `next` is the rest of `line`: the row right below it, starting right of its start.
    static func continues(_ line: TextLine, _ next: TextLine) -> Bool {
        let height = max(line.glyphHeight, 1)
        return next.y0 > line.y0 + 0.5 * height && next.y0 - line.y1 < 1.2 * height && next.x0 > line.x0 + 0.5 * height
    }
}
