import Foundation
import IngestCore

/// Reads the body of `document.xml` (and, in notes mode, `footnotes.xml` / `endnotes.xml`) into
/// blocks, in reading order, as the XML streams by.
///
/// Choices: tracked changes are shown accepted (insertions kept, deletions and moved-from text
/// dropped); field instructions are dropped and their displayed results kept; a text box is read
/// from `mc:Choice` only; footnote and endnote references become "[n]" in the text and the notes
/// themselves are appended at the end of the document by the extractor (as pandoc does), so the
/// body's paragraphs stay whole.
struct DocumentHandler: XMLHandler {
    struct Paragraph {
        var text: [UInt8] = []
        var style: String?
        var numId: String?
        var ilvl: Int?
        var outline: Int?
        /// Display equations (`m:oMathPara`) and where in `text` each stands.
        var formulas: [(offset: Int, formula: Formula)] = []
        /// Pictures standing in the paragraph, by relationship id (embedded or linked), in order.
        var pictures: [String] = []
    }
    struct TableBuilder {
        var rows: [[TableCell]] = []
        var row: [TableCell] = []
        var cellTexts: [String] = []
        var cellTables: [[[TableCell]]] = []
    }
    struct NoteReference { var id: String; var endnote: Bool; var number: Int }
    /// A chart or SmartArt diagram part, read by the extractor and put at `position` in `blocks`.
    struct Embed { var rid: String; var diagram: Bool; var position: Int }
    private struct Drawing { var title: String?; var description: String?; var images: Int; var picture: String? }

    let n: WordNames
    let styles: StyleSheet
    var numbering: Numbering
    let deadline: () throws -> Void

    private(set) var blocks: [Block] = []
    private(set) var noteReferences: [NoteReference] = []
    /// Notes mode: blocks of each footnote/endnote by id.
    private(set) var notes: [String: [Block]] = [:]
    private(set) var images = 0
    private(set) var trackedChanges = 0
    private(set) var fields = 0
    private(set) var paragraphCount = 0
    private(set) var firstTitle: String?

    private var skip = 0
    private var current: Paragraph?
    private var outer: [Paragraph] = []
    private var deferred: [Block] = []
    private var inPPr = false
    private var inRPr = false
    private var inText = false
    private var fieldPhases: [Bool] = []   // true while in a field's instruction part
    private var instructionDepth = 0
    private var tables: [TableBuilder] = []
    private var runLanguage = 0
    private var languageIds: [String: Int] = ["": 0]
    private var lastLanguageBytes: [UInt8] = []
    private var lastLanguage = 0
    /// Role and list of each paragraph style, resolved once (style names are matched by text).
    private var styleCache: [String: (StyleSheet.Role, (numId: String, ilvl: Int?)?)] = [:]
    private(set) var languageNames: [String] = [""]
    private(set) var languageCounts: [Int] = [0]
    private var noteStart: Int?
    private var drawings: [Drawing] = []
    /// Open `w:object` elements: a picture inside is an object's preview, not a figure.
    private var objectDepth = 0
    private var pendingEmbeds: [(rid: String, diagram: Bool)] = []
    private(set) var embeds: [Embed] = []
    /// A figure marker was just written: text that follows at once is kept apart by a space.
    private var afterFigure = false
    /// The current run's vertical position (`w:vertAlign`): text at such a position is held in
    /// `scriptText` and written as it reads when the run ends.
    private var runScript: ScriptText.Position?
    private var scriptText: [UInt8] = []
    /// The equation being read, element by element, until it closes.
    private var math: MathCapture
    private(set) var formulas = 0
    private var noteKey: String?

    init(names: WordNames, styles: StyleSheet, numbering: Numbering, deadline: @escaping () throws -> Void) {
        self.n = names; self.styles = styles; self.numbering = numbering; self.deadline = deadline
        math = MathCapture(names.math)
    }

    mutating func startElement(_ name: Int32, _ a: XMLAttributes) throws {
        if skip > 0 { skip += 1; return }
        if math.isActive { math.start(name, a); return }
        switch n.role(name) {
        case .none: return
        case .skip: skip = 1
        case .deleted: skip = 1; trackedChanges += 1
        case .p:
            if let c = current { outer.append(c) }
            current = Paragraph()
            paragraphCount += 1
            if paragraphCount & 1023 == 0 { try deadline() }
        case .pPr: inPPr = true
        case .rPr: inRPr = true
        case .pStyle where inPPr: current?.style = a[n.val]
        case .ilvl where inPPr: current?.ilvl = a[n.val].flatMap { Int($0) }
        case .numId where inPPr: current?.numId = a[n.val]
        case .outlineLvl where inPPr: current?.outline = a[n.val].flatMap { Int($0) }
        case .run:
            runLanguage = 0
            flushScript(); runScript = nil
        case .vertAlign where inRPr && !inPPr:
            switch a[n.val] {
            case "superscript": runScript = .superscript
            case "subscript": runScript = .subscript
            default: runScript = nil
            }
        case .math: flushScript(); math.start(name, a)
        case .lang where inRPr && !inPPr:
            // Every run repeats its language: compare bytes with the last one before making a string.
            if let raw = a.rawValue(n.val), raw.elementsEqual(lastLanguageBytes) {
                runLanguage = lastLanguage
            } else if let v = a[n.val], !v.isEmpty {
                lastLanguageBytes = Array(v.utf8)
                if let id = languageIds[v] { runLanguage = id } else {
                    runLanguage = languageNames.count
                    languageIds[v] = runLanguage; languageNames.append(v); languageCounts.append(0)
                }
                lastLanguage = runLanguage
            }
        case .text: inText = true
        case .tab where !inPPr: append("\t")
        case .br, .cr: append("\n")
        case .noBreakHyphen: append("\u{2011}")
        case .softHyphen: append("\u{00AD}")
        case .sym: append(Symbols.character(font: a[n.font], hex: a[n.char]))
        case .fldChar:
            switch a[n.fldCharType] {
            case "begin": fieldPhases.append(true); instructionDepth += 1; fields += 1
            case "separate":
                if fieldPhases.last == true { fieldPhases[fieldPhases.count - 1] = false; instructionDepth -= 1 }
            case "end":
                if let last = fieldPhases.popLast(), last { instructionDepth -= 1 }
            default: break
            }
        case .footnoteReference, .endnoteReference:
            guard let id = a[n.id] else { return }
            let number = noteReferences.count + 1
            noteReferences.append(NoteReference(id: id, endnote: n.role(name) == .endnoteReference, number: number))
            append("[\(number)]")
        case .image:
            images += 1
            // The picture's relationship: `a:blip r:embed` (or `r:link`), VML's `v:imagedata r:id`.
            guard objectDepth == 0, let rid = a[n.embed] ?? a[n.link] ?? a[n.rid], !rid.isEmpty else { break }
            if !drawings.isEmpty {
                if drawings[drawings.count - 1].picture == nil { drawings[drawings.count - 1].picture = rid }
            } else if current != nil, current!.pictures.count < 10_000 {
                current!.pictures.append(rid)
            }
        case .tbl: tables.append(TableBuilder())
        case .tr: if !tables.isEmpty { tables[tables.count - 1].row = [] }
        case .tc:
            if !tables.isEmpty { tables[tables.count - 1].cellTexts = []; tables[tables.count - 1].cellTables = [] }
        case .footnote, .endnote:
            noteKey = (n.role(name) == .endnote ? "e:" : "f:") + (a[n.id] ?? "")
            noteStart = blocks.count
        case .ins: trackedChanges += 1
        case .drawing: drawings.append(Drawing(images: images))
        case .object: objectDepth += 1
        case .docPr:
            guard !drawings.isEmpty, a[n.hidden] != "1", a[n.hidden] != "true" else { break }
            drawings[drawings.count - 1].title = a[n.title]
            drawings[drawings.count - 1].description = a[n.descr]
        case .chart: if let rid = a[n.rid], pendingEmbeds.count < 10_000 { pendingEmbeds.append((rid, false)) }
        case .diagram: if let rid = a[n.rdm], pendingEmbeds.count < 10_000 { pendingEmbeds.append((rid, true)) }
        default: break
        }
    }

    mutating func endElement(_ name: Int32) throws {
        if skip > 0 {
            skip -= 1
            return
        }
        if math.isActive {
            if let equation = math.end() { addFormula(Formula(omml: equation)) }
            return
        }
        switch n.role(name) {
        case .p: flushScript(); try endParagraph()
        case .run: flushScript(); runScript = nil
        case .pPr: inPPr = false
        case .rPr: inRPr = false
        case .text: inText = false
        case .tc:
            if !tables.isEmpty {
                let t = tables[tables.count - 1]
                tables[tables.count - 1].row.append(TableCell(text: t.cellTexts.joined(separator: "\n"),
                                                              tables: t.cellTables.isEmpty ? nil : t.cellTables))
            }
        case .tr:
            if !tables.isEmpty { tables[tables.count - 1].rows.append(tables[tables.count - 1].row) }
        case .tbl:
            guard let t = tables.popLast() else { return }
            let rendering = Self.render(t.rows)
            if !tables.isEmpty {
                // Structure is kept to a sane depth; deeper tables (only a hostile file has them)
                // keep their text, so nothing downstream recurses thousands of levels.
                if tables.count < Self.maxTableDepth { tables[tables.count - 1].cellTables.append(t.rows) }
                if !rendering.isEmpty { tables[tables.count - 1].cellTexts.append(rendering) }
            } else if !t.rows.isEmpty {
                emit(Block(kind: .table, text: rendering, provenance: .textLayer, rows: t.rows))
            }
        case .drawing:
            // A picture's description where it stands; a chart's or diagram's words are read
            // from its own part instead.
            guard let d = drawings.popLast(), images > d.images else { break }
            if let rid = d.picture, current != nil, current!.pictures.count < 10_000 { current!.pictures.append(rid) }
            guard let marker = FigureText.image(title: d.title, description: d.description) else { break }
            if let last = current?.text.last, last != 0x20, last != 0x0A, last != 0x09 { append(" ") }
            append(marker)
            afterFigure = true
        case .object: objectDepth = max(0, objectDepth - 1)
        case .footnote, .endnote:
            if let start = noteStart, let key = noteKey {
                notes[key] = Array(blocks[start...])
                blocks.removeSubrange(start...)
            }
            noteStart = nil; noteKey = nil
        default: break
        }
    }

    mutating func characters(_ text: UnsafeRawBufferPointer) throws {
        if math.isActive { if skip == 0 { math.characters(text) }; return }
        guard inText, skip == 0, instructionDepth == 0, current != nil else { return }
        if afterFigure {
            afterFigure = false
            if let first = text.first, first != 0x20, first != 0x0A, first != 0x09, first != 0x2E, first != 0x2C { current!.text.append(0x20) }
        }
        if runScript != nil {
            scriptText.append(contentsOf: text)
        } else {
            current!.text.append(contentsOf: text)
        }
        languageCounts[runLanguage] += text.count
    }

    /// Writes the text held at a superscript or subscript position as it reads (`ScriptText`).
    private mutating func flushScript() {
        guard !scriptText.isEmpty, let position = runScript else { scriptText = []; return }
        let held = String(decoding: scriptText, as: UTF8.self)
        scriptText = []
        if current != nil { current!.text.append(contentsOf: ScriptText.render(held, position).utf8) }
    }

    /// An equation where it stands: inline as `$…$` in the text, a display equation kept apart
    /// for its own block.
    private mutating func addFormula(_ f: Formula) {
        guard instructionDepth == 0, current != nil, !f.latex.isEmpty else { return }
        formulas += 1
        if f.display {
            current!.formulas.append((current!.text.count, f))
        } else {
            current!.text.append(contentsOf: f.inline.utf8)
        }
    }

    private mutating func append(_ s: String) {
        guard skip == 0, instructionDepth == 0, current != nil else { return }
        current!.text.append(contentsOf: s.utf8)
    }

    static let maxTableDepth = 16

    /// A table as text: one line per row, cells separated by " | ".
    static func render(_ rows: [[TableCell]]) -> String {
        rows.map { row in
            row.map { $0.text.replacingOccurrences(of: "\n", with: " ") }.joined(separator: " | ")
        }.filter { !$0.allSatisfy { $0 == " " || $0 == "|" } }.joined(separator: "\n")
    }

    private mutating func endParagraph() throws {
        defer {
            // Charts and diagrams of this paragraph go after it (before its table, in a cell).
            for e in pendingEmbeds { embeds.append(Embed(rid: e.rid, diagram: e.diagram, position: blocks.count)) }
            pendingEmbeds = []
        }
        afterFigure = false
        guard let p = current else { return }
        current = outer.popLast()
        inPPr = false
        var role: StyleSheet.Role
        let styleKey = p.style ?? ""
        let cached = styleCache[styleKey] ?? {
            let v = (styles.role(p.style), styles.numbering(p.style))
            styleCache[styleKey] = v
            return v
        }()
        if let o = p.outline { role = o < 9 ? .heading(o + 1) : .body } else { role = cached.0 }
        var marker: String?
        let styleList = cached.1
        if let numId = p.numId ?? styleList?.numId {
            marker = numbering.next(numId, p.ilvl ?? styleList?.ilvl ?? 0)
        }
        if !p.formulas.isEmpty {
            // Display equations are blocks of their own; the text around them stays paragraphs.
            var start = 0
            for (offset, f) in p.formulas {
                let before = String(decoding: p.text[start..<offset], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                if !before.isEmpty { place(Block(kind: .paragraph, text: before, provenance: .textLayer)) }
                place(Block(formula: f.latex, text: f.text.isEmpty ? f.latex : f.text, provenance: .textLayer))
                start = offset
            }
            let after = String(decoding: p.text[start...], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if !after.isEmpty { place(Block(kind: .paragraph, text: after, provenance: .textLayer)) }
        }
        // Any byte other than ASCII white space is text (cheaper than walking Characters).
        let hasText = p.formulas.isEmpty && p.text.contains { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        if hasText {
            let text = String(decoding: p.text, as: UTF8.self)
            var block: Block
            switch role {
            case .heading(let level): block = Block(kind: .heading, text: text, level: level, marker: marker, provenance: .textLayer)
            case .title:
                block = Block(kind: .heading, text: text, level: 1, provenance: .textLayer)
                if firstTitle == nil { firstTitle = text }
            case .code: block = Block(kind: .code, text: text, provenance: .textLayer)
            case .quote: block = Block(kind: .quote, text: text, provenance: .textLayer)
            case .caption:
                let figure = !OfficeCaptions.isTableCaption(text) && !(OfficeFigures.isDescriptionOnly(text) && !p.pictures.isEmpty)
                block = Block(kind: figure ? .figure : .paragraph, text: text, provenance: .textLayer)
            case .body, .subtitle:
                if marker == nil, OfficeFigures.isCaptionOfItsPicture(text, pictures: p.pictures.count) {
                    block = Block(kind: .figure, text: text, provenance: .textLayer)
                } else if let m = marker {
                    block = Block(kind: .listItem, text: text, level: min(p.ilvl ?? styleList?.ilvl ?? 0, 8), marker: m, provenance: .textLayer)
                } else {
                    block = Block(kind: .paragraph, text: text, provenance: .textLayer)
                }
            }
            // A caption's line break after its picture is layout, not words.
            if block.kind == .figure { block.text = block.text.trimmingCharacters(in: .whitespacesAndNewlines) }
            // A caption paragraph holding its one picture is that picture's figure.
            if block.kind == .figure, p.pictures.count == 1 {
                block.image = p.pictures[0]
                place(block)
            } else {
                place(block)
                placePictures(p.pictures)
            }
        } else {
            placePictures(p.pictures)
        }
        if current == nil && !deferred.isEmpty {
            let waiting = deferred
            deferred = []
            for b in waiting { emit(b) }
        }
    }

    /// The pictures of a paragraph, after its text: each a figure without caption yet, its
    /// relationship id as `image` until the extractor resolves it (`OfficeFigures`). In a table's
    /// cell a picture has no block of its own: its description stays in the cell's text.
    private mutating func placePictures(_ rids: [String]) {
        guard tables.isEmpty else { return }
        for rid in rids {
            var figure = Block(figure: "", bbox: nil, provenance: .textLayer)
            figure.image = rid
            place(figure)
        }
    }

    /// A paragraph's block: after the paragraph it sits in when it comes from a text box.
    private mutating func place(_ block: Block) {
        if current != nil { deferred.append(block) } else { emit(block) }
    }

    private mutating func emit(_ block: Block) {
        if tables.isEmpty { blocks.append(block); return }
        // A cell's text is plain: its display equation stands there as LaTeX, like an inline one.
        if block.kind == .formula, let latex = block.latex { tables[tables.count - 1].cellTexts.append("$" + latex + "$"); return }
        let prefix = block.marker.map { $0.isEmpty ? "" : $0 + " " } ?? ""
        tables[tables.count - 1].cellTexts.append(prefix + block.text)
    }

    /// The language most text is marked with (`fr-FR` → `fr`), else the styles' default.
    func dominantLanguage(default fallback: String?) -> String? {
        var counts = languageCounts
        var names = languageNames
        if let f = fallback, !f.isEmpty {
            // Unmarked text is in the document's default language.
            if let i = names.firstIndex(of: f) { counts[i] += counts[0] } else { names.append(f); counts.append(counts[0]) }
        }
        counts[0] = 0
        guard let best = counts.indices.max(by: { counts[$0] < counts[$1] }), counts[best] > 0 else { return nil }
        let code = names[best].split(separator: "-").first.map { $0.lowercased() } ?? ""
        return (2...3).contains(code.count) && code.allSatisfy(\.isLetter) ? code : nil
    }
}
