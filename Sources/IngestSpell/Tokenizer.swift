/// A word of a text: letters, digits and marks, with apostrophes and hyphens inside it
/// (`l'énergie`, `peut-être`), where it starts (UTF-16 offset), and whether it opens a sentence.
public struct WordToken: Sendable, Equatable {
    public var text: String
    public var offset: Int
    public var opensSentence: Bool

    public var letterCount: Int { text.unicodeScalars.reduce(0) { $0 + ($1.properties.isAlphabetic ? 1 : 0) } }
    public var hasDigit: Bool { text.unicodeScalars.contains { $0.properties.numericType != nil } }
    /// `Photosynthèse`: the first letter upper case, and not every letter.
    public var isCapitalized: Bool {
        guard let first = text.unicodeScalars.first, first.properties.isUppercase else { return false }
        return !isAllCaps
    }
    public var isAllCaps: Bool {
        let letters = text.unicodeScalars.filter { $0.properties.isAlphabetic }
        return letters.count >= 2 && letters.allSatisfy { $0.properties.isUppercase }
    }
}

public enum Tokenizer {
    static func isWordScalar(_ s: Unicode.Scalar) -> Bool {
        // ASCII without Unicode's property tables (most of a text's scalars, and the tables cost).
        if s.value < 0x80 {
            let v = s.value
            return (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A)
        }
        let p = s.properties
        return p.isAlphabetic || p.numericType != nil || p.generalCategory == .nonspacingMark
    }

    /// Apostrophes and hyphens join two word characters.
    static func isJoiner(_ s: Unicode.Scalar) -> Bool {
        s == "'" || s == "\u{2019}" || s == "-" || s == "\u{2011}"
    }

    static func endsSentence(_ s: Unicode.Scalar) -> Bool {
        s == "." || s == "!" || s == "?" || s == "\u{2026}" || s == ":" || s == ";" || s == "•" || s == "\u{2014}"
    }

    /// Opening quotes and brackets do not decide where a sentence starts.
    static func isTransparent(_ s: Unicode.Scalar) -> Bool {
        isSpace(s) || s == "«" || s == "\"" || s == "“" || s == "(" || s == "[" || s == "\u{00A0}" || s == "\u{202F}"
    }

    /// White space, with ASCII answered without Unicode's property tables.
    static func isSpace(_ s: Unicode.Scalar) -> Bool {
        if s.value < 0x80 { return s == " " || (s.value >= 0x09 && s.value <= 0x0D) }
        return s.properties.isWhitespace
    }

    /// Scalar ranges of addresses (`https://…`, `www.…`, `name@host`): not words of a language.
    static func addressRanges(_ scalars: [Unicode.Scalar]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var i = 0
        while i < scalars.count {
            while i < scalars.count, isSpace(scalars[i]) { i += 1 }
            let start = i
            var mayBeAddress = false
            while i < scalars.count, !isSpace(scalars[i]) {
                // Every address form below holds one of these: most chunks are words, not built.
                let c = scalars[i]
                if c == ":" || c == "@" || c == "." || c == "<" { mayBeAddress = true }
                i += 1
            }
            guard i > start, mayBeAddress else { continue }
            let chunk = String(String.UnicodeScalarView(scalars[start..<i]))
            if chunk.contains("://") || chunk.contains("@") || chunk.lowercased().hasPrefix("www.")
                || chunk.lowercased().hasPrefix("<www.") || chunk.hasPrefix("<http") {
                out.append(start..<i)
            }
        }
        return out
    }

    public static func tokens(_ text: String) -> [WordToken] {
        var out: [WordToken] = []
        let scalars = Array(text.unicodeScalars)
        var addresses = addressRanges(scalars)[...]
        var utf16 = 0
        var i = 0
        // The last scalar before the current word that is not a space or opening quote.
        var lastSignificant: Unicode.Scalar? = nil
        while i < scalars.count {
            if let a = addresses.first, a.contains(i) {
                for k in a { utf16 += scalars[k].utf16.count }
                i = a.upperBound
                lastSignificant = scalars[a.upperBound - 1]
                addresses = addresses.dropFirst()
                continue
            }
            let s = scalars[i]
            guard isWordScalar(s) else {
                if !isTransparent(s) { lastSignificant = s }
                utf16 += s.utf16.count
                i += 1
                continue
            }
            let start = utf16
            var word = String.UnicodeScalarView()
            while i < scalars.count {
                let c = scalars[i]
                if isWordScalar(c) {
                    word.append(c)
                } else if isJoiner(c), i + 1 < scalars.count, isWordScalar(scalars[i + 1]), !word.isEmpty {
                    word.append(c)
                } else { break }
                utf16 += c.utf16.count
                i += 1
            }
            let opens = lastSignificant.map(endsSentence) ?? true
            out.append(WordToken(text: String(word), offset: start, opensSentence: opens))
            lastSignificant = word.last
        }
        return out
    }
}
