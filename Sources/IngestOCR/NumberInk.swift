import CTesseract
import IngestCore

/// Numbers Tesseract read changed while the page's ink says what they were (session 22): its LSTM
/// engine drops a decimal comma between two digits (`4,9 g` read `49 g`, `+1,1` read `+11` on a
/// 300-dpi scan of pdflatex's page, the tesseract command alike; the comma is one of the `4`'s
/// alternatives only with confidence 0), and reads a raised exponent as digits of the number
/// (`6,02 × 10²³` read `6,02 x 1023`). The marks inside the word's box on Tesseract's own
/// thresholded image tell both: a small mark between two digits that sits on their baseline and
/// reaches below it is a comma (on it and round: a point); digits after the number's first ones
/// that are smaller and stand clear above its baseline are an exponent. Only what the ink shows
/// is written: a word whose marks do not match its digits one for one, or with a mark between
/// two digits that is neither, is left as read.
enum NumberInk {
    /// One connected mark of ink, in pixels of the image (right and bottom inclusive).
    struct Mark: Equatable, Sendable {
        var left: Int, top: Int, right: Int, bottom: Int, pixels: Int
        var width: Int { right - left + 1 }
        var height: Int { bottom - top + 1 }
        var centerX: Double { Double(left + right) / 2 }
    }

    /// The digits of a number, its sign before, a separator after any digit (`,` or `.`), and
    /// punctuation after; nil for a word that is not one.
    struct Number: Equatable {
        var sign: String
        var digits: [Character]
        /// `separators[i]`: what follows digit `i` in the word as read ("" for nothing).
        var separators: [String]
        var tail: String

        init?(_ text: String) {
            var rest = Substring(text)
            sign = rest.first.map { NumberInk.signs.contains($0) } == true ? String(rest.removeFirst()) : ""
            tail = ""
            if let last = rest.last, NumberInk.tails.contains(last) { tail = String(last); rest.removeLast() }
            digits = []; separators = []
            for c in rest {
                if c.isASCII && c.isNumber { digits.append(c); separators.append("") }
                else if c == "," || c == ".", let last = separators.indices.last, separators[last].isEmpty { separators[last] = String(c) }
                else { return nil }
            }
            guard digits.count >= 2, separators.last == "" else { return nil }
        }

        var text: String { sign + zip(digits, separators).map { String($0) + $1 }.joined() + tail }
    }

    /// The word confidence from which an exponent read as digits is written raised (`readings`).
    static let exponentConfidence = 85.0
    static let signs: Set<Character> = ["+", "-", "−", "–", "—", "±"]
    static let tails: Set<Character> = [",", ".", ";", ":"]
    static let superscripts: [Character: Character] = ["0": "⁰", "1": "¹", "2": "²", "3": "³", "4": "⁴", "5": "⁵", "6": "⁶", "7": "⁷", "8": "⁸", "9": "⁹"]

    /// What the word reads as by its marks (those whose middle lies inside its box), or nil when
    /// the ink says nothing more than the word, or does not match it.
    static func reading(_ text: String, marks: [Mark]) -> String? {
        guard var number = Number(text), let tallest = marks.map(\.height).max(), tallest >= 8 else { return nil }
        let marks = marks.sorted { $0.left < $1.left }
        // The digits: the marks at least half the tallest (an exponent's are 0.6 of it), the
        // rightmost as many as the word has digits; one more before them only for a sign that
        // stands as tall (`+`, `±`).
        let tall = marks.indices.filter { 2 * marks[$0].height >= tallest }
        let extra = tall.count - number.digits.count
        guard extra == 0 || (extra == 1 && ["+", "±"].contains(number.sign)) else { return nil }
        let digits = Array(tall.suffix(number.digits.count)).map { marks[$0] }
        // The number's own size and baseline, from its first digit (an exponent comes after).
        let first = digits[0]
        let h = Double(first.height), baseline = Double(first.bottom)
        let onLine = digits.prefix { abs(Double($0.bottom) - baseline) <= 0.15 * h && Double($0.height) >= 0.8 * h }
        // The marks after the first digit that are not digits: separators, an exponent's sign, specks.
        let between = Set(marks.indices).subtracting(tall).filter { marks[$0].centerX > first.centerX }
        // Digits raised after the first ones are an exponent: `raised` reads them.
        guard onLine.count == digits.count else { return nil }
        // A separator between two digits: every other mark between them must be a speck.
        var changed = false
        for i in 0..<(digits.count - 1) {
            let inGap = between.filter { marks[$0].centerX > digits[i].centerX && marks[$0].centerX < digits[i + 1].centerX }.map { marks[$0] }
            let kinds = inGap.compactMap { separator($0, height: h, baseline: baseline) }
            guard kinds.count + inGap.filter({ isSpeck($0, h) }).count == inGap.count, kinds.count <= 1 else { return nil }
            if let kind = kinds.first, number.separators[i].isEmpty {
                number.separators[i] = kind
                changed = true
            }
        }
        return changed ? number.text : nil
    }

    /// A number and the marks raised after it, an exponent (`6,02 × 10²³`): the digits on the
    /// baseline as read (`base`), a raised flat bar (`minus`) and the raised digits' marks after
    /// them, left to right, and what the word reads for them (`read`). Tesseract reads such marks
    /// as digits of the number (`1023`), as other digits (`10⁷³`), or as other characters (`10°`
    /// for `10⁸`, `10/2` for `10¹²`, `1072` for `10⁻¹`: the minus read as a 7).
    struct Raised: Equatable {
        var sign: String
        var base: String
        var minus: Bool
        var marks: [Mark]
        var read: String
        var tail: String
        /// The word reads a minus for the bar and a digit for each digit's mark, one for one.
        var matches: Bool
        /// The base digits' height and baseline, and their right edge or the minus's after them
        /// (pixels): where the marks are cut from, their bar left out.
        var height: Int, baseline: Int, baseRight: Int
        /// A raised sign after the digits, a charge (`Cu²⁺`, `SO₄²⁻`): `⁺` for a cross, `⁻` for a bar.
        var charge: Character? = nil
        /// The charge's mark when it stands alone, no digit before it (`Na⁺`): `marks` is empty.
        var lone: Mark? = nil
        /// The first column of a charge after the digits: their cut ends before it (Int.max: none).
        var stop = Int.max

        /// The word with `digits` written raised, after the minus the ink shows.
        func written(_ digits: String) -> String {
            sign + base + (minus ? "⁻" : "") + String(digits.map { NumberInk.superscripts[$0] ?? $0 }) + (charge.map { String($0) } ?? "") + tail
        }

        /// Whether `text` (a second reading of the digits' marks) is a digit for each of them.
        func fits(_ text: String) -> Bool {
            text.count == marks.count && text.allSatisfy { $0.isASCII && $0.isNumber }
        }

        /// The digits the word reads for the marks (superscripts as digits), when it matches them.
        var ownDigits: String? {
            matches ? String(read.dropFirst(minus ? 1 : 0).dropLast(charge == nil ? 0 : 1).map { NumberInk.superscriptDigits[$0] ?? $0 }) : nil
        }
    }

    static let minusSigns: Set<Character> = ["-", "−", "⁻", "–"]

    /// What Tesseract reads for a multiplication sign (`x`, `X`, `«`, or `×` itself) glued to the
    /// power of ten after it: TeX's math mode sets `6{,}02 \times 10^{23}` with thin spaces, and the
    /// scanned line reads `6,02 x1023`. Such a word is read as the power of ten after the sign's
    /// mark (its first), the sign kept as read.
    static let timesSigns: Set<Character> = ["x", "X", "×", "«"]
    static func timesPrefix(_ text: String) -> Bool {
        guard let first = text.first, timesSigns.contains(first) else { return false }
        return text.dropFirst().hasPrefix("10") && text.count >= 4
    }
    /// Units whose exponent is read as a number's (longest first; each letter one mark, none
    /// reaching below the baseline): `cm³` read `cm?`, `mol⁻¹` read `mol~!`, `m²` read `m?`.
    static let units = ["mol", "cm", "mm", "km", "dm", "m", "s", "L"]

    /// A symbol whose exponent is read as other characters (session 24, the fidelity scans: `r²`
    /// read `r?`, `Cu²⁺` read `Cu?*`): one or two ASCII letters opening the word, none reaching
    /// below the baseline (g, j, p, q, y), then something that is not a letter, an apostrophe or
    /// only the word's closing punctuation; nil for any other word. Not a unit (`units` first).
    static func symbolBase(_ text: String) -> Substring? {
        let letters = text.prefix { $0.isASCII && $0.isLetter }
        guard (1...2).contains(letters.count), !letters.contains(where: { "gjpqy".contains($0) }),
              !units.contains(where: text.hasPrefix) else { return nil }
        var rest = text.dropFirst(letters.count)
        if let last = rest.last, tails.contains(last) { rest.removeLast() }
        guard !rest.isEmpty, !rest.contains(where: { $0.isLetter || apostrophes.contains($0) }) else { return nil }
        return letters
    }
    /// Small letters of x-height (no ascender): a symbol opening with one has digits 1 / 0.65 its height.
    static let xHeightLetters: Set<Character> = ["a", "c", "e", "m", "n", "o", "r", "s", "u", "v", "w", "x", "z"]
    static let apostrophes: Set<Character> = ["'", "’", "‘", "\"", "”", "“"]

    /// The word's raised marks after its number, or nil when none is shaped as a digit, when its
    /// ink holds another mark (a degree sign, a letter on the baseline; a bar only first, a
    /// minus), or when the raised part reads as letters (an ordinal's `er`, `e`, `nd`).
    static func raised(_ text: String, marks all: [Mark]) -> Raised? {
        guard let tallest = all.map(\.height).max(), tallest >= 8 else { return nil }
        var chars = Substring(text)
        let sign = chars.first.map { signs.contains($0) } == true ? String(chars.removeFirst()) : ""
        var tail = ""
        if let last = chars.last, tails.contains(last) { tail = String(last); chars.removeLast() }
        let marks = all.filter { !isSpeck($0, Double(tallest)) }.sorted { $0.left < $1.left }
        // The first digit: the first mark at least half the tallest; before it only a sign's mark.
        guard let first = marks.firstIndex(where: { 2 * $0.height >= tallest }), first <= (sign.isEmpty ? 0 : 1) else { return nil }
        let baseline = Double(marks[first].bottom)
        var h = Double(marks[first].height)
        let onLine: ArraySlice<Mark>
        if let unit = units.first(where: { chars.hasPrefix($0) }) ?? symbolBase(String(chars)).map(String.init), sign.isEmpty, first == 0 {
            // A unit (`cm³`, `mol⁻¹`) or a symbol (`r²`, `Cu²⁺`): one mark a letter, all on the
            // baseline; digits as high as its capitals, which a small letter's height (x-height)
            // is about 0.65 of.
            onLine = marks.prefix(unit.count)
            guard onLine.count == unit.count, onLine.allSatisfy({ abs(Double($0.bottom) - baseline) <= 0.15 * h }),
                  !chars.dropFirst(unit.count).contains(where: { $0.isLetter || apostrophes.contains($0) }) else { return nil }
            if unit.first!.isLowercase && (units.contains(unit) || xHeightLetters.contains(unit.first!)) { h /= 0.65 }
        } else {
            onLine = marks[first...].prefix { abs(Double($0.bottom) - baseline) <= 0.15 * h && Double($0.height) >= 0.8 * h }
            guard chars.prefix(onLine.count).allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        }
        let k = onLine.count
        guard chars.count > k else { return nil }
        var after = Array(marks[(first + k)...])
        // A `:` or `;` after the exponent: its dots are the word's last marks.
        if tail == ":" || tail == ";", let dot = after.last, Double(dot.height) < 0.25 * h, Double(dot.width) < 0.25 * h { after.removeLast() }
        // A point read for a dot standing off the baseline (the upper dot of a spaced `;`, its comma
        // left out of the box: pdflatex's `10⁻¹ ;` read `107 1.`, session 26) is the word's point, no
        // part of the power, whatever its height.
        else if tail == ".", after.count > 1, let dot = after.last, Double(dot.height) < 0.25 * h, Double(dot.width) < 0.25 * h,
                Double(dot.bottom) < baseline - 0.1 * h { after.removeLast() }
        // A `;` or `:` the word's box holds but its text does not read (LibreOffice's `10⁻¹;` read
        // `107!` at 300 dpi): a dot, anywhere, and a comma or point on the baseline, last in the
        // box, are no part of the power (its digits are never that small) — unless a larger mark
        // stands over it (a `?`'s dot under its hook: no exponent, see below).
        let isDot = { (m: Mark) in Double(m.height) < 0.25 * h && Double(m.width) < 0.25 * h }
        while tail.isEmpty, after.count > 1, let last = after.last,
              isDot(last) || Double(last.bottom) >= baseline - 0.1 * h && Double(last.top) >= baseline - 0.5 * h && Double(last.width) < 0.3 * h,
              !after.dropLast().contains(where: { $0.left <= last.right && $0.right >= last.left && $0.top < last.top && !isDot($0) }) {
            after.removeLast()
        }
        let read = String(chars.dropFirst(k))
        // Raised: standing clear of the baseline; after them only the tail's mark, on the line.
        var up = Array(after.prefix { Double($0.bottom) <= baseline - 0.25 * h })
        let rest = after.dropFirst(up.count)
        var minus = up.first.map { isBar($0, Int(h)) && Double($0.bottom) <= baseline - 0.35 * h } ?? false
        let bar = minus ? up.removeFirst() : nil
        // A charge after a symbol's raised digits (`Cu²⁺`): a last raised mark, a cross or a bar.
        var charge: Character?, lone: Mark?
        var stop = Int.max
        if symbolBase(String(chars)) != nil, up.count >= 2, let last = up.last, !isRaisedDigit(last, h, baseline) {
            if isBar(last, Int(h)) { charge = "⁻" } else if isCross(last, h) { charge = "⁺" }
            if charge != nil { up.removeLast(); stop = last.left }
        }
        // A lone charge after a symbol (session 26: `Na⁺`, `K⁺` read `Na*`, `K*`; `Cl⁻`): its one
        // raised mark a bar, or a cross whose strokes `readings` checks (`isPlus`), no digit.
        if symbolBase(String(chars)) != nil, charge == nil {
            if minus, up.isEmpty, let bar { charge = "⁻"; lone = bar; minus = false }
            else if !minus, up.count == 1, !isRaisedDigit(up[0], h, baseline), isCross(up[0], h) { charge = "⁺"; lone = up.removeFirst() }
        }
        // A `?` is no exponent: its dot sits on the line under its hook.
        if let hook = up.last, rest.contains(where: { $0.left <= hook.right && $0.right >= hook.left }) { return nil }
        guard !up.isEmpty || lone != nil, up.allSatisfy({ isRaisedDigit($0, h, baseline) }),
              rest.count <= (tail.isEmpty ? 0 : 1), rest.allSatisfy({ Double($0.height) <= 0.6 * h && Double($0.top) >= baseline - 0.5 * h }),
              !read.allSatisfy(\.isLetter)
        else { return nil }
        var digits = Substring(read)
        let readsMinus = minus && digits.first.map { minusSigns.contains($0) } == true
        if readsMinus { digits.removeFirst() }
        let readsCharge = charge == nil || (digits.last.map { (charge == "⁺" ? ["+", "⁺"] : ["-", "−", "⁻"]).contains($0) } ?? false)
        if charge != nil, readsCharge { digits.removeLast() }
        let matches = (readsMinus || !minus) && readsCharge && digits.count == up.count
            && digits.allSatisfy { ($0.isASCII && $0.isNumber) || superscriptDigits[$0] != nil }
        return Raised(sign: sign, base: String(chars.prefix(k)), minus: minus, marks: up, read: read, tail: tail, matches: matches,
                      height: Int(h), baseline: Int(baseline), baseRight: max(onLine.last!.right, bar?.right ?? 0), charge: charge, lone: lone, stop: stop)
    }

    /// A digit of an exponent: smaller than the number's (`h` high on `baseline`), clear above
    /// its baseline, its top as high as theirs, taller than wide.
    static func isRaisedDigit(_ m: Mark, _ h: Double, _ baseline: Double) -> Bool {
        let t = Double(m.height)
        return Double(m.bottom) <= baseline - 0.25 * h && t <= 0.85 * h && t >= 0.4 * h
            && Double(m.top) <= baseline - 0.75 * h && t >= 1.1 * Double(m.width)
    }

    static let subscripts: [Character: Character] = ["0": "₀", "1": "₁", "2": "₂", "3": "₃", "4": "₄", "5": "₅", "6": "₆", "7": "₇", "8": "₈", "9": "₉"]

    /// A word that may hold a lowered index (`H₂O` read `H20`, `(H₂O)` read `(H2O)`, `O₂` read `O2`):
    /// an ASCII letter first (after a `(`), none reaching below the baseline, and a digit after it.
    static func mayHoldIndex(_ text: String) -> Bool {
        let body = text.first == "(" ? text.dropFirst() : Substring(text)
        guard let first = body.first, first.isASCII, first.isLetter, !"gjpqy".contains(first), body.count <= 12 else { return false }
        return body.dropFirst().contains { $0.isASCII && $0.isNumber }
    }

    /// A formula whose index Tesseract read as a letter or a sign, no digit (session 27: `N₂` read
    /// `No`, `CuSO₄` read `CuSO,`, `CH₄` read `CHy`, `SO₂` read `SO»`): a capital first, then ASCII
    /// letters, one other sign last at most; two capitals, or three characters at most. Only its
    /// ink can say whether a mark there is an index (`loweredIndices`).
    static func mayHoldUnreadIndex(_ text: String) -> Bool {
        let body = text.first == "(" ? text.dropFirst() : Substring(text)
        guard let first = body.first, first.isASCII, first.isUppercase, (2...12).contains(body.count),
              body.dropLast().allSatisfy({ $0.isASCII && $0.isLetter }), let last = body.last, !last.isWhitespace, !last.isNumber else { return false }
        return body.count <= 3 || body.filter({ $0.isASCII && $0.isUppercase }).count >= 2
    }

    /// A formula's indices (session 24, the fidelity scans): Tesseract reads `H₂O` as `H20`,
    /// `H₂SO₄` as `H2SO,` — the index's digit in the flow of the line or as another character.
    /// In a word whose marks match its characters one for one, its first a letter on the
    /// baseline: a digit whose mark is an index's (digit-shaped, 0.35–0.72 of the letters'
    /// height, its top well under theirs, on the baseline or below it: pdflatex and LibreOffice
    /// lower it, DejaVu's ₂ sits on the line) is written as an index (`₂`); such a mark read as
    /// neither a digit nor a letter (`,` for `₄`), or a digit as tall as the letters in a word
    /// that holds an index leaves the word as read, doubtful — but a `0` there as wide as an `O`
    /// is one (`H20` → `H₂O`). Nil when the ink shows no index.
    static func lowered(_ text: String, marks all: [Mark]) -> Reading? { loweredIndices(text, marks: all)?.reading }

    /// What `lowered` reads, with the indices it writes: for each, its place in the reading's
    /// characters and its mark read again as a digit (`group`: cut between the marks beside it),
    /// so that a digit Tesseract misread (`C₂H₆O` read `C2H40`, LibreOffice at 300 dpi) is not
    /// written lowered as read (session 26: `indexReading`).
    struct Lowered {
        var reading: Reading
        var indices: [(at: Int, group: Raised)] = []
        /// The word with the digits Tesseract read for indices written lowered, the others as read:
        /// what `indexReading` starts from.
        var written = ""
    }

    static func loweredIndices(_ text: String, marks all: [Mark]) -> Lowered? {
        guard mayHoldIndex(text) || mayHoldUnreadIndex(text), let tallest = all.map(\.height).max(), tallest >= 8 else { return nil }
        var marks = all.filter { !isSpeck($0, Double(tallest)) }.sorted { $0.left < $1.left }
        var chars = Array(text)
        var lead = "", close = "", stop = ""
        // A closing `;` or `:` is two marks one over the other, the word's last (session 29: `NH3;`, `CaCO3;` for
        // `NH₃ ;`, `CaCO₃ ;` were never matched one for one).
        if let last = chars.last, last == ";" || last == ":", marks.count == chars.count + 1,
           case let (a, b) = (marks[marks.count - 2], marks[marks.count - 1]), a.left <= b.right && b.left <= a.right {
            stop = String(last); chars.removeLast(); marks.removeLast(2)
        }
        if chars.first == "(" { lead = "("; chars.removeFirst(); guard !marks.isEmpty else { return nil }; marks.removeFirst() }
        if chars.last == ")" { close = ")"; chars.removeLast(); guard !marks.isEmpty else { return nil }; marks.removeLast() }
        guard marks.count == chars.count, let first = marks.first else { return nil }
        let baseline = Double(first.bottom)
        var h = Double(first.height)
        if chars[0].isLowercase {
            // A small letter's mark as wide as high, no accent joined to it (`à 0 °C` read `a0`: the
            // `à` twice the height of an `a` made a `0` look small).
            guard xHeightLetters.contains(chars[0]), 4 * first.height <= 5 * first.width else { return nil }
            h /= 0.65
        }
        var out = chars, doubt = false, index = false, tallDigit = false, other = false, unread: [(Character, Mark)] = [], indexHeight = 0
        var unreadIndex = false
        var groups: [(at: Int, group: Raised)] = []
        for (i, (c, m)) in zip(chars, marks).enumerated() where i > 0 {
            let t = Double(m.height)
            // An index: a digit's shape, small, its top well under the letters', not raised.
            let isIndex = Double(m.bottom) >= baseline - 0.05 * h && Double(m.top) >= baseline - 0.65 * h
                && t >= 0.35 * h && t <= 0.72 * h && t >= 1.05 * Double(m.width)
            // Session 27: an index read as a letter or a sign (`No` for `N₂`, `CuSO,` for `CuSO₄`):
            // the mark stands clearly under the baseline and is as wide as a digit (a comma is
            // narrower, a letter sits on the line); it is read again alone, never written as read.
            let unreadDigit = isIndex && !(c.isASCII && c.isNumber) && Double(m.bottom) >= baseline + 0.1 * h && Double(m.width) >= 0.3 * h
            if isIndex && subscripts[c] != nil || unreadDigit {
                index = true
                indexHeight = max(indexHeight, m.height)
                if let sub = subscripts[c] { out[i] = sub } else { unreadIndex = true }
                groups.append((lead.count + i, Raised(sign: "", base: "", minus: false, marks: [m], read: String(c), tail: "", matches: true,
                                                      height: Int(h), baseline: Int(baseline), baseRight: marks[i - 1].right,
                                                      stop: i + 1 < marks.count ? marks[i + 1].left : Int.max)))
            } else if isIndex, !c.isLetter {
                unread.append((c, m))
            } else if !c.isLetter && !c.isNumber && !(i == chars.count - 1 && tails.contains(c)) {
                // Another sign in the formula (`SO₄²⁻` read `SO4?"`: its raised charge): not read whole.
                other = true
            } else if c.isASCII && c.isNumber, abs(Double(m.bottom) - baseline) <= 0.15 * h, t >= 0.8 * h {
                // As tall as the letters: a `0` as wide as an `O` is one (a figure zero is 0.5–0.65
                // as wide as high), any other digit is a doubt.
                if c == "0", Double(m.width) >= 0.8 * t { out[i] = "O" } else { tallDigit = true }
            }
        }
        guard index else { return nil }
        // A mark read as punctuation: the word's closing comma or point when shorter than its
        // indices (`O₂,`), else an index read so (`H₂SO₄` read `H2SO,`).
        doubt = unread.contains { c, m in !(tails.contains(c) && c == chars.last && 5 * m.height < 4 * indexHeight) }
        // Only a word read whole is rewritten; else it stays as read, doubtful. An index read as
        // another character is written only from its mark read again (`indexReading`).
        let written = lead + String(out) + close + stop
        if doubt || tallDigit || other { return Lowered(reading: Reading(text: text, doubt: .numberInk)) }
        return Lowered(reading: unreadIndex ? Reading(text: text, doubt: .numberInk) : Reading(text: written), indices: groups, written: written)
    }

    /// A word with indices as written: each index's digit read again alone when that reading is
    /// one digit with `rereadConfidence`, else Tesseract's from a word read with
    /// `exponentConfidence` (an index Tesseract read as a letter or sign: never); any other: the
    /// word as read, doubtful.
    static func indexReading(_ word: RecognizedWord, _ low: Lowered, again: [(text: String, confidence: Double)?]) -> Reading {
        var chars = Array(low.written)
        for (k, index) in low.indices.enumerated() {
            if let a = k < again.count ? again[k] : nil, a.confidence >= rereadConfidence, index.group.fits(a.text), let sub = subscripts[a.text.first!] {
                chars[index.at] = sub
            } else if word.confidence < exponentConfidence || index.group.read.first.flatMap({ subscripts[$0] }) == nil {
                return Reading(text: word.text, doubt: .numberInk)
            }
        }
        return Reading(text: String(chars))
    }

    /// A raised plus for digits `h` high: about as wide as high, a third to two thirds of `h`, its
    /// box mostly empty (a digit's fills it more, and stands taller than wide).
    static func isCross(_ m: Mark, _ h: Double) -> Bool {
        let w = Double(m.width), t = Double(m.height)
        return t >= 0.3 * h && t <= 0.7 * h && w >= 0.75 * t && w <= 1.35 * t && Double(m.pixels) <= 0.45 * w * t
    }

    /// Whether mark `m` of a 1-bit image's rows (as `marks`) is drawn as a plus: ink across
    /// 0.8 of its width in its middle rows and down 0.8 of its height in its middle columns, its
    /// four corners nearly empty (an asterisk's arms run into them, or cross no middle row).
    static func isPlus(_ m: Mark, data: UnsafeMutablePointer<UInt32>, wpl: Int) -> Bool {
        guard m.width >= 5, m.height >= 5 else { return false }
        func ink(_ x: Int, _ y: Int) -> Bool { data[y * wpl + x >> 5] & (UInt32(1) << UInt32(31 - x & 31)) != 0 }
        let cy = (m.top + m.bottom) / 2, cx = (m.left + m.right) / 2, ky = max(1, m.height / 6), kx = max(1, m.width / 6)
        let across = (m.left...m.right).filter { x in (cy - ky...cy + ky).contains { ink(x, $0) } }.count
        let down = (m.top...m.bottom).filter { y in (cx - kx...cx + kx).contains { ink($0, y) } }.count
        // The corners: the box less its middle third each way.
        let qx = m.width / 3, qy = m.height / 3
        var corner = 0
        for y in m.top...m.bottom where y < m.top + qy || y > m.bottom - qy {
            for x in m.left...m.right where (x < m.left + qx || x > m.right - qx) && ink(x, y) { corner += 1 }
        }
        return 10 * across >= 8 * m.width && 10 * down >= 8 * m.height && 10 * corner <= 4 * qx * qy
    }

    /// A flat bar (a minus sign) for digits `h` high: under 0.4 of its width high, at least 0.15 h wide.
    static func isBar(_ m: Mark, _ h: Int) -> Bool {
        10 * m.height <= 4 * m.width && 5 * m.height <= h && 20 * m.width >= 3 * h
    }

    /// What a number word with raised marks is handed on as: the exponent's digits read again
    /// (`again`: their marks recognised on their own, digits only, with its confidence) when that
    /// reading fits them one for one with confidence; else Tesseract's own when they match the
    /// marks and the word was read with confidence, and the second reading says no other digits;
    /// else the word as read, doubtful. A minus is the ink's bar, whatever was read for it. Only
    /// a power of ten (what scientific notation writes) is rewritten: a base of other digits is
    /// left as read, doubtful (at 150 dpi a `0` broken in two halves made the base `107` of `10⁻¹⁹`).
    static func decide(_ word: RecognizedWord, _ r: Raised, again: (text: String, confidence: Double)?) -> Reading {
        guard r.base == "10" || units.contains(r.base) || symbolBase(r.base + r.read) != nil else { return Reading(text: word.text, doubt: .numberInk) }
        // A lone charge: the ink's sign, where the word reads one character that is no letter or digit.
        if r.lone != nil {
            return r.read.count == 1 && !r.read.first!.isLetter && !r.read.first!.isNumber ? Reading(text: r.written("")) : Reading(text: word.text, doubt: .numberInk)
        }
        if let again, again.confidence >= rereadConfidence, r.fits(again.text) { return Reading(text: r.written(again.text)) }
        // A raised `1` as narrow as only a `1` is (0.4 of its height at most: LibreOffice's at 200
        // dpi, 5 × 20 px) read again as `1` with less confidence (65-67, session 28): no other digit is so narrow.
        if let again, again.confidence >= narrowOneConfidence, r.fits(again.text), again.text.allSatisfy({ $0 == "1" }),
           r.marks.allSatisfy({ 10 * $0.width <= 4 * $0.height }) { return Reading(text: r.written(again.text)) }
        if let own = r.ownDigits, word.confidence >= exponentConfidence, !(again.map { r.fits($0.text) && $0.text != own } ?? false) {
            return Reading(text: r.written(own))
        }
        return Reading(text: word.text, doubt: .numberInk)
    }

    /// The confidence from which a second reading of raised marks is taken (`decide`). 80, not 90
    /// (session 25): of 508 second readings of exponents set by pdflatex (math mode, 150, 200 and
    /// 300 dpi, and 300 dpi with noise) and LibreOffice (200, 300 dpi), every one from 80 gave the
    /// source's digits; 91 of them were under 90, most a lone raised `1` (`mol⁻¹`, `10⁻¹`: 86-89),
    /// which had stayed as read (`mol!`, `1072`).
    static let rereadConfidence = 80.0
    /// The confidence from which a narrow raised mark read again as `1` is taken (`decide`).
    static let narrowOneConfidence = 50.0
    static let superscriptDigits: [Character: Character] = Dictionary(uniqueKeysWithValues: superscripts.map { ($1, $0) })

    /// A word as the ink has it: its text, and why it stays doubtful.
    struct Reading: Equatable {
        var text: String
        var doubt: DoubtfulToken.Reason?
        /// The next word, read as part of this one (a power Tesseract split in two words: `107 1.`
        /// for `10⁻¹.`): it is gone from the page, its box joined to this word's.
        var absorbs: Int? = nil
    }

    /// A word that may open a power of ten Tesseract split in two (session 26: `x10- 1`, `107 1.`,
    /// `10 25:` for `10⁻¹`, `10⁻¹.`, `10²⁵:`): a times sign or not, `10`, then nothing or what a
    /// raised minus is read as.
    static func opensSplitPower(_ text: String) -> Bool {
        var rest = Substring(text)
        if let first = rest.first, timesSigns.contains(first) { rest.removeFirst() }
        guard rest.hasPrefix("10") else { return false }
        rest.removeFirst(2)
        return rest.isEmpty || (rest.count == 1 && ["-", "−", "–", "~", "7"].contains(rest.first!))
    }

    /// A flat bar touching the mark after it, cut from it (LibreOffice's `⁻⁴` at 200 dpi, one
    /// mark wider than high): the mark's first columns whose ink lies within the first column's
    /// rows (a bar's thickness, under a quarter of the mark's height), then the rest, its box
    /// from its own ink. Nil for a mark not so made (a digit's first column is taller, `²³`).
    static func minusCut(_ m: Mark, isInk: (Int, Int) -> Bool) -> [Mark]? {
        guard 10 * m.width >= 11 * m.height, m.height >= 8 else { return nil }
        func rows(_ x: Int) -> [Int] { (m.top...m.bottom).filter { isInk(x, $0) } }
        guard let first = rows(m.left).first, let last = rows(m.left).last, 4 * (last - first + 1) <= m.height else { return nil }
        var cut = m.left
        while cut <= m.right, rows(cut).allSatisfy({ $0 >= first - 1 && $0 <= last + 1 }), !rows(cut).isEmpty { cut += 1 }
        guard cut <= m.right, 4 * (cut - m.left) >= m.height else { return nil }
        var top = Int.max, bottom = Int.min, pixels = 0, right = cut, barPixels = 0
        for x in m.left..<cut { barPixels += rows(x).count }
        for x in cut...m.right {
            let r = rows(x)
            guard let a = r.first, let b = r.last else { continue }
            top = min(top, a); bottom = max(bottom, b); pixels += r.count; right = x
        }
        guard pixels > 0, 10 * (bottom - top + 1) >= 6 * m.height else { return nil }
        return [Mark(left: m.left, top: first, right: cut - 1, bottom: last, pixels: barPixels), Mark(left: cut, top: top, right: right, bottom: bottom, pixels: pixels)]
    }

    /// A word that reads a power of ten's base alone (`10`, `x10`, `10;`): its times sign, if glued, and its closing punctuation.
    static func bareTen(_ text: String) -> (times: String, tail: String)? {
        var rest = Substring(text), times = "", tail = ""
        if let first = rest.first, timesSigns.contains(first) { times = String(first); rest.removeFirst() }
        if let last = rest.last, tails.contains(last) { tail = String(last); rest.removeLast() }
        return rest == "10" ? (times, tail) : nil
    }

    /// Whether the marks of a word read `10` (after a glued times sign's mark) hold ink after the
    /// two digits standing clear above their baseline (an exponent not read); nil when the digits
    /// are not the first marks.
    static func inkAfterTen(_ all: [Mark], times: Bool) -> Bool? {
        guard let tallest = all.map(\.height).max() else { return nil }
        let marks = Array(all.filter { !isSpeck($0, Double(tallest)) }.sorted { $0.left < $1.left }.dropFirst(times ? 1 : 0))
        guard marks.count >= 2 else { return nil }
        let h = Double(marks[0].height), baseline = Double(marks[0].bottom)
        guard 2 * marks[0].height >= tallest, abs(Double(marks[1].bottom) - baseline) <= 0.15 * h else { return nil }
        return marks.dropFirst(2).contains { Double($0.bottom) <= baseline - 0.25 * h }
    }

    /// Whether word `b` stands just after word `a` on its line (boxes as fractions of a
    /// `width` × `height` image): their heights overlap by half the smaller, and the gap between
    /// them is under 0.6 of `a`'s height (a word space in the line is wider than an exponent's
    /// gap only a little: the raised marks must still be found raised, `raised`).
    static func follows(_ b: [Double], _ a: [Double], width: Int, height: Int) -> Bool {
        let ah = (a[3] - a[1]) * Double(height), bh = (b[3] - b[1]) * Double(height)
        let overlap = (min(a[3], b[3]) - max(a[1], b[1])) * Double(height), gap = (b[0] - a[2]) * Double(width)
        return overlap >= 0.5 * min(ah, bh) && gap >= 0 && gap < 0.6 * ah
    }

    /// Characters each drawn as one mark, which a word of them and digits is matched with in order.
    static let oneMark: Set<Character> = ["(", ")", "[", "]", "+", "-", "/", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]

    /// A `+` read for a flat bar, a minus or hyphen (samples/fiche-fonctions-affines.pdf, a 200-ppi
    /// scan: `(3 - 1)` read `(3+ 1)`, confidence 0): in a word of digits, brackets and signs
    /// matched one for one with its marks, the `+`'s mark is not a cross but a bar under 0.4 of
    /// its width high. Written `-`, as the page's other minus signs are read.
    static func signReading(_ text: String, marks: [Mark]) -> String? {
        let chars = Array(text)
        guard chars.contains("+"), chars.contains(where: \.isNumber), chars.allSatisfy(oneMark.contains),
              let tallest = marks.map(\.height).max(), tallest >= 8 else { return nil }
        let marks = marks.filter { !isSpeck($0, Double(tallest)) }.sorted { $0.left < $1.left }
        var out = chars
        for (i, c) in chars.enumerated() where c == "+" {
            // Its own mark: the i-th of as many, or the last for a last `+` where the word's box
            // holds more ink than it read (fiche: the `/` before `(3 - 1)` is in the box, dropped).
            guard let m = marks.count == chars.count ? marks[i] : i == chars.count - 1 && marks.count > chars.count ? marks.last : nil else { continue }
            if 10 * m.height <= 4 * m.width, 10 * m.height <= 3 * tallest, 4 * m.width >= tallest { out[i] = "-" }
        }
        return out == chars ? nil : String(out)
    }

    /// A `/` Tesseract dropped at a word's start (samples/fiche-fonctions-affines.pdf, a 200-ppi
    /// scan: `(9 - 5) / (3 - 1)` read `(9 - 5) (3+ 1)`, the slash inside the box of `(3+`, read
    /// with confidence 0): in a word of characters each drawn as one mark, with one mark more than
    /// it reads, the first, as tall as the word's tallest nearly and a straight stroke rising to
    /// the right (`isSlash`), is that `/` — followed by a space when a word space parts them.
    static func slashReading(_ text: String, marks: [Mark], isSlash: (Mark) -> Bool) -> String? {
        let chars = Array(text)
        guard let first = chars.first, first != "/", chars.allSatisfy(oneMark.contains),
              let tallest = marks.map(\.height).max(), tallest >= 8 else { return nil }
        let marks = marks.filter { !isSpeck($0, Double(tallest)) }.sorted { $0.left < $1.left }
        guard marks.count == chars.count + 1, 10 * marks[0].height >= 7 * tallest, isSlash(marks[0]) else { return nil }
        let read = "/" + text
        let signed = signReading(read, marks: marks) ?? read
        return "/" + (3 * (marks[1].left - marks[0].right - 1) >= tallest ? " " : "") + signed.dropFirst()
    }

    /// Whether mark `m` of a 1-bit image's rows (as `marks`) is a straight stroke rising to the
    /// right: each row's ink narrow, its middle moving left row after row down the mark along a
    /// line, by at least half the mark's width less the stroke's. A `(` or `)` bends back, a `1`
    /// stands upright, a `7` has a bar.
    static func isSlash(_ m: Mark, data: UnsafeMutablePointer<UInt32>, wpl: Int) -> Bool {
        guard 5 * m.width >= m.height, 5 * m.width <= 3 * m.height else { return false }
        var ys: [Double] = [], centres: [Double] = [], widths: [Int] = []
        for y in m.top...m.bottom {
            let row = data + y * wpl
            var first = -1, last = -1
            for x in m.left...m.right where row[x >> 5] & (UInt32(1) << UInt32(31 - x & 31)) != 0 {
                if first < 0 { first = x }
                last = x
            }
            guard first >= 0 else { continue }
            ys.append(Double(y)); centres.append(Double(first + last) / 2); widths.append(last - first + 1)
        }
        let n = Double(ys.count)
        guard 10 * ys.count >= 9 * m.height, let widest = widths.max(), 10 * widest <= 6 * m.width else { return false }
        let my = ys.reduce(0, +) / n, mc = centres.reduce(0, +) / n
        let sxy = zip(ys, centres).reduce(0) { $0 + ($1.0 - my) * ($1.1 - mc) }, sxx = ys.reduce(0) { $0 + ($1 - my) * ($1 - my) }
        guard sxx > 0 else { return false }
        let slope = sxy / sxx
        let stroke = Double(widths.sorted()[widths.count / 2])
        let straight = zip(ys, centres).allSatisfy { abs(mc + slope * ($0 - my) - $1) <= 0.15 * Double(m.width) + 1 }
        return straight && -slope * Double(m.height) >= 0.5 * (Double(m.width) - stroke)
    }

    /// `,` for a mark that sits on the baseline and reaches below it, `.` for a round one on it.
    static func separator(_ m: Mark, height h: Double, baseline: Double) -> String? {
        let w = Double(m.width), t = Double(m.height), top = Double(m.top), bottom = Double(m.bottom)
        guard top >= baseline - 0.4 * h, w <= 0.4 * h, t <= 0.6 * h, w >= 0.08 * h, t >= 0.1 * h,
              Double(m.pixels) >= 0.25 * w * t else { return nil }
        if bottom >= baseline + 0.12 * h, t >= 1.3 * w, t >= 0.2 * h { return "," }
        if abs(bottom - baseline) <= 0.1 * h, t <= 1.5 * w, w >= 0.12 * h { return "." }
        return nil
    }

    /// A dot of noise: too small to be any character's mark.
    static func isSpeck(_ m: Mark, _ h: Double) -> Bool {
        Double(m.width) < 0.08 * h && Double(m.height) < 0.08 * h
    }

    /// The page's words that read differently by their ink, by index in `page.words`: `pix` is the
    /// 1-bit image Tesseract recognised (1 is ink). `reread` reads groups of raised marks again
    /// (pixels of `pix`; nil when it cannot), all at once: `Raised`, `decide`.
    static func readings(of pix: UnsafeMutablePointer<PIX>, _ words: [RecognizedWord],
                         reread: ([Raised]) -> [(text: String, confidence: Double)?] = { $0.map { _ in nil } }) -> [Int: Reading] {
        let width = Int(pixGetWidth(pix)), height = Int(pixGetHeight(pix))
        guard pixGetDepth(pix) == 1, width > 0, height > 0, let data = pixGetData(pix) else { return [:] }
        let wpl = Int(pixGetWpl(pix))
        var out: [Int: Reading] = [:]
        var raisedWords: [(Int, Raised)] = []
        var loweredWords: [(Int, Lowered)] = []
        var productWords: [(Int, UnitProduct.Product)] = []
        var joinedWords: [Int: RecognizedWord] = [:]
        /// The marks whose middle lies inside `box` (fractions of the image), nil for a box too small.
        /// `clearAbove`: marks reaching above the box (ink of the line above) are left out, not cut at its top.
        func ink(_ box: [Double], clearAbove: Bool = false) -> [Mark]? {
            let left = max(0, Int((box[0] * Double(width)).rounded())), right = min(width, Int((box[2] * Double(width)).rounded()))
            let top = max(0, Int((box[1] * Double(height)).rounded())), bottom = min(height, Int((box[3] * Double(height)).rounded()))
            guard right - left >= 2, bottom - top >= 8 else { return nil }
            // A comma's tail may reach under the box: the marks are looked for a little below it.
            let below = min(height, bottom + (bottom - top) / 3)
            let above = clearAbove ? max(0, top - (bottom - top) / 2) : top
            return glyphs(self.marks(data: data, wpl: wpl, left: left, top: above, right: right, bottom: below))
                .filter { $0.top >= top && $0.top < bottom && $0.centerX >= Double(left) && $0.centerX < Double(right) }
        }
        /// `marks` with a raised minus touching the digit after it cut from it (`minusCut`).
        func unglued(_ marks: [Mark]) -> [Mark] {
            marks.flatMap { minusCut($0, isInk: { x, y in data[y * wpl + x >> 5] & (UInt32(1) << UInt32(31 - x & 31)) != 0 }) ?? [$0] }
        }
        /// A power of ten read in a word, its times sign glued before it or not.
        func power(_ text: String, _ marks: [Mark]) -> Raised? {
            guard timesPrefix(text) else { return raised(text, marks: marks) }
            // The sign's mark is the word's first; the power of ten is read without it.
            guard var r = raised(String(text.dropFirst()), marks: Array(marks.sorted { $0.left < $1.left }.dropFirst())) else { return nil }
            r.sign = String(text.first!) + r.sign
            return r
        }
        // A power split in two words (`107 1.`): the two read as one, their marks together.
        var joined: [Int: (word: RecognizedWord, next: Int)] = [:]
        for i in words.indices.dropLast() where opensSplitPower(words[i].text) && joined[i - 1] == nil {
            let a = words[i], b = words[i + 1]
            guard a.box.count == 4, b.box.count == 4, b.text.count <= 4, follows(b.box, a.box, width: width, height: height) else { continue }
            // The second word's box may take in marks of the line above (`14,15 “10 3:`, session 26): the
            // two are looked at no higher than half the first's height over it (an exponent rises
            // about a quarter), and a mark reaching above that is the other line's.
            let box = [a.box[0], max(min(a.box[1], b.box[1]), a.box[1] - 0.5 * (a.box[3] - a.box[1])), b.box[2], max(a.box[3], b.box[3])]
            guard let marks = ink(box, clearAbove: true), let r = power(a.text + b.text, marks) else { continue }
            joined[i] = (RecognizedWord(text: a.text + b.text, confidence: min(a.confidence, b.confidence), box: box), i + 1)
            raisedWords.append((i, r))
        }
        // A unit's exponent read as a word of its own (`mol !`, `J-K-!-mol !`, session 28): the two read as one.
        var productJoined: [Int: Int] = [:]
        for i in words.indices.dropLast() where joined[i] == nil && joined[i - 1] == nil && productJoined[i - 1] == nil {
            let a = words[i], b = words[i + 1]
            guard UnitProduct.symbols.contains(where: a.text.hasSuffix), !b.text.isEmpty, b.text.count <= 3, !b.text.contains(where: \.isLetter),
                  a.box.count == 4, b.box.count == 4, follows(b.box, a.box, width: width, height: height) else { continue }
            let box = [a.box[0], max(min(a.box[1], b.box[1]), a.box[1] - 0.5 * (a.box[3] - a.box[1])), b.box[2], max(a.box[3], b.box[3])]
            guard let marks = ink(box, clearAbove: true) else { continue }
            let text = a.text + b.text, word = RecognizedWord(text: text, confidence: min(a.confidence, b.confidence), box: box)
            if UnitProduct.parse(text) != nil, let product = UnitProduct.product(text, marks: marks), product.raised.last! != nil {
                productWords.append((i, product)); productJoined[i] = i + 1
                joinedWords[i] = word
            } else if units.contains(a.text), let r = raised(text, marks: marks) {
                joined[i] = (word, i + 1)
                raisedWords.append((i, r))
            }
        }
        let parts = Set(joined.flatMap { [$0.key, $0.value.next] } + productJoined.flatMap { [$0.key, $0.value] })
        for (i, word) in words.enumerated() where word.box.count == 4 && !parts.contains(i) && (word.text.first.map({ $0.isNumber || signs.contains($0) || $0 == "(" }) == true
                                                                       || word.text.contains("+") || units.contains(where: word.text.hasPrefix)
                                                                       || symbolBase(word.text) != nil || mayHoldIndex(word.text) || mayHoldUnreadIndex(word.text)
                                                                       || timesPrefix(word.text) || UnitProduct.parse(word.text) != nil
                                                                       || UnitProduct.separators.contains(word.text.first!) && word.text.count == 1) {
            guard let marks = ink(word.box) else { continue }
            // A middle dot read as a word of its own between two units (`g : mol`): its neighbours give the line.
            if word.text.count == 1, UnitProduct.separators.contains(word.text.first!), i > 0, i + 1 < words.count,
               words[i - 1].box.count == 4, words[i + 1].box.count == 4,
               UnitProduct.symbols.contains(where: words[i - 1].text.hasPrefix), UnitProduct.symbols.contains(where: words[i + 1].text.hasPrefix),
               follows(word.box, words[i - 1].box, width: width, height: height), follows(words[i + 1].box, word.box, width: width, height: height),
               let before = ink(words[i - 1].box), let after = ink(words[i + 1].box),
               UnitProduct.isLoneDot(word.text, marks: marks, beside: (before + after).filter { !marks.contains($0) }, besideText: words[i - 1].text + words[i + 1].text) {
                out[i] = Reading(text: "·")
                continue
            }
            // A product of units whose middle dots were read as other signs (session 28): its parts' exponents are read again.
            if let product = UnitProduct.product(word.text, marks: marks) {
                if product.raised.contains(where: { $0 != nil }) { productWords.append((i, product)) }
                else { out[i] = UnitProduct.reading(word, product, again: []) }
                continue
            }
            if timesPrefix(word.text) {
                if let r = power(word.text, marks) ?? power(word.text, unglued(marks)) { raisedWords.append((i, r)) }
                else if inkAfterTen(marks, times: true) == true { out[i] = Reading(text: word.text, doubt: .numberInk) }
                continue
            }
            // A power of ten read without its exponent (`x 10` for `10⁻⁵`, session 28): the raised
            // marks its box holds after the `10` are read as one, when no raised mark stands just
            // after the box (a digit left out of it); else, raised ink there, it is doubtful.
            if let bare = bareTen(word.text), !bare.times.isEmpty || i > 0 && words[i - 1].text.count == 1 && timesSigns.contains(words[i - 1].text.first!) {
                let h = (word.box[3] - word.box[1]) * Double(height)
                let wider = [word.box[0], word.box[1], min(1, word.box[2] + 0.6 * h / Double(width)), word.box[3]]
                let beyond = (ink(wider) ?? []).filter { !marks.contains($0) }
                if let r = power(bare.times + "10?" + bare.tail, marks) ?? power(bare.times + "10?" + bare.tail, unglued(marks)), !beyond.contains(where: { isRaisedDigit($0, Double(r.height), Double(r.baseline)) || isBar($0, r.height) }) {
                    raisedWords.append((i, r))
                    continue
                }
                if inkAfterTen(marks, times: !bare.times.isEmpty) == true { out[i] = Reading(text: word.text, doubt: .numberInk); continue }
            }
            if let r = raised(word.text, marks: marks), r.charge != "⁺" || r.lone.map({ isPlus($0, data: data, wpl: wpl) }) ?? true { raisedWords.append((i, r)); continue }
            // A power of ten after its times sign whose raised ink is not read as one (session 28:
            // LibreOffice's `10⁻⁴` at 200 dpi read `107`, the minus touching the `4`, one mark):
            // read with the minus cut from the digit; else, raised ink there, doubtful.
            if word.text.hasPrefix("10"), i > 0, words[i - 1].text.count == 1, timesSigns.contains(words[i - 1].text.first!) {
                if let r = raised(word.text, marks: unglued(marks)) { raisedWords.append((i, r)); continue }
                if inkAfterTen(marks, times: false) == true { out[i] = Reading(text: word.text, doubt: .numberInk); continue }
            }
            if let low = loweredIndices(word.text, marks: marks) {
                if !low.indices.isEmpty { loweredWords.append((i, low)); continue }
                if low.reading.text != word.text || low.reading.doubt != nil { out[i] = low.reading }
                continue
            }
            if let read = slashReading(word.text, marks: marks, isSlash: { isSlash($0, data: data, wpl: wpl) }) { out[i] = Reading(text: read); continue }
            guard Number(word.text) != nil || word.text.contains("+"),
                  let read = reading(word.text, marks: marks) ?? signReading(word.text, marks: marks), read != word.text else { continue }
            out[i] = Reading(text: read)
        }
        // Session 29: a word left as read whose ink, or the ink just after its box, holds an
        // exponent or an index its text does not read, is doubtful (`UnreadInk`).
        let taken = parts.union(raisedWords.map(\.0)).union(loweredWords.map(\.0)).union(productWords.map(\.0))
        for (i, word) in words.enumerated() where out[i] == nil && !taken.contains(i) && word.box.count == 4
            && (UnreadInk.mayBeFormula(word.text) || word.text.contains("10")) {
            let h = (word.box[3] - word.box[1]) * Double(height)
            var right = min(1, word.box[2] + UnreadInk.reach * h / Double(width))
            // The next word on the line, starting within that reach, bounds it, but for an exponent
            // read as a word of its own (`m-s 7;`, `kg : m *;`: three characters at most, no letter), looked at with it.
            var exponentWord: Int?
            if i + 1 < words.count, words[i + 1].box.count == 4, words[i + 1].box[0] >= word.box[0], words[i + 1].box[0] < right,
               min(word.box[3], words[i + 1].box[3]) - max(word.box[1], words[i + 1].box[1]) >= 0.5 * min(word.box[3] - word.box[1], words[i + 1].box[3] - words[i + 1].box[1]) {
                let next = words[i + 1].text
                if next.count <= 3, !next.contains(where: \.isLetter), !next.allSatisfy({ NumberInk.tails.contains($0) || UnreadInk.operators.contains($0) }),
                   out[i + 1] == nil, !taken.contains(i + 1) {
                    exponentWord = i + 1
                    right = words[i + 1].box[2]
                } else {
                    right = min(right, words[i + 1].box[0])
                }
            }
            // An exponent outside the box rises above it (`x 10` for `10⁻²⁰`): looked for 0.4 of its height higher.
            let up = max(0, word.box[1] - 0.4 * (word.box[3] - word.box[1]))
            guard let marks = ink([word.box[0], up, max(word.box[2], right), word.box[3]]) else { continue }
            if UnreadInk.powerUnread(word.text, marks: marks) || UnreadInk.scriptUnread(word.text, marks: marks) {
                out[i] = Reading(text: word.text, doubt: .numberInk)
                if let next = exponentWord { out[next] = Reading(text: words[next].text, doubt: .numberInk) }
            }
        }
        guard !raisedWords.isEmpty || !loweredWords.isEmpty || !productWords.isEmpty else { return out }
        // The indices' marks are read again with the exponents', after them, and then the products' exponents.
        let all = reread(raisedWords.map(\.1) + loweredWords.flatMap { $0.1.indices.map(\.group) } + productWords.flatMap { $0.1.raised.compactMap { $0 } })
        let again = Array(all.prefix(raisedWords.count))
        var next = raisedWords.count
        for (i, low) in loweredWords {
            let own = Array(all.dropFirst(next).prefix(low.indices.count))
            next += low.indices.count
            let reading = indexReading(words[i], low, again: own)
            if reading.text != words[i].text || reading.doubt != nil { out[i] = reading }
        }
        for (i, product) in productWords {
            let count = product.raised.compactMap { $0 }.count
            let own = Array(all.dropFirst(next).prefix(count))
            next += count
            if let next = productJoined[i], let word = joinedWords[i] {
                // Written as one word when every part is read; else both stay as read, doubtful.
                let reading = UnitProduct.reading(word, product, again: own)
                if reading.doubt == nil { out[i] = NumberInk.Reading(text: reading.text, absorbs: next) }
                else { out[i] = Reading(text: words[i].text, doubt: reading.doubt); out[next] = Reading(text: words[next].text, doubt: reading.doubt) }
                continue
            }
            let reading = UnitProduct.reading(words[i], product, again: own)
            if reading.text != words[i].text || reading.doubt != nil { out[i] = reading }
        }
        for (k, (i, r)) in raisedWords.enumerated() {
            let again = k < again.count ? again[k] : nil
            if let (word, next) = joined[i] {
                // Written as one word when the ink says what it is; else both stay as read, doubtful.
                let reading = decide(word, r, again: again)
                if reading.doubt == nil {
                    out[i] = Reading(text: reading.text, absorbs: next)
                } else {
                    out[i] = Reading(text: words[i].text, doubt: reading.doubt); out[next] = Reading(text: words[next].text, doubt: reading.doubt)
                }
                continue
            }
            let reading = decide(words[i], r, again: again)
            if reading.text != words[i].text || reading.doubt != nil { out[i] = reading }
        }
        return out
    }

    /// `marks` with a glyph's pieces as one mark: thresholding breaks the thin strokes of small
    /// print and of noisy scans (an exponent's `3` came in three pieces at 300 dpi, a comma's tail
    /// in two below its dot). A piece under a third of the largest mark's ink joins a mark within a
    /// tenth of the tallest mark's height each way (3 px for 12-pt digits at 300 dpi, 2 at 200),
    /// or one whose columns hold most of its own that near above or below; the marks of two
    /// characters stand further apart than that.
    static func glyphs(_ marks: [Mark]) -> [Mark] {
        var marks = marks.sorted { $0.pixels > $1.pixels }
        guard let largest = marks.first?.pixels, let tallest = marks.map(\.height).max() else { return [] }
        let near = max(1, tallest / 10)
        func joins(_ piece: Mark, _ m: Mark) -> Bool {
            // Beside a mark, sharing none of its columns: a flat bar, or a piece standing in the
            // mark's upper part, is a character of its own — an exponent's minus or digit set 1-2 px
            // from the base's last digit (LibreOffice at 200 dpi: joined to the `0`, `10⁻³` lost its
            // minus and `10²³` its `2`, written `10³`) — not a piece of it. A broken stroke's
            // pieces overlap (a `7`'s bar over its stem, a `3`'s halves) or reach its lower part
            // (the halves of a `0`).
            // Nor is a small digit beside a flat bar, none of its columns shared, a piece of the bar:
            // LibreOffice's `10⁻⁹` at 300 dpi, the `9` 3 px from the minus, was joined to it, one
            // mark read `10°` and no exponent found (session 26).
            // Nor is a cross beside a mark, or a piece beside a cross (a charge's `+` 2 px after its
            // raised `2`, LibreOffice's `Cu²⁺` at 300 dpi): as wide as high, its box mostly empty
            // (session 26).
            func crossLike(_ c: Mark) -> Bool {
                4 * c.width >= 3 * c.height && 3 * c.width <= 4 * c.height && c.height >= 5 && 20 * c.pixels <= 9 * c.width * c.height
            }
            if piece.right < m.left || piece.left > m.right,
               10 * piece.height <= 4 * piece.width || 5 * (piece.bottom - m.top) < 3 * m.height || 10 * m.height <= 4 * m.width
                || crossLike(piece) || crossLike(m) { return false }
            let dx = max(m.left - piece.right, piece.left - m.right), dy = max(m.top - piece.bottom, piece.top - m.bottom)
            if dx <= near && dy <= near { return true }
            let shared = min(piece.right, m.right) - max(piece.left, m.left) + 1
            return dy <= near && 10 * shared >= 6 * piece.width
        }
        var i = marks.count - 1
        while i > 0 {
            let piece = marks[i]
            if 3 * piece.pixels < largest, let j = marks.indices.first(where: { $0 != i && joins(piece, marks[$0]) }) {
                var m = marks[j]
                m.left = min(m.left, piece.left); m.right = max(m.right, piece.right)
                m.top = min(m.top, piece.top); m.bottom = max(m.bottom, piece.bottom); m.pixels += piece.pixels
                marks[j] = m
                marks.remove(at: i)
                i = marks.count - 1
                continue
            }
            i -= 1
        }
        return marks
    }

    /// The 8-connected marks of ink in `[left, right) × [top, bottom)` of a 1-bit image's rows
    /// (pixel x is bit 31 − x % 32 of word x / 32), cut at the rectangle's edges.
    static func marks(data: UnsafeMutablePointer<UInt32>, wpl: Int, left: Int, top: Int, right: Int, bottom: Int) -> [Mark] {
        let w = right - left, h = bottom - top
        guard w > 0, h > 0 else { return [] }
        var ink = [Bool](repeating: false, count: w * h)
        for y in 0..<h {
            let row = data + (top + y) * wpl
            for x in 0..<w {
                let px = left + x
                ink[y * w + x] = row[px >> 5] & (UInt32(1) << UInt32(31 - px & 31)) != 0
            }
        }
        var seen = [Bool](repeating: false, count: w * h)
        var out: [Mark] = []
        var stack: [Int] = []
        for start in 0..<(w * h) where ink[start] && !seen[start] {
            var m = Mark(left: Int.max, top: Int.max, right: Int.min, bottom: Int.min, pixels: 0)
            seen[start] = true
            stack.append(start)
            while let p = stack.popLast() {
                let x = p % w, y = p / w
                m.left = min(m.left, x); m.right = max(m.right, x); m.top = min(m.top, y); m.bottom = max(m.bottom, y); m.pixels += 1
                for dy in -1...1 {
                    let ny = y + dy
                    guard ny >= 0, ny < h else { continue }
                    for dx in -1...1 {
                        let nx = x + dx
                        guard nx >= 0, nx < w else { continue }
                        let q = ny * w + nx
                        if ink[q] && !seen[q] { seen[q] = true; stack.append(q) }
                    }
                }
            }
            m.left += left; m.right += left; m.top += top; m.bottom += top
            out.append(m)
        }
        return out
    }
}
