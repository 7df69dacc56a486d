import Foundation
import IngestCore

/// Cuts a document into chunks for retrieval (`--chunks`, `output.chunks.tokens`): units
/// (`ChunkUnit`: sentences, table rows, headings, whole formulas and code) are packed in reading
/// order while they fit the budget. A heading starts a new chunk when the one before already
/// holds a quarter of the budget, and a chunk never ends on a heading (it goes with what it
/// heads). A unit longer than the whole budget is cut between words and flagged `split`. Then
/// a chunk under a quarter of the budget is joined to a neighbour of the same source when both
/// fit, or takes units from the end of the one before while that one keeps a quarter.
public enum ChunkBuilder {
    public static let defaultBudget = 512

    public static func chunks(of document: ImportedDocument, budget: Int = defaultBudget) -> [Chunk] {
        let budget = max(1, budget)
        let quarter = budget / 4
        var groups: [[ChunkUnit]] = []
        var current: [ChunkUnit] = [], tokens = 0
        func close() {
            // Headings at the end go with what follows them.
            var carried: [ChunkUnit] = []
            while current.count > 1, current.last?.isHeading == true { carried.insert(current.removeLast(), at: 0) }
            if !current.isEmpty { groups.append(current) }
            current = carried; tokens = carried.reduce(0) { $0 + $1.tokens }
        }
        for whole in ChunkUnit.units(of: document) {
            // A unit over the budget: its first piece fills what the chunk so far leaves (what its
            // trailing headings leave, when the rest will not fit), so no chunk is a lone heading.
            var room = budget
            if whole.tokens > budget {
                let headings = current.reversed().prefix { $0.isHeading }.reduce(0) { $0 + $1.tokens }
                room = budget - tokens >= quarter ? budget - tokens : budget - headings
            }
            for u in whole.tokens > budget ? whole.pieces(budget: budget, first: room) : [whole] {
                if let last = current.last, last.source != u.source {
                    close(); if !current.isEmpty { groups.append(current); current = []; tokens = 0 }
                }
                if u.isHeading, tokens >= quarter, current.last?.isHeading != true { close() }
                if tokens + u.tokens > budget {
                    close()
                    // Carried headings and this unit together too long: the headings alone.
                    if tokens + u.tokens > budget, !current.isEmpty { groups.append(current); current = []; tokens = 0 }
                }
                current.append(u); tokens += u.tokens
            }
        }
        if !current.isEmpty { groups.append(current) }
        rebalance(&groups, budget: budget)
        return groups.enumerated().map { chunk($1, index: $0, budget: budget, document: document) }
    }

    static func size(_ g: [ChunkUnit]) -> Int { g.reduce(0) { $0 + $1.tokens } }

    /// Small chunks joined to a neighbour, or filled from the one before.
    static func rebalance(_ groups: inout [[ChunkUnit]], budget: Int) {
        let quarter = budget / 4
        var i = 0
        while i < groups.count {
            guard size(groups[i]) < quarter else { i += 1; continue }
            let source = groups[i][0].source
            if i > 0, groups[i - 1][0].source == source, size(groups[i - 1]) + size(groups[i]) <= budget {
                groups[i - 1] += groups.remove(at: i)
                continue
            }
            if i + 1 < groups.count, groups[i + 1][0].source == source, size(groups[i]) + size(groups[i + 1]) <= budget {
                groups[i] += groups.remove(at: i + 1)
                continue
            }
            if i > 0, groups[i - 1][0].source == source {
                // Never leaving the one before ending on a heading.
                while size(groups[i]) < quarter, groups[i - 1].count > 1, let last = groups[i - 1].last,
                      !groups[i - 1][groups[i - 1].count - 2].isHeading,
                      size(groups[i - 1]) - last.tokens >= quarter, size(groups[i]) + last.tokens <= budget {
                    groups[i].insert(groups[i - 1].removeLast(), at: 0)
                }
            }
            i += 1
        }
    }

    static func chunk(_ units: [ChunkUnit], index: Int, budget: Int, document: ImportedDocument) -> Chunk {
        var text = "", blocks: [Int] = []
        for (k, u) in units.enumerated() {
            if k > 0 { text += u.continues ? " " : "\n" }
            text += u.text
            for b in u.blocks where blocks.last.map({ b > $0 }) ?? true { blocks.append(b) }
        }
        let first = units[0]
        let source = document.sources.indices.contains(first.source) ? document.sources[first.source] : nil
        let firstPage = units.compactMap(\.firstPage).min(), lastPage = units.compactMap(\.lastPage).max()
        let start = units.compactMap(\.start).min(), end = units.compactMap(\.end).max()
        // The units' counts add up to the text's (`ChunkTokens`): no second pass over it.
        return Chunk(document: document.id, index: index, text: text, tokens: size(units), budget: budget, headingPath: first.path,
                     source: first.source, sourceName: source.map { $0.url ?? $0.name } ?? "", firstPage: firstPage, lastPage: lastPage,
                     start: start, end: end, blocks: blocks, split: units.contains(where: \.split) ? true : nil)
    }
}
