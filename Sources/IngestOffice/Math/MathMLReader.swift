import IngestCore

/// Reads a MathML equation (presentation markup: OpenDocument formula objects, EPUB pages) into a
/// `MathExpr`. A `semantics` element is read from its first child, not from a TeX annotation (the
/// writer's source, not what the reader sees), but from a StarMath one when it reads: LibreOffice
/// sets the formula from that text, not from its MathML.
enum MathMLReader {
    static func read(_ e: MathElement) -> MathExpr {
        switch e.name {
        case "mi":
            let text = e.text.trimmingCharacters(in: .whitespacesAndNewlines)
            if text.count == 1, e.attributes["mathvariant"] == "normal", text.first!.isLetter { return .token(text, .name) }
            return MathTokens.split(text, upright: text.count > 1)
        case "mn": return .token(e.text.trimmingCharacters(in: .whitespacesAndNewlines), .number)
        case "mo":
            let text = e.text.trimmingCharacters(in: .whitespacesAndNewlines)
            if LaTeXSymbols.functions.contains(text) { return .token(text, .name) }
            return text.isEmpty ? .empty : .token(text, .operator)
        case "mtext", "ms":
            // Spaces typed inside the text (`\text{ m/s}`) are the writer's, and kept.
            return e.text.allSatisfy(\.isWhitespace) ? .empty : .token(e.text, .text)
        case "mspace", "annotation", "annotation-xml", "mphantom", "none", "mprescripts": return .empty
        case "semantics":
            // LibreOffice lays a formula out from its StarMath, and its MathML can lose what that says.
            if let starMath = e.children.first(where: { $0.name == "annotation" && $0.attributes["encoding"] == "StarMath 5.0" }),
               let expr = StarMathReader.read(starMath.text) {
                return expr
            }
            return e.children.first.map { read($0) } ?? .empty
        case "mfrac":
            let thickness = e.attributes["linethickness"].map { $0.trimmingCharacters(in: .whitespaces) }
            let bar = !(thickness == "0" || thickness == "0pt" || thickness == "0em" || thickness == "0px")
            return .fraction(arg(e, 0), arg(e, 1), bar: bar)
        case "msqrt": return .root(row(e), degree: nil)
        case "mroot": return .root(arg(e, 0), degree: arg(e, 1))
        case "msup": return .scripts(arg(e, 0), sub: nil, sup: arg(e, 1))
        case "msub": return .scripts(arg(e, 0), sub: arg(e, 1), sup: nil)
        case "msubsup": return .scripts(arg(e, 0), sub: arg(e, 1), sup: arg(e, 2))
        case "mover": return overUnder(arg(e, 0), under: nil, over: e.children.dropFirst().first)
        case "munder": return overUnder(arg(e, 0), under: e.children.dropFirst().first, over: nil)
        case "munderover":
            let c = e.children
            return overUnder(arg(e, 0), under: c.count > 1 ? c[1] : nil, over: c.count > 2 ? c[2] : nil)
        case "mmultiscripts": return multiscripts(e)
        case "mtable":
            let trs = e.children.filter { $0.name == "mtr" || $0.name == "mlabeledtr" }
            let rows = trs.map { tr in
                let cells = tr.children.filter { $0.name == "mtd" }
                return (tr.name == "mlabeledtr" ? Array(cells.dropFirst()) : cells).map { row($0) }
            }
            // Columns set right, left, right… (on the table or its first row's cells) are aligned equations.
            let aligns = e.attributes["columnalign"]?.split(separator: " ").map(String.init)
                ?? trs.first?.children.filter { $0.name == "mtd" }.compactMap { $0.attributes["columnalign"] } ?? []
            return MathExpr.isAlignment(aligns) ? .lines(rows) : .matrix(rows)
        case "mfenced":
            let separators = e.attributes["separators"]?.filter { !$0.isWhitespace } ?? ","
            return .fenced(open: e.attributes["open"] ?? "(", close: e.attributes["close"] ?? ")",
                           e.children.map { read($0) }, separator: separators.first.map(String.init) ?? "")
        default:
            return fencedRow(e) ?? row(e)  // math, mrow, mstyle, mpadded, menclose, merror, unknown
        }
    }

    static func row(_ e: MathElement) -> MathExpr {
        let items = MathExpr.attachingScripts(e.children.map { read($0) })
        return items.count == 1 ? items[0] : .row(items)
    }

    static func arg(_ e: MathElement, _ i: Int) -> MathExpr {
        i < e.children.count ? read(e.children[i]) : .empty
    }

    /// A row opened and closed by stretchy delimiters (`\left(` … `\right)`).
    static func fencedRow(_ e: MathElement) -> MathExpr? {
        guard e.name == "mrow", e.children.count >= 2, let first = e.children.first, let last = e.children.last,
              isFence(first, "prefix") else { return nil }
        // An opening brace with no closing one (`\begin{cases}`) is fenced on one side.
        let closed = isFence(last, "postfix")
        let inner = MathExpr.attachingScripts(e.children.dropFirst().dropLast(closed ? 1 : 0).map { read($0) })
        return .fenced(open: first.text.trimmingCharacters(in: .whitespaces),
                       close: closed ? last.text.trimmingCharacters(in: .whitespaces) : "",
                       [inner.count == 1 ? inner[0] : .row(inner)], separator: "")
    }

    static func isFence(_ e: MathElement, _ form: String) -> Bool {
        guard e.name == "mo", e.attributes["stretchy"] != "false" else { return false }
        return e.attributes["fence"] == "true" || e.attributes["stretchy"] == "true" && e.attributes["form"] == form
            || e.text.isEmpty && e.attributes["form"] == form
    }

    /// `mover`/`munder`: an accent when the mark is one character of the accent table, else limits.
    static func overUnder(_ base: MathExpr, under: MathElement?, over: MathElement?) -> MathExpr {
        // The mark is an `mo` (pandoc) or an `mi` (LibreOffice writes `<mi>⃗</mi>`).
        if let over, under == nil, over.name == "mo" || over.name == "mi", let mark = over.text.trimmingCharacters(in: .whitespaces).first,
           over.text.trimmingCharacters(in: .whitespaces).count == 1, LaTeXSymbols.accent(mark) != nil {
            return .accent(base, mark: mark, side: .over)
        }
        if let under, over == nil, under.name == "mo", let mark = under.text.trimmingCharacters(in: .whitespaces).first,
           mark == "⏟" || mark == "_" || mark == "‾" || mark == "\u{FE38}" {
            return .accent(base, mark: mark == "‾" ? "_" : mark, side: .under)
        }
        return .limits(base, under: under.map { read($0) }, over: over.map { read($0) })
    }

    /// `mmultiscripts`: base, then post sub/sup pairs, then `mprescripts` and pre pairs.
    static func multiscripts(_ e: MathElement) -> MathExpr {
        guard let first = e.children.first else { return .empty }
        var post: [MathElement] = [], pre: [MathElement] = [], seenPre = false
        for c in e.children.dropFirst() {
            if c.name == "mprescripts" { seenPre = true } else if seenPre { pre.append(c) } else { post.append(c) }
        }
        func pair(_ list: [MathElement]) -> (MathExpr?, MathExpr?) {
            let sub = list.count > 0 ? read(list[0]) : .empty, sup = list.count > 1 ? read(list[1]) : .empty
            return (sub.isEmpty ? nil : sub, sup.isEmpty ? nil : sup)
        }
        var result = read(first)
        let (preSub, preSup) = pair(pre), (postSub, postSup) = pair(post)
        if preSub != nil || preSup != nil { result = .scripts(result, sub: preSub, sup: preSup, before: true) }
        if postSub != nil || postSup != nil { result = .scripts(result, sub: postSub, sup: postSup) }
        return result
    }
}
