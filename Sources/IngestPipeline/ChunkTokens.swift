import Foundation

/// What a chunk's budget counts: an estimate of a language model's word-pieces, the same for
/// every text. Each run of letters, digits and combining marks counts one token per four
/// characters begun (`onde` 1, `perturbation` 3); every other character that is not a space —
/// punctuation, a symbol, an emoji — counts one; spaces and line breaks count nothing. So the
/// count of texts joined by spaces or line breaks is the sum of their counts, and a chunk's
/// `tokens` is the count of its `text`.
public enum ChunkTokens {
    public static func count(_ text: Substring) -> Int {
        var tokens = 0, run = 0
        for c in text {
            if c.isLetter || c.isNumber || c.unicodeScalars.first.map({ $0.properties.generalCategory == .nonspacingMark }) == true {
                run += 1
                continue
            }
            if run > 0 { tokens += (run + 3) / 4; run = 0 }
            if !c.isWhitespace { tokens += 1 }
        }
        if run > 0 { tokens += (run + 3) / 4 }
        return tokens
    }

    public static func count(_ text: String) -> Int { count(text[...]) }
}
