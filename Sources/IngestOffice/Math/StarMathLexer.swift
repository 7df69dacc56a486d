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
    /// Read by Unicode scalar, not by character: LibreOffice writes a combining accent alone after a
    /// space (`x csup ̈`), which would otherwise join the space.
    static func tokens(_ text: String) -> [StarMathToken]? {
        var out: [StarMathToken] = []
        let chars = Array(text.unicodeScalars)
        var i = 0
        var spaced = false
        func take(_ kind: StarMathToken.Kind, _ s: ArraySlice<Unicode.Scalar>) {
            var string = ""
            string.unicodeScalars.append(contentsOf: s)
            out.append(StarMathToken(kind: kind, text: string, spaced: spaced))
            spaced = false
        }
        func isDigit(_ c: Unicode.Scalar) -> Bool { c.isASCII && c.properties.numericType != nil }
        func isLetter(_ c: Unicode.Scalar) -> Bool { c.properties.isAlphabetic && !c.properties.isMath }
        while i < chars.count {
            let c = chars[i]
            if c.properties.isWhitespace { spaced = true; i += 1; continue }
            // `%%` opens a comment that runs to the end of the line.
            if c == "%", i + 1 < chars.count, chars[i + 1] == "%" {
                while i < chars.count, chars[i] != "\n" { i += 1 }
                continue
            }
            if c == "\"" {
                guard let close = chars[(i + 1)...].firstIndex(of: "\"") else { return nil }
                take(.text, chars[(i + 1)..<close]); i = close + 1; continue
            }
            if isDigit(c) || c == "." && i + 1 < chars.count && isDigit(chars[i + 1]) {
                var j = i
                while j < chars.count, isDigit(chars[j]) || chars[j] == "." { j += 1 }
                take(.number, chars[i..<j]); i = j; continue
            }
            // A name is letters only (`x2` is `x` then `2`), as LibreOffice's tokenizer reads it.
            if isLetter(c) {
                var j = i
                while j < chars.count, isLetter(chars[j]) { j += 1 }
                take(.word, chars[i..<j]); i = j; continue
            }
            if c == "%", i + 1 < chars.count, isLetter(chars[i + 1]) {
                var j = i + 1
                while j < chars.count, isLetter(chars[j]) || isDigit(chars[j]) { j += 1 }
                take(.special, chars[(i + 1)..<j]); i = j; continue
            }
            if let sign = compound.first(where: { matches($0, chars, i) }) {
                take(.symbol, chars[i..<(i + sign.unicodeScalars.count)]); i += sign.unicodeScalars.count; continue
            }
            take(.symbol, chars[i...i]); i += 1
        }
        out.append(StarMathToken(kind: .end, text: "", spaced: spaced))
        return out
    }

    static func matches(_ sign: String, _ chars: [Unicode.Scalar], _ i: Int) -> Bool {
        let s = Array(sign.unicodeScalars)
        guard i + s.count <= chars.count else { return false }
        return chars[i..<(i + s.count)].elementsEqual(s)
    }
}
