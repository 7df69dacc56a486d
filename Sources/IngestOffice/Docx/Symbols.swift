/// Characters from symbol fonts (`w:sym`, bullet level texts). Word stores them as private-use
/// code points U+F020–U+F0FF of the font; we give the Unicode character a reader would see.
enum Symbols {
    /// Adobe Symbol encoding, 0x20–0xFE (Greek, mathematical operators, arrows).
    static let symbol: [UInt8: Character] = {
        let table: [(UInt8, String)] = [
            (0x20, " "), (0x21, "!"), (0x22, "∀"), (0x23, "#"), (0x24, "∃"), (0x25, "%"), (0x26, "&"), (0x27, "∋"),
            (0x28, "("), (0x29, ")"), (0x2A, "∗"), (0x2B, "+"), (0x2C, ","), (0x2D, "−"), (0x2E, "."), (0x2F, "/"),
            (0x3A, ":"), (0x3B, ";"), (0x3C, "<"), (0x3D, "="), (0x3E, ">"), (0x3F, "?"), (0x40, "≅"),
            (0x41, "Α"), (0x42, "Β"), (0x43, "Χ"), (0x44, "Δ"), (0x45, "Ε"), (0x46, "Φ"), (0x47, "Γ"), (0x48, "Η"),
            (0x49, "Ι"), (0x4A, "ϑ"), (0x4B, "Κ"), (0x4C, "Λ"), (0x4D, "Μ"), (0x4E, "Ν"), (0x4F, "Ο"), (0x50, "Π"),
            (0x51, "Θ"), (0x52, "Ρ"), (0x53, "Σ"), (0x54, "Τ"), (0x55, "Υ"), (0x56, "ς"), (0x57, "Ω"), (0x58, "Ξ"),
            (0x59, "Ψ"), (0x5A, "Ζ"), (0x5B, "["), (0x5C, "∴"), (0x5D, "]"), (0x5E, "⊥"), (0x5F, "_"),
            (0x61, "α"), (0x62, "β"), (0x63, "χ"), (0x64, "δ"), (0x65, "ε"), (0x66, "φ"), (0x67, "γ"), (0x68, "η"),
            (0x69, "ι"), (0x6A, "ϕ"), (0x6B, "κ"), (0x6C, "λ"), (0x6D, "μ"), (0x6E, "ν"), (0x6F, "ο"), (0x70, "π"),
            (0x71, "θ"), (0x72, "ρ"), (0x73, "σ"), (0x74, "τ"), (0x75, "υ"), (0x76, "ϖ"), (0x77, "ω"), (0x78, "ξ"),
            (0x79, "ψ"), (0x7A, "ζ"), (0x7B, "{"), (0x7C, "|"), (0x7D, "}"), (0x7E, "∼"),
            (0xA1, "ϒ"), (0xA2, "′"), (0xA3, "≤"), (0xA4, "⁄"), (0xA5, "∞"), (0xA6, "ƒ"), (0xA7, "♣"), (0xA8, "♦"),
            (0xA9, "♥"), (0xAA, "♠"), (0xAB, "↔"), (0xAC, "←"), (0xAD, "↑"), (0xAE, "→"), (0xAF, "↓"), (0xB0, "°"),
            (0xB1, "±"), (0xB2, "″"), (0xB3, "≥"), (0xB4, "×"), (0xB5, "∝"), (0xB6, "∂"), (0xB7, "•"), (0xB8, "÷"),
            (0xB9, "≠"), (0xBA, "≡"), (0xBB, "≈"), (0xBC, "…"), (0xBF, "↵"), (0xC0, "ℵ"), (0xC1, "ℑ"), (0xC2, "ℜ"),
            (0xC3, "℘"), (0xC4, "⊗"), (0xC5, "⊕"), (0xC6, "∅"), (0xC7, "∩"), (0xC8, "∪"), (0xC9, "⊃"), (0xCA, "⊇"),
            (0xCB, "⊄"), (0xCC, "⊂"), (0xCD, "⊆"), (0xCE, "∈"), (0xCF, "∉"), (0xD0, "∠"), (0xD1, "∇"), (0xD2, "®"),
            (0xD3, "©"), (0xD4, "™"), (0xD5, "∏"), (0xD6, "√"), (0xD7, "⋅"), (0xD8, "¬"), (0xD9, "∧"), (0xDA, "∨"),
            (0xDB, "⇔"), (0xDC, "⇐"), (0xDD, "⇑"), (0xDE, "⇒"), (0xDF, "⇓"), (0xE0, "◊"), (0xE1, "〈"), (0xE5, "∑"),
            (0xF1, "〉"), (0xF2, "∫"),
        ]
        var d: [UInt8: Character] = [:]
        for (k, v) in table { d[k] = Character(v) }
        for digit in 0x30...0x39 { d[UInt8(digit)] = Character(Unicode.Scalar(UInt8(digit))) }
        return d
    }()

    /// The Wingdings characters people actually use: check marks, boxes, arrows, bullets.
    static let wingdings: [UInt8: Character] = [
        0x21: "✏", 0x22: "✂", 0x28: "☎", 0x2A: "✉", 0x3F: "✍", 0x4A: "☺", 0x4B: "😐", 0x4C: "☹", 0x4E: "☠",
        0x6C: "●", 0x6D: "❍", 0x6E: "■", 0x6F: "□", 0x70: "◻", 0x71: "❑", 0x72: "❒", 0x73: "⬧", 0x74: "⧫",
        0x75: "◆", 0x76: "❖", 0x77: "⬥", 0x78: "⌧", 0x9F: "•", 0xA1: "○", 0xA7: "▪", 0xA8: "◻", 0xAB: "★",
        0xD8: "➢", 0xD9: "⮙", 0xDF: "⇦", 0xE0: "⇨", 0xE8: "➔", 0xEF: "⇦", 0xF0: "⇨", 0xFB: "✗", 0xFC: "✓",
        0xFD: "☒", 0xFE: "☑",
    ]

    /// The character for `w:sym w:font=… w:char=…` (`char` is hex, often F0xx).
    static func character(font: String?, hex: String?) -> String {
        guard let hex, let code = UInt32(hex, radix: 16) else { return "" }
        let low = UInt8(truncatingIfNeeded: code)
        let inPrivateRange = (0xF000...0xF0FF).contains(code) || code <= 0xFF
        let f = font?.lowercased() ?? ""
        if inPrivateRange {
            if f.hasPrefix("symbol"), let c = symbol[low] { return String(c) }
            if f.hasPrefix("wingdings"), let c = wingdings[low] { return String(c) }
            if (0xF000...0xF0FF).contains(code) { return String(Character(Unicode.Scalar(low))) }
        }
        return Unicode.Scalar(code).map { String(Character($0)) } ?? ""
    }

    /// A bullet level's text as shown: symbol-font private-use characters become "•", "▪", "➢" …
    static func bullet(_ text: String, font: String?) -> String {
        guard let scalar = text.unicodeScalars.first else { return "•" }
        let f = font?.lowercased() ?? ""
        if (0xF000...0xF0FF).contains(scalar.value) || f.hasPrefix("symbol") || f.hasPrefix("wingdings") {
            let low = UInt8(truncatingIfNeeded: scalar.value)
            if f.hasPrefix("wingdings"), let c = wingdings[low] { return String(c) }
            if f.hasPrefix("symbol"), let c = symbol[low] { return String(c) }
            if low == 0xB7 { return "•" }
            if low == 0xA7 { return "▪" }
            if (0xF000...0xF0FF).contains(scalar.value) { return "•" }
        }
        if text == "o" && f.hasPrefix("courier") { return "◦" }
        return text
    }
}
