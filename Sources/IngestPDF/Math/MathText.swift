/// Characters that say "math" whatever their font.
enum MathText {
    static func isGreek(_ c: Character) -> Bool {
        // (Fonts may give Ω as the ohm sign and µ as the micro sign.)
        c.unicodeScalars.first.map { (0x0391...0x03C9).contains($0.value) || [0x2206, 0x03D5, 0x03F5, 0x2126, 0x00B5].contains($0.value) } ?? false
    }

    /// Upright letters of text (not Greek, not a math font's).
    static func isTextLetter(_ g: MathGlyph) -> Bool {
        g.font == .text && g.startsWithLetter && !g.startsWithGreek
    }
}
