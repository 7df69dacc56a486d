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
    /// `words`: the dictionaries that decide an end-of-line hyphen the text itself cannot
    /// (`joinHyphenation`); without them such a hyphen is a syllable break.
    public static func normalize(_ input: String, words: (any WordList)? = nil) -> String {
        normalize(input, words: words, joiningHyphens: true)
    }

    /// `normalize`; `joiningHyphens` false leaves the line-end hyphens for `joinHyphenation` to
    /// decide later with a whole document's spellings (`OwnSpellings`), as `DocumentBuilder` does.
    public static func normalize(_ input: String, words: (any WordList)? = nil, joiningHyphens: Bool) -> String {
        var input = input
        // The output is never longer than the input (every replacement is as short or shorter).
        // It is written to a scratch buffer: text that is already normalized (most blocks) is
        // then returned as it came, without a new String nor a second UTF-8 validation.
        var needsNFC = false, hasCutWord = false, unchanged = false
        var result = input.withUTF8 { bytes -> String in
            let capacity = max(bytes.count, 1)
            let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            defer { scratch.deallocate() }
            var state = State(out: scratch, capacity: capacity)
            state.run(bytes)
            needsNFC = state.needsNFC
            hasCutWord = state.hasCutWord
            if state.count == bytes.count, bytes.isEmpty || memcmp(scratch, bytes.baseAddress!, bytes.count) == 0 {
                unchanged = true
                return ""
            }
            return String(decoding: UnsafeBufferPointer(start: scratch, count: state.count), as: UTF8.self)
        }
        if unchanged { result = input }
        if needsNFC { result = result.precomposedStringWithCanonicalMapping }
        return hasCutWord && joiningHyphens ? joinHyphenation(result, words: words) : result
    }

    /// The single pass, as a value with mutating methods (closures capturing `var`s would cost a
    /// dynamic exclusivity check on every byte).
    struct State {
        let out: UnsafeMutablePointer<UInt8>
        let capacity: Int
        var count = 0
        var needsNFC = false
        var hasCutWord = false
        var pendingSpace = false     // a space waiting for the next visible character on the line
        var pendingBreaks = 0        // line breaks waiting for the next visible character
        var lineHasText = false
        var lastWasHyphen = false
        /// The last scalar written that is not ASCII (0 after ASCII): what a zero-width joiner joins.
        var lastScalar: UInt32 = 0

        init(out: UnsafeMutablePointer<UInt8>, capacity: Int) { self.out = out; self.capacity = capacity }

        @inline(__always) mutating func put(_ b: UInt8) {
            if count < capacity { out[count] = b; count += 1 }
        }

        @inline(__always) mutating func beforeVisible() {
            if pendingBreaks > 0 {
                if count > 0 {
                    if lastWasHyphen { hasCutWord = true }
                    put(0x0A)
                    if pendingBreaks > 1 { put(0x0A) }
                }
                pendingBreaks = 0
                pendingSpace = false
            } else if pendingSpace {
                if lineHasText { put(0x20) }
                pendingSpace = false
            }
            lineHasText = true
        }

        @inline(__always) mutating func lineBreak() {
            if lineHasText || pendingBreaks > 0 { pendingBreaks += 1 }
            lineHasText = false
            pendingSpace = false
        }

        mutating func run(_ bytes: UnsafeBufferPointer<UInt8>) {
            var i = 0
            while i < bytes.count {
                let b = bytes[i]
                if b > 0x20 && b < 0x7F {
                    // A run of visible ASCII (a word, usually) is copied as is: what the per-byte
                    // path does, since only its first byte can emit pending spaces or breaks.
                    beforeVisible()
                    // Eight bytes at a time: the word is stored whole and the count advanced by
                    // its visible length (the output never outruns the input, so the store fits).
                    while i + 8 <= bytes.count, count + 8 <= capacity {
                        let w = UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self)
                        let k = Normalizer.visibleASCIIPrefix(w)
                        UnsafeMutableRawPointer(out + count).storeBytes(of: w, as: UInt64.self)
                        count += k
                        i += k
                        if k < 8 { break }
                    }
                    while i < bytes.count, bytes[i] > 0x20, bytes[i] < 0x7F {
                        put(bytes[i])
                        i += 1
                    }
                    lastWasHyphen = bytes[i - 1] == 0x2D
                    lastScalar = 0
                    continue
                }
                if b < 0x80 {
                    i += 1
                    switch b {
                    case 0x0D:
                        lineBreak()
                        if i < bytes.count, bytes[i] == 0x0A { i += 1 }
                    case 0x0A, 0x0B, 0x0C: lineBreak()
                    case 0x09, 0x20: pendingSpace = true
                    case 0x00...0x1F, 0x7F: continue
                    default:
                        beforeVisible()
                        put(b)
                        lastWasHyphen = b == 0x2D
                        lastScalar = 0
                    }
                    continue
                }
                let length = b >= 0xF0 ? 4 : (b >= 0xE0 ? 3 : 2)
                var v = UInt32(b) & (length == 2 ? 0x1F : (length == 3 ? 0x0F : 0x07))
                for k in 1..<length where i + k < bytes.count { v = v << 6 | UInt32(bytes[i + k] & 0x3F) }
                let start = i
                i = min(i + length, bytes.count)
                switch v {
                case 0x200C where Normalizer.joinsInScript(lastScalar), 0x200D where Normalizer.joinsInScript(lastScalar):
                    // A non-joiner or joiner after Arabic, Persian or Indic letters (`می‌شود`) or
                    // inside an emoji sequence is part of the word; after Latin it is noise.
                    for k in start..<i { put(bytes[k]) }
                case 0x80...0x9F, 0x00AD, 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x180E, 0xE000...0xF8FF:
                    continue                                        // controls, soft hyphen, zero-width, private use
                case 0x85, 0x2028, 0x2029: lineBreak()
                case 0x00A0, 0x1680, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: pendingSpace = true
                default:
                    beforeVisible()
                    lastWasHyphen = false
                    lastScalar = v
                    if let unfolded = ligatures[v] { for u in unfolded.utf8 { put(u) }; continue }
                    if !isNFCStable(v) { needsNFC = true }
                    for k in start..<i { put(bytes[k]) }
                }
            }
        }
    }

    /// Scripts whose words hold zero-width (non-)joiners: from Hebrew (U+0590) up, which takes in
    /// Arabic, Persian, Syriac and the Indic scripts, and the emoji that ZWJ sequences join.
    @inline(__always) static func joinsInScript(_ v: UInt32) -> Bool {
        (0x0590..<0x1E00).contains(v) || (0xA800..<0xABFF).contains(v) || (0xFB1D..<0xFE00).contains(v)
            || (0xFE70..<0xFF00).contains(v) || v >= 0x1F000 || (0x2600..<0x27C0).contains(v)
    }

    /// How many of the word's bytes (in memory order) are visible ASCII (0x21–0x7E) before the
    /// first that is not. SWAR range tests: a byte ≥ 0x80 is excluded by its own high bit, and the
    /// carry it may cause only reaches bytes after it.
    @inline(__always) static func visibleASCIIPrefix(_ w: UInt64) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let atLeast21 = w &+ ones &* (0x80 - 0x21)
        let atLeast7F = w &+ ones &* (0x80 - 0x7F)
        let visible = atLeast21 & ~atLeast7F & ~w & highs
        return (~visible & highs).trailingZeroBitCount >> 3
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

    /// The spellings a text writes, read from its runs of letters and hyphens (an address or a
    /// path holds words too: `debian-devel@lists.debian.org` writes `debian-devel`): compounds
    /// with their hyphen and words whole, in lower case, and words whole with a capital inside
    /// as written (`binNMUs`). What decides a line-end hyphen first (`joinHyphenation`): a block's
    /// own, or a whole document's (`DocumentBuilder`: a package name written `dpkg-buildpackage`
    /// in one paragraph keeps its hyphen where another paragraph's line ends on it).
    /// Each spelling is counted: a book that writes `autobuilder` six times and `auto-builder`
    /// once (maint-guide) joins `auto-\nbuilder`.
    public struct OwnSpellings: Sendable {
        /// Counted by their bytes (`WordCounts`: a String made and hashed per word read was
        /// ≈ 1,100 instructions a word, 0.14 G on a 311-page manual).
        var hyphenated = WordCounts(), whole = WordCounts(), capitalized = Set<String>()

        public init() {}

        public init(_ text: String) { read(text) }

        /// Reads `text`'s runs of letters and hyphens by Unicode scalars (a whole book's text: no
        /// grapheme breaking, and ASCII letters told without Unicode's tables), from its UTF-8
        /// bytes: a run of ASCII bytes (most words of a book) is lower-cased byte by byte, a run
        /// holding any other letter as a String (`lowercased()`), with the same spellings as
        /// `readScalars`, the reference (`NormalizerTests` compares them).
        public mutating func read(_ text: String) {
            var text = text
            text.withUTF8 { readBytes($0) }
        }

        private mutating func readBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
            let n = bytes.count
            /// The scalar whose UTF-8 starts at `i` (valid UTF-8: a String's bytes) and its length.
            @inline(__always) func scalar(at i: Int) -> (value: UInt32, length: Int) {
                let b = UInt32(bytes[i])
                if b < 0x80 { return (b, 1) }
                if b < 0xE0 { return ((b & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F), 2) }
                if b < 0xF0 { return ((b & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F), 3) }
                return ((b & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12 | UInt32(bytes[i + 2] & 0x3F) << 6 | UInt32(bytes[i + 3] & 0x3F), 4)
            }
            @inline(__always) func inWord(_ v: UInt32) -> Bool {
                v < 0x80 ? v == 0x2D || (v | 0x20 >= 0x61 && v | 0x20 <= 0x7A) : Unicode.Scalar(v)?.properties.isAlphabetic == true
            }
            var lowered: [UInt8] = []
            var i = 0
            while i < n {
                var (v, length) = scalar(at: i)
                guard inWord(v) else { i += length; continue }
                var start = i, end = i, ascii = true
                while end < n {
                    (v, length) = scalar(at: end)
                    guard inWord(v) else { break }
                    if length > 1 { ascii = false }
                    end += length
                }
                i = end
                // Hyphens are ASCII: trimming them never cuts a scalar.
                while start < end, bytes[start] == 0x2D { start += 1 }
                while end > start, bytes[end - 1] == 0x2D { end -= 1 }
                guard start < end else { continue }
                let run = UnsafeBufferPointer(rebasing: bytes[start..<end])
                guard ascii else {
                    let word = String(decoding: run, as: UTF8.self), key = word.lowercased()
                    if key.utf8.contains(0x2D) { hyphenated.add(key) } else {
                        whole.add(key)
                        if key != word, word.unicodeScalars.dropFirst().contains(where: \.properties.isUppercase) { capitalized.insert(word) }
                    }
                    continue
                }
                lowered.removeAll(keepingCapacity: true)
                var hyphen = false, upperInside = false
                for (k, b) in run.enumerated() {
                    if b == 0x2D { hyphen = true; lowered.append(b) }
                    else if b <= 0x5A { lowered.append(b | 0x20); if k > 0 { upperInside = true } }
                    else { lowered.append(b) }
                }
                lowered.withUnsafeBufferPointer { key in
                    if hyphen { hyphenated.add(bytes: key) } else { whole.add(bytes: key) }
                }
                if !hyphen, upperInside { capitalized.insert(String(decoding: run, as: UTF8.self)) }
            }
        }

        /// Reads `text`'s runs of letters and hyphens scalar by scalar: what `read` does, kept as
        /// its reference for the tests.
        mutating func readScalars(_ text: String) {
            let scalars = text.unicodeScalars
            @inline(__always) func inWord(_ u: Unicode.Scalar) -> Bool {
                u.value < 0x80 ? u == "-" || (u.value | 0x20 >= 0x61 && u.value | 0x20 <= 0x7A) : u.properties.isAlphabetic
            }
            var i = scalars.startIndex
            while i < scalars.endIndex {
                guard inWord(scalars[i]) else { scalars.formIndex(after: &i); continue }
                var start = i, end = i
                while end < scalars.endIndex, inWord(scalars[end]) { scalars.formIndex(after: &end) }
                i = end
                while start < end, scalars[start] == "-" { scalars.formIndex(after: &start) }
                while end > start, scalars[scalars.index(before: end)] == "-" { scalars.formIndex(before: &end) }
                guard start < end else { continue }
                let word = String(scalars[start..<end]), key = word.lowercased()
                if key.utf8.contains(0x2D) { hyphenated.add(key) } else {
                    whole.add(key)
                    if key != word, word.unicodeScalars.dropFirst().contains(where: \.properties.isUppercase) { capitalized.insert(word) }
                }
            }
        }
    }

    /// Joins words cut by a hyphen at a line end ("exem-\nple" → "exemple") and keeps the hyphen
    /// of a compound that happens to end a line ("haut-\nparleur" → "haut-parleur"). In order:
    /// the text's own use (the compound written with its hyphen elsewhere, or the word written
    /// whole elsewhere: `spellings`, the text's own when nil); then the dictionaries: the joined
    /// word is a word → joined; else the hyphenated form is one (an entry, or two words: hunspell
    /// breaks at hyphens) → kept; else (names, terms no dictionary knows) a syllable break, joined.
    /// A right part that starts with a capital ("Jean-\nPierre") is joined only where the text
    /// writes the joined word as such (`binN-\nMUs`, `binNMUs` elsewhere), never by a dictionary;
    /// a hyphen inside an address, a path or a name with digits (`debian-\ndevel@lists.debian.org`,
    /// `doc/debian-\npolicy/`, `debian-\ni18n`) is kept: no typesetter cuts those at a syllable,
    /// so the hyphen is theirs (Sphinx's text writer and LaTeX's `\url` break lines after it).
    /// Expects tidied text (no spaces around breaks).
    public static func joinHyphenation(_ s: String, words: (any WordList)? = nil, spellings: OwnSpellings? = nil) -> String {
        guard ByteSearch.contains(s, "-\n") else { return s }
        let own = spellings ?? OwnSpellings(s)
        let chars = Array(s)
        var out: [Character] = []
        out.reserveCapacity(chars.count)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "-", i > 0, chars[i - 1].isLetter, i + 2 < chars.count, chars[i + 1] == "\n", chars[i + 2].isLetter {
                var l = out.count
                while l > 0, out[l - 1].isLetter || out[l - 1] == "-" { l -= 1 }
                var r = i + 2
                while r < chars.count, chars[r].isLetter || chars[r] == "-" { r += 1 }
                let left = String(out[l...]), right = String(chars[(i + 2)..<r])
                if !chars[i + 2].isLowercase {
                    // Joined only as the text writes the word (never a dictionary's guess).
                    let part = left.split(separator: "-").last.map(String.init) ?? left
                    guard own.capitalized.contains(part + right), own.hyphenated[(part + "-" + right).lowercased()] == nil,
                          !isInsideName(before: out, after: chars[(i + 2)...]) else { out.append(c); i += 1; continue }
                } else if isInsideName(before: out, after: chars[(i + 2)...]) { out.append("-") }
                else if keepsHyphen(left: left, right: right, hyphenated: own.hyphenated, whole: own.whole, words: words) { out.append("-") }
                i += 2                                                           // drop the line break
                continue
            }
            out.append(c)
            i += 1
        }
        return String(out)
    }

    /// Whether the text around a line-end hyphen, up to the spaces on either side, is an address,
    /// a path or a name rather than a word of prose: it holds `@ _ : = ~ #`, a digit followed by a
    /// letter (`i18n`, `x86_64`), or before the hyphen a slash or a dot followed by a letter or
    /// digit (`doc/debian-`, `*.changes-`), once its surrounding quotes, brackets and sentence
    /// punctuation are set aside. After the cut word a slash is prose's "or" (`hir-\ning/firing`),
    /// and a dot may end a word TeX did cut at a syllable (`sam-\npling.dem`, `men-\ntors.debian.net`).
    static func isInsideName(before: [Character], after: ArraySlice<Character>) -> Bool {
        var start = before.count
        while start > 0, !before[start - 1].isWhitespace { start -= 1 }
        var end = after.startIndex
        while end < after.endIndex, !after[end].isWhitespace { end += 1 }
        let token = Array(before[start...]) + ["-"] + Array(after[after.startIndex..<end])
        let hyphen = before.count - start
        var a = 0, b = token.count
        while a < b, opening(token[a]) { a += 1 }
        while b > a, closing(token[b - 1]) { b -= 1 }
        guard a < b else { return false }
        for k in a..<b {
            switch token[k] {
            case "@", "_", ":", "=", "~", "#": return true
            case "/", "\\": if k < hyphen { return true }
            case ".": if k < hyphen, k + 1 < b, token[k + 1].isLetter || token[k + 1].isNumber { return true }
            default: if token[k].isNumber, k + 1 < b, token[k + 1].isLetter { return true }
            }
        }
        return false
    }

    /// Quotes and brackets before a token; quotes, brackets and a sentence's punctuation after it.
    private static func opening(_ c: Character) -> Bool {
        guard let u = c.unicodeScalars.first, c.unicodeScalars.count == 1 else { return false }
        switch u.properties.generalCategory {
        case .openPunctuation, .initialPunctuation: return true
        default: return "\"'`«‹“‘¿¡".contains(c)
        }
    }

    private static func closing(_ c: Character) -> Bool {
        guard let u = c.unicodeScalars.first, c.unicodeScalars.count == 1 else { return false }
        switch u.properties.generalCategory {
        case .closePunctuation, .finalPunctuation: return true
        default: return "\"'`»›”’.,;:!?…".contains(c)
        }
    }

    /// Learned prefixes of French and English: a word made with one is written joined today
    /// (`ultrason`, `antivirus`, `microfilm`, `overload`), though dictionaries list older hyphenated forms.
    static let prefixes: Set<String> = ["anti", "archi", "auto", "bio", "contre", "counter", "extra", "hyper", "hypo", "infra",
                                        "inter", "intra", "macro", "mega", "méga", "micro", "mini", "multi", "neo", "néo", "over",
                                        "poly", "post", "pre", "pré", "pro", "pseudo", "semi", "sous", "sub", "super", "supra",
                                        "sur", "tele", "télé", "trans", "ultra", "under"]

    /// Whether the hyphen between `left` and `right` (a line end between them) is the word's own.
    /// The text's own use first: the spelling it writes more often (the hyphenated one when as often).
    static func keepsHyphen(left: String, right: String, hyphenated: WordCounts, whole: WordCounts,
                            words: (any WordList)?) -> Bool {
        let r = right.lowercased()
        let withHyphen = hyphenated[left.lowercased() + "-" + r] ?? 0, joined = whole[left.lowercased() + r] ?? 0
        if withHyphen > 0 || joined > 0 { return withHyphen >= joined }
        guard let words else { return false }
        // Within a compound ("arc-en-\nciel", "porte-mon-\nnaie") its last part is what was cut.
        let part = left.split(separator: "-").last.map(String.init) ?? left, p = part.lowercased()
        // A compound of two words the dictionary lists with its hyphen (`lamp-post`) keeps it, even
        // where the joined spelling is a word too (`lamppost`): the line end fell on the compound's
        // own hyphen. Not after a prefix (`re-form`, `co-operate`, `ultra-sons`): the joined word
        // (`reform`, `ultrasons`, the French spelling since 1990) is broken there too.
        if part.count >= 3, right.count >= 3, !prefixes.contains(p), words.lists(part + "-" + right) || words.lists(p + "-" + r),
           words.contains(part) || words.contains(p), words.contains(right) || words.contains(r) { return true }
        if words.contains(part + right) || words.contains(p + r) { return false }
        return words.contains(part + "-" + right) || words.contains(p + "-" + r)
    }
}

/// The words a language has, as the dictionaries installed say (hunspell in the pipeline). Core
/// stays free of C: the pipeline injects it where normalization needs a word's existence.
public protocol WordList: Sendable {
    /// Whether `word` is a word as written (a dictionary's own case rules apply).
    func contains(_ word: String) -> Bool
    /// Whether `word` is an entry of a dictionary as written: `lamp-post` (en_GB lists it), not
    /// any two words a hyphen joins, which `contains` accepts (`light-wave`).
    func lists(_ word: String) -> Bool
}

extension WordList {
    public func lists(_ word: String) -> Bool { false }
}
