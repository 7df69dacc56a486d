import Foundation

/// A text against its expected text, with the definitions of `shared/tools/textdiff.py`, so that
/// `ingest qa` and the project's scripts give the same figures (a test runs both on the corpus).
///
/// Python's meanings are kept where Swift's differ:
/// - lengths and the CER count Unicode scalars (Python's code points), not grapheme clusters;
/// - whitespace is Python's `\s` (`str.isspace`): ASCII whitespace, U+001C–U+001F, U+0085,
///   NBSP, U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000; not U+200B nor U+FEFF;
/// - a word is a run of Python's `\w`: a scalar whose general category is a letter (L*) or a
///   number (Nd, Nl, No), or `_`. Combining marks (Mn, Mc) are not `\w`: a mark that NFC cannot
///   compose (Arabic vowel signs, Devanagari vowel signs) splits a word, as it does in Python;
/// - words are compared scalar by scalar (Swift's `==` on strings would also merge canonically
///   equivalent spellings, which Python keeps apart).
/// The Unicode tables are Swift's, a newer version than Python 3.11's 14.0: only scalars assigned
/// since then can differ.
public enum TextComparison {
    /// NFC, every whitespace run made one space, the ends trimmed; as
    /// `re.sub(r"\s+", " ", unicodedata.normalize("NFC", raw)).strip()`.
    public static func normalize(_ s: String) -> String {
        let composed = needsComposition(s) ? s.precomposedStringWithCanonicalMapping : s
        var source = composed
        return source.withUTF8 { bytes -> String in
            String(unsafeUninitializedCapacity: bytes.count) { out in collapseWhitespace(bytes, into: out) }
        }
    }

    /// The words of `s`: its runs of `\w` (see the type's notes), as `re.findall(r"\w+", s)`.
    public static func words(_ s: String) -> [Substring] {
        var result: [Substring] = []
        let scalars = s.unicodeScalars
        var start: String.Index?
        var i = scalars.startIndex
        while i < scalars.endIndex {
            let word = isWord(scalars[i])
            if word, start == nil { start = i }
            if !word, let begin = start {
                result.append(Substring(scalars[begin..<i]))
                start = nil
            }
            scalars.formIndex(after: &i)
        }
        if let begin = start { result.append(Substring(scalars[begin..<scalars.endIndex])) }
        return result
    }

    /// The four figures of `text` against `expected` (both normalized here first).
    public static func scores(text: String, expected: String) -> TextScores {
        let hypothesis = normalize(text), reference = normalize(expected)
        let hypothesisScalars = hypothesis.unicodeScalars.map(\.value)
        let referenceScalars = reference.unicodeScalars.map(\.value)
        let cer = Double(Levenshtein.distance(hypothesisScalars, referenceScalars))
            / Double(max(1, referenceScalars.count))

        var ids = WordIDs()
        let hypothesisWords = words(hypothesis).map { ids.id($0) }
        let referenceWords = words(reference).map { ids.id($0) }
        let wer = Double(Levenshtein.distance(hypothesisWords, referenceWords)) / Double(max(1, referenceWords.count))

        // Multisets: the words in common are, per word, the smaller of its two counts.
        var counts = [Int32](repeating: 0, count: ids.count)
        for w in referenceWords { counts[Int(w)] += 1 }
        var common = 0
        for w in hypothesisWords where counts[Int(w)] > 0 {
            counts[Int(w)] -= 1
            common += 1
        }
        return TextScores(cer: cer, wer: wer,
                          wordRecall: Double(common) / Double(max(1, referenceWords.count)),
                          wordPrecision: Double(common) / Double(max(1, hypothesisWords.count)),
                          referenceCharacters: referenceScalars.count,
                          hypothesisCharacters: hypothesisScalars.count)
    }

    // MARK: - Characters

    /// Python's `\w` for one scalar: a letter, a number, or `_`.
    @inline(__always) static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x80 { return asciiWord[Int(v)] }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    static let asciiWord: [Bool] = (0..<128).map { v in
        (0x30...0x39).contains(v) || (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v) || v == 0x5F
    }

    /// Python's `\s` for one scalar (`str.isspace`).
    @inline(__always) static func isSpace(_ v: UInt32) -> Bool {
        switch v {
        case 0x09...0x0D, 0x1C...0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
            return true
        default:
            return false
        }
    }

    /// Whether NFC could change `s`. Below U+0300 nothing composes nor decomposes, and the
    /// punctuation of U+2002–U+20CF (’ “ ” – — … €) has no canonical mapping either: most French
    /// and English text skips Foundation's NFC, the costly part.
    static func needsComposition(_ s: String) -> Bool {
        for scalar in s.unicodeScalars {
            let v = scalar.value
            if v < 0x300 || (0x2002..<0x20D0).contains(v) || v == 0xFFFD { continue }
            return true
        }
        return false
    }

    /// Writes `bytes` (valid UTF-8) with whitespace runs made one space and the ends trimmed;
    /// returns the length written (never more than the input's).
    static func collapseWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var count = 0, i = 0, pendingSpace = false
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            var length = 1
            var space = false
            if b < 0x80 {
                space = (0x09...0x0D).contains(b) || (0x1C...0x20).contains(b)
            } else {
                length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2
                if b == 0xC2 || b == 0xE1 || b == 0xE2 || b == 0xE3 {
                    var v = UInt32(b) & (length == 2 ? 0x1F : 0x0F)
                    for k in 1..<length { v = v << 6 | UInt32(bytes[i + k] & 0x3F) }
                    space = isSpace(v)
                }
            }
            if space {
                pendingSpace = count > 0
            } else {
                if pendingSpace { out[count] = 0x20; count += 1; pendingSpace = false }
                for k in 0..<length { out[count + k] = bytes[i + k] }
                count += length
            }
            i += length
        }
        return count
    }
}

/// Words numbered by their scalars, for the WER: two words are the same when their UTF-8 bytes are
/// (Python's equality), not when Swift's canonical equivalence says so.
struct WordIDs {
    struct Key: Hashable {
        let word: Substring
        static func == (a: Key, b: Key) -> Bool { a.word.utf8.elementsEqual(b.word.utf8) }
        func hash(into hasher: inout Hasher) {
            var word = word
            word.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    private var table: [Key: UInt32] = [:]
    var count: Int { table.count }

    mutating func id(_ word: Substring) -> UInt32 {
        let key = Key(word: word)
        if let id = table[key] { return id }
        let id = UInt32(table.count)
        table[key] = id
        return id
    }
}
