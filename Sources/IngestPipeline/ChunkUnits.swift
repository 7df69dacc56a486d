import Foundation
import IngestCore

/// The pieces a chunk is made of, none of which a chunk cuts: a heading, a sentence of a
/// paragraph, list item, quote, definition or caption, a table row, or a whole block of any
/// other kind (code, formula).
struct ChunkUnit {
    var text: String
    var tokens: Int
    var blocks: [Int]
    var source: Int
    var path: [String]
    var firstPage: Int?
    var lastPage: Int?
    var start: Double?
    var end: Double?
    var isHeading = false
    /// Continues the unit before it in the same paragraph: joined by a space, not a line break.
    var continues = false
    var split = false

    /// The units of `document`, in reading order.
    static func units(of document: ImportedDocument) -> [ChunkUnit] {
        var units: [ChunkUnit] = []
        var headings: [(level: Int, text: String)] = []
        var source = -1
        let blocks = document.blocks
        var i = 0
        while i < blocks.count {
            let block = blocks[i]
            if block.source != source { headings = []; source = block.source }
            let path = headings.map(\.text)
            func unit(_ text: String, _ indexes: [Int], continues: Bool = false) -> ChunkUnit {
                let pages = indexes.compactMap { blocks[$0].page }
                let starts = indexes.compactMap { blocks[$0].start }, ends = indexes.compactMap { blocks[$0].end ?? blocks[$0].start }
                return ChunkUnit(text: text, tokens: ChunkTokens.count(text), blocks: indexes, source: block.source, path: path,
                                 firstPage: pages.min(), lastPage: pages.max(), start: starts.min(), end: ends.max(), continues: continues)
            }
            switch block.kind {
            case .heading:
                let text = flat(block.text)
                if !text.isEmpty {
                    let level = block.level ?? 1
                    headings.removeAll { $0.level >= level }
                    headings.append((level, text))
                    var u = unit(text, [i])
                    u.path = headings.map(\.text)
                    u.isHeading = true
                    units.append(u)
                }
                i += 1
            case .table:
                for row in block.rows ?? [] {
                    let text = row.map(cellText).joined(separator: " | ")
                    if !text.trimmingCharacters(in: .whitespaces).isEmpty { units.append(unit(text, [i])) }
                }
                if (block.rows ?? []).isEmpty, !flat(block.text).isEmpty { units.append(unit(flat(block.text), [i])) }
                i += 1
            case .paragraph, .cue, .listItem, .quote, .definition:
                // A paragraph or caption that stops mid-sentence (a page or cue end) goes on in
                // the next one of its kind: their text is read as one flow.
                // Spans as UTF-8 offsets: O(1) to take from a native string's indexes.
                var flow = "", spans: [(block: Int, range: Range<Int>)] = []
                var j = i
                repeat {
                    if !flow.isEmpty { flow += "\n" }
                    let start = flow.utf8.count
                    flow += blocks[j].text
                    spans.append((j, start..<flow.utf8.count))
                    j += 1
                } while (block.kind == .paragraph || block.kind == .cue) && j < blocks.count && blocks[j].kind == block.kind
                    && blocks[j].source == block.source
                    && !ChunkSentences.endsAtEnd(of: blocks[j - 1].text, before: blocks[j].text)
                var first = true, k = 0
                for r in ChunkSentences.ranges(in: flow) {
                    let lower = flow.utf8.distance(from: flow.startIndex, to: r.lowerBound)
                    let upper = flow.utf8.distance(from: flow.startIndex, to: r.upperBound)
                    // Sentences come in order: the blocks before this one's start are done with.
                    while k < spans.count, spans[k].range.upperBound <= lower { k += 1 }
                    var indexes: [Int] = []
                    var m = k
                    while m < spans.count, spans[m].range.lowerBound < upper { indexes.append(spans[m].block); m += 1 }
                    units.append(unit(flat(String(flow[r])), indexes, continues: !first))
                    first = false
                }
                i = j
            default:
                // A formula is its LaTeX as display math (its linear reading when it has none).
                let text = block.kind == .code ? block.text
                    : block.kind == .formula ? block.latex.map { "$$" + flat($0) + "$$" } ?? flat(block.text) : flat(block.text)
                if !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { units.append(unit(text, [i])) }
                i += 1
            }
        }
        return units
    }

    /// Line breaks of the layout as spaces.
    static func flat(_ text: String) -> String {
        // Most units hold no line break (none of its bytes, nor a lead byte of U+0085, U+2028/9).
        if !text.utf8.contains(where: { ($0 >= 0x0A && $0 <= 0x0D) || $0 == 0xC2 || $0 == 0xE2 }) {
            guard let first = text.utf8.first, let last = text.utf8.last, first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09 else { return text }
            return text.trimmingCharacters(in: .whitespaces)
        }
        return text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    static func cellText(_ cell: TableCell) -> String {
        ([flat(cell.text)] + (cell.tables ?? []).map { $0.map { $0.map(cellText).joined(separator: " / ") }.joined(separator: "; ") })
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// This unit cut between words into pieces of at most `budget` tokens (a word longer than
    /// that between characters), each flagged `split`: the first fills the `first` tokens left
    /// where it goes (at most `budget`), the others are about even — each closes once it holds
    /// its share of what remains — so the last is not a small remainder.
    func pieces(budget: Int, first: Int) -> [ChunkUnit] {
        var out: [ChunkUnit] = []
        var current = "", count = 0, consumed = 0
        var limit = min(max(1, first), budget), share = limit
        func push() {
            guard !current.isEmpty else { return }
            var piece = self
            piece.text = current; piece.tokens = count; piece.split = true; piece.continues = continues || !out.isEmpty
            piece.isHeading = false
            out.append(piece)
            consumed += count
            current = ""; count = 0
            let rest = tokens - consumed, n = max(1, (rest + budget - 1) / budget)
            limit = budget; share = (rest + n - 1) / n
        }
        for word in text.split(whereSeparator: \.isWhitespace) {
            var rest = word
            var w = ChunkTokens.count(rest)
            while w > limit {
                // A word longer than the room: characters while they fit.
                if count > 0 { push() }
                var cut = rest.startIndex
                while cut < rest.endIndex, ChunkTokens.count(rest[rest.startIndex...cut]) <= limit { cut = rest.index(after: cut) }
                if cut == rest.startIndex { cut = rest.index(after: cut) }
                current = String(rest[..<cut]); count = ChunkTokens.count(current)
                push()
                rest = rest[cut...]; w = ChunkTokens.count(rest)
            }
            if rest.isEmpty { continue }
            if count + w > limit { push() }
            current += (current.isEmpty ? "" : " ") + rest
            count += w
            if count >= share { push() }
        }
        push()
        return out
    }
}
