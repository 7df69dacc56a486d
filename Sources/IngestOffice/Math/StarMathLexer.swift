/// The words and signs of a StarMath text (LibreOffice Math's own formula language, kept as the
/// `StarMath 5.0` annotation of every formula object LibreOffice writes), as its parser sees them.
struct StarMathToken: Equatable {
    enum Kind: Equatable { case word, number, text, symbol, special, end }
    var kind: Kind
    var text: String
    /// Whether blank space stood before it (`x_2n` groups `2n`, `x_2 n` does not).
    var spaced = false
}

enum StarMathLexer {
    /// Signs of two or three characters, longest first.
    static let compound = ["<?>", "<<", "<=", "<-", "<>", ">=", ">>", "##", "+-", "-+", "->"]

    /// The tokens of `text`, ending with `.end`; nil for a text no parser can read (an unclosed quote).
    static func tokens(_ text: String) -> [StarMathToken]? {
        var out: [StarMathToken] = []
        let chars = Array(text)
        var i = 0
        var spaced = false
        func take(_ kind: StarMathToken.Kind, _ s: String) { out.append(StarMathToken(kind: kind, text: s, spaced: spaced)); spaced = false }
        while i < chars.count {
            let c = chars[i]
            if c.isWhitespace { spaced = true; i += 1; continue }
            // `%%` opens a comment that runs to the end of the line.
            if c == "%", i + 1 < chars.count, chars[i + 1] == "%" {
                while i < chars.count, chars[i] != "\n" { i += 1 }
                continue
            }
            if c == "\"" {
                guard let close = chars[(i + 1)...].firstIndex(of: "\"") else { return nil }
                take(.text, String(chars[(i + 1)..<close])); i = close + 1; continue
            }
            if c.isASCII && c.isNumber || c == "." && i + 1 < chars.count && chars[i + 1].isASCII && chars[i + 1].isNumber {
                var j = i
                while j < chars.count, chars[j].isASCII && chars[j].isNumber || chars[j] == "." { j += 1 }
                take(.number, String(chars[i..<j])); i = j; continue
            }
            // A name is letters only (`x2` is `x` then `2`), as LibreOffice's tokenizer reads it.
            if c.isLetter {
                var j = i
                while j < chars.count, chars[j].isLetter { j += 1 }
                take(.word, String(chars[i..<j])); i = j; continue
            }
            if c == "%", i + 1 < chars.count, chars[i + 1].isLetter {
                var j = i + 1
                while j < chars.count, chars[j].isLetter || chars[j].isASCII && chars[j].isNumber { j += 1 }
                take(.special, String(chars[(i + 1)..<j])); i = j; continue
            }
            if let sign = compound.first(where: { matches($0, chars, i) }) {
                take(.symbol, sign); i += sign.count; continue
            }
            take(.symbol, String(c)); i += 1
        }
        out.append(StarMathToken(kind: .end, text: "", spaced: spaced))
        return out
    }

    static func matches(_ sign: String, _ chars: [Character], _ i: Int) -> Bool {
        let s = Array(sign)
        guard i + s.count <= chars.count else { return false }
        return chars[i..<(i + s.count)].elementsEqual(s)
    }
}
