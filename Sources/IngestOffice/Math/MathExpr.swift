/// An equation as both readers see it (OMML from Word and PowerPoint, MathML from OpenDocument
/// and EPUB), written out once as LaTeX (`MathLaTeX`) and once as linear text (`MathLinear`).
indirect enum MathExpr: Sendable, Equatable {
    /// One token: a variable, a number, an operator, an upright name (`sin`), or words (`\text`).
    enum Token: Sendable, Equatable { case identifier, number, `operator`, name, text }
    /// Where an accent or brace stands relative to what it marks.
    enum Side: Sendable, Equatable { case over, under }

    case row([MathExpr])
    case token(String, Token)
    case fraction(MathExpr, MathExpr, bar: Bool)
    case root(MathExpr, degree: MathExpr?)
    /// Sub- and superscripts beside the base (`x_1^2`), or before it (`{}_{6}^{14}C`).
    case scripts(MathExpr, sub: MathExpr?, sup: MathExpr?, before: Bool = false)
    /// Limits set under and over the base: n-ary operators, `lim`, `\underset`/`\overset`.
    case limits(MathExpr, under: MathExpr?, over: MathExpr?)
    /// Stretchy delimiters around their content (`""` for none), parts split by `separator`.
    case fenced(open: String, close: String, [MathExpr], separator: String)
    /// An accent, a bar or a brace over or under its base (the character that marks it).
    case accent(MathExpr, mark: Character, side: Side)
    case matrix([[MathExpr]])
    /// Lines of aligned equations (`\begin{aligned}`), their cells joined by `&`.
    case lines([[MathExpr]])

    static let empty = MathExpr.row([])

    var isEmpty: Bool {
        switch self {
        case .row(let items): return items.allSatisfy(\.isEmpty)
        case .token(let s, _): return s.isEmpty
        default: return false
        }
    }

    /// `items` with scripts on an empty base that follow a function name (`lim`) given to that
    /// name: LibreOffice writes `lim` and its limit apart (`<mi>lim</mi><msub><mrow/>…`,
    /// `m:limLow` then `m:sSub` on nothing).
    static func attachingScripts(_ items: [MathExpr]) -> [MathExpr] {
        var out: [MathExpr] = []
        for item in items where !item.isEmpty {
            if case .scripts(let base, let sub, let sup, false) = item, base.isEmpty, let last = out.last, last.isFunctionName {
                out[out.count - 1] = .limits(last.functionName, under: sub, over: sup); continue
            }
            out.append(item)
        }
        return out
    }

    /// Column alignments that make a table aligned equations: right, left, right, left…
    static func isAlignment(_ aligns: [String]) -> Bool {
        aligns.count >= 2 && aligns.enumerated().allSatisfy { $0.element == ($0.offset % 2 == 0 ? "right" : "left") }
    }

    /// A function name alone, or with empty limits.
    var isFunctionName: Bool {
        switch self {
        case .token(_, .name): return true
        case .limits(let base, let under, let over): return base.isFunctionName && (under?.isEmpty ?? true) && (over?.isEmpty ?? true)
        default: return false
        }
    }
    var functionName: MathExpr {
        if case .limits(let base, _, _) = self { return base.functionName }
        return self
    }

    /// The row's items with nested rows flattened (so `x` wrapped in rows is still one token).
    var flattened: [MathExpr] {
        if case .row(let items) = self { return items.flatMap(\.flattened) }
        return isEmpty ? [] : [self]
    }
}
