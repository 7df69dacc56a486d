import Foundation
import IngestCore

/// How usable a page's text layer is, judged on what its text *is*. Every whitespace-separated
/// token is sorted: a leader or a rule (`. . . .`, `.......`, `____`, `+---+`), a lone symbol
/// (`=`, `{`, `•`), a number (`103`, `12,5 %`, `2024-01-01`), a word, code or a formula
/// (`printf("%d",x);`, `f(x)=ax^2+b`), or junk (`3$/&/`). Tables of contents, indexes, tables,
/// listings and formulas are text; a text layer is garbage when its glyphs have no Unicode
/// (U+FFFD, private use, control characters, `(cid:123)`), when it reads as mojibake, when its
/// tokens are mostly junk or symbols, when its letters do not follow the letter pairs of any
/// language written in Latin script (a wrong ToUnicode map: glyph numbers read as letters), or when
/// its ideographs are Latin letters with their bytes swapped.
struct TextQuality: Sendable, Equatable {
    /// Non-whitespace characters (reported as the page's `characters`).
    var characters = 0
    /// Glyphs without Unicode: U+FFFD, private-use and control characters (a lone private-use
    /// symbol is a bullet, not counted), and `(cid:N)` sequences.
    var unmapped = 0
    /// Characters of leader and rule runs (dots of a table of contents, underlines, table rules).
    var leaders = 0
    /// Tokens with letters.
    var words = 0
    /// Tokens with letters that look like words of a language, code or a formula (or are in a
    /// script we cannot judge).
    var plausibleWords = 0
    /// Tokens with letters or digits.
    var judged = 0
    /// Tokens with letters or digits that are neither words, numbers, code nor formulas.
    var junk = 0
    /// Tokens of symbols only (not leaders or rules).
    var symbolTokens = 0
    /// Letters and digits among `characters`.
    var alphanumerics = 0
    /// Letters and digits of tokens (leaders and rules left out).
    var letters = 0
    var digits = 0
    /// Tokens with mojibake inside: « ThÃ©o » (UTF-8 read as Latin-1), « trsˆs » (Mac Roman read
    /// as Windows-1252).
    var mojibakeWords = 0
    /// Words with Š, š, Ž, ž or Ÿ between letters: mojibake (« ThŽo ») on a page without other
    /// letters of Latin Extended-A, letters of Czech, Slovak, Lithuanian… on a page with them.
    var letterMarkWords = 0
    var extendedLetters = 0
    /// Pairs of Latin letters inside runs of three letters or more, and those no language we know uses.
    var letterPairs = 0
    var rareLetterPairs = 0
    /// CJK ideographs, and those whose low byte is zero (UTF-16 bytes swapped: `H` read as U+4800).
    var ideographs = 0
    var swappedIdeographs = 0

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
            token.append(s)
        }
    }

    /// A token, cut where a leader run (three or more of the same leader character) runs through
    /// it: `Introduction.........3` is a word, a leader and a number.
    private mutating func judge(_ token: [Unicode.Scalar]) {
        var start = 0, i = 0
        let n = token.count
        while i < n {
            let s = token[i]
            if Scalar.isLeader(s) {
                var j = i + 1
                while j < n && token[j] == s { j += 1 }
                if j - i >= 3 {
                    if i > start { judgeSegment(token[start..<i]) }
                    leaders += j - i
                    start = j
                }
                i = j
            } else {
                i += 1
            }
        }
        if start < n { judgeSegment(token[start..<n]) }
    }

    private mutating func judgeSegment(_ seg: ArraySlice<Unicode.Scalar>) {
        let lower = seg.startIndex
        if seg.count == 1 {
            let s = seg[lower]
            if Scalar.isLeader(s) || Scalar.isRule(s) { leaders += 1; return }
            if Scalar.isUnmapped(s) {
                // A lone private-use glyph between words is a bullet (Symbol, Wingdings).
                if Scalar.isPrivateUse(s) { symbolTokens += 1 } else { unmapped += 1 }
                return
            }
        }
        var unmappedHere = 0
        for s in seg where s.value >= 0x80 || s.value < 0x20 || s.value == 0x7F {
            if Scalar.isUnmapped(s) { unmappedHere += 1 }
            if (0x3400...0x9FFF).contains(s.value) {
                ideographs += 1
                if s.value & 0xFF == 0 { swappedIdeographs += 1 }
            }
        }
        unmapped += unmappedHere
        if TextQuality.isCIDSequence(seg) { unmapped += seg.count - unmappedHere; judged += 1; junk += 1; return }

        // Strip surrounding punctuation: « (word), » …
        guard let first = seg.firstIndex(where: Scalar.isAlphanumeric),
              let last = seg.lastIndex(where: Scalar.isAlphanumeric) else {
            if seg.allSatisfy({ Scalar.isRule($0) || Scalar.isLeader($0) }) { leaders += seg.count } else { symbolTokens += 1 }
            return
        }
        judged += 1
        var letters = 0, digits = 0, joiners = 0, odd = 0
        var latin = true, vowel = false, mojibake = false, letterMark = false, previousLetter = false
        var previousBase: UInt8 = 255
        var pairs = 0, rare = 0, runPairs = 0, runRare = 0
        func endRun() {
            if runPairs >= 2 { pairs += runPairs; rare += runRare }
            runPairs = 0; runRare = 0
        }
        for i in first...last {
            let s = seg[i]
            let alphabetic = Scalar.isAlphabetic(s)
            var base: UInt8 = 255
            if alphabetic {
                letters += 1
                base = LatinLetters.base(s)
                if s.value >= 0x100 && s.value < 0x180 && !TextQuality.isLetterMark(s) { extendedLetters += 1 }
                if base == 255 {
                    if s.value > 0x24F && !(0x1E00...0x1EFF).contains(s.value) { latin = false }
                } else if !vowel && LatinLetters.isVowel(base) {
                    vowel = true
                }
            } else if Scalar.isNumeric(s) {
                digits += 1
            } else {
                switch s.value {
                // ' ’ - ‐ . & / , : % + _ ^ – — ° × · ± −
                case 0x27, 0x2019, 0x2D, 0x2010, 0x2E, 0x26, 0x2F, 0x2C, 0x3A, 0x25, 0x2B, 0x5F, 0x5E, 0x2013, 0x2014,
                     0xB0, 0xD7, 0xB7, 0xB1, 0x2212: joiners += 1
                default: odd += 1
                }
            }
            // Letter pairs of runs of three letters or more (shorter runs: variables, units).
            if base != 255 {
                if previousBase != 255 {
                    runPairs += 1
                    if !LatinLetters.common(previousBase, base) { runRare += 1 }
                } else {
                    endRun()
                }
            } else {
                endRun()
            }
            previousBase = base
            let mark = TextQuality.isMojibakeMark(s)
            // A mojibake mark between two letters, or Ã/Â followed by a Latin-1 continuation.
            if mark, previousLetter, i < last, Scalar.isAlphabetic(seg[i + 1]) {
                if TextQuality.isLetterMark(s) { letterMark = true } else { mojibake = true }
            }
            if s.value == 0xC3 || s.value == 0xC2, i < last, (0x80...0xBF).contains(seg[i + 1].value) { mojibake = true }
            previousLetter = alphabetic && !mark
        }
        endRun()
        self.letters += letters
        self.digits += digits
        if letters == 0 {
            // A number: digits with their separators (3.14, 12,5%, 2024-01-01, 1/2, 10^-3, 3×4);
            // brackets, quotes or operators between digits (`327)6`, `7=78`) are not one.
            if odd > 0 { junk += 1 }
            return
        }
        words += 1
        if mojibake { mojibakeWords += 1; return }
        if letterMark { letterMarkWords += 1 }
        letterPairs += pairs
        rareLetterPairs += rare
        if !latin { plausibleWords += 1; return }                      // another script: can't judge
        if odd == 0 && digits == 0 {
            // A word: a vowel, or short (an abbreviation, a unit).
            if vowel || letters <= 4 { plausibleWords += 1 }
        } else if letters <= digits || letters * 4 >= last - first + 1 {
            // A number with a unit or an ordinal (10kg, 1er, 3D), or code and formulas, whose
            // letters are at least a quarter of the token (x[i]=a+b;, f(x)=ax^2, printf("%d").
            plausibleWords += 1
        } else {
            junk += 1
        }
    }
    /// `(cid:123)`: what some tools write for a glyph without Unicode.
    static func isCIDSequence(_ seg: ArraySlice<Unicode.Scalar>) -> Bool {
        guard seg.count >= 7 else { return false }
        var i = seg.startIndex
        let end = seg.endIndex
        while i + 5 < end {
            if seg[i] == "(" && seg[i + 1] == "c" && seg[i + 2] == "i" && seg[i + 3] == "d" && seg[i + 4] == ":"
                && Scalar.isNumeric(seg[i + 5]) { return true }
            i += 1
        }
        return false
    }

    /// Letters that Windows-1252 / Mac Roman confusions put in the middle of a word.
    /// (Not œ: a French letter.)
    private static let mojibakeMarks = Set("ŽžŠšŸƒ‰‡†ˆ˜™›‹¡¢£¤¥¦§¨©ª«¬®¯°±²³´µ¶·¸¹º»¼½¾¿".unicodeScalars)

    @inline(__always) private static func isLetterMark(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x160, 0x161, 0x17D, 0x17E, 0x178: return true
        default: return false
        }
    }

    @inline(__always) private static func isMojibakeMark(_ s: Unicode.Scalar) -> Bool {
        s.value >= 0xA1 && mojibakeMarks.contains(s)
    }

    var unmappedShare: Double { characters == 0 ? 0 : Double(unmapped) / Double(characters) }
    var plausibleShare: Double { words == 0 ? 1 : Double(plausibleWords) / Double(words) }
    /// Words read with the wrong encoding.
    var mojibake: Int { mojibakeWords + (extendedLetters == 0 ? letterMarkWords : 0) }
    var mojibakeShare: Double { words == 0 ? 0 : Double(mojibake) / Double(words) }
    /// Tokens that are neither words, numbers, code nor formulas, among those with letters or digits.
    var junkShare: Double { judged == 0 ? 0 : Double(junk + words - plausibleWords - mojibakeWords) / Double(judged) }
    var rareLetterPairShare: Double { letterPairs == 0 ? 0 : Double(rareLetterPairs) / Double(letterPairs) }

    /// Why the text layer is garbage, or nil when it reads as text.
    var corruption: Corruption? {
        guard characters >= 20 else { return nil }
        if unmappedShare > 0.1 { return .unmapped }
        if mojibake >= 2 && mojibakeShare > 0.05 { return .mojibake }
        if judged >= 8 && junkShare > 0.5 { return .junk }
        // More lone symbols than words and numbers: glyph numbers of a font without ToUnicode read
        // as ASCII (`!"# $ & ' ( - & .`: its first glyphs, the letters' codes below 0x20 dropped).
        // Text, code and formulas of 70 Debian and corpus PDFs have at most 1 symbol in 4 tokens.
        if symbolTokens >= 10 && symbolTokens > judged { return .symbols }
        // Without letters, a page is a table of figures: mostly digits, and numbers that are numbers.
        let written = characters - leaders
        if written >= 100 && letters * 20 < written {
            if digits * 5 < written * 2 { return .symbols }
            if judged >= 8 && junkShare > 0.25 { return .junk }
        }
        // Measured on the pages of 70 Debian and corpus PDFs in 30 languages: at most 0.10 for
        // text, code and formulas; at least 0.14 for glyph numbers read as letters.
        if letterPairs >= 60 && rareLetterPairShare > 0.14 { return .letterPairs }
        if ideographs >= 20 && swappedIdeographs * 4 > ideographs { return .swappedBytes }
        return nil
    }

    enum Corruption: String, Sendable { case unmapped, mojibake, junk, symbols, letterPairs, swappedBytes }

    /// A text layer that is there but reads as garbage.
    var isCorrupt: Bool { corruption != nil }

    /// The figures, for the dump helper and bench/pdf.
    var summary: String {
        String(format: "chars=%d unmapped=%.3f junk=%.2f (judged %d) symbols=%d leaders=%d pairs=%d rare=%.3f mojibake=%d",
               characters, unmappedShare, junkShare, judged, symbolTokens, leaders, letterPairs, rareLetterPairShare, mojibake)
    }
}

/// Latin letters folded to their base letter a–z (accents, ligature halves and ß, ø, ł… mapped),
/// and which pairs of base letters the languages written in Latin script use.
enum LatinLetters {
    /// 0–25 for a…z, 255 for anything else.
    @inline(__always) static func base(_ s: Unicode.Scalar) -> UInt8 {
        let v = s.value
        if v < 0x80 {
            let l = (v | 0x20) &- 0x61
            return l < 26 ? UInt8(l) : 255
        }
        if v >= 0xC0 && v < 0x250 { return table[Int(v - 0xC0)] }
        if v >= 0x1E00 && v < 0x1F00 { return table[Int(v - 0x1E00) + 0x190] }
        return 255
    }

    @inline(__always) static func isVowel(_ base: UInt8) -> Bool {
        // a e i o u y
        base < 26 && (0x0110_4111 as UInt32) >> UInt32(base) & 1 == 1
    }

    /// Base letters of U+00C0–U+024F, then U+1E00–U+1EFF.
    private static let table: [UInt8] = {
        var t = [UInt8](repeating: 255, count: 0x190 + 0x100)
        let extra: [Unicode.Scalar: Character] = ["ß": "s", "ø": "o", "Ø": "o", "æ": "a", "Æ": "a", "œ": "o", "Œ": "o",
                                                  "ł": "l", "Ł": "l", "đ": "d", "Đ": "d", "ı": "i", "þ": "t", "Þ": "t",
                                                  "ð": "d", "Ð": "d", "ŀ": "l", "Ŀ": "l", "ħ": "h", "Ħ": "h", "ŧ": "t"]
        func fill(_ range: ClosedRange<UInt32>, offset: Int) {
            for v in range {
                guard let s = Unicode.Scalar(v), s.properties.isAlphabetic else { continue }
                var letter: Character? = extra[s]
                if letter == nil, let first = String(s).decomposedStringWithCanonicalMapping.unicodeScalars.first,
                   first.value < 0x80 { letter = Character(first) }
                guard let ascii = letter?.lowercased().unicodeScalars.first?.value, ascii >= 0x61, ascii <= 0x7A else { continue }
                t[Int(v - range.lowerBound) + offset] = UInt8(ascii - 0x61)
            }
        }
        fill(0xC0...0x24F, offset: 0)
        fill(0x1E00...0x1EFF, offset: 0x190)
        return t
    }()

    /// Whether `a` followed by `b` (base letters) is a pair some language uses. Built from the
    /// Debian Administrator's Handbook in Catalan, Danish, German, English, Spanish, French,
    /// Indonesian, Italian, Norwegian, Dutch and Portuguese (pairs of at least 1 in 5,000 inside
    /// words of three letters or more), and Debian's reference cards in Czech, Polish, Slovak,
    /// Hungarian, Finnish, Turkish, Lithuanian, Romanian, Vietnamese, Basque, Galician, Malay and
    /// Swedish (1 in 2,000); 493 of the 676 pairs.
    @inline(__always) static func common(_ a: UInt8, _ b: UInt8) -> Bool {
        guard a < 26, b < 26 else { return true }
        return pairs[Int(a)] >> UInt32(b) & 1 == 1
    }

    private static let pairs: [UInt32] = [
        0x3FFFFFF, 0x11E4913, 0x31EFF9D, 0x33EFD9B, 0x3FFFFFF, 0x11E4979, 0x13EEFD3, 0x17E7F1D, 0x3FFFFFF, 0x01C7D19,
        0x13E6FDF, 0x13DFFFF, 0x13CFD9F, 0x37CFFFF, 0x3FEFFFF, 0x33EEDFD, 0x0100000, 0x3FFFFFF, 0x37FFFFF, 0x3FEFFFF,
        0x3FEFFFF, 0x33E75D7, 0x1566191, 0x118C115, 0x23EFF97, 0x37A7DDB,
    ]
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

    @inline(__always) static func isAlphanumeric(_ s: Unicode.Scalar) -> Bool { isAlphabetic(s) || isNumeric(s) }

    /// U+FFFD, private-use and control characters: glyphs poppler could not map to Unicode.
    @inline(__always) static func isUnmapped(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x21...0x7E: return false
        case 0xFFFD, 0xE000...0xF8FF, 0xF0000...0x10FFFF, 0x00...0x1F, 0x7F...0x9F: return true
        default: return false
        }
    }

    @inline(__always) static func isPrivateUse(_ s: Unicode.Scalar) -> Bool {
        (0xE000...0xF8FF).contains(s.value) || s.value >= 0xF0000
    }

    /// Characters that leaders are made of: `Axes . . . . 103`, `Axes ........ 103`, `____`.
    @inline(__always) static func isLeader(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x2E, 0x5F, 0x2D, 0x2A, 0x7E, 0x3D, 0xB7, 0x2026, 0x2013, 0x2014, 0x2022, 0x2025, 0x22EF, 0x2219, 0x2500, 0x2501: return true
        default: return false
        }
    }

    /// Characters of drawn table rules and frames: `+----+----+`, `|`, box drawing.
    @inline(__always) static func isRule(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x2B, 0x7C, 0x3A, 0x23, 0x2500...0x257F: return true
        default: return isLeader(s)
        }
    }
}

/// Where a page's images lie against its text, measured on a grid of cells.
struct ImageFacts: Sendable, Equatable {
    /// Share of the page covered by images (0…1, overlaps counted once per image).
    var coverage = 0.0
    /// Share of the page where an image lies with no text on or beside it.
    var textless = 0.0
    /// Share of the page where such an image shows marks (contrast: writing, a drawing, a photo),
    /// not a plain or gently shaded background.
    var textlessMarked = 0.0

    static let none = ImageFacts()
}

/// The text-layer-or-OCR decision for one page, in one place:
/// - `text`: the text layer is the page's text (`mixed`: and it has images, without marks
///   where there is no text: figures without writing, backgrounds);
/// - `imageOnly`: images hold the page's writing (a scan, a scan with a typed header or a stamp,
///   typed text beside a scanned excerpt or a screenshot): the whole page is read by OCR;
/// - `corruptText`: the text layer is garbage: the whole page is read by OCR;
/// - `empty`: nothing to read.
enum PageClassifier {
    /// Below this many characters a page has no real text layer (a page number, a stamp).
    static let thinText = 20
    /// Images with marks and no text over them that cover this share of the page are read by OCR.
    static let markedImageShare = 0.2

    static func classify(_ quality: TextQuality, images: ImageFacts, hasDrawing: Bool) -> PageRecord.Classification {
        if quality.characters < thinText {
            if images.coverage > 0.02 { return .imageOnly }
            // A few readable characters alone on a page ("Secret!") are its text; a few
            // unreadable ones over drawn glyphs are a font without Unicode mapping.
            if quality.plausibleWords > 0 && quality.unmappedShare < 0.1 { return .text }
            if quality.characters > 0 && hasDrawing { return .corruptText }
            return hasDrawing ? .imageOnly : .empty
        }
        if quality.isCorrupt { return .corruptText }
        if images.textlessMarked >= markedImageShare { return .imageOnly }
        if images.coverage >= 0.3 { return .mixed }
        return .text
    }
}

extension PageRecord.Classification {
    /// Whether the page's text layer is kept (the others go to OCR or are blank).
    var hasUsableText: Bool { self == .text || self == .mixed }
}
