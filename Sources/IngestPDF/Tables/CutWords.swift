import CPopplerPaths
import Foundation
import IngestCore

/// Words a table's column was too narrow for, cut at a line's end with no hyphen and carried on
/// on the next line (LibreOffice, Writer's and Word's documents alike: `Amplitud` / `e`,
/// `compléme` / `nt`, `15/12/200` / `8`). Poppler gives the two pieces as two words, and the cell
/// read `Amplitud e`: a word the student did not write.
///
/// Told from a line broken at a space by the glyphs the page draws, never from a word list:
/// LibreOffice draws the space it breaks a line at when that space fits in the column
/// (`Mitochondrie␣` ends its line with a space character), and none after a piece of a word. A
/// line of a cell ends in a cut word when
/// - its table draws such a space at the end of some line (the producer writes them),
/// - the piece is alone on its line in its cell (a word too wide for the column goes to a line
///   of its own before it is cut), ends with a letter or figure, and the next line of the cell
///   goes on with a small letter (or a figure after a figure: `15/12/200` / `8`),
/// - no space is drawn after it though one would have fitted: the column's widest line reaches
///   further than the piece by more than a space,
/// - and the first character of the rest would not have fitted: the column's widest line does
///   not reach further than the piece by that character's width.
/// A line that fills its column to within a space is left as it is: the space a line broken
/// there had would not have fitted either, and nothing on the page tells the two apart.
/// Pages of producers that draw no space at a line's end (TeX) are left as they are.
enum CutWords {
    /// A piece of a cut word at a line's end, and the piece that carries it on.
    struct Cut: Equatable {
        var piece: PageWord, rest: PageWord
        /// How much further the column's widest line reaches than the piece.
        var slack: Double
    }

    /// `tables` with the words cut at a line's end joined in their cells. `words`: the page's
    /// (those the cells were made of); `spaces`: the page's space characters, asked only when a
    /// table has a line that may end in a cut word.
    static func joining(_ tables: [PageTable], words: [PageWord], spaces: () -> [PageCharacters.Box]) -> [PageTable] {
        let inside = tables.map { table in words.filter { table.contains($0.midX, $0.midY) } }
        let found = inside.map(candidates)
        guard found.contains(where: { !$0.isEmpty }) else { return tables }
        let drawn = spaces()
        guard !drawn.isEmpty else { return tables }
        return tables.indices.map { t in
            var table = tables[t]
            guard !found[t].isEmpty else { return table }
            let mine = drawn.filter { table.contains(($0.x0 + $0.x1) / 2, ($0.y0 + $0.y1) / 2) }
            // The producer draws the space it breaks a line at: some line of the table ends with one.
            let lineEnds = WordLines.group(inside[t]).flatMap { WordLines.segments($0).map { $0.last! } }
            guard lineEnds.contains(where: { spaceAfter($0, in: mine) }) else { return table }
            let space = mine.map { $0.x1 - $0.x0 }.sorted()[mine.count / 2]
            for cut in found[t] where cut.slack >= space + 0.5 && !spaceAfter(cut.piece, in: mine) { join(cut, in: &table) }
            return table
        }
    }

    /// The lines of a table's `words` that may end in a cut word (see the type): alone in its
    /// segment, the next line's segment starting at the same left edge goes on as a cut word's
    /// rest, and the column's widest line reaches no further than the width of the rest's first
    /// character (an average of its characters).
    static func candidates(_ words: [PageWord]) -> [Cut] {
        let lines = WordLines.group(words).map(WordLines.segments)
        guard lines.count >= 2 else { return [] }
        var cuts: [Cut] = []
        for (k, line) in lines.enumerated().dropLast() {
            for segment in line where segment.count == 1 {
                let piece = segment[0]
                guard let last = piece.text.unicodeScalars.last, isLetter(last) || isFigure(last) else { continue }
                // The next line, and its segment starting where this one does.
                let below = lines[k + 1]
                guard let top = below.lazy.flatMap({ $0 }).map(\.y0).min(), top - piece.y1 < piece.height,
                      let next = below.first(where: { abs($0[0].x0 - piece.x0) <= 1 }),
                      let first = next[0].text.unicodeScalars.first,
                      first.properties.isLowercase || (isFigure(first) && isFigure(last)) else { continue }
                let rest = next[0]
                // The column's widest line: the segments starting at the same left edge.
                let widest = lines.lazy.flatMap { $0 }.filter { abs($0[0].x0 - piece.x0) <= 1 }.map { $0.last!.x1 }.max()!
                let character = (rest.x1 - rest.x0) / Double(max(1, MonospacedTables.characters(rest.text)))
                // (A space would have fitted: `joining` asks for more than half a point past one.)
                let slack = widest - piece.x1
                if slack > 0.5, slack < character { cuts.append(Cut(piece: piece, rest: rest, slack: slack)) }
            }
        }
        return cuts
    }

    /// Whether the page draws a space right after `word`, on its line.
    static func spaceAfter(_ word: PageWord, in spaces: [PageCharacters.Box]) -> Bool {
        let h = word.height
        return spaces.contains { s in
            abs(s.x0 - word.x1) <= max(1, h * 0.25) && s.y1 >= word.y0 && s.y1 <= word.y1 + h * 0.3
        }
    }

    /// The cell of `table` holding the two pieces (its text writes them a space or a line break
    /// apart) reads them as one word.
    static func join(_ cut: Cut, in table: inout PageTable) {
        for r in table.rows.indices {
            for c in table.rows[r].indices {
                for separator in [" ", "\n"] {
                    let text = table.rows[r][c].text
                    if let range = text.range(of: cut.piece.text + separator + cut.rest.text),
                       isWordEdge(text, range.lowerBound, before: true), isWordEdge(text, range.upperBound, before: false) {
                        table.rows[r][c].text.replaceSubrange(range, with: cut.piece.text + cut.rest.text)
                        return
                    }
                }
            }
        }
    }

    /// Whether `index` of `text` is at a word's edge: its start or a space before it (`before`),
    /// its end or a space after it.
    private static func isWordEdge(_ text: String, _ index: String.Index, before: Bool) -> Bool {
        if before { return index == text.startIndex || text[text.index(before: index)].isWhitespace }
        return index == text.endIndex || text[index].isWhitespace
    }

    private static func isLetter(_ u: Unicode.Scalar) -> Bool { u.properties.isAlphabetic }

    private static func isFigure(_ u: Unicode.Scalar) -> Bool { ("0"..."9").contains(u) }
}

extension PopplerPageRef {
    /// The boxes of the space characters the page draws (y down, poppler-glib's text rectangles'
    /// space); empty when none, or when the page could not be read so.
    func spaceGlyphs() -> [PageCharacters.Box] {
        var boxes: UnsafeMutablePointer<IngestGlyphBox>?
        let count = ingest_page_space_glyphs(UnsafeMutableRawPointer(handle), UnsafeMutableRawPointer(document.handle), &boxes)
        defer { free(boxes) }
        guard count > 0, let boxes else { return [] }
        return (0..<Int(count)).map { (boxes[$0].x0, boxes[$0].y0, boxes[$0].x1, boxes[$0].y1) }
    }
}
