/// A list bullet that a PDF draws apart from its item (LibreOffice sets `•` in a frame of its own
/// a tab away from the text): poppler's text analysis gives it as a line of its own, often in a
/// flow of its own read before the items, so the items lost their markers and became paragraphs
/// (issue 33's fidelity suite, writer-pdf). A line that is only a bullet is put back before the
/// line beside it: on the same row (their heights overlap by half), starting to its right within
/// a few of its heights.
enum BulletLines {
    static func attach(_ lines: [TextLine]) -> [TextLine] {
        guard lines.contains(where: isBullet) else { return lines }
        var out = lines
        var taken = Set<Int>()
        for (b, bullet) in lines.enumerated() where isBullet(bullet) && bullet.hasGeometry {
            let gapLimit = 4 * max(bullet.glyphHeight, bullet.y1 - bullet.y0)
            var best: (index: Int, gap: Double)?
            for (i, line) in lines.enumerated() where i != b && line.hasGeometry && !isBullet(line) && !taken.contains(i) {
                let gap = line.x0 - bullet.x1
                guard gap >= -0.5, gap <= gapLimit else { continue }
                let overlap = min(bullet.y1, line.y1) - max(bullet.y0, line.y0)
                guard overlap >= 0.5 * min(bullet.y1 - bullet.y0, line.y1 - line.y0) else { continue }
                if best.map({ gap < $0.gap }) ?? true { best = (i, gap) }
            }
            guard let best else { continue }
            out[best.index].prepend(bullet.text.trimmingCharacters(in: .whitespaces), from: bullet)
            taken.insert(best.index)
            out[b].text = ""              // removed below
        }
        return out.enumerated().filter { !(isBullet(lines[$0.offset]) && $0.element.text.isEmpty) }.map(\.element)
    }

    /// A line whose only ink is one bullet glyph. Not a dash: `–` alone is also a table's
    /// empty cell, which must not be glued to the next cell.
    static func isBullet(_ line: TextLine) -> Bool {
        let t = line.text.trimmingCharacters(in: .whitespaces)
        guard t.unicodeScalars.count == 1, let scalar = t.unicodeScalars.first else { return false }
        return bullets.contains(scalar)
    }
    static let bullets = Set("•◦▪▫‣⁃●○■□➢➤►".unicodeScalars)
}
