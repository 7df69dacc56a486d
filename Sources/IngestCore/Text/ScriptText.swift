import Foundation

/// Text set as a superscript or subscript (a Word run with `vertAlign`, an ODF `text-position`, a
/// PDF glyph raised and smaller), written so that it keeps its meaning in plain text: `10⁸`, not
/// `108`; `H₂O`, not `H2O` (issue 33). Unicode has super- and subscript forms for digits, signs and
/// some letters; a run with a character that has none is written in the linear notation a
/// reader of formulas knows (`e^(iπ)`, `x_(max)`), except French and English ordinals (`1er`,
/// `XIXe`, `2nd`), which are typed plain everywhere.
public enum ScriptText {
    public enum Position: Sendable { case superscript, `subscript` }

    static let superscripts: [Character: Character] = [
        "0": "⁰", "1": "¹", "2": "²", "3": "³", "4": "⁴", "5": "⁵", "6": "⁶", "7": "⁷", "8": "⁸", "9": "⁹",
        "+": "⁺", "-": "⁻", "−": "⁻", "=": "⁼", "(": "⁽", ")": "⁾", "n": "ⁿ", "i": "ⁱ",
    ]
    static let subscripts: [Character: Character] = [
        "0": "₀", "1": "₁", "2": "₂", "3": "₃", "4": "₄", "5": "₅", "6": "₆", "7": "₇", "8": "₈", "9": "₉",
        "+": "₊", "-": "₋", "−": "₋", "=": "₌", "(": "₍", ")": "₎",
        "a": "ₐ", "e": "ₑ", "o": "ₒ", "x": "ₓ", "h": "ₕ", "k": "ₖ", "l": "ₗ", "m": "ₘ", "n": "ₙ", "p": "ₚ",
        "s": "ₛ", "t": "ₜ", "i": "ᵢ", "j": "ⱼ", "r": "ᵣ", "u": "ᵤ", "v": "ᵥ",
    ]
    /// Ordinal endings set as superscripts in French and English (`1er`, `2e`, `XIXe`, `1st`).
    static let ordinals: Set<String> = ["er", "re", "e", "ère", "ème", "es", "ers", "res", "nd", "st", "th", "rd", "o", "a", "bis", "ter"]

    /// `text` as it reads at `position`.
    public static func render(_ text: String, _ position: Position) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return text }
        let table = position == .superscript ? superscripts : subscripts
        if trimmed.allSatisfy({ table[$0] != nil }) { return String(trimmed.map { table[$0]! }) }
        if position == .superscript, ordinals.contains(trimmed.lowercased()) { return trimmed }
        let mark = position == .superscript ? "^" : "_"
        return trimmed.count == 1 ? mark + trimmed : mark + "(" + trimmed + ")"
    }
}
