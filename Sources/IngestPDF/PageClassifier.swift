import IngestCore

/// How usable a page's text layer is, measured on its characters and words.
struct TextQuality: Sendable, Equatable {
    /// Non-whitespace characters.
    var characters = 0
    /// U+FFFD, private-use and control characters: glyphs poppler could not map to Unicode.
    var unmapped = 0
    /// Word tokens with letters.
    var words = 0
    /// Tokens that look like words of a language (or are in a script we cannot judge).
    var plausibleWords = 0
    /// Letters and digits among `characters`.
    var alphanumerics = 0
    /// Tokens with mojibake inside: « ThŽo » (Mac Roman read as Windows-1252), « ThÃ©o » (UTF-8 read as Latin-1).
    var mojibakeWords = 0

    init(_ text: String) {
        var token: [Unicode.Scalar] = []
        scan(text, token: &token)
        if !token.isEmpty { judge(token) }
    }

    /// The lines of a page, each ending a token (as a line break would).
    init<S: Sequence>(lines: S) where S.Element == String {
        var token: [Unicode.Scalar] = []
        token.reserveCapacity(64)
        for line in lines {
            scan(line, token: &token)
            if !token.isEmpty { judge(token); token.removeAll(keepingCapacity: true) }
        }
    }

    // Every character of every page goes through here: ASCII is classified with integer tests,
    // Unicode properties are asked only of other scalars, and the token buffer is reused.
    private mutating func scan(_ text: String, token: inout [Unicode.Scalar]) {
        for s in text.unicodeScalars {
            if Scalar.isSpace(s) {
                if !token.isEmpty { judge(token); token.removeAll(keepingCapacity: true) }
                continue
            }
            characters += 1
            if Scalar.isAlphabetic(s) || Scalar.isNumeric(s) { alphanumerics += 1 }
            switch s.value {
            case 0x21...0x7E: break
            case 0xFFFD, 0xE000...0xF8FF, 0xF0000...0x10FFFF, 0x00...0x1F, 0x7F...0x9F: unmapped += 1
            default: break
            }
            token.append(s)
        }
    }

    private static let vowels = Set("aeiouyàâäáãåéèêëíìîïóòôöõúùûüýÿæœAEIOUYÀÂÄÁÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÝŸÆŒ".unicodeScalars)
    /// Letters that Windows-1252 / Mac Roman confusions put in the middle of a word.
    private static let mojibakeMarks = Set("ŽžŠšŒœŸƒ‰‡†ˆ˜™›‹¡¢£¤¥¦§¨©ª«¬®¯°±²³´µ¶·¸¹º»¼½¾¿".unicodeScalars)

    @inline(__always) private static func isVowel(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x61, 0x65, 0x69, 0x6F, 0x75, 0x79, 0x41, 0x45, 0x49, 0x4F, 0x55, 0x59: return true
        case 0..<0x80: return false
        default: return vowels.contains(s)
        }
    }

    @inline(__always) private static func isMojibakeMark(_ s: Unicode.Scalar) -> Bool {
        s.value >= 0xA1 && mojibakeMarks.contains(s)
    }

    private mutating func judge(_ token: [Unicode.Scalar]) {
        // Strip surrounding punctuation: « (word), » …
        guard let first = token.firstIndex(where: Scalar.isAlphabetic),
              let last = token.lastIndex(where: Scalar.isAlphabetic) else { return }
        words += 1
        var latin = true, vowel = false, digits = 0, odd = 0, mojibake = false
        var previousLetter = false
        for i in first...last {
            let s = token[i]
            let alphabetic = Scalar.isAlphabetic(s)
            if alphabetic {
                if s.value > 0x24F && !(0x1E00...0x1EFF).contains(s.value) { latin = false }
                if !vowel && TextQuality.isVowel(s) { vowel = true }
            } else if Scalar.isNumeric(s) {
                digits += 1
            } else {
                switch s.value {
                case 0x27, 0x2019, 0x2D, 0x2010, 0x2E, 0x26, 0x2F: break     // ' ’ - ‐ . & /
                default: odd += 1
                }
            }
            let mark = TextQuality.isMojibakeMark(s)
            // A mojibake mark between two letters, or Ã/Â followed by a Latin-1 continuation.
            if mark, previousLetter, i < last, Scalar.isAlphabetic(token[i + 1]) { mojibake = true }
            if s.value == 0xC3 || s.value == 0xC2, i < last, (0x80...0xBF).contains(token[i + 1].value) { mojibake = true }
            previousLetter = alphabetic && !mark
        }
        if mojibake { mojibakeWords += 1; return }
        if !latin { plausibleWords += 1; return }                      // another script: can't judge
        let letters = last - first + 1 - digits - odd
        if odd == 0 && (vowel || letters <= 4) && (digits == 0 || letters <= 2) { plausibleWords += 1 }
    }

    var unmappedShare: Double { characters == 0 ? 0 : Double(unmapped) / Double(characters) }
    var plausibleShare: Double { words == 0 ? 1 : Double(plausibleWords) / Double(words) }
    var mojibakeShare: Double { words == 0 ? 0 : Double(mojibakeWords) / Double(words) }

    /// A text layer that is there but reads as garbage.
    var isCorrupt: Bool {
        guard characters >= 20 else { return false }
        if unmappedShare > 0.1 { return true }
        if mojibakeWords >= 2 && mojibakeShare > 0.05 { return true }
        if words >= 8 && plausibleShare < 0.5 { return true }
        if Double(alphanumerics) < Double(characters) * 0.4 { return true }   // symbols where letters should be
        return false
    }
}

/// Unicode properties with integer fast paths for ASCII (the bulk of most text layers).
enum Scalar {
    @inline(__always) static func isSpace(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v < 0x80 { return v == 0x20 || (v >= 0x09 && v <= 0x0D) }
        return s.properties.isWhitespace
    }

    @inline(__always) static func isAlphabetic(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v < 0x80 { return (v | 0x20) &- 0x61 < 26 }
        return s.properties.isAlphabetic
    }

    @inline(__always) static func isNumeric(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v < 0x80 { return v &- 0x30 < 10 }
        return s.properties.numericType != nil
    }
}

/// The text-layer-or-OCR decision for one page, in one place.
enum PageClassifier {
    /// Below this many characters a page has no real text layer (a page number, a stamp).
    static let thinText = 20
    /// Pages whose images cover this much and whose text is short are scans with a caption.
    static let scanCoverage = 0.7

    static func classify(_ quality: TextQuality, imageCoverage: Double, hasDrawing: Bool) -> PageRecord.Classification {
        if quality.characters < thinText {
            if imageCoverage > 0.02 { return .imageOnly }
            // A few readable characters alone on a page ("Secret!") are its text; a few
            // unreadable ones over drawn glyphs are a font without Unicode mapping.
            if quality.plausibleWords > 0 && quality.unmappedShare < 0.1 { return .text }
            if quality.characters > 0 && hasDrawing { return .corruptText }
            return hasDrawing ? .imageOnly : .empty
        }
        if quality.isCorrupt { return .corruptText }
        if imageCoverage >= scanCoverage && quality.characters < 200 { return .imageOnly }
        if imageCoverage >= 0.3 { return .mixed }   // measured on thin pages only (cost)
        return .text
    }
}
