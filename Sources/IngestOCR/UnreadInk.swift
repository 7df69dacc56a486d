/// Raised or lowered ink a word's text says nothing of (session 29, fidelity): a power of ten or
/// a formula handed on with its exponent or index as plain characters, or without it, is a
/// changed number or formula no reader is warned of (bench/ocr's `as read`). After `NumberInk`
/// has read what it can, a word it left untouched is doubtful (`numberInk`) when its ink, or the
/// ink just after its box, shows
///   - after a `10` (a times sign glued before it or not): a mark standing clear above the two
///     digits' baseline, as an exponent's digit or minus does (`108` for `10⁸`, `x 10` for `10⁻²⁰`,
///     its exponent outside Tesseract's box);
///   - in a word that may be a formula or a unit (`NH3`, `NO`, `CL`, `Nat`, `cm°`): a digit-shaped
///     mark set under the letters' baseline (an index), or a mark above it over no other mark (an
///     exponent or a charge; an accent, an i's dot and a `?`'s hook stand over another mark).
/// Only what the ink shows is asked: such a word is never rewritten here.
enum UnreadInk {
    typealias Mark = NumberInk.Mark

    /// How far right of a word's box its unread ink is looked for, in its height.
    static let reach = 0.8
    /// Signs of a formula's line: a word of them after a unit is no exponent read on its own.
    static let operators: Set<Character> = ["=", "+", "-", "−", "–", "—", "×", "/", "<", ">", "≤", "≥", "±", "(", ")"]

    /// Whether `marks` (the word's, then those just after its box) hold an exponent after a `10`
    /// the text `text` reads as plain characters or not at all. Only for a word read `10…` after
    /// an optional times sign, the rest no letter (`10e`, an ordinal, is left).
    static func powerUnread(_ text: String, marks all: [Mark]) -> Bool {
        var rest = Substring(text)
        if let first = rest.first, NumberInk.timesSigns.contains(first) || first == "K" { rest.removeFirst() }
        guard rest.hasPrefix("10"), !rest.dropFirst(2).contains(where: \.isLetter),
              let tallest = all.map(\.height).max(), tallest >= 8 else { return false }
        let marks = all.filter { !NumberInk.isSpeck($0, Double(tallest)) }.sorted { $0.left < $1.left }
        // The `1` and the `0`: the first two marks nearly as tall as the tallest, side by side on one
        // baseline (a mark of the line above reaching into the box may stand between them in order).
        let tall = marks.filter { 10 * $0.height >= 7 * tallest }
        guard let j = tall.indices.dropLast().first(where: { k in
            Double(tall[k + 1].left) > tall[k].centerX && Double(abs(tall[k].bottom - tall[k + 1].bottom)) <= 0.15 * Double(tall[k].height)
        }) else { return false }
        let one = tall[j], zero = tall[j + 1]
        let h = Double(one.height), baseline = Double(max(one.bottom, zero.bottom))
        return marks.contains { m in Double(m.left) > zero.centerX && isRaised(m, h: h, baseline: baseline, among: marks) }
    }

    /// Whether `marks` (the word's, then those just after its box) hold an index or an exponent
    /// the text of a word that may be a formula or a unit does not read.
    static func scriptUnread(_ text: String, marks all: [Mark]) -> Bool {
        guard mayBeFormula(text), let tallest = all.map(\.height).max(), tallest >= 8 else { return false }
        let marks = all.filter { !NumberInk.isSpeck($0, Double(tallest)) }.sorted { $0.left < $1.left }
        // The line: a capital's mark, first (most marks of `P₄O₁₀` are indices), but a `J`'s or `Q`'s reaching under it; else the letters' (`UnitProduct.line`).
        guard let first = marks.first, let (baseline, h) = text.first!.isUppercase && !"JQ".contains(text.first!) && 2 * first.height >= tallest
                ? (first.bottom, Double(first.height)) : UnitProduct.line(marks, text: text) else { return false }
        let b = Double(baseline)
        // An index: digit-shaped, small, under the baseline (a comma is narrower), more of them than
        // the text reads letters reaching under it (`Jupiter` on a board photo: its `p`).
        let lowered = marks.dropFirst().filter { m in
            let t = Double(m.height)
            return Double(m.bottom) >= b + 0.1 * h && Double(m.top) >= b - 0.65 * h && t >= 0.35 * h && t <= 0.72 * h
                && Double(m.width) >= 0.3 * h && t >= 0.85 * Double(m.width)
        }
        if lowered.count > text.filter({ "gjpqy".contains($0) }).count { return true }
        // Raised marks the text reads as other raised characters (an apostrophe, a quote's two,
        // a degree sign, an asterisk) are read, but for a unit (`cm°`, `dm’` for `cm³`, `dm³`).
        let raised = marks.filter { m in m.left > first.right && isRaised(m, h: h, baseline: b, among: marks) }.count
        return raised > (isUnit(text) ? 0 : raisedCharacters(text))
    }

    /// Marks drawn above the line by the characters of `text`.
    static func raisedCharacters(_ text: String) -> Int {
        text.reduce(0) { n, c in n + (["\"", "”", "“"].contains(c) ? 2 : NumberInk.apostrophes.contains(c) || "°*^`".contains(c) ? 1 : 0) }
    }

    /// A unit symbol and what was read for its exponent (no letter): `cm°`, `mol!`.
    static func isUnit(_ text: String) -> Bool {
        NumberInk.units.contains { text.hasPrefix($0) && text.dropFirst($0.count).allSatisfy { !$0.isLetter } }
    }

    /// A word that may be a formula or a unit, or hold one misread (`Ca*T:` for `Ca²⁺`, `Nat;`
    /// for `Na⁺`): an ASCII letter first, 12 characters at most before its closing punctuation,
    /// and a capital or a digit in it, or a unit or a product of units.
    static func mayBeFormula(_ text: String) -> Bool {
        guard let first = text.first, first.isASCII, first.isLetter else { return false }
        var core = Substring(text)
        while let last = core.last, NumberInk.tails.contains(last) { core.removeLast() }
        // A capital then small letters only (`Himalayas`, `Révolution` on a rotated page: session 29 flagged them) is a word.
        let formulaLike = core.contains { $0.isASCII && $0.isNumber } || core.filter({ $0.isASCII && $0.isUppercase }).count >= 2
            || core.count <= 3 && core.contains { $0.isASCII && $0.isUppercase }
        return core.count <= 12 && (formulaLike || isUnit(text) || UnitProduct.parse(text) != nil)
    }

    /// A mark of an exponent or a charge for characters `h` high on `baseline`: clear above the
    /// baseline, its top over 0.7 of `h` (an `=` or a `+` of the line stands lower), no higher
    /// than an exponent rises (a mark of the line above reaches higher), a
    /// digit's or a sign's size (a dot, a `;`'s upper one, is smaller; a bar is wide), and over
    /// no other mark (an accent, an i's dot, a `?`'s hook stand over theirs).
    static func isRaised(_ m: Mark, h: Double, baseline: Double, among marks: [Mark]) -> Bool {
        let t = Double(m.height), w = Double(m.width)
        guard Double(m.bottom) <= baseline - 0.25 * h, Double(m.top) >= baseline - 1.35 * h, Double(m.top) <= baseline - 0.7 * h,
              t <= 0.85 * h, t >= 0.3 * h || NumberInk.isBar(m, Int(h)) || w >= 0.3 * h else { return false }
        return !marks.contains { $0 != m && $0.left <= m.right && $0.right >= m.left && $0.top > m.top && $0.bottom > m.bottom && Double($0.top) < baseline + 0.5 * h }
    }
}
