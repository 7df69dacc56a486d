import IngestCore

/// Displays set on several baselines (issue 36): matrices (`pmatrix`, `bmatrix`, `Bmatrix` —
/// cells in columns between big delimiters), `cases` (a left brace, rows of value and condition)
/// and `aligned` (rows whose relations share one x, written `&=`). Each row or cell is read by
/// `MathLayout`; what is left and right of the structure too. Anything not read surely makes the
/// whole display unsure (its text is then kept as the reader wrote it, with a warning).
enum MathArrays {
    typealias Read = (latex: String, linear: String, sure: Bool)

    /// The display's LaTeX when it holds such a structure, nil when it holds none (the caller reads
    /// it as one row).
    static func read(_ glyphs: [MathGlyph], ink: MathInk) -> Read? {
        let glyphs = glyphs.filter { !$0.isSpace }
        guard glyphs.count >= 3 else { return nil }
        if let found = fenced(glyphs, ink: ink) { return found }
        return aligned(glyphs, ink: ink)
    }

    /// A line of text holding a matrix or a `cases` set inline (`$A = \\begin{pmatrix}…$`): the
    /// structure read as in a display, the words left and right of it by `InlineMath`, the math
    /// just before and after it (`A =`) one formula with it. Nil when the line holds no big
    /// delimiter or the structure is not read surely (the caller then reads the line as it does).
    static func inline(_ glyphs: [MathGlyph], host: Set<Int>, ink: MathInk) -> String? {
        let fs = fences(glyphs.filter { $0.font == .extensible })
        let marks = glyphs.filter { !$0.isSpace }
        let size = mainSize(marks)
        // Rows stacked over and under the line, aligned on their relations (`aligned` inline).
        if fs.isEmpty, let bars = bars(marks, size: size, ink: ink),
           let read = fenced(marks.filter { $0.midX > bars.left - 0.5 && $0.midX < bars.right + 0.5 }, ink: ink), read.sure {
            // A determinant set inline: its bars are ink only.
            return splice(glyphs, from: bars.left - 0.5, to: bars.right + 0.5, read.latex, ink: ink)
        }
        if fs.isEmpty {
            let stacked = marks.filter { !host.contains($0.index) }
            guard stacked.count >= 3, let from = stacked.map(\.x0).min(), let to = stacked.map(\.x1).max(),
                  !marks.contains(where: { host.contains($0.index) && $0.midX > from && $0.midX < to }),
                  let read = aligned(stacked, ink: ink), read.sure else { return nil }
            return splice(glyphs, from: from, to: to, read.latex, ink: ink)
        }
        // The structure's span: from its opening delimiter (seen or inferred) to its closing one,
        // or to the end of a brace's rows.
        var from: Double, to: Double
        if let open = fs.first(where: \.isOpen), let close = fs.first(where: { $0.char == closing[open.char] && $0.x0 > open.x1 }) {
            (from, to) = (open.x0, close.x1)
        } else if let close = fs.first(where: { $0.char == ")" }), !fs.contains(where: \.isOpen),
                  let x = inferredOpen(marks, before: close, size: size, ink: ink) {
            (from, to) = (x - 0.5, close.x1)
        } else if let brace = fs.first(where: { $0.char == "{" }), !fs.contains(where: { $0.char == "}" }) {
            // A brace's rows: the glyphs right of it off the line's own row (2 rows, both off it).
            let row = rowCentres(marks.filter { $0.midX < brace.x0 && $0.size >= 0.85 * size && $0.font != .extensible }, size: size)
            guard row.count == 1 else { return nil }
            let cells = marks.filter { $0.midX > brace.x1 && abs($0.midY - row[0]) > 0.3 * size }
            guard let end = cells.map(\.x1).max() else { return nil }
            (from, to) = (brace.x0, end)
            guard !marks.contains(where: { $0.midX > brace.x1 && $0.midX < end && abs($0.midY - row[0]) <= 0.3 * size }) else { return nil }
        } else { return nil }
        let inside = marks.filter { $0.midX >= from && $0.midX <= to }
        guard let read = fenced(inside, ink: ink), read.sure else { return nil }
        return splice(glyphs, from: from, to: to, read.latex, ink: ink)
    }

    /// The line's words left and right of `from…to` rewritten by `InlineMath`, the structure's
    /// `latex` between them, one formula with the math that touches it.
    static func splice(_ glyphs: [MathGlyph], from: Double, to: Double, _ latex: String, ink: MathInk) -> String? {
        let left = glyphs.filter { $0.midX < from }, right = glyphs.filter { $0.midX > to }
        func rewrite(_ part: [MathGlyph]) -> String? {
            let words = part.drop { $0.isSpace }
            guard !words.isEmpty else { return "" }
            return InlineMath.rewrite(Array(words), line: words.map(\.text).joined(), radicalEnd: ink)
        }
        guard var out = rewrite(left), let after = rewrite(right) else { return nil }
        out = out.trimmingTrailingSpaces()
        if out.hasSuffix("$") { out.removeLast(); out += " " + latex } else { out += (out.isEmpty ? "$" : " $") + latex }
        // A relation written as text between the structure and math (`… = $ad-bc$`) is the formula's.
        var rest = Substring(after)
        if let rel = rest.first, "=<>≤≥≠≈".contains(rel), rest.dropFirst().hasPrefix(" $") {
            out += " " + String(rel); rest = rest.dropFirst(2)
        }
        if rest.hasPrefix("$") { out += " " + rest.dropFirst() } else { out += "$" + (rest.isEmpty ? "" : " " + rest) }
        return out
    }

    // MARK: Big delimiters

    /// A big delimiter of Latin Modern's (Computer Modern's) extension font, which poppler gives as
    /// the character of its code (`!` for the largest `)`) or, for the pieces of taller ones, as
    /// Adobe's private-use codes for them (U+F8EB `parenlefttp`…). The largest `(` (code 32) is
    /// not given at all: it is inferred from its `)`.
    struct Fence {
        var char: Character    // ( ) [ ] { }
        var x0: Double, x1: Double, y0: Double, y1: Double
        var isOpen: Bool { "([{".contains(char) }
    }

    static let fenceCodes: [UInt32: Character] = [
        0x21: ")", 0x22: "[", 0x23: "]", 0x28: "{", 0x29: "}",
        0xF8EB: "(", 0xF8EC: "(", 0xF8ED: "(", 0xF8F6: ")", 0xF8F7: ")", 0xF8F8: ")",
        0xF8EE: "[", 0xF8EF: "[", 0xF8F0: "[", 0xF8F9: "]", 0xF8FA: "]", 0xF8FB: "]",
        0xF8F1: "{", 0xF8F2: "{", 0xF8F3: "{", 0xF8FC: "}", 0xF8FD: "}", 0xF8FE: "}",
    ]

    static func fenceChar(_ g: MathGlyph) -> Character? {
        guard g.font == .extensible, let s = g.text.unicodeScalars.first, g.text.unicodeScalars.count == 1 else { return nil }
        if s.value == 0xF8F4 { return "|" }    // a brace's extension piece: whichever brace is at its x
        return fenceCodes[s.value]
    }

    /// The big delimiters among `glyphs`: the pieces of one delimiter (same x, one above the other)
    /// made one. Poppler's box of such a glyph is its top only: its ink goes down from there by the
    /// glyph's height in cmex10 (3 sizes for the largest single ones, about 1 for a piece).
    static func fences(_ glyphs: [MathGlyph]) -> [Fence] {
        var out: [Fence] = []
        for g in glyphs.sorted(by: { $0.y0 < $1.y0 }) {
            guard let c = fenceChar(g), let code = g.text.unicodeScalars.first?.value else { continue }
            let bottom = g.y0 + (code >= 0xF8E0 ? 1 : 3) * g.size
            if let k = out.lastIndex(where: { abs($0.x0 - g.x0) < 0.5 && abs($0.x1 - g.x1) < 0.5 && g.y0 - $0.y1 < g.size }),
               c == "|" || out[k].char == c {
                out[k].y1 = max(out[k].y1, bottom)
                continue
            }
            guard c != "|" else { continue }
            out.append(Fence(char: c, x0: g.x0, x1: g.x1, y0: g.y0, y1: bottom))
        }
        return out
    }

    static let closing: [Character: Character] = ["(": ")", "[": "]", "{": "}"]
    static let environments: [Character: String] = ["(": "pmatrix", "[": "bmatrix", "{": "Bmatrix"]

    /// Matrices between delimiters (one or several side by side), or a `cases` right of a lone brace.
    static func fenced(_ glyphs: [MathGlyph], ink: MathInk) -> Read? {
        var fs = fences(glyphs)
        let size = mainSize(glyphs)
        guard !fs.isEmpty else { return barred(glyphs, size: size, ink: ink) }
        let isFence = { (g: MathGlyph) in fenceChar(g) != nil }
        fs.sort { $0.x0 < $1.x0 }
        if let open = fs.first, open.char == "{", fs.count == 1 {
            // `cases`: everything right of the brace, two columns.
            let cells = glyphs.filter { !isFence($0) && $0.midX > open.x1 }
            let before = glyphs.filter { !isFence($0) && $0.midX < open.x0 }
            guard let grid = grid(cells, size: size), grid.allSatisfy({ $0.count <= 2 }), grid.count >= 2,
                  let body = write(grid, ink: ink, columns: 2) else { return unread(glyphs, ink) }
            return around(before, "\\begin{cases} \(body.latex) \\end{cases}", "{ \(body.linear)", [], ink)
        }
        // Matrices side by side (a product, `A = (…)`, `(…) = (…)`): each closing delimiter with
        // its opening one, none inside another. The largest `(` is not in poppler's text: a `)`
        // with none open gets one, at the ink stroke left of the cells stacked right before it.
        var pairs: [(open: Fence, close: Fence)] = []
        var pending: Fence?
        for f in fs {
            if f.isOpen {
                guard pending == nil else { return unread(glyphs, ink) }
                pending = f
            } else if let o = pending {
                guard closing[o.char] == f.char else { return unread(glyphs, ink) }
                pairs.append((o, f)); pending = nil
            } else {
                guard f.char == ")", let x = inferredOpen(glyphs.filter { $0.midX > (pairs.last?.close.x1 ?? -.infinity) }, before: f, size: size, ink: ink)
                else { return unread(glyphs, ink) }
                pairs.append((Fence(char: "(", x0: x - 0.5, x1: x + 0.5, y0: f.y0, y1: f.y1), f))
            }
        }
        guard pending == nil, !pairs.isEmpty else { return unread(glyphs, ink) }
        var latex: [String] = [], linear: [String] = []
        var cursor = -Double.infinity
        func row(_ part: [MathGlyph]) -> Bool {
            guard !part.isEmpty else { return true }
            guard let r = MathLayout.read(part, radicalEnd: ink), r.sure else { return false }
            latex.append(r.latex); linear.append(r.linear); return true
        }
        for (open, close) in pairs {
            let cells = glyphs.filter { !isFence($0) && $0.midX > open.x1 && $0.midX < close.x0 }
            guard row(glyphs.filter { !isFence($0) && $0.midX > cursor && $0.midX < open.x0 }),
                  let grid = grid(cells, size: size), grid.count >= 2,
                  let body = write(grid, ink: ink, columns: nil), let env = environments[open.char] else { return unread(glyphs, ink) }
            if open.char == "(", grid.count == 2, grid.allSatisfy({ $0.count == 1 }) {
                // Two rows in one column between parentheses: `\\binom{n}{k}` or a vector `(x, y)`,
                // told apart by how far apart the rows are: a binomial's are a display fraction's
                // numerator and denominator (cmsy10's num1 + denom1 = 1.363 sizes), a matrix's rows
                // a line apart (the baseline skip: 1.2 to 1.25 sizes); anything else is not written.
                let rows = rowCentres(cells.filter { $0.size >= 0.85 * size && !$0.isRootSign }, size: size)
                let gap = rows.count == 2 ? (rows[1] - rows[0]) / size : 0
                if abs(gap - 1.363) < 0.04, let n = cell(grid[0][0], ink: ink), let k = cell(grid[1][0], ink: ink), n.sure, k.sure {
                    latex.append("\\binom{\(n.latex)}{\(k.latex)}"); linear.append("C(\(n.linear), \(k.linear))")
                    cursor = close.x1
                    continue
                }
                guard gap > 1.17 && gap < 1.3 else { return unread(glyphs, ink) }
            }
            latex.append("\\begin{\(env)} \(body.latex) \\end{\(env)}"); linear.append("\(open.char)\(body.linear)\(close.char)")
            cursor = close.x1
        }
        guard row(glyphs.filter { !isFence($0) && $0.midX > cursor }) else { return unread(glyphs, ink) }
        return (latex.joined(separator: " "), linear.joined(separator: " "), true)
    }

    /// Where the invisible `(` is (x): the first tall stroke of ink left of the cells stacked right
    /// before `close`, crossing the axis between their two rows (a fraction's bar is flat, cells
    /// stop short of the axis). Nil when no such stroke is seen.
    static func inferredOpen(_ glyphs: [MathGlyph], before close: Fence, size: Double, ink: MathInk) -> Double? {
        // The last column: the glyphs left of `close` up to the first gap of half a size.
        var edge = close.x0
        var last: [MathGlyph] = []
        for g in glyphs.filter({ fenceChar($0) == nil && $0.x1 <= close.x0 + 0.5 }).sorted(by: { $0.x1 > $1.x1 }) {
            guard g.x1 > edge - 0.5 * size else { break }
            last.append(g); edge = min(edge, g.x0)
        }
        let rows = rowCentres(last.filter { $0.size >= 0.85 * size && !$0.isRootSign }, size: size)
        guard rows.count == 2 else { return nil }
        return stroke(ink, from: close.x0 - 0.5, leftwards: true, span: 14 * size, rows: (rows[0], rows[1]), size: size)
    }

    /// The x of the first pixel column, going from `x` left or right over `span` points, whose ink
    /// runs unbroken through the middle of `rows` for at least the size (a big delimiter's stroke).
    static func stroke(_ ink: MathInk, from x: Double, leftwards: Bool, span: Double, rows: (Double, Double), size: Double,
                       straight: Bool = false) -> Double? {
        let top = rows.0 - size, bottom = rows.1 + size
        let left = leftwards ? x - span : x
        guard let band = MathInk.Band(ink.page, left: left, top: top, width: span, height: bottom - top, seen: ink.seen) else { return nil }
        let axis = Int(((rows.0 + rows.1) / 2 - top) * MathInk.scale)
        let tall = Int(size * MathInk.scale)
        func run(_ px: Int) -> Int {
            guard let y = (axis - 2...axis + 2).first(where: { band.ink(px, $0) }) else { return 0 }
            var up = y, down = y
            while up > 0, band.ink(px, up - 1) || band.ink(px, up - 2) { up -= 1 }
            while down < band.height - 1, band.ink(px, down + 1) || band.ink(px, down + 2) { down += 1 }
            return down - up + 1
        }
        let columns = leftwards ? Array((0..<band.width).reversed()) : Array(0..<band.width)
        guard let px = columns.first(where: { run($0) >= tall }) else { return nil }
        if straight {
            // A bar (`|`), not a parenthesis: its ink is at the same x level with both rows.
            for r in [rows.0, rows.1] {
                let y = Int((r - top) * MathInk.scale)
                guard (px - 2...px + 2).contains(where: { band.ink($0, y) }) else { return nil }
            }
        }
        return band.left + Double(px) / MathInk.scale
    }

    /// The x of a determinant's two bars: straight strokes of ink just left and right of the
    /// glyphs of the top and bottom rows (a row on the axis between them may be the formula's own,
    /// beside the block).
    static func bars(_ glyphs: [MathGlyph], size: Double, ink: MathInk) -> (left: Double, right: Double)? {
        let full = glyphs.filter { $0.size >= 0.85 * size && !$0.isRootSign && $0.font != .extensible }
        let rows = rowCentres(full, size: size)
        guard rows.count >= 2, let top = rows.first, let bottom = rows.last else { return nil }
        let outer = full.filter { abs(height($0) - top) < 0.3 * size || abs(height($0) - bottom) < 0.3 * size }
        guard let x0 = outer.map(\.x0).min(), let x1 = outer.map(\.x1).max(),
              let left = stroke(ink, from: x0 - 0.2, leftwards: true, span: size, rows: (top, bottom), size: size, straight: true),
              let right = stroke(ink, from: x1 + 0.2, leftwards: false, span: size, rows: (top, bottom), size: size, straight: true)
        else { return nil }
        return (left, right)
    }

    /// A determinant (`vmatrix`): cells stacked between two straight bars poppler gives no glyph
    /// for (the extension font's `|` pieces), seen on the page's ink left and right of the rows.
    static func barred(_ glyphs: [MathGlyph], size: Double, ink: MathInk) -> Read? {
        guard let (left, right) = bars(glyphs, size: size, ink: ink) else { return nil }
        let cells = glyphs.filter { $0.midX > left && $0.midX < right }
        guard let grid = grid(cells, size: size), grid.count >= 2, grid.first!.count >= 2,
              let body = write(grid, ink: ink, columns: nil) else { return nil }
        return around(glyphs.filter { $0.midX < left }, "\\begin{vmatrix} \(body.latex) \\end{vmatrix}", "|\(body.linear)|",
                      glyphs.filter { $0.midX > right }, ink)
    }

    // MARK: aligned

    static let relationTexts: Set<String> = ["=", "<", ">", "≤", "≥", "≠", "≈", "≡", "→", "⇒", "⇔", "⟹", "⟺", "∈", "∼", "≃"]

    /// Rows whose first relation sits at one x, on baselines at least a line apart: `aligned`.
    static func aligned(_ glyphs: [MathGlyph], ink: MathInk) -> Read? {
        let size = mainSize(glyphs)
        let relations = glyphs.filter { relationTexts.contains($0.text) && $0.size >= 0.85 * size }
        // Relations at one x, one per row.
        var best: [MathGlyph] = []
        for r in relations {
            let column = relations.filter { abs($0.x0 - r.x0) < 0.6 }.sorted { $0.midY < $1.midY }
            guard column.count >= 2, zip(column, column.dropFirst()).allSatisfy({ $1.midY - $0.midY > 1.1 * size }) else { continue }
            if column.count > best.count { best = column }
        }
        guard best.count >= 2 else { return nil }
        let rows = split(glyphs, centres: best.map(\.midY))
        var latex: [String] = [], linear: [String] = []
        for (row, rel) in zip(rows, best) {
            // Each row's first relation is the aligned one (no relation left of it on the row).
            guard !row.contains(where: { relationTexts.contains($0.text) && $0.x1 <= rel.x0 + 0.1 && $0.size >= 0.85 * size }) else { return unread(glyphs, ink) }
            let left = row.filter { $0.midX < rel.x0 }, right = row.filter { $0.midX >= rel.x0 }
            guard let r = cell(right, ink: ink) else { return unread(glyphs, ink) }
            let l = left.isEmpty ? ("", "", true) : cell(left, ink: ink)
            guard let l, l.sure, r.sure else { return unread(glyphs, ink) }
            latex.append((l.latex.isEmpty ? "" : l.latex + " ") + "&" + r.latex)
            linear.append((l.linear.isEmpty ? "" : l.linear + " ") + r.linear)
        }
        return ("\\begin{aligned} " + latex.joined(separator: " \\\\ ") + " \\end{aligned}", linear.joined(separator: " ; "), true)
    }

    // MARK: Rows and columns

    /// The font size most glyphs have (the display's text size).
    static func mainSize(_ glyphs: [MathGlyph]) -> Double {
        var counts: [Double: Int] = [:]
        for g in glyphs where g.font != .extensible { counts[(g.size * 10).rounded() / 10, default: 0] += 1 }
        return counts.max { $0.value < $1.value || $0.value == $1.value && $0.key < $1.key }?.key ?? 10
    }

    /// The middles (y) of the rows full-size glyphs sit on, top to bottom.
    static func rowCentres(_ glyphs: [MathGlyph], size: Double) -> [Double] {
        let ys = glyphs.map(\.midY).sorted()
        var rows: [[Double]] = []
        for y in ys {
            if let last = rows.last?.last, y - last < 0.45 * size { rows[rows.count - 1].append(y) } else { rows.append([y]) }
        }
        return rows.map { $0.reduce(0, +) / Double($0.count) }
    }

    /// Where a glyph sits up and down: its middle; for a root sign, which hangs from its bar (the
    /// bottom of poppler's box), its radicand's middle under the bar.
    static func height(_ g: MathGlyph) -> Double { g.isRootSign ? g.y1 + 0.4 * g.size : g.midY }

    /// The glyphs split into rows around `centres`: cut where the glyphs' middles leave the widest
    /// gap between two centres.
    static func split(_ glyphs: [MathGlyph], centres: [Double]) -> [[MathGlyph]] {
        var cuts: [Double] = []
        for (a, b) in zip(centres, centres.dropFirst()) {
            let ys = [a] + glyphs.map(height).filter { $0 > a && $0 < b }.sorted() + [b]
            let gap = zip(ys, ys.dropFirst()).max { ($0.1 - $0.0) < ($1.1 - $1.0) }!
            cuts.append((gap.0 + gap.1) / 2)
        }
        var rows = [[MathGlyph]](repeating: [], count: centres.count)
        for g in glyphs { rows[cuts.firstIndex { height(g) < $0 } ?? cuts.count].append(g) }
        return rows
    }

    /// A matrix's cells: rows of full-size glyphs, columns where every row leaves a gap of at least
    /// half the size (TeX puts 10 pt between a matrix's columns, a quad between a `cases`'s).
    /// Nil when a row's glyphs do not fall into the columns.
    static func grid(_ cells: [MathGlyph], size: Double) -> [[[MathGlyph]]]? {
        guard !cells.isEmpty else { return nil }
        // (A root sign hangs above its radicand's row: it sets no row.)
        let centres = rowCentres(cells.filter { $0.size >= 0.85 * size && !$0.isRootSign && $0.font != .extensible }, size: size)
        guard centres.count >= 2 else { return nil }
        let rows = split(cells, centres: centres)
        var spans: [(x0: Double, x1: Double)] = []
        for g in cells.sorted(by: { $0.x0 < $1.x0 }) {
            if let last = spans.last, g.x0 - last.x1 < 0.5 * size { spans[spans.count - 1].x1 = max(last.x1, g.x1) }
            else { spans.append((g.x0, g.x1)) }
        }
        return rows.map { row in spans.map { s in row.filter { $0.midX >= s.x0 && $0.midX <= s.x1 } } }
    }

    /// The grid written `a & b \\ c & d` (trailing empty cells left out); with `columns`, more
    /// columns than that are merged into the last one (a `cases` condition with a quad in it).
    static func write(_ grid: [[[MathGlyph]]], ink: MathInk, columns: Int?) -> (latex: String, linear: String)? {
        var rowsLatex: [String] = [], rowsLinear: [String] = []
        for row in grid {
            var cols = row
            if let n = columns, cols.count > n { cols = Array(cols[..<(n - 1)]) + [cols[(n - 1)...].flatMap { $0 }] }
            while let last = cols.last, last.isEmpty, cols.count > 1 { cols.removeLast() }
            var latex: [String] = [], linear: [String] = []
            for c in cols {
                if c.isEmpty { latex.append(""); linear.append(""); continue }
                guard let r = cell(c, ink: ink), r.sure else { return nil }
                latex.append(r.latex); linear.append(r.linear)
            }
            rowsLatex.append(latex.joined(separator: " & ")); rowsLinear.append(linear.joined(separator: "  "))
        }
        return (rowsLatex.joined(separator: " \\\\ "), rowsLinear.joined(separator: " ; "))
    }

    /// One cell: its words of upright text (two letters or more, no function name) as `\text{…}`,
    /// the math between them read by `MathLayout`.
    static func cell(_ glyphs: [MathGlyph], ink: MathInk) -> Read? {
        let sorted = glyphs.sorted { $0.x0 < $1.x0 }
        guard let size = sorted.map(\.size).max() else { return nil }
        // Runs of upright letters set side by side at full size.
        var runs: [Range<Int>] = []
        var k = 0
        while k < sorted.count {
            guard MathText.isTextLetter(sorted[k]), sorted[k].size >= 0.9 * size else { k += 1; continue }
            var j = k + 1
            while j < sorted.count, MathText.isTextLetter(sorted[j]) || sorted[j].font == .text && "'’-".contains(sorted[j].text),
                  sorted[j].x0 - sorted[j - 1].x1 < 0.5, abs(sorted[j].y1 - sorted[k].y1) < 0.5 { j += 1 }
            let word = sorted[k..<j].map(\.text).joined()
            if j - k >= 2, !LaTeXSymbols.functions.contains(word) { runs.append(k..<j) }
            k = j
        }
        guard !runs.isEmpty else { return MathLayout.read(sorted, radicalEnd: ink) }
        var latex: [String] = [], linear: [String] = []
        var start = 0
        func math(_ r: Range<Int>) -> Bool {
            guard !r.isEmpty else { return true }
            guard let m = MathLayout.read(Array(sorted[r]), radicalEnd: ink), m.sure else { return false }
            latex.append(m.latex); linear.append(m.linear); return true
        }
        for (n, r) in runs.enumerated() {
            guard math(start..<r.lowerBound) else { return (latex.joined(separator: " "), linear.joined(separator: " "), false) }
            var word = sorted[r].map(\.text).joined()
            // Words one space apart are one `\text{…}`; a space before math stays inside it, as typed.
            if n > 0, start == r.lowerBound, let last = latex.last, last.hasPrefix("\\text{") {
                latex.removeLast(); word = String(last.dropFirst(6).dropLast()) + word
                linear.removeLast()
            }
            let spaced = r.upperBound < sorted.count && sorted[r.upperBound].x0 - sorted[r.upperBound - 1].x1 > 0.15 * size
            latex.append("\\text{\(word)\(spaced ? " " : "")}"); linear.append(word)
            start = r.upperBound
        }
        guard math(start..<sorted.count) else { return (latex.joined(separator: " "), linear.joined(separator: " "), false) }
        return (latex.joined(separator: " "), linear.joined(separator: " "), true)
    }

    /// The structure with what is set left and right of it, each read as a row.
    static func around(_ before: [MathGlyph], _ latex: String, _ linear: String, _ after: [MathGlyph], _ ink: MathInk) -> Read {
        var l: [String] = [], t: [String] = [], sure = true
        if !before.isEmpty {
            let r = MathLayout.read(before, radicalEnd: ink)
            sure = sure && r?.sure == true; l.append(r?.latex ?? ""); t.append(r?.linear ?? "")
        }
        l.append(latex); t.append(linear)
        if !after.isEmpty {
            let r = MathLayout.read(after, radicalEnd: ink)
            sure = sure && r?.sure == true; l.append(r?.latex ?? ""); t.append(r?.linear ?? "")
        }
        return (l.joined(separator: " "), t.joined(separator: " "), sure)
    }

    /// A structure seen but not read: the display is unsure.
    static func unread(_ glyphs: [MathGlyph], _ ink: MathInk) -> Read {
        let r = MathLayout.read(glyphs, radicalEnd: ink)
        return (r?.latex ?? "", r?.linear ?? glyphs.map(\.text).joined(), false)
    }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
