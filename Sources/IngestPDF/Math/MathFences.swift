/// Big opening parentheses poppler does not give (issue 36): the extension font's code 0, the
/// `\\big(` TeX sets around an inline fraction (`\\ln\\left(\\frac{a}{b}\\right)`), is a NUL
/// poppler leaves out of the page's text, while its `)` (code 1) is there. Such a `)` with no
/// `(` before it gets one where the page's ink shows it: the first tall stroke left of it in a
/// gap between the formula's glyphs. None seen: the formula stays as it was (one fence alone,
/// unsure).
enum MathFences {
    static func openings(_ atoms: [MathAtom], ink: MathInk) -> [MathAtom] {
        guard ink.page != nil else { return atoms }
        let isOpen = { (a: MathAtom) in a.kind == .fence && ["(", "[", "\\{", "\\langle"].contains(a.latex) }
        var out = atoms
        var depth = 0
        for close in atoms.filter({ $0.kind == .fence }).sorted(by: { $0.x0 < $1.x0 }) {
            if isOpen(close) { depth += 1; continue }
            if depth > 0 { depth -= 1; continue }
            guard close.latex == ")", let open = opening(before: close, among: out, ink: ink) else { continue }
            out.append(open)
            if let binomial = binomial(open, close, among: out, ink: ink) {
                out.removeAll { $0.midX > open.x0 && $0.midX < close.x1 && $0.y1 > close.y0 && $0.y0 < close.y1 }
                out.append(binomial)
            }
        }
        return out
    }

    /// `\binom{n}{k}` set inline: two rows stacked between the parentheses with no rule between
    /// them (a fraction's bar would be drawn), each read as a row. Nil when the parentheses hold
    /// anything else.
    static func binomial(_ open: MathAtom, _ close: MathAtom, among atoms: [MathAtom], ink: MathInk) -> MathAtom? {
        let inside = atoms.filter { $0.midX > open.x1 && $0.midX < close.x0 && $0.y1 > close.y0 && $0.y0 < close.y1 }
        let axis = close.midY
        let top = inside.filter { $0.y1 <= axis + 0.1 * close.size }, bottom = inside.filter { $0.y0 >= axis - 0.1 * close.size }
        guard !top.isEmpty, !bottom.isEmpty, top.count + bottom.count == inside.count,
              ink.rules(left: open.x1, right: close.x0, top: close.y0, bottom: close.y1, shortest: 2.5).isEmpty else { return nil }
        let n = MathLayout.layout(top, .none), k = MathLayout.layout(bottom, .none)
        let latex = [n.latex, k.latex].contains { $0.contains(MathLayout.unsure) || $0.trimmingCharacters(in: .whitespaces).isEmpty }
            ? String(MathLayout.unsure) : "\\binom{\(n.latex)}{\(k.latex)}"
        return MathAtom(latex: latex, linear: "C(\(n.linear), \(k.linear))", x0: open.x0, y0: close.y0, x1: close.x1, y1: close.y1,
                        base: close.base, size: close.size, kind: .compound)
    }

    /// The `(` matching `close`: the rightmost column of ink left of it, outside every glyph's box
    /// at its height, running through its middle for half its height or so (a paren's curve).
    static func opening(before close: MathAtom, among atoms: [MathAtom], ink: MathInk) -> MathAtom? {
        let height = close.y1 - close.y0
        guard let first = atoms.map(\.x0).min(), height > 0 else { return nil }
        let left = first - 0.8 * close.size, top = close.y0 - 1
        guard close.x0 - left > 2, let band = MathInk.Band(ink.page, left: left, top: top, width: close.x0 - left, height: height + 2, seen: ink.seen)
        else { return nil }
        let boxes = atoms.filter { $0.y1 > close.y0 && $0.y0 < close.y1 }.map { ($0.x0 + 0.2, $0.x1 - 0.2) }
        let axis = Int((close.midY - top) * MathInk.scale)
        let reach = Int(0.2 * height * MathInk.scale), tall = Int(0.45 * height * MathInk.scale)
        for px in (0..<band.width).reversed() {
            let x = band.left + (Double(px) + 0.5) / MathInk.scale
            guard !boxes.contains(where: { x > $0.0 && x < $0.1 }),
                  let y = (axis - 2...axis + 2).first(where: { band.ink(px, $0) }) else { continue }
            var up = y, down = y
            while up > 0, band.ink(px, up - 1) || band.ink(px, up - 2) { up -= 1 }
            while down < band.height - 1, band.ink(px, down + 1) || band.ink(px, down + 2) { down += 1 }
            guard down - up + 1 >= tall, axis - up >= reach, down - axis >= reach else { continue }
            // The column is the stroke's right edge; the glyph is as wide as its `)`.
            let x1 = x + 0.25 * close.width
            return MathAtom(latex: "(", linear: "(", x0: x1 - close.width, y0: close.y0, x1: x1, y1: close.y1,
                            base: close.base, size: close.size, kind: .fence)
        }
        return nil
    }
}
