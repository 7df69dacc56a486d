import IngestCore

/// Reads a StarMath text — the `StarMath 5.0` annotation LibreOffice keeps in every formula object
/// it writes, from which LibreOffice itself lays the formula out — into a `MathExpr`, following the
/// grammar of LibreOffice Math's parser: lines, expressions, relations, sums, products, powers,
/// terms. LibreOffice's MathML beside it can lose parts (a chemical charge swallowing the rest of
/// the equation, `binom` written as a matrix). A text LibreOffice would show with its error mark
/// `¿` (an unknown symbol, an unclosed bracket, `right` without `left`, a second subscript) is not
/// read: nil, and the MathML is read instead — unless the text still has one reading, as
/// LibreOffice's own imports write it: a sign without an operand, a bar written `mline` after
/// `left`, a brace and its label as two `csub`, an aligned row short of its empty first cell.
enum StarMathReader {
    static func read(_ text: String) -> MathExpr? {
        guard let tokens = StarMathLexer.tokens(text) else { return nil }
        var parser = StarMathParser(tokens)
        return try? parser.formula()
    }
}

struct StarMathParser {
    struct Failure: Error {}
    private let tokens: [StarMathToken]
    private var index = 0
    private var depth = 0
    /// Nesting a hostile text cannot exceed: terms within terms, fractions over fractions, marks
    /// over marks, all counted together (as deep as a formula's XML may be).
    static let maxDepth = MathCapture.maxDepth

    init(_ tokens: [StarMathToken]) { self.tokens = tokens }

    private var token: StarMathToken { tokens[index] }
    /// The current keyword or sign (canonical spelling), `""` for a name, number, text or the end.
    private var key: String { keyAt(index) }
    private func keyAt(_ i: Int) -> String {
        switch tokens[i].kind {
        case .symbol: return tokens[i].text
        case .word: return StarMathSymbols.keywords[tokens[i].text.lowercased()] ?? ""
        default: return ""
        }
    }
    private mutating func next() { if index < tokens.count - 1 { index += 1 } }
    private mutating func expect(_ k: String) throws {
        guard key == k else { throw Failure() }
        next()
    }

    mutating func formula() throws -> MathExpr {
        var lines = [try line()]
        while key == "newline" { next(); lines.append(try line()) }
        guard token.kind == .end else { throw Failure() }
        return lines.count == 1 ? lines[0] : .lines(lines.map { [$0] })
    }

    private mutating func line() throws -> MathExpr {
        var items: [MathExpr] = []
        while token.kind != .end && key != "newline" { items.append(try align()) }
        return row(items)
    }

    private mutating func align() throws -> MathExpr {
        if StarMathSymbols.alignments.contains(key) {
            next()
            if StarMathSymbols.alignments.contains(key) { throw Failure() }
        }
        return try expression()
    }

    /// Relations side by side (`f(x) = 1 , x > 0`), as long as the next token can start a term.
    private mutating func expression() throws -> MathExpr {
        var items = [try relation()]
        while startsTerm { items.append(try relation()) }
        return row(items)
    }

    /// Whether the current token can start a term (LibreOffice's level 5), rather than close or join one.
    private var startsTerm: Bool {
        switch token.kind {
        case .end: return false
        case .number, .text, .special: return true
        case .word, .symbol:
            let k = key
            if k.isEmpty { return true }
            if StarMathSymbols.prefixSigns[k] != nil || k == "underbrace" || k == "overbrace" { return true }
            if StarMathSymbols.relations[k] != nil || StarMathSymbols.sums[k] != nil || StarMathSymbols.products[k] != nil
                || StarMathSymbols.closings[k] != nil || StarMathSymbols.scripts.contains(k) || StarMathSymbols.alignments.contains(k) {
                return false
            }
            return !["over", "boper", "it", "right", "newline", "from", "to", "mline", "#", "##", "}"].contains(k)
        }
    }

    /// Relations; a relation sign without a left or right operand (a cell `{= x^2}` of aligned
    /// rows, `parallel u parallel`) is kept as written, where LibreOffice draws `¿` beside it.
    private mutating func relation() throws -> MathExpr {
        var items: [MathExpr] = []
        if StarMathSymbols.relations[key] == nil { items.append(try sum()) }
        while let sign = StarMathSymbols.relations[key] {
            next()
            items.append(try signScripts(.token(sign, .operator)))
            if startsTerm { items.append(try sum()) }
        }
        return row(items)
    }

    private mutating func sum() throws -> MathExpr {
        var items = [try product()]
        while let sign = StarMathSymbols.sums[key] {
            next()
            items.append(try signScripts(.token(sign, .operator)))
            // A sign that closes its group is a charge (`{"Cu"}^{2 +}`): LibreOffice sets it with
            // its mark for a missing operand, but the file says the sign, and nothing is lost.
            if closesGroup { break }
            items.append(try product())
        }
        return row(items)
    }

    /// Whether the current token ends a group, a bracket, a cell or the formula.
    private var closesGroup: Bool {
        token.kind == .end || ["}", "right", "#", "##", "newline"].contains(key) || StarMathSymbols.closings[key] != nil
    }

    /// Products, left to right: `over` and the braces take everything before them in the product
    /// (`a * b over c` is (a·b)/c), other signs stand between their operands.
    private mutating func product() throws -> MathExpr {
        var items = [try power()]
        var nested = 0
        defer { depth -= nested }
        while true {
            let k = key
            if k == "over" || k == "underbrace" || k == "overbrace" {
                nested += 1
                depth += 1
                guard depth <= Self.maxDepth else { throw Failure() }
                next()
                let left = row(items), right = try power()
                switch k {
                case "over": items = [.fraction(left, right, bar: true)]
                case "underbrace": items = [.limits(.accent(left, mark: "⏟", side: .under), under: right, over: nil)]
                default: items = [.limits(.accent(left, mark: "⏞", side: .over), under: nil, over: right)]
                }
            } else if k == "boper" {
                next()
                items.append(try glyph())
                items.append(try power())
            } else if let sign = StarMathSymbols.products[k] {
                next()
                items.append(try signScripts(.token(sign, .operator)))
                items.append(try power())
            } else {
                return row(items)
            }
        }
    }

    private mutating func power() throws -> MathExpr {
        let base = try term(grouping: false)
        return StarMathSymbols.scripts.contains(key) ? try scripts(base, limits: false) : base
    }

    /// An operator sign with scripts of its own (`=^{def}`).
    private mutating func signScripts(_ sign: MathExpr) throws -> MathExpr {
        StarMathSymbols.scripts.contains(key) ? try scripts(sign, limits: false) : sign
    }

    /// Scripts on `base`: `^ _ sub sup rsub rsup` beside it, `csub csup` (and an operator's
    /// `from to`) under and over it, `lsub lsup` before it; each place at most once.
    private mutating func scripts(_ base: MathExpr, limits: Bool) throws -> MathExpr {
        var base = base
        var slots: [String: MathExpr] = [:]
        while limits ? key == "from" || key == "to" : StarMathSymbols.scripts.contains(key) {
            let k = key
            let slot: String
            switch k {
            case "^", "sup", "rsup": slot = "rsup"
            case "_", "sub", "rsub": slot = "rsub"
            case "from": slot = "csub"
            case "to": slot = "csup"
            default: slot = k
            }
            next()
            let script = k == "from" || k == "to" ? try relation() : try term(grouping: true)
            if let first = slots[slot] {
                // A brace and then its label, both set under (over) the base: LibreOffice's import
                // writes `\underbrace{…}_{label}` so (its own parser refuses a second `csub`).
                guard slot == "csub" || slot == "csup", let brace = Self.mark(first), "⏟⏞".contains(brace) else { throw Failure() }
                slots[slot] = nil
                base = .limits(.accent(base, mark: brace, side: slot == "csub" ? .under : .over),
                               under: slot == "csub" ? script : nil, over: slot == "csup" ? script : nil)
                continue
            }
            slots[slot] = script
        }
        var e = base
        // One accent character set over (under) a base is that accent (`z csup ‾` is z̄).
        if let over = slots["csup"], slots["csub"] == nil, let mark = Self.mark(over), LaTeXSymbols.accent(mark) != nil {
            e = .accent(e, mark: mark, side: .over)
        } else if let under = slots["csub"], slots["csup"] == nil, let mark = Self.mark(under), mark == "⏟" || mark == "_" {
            e = .accent(e, mark: mark, side: .under)
        } else if slots["csub"] != nil || slots["csup"] != nil {
            e = .limits(e, under: slots["csub"], over: slots["csup"])
        }
        if slots["lsub"] != nil || slots["lsup"] != nil { e = .scripts(e, sub: slots["lsub"], sup: slots["lsup"], before: true) }
        if slots["rsub"] != nil || slots["rsup"] != nil { e = .scripts(e, sub: slots["rsub"], sup: slots["rsup"]) }
        return e
    }

    private mutating func term(grouping: Bool) throws -> MathExpr {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else { throw Failure() }
        let t = token
        switch t.kind {
        case .end: throw Failure()
        case .text:
            next()
            return t.text.isEmpty ? .empty : .token(t.text, .text)
        case .special:
            guard let s = StarMathSymbols.special(t.text) else { throw Failure() }
            next()
            return .token(s, s.first?.isLetter == true ? .identifier : .operator)
        case .number:
            return name(grouping)
        case .word where key.isEmpty:
            return name(grouping)
        case .word, .symbol:
            return try keywordTerm(key, grouping)
        }
    }

    /// A name or number; in a script, names and numbers typed together (`x_2n`) are one script.
    private mutating func name(_ grouping: Bool) -> MathExpr {
        var items = [one(token)]
        next()
        while grouping, !token.spaced, token.kind == .number || token.kind == .word && key.isEmpty {
            items.append(one(token))
            next()
        }
        return row(items)
    }

    /// A number, an upright name LaTeX knows (`max`), else letters each a variable (`ab` is `a` times `b`).
    private func one(_ t: StarMathToken) -> MathExpr {
        if t.kind == .number { return .token(t.text, .number) }
        if LaTeXSymbols.functions.contains(t.text) { return .token(t.text, .name) }
        let letters = t.text.map { MathExpr.token(String($0), .identifier) }
        return letters.count == 1 ? letters[0] : .row(letters)
    }

    private mutating func keywordTerm(_ k: String, _ grouping: Bool) throws -> MathExpr {
        if k == "{" {
            next()
            if key == "}" { next(); return .empty }
            let body = try align()
            try expect("}")
            return body
        }
        if k == "nospace" { next(); return try term(grouping: false) }
        if k == "left" { return try leftRight() }
        if let opening = StarMathSymbols.openings[k] { return try bracket(opening) }
        if k == "~" || k == "`" {
            while key == "~" || key == "`" { next() }
            return .empty
        }
        if k == "\\" {
            next()
            guard StarMathSymbols.escapable.contains(key) else { throw Failure() }
            let sign = StarMathSymbols.fence(key) ?? key
            next()
            return .token(sign, .operator)
        }
        if k == "toward" { next(); return .token("→", .operator) }  // a symbol where a term is expected, as in LibreOffice
        if let s = StarMathSymbols.standalone[k] {
            next()
            return .token(s, s.first?.isLetter == true ? .identifier : .operator)
        }
        if k == "func" {
            next()
            guard token.kind == .word else { throw Failure() }
            let n = token.text
            next()
            return .token(n, .name)
        }
        if StarMathSymbols.functions.contains(k) { next(); return .token(k, .name) }
        if k == "binom" || k == "frac" {
            next()
            let top = try sum(), bottom = try sum()
            return .fraction(top, bottom, bar: k == "frac")
        }
        if k == "stack" { next(); return .matrix(try cells(columns: false).rows) }
        if k == "matrix" {
            next()
            let (rows, relationFirst) = try cells(columns: true)
            // Every second column opening with a relation (`f(x) # = … ## # = …`): aligned equations.
            let aligned = rows[0].count >= 2 && relationFirst.allSatisfy { r in r.indices.allSatisfy { $0 % 2 == 0 || r[$0] } }
            return aligned ? .lines(rows) : .matrix(rows)
        }
        if StarMathSymbols.operators[k] != nil || k == "oper" { return try operatorTerm(k) }
        if let sign = StarMathSymbols.prefixSigns[k] {
            next()
            let op = try signScripts(.token(sign, .operator))
            return closesGroup ? op : row([op, try power()])  // `^{+}`: a charge, as above
        }
        switch k {
        case "abs": next(); return .fenced(open: "|", close: "|", [try power()], separator: "")
        case "sqrt": next(); return .root(try power(), degree: nil)
        case "nroot":
            next()
            let degree = try power()
            return .root(try power(), degree: degree)
        case "fact": next(); return row([try power(), .token("!", .operator)])
        case "uoper":
            next()
            let sign = try glyph()
            return row([sign, try power()])
        default: break
        }
        if StarMathSymbols.attributes[k] != nil || StarMathSymbols.fontAttributes.contains(k) || ["color", "size", "font", "phantom"].contains(k) {
            return try attributed()
        }
        if token.kind == .symbol, StarMathSymbols.keywords[k] == nil, !isGrammarSign(k) {
            // Any other character stands for itself (`,`, `!`, `′`, `−`, `→`, `⋯`).
            next()
            let c = k.first!
            return .token(k, c.isLetter ? .identifier : .operator)
        }
        throw Failure()
    }

    /// Signs the grammar uses, which cannot stand for themselves where a term is expected.
    private func isGrammarSign(_ k: String) -> Bool {
        StarMathSymbols.relations[k] != nil || StarMathSymbols.sums[k] != nil || StarMathSymbols.products[k] != nil
            || StarMathSymbols.closings[k] != nil || StarMathSymbols.scripts.contains(k)
            || ["#", "##", "}", "<?>", "%"].contains(k)
    }

    /// The sign after `oper`, `uoper` or `boper`: a `%name` or a character.
    private mutating func glyph() throws -> MathExpr {
        let t = token
        switch t.kind {
        case .special:
            guard let s = StarMathSymbols.special(t.text) else { throw Failure() }
            next()
            return .token(s, .operator)
        case .symbol, .word:
            next()
            return .token(t.text, .operator)
        default: throw Failure()
        }
    }

    /// `sum from{…} to{…} body`, `lim from{x toward 0} body`, `oper ⊕ body`.
    private mutating func operatorTerm(_ k: String) throws -> MathExpr {
        next()
        var sign = k == "oper" ? try glyph() : StarMathSymbols.operators[k]!
        if key == "from" || key == "to" { sign = try scripts(sign, limits: true) } else if StarMathSymbols.scripts.contains(key) { sign = try scripts(sign, limits: false) }
        return row([sign, try power()])
    }

    /// `bar z`, `bold vec v`, `color red x`: the marks and font changes, then the power they apply to.
    private mutating func attributed() throws -> MathExpr {
        var marks: [(Character, MathExpr.Side)] = []
        var phantom = false
        while true {
            let k = key
            if let a = StarMathSymbols.attributes[k] {
                guard depth + marks.count < Self.maxDepth else { throw Failure() }
                marks.append(a); next(); continue
            }
            if StarMathSymbols.fontAttributes.contains(k) { next(); continue }
            if k == "phantom" { phantom = true; next(); continue }
            if k == "color" {
                next()
                let colour = token.text.lowercased()
                next()
                let values = ["rgb": 3, "rgba": 4, "hex": 1, "dvip": 1][colour] ?? 0
                for _ in 0..<values { next() }
                continue
            }
            if k == "size" {
                next()
                if ["+", "-", "*", "/"].contains(key) { next() }
                guard token.kind == .number else { throw Failure() }
                next()
                continue
            }
            if k == "font" {
                next()
                guard token.kind == .word else { throw Failure() }
                next()
                continue
            }
            break
        }
        depth += marks.count
        defer { depth -= marks.count }
        var e = try power()
        for (mark, side) in marks.reversed() { e = .accent(e, mark: mark, side: side) }
        return phantom ? .empty : e
    }

    /// `left ( … mline … right )`: stretchy brackets, any of them on either side, `none` for none.
    private mutating func leftRight() throws -> MathExpr {
        next()
        guard let open = Self.leftRightFence(key) else { throw Failure() }
        next()
        var parts: [MathExpr] = []
        var current: [MathExpr] = []
        while key != "right" {
            guard token.kind != .end else { throw Failure() }
            if key == "mline" { parts.append(row(current)); current = []; next(); continue }
            current.append(try align())
            guard key == "mline" || key == "right" else { throw Failure() }
        }
        parts.append(row(current))
        next()
        guard let close = Self.leftRightFence(key) else { throw Failure() }
        next()
        return .fenced(open: open, close: close, parts, separator: parts.count > 1 ? "|" : "")
    }

    /// A bracket after `left` or `right`; LibreOffice's MathML import also writes a bar there as
    /// `mline` or `divides` (`left mline x right mline` for |x|), which it cannot parse back.
    static func leftRightFence(_ k: String) -> String? {
        k == "mline" || k == "divides" ? "|" : StarMathSymbols.fence(k)
    }

    /// `( … )`, `[ … ]`, `lline … rline`: brackets that must close with their own partner.
    private mutating func bracket(_ opening: (sign: String, close: String)) throws -> MathExpr {
        next()
        var parts: [MathExpr] = []
        var current: [MathExpr] = []
        while StarMathSymbols.closings[key] == nil {
            guard token.kind != .end else { throw Failure() }
            if key == "mline" { parts.append(row(current)); current = []; next(); continue }
            current.append(try align())
            guard key == "mline" || StarMathSymbols.closings[key] != nil else { throw Failure() }
        }
        parts.append(row(current))
        guard key == opening.close, let close = StarMathSymbols.closings[key] else { throw Failure() }
        next()
        return .fenced(open: opening.sign, close: close, parts, separator: parts.count > 1 ? "|" : "")
    }

    /// `{a # b ## c # d}` (matrix: `#` between cells, `##` between rows, every row as wide as
    /// the first) or `{a # b # c}` (stack: one cell a row).
    /// Each cell, and whether it opens with a relation sign.
    private mutating func cells(columns: Bool) throws -> (rows: [[MathExpr]], relationFirst: [[Bool]]) {
        try expect("{")
        var rows: [[MathExpr]] = [[]], relationFirst: [[Bool]] = [[]]
        func cell(_ p: inout StarMathParser) throws {
            let k = p.key == "{" && p.index + 1 < p.tokens.count ? p.keyAt(p.index + 1) : p.key
            relationFirst[relationFirst.count - 1].append(StarMathSymbols.relations[k] != nil)
            rows[rows.count - 1].append(try p.align())
        }
        try cell(&self)
        while true {
            if key == "#" {
                next()
                if !columns { rows.append([]); relationFirst.append([]) }
                try cell(&self)
            } else if columns, key == "##" {
                next()
                rows.append([]); relationFirst.append([])
                try cell(&self)
            } else {
                break
            }
        }
        try expect("}")
        // Aligned rows (`f(x) # = … ## = …`) whose later row lost its empty first cell in
        // LibreOffice's import of Word's `&=`: the row is the right-hand side, in the last column.
        // Any other row short of a cell is a matrix LibreOffice cannot set.
        for r in rows.indices.dropFirst() where rows[r].count == rows[0].count - 1 && rows[0].count == 2
            && relationFirst[0][1] && relationFirst[r].first == true {
            rows[r].insert(.empty, at: 0)
            relationFirst[r].insert(false, at: 0)
        }
        guard rows.allSatisfy({ $0.count == rows[0].count }) else { throw Failure() }
        return (rows, relationFirst)
    }

    /// The one character a script is, when it is a single mark (`‾`, `⏟`, a combining accent).
    static func mark(_ e: MathExpr) -> Character? {
        guard case .token(let s, _) = e, s.unicodeScalars.count == 1 else { return nil }
        return s.first
    }

    private func row(_ items: [MathExpr]) -> MathExpr {
        let kept = items.filter { !$0.isEmpty }
        return kept.count == 1 ? kept[0] : .row(kept)
    }
}
