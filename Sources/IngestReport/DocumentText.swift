import IngestQuality

/// One document's text as HTML: low-confidence OCR words in `<mark class="lowconf">`, and with an
/// expected text the differences in `<del>` (expected words missing here) and `<ins>` (words
/// here that were not expected).
///
/// The differences are laid over the text itself rather than printed from the segments: the
/// words of `same` and `extra` segments are found in the text in order, and the text between
/// them (spaces, line breaks, punctuation) is kept, so the page reads as extracted. Should a
/// word not be found where it should be (the diff splits words another way), the rest is printed
/// from the segments.
///
/// At most `limit` characters are shown (the text's, and the missing words'), because a
/// 300-page PDF would otherwise make the report unreadable and huge. Characters are Unicode
/// scalars, as `TextSignals` counts them.
struct DocumentText {
    static let limit = 20_000

    var html = ""
    /// Characters of the text shown, and in the text.
    var shown = 0
    var total = 0
    var isCut: Bool { shown < total }

    init(_ detail: QaDocumentDetail, limit: Int = Self.limit) {
        let text = detail.text
        total = text.unicodeScalars.count
        var out = Emitter(text, marks: LowConfidenceMarks(detail.lowConfidence), budget: limit)
        if let expected = detail.expected {
            Self.overlay(WordDiff.segments(text: text, expected: expected), on: text, into: &out)
        } else {
            out.consume(upTo: text.endIndex)
        }
        out.flush()
        html = out.html
        shown = min(out.shown, total)
    }

    /// How many characters other than spaces may lie between the cursor and a segment's next
    /// word: none should (both split on spaces), so many mean the two disagree on words.
    private static let reach = 256

    private static func overlay(_ segments: [DiffSegment], on text: String, into out: inout Emitter) {
        var k = 0
        var lost = false
        aligned: while k < segments.count, !out.stopped {
            switch segments[k] {
            case .missing(let s):
                out.missing(s)
            case .same(let s), .extra(let s):
                let extra = if case .extra = segments[k] { true } else { false }
                let words = s.split(separator: " ")
                var opened = false
                for (w, word) in words.enumerated() {
                    guard let found = find(word, in: text, from: out.cursor) else {
                        if opened { out.raw("</ins>"); opened = false }
                        out.printed(words[w...].joined(separator: " "), extra: extra)
                        lost = true
                        break
                    }
                    out.consume(upTo: found.lowerBound)
                    if extra && !opened { out.openInsertion(); opened = true }
                    out.consume(upTo: found.upperBound)
                }
                if opened { out.raw("</ins>") }
            }
            k += 1
            if lost { break aligned }
        }
        guard lost else {
            out.consume(upTo: text.endIndex)
            return
        }
        // Not aligned: the remaining segments as the diff gives them.
        for segment in segments[k...] {
            switch segment {
            case .same(let s): out.printed(s, extra: false)
            case .extra(let s): out.printed(s, extra: true)
            case .missing(let s): out.missing(s)
            }
        }
    }

    private static func find(_ word: Substring, in text: String, from start: String.Index) -> Range<String.Index>? {
        let scalars = text.unicodeScalars, target = word.unicodeScalars
        guard let first = target.first else { return nil }
        var i = start
        var steps = 0
        while i < scalars.endIndex, steps <= reach {
            let c = scalars[i]
            if c == first, scalars[i...].starts(with: target) {
                return i..<scalars.index(i, offsetBy: target.count)
            }
            if !isSpace(c) { steps += 1 }
            scalars.formIndex(after: &i)
        }
        return nil
    }
}

/// The white space `TextComparison.normalize` collapses (Python's `str.split`), so the text and
/// the diff cut words at the same places.
func isSpace(_ c: Unicode.Scalar) -> Bool {
    let v = c.value
    if v < 0x80 { return v == 0x20 || (0x09...0x0D).contains(v) || (0x1C...0x1F).contains(v) }
    return c.properties.isWhitespace
}

/// Writes the text into HTML as it is consumed, while counting the characters shown against
/// the limit. Text is escaped in runs, from the last mark or tag to the next, not word by word:
/// most words need nothing but to be counted.
private struct Emitter {
    let text: String
    let marks: LowConfidenceMarks
    var budget: Int
    var html = ""
    var shown = 0
    var stopped = false
    /// Text before `cursor` is consumed; before `flushed`, it is in `html` too.
    private(set) var cursor: String.Index
    private var flushed: String.Index
    /// Whether what was shown last is a space (or nothing), and whether a missing word was just
    /// shown: words around a `<del>` need a space the text does not have.
    private var endsWithSpace = true
    private var spaceOwed = false

    init(_ text: String, marks: LowConfidenceMarks, budget: Int) {
        self.text = text; self.marks = marks; self.budget = budget
        cursor = text.startIndex; flushed = text.startIndex
        html.reserveCapacity(min(budget, text.utf8.count) + 256)
    }

    /// Puts the consumed text not yet written into `html`.
    mutating func flush() {
        guard flushed < cursor else { return }
        let run = text.unicodeScalars[flushed..<cursor]
        if spaceOwed, let f = run.first, !isSpace(f) { html += " " }
        spaceOwed = false
        html += HTMLText.content(Substring(run))
        endsWithSpace = run.last.map(isSpace) ?? endsWithSpace
        flushed = cursor
    }

    mutating func raw(_ s: String) {
        flush()
        html += s
    }

    /// `<ins>`, after the space a missing word is owed, so the space is not marked as inserted.
    mutating func openInsertion() {
        flush()
        if spaceOwed { html += " "; spaceOwed = false }
        html += "<ins>"
    }

    /// Consumes the text up to `end`, word by word and space by space, marking the words of low
    /// confidence; stops for good where the limit falls.
    mutating func consume(upTo end: String.Index) {
        let scalars = text.unicodeScalars
        var i = cursor
        while i < end, !stopped {
            let space = isSpace(scalars[i])
            var j = i, n = 0
            while j < end, isSpace(scalars[j]) == space, n <= budget { scalars.formIndex(after: &j); n += 1 }
            if n > budget {
                // The limit falls in this run: spaces are shown up to it, a word is not cut (but
                // a run longer than the whole limit, without any space, shows its beginning).
                if space || shown == 0 {
                    cursor = scalars.index(i, offsetBy: budget)
                    shown += budget
                }
                budget = 0
                stopped = true
                return
            }
            if !space, let core = marks.match(Substring(scalars[i..<j])) {
                cursor = core.lowerBound
                flush()
                if spaceOwed { html += " "; spaceOwed = false }
                html += "<mark class=\"lowconf\">" + HTMLText.content(Substring(scalars[core])) + "</mark>"
                flushed = core.upperBound
                endsWithSpace = false
            }
            cursor = j
            shown += n; budget -= n
            i = j
        }
    }

    mutating func missing(_ s: String) {
        guard !stopped, !s.isEmpty else { return }
        let n = s.unicodeScalars.count
        if n > budget { budget = 0; stopped = true; return }
        flush()
        if !endsWithSpace || spaceOwed { html += " " }
        html += "<del>" + HTMLText.content(s) + "</del>"
        budget -= n
        endsWithSpace = false
        spaceOwed = true
    }

    /// Words printed from a segment, not found in the text.
    mutating func printed(_ s: String, extra: Bool) {
        guard !stopped, !s.isEmpty else { return }
        flush()
        if !endsWithSpace || spaceOwed { html += " " }
        spaceOwed = false
        if extra { html += "<ins>" }
        var first = true
        for word in s.split(separator: " ") {
            let n = word.unicodeScalars.count + (first ? 0 : 1)
            if n > budget { stopped = true; break }
            html += (first ? "" : " ") + marks.render(word)
            budget -= n
            first = false
        }
        if extra { html += "</ins>" }
        endsWithSpace = false
    }
}

/// The low-confidence words of a document. A word matches as read (`chat,`) or without its
/// leading and trailing punctuation (`chat` marks the `chat` of `chat,` and of `« chat »`),
/// never inside a longer word.
struct LowConfidenceMarks {
    private let words: Set<String>
    private let cores: Set<String>

    init(_ list: [String]) {
        words = Set(list.filter { !$0.isEmpty })
        cores = Set(list.map { w in String(w.unicodeScalars[Self.core(w[...])]) }.filter { !$0.isEmpty })
    }

    /// The part of `w` to mark, if any.
    func match(_ w: Substring) -> Range<String.Index>? {
        guard !words.isEmpty else { return nil }
        if words.contains(String(w)) { return w.startIndex..<w.endIndex }
        let core = Self.core(w)
        if !core.isEmpty, cores.contains(String(w.unicodeScalars[core])) { return core }
        return nil
    }

    /// `w` escaped, its low-confidence part marked.
    func render(_ w: Substring) -> String {
        guard let core = match(w) else { return HTMLText.content(w) }
        let scalars = w.unicodeScalars
        return HTMLText.content(Substring(scalars[..<core.lowerBound])) + "<mark class=\"lowconf\">"
            + HTMLText.content(Substring(scalars[core])) + "</mark>" + HTMLText.content(Substring(scalars[core.upperBound...]))
    }

    /// From the first letter or digit to the last.
    static func core(_ w: Substring) -> Range<String.Index> {
        let scalars = w.unicodeScalars
        let isWord: (Unicode.Scalar) -> Bool = { $0.properties.isAlphabetic || $0.properties.numericType != nil }
        guard let start = scalars.firstIndex(where: isWord), let last = scalars.lastIndex(where: isWord) else {
            return w.endIndex..<w.endIndex
        }
        return start..<scalars.index(after: last)
    }
}
