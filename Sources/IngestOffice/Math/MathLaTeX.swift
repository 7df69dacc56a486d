import IngestCore

/// Writes a `MathExpr` as LaTeX, the way a person types it: `\frac{-b}{2a}`, `x^{2}`, `\sqrt[3]{8}`,
/// `\sum_{i=1}^{n}`, `\left( … \right)`, `\begin{pmatrix} … \end{pmatrix}`, `\sin`, `\Delta`.
enum MathLaTeX {
    static func write(_ e: MathExpr) -> String {
        var out = Output()
        write(e, &out)
        return out.text.trimmingCharacters(in: .whitespaces)
    }

    /// LaTeX text, with a space kept where a command would otherwise run into a letter (`\Delta x`).
    struct Output {
        var text = ""
        mutating func append(_ s: String) {
            guard let first = s.first else { return }
            if first.isLetter, endsWithCommand { text.append(" ") }
            text.append(s)
        }
        var endsWithCommand: Bool {
            var sawLetter = false
            for c in text.reversed() {
                if c.isLetter && c.isASCII { sawLetter = true; continue }
                return sawLetter && c == "\\"
            }
            return false
        }
    }

    static func group(_ e: MathExpr) -> String { "{" + write(e) + "}" }

    static func write(_ e: MathExpr, _ out: inout Output) {
        switch e {
        case .row(let items): for item in items { write(item, &out) }
        case .token(let s, let kind): out.append(token(s, kind))
        case .fraction(let num, let den, let bar):
            out.append(bar ? "\\frac" + group(num) + group(den) : "{" + write(num) + " \\atop " + write(den) + "}")
        case .root(let body, let degree):
            out.append("\\sqrt" + (degree.map { "[" + write($0) + "]" } ?? "") + group(body))
        case .scripts(let base, let sub, let sup, let before):
            let marks = (sub.map { "_" + group($0) } ?? "") + (sup.map { "^" + group($0) } ?? "")
            if before { out.append("{}" + marks); write(base, &out); return }
            out.append(baseText(base) + marks)
        case .limits(let base, let under, let over):
            let under = under.flatMap { $0.isEmpty ? nil : $0 }, over = over.flatMap { $0.isEmpty ? nil : $0 }
            // A brace's label is its script (`\underbrace{…}_{n termes}`).
            if case .accent(_, let mark, let side) = base, let label = side == .under ? under : over, (side == .under ? over : under) == nil,
               mark == "⏟" || mark == "⏞" || mark == "\u{FE37}" || mark == "\u{FE38}" {
                write(base, &out); out.append((side == .under ? "_" : "^") + group(label)); return
            }
            if isLargeOperator(base) || isLimitName(base) {
                out.append(write(base) + (under.map { "_" + group($0) } ?? "") + (over.map { "^" + group($0) } ?? ""))
            } else if let under, let over {
                out.append("\\underset" + group(under) + "{\\overset" + group(over) + group(base) + "}")
            } else if let over {
                out.append("\\overset" + group(over) + group(base))
            } else if let under {
                out.append("\\underset" + group(under) + group(base))
            } else { write(base, &out) }
        case .fenced(let open, let close, let parts, let separator):
            out.append(fenced(open, close, parts, separator))
        case .accent(let base, let mark, let side):
            if side == .under {
                out.append((mark == "_" ? "\\underline" : mark == "⏟" || mark == "\u{FE38}" ? "\\underbrace" : "\\underset{" + LaTeXSymbols.latex(mark) + "}") + group(base))
            } else if mark == "¯" || mark == "‾" {
                // One bar character for both: short over a letter, as long as what it covers over more.
                let one: Bool
                if case .token(let s, _)? = base.flattened.first, base.flattened.count == 1 { one = s.count == 1 } else { one = false }
                out.append((one ? "\\bar" : "\\overline") + group(base))
            } else if let command = LaTeXSymbols.accent(mark) {
                out.append(command + group(base))
            } else {
                out.append("\\overset{" + LaTeXSymbols.latex(mark) + "}" + group(base))
            }
        case .matrix(let rows): out.append(environment("matrix", rows))
        case .lines(let rows):
            out.append(environment(rows.allSatisfy { $0.count == 1 } ? "gathered" : "aligned", rows))
        }
    }

    static func token(_ s: String, _ kind: MathExpr.Token) -> String {
        switch kind {
        case .name:
            if LaTeXSymbols.functions.contains(s) { return "\\" + s }
            // An upright symbol with a command of its own (`Δ`, `ℝ`) is that command.
            if s.count == 1, let c = s.first, LaTeXSymbols.latex(c) != s { return LaTeXSymbols.latex(c) }
            return "\\mathrm{" + s + "}"
        case .text: return "\\text{" + s + "}"
        case .number: return s
        case .identifier, .operator: return s.map { LaTeXSymbols.latex($0) }.joined()
        }
    }

    /// A base for scripts: one token or a fence as is, anything longer in braces.
    static func baseText(_ base: MathExpr) -> String {
        let items = base.flattened
        if items.isEmpty { return "{}" }
        if items.count == 1 {
            switch items[0] {
            case .token(let s, let kind) where s.count == 1 || kind != .identifier: return write(items[0])
            case .fenced, .accent, .root, .matrix: return write(items[0])
            default: break
            }
        }
        return group(base)
    }

    static func isLargeOperator(_ e: MathExpr) -> Bool {
        if case .token(let s, .operator) = e, let c = s.first, s.count == 1 { return "∑∏∐∫∬∭∮⋃⋂⨁⨂".contains(c) }
        return false
    }

    static func isLimitName(_ e: MathExpr) -> Bool {
        if case .token(let s, .name) = e { return LaTeXSymbols.functions.contains(s) }
        return false
    }

    static func delimiter(_ s: String) -> String {
        switch s {
        case "": return "."
        case "{": return "\\{"
        case "}": return "\\}"
        case "‖", "∥": return "\\|"
        default: return s.count == 1 ? LaTeXSymbols.latex(s.first!) : s
        }
    }

    static func fenced(_ open: String, _ close: String, _ parts: [MathExpr], _ separator: String) -> String {
        if parts.count == 1 {
            let inner = parts[0].flattened
            if inner.count == 1, case .matrix(let rows) = inner[0] {
                let pair = (open + close).replacingOccurrences(of: "∣", with: "|")
                let name = ["()": "pmatrix", "[]": "bmatrix", "||": "vmatrix", "{}": "Bmatrix", "‖‖": "Vmatrix"][pair]
                if let name { return environment(name, rows) }
                if open == "{" && close.isEmpty { return environment("cases", rows) }
            }
            // Stacked equations after a lone brace (Word's `m:eqArr` in an `m:d` LibreOffice writes
            // for its `left lbrace stack{…} right none`) are cases too.
            if inner.count == 1, case .lines(let rows) = inner[0], open == "{", close.isEmpty {
                return environment("cases", rows)
            }
            if inner.count == 1, case .fraction(let num, let den, bar: false) = inner[0], open == "(", close == ")" {
                return "\\binom" + group(num) + group(den)
            }
            // Two lines stacked in parentheses: LibreOffice's `binom` (its vectors are matrices).
            if inner.count == 1, case .lines(let rows) = inner[0], rows.count == 2, rows.allSatisfy({ $0.count == 1 }),
               open == "(", close == ")" {
                return "\\binom" + group(rows[0][0]) + group(rows[1][0])
            }
        }
        let sep = separator.isEmpty ? "" : " " + delimiterInside(separator) + " "
        let inner = parts.map { write($0) }.joined(separator: sep)
        // Sized delimiters only around what is taller than a line (`f(x)` stays `f(x)`).
        guard parts.contains(where: isTall) else {
            return (open.isEmpty ? "" : delimiter(open)) + inner + (close.isEmpty ? "" : delimiter(close))
        }
        return "\\left" + delimiter(open) + " " + inner + " \\right" + delimiter(close)
    }

    static func isTall(_ e: MathExpr) -> Bool {
        switch e {
        case .fraction, .matrix, .lines, .limits: return true
        case .row(let items): return items.contains(where: isTall)
        case .scripts(let base, let sub, let sup, _): return isTall(base) || sub.map(isTall) == true || sup.map(isTall) == true
        case .root(let body, _): return isTall(body)
        case .fenced(_, _, let parts, _): return parts.contains(where: isTall)
        case .accent(let base, _, _): return isTall(base)
        case .token: return false
        }
    }

    static func delimiterInside(_ s: String) -> String { s == "|" ? "\\mid" : s.count == 1 ? LaTeXSymbols.latex(s.first!) : s }

    static func environment(_ name: String, _ rows: [[MathExpr]]) -> String {
        // Single spaces only: an empty cell must not leave two (text is stored with spaces collapsed).
        let body = rows.map { $0.map { write($0) }.joined(separator: " & ").trimmingCharacters(in: .whitespaces) }
        return "\\begin{" + name + "} " + body.joined(separator: " \\\\ ").replacingOccurrences(of: "  ", with: " ") + " \\end{" + name + "}"
    }
}
