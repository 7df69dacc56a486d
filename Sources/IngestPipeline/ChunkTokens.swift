import Foundation

/// What a chunk's budget counts: an estimate of a language model's word-pieces, the same for
/// every text. Each run of letters and digits counts one token per four characters begun (`onde`
/// 1, `perturbation` 3, `H₂O` 1; a combining accent is part of its letter); every other
/// character that is not a space — punctuation, a symbol, each emoji — counts one; spaces and line
/// breaks count nothing. So the count of texts joined by spaces or line breaks is the sum of
/// their counts, and a chunk's `tokens` is the count of its `text`.
public enum ChunkTokens {
    public static func count(_ text: Substring) -> Int {
        var tokens = 0, run = 0
        // Scalar by scalar (ASCII without a property look-up): a combining mark or a joiner
        // belongs to the character before it and adds nothing.
        for s in text.unicodeScalars {
            let v = s.value
            let isWord: Bool, isSpace: Bool
            if v < 0x80 {
                isWord = (0x30...0x39).contains(v) || (0x61...0x7A).contains(v | 0x20)
                isSpace = v == 0x20 || (0x09...0x0D).contains(v)
            } else {
                let p = s.properties
                switch p.generalCategory {
                case .nonspacingMark, .spacingMark, .enclosingMark, .format: continue
                case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                     .decimalNumber, .letterNumber, .otherNumber:
                    isWord = true; isSpace = false
                default:
                    isWord = false; isSpace = p.isWhitespace
                }
            }
            if isWord { run += 1; continue }
            if run > 0 { tokens += (run + 3) / 4; run = 0 }
            if !isSpace { tokens += 1 }
        }
        if run > 0 { tokens += (run + 3) / 4 }
        return tokens
    }

    public static func count(_ text: String) -> Int { count(text[...]) }
}
