import Foundation
import IngestCore

/// Figures of a page as blocks: their captions' lines taken out of the page's text (a caption is
/// never part of a paragraph), each figure placed where its caption's first line was in reading
/// order, its caption as the block's text.
enum FigureBlocks {
    typealias Pending = ArraySlice<(position: Int, caption: String, figure: PageFigure)>

    /// Takes the captions' lines out of `lines` (the page's lines left by its tables) and moves the
    /// tables' places to match; returns the figures with their places among the lines kept.
    static func separate(_ lines: inout [TextLine], _ tables: inout ArraySlice<(position: Int, table: PageTable)>,
                         _ figures: [PageFigure]) -> Pending {
        guard !figures.isEmpty else { return [] }
        var kept: [TextLine] = []
        kept.reserveCapacity(lines.count)
        var captions = [[String]](repeating: [], count: figures.count)
        var positions = [Int?](repeating: nil, count: figures.count)
        // removedBefore[i]: caption lines taken out before line i.
        var removedBefore = [Int](repeating: 0, count: lines.count + 1)
        for (i, line) in lines.enumerated() {
            removedBefore[i + 1] = removedBefore[i]
            if line.origin == .content, line.hasGeometry, let f = figures.firstIndex(where: { $0.holdsCaptionLine(line) }) {
                if positions[f] == nil { positions[f] = kept.count }
                captions[f].append(line.text)
                removedBefore[i + 1] += 1
                continue
            }
            kept.append(line)
        }
        lines = kept
        var out: [(position: Int, caption: String, figure: PageFigure)] = []
        tables = ArraySlice(tables.map { (position: $0.position - removedBefore[min($0.position, removedBefore.count - 1)], table: $0.table) })
        for f in figures.indices where figures[f].caption == nil {
            // No caption: before the first line under the picture, in its column (else at the page's end).
            let b = figures[f].box
            let under = lines.firstIndex { $0.hasGeometry && $0.y0 >= b.y1 - 2 && min($0.x1, b.x1) - max($0.x0, b.x0) > 0 }
            out.append((under ?? lines.count, "", figures[f]))
        }
        for f in figures.indices where figures[f].caption != nil {
            guard let position = positions[f] else { continue }   // its caption went with a running header
            let caption = captions[f].joined(separator: "\n")
            guard !caption.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            out.append((position, caption, figures[f]))
        }
        return out.sorted { $0.position < $1.position }[...]
    }

    /// Appends to `blocks` the figures placed before line `consumed` (then counts `adding` lines
    /// more as consumed): called before each paragraph with its line count, then with `.max`.
    static func place(_ figures: inout Pending, consumed: inout Int, adding: Int, page: Int, into blocks: inout [Block]) {
        while let next = figures.first, next.position <= consumed {
            figures.removeFirst()
            blocks.append(block(next.caption, next.figure, page: page))
        }
        consumed += adding
    }

    static func block(_ caption: String, _ figure: PageFigure, page: Int) -> Block {
        let b = figure.box
        func rounded(_ v: Double) -> Double { (v * 10).rounded() / 10 }
        return Block(figure: caption, bbox: [rounded(b.x0), rounded(b.y0), rounded(b.x1), rounded(b.y1)], page: page,
                     provenance: .textLayer)
    }
}

extension PDFExtractor {
    /// One page, with its tables and figures when it has a text layer of its own.
    func readWithFigures(_ page: PopplerPageRef) -> PageData {
        var data = readWithTables(page)
        if data.classification.hasUsableText && data.provenance == .textLayer {
            data.figures = FigureFinder.find(on: page, lines: data.lines)
            // A caption is no table's cell: a table found over one (aligned columns across a
            // figure's formulas and its caption, Apprends_LaTeX p. 104) is none, and its lines are
            // the page's again.
            data.tables.removeAll { t in
                data.figures.contains { f in
                    guard let c = f.caption else { return false }
                    return t.x0 < c.x1 && c.x0 < t.x1 && t.y0 < c.y1 - 1 && c.y0 + 1 < t.y1
                }
            }
        }
        return data
    }
}
