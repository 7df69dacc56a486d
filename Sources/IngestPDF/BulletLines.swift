import Foundation

/// A list bullet that a PDF draws apart from its item (LibreOffice sets `•` in a frame of its own
/// a tab away from the text): poppler's text analysis gives it as a line of its own, often in a
/// flow of its own read before the items, so the items lost their markers and became paragraphs
/// (issue 33's fidelity suite, writer-pdf). A line that is only a bullet is put back before the
/// line beside it: on the same row (their heights overlap by half), starting to its right within
/// a few of its heights. So is a number (`1.`, `12)`, `b.`): LibreOffice sets a numbered list's
/// numbers the same way, and poppler read them as one column (`1. 2. 3. 4.`) beside the items.
enum BulletLines {
    static func attach(_ lines: [TextLine]) -> [TextLine] {
        // Asked once per line: a LaTeX manual has bullets on most pages, and each is compared
        // with every line of its page.
        let isNumber = lines.map(Self.isEnumerator)
        let isBullet = lines.indices.map { isNumber[$0] || Self.isBullet(lines[$0]) }
        guard isBullet.contains(true) else { return lines }
        var out = lines
        var taken = Set<Int>()
        for (b, bullet) in lines.enumerated() where isBullet[b] && bullet.hasGeometry {
            // A number sits a tab from its item (9 pt in Writer), nearer than a table's next cell.
            let gapLimit = (isNumber[b] ? 2 : 4) * max(bullet.glyphHeight, bullet.y1 - bullet.y0)
            var best: (index: Int, gap: Double)?
            for (i, line) in lines.enumerated() where i != b && line.hasGeometry && !isBullet[i] && !taken.contains(i) {
                let gap = line.x0 - bullet.x1
                guard gap >= -0.5, gap <= gapLimit else { continue }
                let overlap = min(bullet.y1, line.y1) - max(bullet.y0, line.y0)
                guard overlap >= 0.5 * min(bullet.y1 - bullet.y0, line.y1 - line.y0) else { continue }
                if best.map({ gap < $0.gap }) ?? true { best = (i, gap) }
            }
            guard let best else { continue }
            // A number opens words (`1. peser…`), not a formula's piece (`4)` of `(∞−z₄)` beside `= z₄`).
            if isNumber[b] && !opensItemText(lines[best.index].text) { continue }
            out[best.index].prepend(bullet.text.trimmingCharacters(in: .whitespaces), from: bullet)
            taken.insert(best.index)
            out[b].text = ""              // removed below
        }
        return out.enumerated().filter { !(isBullet[$0.offset] && $0.element.text.isEmpty) }.map(\.element)
    }

    /// A line whose only ink is one bullet glyph. Not a dash: `–` alone is also a table's
    /// empty cell, which must not be glued to the next cell.
    /// The same as trimming `.whitespaces` and finding one scalar left, without making the
    /// trimmed copy: the line's only scalar outside `.whitespaces` (stopping at a second).
    static func isBullet(_ line: TextLine) -> Bool {
        var only: Unicode.Scalar?
        for scalar in line.text.unicodeScalars where !CharacterSet.whitespaces.contains(scalar) {
            guard only == nil else { return false }
            only = scalar
        }
        return only.map(bullets.contains) ?? false
    }
    static let bullets = Set("•◦▪▫‣⁃●○■□➢➤►".unicodeScalars)

    /// Text that can follow a list's number: it opens with a letter, a digit or an opening quote.
    static func opensItemText(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first(where: { !$0.properties.isWhitespace }) else { return false }
        return first.properties.isAlphabetic || first.properties.numericType != nil || "«“‘\"'(".unicodeScalars.contains(first)
    }

    /// A line that is only a list's number: one to three digits or one letter, then `.` or `)`.
    /// Lines with more than four ASCII bytes that are not a space or a tab (never trimmed: the
    /// ASCII in `.whitespaces`) are answered without trimming them (asked of every line: 1.1 % of
    /// a run on gnuplot.pdf).
    static func isEnumerator(_ line: TextLine) -> Bool {
        var ascii = 0
        for b in line.text.utf8 where b < 0x80 && b != 0x20 && b != 0x09 {
            ascii += 1
            if ascii > 4 { return false }
        }
        let text = line.text.trimmingCharacters(in: .whitespaces)
        guard text.utf8.count <= 4, text.count >= 2 else { return false }
        return Paragraphs.startsWithListMarker(text + " ")
    }
}
