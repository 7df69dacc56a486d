import Foundation
import IngestCore

/// Puts two LaTeX spellings of one formula in a common form before they are compared, so that only
/// differences a reader sees count (`ingest qa`'s formula score, and
/// bench/formulas' measure through Tests/IngestOfficeTests/Math/FormulaFidelityTests): spacing, `{x}` around one token, `\left(`/`\right)` sizes,
/// `\dfrac`, `\le`/`\leq`, `\mathrm{d}`/`d`, `\operatorname{sin}`/`\sin`, a Unicode symbol and its
/// command. What is left (a lost exponent, a fraction read as a row, a missing root) is a difference.
public enum FormulaMatch {
    public static func equal(_ a: String, _ b: String) -> Bool { normalize(a) == normalize(b) }

    static let dropped: Set<String> = [
        "\\left", "\\right", "\\big", "\\Big", "\\bigg", "\\Bigg", "\\bigl", "\\bigr", "\\Bigl", "\\Bigr",
        "\\biggl", "\\biggr", "\\displaystyle", "\\textstyle", "\\limits", "\\nolimits", "\\,", "\\;", "\\:", "\\!",
        "\\ ", "\\quad", "\\qquad", "~",
    ]
    static let renamed: [String: String] = [
        "\\le": "\\leq", "\\ge": "\\geq", "\\ne": "\\neq", "\\rightarrow": "\\to", "\\lbrace": "\\{", "\\rbrace": "\\}",
        "\\vert": "|", "\\lvert": "|", "\\rvert": "|", "\\mid": "|", "\\Vert": "\\|", "\\lVert": "\\|", "\\rVert": "\\|",
        "\\ldots": "\\dots", "\\cdots": "\\dots", "\\lbrack": "[", "\\rbrack": "]", "\\dfrac": "\\frac", "\\tfrac": "\\frac",
        "\\overrightarrow": "\\vec", "\\widehat": "\\hat", "\\widetilde": "\\tilde", "\\epsilon": "\\epsilon",
        "\\land": "\\wedge", "\\parallel": "\\|", "\\gets": "\\leftarrow", "\\lnot": "\\neg", "\\neq": "\\neq", "−": "-", "\\lt": "<", "\\gt": ">",
    ]
    /// Commands that only set a style: their argument is read as it is.
    static let styles: Set<String> = ["\\mathrm", "\\text", "\\textrm", "\\mathit", "\\textit", "\\mathnormal",
                                      "\\operatorname", "\\mathop", "\\mbox", "\\textnormal", "\\mathrm*"]

    indirect enum Node: Equatable { case token(String), group([Node]) }

    public static func normalize(_ latex: String) -> String {
        write(simplify(parse(tokens(latex))))
    }

    static func tokens(_ s: String) -> [String] {
        var out: [String] = []
        let chars = Array(s)
        var k = 0
        while k < chars.count {
            let c = chars[k]
            if c == "\\" && k + 1 < chars.count {
                if chars[k + 1].isLetter && chars[k + 1].isASCII {
                    var j = k + 1
                    while j < chars.count, chars[j].isLetter, chars[j].isASCII { j += 1 }
                    out.append(String(chars[k..<j])); k = j
                } else { out.append(String(chars[k...k + 1])); k += 2 }
                continue
            }
            k += 1
            if c.isWhitespace { continue }
            if let command = LaTeXSymbols.command(c), !command.isEmpty {
                // A symbol typed as Unicode counts as its command (`Δ` is `\Delta`).
                out.append(contentsOf: tokens(command))
            } else if c == "\u{2061}" || c == "\u{2062}" || c == "\u{200B}" {
                continue
            } else { out.append(String(c)) }
        }
        return out.compactMap { dropped.contains($0) ? nil : (renamed[$0] ?? $0) }
    }

    static func parse(_ tokens: [String]) -> [Node] {
        var stack: [[Node]] = [[]]
        for t in tokens {
            if t == "{" { stack.append([]) } else if t == "}" {
                if stack.count > 1 { let g = stack.removeLast(); stack[stack.count - 1].append(.group(g)) }
            } else { stack[stack.count - 1].append(.token(t)) }
        }
        while stack.count > 1 { let g = stack.removeLast(); stack[stack.count - 1].append(.group(g)) }
        return stack[0]
    }

    static func simplify(_ nodes: [Node]) -> [Node] {
        var out: [Node] = []
        var k = 0
        while k < nodes.count {
            let node = nodes[k]
            if case .token(let t) = node, styles.contains(t), k + 1 < nodes.count {
                // `\operatorname{sin}` is `\sin`; `\mathrm{d}` is `d`; `\text{ m/s}` is `m/s`.
                let inner: [Node]
                if case .group(let g) = nodes[k + 1] { inner = simplify(g) } else { inner = [nodes[k + 1]] }
                let letters = inner.compactMap { n -> String? in if case .token(let s) = n { return s }; return nil }.joined()
                if inner.allSatisfy({ if case .token = $0 { return true }; return false }), LaTeXSymbols.functions.contains(letters) {
                    out.append(.token("\\" + letters))
                } else {
                    out.append(contentsOf: inner)
                }
                k += 2; continue
            }
            if case .token("\\pmod") = node, k + 1 < nodes.count {
                // `\pmod{n}` is set `(mod n)`.
                out.append(contentsOf: [.token("("), .token("m"), .token("o"), .token("d")])
                if case .group(let g) = nodes[k + 1] { out.append(contentsOf: simplify(g)) } else { out.append(nodes[k + 1]) }
                out.append(.token(")")); k += 2; continue
            }
            if case .token("^") = node, k + 1 < nodes.count, nodes[k + 1] == .token("\\prime") || nodes[k + 1] == .group([.token("\\prime")]) {
                out.append(.token("'")); k += 2; continue
            }
            if case .token(let t) = node, t.hasPrefix("\\"), LaTeXSymbols.functions.contains(String(t.dropFirst())) {
                out.append(node); k += 1; continue
            }
            if case .group(let g) = node {
                let inner = simplify(g)
                out.append(inner.count == 1 ? inner[0] : .group(inner))
            } else { out.append(node) }
            k += 1
        }
        // `x^{2}_{1}` is `x_{1}^{2}`.
        var j = 0
        while j + 3 < out.count {
            if out[j] == .token("^"), out[j + 2] == .token("_") { out.swapAt(j, j + 2); out.swapAt(j + 1, j + 3); j += 4 } else { j += 1 }
        }
        return out
    }

    static func write(_ nodes: [Node]) -> String {
        nodes.map { n in
            switch n {
            case .token(let t): return t
            case .group(let g): return "{" + write(g) + "}"
            }
        }.joined(separator: " ")
    }
}
