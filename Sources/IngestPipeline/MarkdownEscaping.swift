import Foundation

/// Backslashes before what a Markdown reader (CommonMark, GFM, pandoc's markdown) would take for
/// structure, emphasis, math, HTML or a citation, so the rendered text is the document's text.
/// Quotes, apostrophes and dashes are left as they are: only a reader with "smart" typography
/// turned on (pandoc's default) curls them, and escaping every apostrophe of a French text would
/// make the Markdown unreadable.
/// Markup a source's own text holds, which the Markdown keeps as markup instead of escaping it.
struct OwnMarkup: OptionSet, Sendable {
    let rawValue: UInt8
    /// Inline math as `$…$`: what the Office and EPUB formula readers write into the text.
    static let math = OwnMarkup(rawValue: 1)
    /// `*`, `_` and backticks: a Markdown source's own emphasis and code (kept in its text as
    /// typed, as the study sheet keeps them).
    static let emphasis = OwnMarkup(rawValue: 2)
}

enum MarkdownEscaping {
    /// One line of running text (no line break inside). `atLineStart`: the line begins a Markdown
    /// line, where `#`, `-`, `1.`, `a)`, `>`… would start a heading, a list or a quote.
    static func line(_ text: String, atLineStart: Bool, own: OwnMarkup = []) -> String {
        let out = inline(text, own: own)
        return atLineStart ? escapeLineStart(out) : out
    }

    /// A heading's text: its line breaks are spaces, and a `{` or closing `#` would be read as
    /// attributes or the closing sequence.
    static func heading(_ text: String, own: OwnMarkup = []) -> String {
        let flat = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
        var out = inline(flat, own: own)
        if !own.contains(.math) || !out.contains("$") { out = out.replacingOccurrences(of: "{", with: "\\{") }
        if out.hasSuffix("#") { out.insert("\\", at: out.index(before: out.endIndex)) }
        return out
    }

    /// A table cell: a line break is ` <br> ` (a pipe table's row is one line; the spaces keep the
    /// words apart for readers that drop the HTML).
    static func cell(_ text: String, own: OwnMarkup = []) -> String {
        text.split(whereSeparator: \.isNewline).map { inline($0.trimmingCharacters(in: .whitespaces), own: own) }
            .filter { !$0.isEmpty }.joined(separator: " <br> ")
    }

    /// Characters that are markup anywhere in a line. With `.emphasis`, `*`, `_` and backticks
    /// are left as marks. With `.math` (text of a source whose
    /// reader writes its formulas as `$…$`: Office and EPUB), inline math (a `$` after a space or
    /// an opening mark and before a non-space, closed on the same line by a `$` after a
    /// non-space and before no letter or digit) is kept as it is; any other `$` — all of them in
    /// a PDF's or a text's text, where a `$` is the character the page shows — is escaped.
    static func inline(_ text: String, own: OwnMarkup = []) -> String {
        guard text.utf8.contains(where: mayNeedEscape) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        let chars = Array(text)
        var mathEnd = -1
        for (i, c) in chars.enumerated() {
            if i <= mathEnd { out.append(c); continue }
            if own.contains(.math), c == "$", let close = mathClose(chars, open: i) { mathEnd = close; out.append(c); continue }
            // A Character equal to one of them is that one ASCII byte (no mark combined with it).
            if c.utf8.count == 1, let b = c.utf8.first {
                switch b {
                case UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"):
                    if !own.contains(.emphasis) { out.append("\\") }
                case UInt8(ascii: "\\"), UInt8(ascii: "["),
                     UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "|"), UInt8(ascii: "$"),
                     UInt8(ascii: "~"), UInt8(ascii: "^"):
                    out.append("\\")
                case UInt8(ascii: "&") where isEntity(chars, after: i):
                    out.append("\\")
                case UInt8(ascii: "@") where i == 0 || !(chars[i - 1].isLetter || chars[i - 1].isNumber):
                    // pandoc reads `@key` at a word's start as a citation; `a@b.fr` is not one.
                    out.append("\\")
                default: break
                }
            }
            out.append(c)
        }
        return out
    }

    /// The index of the `$` closing inline math opened at `open`, if it is math by pandoc's rule.
    static func mathClose(_ chars: [Character], open: Int) -> Int? {
        // Stricter than pandoc on the outside: the `$` stand apart from words (`L$L/$N` in a URL
        // is not math), as a formula reader writes them.
        guard open + 1 < chars.count, !chars[open + 1].isWhitespace, chars[open + 1] != "$",
              open == 0 || chars[open - 1].isWhitespace || "([{«“\"'’/–—-".contains(chars[open - 1]) else { return nil }
        var j = open + 1
        while j < chars.count {
            let c = chars[j]
            if c.isNewline { return nil }
            if c == "\\" { j += 2; continue }
            if c == "$" {
                guard !chars[j - 1].isWhitespace, j > open + 1,
                      j + 1 >= chars.count || !(chars[j + 1].isLetter || chars[j + 1].isNumber || chars[j + 1] == "$") else { return nil }
                return j
            }
            j += 1
        }
        return nil
    }

    static func mayNeedEscape(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["), UInt8(ascii: "]"),
             UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "|"), UInt8(ascii: "$"), UInt8(ascii: "~"), UInt8(ascii: "^"),
             UInt8(ascii: "&"), UInt8(ascii: "@"): return true
        default: return false
        }
    }

    /// `&amp;`, `&#233;`, `&#x41;`: an HTML reference a reader would turn into its character.
    static func isEntity(_ chars: [Character], after i: Int) -> Bool {
        var j = i + 1
        while j < chars.count, j - i <= 32, chars[j].isASCII, chars[j].isLetter || chars[j].isNumber || chars[j] == "#" { j += 1 }
        return j > i + 1 && j < chars.count && chars[j] == ";"
    }

    /// What would open a block at a line's start: a heading, a bullet, a quote, a definition, a
    /// setext or thematic rule (`===`, `---`), or an ordered item (`12.`, `3)`, `a.`, `iv)`, `(b)`).
    static func escapeLineStart(_ text: String) -> String {
        var out = text
        guard let first = out.first else { return out }
        if "#+-=:%".contains(first) { return "\\" + out }
        if first == "(", let close = out.firstIndex(of: ")"), close > out.startIndex {
            let inside = out[out.index(after: out.startIndex)..<close]
            if !inside.isEmpty, inside.count <= 8, inside.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "@" || $0 == "#") }) {
                return "\\" + out
            }
        }
        // Digits, one letter or roman numerals, then `.` or `)`, then a space or the end.
        guard let end = out.firstIndex(where: { !($0.isASCII && ($0.isLetter || $0.isNumber)) }), end > out.startIndex,
              out[end] == "." || out[end] == ")" else { return out }
        let word = out[..<end]
        let next = out.index(after: end)
        guard next == out.endIndex || out[next] == " " || out[next] == "\t" else { return out }
        let isDigits = word.allSatisfy(\.isNumber)
        let isLetter = word.count == 1
        let isRoman = word.allSatisfy { "ivxlcdmIVXLCDM".contains($0) }
        if isDigits || isLetter || isRoman { out.insert("\\", at: end) }
        return out
    }
}
