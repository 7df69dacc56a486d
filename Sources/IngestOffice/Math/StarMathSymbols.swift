/// StarMath's keywords and signs by the part they play in its grammar (as LibreOffice Math's
/// parser groups them), each with the character it stands for.
enum StarMathSymbols {
    /// Binary relations: `a = b`, `x in A`.
    static let relations: [String: String] = [
        "=": "=", "<>": "≠", "<": "<", "<=": "≤", ">": ">", ">=": "≥", "<<": "≪", ">>": "≫",
        "approx": "≈", "def": "≝", "divides": "∣", "equiv": "≡", "ge": "≥", "geslant": "⩾", "gg": "≫", "gt": ">",
        "in": "∈", "le": "≤", "leslant": "⩽", "ll": "≪", "lt": "<", "ndivides": "∤", "neq": "≠", "ni": "∋",
        "notin": "∉", "nsubset": "⊄", "nsubseteq": "⊈", "nsupset": "⊅", "nsupseteq": "⊉", "ortho": "⊥", "owns": "∋",
        "parallel": "∥", "prec": "≺", "preccurlyeq": "≼", "precsim": "≾", "prop": "∝", "sim": "∼", "simeq": "≃",
        "subset": "⊂", "subseteq": "⊆", "succ": "≻", "succcurlyeq": "≽", "succsim": "≿", "supset": "⊃",
        "supseteq": "⊇", "toward": "→", "transl": "⊷", "transr": "⊶", "nprec": "⊀", "nsucc": "⊁",
    ]
    /// Additive operators: `a + b`, `A union B` (`|` is StarMath's logical or).
    static let sums: [String: String] = [
        "+": "+", "-": "-", "+-": "±", "-+": "∓", "|": "∨", "or": "∨", "plusminus": "±", "minusplus": "∓",
        "ominus": "⊖", "oplus": "⊕", "union": "∪",
    ]
    /// Multiplicative operators (`over` and the braces are read apart).
    static let products: [String: String] = [
        "*": "∗", "/": "/", "&": "∧", "and": "∧", "cdot": "⋅", "div": "÷", "intersection": "∩", "odivide": "⊘",
        "odot": "⊙", "otimes": "⊗", "setminus": "∖", "bslash": "∖", "setquotient": "/", "slash": "/", "times": "×",
        "wideslash": "/", "widebslash": "∖",
    ]
    /// Signs that stand before what they apply to: `-x`, `+-1`, `neg p`.
    static let prefixSigns: [String: String] = ["+": "+", "-": "-", "+-": "±", "-+": "∓", "plusminus": "±", "minusplus": "∓", "neg": "¬"]
    /// Operators with limits and a body: `sum from{k=1} to{n} k`.
    static let operators: [String: MathExpr] = [
        "sum": .token("∑", .operator), "prod": .token("∏", .operator), "coprod": .token("∐", .operator),
        "int": .token("∫", .operator), "intd": .token("∫", .operator), "iint": .token("∬", .operator),
        "iiint": .token("∭", .operator), "lint": .token("∮", .operator), "llint": .token("∯", .operator),
        "lllint": .token("∰", .operator), "lim": .token("lim", .name), "liminf": .token("liminf", .name),
        "limsup": .token("limsup", .name),
    ]
    /// Names set upright: `sin x`, `ln x`.
    static let functions: Set<String> = [
        "sin", "cos", "tan", "cot", "sinh", "cosh", "tanh", "coth", "arcsin", "arccos", "arctan", "arccot",
        "arsinh", "arcosh", "artanh", "arcoth", "ln", "log", "exp",
    ]
    /// Symbols that stand alone.
    static let standalone: [String: String] = [
        "aleph": "ℵ", "backepsilon": "∍", "circ": "∘", "dotsaxis": "⋯", "dotsdiag": "⋰", "dotsdown": "⋱", "dotslow": "…",
        "dotsup": "⋰", "dotsvert": "⋮", "downarrow": "↓", "emptyset": "∅", "exists": "∃", "notexists": "∄",
        "forall": "∀", "fourier": "ℱ", "hbar": "ℏ", "im": "ℑ", "re": "ℜ", "infinity": "∞", "infty": "∞",
        "lambdabar": "ƛ", "laplace": "ℒ", "leftarrow": "←", "rightarrow": "→", "uparrow": "↑", "nabla": "∇",
        "partial": "∂", "setC": "ℂ", "setN": "ℕ", "setQ": "ℚ", "setR": "ℝ", "setZ": "ℤ", "wp": "℘",
        "->": "→", "<-": "←", "dlarrow": "⇐", "dlrarrow": "⇔", "drarrow": "⇒",
    ]
    /// Marks set over (or under) what follows: `bar z`, `vec F`, `underline x`.
    static let attributes: [String: (mark: Character, side: MathExpr.Side)] = [
        "acute": ("´", .over), "bar": ("¯", .over), "breve": ("˘", .over), "check": ("ˇ", .over), "circle": ("˚", .over),
        "dddot": ("\u{20DB}", .over), "ddot": ("¨", .over), "dot": ("˙", .over), "grave": ("`", .over),
        "harpoon": ("\u{20D1}", .over), "wideharpoon": ("\u{20D1}", .over), "leftharpoon": ("\u{20D0}", .over),
        "wideleftharpoon": ("\u{20D0}", .over), "hat": ("ˆ", .over), "widehat": ("ˆ", .over), "tilde": ("˜", .over),
        "widetilde": ("˜", .over), "vec": ("\u{20D7}", .over), "widevec": ("\u{20D7}", .over),
        "leftvec": ("\u{20D6}", .over), "wideleftvec": ("\u{20D6}", .over), "overline": ("‾", .over),
        "underline": ("_", .under),
    ]
    /// Font changes, which change no sign (`overstrike` strikes through and is read through too).
    static let fontAttributes: Set<String> = ["bold", "nbold", "ital", "italic", "nitalic", "overstrike"]
    /// Opening brackets and the closing one each expects when used without `left`/`right`.
    static let openings: [String: (sign: String, close: String)] = [
        "(": ("(", ")"), "[": ("[", "]"), "lbrace": ("{", "rbrace"), "langle": ("⟨", "rangle"), "lceil": ("⌈", "rceil"),
        "lfloor": ("⌊", "rfloor"), "ldbracket": ("⟦", "rdbracket"), "lline": ("|", "rline"), "ldline": ("‖", "rdline"),
        "lrline": ("|", "lrline"), "lrdline": ("‖", "lrdline"),
    ]
    /// Closing brackets.
    static let closings: [String: String] = [
        ")": ")", "]": "]", "rbrace": "}", "rangle": "⟩", "rceil": "⌉", "rfloor": "⌋", "rdbracket": "⟧",
        "rline": "|", "rdline": "‖", "lrline": "|", "lrdline": "‖", "none": "",
    ]
    /// Brackets `left`/`right` accept: any opening or closing one, and `none`.
    static func fence(_ word: String) -> String? { openings[word]?.sign ?? closings[word] }
    /// Signs written after `\` to be set as they are.
    static let escapable: Set<String> = ["(", ")", "[", "]", "{", "}", "|", "lbrace", "rbrace", "langle", "rangle", "lceil", "rceil",
                                         "lfloor", "rfloor", "lline", "rline", "ldline", "rdline", "ldbracket", "rdbracket"]
    static let alignments: Set<String> = ["alignl", "alignc", "alignr", "alignm", "alignt", "alignb"]
    /// Sub- and superscript keywords: right, centre (limits), left.
    static let scripts: Set<String> = ["^", "_", "sub", "sup", "rsub", "rsup", "csub", "csup", "lsub", "lsup"]

    /// Symbol names written `%name` (`%DELTA`, `%pi`; `%i` before a Greek name sets it italic).
    static func special(_ name: String) -> String? {
        if let g = greek[name] { return g }
        if name.hasPrefix("i"), let g = greek[String(name.dropFirst())] { return g }
        return others[name]
    }
    static let greek: [String: String] = {
        let lower = ["alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ϵ", "varepsilon": "ε", "zeta": "ζ",
                     "eta": "η", "theta": "θ", "vartheta": "ϑ", "iota": "ι", "kappa": "κ", "lambda": "λ", "mu": "μ",
                     "nu": "ν", "xi": "ξ", "omicron": "ο", "pi": "π", "varpi": "ϖ", "rho": "ρ", "varrho": "ϱ",
                     "sigma": "σ", "varsigma": "ς", "tau": "τ", "upsilon": "υ", "phi": "ϕ", "varphi": "φ", "chi": "χ",
                     "psi": "ψ", "omega": "ω"]
        var t = lower
        let upper = ["ALPHA": "Α", "BETA": "Β", "GAMMA": "Γ", "DELTA": "Δ", "EPSILON": "Ε", "ZETA": "Ζ", "ETA": "Η",
                     "THETA": "Θ", "IOTA": "Ι", "KAPPA": "Κ", "LAMBDA": "Λ", "MU": "Μ", "NU": "Ν", "XI": "Ξ",
                     "OMICRON": "Ο", "PI": "Π", "RHO": "Ρ", "SIGMA": "Σ", "TAU": "Τ", "UPSILON": "Υ", "PHI": "Φ",
                     "CHI": "Χ", "PSI": "Ψ", "OMEGA": "Ω"]
        t.merge(upper) { a, _ in a }
        return t
    }()
    static let others: [String: String] = [
        "and": "∧", "or": "∨", "element": "∈", "noelement": "∉", "strictlygreaterthan": "≫", "strictlylessthan": "≪",
        "notequal": "≠", "identical": "≡", "infinite": "∞", "angle": "∢", "perthousand": "‰", "tendto": "→",
    ]
}

extension StarMathSymbols {
    /// Keywords read as words of the grammar (not as names) beyond the tables above.
    static let grammarWords: Set<String> = [
        "over", "boper", "it", "left", "right", "newline", "from", "to", "mline", "abs", "fact", "sqrt", "nroot", "uoper",
        "binom", "frac", "stack", "matrix", "evaluate", "nospace", "oper", "func", "color", "size", "font", "phantom",
        "hex", "underbrace", "overbrace", "maj", "hadd", "fixed", "sans", "serif",
    ]
    /// Every keyword by its lowercase spelling: LibreOffice matches keywords ignoring case (`SUM`, `setR`).
    static let keywords: [String: String] = {
        var all = grammarWords.union(functions).union(fontAttributes).union(alignments).union(scripts)
        for table in [relations, sums, products, prefixSigns, standalone] { all.formUnion(table.keys) }
        all.formUnion(operators.keys); all.formUnion(attributes.keys); all.formUnion(openings.keys); all.formUnion(closings.keys)
        var t: [String: String] = [:]
        for k in all where k.first?.isLetter == true { t[k.lowercased()] = k }
        return t
    }()
}
