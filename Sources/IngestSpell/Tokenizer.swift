import IngestCore
/// A word of a text: letters, digits and marks, with apostrophes and hyphens inside it
/// (`l'énergie`, `peut-être`), where it starts (UTF-16 offset), and whether it opens a sentence.
public struct WordToken: Sendable, Equatable {
    public var text: String
    public var offset: Int
    public var opensSentence: Bool

    public var letterCount: Int {
        var n = 0
        for c in text.unicodeScalars where Tokenizer.isLetter(c) { n += 1 }
        return n
    }
    public var hasDigit: Bool {
        text.unicodeScalars.contains { $0.value < 0x80 ? ($0.value >= 0x30 && $0.value <= 0x39) : $0.properties.numericType != nil }
    }
    /// `Photosynthèse`: the first letter upper case, and not every letter.
    public var isCapitalized: Bool {
        guard let first = text.unicodeScalars.first, Tokenizer.isUpper(first) else { return false }
        return !isAllCaps
    }
    /// At least two letters, every one upper case. Most words answer at their first lower-case
    /// letter, and ASCII without Unicode's property tables (this runs on every word of an opening).
    public var isAllCaps: Bool {
        var letters = 0
        for c in text.unicodeScalars where Tokenizer.isLetter(c) {
            guard Tokenizer.isUpper(c) else { return false }
            letters += 1
        }
        return letters >= 2
    }
}

public enum Tokenizer {
    static func isWordScalar(_ s: Unicode.Scalar) -> Bool {
        // ASCII without Unicode's property tables (most of a text's scalars, and the tables cost).
        if s.value < 0x80 {
            let v = s.value
            return (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A)
        }
        if s.value < latinEnd { return latinWordScalars[Int(s.value)] }
        return isWordScalarByProperties(s)
    }

    static func isWordScalarByProperties(_ s: Unicode.Scalar) -> Bool {
        let p = s.properties
        return p.isAlphabetic || p.numericType != nil || p.generalCategory == .nonspacingMark
    }

    /// Latin-1 Supplement and Latin Extended-A and -B (French, most European text) answered from
    /// a table made once: the property lookup per accented letter was a third of tokenizing.
    static let latinEnd: UInt32 = 0x250
    static let latinWordScalars: [Bool] = (0..<latinEnd).map { isWordScalarByProperties(Unicode.Scalar($0)!) }

    /// A letter (Unicode's alphabetic property), ASCII answered without the property tables.
    static func isLetter(_ s: Unicode.Scalar) -> Bool {
        if s.value < 0x80 { let v = s.value | 0x20; return v >= 0x61 && v <= 0x7A }
        return s.properties.isAlphabetic
    }

    /// An upper-case scalar, ASCII answered without the property tables.
    static func isUpper(_ s: Unicode.Scalar) -> Bool {
        if s.value < 0x80 { return s.value >= 0x41 && s.value <= 0x5A }
        return s.properties.isUppercase
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
            guard i > start, mayBeAddress, isAddress(scalars[start..<i]) else { continue }
            out.append(start..<i)
        }
        return out
    }

    /// `…://…`, `…@…`, `www.…`, `<www.…`, `<http…` (case-insensitive where a letter is), judged on
    /// the scalars without building a string (most chunks tested are words before a full stop).
    static func isAddress(_ chunk: ArraySlice<Unicode.Scalar>) -> Bool {
        func has(_ ascii: String, at offset: Int, ignoringCase: Bool) -> Bool {
            var i = chunk.startIndex + offset
            for b in ascii.utf8 {
                guard i < chunk.endIndex else { return false }
                var v = chunk[i].value
                if ignoringCase, v >= 0x41 && v <= 0x5A { v += 0x20 }
                guard v == UInt32(b) else { return false }
                i += 1
            }
            return true
        }
        if chunk.contains("@") { return true }
        var i = chunk.startIndex
        while i + 2 < chunk.endIndex {
            if chunk[i] == ":" && chunk[i + 1] == "/" && chunk[i + 2] == "/" { return true }
            i += 1
        }
        return has("www.", at: 0, ignoringCase: true) || has("<www.", at: 0, ignoringCase: true) || has("<http", at: 0, ignoringCase: false)
    }

    public static func tokens(_ text: String) -> [WordToken] {
        var out: [WordToken] = []
        let scalars = Array(text.unicodeScalars)
        var addresses = addressRanges(scalars)[...]
        var utf16 = 0
        var i = 0
        // The last scalar before the current word that is not a space or opening quote.
        var lastSignificant: Unicode.Scalar? = nil
        var word: [UInt8] = []
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
                utf16 += s.value < 0x10000 ? 1 : 2
                i += 1
                continue
            }
            let start = utf16
            let first = i
            while i < scalars.count {
                let c = scalars[i]
                guard isWordScalar(c) || (isJoiner(c) && i + 1 < scalars.count && isWordScalar(scalars[i + 1]) && i > first) else { break }
                utf16 += c.value < 0x10000 ? 1 : 2
                i += 1
            }
            // The word's UTF-8 in one buffer (appending scalar by scalar to a string cost more
            // than finding the word).
            word.removeAll(keepingCapacity: true)
            for k in first..<i { UTF8Encoding.append(scalars[k].value, to: &word) }
            let opens = lastSignificant.map(endsSentence) ?? true
            out.append(WordToken(text: String(decoding: word, as: UTF8.self), offset: start, opensSentence: opens))
            lastSignificant = scalars[i - 1]
        }
        return out
    }
}

