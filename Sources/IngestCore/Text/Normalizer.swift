import Foundation

/// The text normalization of SPEC §3, shared by every extractor: Unicode NFC, line endings, control
/// and zero-width characters removed, soft hyphens removed, ligatures unfolded, end-of-line
/// hyphenation joined, whitespace tidied. Pure and idempotent (a property test checks).
/// One pass over Unicode scalars; Foundation's NFC only runs when a scalar could change under it.
public enum Normalizer {
    static let ligatures: [UInt32: String] = [
        0xFB00: "ff", 0xFB01: "fi", 0xFB02: "fl", 0xFB03: "ffi", 0xFB04: "ffl",
        0xFB05: "st", 0xFB06: "st", 0xA732: "AA", 0xA733: "aa", 0x1D6B: "ue",
    ]

    /// Normalizes one block of text. Single line breaks are kept (lists, verse, addresses); lines
    /// are trimmed; runs of spaces collapse to one and runs of blank lines to one blank line.
    public static func normalize(_ input: String) -> String {
        var text = input
        // Every block of every document passes here: walk the UTF-8 bytes directly (native
        // strings are contiguous), copy kept scalars byte for byte, decode once at the end.
        return text.withUTF8 { normalize(utf8: $0) }
    }

    /// The state of one normalization: the bytes kept so far and what waits to be written.
    private struct Output {
        var bytes: [UInt8] = []
        var needsNFC = false
        var hasCutWord = false
        var pendingSpace = false     // a space waiting for the next visible character on the line
        var pendingBreaks = 0        // line breaks waiting for the next visible character
        var lineHasText = false
        var lastIsHyphen = false

        @inline(__always) mutating func beforeVisible() {
            if pendingBreaks > 0 {
                if !bytes.isEmpty {
                    if lastIsHyphen { hasCutWord = true }
                    bytes.append(0x0A)
                    if pendingBreaks > 1 { bytes.append(0x0A) }
                }
                pendingBreaks = 0
                pendingSpace = false
            } else if pendingSpace {
                if lineHasText { bytes.append(0x20) }
                pendingSpace = false
            }
            lineHasText = true
        }

        @inline(__always) mutating func emit(_ byte: UInt8) {
            beforeVisible()
            bytes.append(byte)
            lastIsHyphen = byte == 0x2D
        }

        @inline(__always) mutating func emit(_ source: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) {
            beforeVisible()
            for k in start..<(start + count) { bytes.append(source[k]) }
            lastIsHyphen = false
        }

        @inline(__always) mutating func lineBreak() {
            if lineHasText || pendingBreaks > 0 { pendingBreaks += 1 }
            lineHasText = false
            pendingSpace = false
        }
    }

    private static func normalize(utf8 p: UnsafeBufferPointer<UInt8>) -> String {
        var o = Output()
        o.bytes.reserveCapacity(p.count)
        var previousWasCR = false
        var i = 0
        let n = p.count
        while i < n {
            let b = p[i]
            if b < 0x80 {
                i += 1
                if previousWasCR { previousWasCR = false; if b == 0x0A { continue } }
                switch b {
                case 0x0D: o.lineBreak(); previousWasCR = true
                case 0x0A, 0x0B, 0x0C: o.lineBreak()
                case 0x09, 0x20: o.pendingSpace = true
                case 0x00...0x1F, 0x7F: continue
                default: o.emit(b)
                }
                continue
            }
            // A multi-byte scalar (the input is valid UTF-8: it comes from a String).
            let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2
            var v = UInt32(b) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for k in 1..<length { v = v << 6 | UInt32(p[i + k] & 0x3F) }
            let start = i
            i += length
            previousWasCR = false
            switch v {
            case 0x80...0x9F, 0x00AD, 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x180E, 0xE000...0xF8FF:
                continue                                            // controls (NEL too), soft hyphen, zero-width, private use
            case 0x2028, 0x2029: o.lineBreak()
            case 0x00A0, 0x1680, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: o.pendingSpace = true
            case 0xFB00...0xFB06, 0xA732, 0xA733, 0x1D6B:
                for u in ligatures[v]!.utf8 { o.emit(u) }
            default:
                if !isNFCStable(v) { o.needsNFC = true }
                o.emit(p, start, length)
            }
        }
        var result = String(decoding: o.bytes, as: UTF8.self)
        if o.needsNFC {
            result = result.precomposedStringWithCanonicalMapping
        }
        return o.hasCutWord ? joinHyphenation(result) : result
    }

    /// Scalars that NFC leaves alone whatever surrounds them: everything below the combining
    /// diacritics block, and the punctuation, currency and arrows that French course text uses.
    @inline(__always) static func isNFCStable(_ v: UInt32) -> Bool {
        v < 0x0300 || (0x2010...0x2027).contains(v) || (0x2030...0x205E).contains(v) || v == 0x20AC
            || (0x2190...0x2199).contains(v) || (0x2200...0x2203).contains(v) || (0x2205...0x2208).contains(v)
            || (0x2211...0x221E).contains(v) || v == 0x2248 || (0x2264...0x2265).contains(v)
    }

    /// Trims each line, collapses runs of spaces and of blank lines (a subset of `normalize`).
    public static func tidyWhitespace(_ s: String) -> String { normalize(s) }

    /// `s` without leading and trailing punctuation (Unicode categories P*, as Foundation's
    /// `.punctuationCharacters`), without bridging to NSString.
    static func trimmingPunctuation(_ s: String) -> String {
        let scalars = s.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isPunctuation($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isPunctuation($0) })!
        return String(scalars[first...last])
    }

    @inline(__always) static func isPunctuation(_ s: Unicode.Scalar) -> Bool {
        if s.value < 0x80 {
            // ASCII punctuation in categories P*: !"#%&'()*,-./:;?@[\]_{}  (not $+<=>^`|~, which are symbols)
            switch s.value {
            case 0x21...0x23, 0x25...0x2A, 0x2C...0x2F, 0x3A, 0x3B, 0x3F, 0x40, 0x5B...0x5D, 0x5F, 0x7B, 0x7D: return true
            default: return false
            }
        }
        switch s.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation: return true
        default: return false
        }
    }

    /// Joins words cut by a hyphen at a line end ("exem-\nple" → "exemple"). A compound that is
    /// written with its hyphen elsewhere in the same text ("peut-être") keeps its hyphen.
    /// Expects tidied text (no spaces around line breaks).
    public static func joinHyphenation(_ s: String) -> String {
        guard s.contains("-\n") else { return s }
        var hyphenated = Set<String>()
        for word in s.split(whereSeparator: { $0 == " " || $0 == "\n" }) where word.contains("-") {
            hyphenated.insert(trimmingPunctuation(word.lowercased()))
        }
        let chars = Array(s)
        var out: [Character] = []
        out.reserveCapacity(chars.count)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "-", i > 0, chars[i - 1].isLetter, i + 2 < chars.count, chars[i + 1] == "\n",
               chars[i + 2].isLetter, chars[i + 2].isLowercase {
                var l = out.count
                while l > 0, out[l - 1].isLetter || out[l - 1] == "-" { l -= 1 }
                var r = i + 2
                while r < chars.count, chars[r].isLetter || chars[r] == "-" { r += 1 }
                let left = String(out[l...]).lowercased(), right = String(chars[(i + 2)..<r]).lowercased()
                if hyphenated.contains(left + "-" + right) { out.append("-") }  // a real compound keeps its hyphen
                i += 2                                                           // drop the line break
                continue
            }
            out.append(c)
            i += 1
        }
        return String(out)
    }
}
