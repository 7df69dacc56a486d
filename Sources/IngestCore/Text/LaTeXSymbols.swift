/// The LaTeX commands of the characters equations are typed with (`Δ` → `\Delta`, `≤` → `\leq`),
/// of the function names set upright (`sin` → `\sin`) and of accents (`x̂` → `\hat{x}`), shared by
/// every reader that turns an equation into LaTeX (OMML, MathML).
public enum LaTeXSymbols {
    /// A character's command, or nil when the character is typed as is (`x`, `2`, `+`).
    public static func command(_ c: Character) -> String? { commands[c] }

    /// The character as it is written in LaTeX: its command, or itself (`{`, `%`… escaped).
    public static func latex(_ c: Character) -> String {
        if let command = commands[c] { return command }
        if let (alphabet, letter) = MathAlphabets.plain(c) { return alphabet.isEmpty ? String(letter) : alphabet + "{" + String(letter) + "}" }
        switch c {
        case "{": return "\\{"
        case "}": return "\\}"
        case "%", "#", "&", "$", "_": return "\\" + String(c)
        case "\u{00A0}", "\u{2009}", "\u{200A}", "\u{2005}", "\u{2004}", "\u{2002}", "\u{2003}", "\u{205F}": return " "
        case "\u{2061}", "\u{2062}", "\u{2063}", "\u{2064}", "\u{200B}": return ""  // invisible function application, times, separator
        default: return String(c)
        }
    }

    /// Upright names LaTeX has a command for (`\sin`, `\lim`, `\det`).
    public static let functions: Set<String> = [
        "sin", "cos", "tan", "cot", "sec", "csc", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "coth",
        "log", "ln", "lg", "exp", "lim", "liminf", "limsup", "max", "min", "sup", "inf", "det", "dim", "ker",
        "deg", "gcd", "arg", "hom", "Pr",
    ]
    /// Functions whose limits are set under them in display (`\lim_{x \to 0}`).
    public static let limitFunctions: Set<String> = ["lim", "liminf", "limsup", "max", "min", "sup", "inf", "det", "gcd", "Pr"]

    /// Combining (or spacing) accent characters and their commands.
    public static func accent(_ c: Character) -> String? { accents[c] }

    static let accents: [Character: String] = [
        "\u{0302}": "\\hat", "^": "\\hat", "ˆ": "\\hat", "\u{0303}": "\\tilde", "~": "\\tilde", "˜": "\\tilde",
        "\u{0307}": "\\dot", "˙": "\\dot", "\u{0308}": "\\ddot", "¨": "\\ddot", "\u{20D7}": "\\vec", "→": "\\vec",
        "\u{20D6}": "\\overleftarrow", "\u{0305}": "\\bar", "\u{0304}": "\\bar", "‾": "\\bar", "¯": "\\overline",
        "\u{030C}": "\\check", "ˇ": "\\check", "\u{0301}": "\\acute", "´": "\\acute", "\u{0300}": "\\grave", "`": "\\grave",
        "\u{0306}": "\\breve", "˘": "\\breve", "\u{20DB}": "\\dddot", "⏞": "\\overbrace", "⏟": "\\underbrace",
        "\u{FE37}": "\\overbrace", "\u{FE38}": "\\underbrace",
    ]

    static let commands: [Character: String] = {
        var t: [Character: String] = [:]
        let greek: [(Character, String)] = [
            ("α", "alpha"), ("β", "beta"), ("γ", "gamma"), ("δ", "delta"), ("ε", "varepsilon"), ("ϵ", "epsilon"),
            ("ζ", "zeta"), ("η", "eta"), ("θ", "theta"), ("ϑ", "vartheta"), ("ι", "iota"), ("κ", "kappa"),
            ("λ", "lambda"), ("μ", "mu"), ("µ", "mu"), ("ν", "nu"), ("ξ", "xi"), ("π", "pi"), ("ϖ", "varpi"),
            ("ρ", "rho"), ("ϱ", "varrho"), ("σ", "sigma"), ("ς", "varsigma"), ("τ", "tau"), ("υ", "upsilon"),
            ("φ", "varphi"), ("ϕ", "phi"), ("χ", "chi"), ("ψ", "psi"), ("ω", "omega"),
            ("Γ", "Gamma"), ("Δ", "Delta"), ("∆", "Delta"), ("Θ", "Theta"), ("Λ", "Lambda"), ("Ξ", "Xi"), ("Π", "Pi"),
            ("Σ", "Sigma"), ("Υ", "Upsilon"), ("Φ", "Phi"), ("Ψ", "Psi"), ("Ω", "Omega"), ("Ω", "Omega"),
        ]
        for (c, name) in greek { t[c] = "\\" + name }
        let symbols: [(Character, String)] = [
            ("≤", "\\leq"), ("≥", "\\geq"), ("≠", "\\neq"), ("≈", "\\approx"), ("≡", "\\equiv"), ("∼", "\\sim"),
            ("≃", "\\simeq"), ("≅", "\\cong"), ("∝", "\\propto"), ("≪", "\\ll"), ("≫", "\\gg"), ("≺", "\\prec"), ("≻", "\\succ"),
            ("×", "\\times"), ("÷", "\\div"), ("·", "\\cdot"), ("⋅", "\\cdot"), ("∙", "\\cdot"), ("±", "\\pm"), ("∓", "\\mp"),
            ("∘", "\\circ"), ("∗", "\\ast"), ("⊗", "\\otimes"), ("⊕", "\\oplus"), ("∧", "\\wedge"), ("∨", "\\vee"),
            ("¬", "\\neg"), ("∩", "\\cap"), ("∪", "\\cup"), ("∖", "\\setminus"),
            ("∈", "\\in"), ("∉", "\\notin"), ("∋", "\\ni"), ("⊂", "\\subset"), ("⊃", "\\supset"), ("⊆", "\\subseteq"),
            ("⊇", "\\supseteq"), ("∅", "\\emptyset"), ("∀", "\\forall"), ("∃", "\\exists"), ("∄", "\\nexists"),
            ("∞", "\\infty"), ("∂", "\\partial"), ("∇", "\\nabla"), ("ℏ", "\\hbar"), ("ℓ", "\\ell"), ("℘", "\\wp"),
            ("ℜ", "\\Re"), ("ℑ", "\\Im"), ("ℵ", "\\aleph"), ("′", "'"), ("″", "''"), ("°", "^{\\circ}"),
            ("→", "\\to"), ("←", "\\leftarrow"), ("↔", "\\leftrightarrow"), ("⇒", "\\Rightarrow"), ("⇐", "\\Leftarrow"),
            ("⇔", "\\Leftrightarrow"), ("↦", "\\mapsto"), ("⟶", "\\longrightarrow"), ("⟹", "\\Longrightarrow"),
            ("⟺", "\\Longleftrightarrow"), ("∣", "|"), ("↑", "\\uparrow"), ("↓", "\\downarrow"), ("⇌", "\\rightleftharpoons"),
            ("⇀", "\\rightharpoonup"),
            ("∑", "\\sum"), ("∏", "\\prod"), ("∐", "\\coprod"), ("∫", "\\int"), ("∬", "\\iint"), ("∭", "\\iiint"),
            ("∮", "\\oint"), ("⋃", "\\bigcup"), ("⋂", "\\bigcap"), ("⨁", "\\bigoplus"), ("⨂", "\\bigotimes"),
            ("√", "\\surd"), ("…", "\\ldots"), ("⋯", "\\cdots"), ("⋮", "\\vdots"), ("⋱", "\\ddots"),
            ("⟨", "\\langle"), ("⟩", "\\rangle"), ("〈", "\\langle"), ("〉", "\\rangle"), ("⌊", "\\lfloor"), ("⌋", "\\rfloor"),
            ("⌈", "\\lceil"), ("⌉", "\\rceil"), ("‖", "\\|"), ("∥", "\\parallel"), ("⊥", "\\perp"), ("∠", "\\angle"),
            ("△", "\\triangle"), ("□", "\\square"), ("∴", "\\therefore"), ("∵", "\\because"),
            ("ℝ", "\\mathbb{R}"), ("ℕ", "\\mathbb{N}"), ("ℤ", "\\mathbb{Z}"), ("ℚ", "\\mathbb{Q}"), ("ℂ", "\\mathbb{C}"),
            ("−", "-"), ("∕", "/"),
        ]
        for (c, command) in symbols { t[c] = command }
        return t
    }()
}
