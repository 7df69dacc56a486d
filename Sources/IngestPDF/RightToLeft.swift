/// Right-to-left lines as poppler-glib's selection text gives them: each Arabic or Hebrew word is
/// wrapped in its own embedding (U+202B … U+202C), and the words come in visual order, left to
/// right — « مرحبا بالعالم » read as « بالعالم مرحبا ». `pdftotext` (the same library's other text
/// walk) gives one embedding in logical order; this puts the words back the same way.
enum RightToLeft {
    static let embedding: Unicode.Scalar = "\u{202B}"    // RIGHT-TO-LEFT EMBEDDING
    static let pop: Unicode.Scalar = "\u{202C}"          // POP DIRECTIONAL FORMATTING
    static let leftToRight: Unicode.Scalar = "\u{202A}"  // LEFT-TO-RIGHT EMBEDDING

    /// Whether a line's UTF-8 bytes contain a right-to-left embedding (E2 80 AB).
    static func mayNeedReordering(_ bytes: [UInt8]) -> Bool {
        var i = 0
        while i + 2 < bytes.count {
            if bytes[i] == 0xE2 && bytes[i + 1] == 0x80 && bytes[i + 2] == 0xAB { return true }
            i += 1
        }
        return false
    }

    /// The line with every run of two or more simple embedded words separated by single spaces
    /// (‫w1‬ ‫w2‬ … ‫wn‬) turned into one embedding of the words in reverse order (‫wn … w2 w1‬).
    /// Anything else (nested embeddings, other text between the words) is left as it is.
    static func logicalWordOrder(_ line: String) -> String {
        let scalars = Array(line.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            // A run of embedded words starting here?
            var words: [ArraySlice<Unicode.Scalar>] = []
            var j = i
            while let end = simpleWord(scalars, at: j) {
                words.append(scalars[(j + 1)..<end])
                let next = end + 1
                // Only a single space may stand between two words of the run.
                if next + 1 < scalars.count, scalars[next] == " ", scalars[next + 1] == embedding,
                   simpleWord(scalars, at: next + 1) != nil {
                    j = next + 1
                } else {
                    j = next
                    break
                }
            }
            if words.count >= 2 {
                out.append(embedding)
                for (k, word) in words.reversed().enumerated() {
                    if k > 0 { out.append(" ") }
                    out.append(contentsOf: word)
                }
                out.append(pop)
                i = j
            } else {
                out.append(scalars[i])
                i += 1
            }
        }
        return String(out)
    }

    /// If a simple embedded word starts at `start` (U+202B, no space or other direction mark,
    /// U+202C), the index of its closing U+202C.
    private static func simpleWord(_ s: [Unicode.Scalar], at start: Int) -> Int? {
        guard start < s.count, s[start] == embedding else { return nil }
        var k = start + 1
        while k < s.count {
            let c = s[k]
            if c == pop { return k > start + 1 ? k : nil }
            if c == " " || c == embedding || c == leftToRight { return nil }
            k += 1
        }
        return nil
    }
}
