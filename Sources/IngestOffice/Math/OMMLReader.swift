import IngestCore

/// Reads an OMML equation (`m:oMathPara`, `m:oMath`; ECMA-376 Part 1 §22.1) into a `MathExpr`.
/// Absent properties take the standard's defaults: a delimiter is `(`…`)` split by `|`, an n-ary
/// operator is an integral, an accent a circumflex, a group character an under-brace.
enum OMMLReader {
    static func read(_ e: MathElement) -> MathExpr {
        switch e.name {
        case "oMathPara":
            let lines = e.children("oMath").map { read($0) }
            return lines.count == 1 ? lines[0] : .lines(lines.map { [$0] })
        case "r": return run(e)
        case "f":
            let type = property(e, "fPr", "type")
            let num = row(e.child("num")), den = row(e.child("den"))
            if type == "lin" { return .row([num, .token("/", .operator), den]) }
            return .fraction(num, den, bar: type != "noBar")
        case "rad":
            let degree = row(e.child("deg"))
            let hidden = property(e, "radPr", "degHide").map(isOn) ?? false
            return .root(row(e.child("e")), degree: hidden || degree.isEmpty ? nil : degree)
        case "sSup": return .scripts(row(e.child("e")), sub: nil, sup: row(e.child("sup")))
        case "sSub": return .scripts(row(e.child("e")), sub: row(e.child("sub")), sup: nil)
        case "sSubSup": return .scripts(row(e.child("e")), sub: row(e.child("sub")), sup: row(e.child("sup")))
        case "sPre": return .scripts(row(e.child("e")), sub: row(e.child("sub")), sup: row(e.child("sup")), before: true)
        case "nary": return nary(e)
        case "d": return delimiter(e)
        case "acc":
            let mark = property(e, "accPr", "chr").flatMap(\.first) ?? "\u{0302}"
            return .accent(row(e.child("e")), mark: mark, side: .over)
        case "bar":
            let bottom = property(e, "barPr", "pos") == "bot"
            return .accent(row(e.child("e")), mark: bottom ? "_" : "¯", side: bottom ? .under : .over)
        case "groupChr":
            let mark = property(e, "groupChrPr", "chr").flatMap(\.first) ?? "⏟"
            let top = property(e, "groupChrPr", "pos") == "top"
            return .accent(row(e.child("e")), mark: mark, side: top ? .over : .under)
        case "func":
            // LibreOffice puts `lim`'s limit in the argument, as scripts on nothing.
            return .row(MathExpr.attachingScripts([row(e.child("fName"))] + row(e.child("e")).flattened))
        case "limLow", "limUpp":
            // A mark set as a limit (LibreOffice writes `z̄` as z with the limit `‾`) is an accent.
            let lim = row(e.child("lim")), over = e.name == "limUpp"
            if case .token(let t, _) = lim, t.count == 1, let mark = t.first,
               over ? LaTeXSymbols.accent(mark) != nil : "_⏟\u{FE38}".contains(mark) {
                return .accent(row(e.child("e")), mark: mark, side: over ? .over : .under)
            }
            return over ? .limits(row(e.child("e")), under: nil, over: lim) : .limits(row(e.child("e")), under: lim, over: nil)
        case "m":
            let rows = e.children("mr").map { $0.children("e").map { row($0) } }
            // Columns set right, left, right… are aligned equations (pandoc's `aligned`).
            let aligns = e.child("mPr")?.child("mcs")?.children("mc").compactMap { $0.child("mcPr")?.child("mcJc")?.attributes["val"] } ?? []
            return MathExpr.isAlignment(aligns) ? .lines(rows) : .matrix(rows)
        case "eqArr":
            // Each line's `&` marks alignment points, typed as text in the runs.
            return .lines(e.children("e").map { line in splitAlignment(row(line)) })
        case "rPr", "fPr", "radPr", "naryPr", "dPr", "accPr", "barPr", "groupChrPr", "sPrePr", "ctrlPr": return .empty
        case "phant": return .empty
        default:
            return row(e)  // oMath, e, box, borderBox, and what we do not know: their content
        }
    }

    /// The children of `e` (nil: nothing) as one row.
    static func row(_ e: MathElement?) -> MathExpr {
        guard let e else { return .empty }
        let items = MathExpr.attachingScripts(e.children.map { read($0) })
        return items.count == 1 ? items[0] : .row(items)
    }

    static func property(_ e: MathElement, _ group: String, _ name: String) -> String? {
        e.child(group)?.child(name).map { $0.attributes["val"] ?? "" }
    }

    static func isOn(_ v: String) -> Bool { v == "1" || v == "on" || v == "true" || v.isEmpty }

    /// A run: upright names (`sin`, `lim`) are one token, words in normal text are text, and
    /// anything else is read character by character.
    static func run(_ e: MathElement) -> MathExpr {
        var text = e.children("t").map(\.text).joined()
        guard !text.isEmpty else { return .empty }
        let rPr = e.child("rPr")
        // A run in another alphabet (`m:scr` double-struck: ℝ; bold: 𝐯) is written with Unicode's
        // mathematical letters, as MathML writers type them.
        let script = rPr?.child("scr")?.attributes["val"] ?? ""
        let bold = ["b", "bi"].contains(rPr?.child("sty")?.attributes["val"] ?? "")
        if !script.isEmpty && script != "roman" || bold {
            text = String(text.map { MathAlphabets.styled($0, script: script, bold: bold) ?? $0 })
        }
        // Normal text (`\text{…}`) as typed; an upright letter (`\mathrm{d}`) stays upright.
        if rPr?.child("nor") != nil || rPr?.child("lit") != nil, text.contains(where: \.isLetter) {
            return .token(text, .text)
        }
        let upright = rPr?.child("sty")?.attributes["val"] == "p"
        if upright, text.count == 1, let c = text.first, c.isLetter, c.isASCII { return .token(text, .name) }
        return MathTokens.split(text, upright: upright)
    }

    static func nary(_ e: MathElement) -> MathExpr {
        let op = property(e, "naryPr", "chr").flatMap { $0.isEmpty ? nil : $0 } ?? "∫"
        let hideSub = property(e, "naryPr", "subHide").map(isOn) ?? false
        let hideSup = property(e, "naryPr", "supHide").map(isOn) ?? false
        let sub = hideSub ? nil : row(e.child("sub")), sup = hideSup ? nil : row(e.child("sup"))
        let operatorExpr = MathExpr.limits(.token(op, .operator), under: sub.flatMap { $0.isEmpty ? nil : $0 },
                                           over: sup.flatMap { $0.isEmpty ? nil : $0 })
        return .row([operatorExpr, row(e.child("e"))])
    }

    static func delimiter(_ e: MathElement) -> MathExpr {
        let open = property(e, "dPr", "begChr") ?? "("
        let close = property(e, "dPr", "endChr") ?? ")"
        let separator = property(e, "dPr", "sepChr") ?? "|"
        return .fenced(open: open, close: close, e.children("e").map { row($0) }, separator: separator)
    }

    /// A line of an equation array split at its `&` tokens.
    static func splitAlignment(_ line: MathExpr) -> [MathExpr] {
        var cells: [[MathExpr]] = [[]]
        for item in line.flattened {
            if case .token("&", _) = item { cells.append([]) } else { cells[cells.count - 1].append(item) }
        }
        return cells.map { .row($0) }
    }
}

/// Splits typed equation text into tokens, as both readers need it.
enum MathTokens {
    /// `text` as tokens: upright names (`sin`) whole, digits grouped into numbers, the rest one
    /// character each (`ax` is `a` times `x`). `upright`: a name not known to LaTeX stays one
    /// upright token (`\mathrm{}`) when it is longer than a letter.
    static func split(_ text: String, upright: Bool) -> MathExpr {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if LaTeXSymbols.functions.contains(trimmed) { return .token(trimmed, .name) }
        if upright, trimmed.count > 1, trimmed.allSatisfy(\.isLetter) { return .token(trimmed, .name) }
        var items: [MathExpr] = []
        var number = ""
        func flush() { if !number.isEmpty { items.append(.token(number, .number)); number = "" } }
        // A function name that starts the text (`sinx` typed in one run) is kept whole.
        var rest = Substring(text)
        for name in LaTeXSymbols.functions.sorted(by: { $0.count > $1.count }) where rest.hasPrefix(name) {
            items.append(.token(name, .name)); rest = rest.dropFirst(name.count); break
        }
        for c in rest {
            if c.isNumber && c.isASCII || (c == "." || c == ",") && !number.isEmpty && number.last!.isNumber {
                number.append(c); continue
            }
            flush()
            // Spaces, and the invisible characters writers put in an empty base or between a
            // function and its argument, are not tokens.
            if c == " " || c == "\u{200B}" || ("\u{2061}"..."\u{2064}").contains(c) { continue }
            items.append(.token(String(c), c.isLetter ? .identifier : .operator))
        }
        flush()
        // A trailing separator typed inside a number (`3,` in `3, 4`) is punctuation.
        if case .token(let n, .number)? = items.last, let last = n.last, last == "," || last == "." {
            items[items.count - 1] = .token(String(n.dropLast()), .number)
            items.append(.token(String(last), .operator))
        }
        return items.count == 1 ? items[0] : .row(items)
    }
}
