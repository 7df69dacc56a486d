import IngestQuality

/// One document's text as HTML: low-confidence OCR words in `<mark class="lowconf">`, and with an
/// expected text the differences in `<del>` (expected words missing here) and `<ins>` (words
/// here that were not expected).
///
/// The differences are laid over the text itself rather than printed from the segments: the
/// words of `same` and `extra` segments are found in the text in order, and the text between
/// them (spaces, line breaks, punctuation) is kept, so the page reads as extracted. Should a
/// word not be found where it should be (the diff counts words another way), the rest is printed
/// from the segments.
///
/// At most `limit` characters are shown (the text's, and the missing words'), because a
/// 300-page PDF would otherwise make the report unreadable and huge.
struct DocumentText {
    static let limit = 20_000

    var html = ""
    /// Characters of the text shown, and in the text.
    var shown = 0
    var total = 0
    var isCut: Bool { shown < total }

    init(_ detail: QaDocumentDetail, limit: Int = Self.limit) {
        let text = detail.text
        total = text.count
        var out = Emitter(marks: LowConfidenceMarks(detail.lowConfidence), budget: limit)
        if let expected = detail.expected {
            Self.overlay(WordDiff.segments(text: text, expected: expected), on: text, into: &out)
        } else {
            out.text(text[...])
        }
        html = out.html
        shown = min(out.shown, total)
    }

    /// How many characters other than spaces may lie between the cursor and a segment's next
    /// word: none should (both split on spaces), so many mean the two disagree on words.
    private static let reach = 256

    private static func overlay(_ segments: [DiffSegment], on text: String, into out: inout Emitter) {
        var cursor = text.startIndex
        var k = 0
        var lost = false
        aligned: while k < segments.count, !out.stopped {
            switch segments[k] {
            case .missing(let s):
                out.missing(s)
            case .same(let s), .extra(let s):
                let extra = if case .extra = segments[k] { true } else { false }
                let words = s.split(whereSeparator: \.isWhitespace)
                var opened = false
                for (w, word) in words.enumerated() {
                    guard let found = find(word, in: text, from: cursor) else {
                        if opened { out.raw("</ins>"); opened = false }
                        out.printed(words[w...].joined(separator: " "), extra: extra)
                        lost = true
                        break
                    }
                    out.text(text[cursor..<found.lowerBound])
                    if extra && !opened { out.openInsertion(); opened = true }
                    out.word(text[found])
                    cursor = found.upperBound
                }
                if opened { out.raw("</ins>") }
            }
            k += 1
            if lost { break aligned }
        }
        guard lost else {
            out.text(text[cursor...])
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
        guard let first = word.first else { return nil }
        var i = start
        var steps = 0
        while i < text.endIndex, steps <= reach {
            let c = text[i]
            if c == first, text[i...].starts(with: word) {
                return i..<text.index(i, offsetBy: word.count)
            }
            if !c.isWhitespace { steps += 1 }
            i = text.index(after: i)
        }
        return nil
    }
}

/// Writes escaped text, words and marks while counting the characters shown against the limit.
private struct Emitter {
    let marks: LowConfidenceMarks
    var budget: Int
    var html = ""
    var shown = 0
    var stopped = false
    /// Whether what was shown last is a space (or nothing), and whether a missing word was just
    /// shown: words around a `<del>` need a space the text does not have.
    private var endsWithSpace = true
    private var spaceOwed = false

    init(marks: LowConfidenceMarks, budget: Int) {
        self.marks = marks; self.budget = budget
        html.reserveCapacity(min(budget, 1 << 20) * 2)
    }

    mutating func raw(_ s: String) { html += s }

    /// `<ins>`, after the space a missing word is owed, so the space is not marked as inserted.
    mutating func openInsertion() {
        if spaceOwed { html += " "; spaceOwed = false }
        html += "<ins>"
    }

    /// Text of the document, split into words so low-confidence words can be marked.
    mutating func text(_ s: Substring) {
        var i = s.startIndex
        while i < s.endIndex, !stopped {
            let space = s[i].isWhitespace
            var j = s.index(after: i)
            while j < s.endIndex, s[j].isWhitespace == space { j = s.index(after: j) }
            if space { gap(s[i..<j]) } else { word(s[i..<j]) }
            i = j
        }
    }

    mutating func word(_ w: Substring) {
        guard !stopped else { return }
        let n = w.count
        if n > budget {
            // One "word" longer than the whole budget (a run without spaces): show its start.
            if shown == 0 { html += HTMLText.content(w.prefix(budget)); shown += budget }
            budget = 0
            stopped = true
            return
        }
        if spaceOwed { html += " "; spaceOwed = false }
        html += marks.render(w)
        shown += n; budget -= n
        endsWithSpace = false
    }

    /// Spaces and punctuation between words.
    private mutating func gap(_ s: Substring) {
        guard !stopped, !s.isEmpty else { return }
        let n = s.count
        if n > budget {
            html += HTMLText.content(s.prefix(budget))
            shown += budget; budget = 0; stopped = true
            return
        }
        if spaceOwed, let f = s.first, !f.isWhitespace { html += " " }
        spaceOwed = false
        html += HTMLText.content(s)
        shown += n; budget -= n
        endsWithSpace = s.last?.isWhitespace ?? false
    }

    mutating func missing(_ s: String) {
        guard !stopped, !s.isEmpty else { return }
        let n = s.count
        if n > budget { budget = 0; stopped = true; return }
        if !endsWithSpace || spaceOwed { html += " " }
        html += "<del>" + HTMLText.content(s) + "</del>"
        budget -= n
        endsWithSpace = false
        spaceOwed = true
    }

    /// Words printed from a segment, not found in the text.
    mutating func printed(_ s: String, extra: Bool) {
        guard !stopped, !s.isEmpty else { return }
        if !endsWithSpace || spaceOwed { html += " "; spaceOwed = false; endsWithSpace = true }
        if extra { html += "<ins>" }
        text(s[...])
        if extra { html += "</ins>" }
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
        cores = Set(list.map { String(Self.core($0[...]).core) }.filter { !$0.isEmpty })
    }

    func render(_ w: Substring) -> String {
        guard !words.isEmpty else { return HTMLText.content(w) }
        if words.contains(String(w)) { return Self.mark(w) }
        let (before, core, after) = Self.core(w)
        if !core.isEmpty, cores.contains(String(core)) {
            return HTMLText.content(before) + Self.mark(core) + HTMLText.content(after)
        }
        return HTMLText.content(w)
    }

    private static func mark(_ s: Substring) -> String { "<mark class=\"lowconf\">" + HTMLText.content(s) + "</mark>" }

    static func core(_ w: Substring) -> (before: Substring, core: Substring, after: Substring) {
        let isWord: (Character) -> Bool = { $0.isLetter || $0.isNumber }
        guard let start = w.firstIndex(where: isWord), let last = w.lastIndex(where: isWord) else {
            return (w, w[w.endIndex...], w[w.endIndex...])
        }
        let end = w.index(after: last)
        return (w[..<start], w[start..<end], w[end...])
    }
}
