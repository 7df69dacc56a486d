import IngestCore

/// Writes a `MathExpr` as the linear text a reader of formulas reads without LaTeX: exponents and
/// indexes kept (`x²`, `x₁`, `e^(iπ)` through `ScriptText`), fractions as `(−b − √Δ)/(2a)`,
/// roots as `√x`, spaces around relations and binary operators.
enum MathLinear {
    static func write(_ e: MathExpr) -> String {
        var s = ""
        write(e, &s, leading: true)
        return s.replacingOccurrences(of: "  ", with: " ").trimmingCharacters(in: .whitespaces)
    }

    static let spaced: Set<Character> = ["=", "+", "−", "-", "<", ">", "≤", "≥", "≠", "≈", "≡", "→", "⇒", "⇔", "×", "±", "∈", "⊂", "∼", "∝", "↔", "⇌"]

    static func write(_ e: MathExpr, _ s: inout String, leading: Bool) {
        switch e {
        case .row(let items):
            for (i, item) in items.enumerated() { write(item, &s, leading: leading && i == 0) }
        case .token(let t, let kind):
            switch kind {
            case .operator where t.count == 1 && spaced.contains(t.first!):
                // A sign that opens a row is unary (`−b`), not spaced.
                let unary = leading || s.last == "(" || s.isEmpty
                s += unary || (t == "−" || t == "-" || t == "+") && s.last.map { "=(<>≤≥,".contains($0) } == true ? t : " " + t + " "
            case .operator where t == ",": s += ", "
            case .text: s += t
            case .name where t.count == 1: s += t
            case .name:
                if let last = s.last, last.isLetter || last.isNumber { s += " " }
                s += t + " "
            default:
                s += t == "−" ? "−" : t
            }
        case .fraction(let num, let den, _):
            s += operand(num) + "/" + operand(den)
        case .root(let body, let degree):
            let index: String
            switch degree.map({ write($0) }) {
            case nil: index = ""
            case "3"?: index = "∛"
            case "4"?: index = "∜"
            case let d?: index = ScriptText.render(d, .superscript)
            }
            s += (index == "∛" || index == "∜" ? index : index + "√") + operand(body)
        case .scripts(let base, let sub, let sup, let before):
            let marks = (sub.map { ScriptText.render(script($0), .subscript) } ?? "") + (sup.map { ScriptText.render(script($0), .superscript) } ?? "")
            s += before ? marks + operand(base) : operand(base) + marks
        case .limits(let base, let under, let over):
            s += write(base)
            if let under { s += ScriptText.render(script(under), .subscript) }
            if let over { s += ScriptText.render(script(over), .superscript) }
            s += " "
        case .fenced(let open, let close, let parts, let separator):
            s += open + parts.map { write($0) }.joined(separator: separator.isEmpty ? "" : " " + separator + " ") + close
        case .accent(let base, let mark, let side):
            let b = write(base)
            let combining = mark.unicodeScalars.first.map { (0x300...0x36F).contains($0.value) || (0x20D0...0x20FF).contains($0.value) } ?? false
            if combining && b.count == 1 { s += b + String(mark) }
            else if side == .over && (mark == "‾" || mark == "¯") && b.count == 1 { s += b + "\u{0305}" }
            else if side == .over && mark == "¯" { s += b.map { String($0) + "\u{0305}" }.joined() }
            else { s += b }
        case .matrix(let rows):
            s += rows.map { $0.map { write($0) }.joined(separator: " ") }.joined(separator: "; ")
        case .lines(let rows):
            s += rows.map { $0.map { write($0) }.joined(separator: " ") }.joined(separator: "\n")
        }
    }

    /// An index or exponent, written tight (`∑ₖ₌₁ⁿ`, `lim_(x→0)`): no spaces around its signs.
    static func script(_ e: MathExpr) -> String {
        var text = write(e)
        for sign in spaced { text = text.replacingOccurrences(of: " \(sign) ", with: String(sign)) }
        return text
    }

    /// An operand of `/` or `√`: in parentheses when it is more than one token.
    static func operand(_ e: MathExpr) -> String {
        let text = write(e)
        let items = e.flattened
        if items.count <= 1, !text.contains(" ") { return text }
        if items.count == 1, case .fenced = items[0] { return text }
        return "(" + text + ")"
    }
}
