/// A run of lines that reads as one paragraph, with the geometry the heading rule needs.
struct Paragraph: Sendable {
    var lines: [String]
    var glyphHeight: Double
    /// The largest font size of its lines, 0 when a line's is unknown.
    var fontSize: Float = 0
    /// Page content, or a form field's value or an annotation's text (a paragraph of its own).
    var origin = TextLine.Origin.content
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
            let size = current.contains { $0.fontSize <= 0 } ? 0 : current.reduce(0) { max($0, $1.fontSize) }
            out.append(Paragraph(lines: current.map(\.text), glyphHeight: h, fontSize: size, origin: current[0].origin))
            current.removeAll(keepingCapacity: true)
            right = -.infinity
        }
        for line in lines {
            if let previous = current.last,
               breaks(between: previous, and: line, paragraphRight: right,
                      listItem: startsWithListMarker(current[0].text), firstLine: current.count == 1) { flush() }
            current.append(line)
            right = max(right, line.x1)
        }
        flush()
        return out
    }

    /// `listItem`: the paragraph so far opens with a list marker (`firstLine`: `a` is that line).
    static func breaks(between a: TextLine, and b: TextLine, paragraphRight: Double,
                       listItem: Bool = false, firstLine: Bool = false) -> Bool {
        // Each field value or annotation is a paragraph of its own, apart from the page's text.
        if a.origin != b.origin || b.origin != .content { return !(b.continuesValue && a.origin == b.origin) }
        guard a.hasGeometry, b.hasGeometry else { return true }
        let h = max(a.glyphHeight, b.glyphHeight, 1)
        let gap = b.y0 - a.y1
        // A word hyphenated at a column's foot goes on at the top of the next column (`ho-` /
        // `mogénéiser.`): up and to the right of it, in lower case, the same paragraph.
        // So does a sentence cut there between two words (`is usually not` / `enough, because`):
        // after a full line of text (eight glyph heights wide at least: not a column of a listing's
        // `void` or of a chart's glyphs), of two or more, ending in a word or a comma.
        if b.y1 < a.y0 && b.x0 >= a.x1 - h && startsWithLowercase(b.text) {
            if endsInWordHyphen(a.text) { return false }
            let last = a.text.unicodeScalars.last { !$0.properties.isWhitespace }
            if !firstLine, a.x1 >= paragraphRight - h, a.x1 - a.x0 >= h * 8,
               let last, last.properties.isAlphabetic || last.properties.numericType != nil || last == "," { return false }
        }
        if gap > h * 0.7 { return true }                            // blank space between
        if b.y1 < a.y0 + h * 0.3 { return true }                    // back up: new column or float
        if b.x0 > a.x1 || b.x1 < a.x0 { return true }               // no horizontal overlap
        // A word hyphenated across the two lines ("distribu-" / "tion testing.") continues the
        // paragraph whatever the other rules say: the mean glyph height of a short line of small
        // letters ("tion testing.": 9.9 against 12.9) reads as a change of font size otherwise.
        if endsInWordHyphen(a.text) && startsWithLowercase(b.text) { return false }
        // A list item ends at the next marker, at its closing `;` or `.`, or where a line starts
        // left of the item's hanging indent (the paragraph after the list).
        if listItem {
            if startsWithListMarker(b.text) { return true }
            if let last = a.text.unicodeScalars.last(where: { !$0.properties.isWhitespace }), ".;:!?".unicodeScalars.contains(last) { return true }
            if !firstLine && b.x0 < a.x0 - h * 0.5 { return true }
        }
        let ratio = b.glyphHeight / max(a.glyphHeight, 0.1)
        if ratio > 1.2 || ratio < 0.83 { return true }              // font size changes
        // An indented line opens a paragraph, except under a list item's first line: there the
        // indent is the item's hanging indent (text aligned after "— " or "6. "), and breaking would
        // split the item, and a word hyphenated across its first two lines ("supplé-" / "mentaires").
        if b.x0 - a.x0 > h * 0.8 && b.x0 - a.x0 < h * 6 && b.x1 >= paragraphRight - h,
           !(startsWithListMarker(a.text) && !startsWithListMarker(b.text)) { return true } // indent
        let last = a.text.unicodeScalars.last { !$0.properties.isWhitespace }
        if let last, ".!?:;»\"”)".unicodeScalars.contains(last), a.x1 < paragraphRight - h * 2.5 { return true }
        if startsWithBullet(b.text) { return true }
        // A numbered item under a line that ends a sentence or announces a list (`three steps:`).
        if startsWithListMarker(b.text), let last, ".!?:;".unicodeScalars.contains(last) { return true }
        return false
    }

    /// The line ends in a letter and a hyphen: the first part of a word broken at the line's end.
    static func endsInWordHyphen(_ s: String) -> Bool {
        let scalars = s.unicodeScalars.reversed().drop { $0.properties.isWhitespace }
        guard let last = scalars.first, last == "-" || last == "\u{2010}" else { return false }
        guard let before = scalars.dropFirst().first else { return false }
        return before.properties.isAlphabetic
    }

    static func startsWithLowercase(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first(where: { !$0.properties.isWhitespace }) else { return false }
        return first.properties.isLowercase
    }

    /// A bullet, or an enumerator of one to three digits or one letter followed by "." or ")" and a space.
    static func startsWithListMarker(_ s: String) -> Bool {
        if startsWithBullet(s) { return true }
        var scalars = s.unicodeScalars.drop { $0.properties.isWhitespace }[...]
        guard let first = scalars.first, first.properties.isAlphabetic || ("0"..."9").contains(first) else { return false }
        var count = 0
        if ("0"..."9").contains(first) {
            while let c = scalars.first, ("0"..."9").contains(c) { scalars.removeFirst(); count += 1 }
            if count > 3 { return false }
        } else {
            scalars.removeFirst()
        }
        guard let mark = scalars.popFirst(), mark == "." || mark == ")" else { return false }
        guard let space = scalars.first else { return false }
        return space.properties.isWhitespace
    }

    static func startsWithBullet(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first(where: { !$0.properties.isWhitespace }) else { return false }
        return "•◦▪▫‣⁃●○■□–—➢➤►✓✔".unicodeScalars.contains(first)
    }
}
