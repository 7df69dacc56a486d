/// A run of lines that reads as one paragraph, with the geometry the heading rule needs.
struct Paragraph: Sendable {
    var lines: [String]
    var glyphHeight: Double
    var text: String { lines.joined(separator: "\n") }
}

/// Groups a page's ordered lines into paragraphs from their geometry: a paragraph ends at a
/// vertical gap wider than the line spacing, a jump back up or across (a new column), a change of
/// font size, an indented first line, or a short line ending a sentence.
enum Paragraphs {
    static func group(_ lines: [TextLine]) -> [Paragraph] {
        var out: [Paragraph] = []
        var current: [TextLine] = []
        var right = -Double.infinity
        func flush() {
            guard !current.isEmpty else { return }
            let h = current.map(\.glyphHeight).reduce(0, +) / Double(current.count)
            out.append(Paragraph(lines: current.map(\.text), glyphHeight: h))
            current.removeAll(keepingCapacity: true)
            right = -.infinity
        }
        for line in lines {
            if let previous = current.last, breaks(between: previous, and: line, paragraphRight: right) { flush() }
            current.append(line)
            right = max(right, line.x1)
        }
        flush()
        return out
    }

    static func breaks(between a: TextLine, and b: TextLine, paragraphRight: Double) -> Bool {
        guard a.hasGeometry, b.hasGeometry else { return true }
        let h = max(a.glyphHeight, b.glyphHeight, 1)
        let gap = b.y0 - a.y1
        if gap > h * 0.7 { return true }                            // blank space between
        if b.y1 < a.y0 + h * 0.3 { return true }                    // back up: new column or float
        if b.x0 > a.x1 || b.x1 < a.x0 { return true }               // no horizontal overlap
        let ratio = b.glyphHeight / max(a.glyphHeight, 0.1)
        if ratio > 1.2 || ratio < 0.83 { return true }              // font size changes
        if b.x0 - a.x0 > h * 0.8 && b.x0 - a.x0 < h * 6 && b.x1 >= paragraphRight - h { return true } // indent
        let last = a.text.unicodeScalars.last { !$0.properties.isWhitespace }
        if let last, ".!?:;»\"”)".unicodeScalars.contains(last), a.x1 < paragraphRight - h * 2.5 { return true }
        if startsWithBullet(b.text) { return true }
        return false
    }

    static func startsWithBullet(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first(where: { !$0.properties.isWhitespace }) else { return false }
        return "•◦▪▫‣⁃●○■□–—➢➤►✓✔".unicodeScalars.contains(first)
    }
}
