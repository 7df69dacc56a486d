/// Unicode's mathematical letters (`𝒜`, `ℝ`, `𝐯`: Mathematical Alphanumeric Symbols and the
/// Letterlike ones that stand in their gaps) and the LaTeX alphabet each belongs to (`\mathcal`,
/// `\mathbb`, `\mathbf`), both ways: MathML writers type `𝒜`, Word marks a run `m:scr="script"`.
public enum MathAlphabets {
    /// LaTeX command, first code point of the block (capital A; small a follows 26 later).
    static let blocks: [(command: String, start: UInt32)] = [
        ("\\mathbf", 0x1D400), ("", 0x1D434), ("\\boldsymbol", 0x1D468), ("\\mathcal", 0x1D49C), ("\\mathcal", 0x1D4D0),
        ("\\mathfrak", 0x1D504), ("\\mathbb", 0x1D538), ("\\mathfrak", 0x1D56C), ("\\mathsf", 0x1D5A0),
        ("\\mathbf", 0x1D5D4), ("\\mathit", 0x1D608), ("\\mathtt", 0x1D670),
    ]
    /// Letters Unicode encoded before the block was made, outside it.
    static let letterlike: [Character: (String, Character)] = [
        "ℬ": ("\\mathcal", "B"), "ℰ": ("\\mathcal", "E"), "ℱ": ("\\mathcal", "F"), "ℋ": ("\\mathcal", "H"),
        "ℐ": ("\\mathcal", "I"), "ℒ": ("\\mathcal", "L"), "ℳ": ("\\mathcal", "M"), "ℛ": ("\\mathcal", "R"),
        "ℯ": ("\\mathcal", "e"), "ℊ": ("\\mathcal", "g"), "ℴ": ("\\mathcal", "o"),
        "ℭ": ("\\mathfrak", "C"), "ℌ": ("\\mathfrak", "H"), "ℨ": ("\\mathfrak", "Z"),
        "ℂ": ("\\mathbb", "C"), "ℍ": ("\\mathbb", "H"), "ℕ": ("\\mathbb", "N"), "ℙ": ("\\mathbb", "P"),
        "ℚ": ("\\mathbb", "Q"), "ℝ": ("\\mathbb", "R"), "ℤ": ("\\mathbb", "Z"), "ℎ": ("", "h"),
    ]

    /// The alphabet (`""` for plain italic) and the plain letter of a mathematical letter.
    public static func plain(_ c: Character) -> (command: String, letter: Character)? {
        if let l = letterlike[c] { return l }
        guard c.unicodeScalars.count == 1, let v = c.unicodeScalars.first?.value, v >= 0x1D400, v < 0x1D6A4 else { return nil }
        for b in blocks.reversed() where v >= b.start {
            let offset = v - b.start
            guard offset < 52 else { return nil }
            let base: UInt32 = offset < 26 ? 0x41 + offset : 0x61 + offset - 26
            return (b.command, Character(Unicode.Scalar(base)!))
        }
        return nil
    }

    /// `letter` in the alphabet Word names (`double-struck`, `script`, `fraktur`, `sans-serif`,
    /// `monospace`), bold or not; nil when Unicode has no such letter or the name is unknown.
    public static func styled(_ letter: Character, script: String, bold: Bool) -> Character? {
        guard let ascii = letter.asciiValue, letter.isLetter else { return nil }
        let command: String
        switch script {
        case "double-struck": command = "\\mathbb"
        case "script": command = "\\mathcal"
        case "fraktur": command = "\\mathfrak"
        case "sans-serif": command = bold ? "\\mathsf-bold" : "\\mathsf"
        case "monospace": command = "\\mathtt"
        default: command = bold ? "\\mathbf" : ""
        }
        if command.isEmpty { return nil }
        if let (c, _) = letterlike.first(where: { $0.value.0 == command && $0.value.1 == letter }) { return c }
        let starts: [String: UInt32] = ["\\mathbb": 0x1D538, "\\mathcal": bold ? 0x1D4D0 : 0x1D49C, "\\mathfrak": bold ? 0x1D56C : 0x1D504,
                                        "\\mathsf": 0x1D5A0, "\\mathsf-bold": 0x1D5D4, "\\mathtt": 0x1D670, "\\mathbf": 0x1D400]
        guard let start = starts[command] else { return nil }
        let offset = ascii >= 0x61 ? UInt32(ascii - 0x61) + 26 : UInt32(ascii - 0x41)
        return Unicode.Scalar(start + offset).map(Character.init)
    }
}
