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
        var token = String.UnicodeScalarView()
        for s in text.unicodeScalars {
            if s.properties.isWhitespace {
                if !token.isEmpty { judge(token); token.removeAll(keepingCapacity: true) }
                continue
            }
            characters += 1
            if s.properties.isAlphabetic || s.properties.numericType != nil { alphanumerics += 1 }
            switch s.value {
            case 0xFFFD, 0xE000...0xF8FF, 0xF0000...0x10FFFF, 0x00...0x1F, 0x7F...0x9F: unmapped += 1
            default: break
            }
            token.append(s)
        }
        if !token.isEmpty { judge(token) }
    }

    private static let vowels = Set("aeiouyàâäáãåéèêëíìîïóòôöõúùûüýÿæœAEIOUYÀÂÄÁÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÝŸÆŒ".unicodeScalars)
    /// Letters that Windows-1252 / Mac Roman confusions put in the middle of a word.
    private static let mojibakeMarks = Set("ŽžŠšŒœŸƒ‰‡†ˆ˜™›‹¡¢£¤¥¦§¨©ª«¬®¯°±²³´µ¶·¸¹º»¼½¾¿".unicodeScalars)

    private mutating func judge(_ token: String.UnicodeScalarView) {
        let scalars = Array(token)
        // Strip surrounding punctuation: « (word), » …
        guard let first = scalars.firstIndex(where: { $0.properties.isAlphabetic }),
              let last = scalars.lastIndex(where: { $0.properties.isAlphabetic }) else { return }
        let core = scalars[first...last]
        words += 1
        var latin = true, vowel = false, digits = 0, odd = 0, mojibake = false
        var previousLetter = false
        for (i, s) in zip(core.indices, core) {
            if s.properties.isAlphabetic {
                if s.value > 0x24F && !(0x1E00...0x1EFF).contains(s.value) { latin = false }
                if TextQuality.vowels.contains(s) { vowel = true }
            } else if s.properties.numericType != nil {
                digits += 1
            } else if !"'’-‐.&/".unicodeScalars.contains(s) {
                odd += 1
            }
            // A mojibake mark between two letters, or Ã/Â followed by a Latin-1 continuation.
            if TextQuality.mojibakeMarks.contains(s), previousLetter, i < core.index(before: core.endIndex),
               core[core.index(after: i)].properties.isAlphabetic {
                mojibake = true
            }
            if (s == "Ã" || s == "Â"), i < core.index(before: core.endIndex),
               (0x80...0xBF).contains(core[core.index(after: i)].value) {
                mojibake = true
            }
            previousLetter = s.properties.isAlphabetic && !TextQuality.mojibakeMarks.contains(s)
        }
        if mojibake { mojibakeWords += 1; return }
        if !latin { plausibleWords += 1; return }                      // another script: can't judge
        let letters = core.count - digits - odd
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
