/// Products of units on scans (session 28, the chemistry bench): `mol·L⁻¹`, `J·K⁻¹·mol⁻¹`,
/// `g·mol⁻¹`. Tesseract reads the middle dot as a hyphen or a colon (`mol-L7!-s7!`, `L:mol-!`,
/// `g-L-!`) and the word as a whole is then neither a unit nor a number, so its exponents were
/// never read again. The ink tells the dot: a small round mark at mid-height of the letters
/// (pdflatex's `\cdot` and LibreOffice's `·` stand 0.35 of a capital's height over the baseline),
/// where a hyphen is a bar and a colon or semicolon two marks one over the other. A word whose
/// separators are each such a dot is read part by part, each unit's exponent as a unit's alone
/// (`NumberInk.raised`, `decide`), and written with `·` only when every part is; else it stays as
/// read, doubtful. A separator Tesseract read as a word of its own (`g : mol`), or glued to one
/// unit (`mol- L⁻¹`), is written `·` when its one mark is such a dot.
enum UnitProduct {
    /// What Tesseract reads for a middle dot.
    static let separators: Set<Character> = ["-", ":", "·", ".", "•", "‐", "–", "*", "+"]
    /// Unit symbols a product is made of (longest first where one opens another).
    static let symbols = ["mol", "kg", "mg", "g", "mL", "L", "cm", "mm", "km", "dm", "m", "s", "h", "kJ", "J", "K", "N", "W", "Pa", "V", "A", "Hz"]

    /// A word read as a product of units: its parts (a unit symbol, then what was read for its
    /// exponent: no letter), whether a separator opens or closes it, and its closing punctuation.
    struct Parsed: Equatable {
        var parts: [String]
        var lead = false, trail = false
        var tail = ""
        /// The separators the word reads, each for one middle dot.
        var dots: Int { parts.count - 1 + (lead ? 1 : 0) + (trail ? 1 : 0) }
    }

    /// `text` as a product of units, or nil: at least one separator, each between two parts,
    /// before the first or after the last (a word of one part and no separator is not one).
    static func parse(_ text: String) -> Parsed? {
        var chars = Array(text)
        var out = Parsed(parts: [])
        if let last = chars.last, [";", ","].contains(last) || last == "." && chars.count > 1 && chars[chars.count - 2] != "." {
            out.tail = String(last); chars.removeLast()
        }
        if let first = chars.first, separators.contains(first) { out.lead = true; chars.removeFirst() }
        var i = 0
        while i < chars.count {
            guard let unit = symbols.first(where: { chars[i...].starts(with: $0) }) else { return nil }
            var j = i + unit.count
            // The exponent as read: no letter, up to a separator that a unit's letter follows.
            while j < chars.count, !chars[j].isLetter, !(separators.contains(chars[j]) && (j + 1 == chars.count || chars[j + 1].isLetter)) { j += 1 }
            out.parts.append(String(chars[i..<j]))
            guard j < chars.count else { break }
            guard separators.contains(chars[j]) else { return nil }
            if j + 1 == chars.count { out.trail = true }
            i = j + 1
        }
        // A point or colon closing a unit is the sentence's or the list's, not a dot: read as the tail.
        if out.trail, out.tail.isEmpty, out.parts.count >= 2 || out.lead, let last = text.last, [".", ":"].contains(last) {
            out.trail = false; out.tail = String(last)
        }
        guard !out.parts.isEmpty, out.dots >= 1 else { return nil }
        return out
    }

    /// The line's baseline and capitals' height for a word's marks (sorted, no specks): the
    /// baseline most of the taller marks sit on (the letters; a raised exponent and a descender are
    /// fewer), the height the tallest of them, or an x-height letter's over 0.65 when the word's
    /// letters have no capital or ascender.
    static func line(_ marks: [NumberInk.Mark], text: String) -> (baseline: Int, height: Double)? {
        guard let tallest = marks.map(\.height).max(), tallest >= 6 else { return nil }
        let bottoms = marks.filter { 2 * $0.height >= tallest }.map(\.bottom).sorted()
        let baseline = bottoms[bottoms.count / 2]
        let onLine = marks.filter { abs($0.bottom - baseline) <= max(1, tallest / 8) }
        guard let high = onLine.map(\.height).max() else { return nil }
        let tall = text.contains { $0.isUppercase || "bdfhklt".contains($0) }
        return (baseline, tall ? Double(high) : Double(high) / 0.65)
    }

    /// A middle dot for letters `h` high on `baseline`: small, round and full, its middle 0.2–0.47
    /// of `h` over the baseline (a semicolon's or colon's upper dot stands 0.54 over it), and no
    /// other of `marks` in its columns (a colon's other dot, a semicolon's comma, an `i`).
    static func isMiddleDot(_ m: NumberInk.Mark, baseline: Int, height h: Double, among marks: [NumberInk.Mark]) -> Bool {
        let w = Double(m.width), t = Double(m.height), middle = Double(m.top + m.bottom) / 2
        guard w <= 0.3 * h, t <= 0.3 * h, max(w, t) >= 0.08 * h, max(w, t) <= 1.7 * min(w, t), Double(m.pixels) >= 0.5 * w * t,
              middle <= Double(baseline) - 0.2 * h, middle >= Double(baseline) - 0.47 * h else { return false }
        return !marks.contains { $0 != m && $0.left <= m.right && $0.right >= m.left }
    }

    /// Whether a separator Tesseract read as a word of its own between two units (`g : mol`,
    /// `mol - L⁻¹`) is a middle dot: its one mark (`marks`), on the line of its neighbours' marks
    /// (`beside`, which read `besideText`).
    static func isLoneDot(_ text: String, marks all: [NumberInk.Mark], beside: [NumberInk.Mark], besideText: String) -> Bool {
        guard text.count == 1, separators.contains(text.first!), let tallest = beside.map(\.height).max() else { return false }
        let marks = all.filter { !NumberInk.isSpeck($0, Double(tallest)) }
        guard marks.count == 1, let (baseline, h) = line(beside.filter { !NumberInk.isSpeck($0, Double(tallest)) }, text: besideText) else { return false }
        return isMiddleDot(marks[0], baseline: baseline, height: h, among: marks + beside)
    }

    /// A product's parts with their marks: a part whose exponent is to be read (`raised`), or one
    /// written as read (a unit alone, its marks its letters one for one).
    struct Product {
        var parsed: Parsed
        /// For each part, its exponent's raised marks, or nil for a unit written as read.
        var raised: [NumberInk.Raised?]
    }

    /// The product `text` reads when its marks bear it out: its closing punctuation's marks last
    /// (on the baseline or under it, or a dot), as many middle dots as separators, and each part's
    /// marks a unit's letters one for one, then (for a part read with more) an exponent
    /// `NumberInk.raised` finds; nil otherwise.
    static func product(_ text: String, marks all: [NumberInk.Mark]) -> Product? {
        guard let parsed = parse(text), let tallest = all.map(\.height).max(), tallest >= 6 else { return nil }
        var marks = all.filter { !NumberInk.isSpeck($0, Double(tallest)) }.sorted { ($0.right, $0.top) < ($1.right, $1.top) }
        guard let (baseline, h) = line(marks, text: text) else { return nil }
        let closing = [";": 2, ":": 2, ",": 1, ".": 1][parsed.tail, default: 0]
        guard marks.count > closing, marks.suffix(closing).allSatisfy({ Double($0.bottom) >= Double(baseline) - 0.1 * h || Double($0.height) < 0.25 * h })
        else { return nil }
        marks.removeLast(closing)
        marks.sort { $0.left < $1.left }
        let dots = marks.indices.filter { isMiddleDot(marks[$0], baseline: baseline, height: h, among: marks) }
        guard dots.count == parsed.dots else { return nil }
        // The marks between the dots: the parts', in order (an empty run before a leading dot).
        var runs: [[NumberInk.Mark]] = []
        var from = 0
        for d in dots { runs.append(Array(marks[from..<d])); from = d + 1 }
        runs.append(Array(marks[from...]))
        if parsed.lead { guard runs.removeFirst().isEmpty else { return nil } }
        if parsed.trail { guard runs.removeLast().isEmpty else { return nil } }
        guard runs.count == parsed.parts.count else { return nil }
        var raised: [NumberInk.Raised?] = []
        for (part, marks) in zip(parsed.parts, runs) {
            let unit = symbols.first { part.hasPrefix($0) }!
            let run = joiningBrokenLetters(marks, baseline: baseline, height: h, letters: unit.count)
            if part == unit {
                // A unit alone: its letters, one mark each, nothing raised after them.
                guard run.count == unit.count else { return nil }
                raised.append(nil)
            } else {
                // An apostrophe read for the exponent's minus (`L'!`) is no word's (`raised` asks none after a symbol).
                guard let r = NumberInk.raised(String(part.map { NumberInk.apostrophes.contains($0) ? "~" : $0 }), marks: run) else { return nil }
                raised.append(r)
            }
        }
        return Product(parsed: parsed, raised: raised)
    }

    /// `marks` (left to right) with a unit's letters broken in pieces side by side made one again
    /// (an `m` of a 150-dpi scan comes in two, of a 200-dpi one in three, drawn at 300 dpi), so
    /// that its first marks on the baseline are `letters`: while there are more, the two nearest,
    /// one column apart at most, as high as each other, are joined. LibreOffice's letters may stand
    /// one column apart too: only pieces too many are joined.
    static func joiningBrokenLetters(_ marks: [NumberInk.Mark], baseline: Int, height h: Double, letters: Int) -> [NumberInk.Mark] {
        let near = max(1, Int(0.06 * h))
        var line = Array(marks.prefix { abs($0.bottom - baseline) <= near && Double($0.height) >= 0.3 * h })
        let rest = marks.dropFirst(line.count)
        while line.count > letters {
            let pairs = line.indices.dropLast().filter { line[$0 + 1].left <= line[$0].right + 2 && abs(line[$0 + 1].top - line[$0].top) <= near }
            guard let k = pairs.min(by: { line[$0 + 1].left - line[$0].right < line[$1 + 1].left - line[$1].right }) else { break }
            let a = line[k], b = line[k + 1]
            line[k] = NumberInk.Mark(left: a.left, top: min(a.top, b.top), right: max(a.right, b.right), bottom: max(a.bottom, b.bottom), pixels: a.pixels + b.pixels)
            line.remove(at: k + 1)
        }
        return line + rest
    }

    /// What a product is handed on as, its exponents read again (`again`, one for each part with
    /// an exponent, in order): every part as `NumberInk.decide` writes it, joined by `·`; the word
    /// as read and doubtful when a part stays doubtful.
    static func reading(_ word: RecognizedWord, _ product: Product, again: [(text: String, confidence: Double)?]) -> NumberInk.Reading {
        var written: [String] = []
        var next = 0
        for (part, r) in zip(product.parsed.parts, product.raised) {
            guard let r else { written.append(part); continue }
            let reading = NumberInk.decide(RecognizedWord(text: part, confidence: word.confidence, box: word.box), r, again: next < again.count ? again[next] : nil)
            next += 1
            guard reading.doubt == nil else { return NumberInk.Reading(text: word.text, doubt: reading.doubt) }
            written.append(reading.text)
        }
        let p = product.parsed
        return NumberInk.Reading(text: (p.lead ? "·" : "") + written.joined(separator: "·") + (p.trail ? "·" : "") + p.tail)
    }
}
