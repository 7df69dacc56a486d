import IngestCore

/// Display equations of a page as `formula` blocks: their lines taken out of the page's text,
/// each placed where its first line was in reading order.
enum FormulaBlocks {
    typealias Pending = ArraySlice<(position: Int, formula: PageFormula)>

    /// Takes the equations' lines out of `lines` (those left by tables and figures) and moves the
    /// tables' and figures' places to match; returns the equations with their places.
    static func separate(_ lines: inout [TextLine], _ tables: inout ArraySlice<(position: Int, table: PageTable)>,
                         _ figures: inout FigureBlocks.Pending, _ formulas: [PageFormula]) -> Pending {
        let formulas = formulas.filter(\.sure)
        guard !formulas.isEmpty else { return [] }
        var kept: [TextLine] = []
        var positions = [Int?](repeating: nil, count: formulas.count)
        var removedBefore = [Int](repeating: 0, count: lines.count + 1)
        for (i, line) in lines.enumerated() {
            removedBefore[i + 1] = removedBefore[i]
            if line.origin == .content, line.hasGeometry, let f = formulas.firstIndex(where: { $0.holds(line) }) {
                if positions[f] == nil { positions[f] = kept.count }
                removedBefore[i + 1] += 1
                continue
            }
            kept.append(line)
        }
        // Poppler may put an equation's lines after text below it, or before text above it (a flow
        // of their own, with its number at the margin): the equation goes right after the line just
        // above it, when nothing is beside it (one column).
        for f in formulas.indices where positions[f] != nil {
            let box = formulas[f]
            // (Beside its middle: a numerator may reach up beside the line above.)
            let third = (box.y1 - box.y0) / 3
            guard !kept.contains(where: { $0.hasGeometry && $0.y0 < box.y1 - third && $0.y1 > box.y0 + third }) else { continue }
            let above = kept.indices.filter { i in
                let l = kept[i]
                return l.hasGeometry && l.origin == .content && l.y1 <= box.y0 + third && box.y0 - l.y1 < 3 * l.glyphHeight && l.x0 < box.x1
            }.max { kept[$0].y1 < kept[$1].y1 }
            if let above, above + 1 != positions[f]! { positions[f] = above + 1 }
        }
        lines = kept
        func moved(_ p: Int) -> Int { p - removedBefore[min(p, removedBefore.count - 1)] }
        tables = ArraySlice(tables.map { (position: moved($0.position), table: $0.table) })
        figures = ArraySlice(figures.map { (position: moved($0.position), caption: $0.caption, figure: $0.figure) })
        return formulas.indices.compactMap { f in positions[f].map { (position: $0, formula: formulas[f]) } }
            .sorted { $0.position < $1.position }[...]
    }

    /// The paragraphs of `lines`, none running across an equation's place: the text before a
    /// display equation and the text after it are two paragraphs (the equation between them).
    static func paragraphs(_ lines: [TextLine], _ formulas: Pending) -> [Paragraph] {
        var cuts = Array(Set(formulas.map(\.position).filter { $0 > 0 && $0 < lines.count })).sorted()
        guard !cuts.isEmpty else { return Paragraphs.group(lines) }
        cuts.append(lines.count)
        var out: [Paragraph] = []
        var start = 0
        for cut in cuts {
            out += Paragraphs.group(Array(lines[start..<cut]))
            start = cut
        }
        return out
    }

    /// Appends to `blocks` the equations placed before line `consumed` (then counts `adding` more).
    static func place(_ formulas: inout Pending, consumed: inout Int, adding: Int, page: Int, into blocks: inout [Block]) {
        while let next = formulas.first, next.position <= consumed {
            formulas.removeFirst()
            blocks.append(Block(formula: next.formula.latex, text: next.formula.linear, page: page, provenance: .textLayer))
        }
        consumed += adding
    }
}

extension PDFExtractor {
    /// One page, with its tables, figures and display equations, and its inline math as `$…$`,
    /// when it has a text layer of its own.
    func readWithFormulas(_ page: PopplerPageRef) -> PageData {
        var data = readWithFigures(page)
        if data.classification.hasUsableText && data.provenance == .textLayer {
            // A wrapped code line's `←-`: its glyphs are in math fonts, but it is no formula
            // (left as text by the math reader), and its line goes on below.
            ContinuationMarks.attachAloneMarks(&data.lines)
            data.formulas = PageFormulas.find(on: page, lines: &data.lines)
            ContinuationMarks.join(&data.lines)
            // Letters drawn in a figure (a diagram's labels) are the figure's, not equations.
            let figures = data.figures
            data.formulas.removeAll { f in
                figures.contains { g in
                    let x = (f.x0 + f.x1) / 2, y = (f.y0 + f.y1) / 2
                    return x >= g.box.x0 && x <= g.box.x1 && y >= g.box.y0 && y <= g.box.y1
                } && f.sure
            }
            // Aligned columns found in a display equation (a numerator over a denominator beside
            // `x =`) are the equation's layout, not a table: the equation wins.
            let formulas = data.formulas
            data.tables.removeAll { t in formulas.contains { f in f.sure && t.contains((f.x0 + f.x1) / 2, (f.y0 + f.y1) / 2) } }
        }
        return data
    }
}
