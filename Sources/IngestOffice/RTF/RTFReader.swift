import IngestCore

/// Reads an RTF document into blocks: paragraphs (`\par`), headings (`\outlinelevelN`, or a
/// "Heading N"/"Titre N"/"Title" style of the style sheet), list items (a `\listtext`/`\pntext`
/// marker, a `\ls` list, or a bullet or number typed before a tab), tables (`\cell`, `\row`),
/// footnotes appended as `[n] text` as for `.docx`. What a reader never sees is left out: the
/// font, colour and style tables, document information other than title and author, pictures,
/// field instructions (their results are kept), headers and footers, hidden and deleted text,
/// bookmarks, and every `\*` destination this reader does not know.
struct RTFReader {
    enum Destination { case body, footnote, marker, info, title, author, fonts, styles, skip }

    /// What a group changes and its end restores.
    struct State {
        var destination: Destination = .body
        var uc = 1
        var hidden = false
        var font: Int?
        var language = 0
        var style = 0
        var outline: Int?
        var inTable = false
        var level = 0
        var indent = 0
        var list = false
        var footnoteOwner = false
        var styleOwner = false
    }

    struct Note { var number: Int; var text: String }

    private(set) var blocks: [Block] = []
    private(set) var title: String?
    private(set) var author: String?
    private(set) var pictures = 0
    private(set) var paragraphs = 0
    private(set) var notes: [Note] = []
    private(set) var languageCounts: [String: Int] = [:]

    private var tokens: RTFTokenizer
    private var stack: [State] = []
    private var state = State()
    private var codePage = 1252
    private var defaultFont: Int?
    private var fontCodePages: [Int: Int] = [:]
    private var styleNames: [Int: String] = [:]
    private var styleOutlines: [Int: Int] = [:]
    private var currentStyle: Int?
    private var text = String.UnicodeScalarView()
    private var noteText = String.UnicodeScalarView()
    private var side = String.UnicodeScalarView()   // marker, title, author, style name
    private var marker: String?
    private var pending: [UInt8] = []
    private var ucSkip = 0
    private var highSurrogate: UInt32?
    private var row: [TableCell] = []
    private var rows: [[TableCell]] = []
    private let deadline: () throws -> Void
    static let maxDepth = 512

    init(_ bytes: [UInt8], deadline: @escaping () throws -> Void) {
        tokens = RTFTokenizer(bytes); self.deadline = deadline
    }

    /// Destinations whose content is never text of the document.
    static let skipped: Set<String> = [
        "colortbl", "pict", "objdata", "objclass", "objname", "header", "headerl", "headerr", "headerf", "footer", "footerl",
        "footerr", "footerf", "fldinst", "xe", "tc", "txe", "rxe", "bkmkstart", "bkmkend", "listtable", "listoverridetable",
        "revtbl", "rsidtbl", "generator", "themedata", "colorschememapping", "latentstyles", "datastore", "xmlnstbl",
        "pgdsctbl", "filetbl", "nonshppict", "template", "userprops", "docvar", "ftnsep", "ftnsepc", "aftnsep", "aftnsepc",
        "pntxta", "pntxtb", "annotation", "atnid", "atnauthor", "atndate", "atnref", "fldtype", "keywords", "subject",
        "operator", "company", "manager", "category", "comment", "doccomm", "hlinkbase", "buptim", "creatim", "printim",
        "revtim", "mmathPr", "shpinst", "sp", "sn", "sv", "falt", "panose", "fontemb", "fontfile", "leveltext",
        "levelnumbers", "protusertbl", "wgrffmtfilter", "passwordhash", "pgptbl", "picprop", "blipuid", "formfield",
        "datafield", "mhtmltag", "oldcprops", "oldpprops", "oldsprops", "oldtprops", "pnseclvl", "listpicture", "docinfo",
        "ud", "version", "vern", "edmins", "nofpages", "nofwords", "nofchars", "id", "private",
    ]

    mutating func read() throws {
        var count = 0
        while let token = tokens.next() {
            count += 1
            if count & 0xFFFF == 0 { try deadline() }
            switch token {
            case .text(let b):
                if b == 0x09 { flush(); character("\t") } else { byte(b) }
            case .hex(let b): byte(b)
            case .open:
                flush(); ucSkip = 0
                if stack.count < Self.maxDepth { stack.append(state) } else { stack.append(stack[stack.count - 1]) }
            case .close:
                flush(); ucSkip = 0
                endGroup()
            case .symbol(let c): flush(); symbol(c)
            case .word(let name, let parameter): flush(); try word(name, parameter)
            }
        }
        flush()
        while !stack.isEmpty { endGroup() }
        endParagraph()
        endTable()
    }

    // MARK: characters

    private mutating func byte(_ b: UInt8) {
        if ucSkip > 0 { ucSkip -= 1; return }
        pending.append(b)
    }

    /// Decodes the bytes gathered so far in the code page of the current font.
    private mutating func flush() {
        guard !pending.isEmpty else { return }
        let cp = state.font.flatMap { fontCodePages[$0] } ?? codePage
        let s = RTFCodePage.decode(pending, codePage: cp)
        pending.removeAll(keepingCapacity: true)
        for scalar in s.unicodeScalars { emit(scalar) }
    }

    private mutating func character(_ s: String) {
        for scalar in s.unicodeScalars { emit(scalar) }
    }

    private mutating func emit(_ scalar: Unicode.Scalar) {
        if state.hidden && state.destination != .fonts && state.destination != .styles { return }
        switch state.destination {
        case .body:
            text.append(scalar)
            if state.language != 0, let l = RTFCodePage.language(lcid: state.language) { languageCounts[l, default: 0] += 1 }
        case .footnote: noteText.append(scalar)
        case .marker, .title, .author, .styles: side.append(scalar)
        case .fonts, .info, .skip: break
        }
    }

    private mutating func unicode(_ value: Int) {
        var v = UInt32(truncatingIfNeeded: value < 0 ? value + 65_536 : value) & 0xFFFF
        if (0xD800...0xDBFF).contains(v) { highSurrogate = v; return }
        if (0xDC00...0xDFFF).contains(v), let high = highSurrogate {
            v = 0x10000 + ((high - 0xD800) << 10) + (v - 0xDC00)
        }
        highSurrogate = nil
        if let s = Unicode.Scalar(v) { emit(s) }
    }

    private mutating func symbol(_ c: UInt8) {
        switch c {
        case 0x2A: starred = true  // \*: the next word names a destination to skip unless we read it
        case 0x7E: if ucSkip > 0 { ucSkip -= 1 } else { emit("\u{00A0}") }
        case 0x5F: if ucSkip > 0 { ucSkip -= 1 } else { emit("\u{2011}") }
        case 0x2D: if ucSkip > 0 { ucSkip -= 1 }  // optional hyphen: not shown inside a line
        case 0x5C, 0x7B, 0x7D: if ucSkip > 0 { ucSkip -= 1 } else { emit(Unicode.Scalar(c)) }
        case 0x0A: endParagraph()
        default: break
        }
    }

    private var starred = false

    // MARK: control words

    private mutating func word(_ name: String, _ p: Int?) throws {
        // A `\*` destination stays skipped unless it is one we read (footnotes).
        if starred {
            starred = false
            // Word writes each picture twice: `{\*\shppict{\pict…}}{\nonshppict{\pict…}}`; counted once.
            if name == "shppict" { pictures += 1 }
            if name != "footnote" { state.destination = .skip; return }
        }
        if state.destination == .skip { if name == "bin" { tokens.skip(p ?? 0) }; return }
        switch name {
        // destinations
        case "fonttbl": state.destination = .fonts
        case "stylesheet": state.destination = .styles
        case "info": state.destination = .info
        case "title" where state.destination == .info: state.destination = .title; side = .init()
        case "author" where state.destination == .info: state.destination = .author; side = .init()
        case "listtext", "pntext": state.destination = .marker; side = .init()
        case "footnote":
            if state.destination == .body { state.destination = .footnote; state.footnoteOwner = true; noteText = .init() }
            else { state.destination = .skip }
        case "pict": pictures += 1; state.destination = .skip
        case _ where Self.skipped.contains(name): state.destination = .skip
        case "bin": tokens.skip(p ?? 0)
        // document
        case "ansicpg": if let p, p > 0 { codePage = p }
        case "mac": codePage = 10000
        case "pc": codePage = 437
        case "pca": codePage = 850
        case "deff": defaultFont = p
        case "uc": state.uc = max(0, min(p ?? 1, 8))
        case "u": if let p { unicode(p); ucSkip = state.uc }
        // fonts and styles tables
        case "f":
            if state.destination == .fonts { currentFont = p } else { state.font = p }
        case "fcharset":
            if state.destination == .fonts, let f = currentFont, let cp = RTFCodePage.codePage(charset: p ?? 0) { fontCodePages[f] = cp }
        case "cpg":
            if state.destination == .fonts, let f = currentFont, let p, p > 0 { fontCodePages[f] = p }
        case "s", "ds", "ts", "cs":
            if state.destination == .styles {
                currentStyle = name == "s" ? p ?? 0 : nil
                side = .init(); state.styleOwner = true
            } else if name == "s" { state.style = p ?? 0 }
        case "outlinelevel":
            if state.destination == .styles { if let s = currentStyle, let p { styleOutlines[s] = p } }
            else { state.outline = p }
        // paragraphs
        case "par", "sect": endParagraph()
        case "page": endParagraph()
        case "pard":
            state.style = 0; state.outline = nil; state.inTable = false; state.level = 0; state.list = false; state.indent = 0
        case "intbl": state.inTable = true
        case "ilvl": state.level = max(0, min(p ?? 0, 8))
        case "ls": state.list = true
        case "li": state.indent = p ?? 0
        case "cell", "nestcell": endCell()
        case "row", "nestrow": endRow()
        case "line": emit("\n")
        case "tab": emit("\t")
        // characters
        case "plain": state.hidden = false; state.font = defaultFont
        case "v", "deleted": state.hidden = (p ?? 1) != 0
        case "lang": state.language = p ?? 0
        case "emdash": special("\u{2014}")
        case "endash": special("\u{2013}")
        case "lquote": special("\u{2018}")
        case "rquote": special("\u{2019}")
        case "ldblquote": special("\u{201C}")
        case "rdblquote": special("\u{201D}")
        case "bullet": special("\u{2022}")
        case "emspace": special("\u{2003}")
        case "enspace": special("\u{2002}")
        case "qmspace": special("\u{2005}")
        case "zwj": special("\u{200D}")
        case "zwnj": special("\u{200C}")
        case "zwbo": special("\u{200B}")
        case "chftn":
            if state.destination == .body {
                let n = notes.count + pendingNotes + 1
                pendingNotes += 1
                for s in "[\(n)]".unicodeScalars { emit(s) }
            }
        default: break
        }
    }

    private var currentFont: Int?
    private var pendingNotes = 0

    private mutating func special(_ s: Unicode.Scalar) {
        if ucSkip > 0 { ucSkip -= 1; return }
        emit(s)
    }

    private mutating func endGroup() {
        guard let outer = stack.popLast() else { return }
        let inner = state
        state = outer
        switch inner.destination {
        case .footnote where inner.footnoteOwner && outer.destination != .footnote:
            let s = Self.tidy(String(noteText))
            pendingNotes = max(0, pendingNotes - 1)
            notes.append(Note(number: notes.count + 1, text: s))
            noteText = .init()
        case .marker where outer.destination != .marker:
            marker = Self.tidy(String(side)).trimmingCharacters(in: .whitespaces)
            side = .init()
        case .title where outer.destination != .title:
            let s = Self.tidy(String(side)); if !s.isEmpty { title = s }; side = .init()
        case .author where outer.destination != .author:
            let s = Self.tidy(String(side)); if !s.isEmpty { author = s }; side = .init()
        case .styles where inner.styleOwner:
            if let s = currentStyle {
                var name = Self.tidy(String(side))
                if name.hasSuffix(";") { name.removeLast() }
                styleNames[s] = name.trimmingCharacters(in: .whitespaces)
            }
            currentStyle = nil; side = .init()
        default: break
        }
    }

    // MARK: blocks

    private mutating func endParagraph() {
        if state.destination == .footnote { noteText.append("\n"); return }
        guard state.destination == .body else { return }
        paragraphs += 1
        if state.inTable { text.append("\n"); return }
        endTable()
        let raw = String(text)
        let s = Self.tidy(raw)
        text = .init()
        let listMarker = marker
        marker = nil
        guard !s.isEmpty else { return }
        if let level = headingLevel() {
            blocks.append(Block(kind: .heading, text: s.replacingOccurrences(of: "\n", with: " "), level: level, provenance: .textLayer))
        } else if let m = listMarker {
            blocks.append(Block(kind: .listItem, text: s, level: state.level, marker: m, provenance: .textLayer))
        } else if let (m, rest) = Self.typedMarker(raw) {
            // Nested typed lists are told by their indent (pandoc: 360 twips a level).
            let level = max(state.level, min(8, state.indent / 360 - 1))
            blocks.append(Block(kind: .listItem, text: Self.tidy(rest), level: level, marker: m, provenance: .textLayer))
        } else if state.list {
            blocks.append(Block(kind: .listItem, text: s, level: state.level, marker: "•", provenance: .textLayer))
        } else {
            blocks.append(Block(kind: .paragraph, text: s, provenance: .textLayer))
        }
    }

    private func headingLevel() -> Int? {
        if let o = state.outline, (0..<9).contains(o) { return o + 1 }
        if let o = styleOutlines[state.style], (0..<9).contains(o) { return o + 1 }
        guard state.style != 0, let name = styleNames[state.style]?.lowercased() else { return nil }
        if name == "title" || name == "titre" { return 1 }
        for prefix in ["heading ", "titre ", "überschrift ", "titolo ", "título "] where name.hasPrefix(prefix) {
            if let n = Int(name.dropFirst(prefix.count)), (1...9).contains(n) { return n }
        }
        return nil
    }

    /// A bullet, dash or number typed before a tab (pandoc's RTF lists): `•\tText` → ("•", "Text").
    static func typedMarker(_ s: String) -> (String, String)? {
        let s = s.drop { $0 == " " || $0 == "\n" }
        guard let tab = s.firstIndex(of: "\t") else { return nil }
        let head = s[..<tab].trimmingCharacters(in: .whitespaces)
        let rest = s[s.index(after: tab)...].trimmingCharacters(in: .whitespaces)
        guard !head.isEmpty, head.count <= 6, !rest.isEmpty else { return nil }
        let bullets: Set<String> = ["•", "◦", "▪", "■", "●", "○", "–", "-", "*", "·", "\u{F0B7}"]
        if bullets.contains(head) { return (head, rest) }
        let body = head.dropLast()
        if let last = head.last, ".)".contains(last), !body.isEmpty,
           body.allSatisfy({ $0.isNumber }) || (body.count == 1 && body.allSatisfy(\.isLetter))
            || body.allSatisfy({ "ivxlcdmIVXLCDM".contains($0) }) {
            return (head, rest)
        }
        return nil
    }

    private mutating func endCell() {
        guard state.destination == .body else { return }
        row.append(TableCell(text: Self.tidy(String(text))))
        text = .init()
        marker = nil
    }

    private mutating func endRow() {
        guard state.destination == .body else { return }
        if !String(text).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { endCell() }
        text = .init()
        if !row.isEmpty, rows.count < 100_000 { rows.append(row) }
        row = []
    }

    private mutating func endTable() {
        if !row.isEmpty { rows.append(row); row = [] }
        guard !rows.isEmpty else { return }
        let rendering = TableText.render(rows)
        if !rendering.isEmpty { blocks.append(Block(kind: .table, text: rendering, provenance: .textLayer, rows: rows)) }
        rows = []
    }

    /// White space runs to one space, line breaks kept, ends trimmed; a non-breaking space at an
    /// end (pandoc's note marker) trimmed too.
    static func tidy(_ s: String) -> String {
        var buffer = TextBuffer()
        buffer.append(s)
        return buffer.take().trimmingCharacters(in: CharacterSet(charactersIn: "\u{00A0} "))
    }
}

import Foundation
