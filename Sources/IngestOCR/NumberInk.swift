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
        if onLine.count < digits.count {
            // Digits raised clear of the baseline, smaller, each taller than wide: an exponent.
            let raised = digits[onLine.count...]
            guard raised.allSatisfy({ Double($0.bottom) <= baseline - 0.25 * h && Double($0.height) <= 0.85 * h
                                      && Double($0.top) <= baseline - 0.75 * h && Double($0.height) >= 1.1 * Double($0.width) }),
                  between.allSatisfy({ Self.isSpeck(marks[$0], h) }),
                  number.separators[(onLine.count - 1)...].allSatisfy(\.isEmpty)
            else { return nil }
            var head = number
            head.digits = Array(number.digits.prefix(onLine.count))
            head.separators = Array(number.separators.prefix(onLine.count))
            head.tail = String(number.digits[onLine.count...].map { superscripts[$0]! }) + number.tail
            return head.text
        }
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

    /// The page's words that read differently by their ink, by index in `page.words`, their text
    /// as read and as the ink reads it: `pix` is the 1-bit image Tesseract recognised (1 is ink).
    static func readings(of pix: UnsafeMutablePointer<PIX>, _ words: [RecognizedWord]) -> [Int: String] {
        let width = Int(pixGetWidth(pix)), height = Int(pixGetHeight(pix))
        guard pixGetDepth(pix) == 1, width > 0, height > 0, let data = pixGetData(pix) else { return [:] }
        let wpl = Int(pixGetWpl(pix))
        var out: [Int: String] = [:]
        for (i, word) in words.enumerated() where word.box.count == 4 && (Number(word.text) != nil || word.text.contains("+")) {
            let left = max(0, Int((word.box[0] * Double(width)).rounded())), right = min(width, Int((word.box[2] * Double(width)).rounded()))
            let top = max(0, Int((word.box[1] * Double(height)).rounded())), bottom = min(height, Int((word.box[3] * Double(height)).rounded()))
            guard right - left >= 2, bottom - top >= 8 else { continue }
            // A comma's tail may reach under the box: the marks are looked for a little below it.
            let below = min(height, bottom + (bottom - top) / 3)
            let marks = glyphs(self.marks(data: data, wpl: wpl, left: left, top: top, right: right, bottom: below))
                .filter { $0.top < bottom && $0.centerX >= Double(left) && $0.centerX < Double(right) }
            guard let read = reading(word.text, marks: marks) ?? signReading(word.text, marks: marks), read != word.text else { continue }
            // An exponent's digits are Tesseract's reading of small print, which it often gets
            // wrong (10⁸ read 105, 10²³ read 1073 or 1025 on LibreOffice's page at 300 dpi, words
            // of confidence 82, 43, 67): written raised only from a word read with confidence.
            if read.contains(where: { superscripts.values.contains($0) }), word.confidence < exponentConfidence { continue }
            out[i] = read
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
