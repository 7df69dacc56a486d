import Foundation
import IngestCore

/// The study sheet as Markdown (`NAME.sheet.md`), for a person: the title, each section's
/// heading, its passages, its definitions as a definition list (`term` then `: meaning`, as
/// pandoc and PHP Markdown Extra read it). A passage read by OCR or from automatic captions ends
/// with a bracketed note saying so and where it comes from. Nothing is emphasised that the text
/// does not mark: the text's own characters are escaped, except the emphasis a Markdown source
/// wrote itself.
public enum StudySheetMarkdown {
    /// `language` is the run's: the notes are written in the document's own language when it is
    /// French or English (an English lesson's sheet reads in English whatever the run's language),
    /// else in the run's.
    public static func render(_ sheet: StudySheet, language: MessageLanguage) -> String {
        var out: [String] = ["# " + escape(sheet.title, keepsMarks: false, atLineStart: false)]
        let uncertain = sheet.sections.flatMap { $0.paragraphs.map(\.provenance) + $0.definitions.map(\.provenance) }
        let labels = Labels(Self.language(of: sheet, run: language))
        var legend: [String] = []
        if uncertain.contains(.ocr) { legend.append(labels.ocrLegend) }
        if uncertain.contains(.captionsAuto) { legend.append(labels.captionsLegend) }
        if !legend.isEmpty { out.append(legend.joined(separator: " ")) }

        // A section heading repeating the title (the document's first heading) is the title.
        func isTitle(_ index: Int) -> Bool {
            index == 0 && sheet.sections[0].heading?.trimmingCharacters(in: .whitespaces) == sheet.title.trimmingCharacters(in: .whitespaces)
        }
        // The highest heading level shown becomes `##` (under the title's `#`).
        let shown = sheet.sections.indices.filter { sheet.sections[$0].heading != nil && !isTitle($0) }
        let top = shown.map { sheet.sections[$0].level }.min() ?? 1
        for (index, section) in sheet.sections.enumerated() {
            // A part of a bundle without a heading of its own is set apart from the part before
            // (a rule, then the part's file name): in Markdown it would read as under its heading.
            if section.heading == nil, index > 0, let source = section.paragraphs.first?.source ?? section.definitions.first?.source,
               sheet.sources.indices.contains(source) {
                out.append("---")
                out.append("*" + escape(labels.part(sheet.sources[source].name), keepsMarks: false, atLineStart: false) + "*")
            }
            if let heading = section.heading, !isTitle(index) {
                let level = min(6, max(2, section.level - top + 2))
                // A heading that wraps on its page is one heading: its line breaks are spaces
                // (a second line would be a paragraph of its own in Markdown).
                out.append(String(repeating: "#", count: level) + " " + escape(oneLine(heading), keepsMarks: false, atLineStart: false))
            }
            var list: [String] = []
            func flushList() { if !list.isEmpty { out.append(list.joined(separator: "\n")); list = [] } }
            for p in section.paragraphs {
                let keeps = marksOwnEmphasis(sheet, p.source)
                let note = self.note(p.provenance, source: p.source, page: p.page, start: p.start, sheet: sheet, labels: labels)
                switch p.kind {
                case .listItem:
                    let marker = p.marker?.first?.isNumber == true ? "1." : "-"
                    list.append(marker + " " + escape(p.text, keepsMarks: keeps, atLineStart: false) + note)
                case .code:
                    flushList()
                    let fence = p.text.contains("```") ? "~~~~" : "```"
                    out.append(fence + "\n" + p.text + "\n" + fence + note)
                case .table where p.rows?.isEmpty == false:
                    flushList()
                    out.append(pipeTable(p.rows ?? [], keepsMarks: keeps) + note)
                case .formula where p.latex?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty == false:
                    flushList()
                    out.append("$$" + (p.latex ?? "").trimmingCharacters(in: .whitespacesAndNewlines) + "$$" + note)
                case .quote:
                    flushList()
                    out.append(p.text.split(separator: "\n", omittingEmptySubsequences: false)
                        .map { "> " + escape(String($0), keepsMarks: keeps, atLineStart: false) }.joined(separator: "\n") + note)
                default:
                    flushList()
                    // A passage's line ends are the page's layout: one paragraph (each line
                    // escaped where it starts, so none turns into a list or a heading).
                    out.append(escapedLines(p.text, keepsMarks: keeps) + note)
                }
            }
            flushList()
            for d in section.definitions {
                let keeps = marksOwnEmphasis(sheet, d.source)
                let note = self.note(d.provenance, source: d.source, page: d.page, start: d.start, sheet: sheet, labels: labels)
                let term = escape(oneLine(d.term), keepsMarks: false, atLineStart: true) + (d.grammar.map { " (\(escape($0, keepsMarks: false, atLineStart: false)))" } ?? "")
                out.append(term + "\n: " + escape(d.meaning, keepsMarks: keeps, atLineStart: false) + note)
            }
        }
        return out.joined(separator: "\n\n") + "\n"
    }

    /// The text's lines, empty ones left out, each escaped where it starts (`escape(_:atLineStart: true)`),
    /// joined by line breaks. ASCII text without CR is done in one pass over its bytes: its every
    /// byte is a Character of its own, so the bytes give what the Characters give (gnuplot's sheet:
    /// 5,700 passages of code and option lists, most of rendering it).
    static func escapedLines(_ text: String, keepsMarks: Bool) -> String {
        ASCIIEscape.lines(text, keepsMarks: keepsMarks) ?? escapedLinesByCharacters(text, keepsMarks: keepsMarks)
    }

    static func escapedLinesByCharacters(_ text: String, keepsMarks: Bool) -> String {
        lines(text).map { escapeByCharacters(String($0), keepsMarks: keepsMarks, atLineStart: true) }.joined(separator: "\n")
    }

    /// The text's lines, empty ones left out, as splitting its Characters at "\n" gives them: on
    /// LF bytes when it holds no CR (a lone LF is a Character of its own; only CR LF joins one),
    /// without walking Characters — most of rendering a long document's sheet.
    static func lines(_ text: String) -> [Substring] {
        guard !text.utf8.contains(0x0D) else { return text.split(separator: "\n", omittingEmptySubsequences: true) }
        return text.utf8.split(separator: 0x0A, omittingEmptySubsequences: true).map { Substring($0) }
    }

    /// The language the sheet's notes are written in.
    static func language(of sheet: StudySheet, run: MessageLanguage) -> MessageLanguage {
        MessageLanguage(rawValue: sheet.language) ?? run
    }

    /// The notes' words, from the message catalog (`sheet.*`).
    struct Labels {
        let language: MessageLanguage
        init(_ language: MessageLanguage) { self.language = language }
        private func word(_ key: ErrorCode, _ arguments: [String: String] = [:]) -> String {
            MessageCatalog.message(key, language, arguments)
        }
        var ocrLegend: String { word("sheet.ocrLegend") }
        var captionsLegend: String { word("sheet.captionsLegend") }
        var ocr: String { word("sheet.ocr") }
        var captions: String { word("sheet.captions") }
        func page(_ number: Int) -> String { word("sheet.page", ["page": String(number)]) }
        func part(_ name: String) -> String { word("sheet.part", ["name": name]) }
    }

    /// ` [OCR · scan.pdf, p. 3]`, ` [auto-captions · 12:05]`, or nothing for other provenances.
    static func note(_ provenance: Provenance, source: Int, page: Int?, start: Double?, sheet: StudySheet, labels: Labels) -> String {
        let label: String
        switch provenance {
        case .ocr: label = labels.ocr
        case .captionsAuto: label = labels.captions
        default: return ""
        }
        var place: [String] = []
        if sheet.sources.count > 1, sheet.sources.indices.contains(source) { place.append(escape(sheet.sources[source].name, keepsMarks: false, atLineStart: false)) }
        if let page { place.append(labels.page(page)) }
        if let start { place.append(clock(start)) }
        return " \\[" + label + (place.isEmpty ? "" : " · " + place.joined(separator: ", ")) + "\\]"
    }

    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded(.down))
        return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
    }

    /// A Markdown source's own `*`, `_` and backticks are its marks (kept); any other text's are
    /// characters (escaped).
    static func marksOwnEmphasis(_ sheet: StudySheet, _ source: Int) -> Bool {
        guard sheet.sources.indices.contains(source) else { return false }
        let name = sheet.sources[source].name.lowercased()
        return name.hasSuffix(".md") || name.hasSuffix(".markdown")
    }

    /// Escapes what Markdown would read as structure or emphasis.
    /// A table's rows as a pipe table: the first row is its header row (a pipe table must have
    /// one), short rows are padded, `|` in a cell is escaped and a cell's line breaks are ` <br> `
    /// (a pipe table's row is one line).
    static func pipeTable(_ rows: [[String]], keepsMarks: Bool) -> String {
        let width = rows.map(\.count).max() ?? 0
        func line(_ cells: [String]) -> String { "| " + cells.joined(separator: " | ") + " |" }
        var out: [String] = []
        for (i, row) in rows.enumerated() {
            let cells = row.map { cell in
                cell.split(whereSeparator: \.isNewline).map { escape($0.trimmingCharacters(in: .whitespaces), keepsMarks: keepsMarks, atLineStart: false) }
                    .filter { !$0.isEmpty }.joined(separator: " <br> ")
            }
            out.append(line(cells + Array(repeating: "", count: width - row.count)))
            if i == 0 { out.append(line(Array(repeating: "---", count: width))) }
        }
        return out.joined(separator: "\n")
    }

    /// A text's lines joined by single spaces, for what Markdown holds on one line (a heading, a term).
    static func oneLine(_ text: String) -> String {
        guard text.contains(where: \.isNewline) else { return text }
        return text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    static func escape(_ text: String, keepsMarks: Bool, atLineStart: Bool) -> String {
        ASCIIEscape.line(text, keepsMarks: keepsMarks, atLineStart: atLineStart)
            ?? escapeByCharacters(text, keepsMarks: keepsMarks, atLineStart: atLineStart)
    }

    /// `escape`, Character by Character (any text).
    static func escapeByCharacters(_ text: String, keepsMarks: Bool, atLineStart: Bool) -> String {
        var out = hasEscapable(text, keepsMarks: keepsMarks) ? escapeCharacters(text, keepsMarks: keepsMarks) : text
        guard atLineStart, let first = out.first else { return out }
        // What would start a heading, a list, a rule or a definition line.
        if "#+-:=~".contains(first) { return "\\" + out }
        if first.isNumber, let end = out.firstIndex(where: { !$0.isNumber }), out[end] == "." || out[end] == ")" {
            let next = out.index(after: end)
            if next == out.endIndex || out[next] == " " { out.insert("\\", at: end) }
        }
        return out
    }

    /// The backslashes of `escape`, character by character.
    static func escapeCharacters(_ text: String, keepsMarks: Bool) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for c in text {
            // A Character equal to one of them is that one ASCII byte (no mark combined with it).
            if c.utf8.count == 1, let b = c.utf8.first, isEscapable(b, keepsMarks: keepsMarks) { out.append("\\") }
            out.append(c)
        }
        return out
    }

    /// Whether `escapeCharacters` could add anything: without the byte of one of its ASCII
    /// characters, the text holds none of them. Most paragraphs hold none, and walking them
    /// Character by Character cost more than the rest of the sheet.
    static func hasEscapable(_ text: String, keepsMarks: Bool) -> Bool {
        text.utf8.contains { isEscapable($0, keepsMarks: keepsMarks) }
    }

    /// `\ [ ] < > |` always; `* _ `` ` `` unless the text's own marks are kept.
    static func isEscapable(_ b: UInt8, keepsMarks: Bool) -> Bool {
        switch b {
        case UInt8(ascii: "\\"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "|"): return true
        case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "`"): return !keepsMarks
        default: return false
        }
    }
}

/// `escape` and `escapedLines` on ASCII text, byte by byte: in ASCII every byte is a Character of
/// its own but CR LF (one Character, which `lines` does not split: text with a CR is left to the
/// Characters), so the bytes decide what the Characters decide. nil for text beyond ASCII.
enum ASCIIEscape {
    static func line(_ text: String, keepsMarks: Bool, atLineStart: Bool) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard isASCII(bytes) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 8)
            append(bytes[...], to: &out, keepsMarks: keepsMarks, atLineStart: atLineStart)
            return String(decoding: out, as: UTF8.self)
        }
    }

    static func lines(_ text: String, keepsMarks: Bool) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard isASCII(bytes), !bytes.contains(0x0D) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 16)
            for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: true) {
                if !out.isEmpty { out.append(0x0A) }
                append(line, to: &out, keepsMarks: keepsMarks, atLineStart: true)
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var all: UInt8 = 0
        for b in bytes { all |= b }
        return all < 0x80
    }

    /// One line's bytes escaped as `StudySheetMarkdown.escape` escapes its Characters, appended.
    static func append(_ line: Slice<UnsafeBufferPointer<UInt8>>, to out: inout [UInt8], keepsMarks: Bool, atLineStart: Bool) {
        let start = out.count
        for b in line {
            if StudySheetMarkdown.isEscapable(b, keepsMarks: keepsMarks) { out.append(UInt8(ascii: "\\")) }
            out.append(b)
        }
        guard atLineStart, start < out.count else { return }
        let first = out[start]
        // What would start a heading, a list, a rule or a definition line.
        switch first {
        case UInt8(ascii: "#"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "="), UInt8(ascii: "~"):
            out.insert(UInt8(ascii: "\\"), at: start)
            return
        default: break
        }
        // A number then `.` or `)`, then a space or the end: an ordered list's marker.
        guard isDigit(first), let end = out[start...].firstIndex(where: { !isDigit($0) }),
              out[end] == UInt8(ascii: ".") || out[end] == UInt8(ascii: ")") else { return }
        let next = end + 1
        if next == out.count || out[next] == UInt8(ascii: " ") { out.insert(UInt8(ascii: "\\"), at: end) }
    }

    /// In ASCII only the ten digits are `Character.isNumber`.
    static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
}
