import Foundation
import IngestCore

/// Reads one EPUB chapter (XHTML) as it streams: `h1`–`h6` headings, paragraphs and any other block
/// (text straight in a `div` too), list items with their nesting and marker, tables with rows,
/// `blockquote` as quote, `pre` as code; footnotes (`aside`/`section` with `epub:type` footnote,
/// endnote, rearnote or note, or the matching ARIA roles) collected and appended after the chapter.
/// `head`, `script` and `style` (also inside inline SVG) are not text. Every block's `page` is the chapter's spine position.
struct XHTMLHandler: XMLHandler {
    enum Tag { case block, heading(Int), li, ul, ol, blockquote, pre, table, tr, cell, br, skip, img, aside, script(ScriptText.Position),
               /// A figure's caption: a `figure` block.
               figcaption,
               /// A MathML equation, read whole (`Formula`): inline as `$…$`, `display="block"` as a formula block.
               math }

    final class Names {
        var tags: [Int32: Tag] = [:]
        let epubType, role, alt, title, src: Int32
        let math: MathVocabulary
        init(_ t: XMLNameTable) {
            let map: [String: Tag] = [
                "p": .block, "div": .block, "section": .block, "article": .block, "header": .block, "footer": .block,
                "figure": .block, "figcaption": .figcaption, "dt": .block, "dd": .block, "dl": .block, "body": .block,
                "nav": .block, "main": .block, "caption": .block, "address": .block, "center": .block, "hr": .block,
                "h1": .heading(1), "h2": .heading(2), "h3": .heading(3), "h4": .heading(4), "h5": .heading(5), "h6": .heading(6),
                "li": .li, "ul": .ul, "ol": .ol, "blockquote": .blockquote, "pre": .pre,
                "table": .table, "tr": .tr, "td": .cell, "th": .cell, "br": .br,
                "head": .skip, "script": .skip, "style": .skip, "img": .img, "aside": .aside,
                "sup": .script(.superscript), "sub": .script(.subscript),
            ]
            // Namespaced as XHTML must be; also without a namespace, as sloppy files are.
            for (k, v) in map { tags[t.name(EPUBNames.xhtml, k)] = v; tags[t.name("", k)] = v }
            // Inside inline SVG, what a reader never sees: style sheets, scripts, tooltips and
            // descriptions, metadata. SVG `text` is drawn, so it stays. (MathML's source
            // annotations are left out by `MathMLReader`.)
            for k in ["style", "script", "title", "desc", "metadata"] { tags[t.name(EPUBNames.svg, k)] = .skip }
            tags[t.name(EPUBNames.mathml, "math")] = .math
            math = MathVocabulary.mathML(t)
            for k in ["template"] { tags[t.name(EPUBNames.xhtml, k)] = .skip; tags[t.name("", k)] = .skip }
            epubType = t.name(EPUBNames.ops, "type"); role = t.name("", "role"); alt = t.name("", "alt"); title = t.name("", "title")
            src = t.name("", "src")
        }
    }

    private enum Context { case block, heading(Int), li(level: Int, marker: String), quote, code, note, figcaption }
    private struct Sink { var texts: [String] = [] }

    let n: Names
    let page: Int
    let deadline: () throws -> Void
    private(set) var blocks: [Block] = []
    private(set) var notes: [Block] = []
    private(set) var images = 0
    /// Pictures (`img src`, as written) met since the last block: figures after the text they stand in.
    private var pictures: [String] = []

    private var text = TextBuffer()
    private var contexts: [(tag: Tag, context: Context, note: Bool)] = []
    private var lists: [(ordered: Bool, count: Int)] = []
    /// For each open `li`: the index in `blocks` of the block that carries its marker, once written.
    /// The item's later paragraphs join that block (one item, one number: `<li><p>…</p><p>…</p>`
    /// is one numbered step, not two steps with the same number).
    private var items: [Int?] = []
    private var sinks: [Sink] = []
    private var tables: [(rows: [[TableCell]], row: [TableCell])] = []
    private var skipDepth = 0
    private var noteDepth = 0
    private var pre = 0
    /// Open `sup`/`sub` elements: their position and where their text starts.
    private var scripts: [(position: ScriptText.Position, offset: Int)] = []
    /// The equation being read, element by element, until it closes.
    private var math: MathCapture
    private(set) var formulas = 0

    init(names: Names, page: Int, deadline: @escaping () throws -> Void) {
        n = names; self.page = page; self.deadline = deadline
        math = MathCapture(names.math)
    }

    static func isNote(_ a: XMLAttributes, _ n: Names) -> Bool {
        let types = (a[n.epubType] ?? "") + " " + (a[n.role] ?? "")
        return types.split(separator: " ").contains { ["footnote", "endnote", "rearnote", "note", "footnotes", "endnotes", "rearnotes",
                                                         "doc-footnote", "doc-endnote", "doc-endnotes"].contains($0) }
    }

    mutating func startElement(_ name: Int32, _ a: XMLAttributes) throws {
        if skipDepth > 0 { skipDepth += 1; return }
        if math.isActive { math.start(name, a); return }
        guard let tag = n.tags[name] else {
            // An inline element may still mark a note (`<span epub:type="footnote">` is rare; ignore).
            return
        }
        switch tag {
        case .skip: skipDepth = 1; return
        case .br: text.append(byte: 0x0A); return
        case .script(let position): scripts.append((position, text.count)); return
        case .math: math.start(name, a); return
        case .img:
            images += 1
            // An image's text alternative is part of what the page says (a figure's description,
            // a badge's words); pandoc prints it too. Written where the image stands, marked.
            if !contexts.isEmpty, var alt = FigureText.image(title: a[n.title], description: a[n.alt]) {
                alt = " " + alt + " "
                alt.withUTF8 { text.appendFlowing(UnsafeRawBufferPointer($0)) }
            }
            // In a table's cell or a note a picture has no block of its own (its description stays).
            if !contexts.isEmpty, sinks.isEmpty, noteDepth == 0, pictures.count < 10_000 { pictures.append(a[n.src] ?? "") }
            return
        default: break
        }
        try flush()
        let note = Self.isNote(a, n) || (contexts.last?.note ?? false)
        if note { noteDepth += 1 }
        let context: Context
        switch tag {
        case .heading(let l): context = .heading(l)
        case .li:
            if lists.isEmpty { lists.append((false, 0)) }
            lists[lists.count - 1].count += 1
            items.append(nil)
            let l = lists[lists.count - 1]
            context = .li(level: lists.count - 1, marker: l.ordered ? "\(l.count)." : "•")
        case .ul, .ol:
            lists.append((tag == .ol, 0)); context = contexts.last?.context ?? .block
        case .blockquote: context = .quote
        case .figcaption: context = .figcaption
        case .pre: pre += 1; context = .code
        case .table: tables.append(([], [])); context = .block
        case .tr: if !tables.isEmpty { tables[tables.count - 1].row = [] }; context = .block
        case .cell: sinks.append(Sink()); context = .block
        default:
            // A paragraph inside a list item or a quotation belongs to it.
            switch contexts.last?.context {
            case .li?, .quote?, .figcaption?: context = contexts.last!.context
            default: context = .block
            }
        }
        contexts.append((tag, note ? .note : context, note))
    }

    mutating func endElement(_ name: Int32) throws {
        if skipDepth > 0 { skipDepth -= 1; return }
        if math.isActive {
            if let equation = math.end() { try add(Formula(mathML: equation)) }
            return
        }
        guard let tag = n.tags[name] else { return }
        switch tag {
        case .skip, .br, .img, .math: return
        case .script:
            // Written as it reads (`10⁸`, `H₂O`); text flushed meanwhile (a block inside) is left as it is.
            if let s = scripts.popLast() { text.rewriteTail(from: s.offset) { ScriptText.render($0, s.position) } }
            return
        default: break
        }
        try flush()
        guard let top = contexts.popLast() else { return }
        if top.note { noteDepth -= 1 }
        switch tag {
        case .ul, .ol: _ = lists.popLast()
        case .li: _ = items.popLast()
        case .pre: pre -= 1
        case .cell:
            guard let sink = sinks.popLast(), !tables.isEmpty else { break }
            tables[tables.count - 1].row.append(TableCell(text: sink.texts.joined(separator: "\n")))
        case .tr:
            if !tables.isEmpty, !tables[tables.count - 1].row.isEmpty, tables[tables.count - 1].rows.count < 100_000 {
                tables[tables.count - 1].rows.append(tables[tables.count - 1].row)
            }
        case .table:
            guard let t = tables.popLast() else { break }
            let rendering = TableText.render(t.rows)
            guard !rendering.isEmpty else { break }
            if !sinks.isEmpty { sinks[sinks.count - 1].texts.append(rendering) }
            else { append(Block(kind: .table, text: rendering, page: page, provenance: .textLayer, rows: t.rows), note: top.note) }
        default: break
        }
    }

    mutating func characters(_ bytes: UnsafeRawBufferPointer) throws {
        if math.isActive { if skipDepth == 0 { math.characters(bytes) }; return }
        guard skipDepth == 0, !contexts.isEmpty else { return }
        if pre > 0 { text.append(bytes) } else { text.appendFlowing(bytes) }
    }

    /// An equation where it stands: a display one as a formula block of its own (in a table
    /// cell, and outside any block, written inline), an inline one as `$…$` in the text.
    private mutating func add(_ f: Formula) throws {
        guard !f.latex.isEmpty, !contexts.isEmpty else { return }
        formulas += 1
        if f.display, sinks.isEmpty, pre == 0 {
            try flush()
            append(Block(formula: f.latex, text: f.text.isEmpty ? f.latex : f.text, page: page, provenance: .textLayer), note: noteDepth > 0)
            return
        }
        var inline = f.inline
        inline.withUTF8 { text.appendFlowing(UnsafeRawBufferPointer($0)) }
    }

    /// The text read so far as its block, then the pictures that stood in it as figures without
    /// caption yet, each with its `src` as `image` until the extractor resolves it (`OfficeFigures`).
    private mutating func flush() throws {
        try flushText()
        guard !pictures.isEmpty else { return }
        for src in pictures {
            var figure = Block(figure: "", bbox: nil, page: page, provenance: .textLayer)
            figure.image = src
            append(figure, note: false)
        }
        pictures = []
    }

    private mutating func flushText() throws {
        guard !text.isEmpty else { return }
        let s = text.take()
        text.reset()
        for i in scripts.indices { scripts[i].offset = 0 }   // a block inside a sup/sub: its rest starts anew
        guard !s.isEmpty else { return }
        if !sinks.isEmpty { sinks[sinks.count - 1].texts.append(s); return }
        if blocks.count % 256 == 0 { try deadline() }
        let block: Block
        switch contexts.last?.context ?? .block {
        case .heading(let l): block = Block(kind: .heading, text: s.replacingOccurrences(of: "\n", with: " "), level: l, page: page, provenance: .textLayer)
        case .li(let level, let marker):
            // The item's marker is written once; its next paragraph goes on a line of that block
            // or, after the item's own nested list or another block, stands as a paragraph.
            if noteDepth == 0, let held = items.last, let index = held {
                if index == blocks.count - 1 { blocks[index].text += "\n" + s; return }
                block = Block(kind: .paragraph, text: s, page: page, provenance: .textLayer)
            } else {
                block = Block(kind: .listItem, text: s, level: level, marker: marker, page: page, provenance: .textLayer)
                if noteDepth == 0, !items.isEmpty { items[items.count - 1] = blocks.count }
            }
        case .quote: block = Block(kind: .quote, text: s, page: page, provenance: .textLayer)
        case .code: block = Block(kind: .code, text: s, page: page, provenance: .textLayer)
        case .note: block = Block(kind: .paragraph, text: s, page: page, provenance: .textLayer)
        case .figcaption: block = Block(kind: .figure, text: s, page: page, provenance: .textLayer)
        case .block where OfficeFigures.isCaptionOfItsPicture(s, pictures: pictures.count):
            var figure = Block(kind: .figure, text: s, page: page, provenance: .textLayer)
            figure.image = pictures.removeFirst()
            block = figure
        case .block: block = Block(kind: .paragraph, text: s, page: page, provenance: .textLayer)
        }
        append(block, note: noteDepth > 0)
    }

    private mutating func append(_ block: Block, note: Bool) {
        if note { notes.append(block) } else { blocks.append(block) }
    }
}

extension XHTMLHandler.Tag: Equatable {}
