import IngestCore

/// Reads an OpenDocument part as it streams: styles (from `styles.xml` and the automatic styles of
/// `content.xml`, which come before the body), then the body of a text (`office:text`) or a
/// presentation (`office:presentation`). Text: `text:h` and outline-level styles as headings, nested
/// `text:list`s as list items with their level and marker, tables with their rows, `text:note`s
/// collected to be appended after the body. Presentation: each `draw:page` a slide (its number is
/// the blocks' `page`), the title frame first as a heading, outline lists, speaker notes as `quote`
/// blocks marked `note`; hidden pages left out unless asked for. Annotations (comments) and deleted
/// text of tracked changes are not text of the document; a picture's title and description are
/// written where it stands, marked `[Image: …]`.
struct ODFHandler: XMLHandler {
    let n: ODFNames
    var styles: ODFStyles
    let includeHidden: Bool
    let deadline: () throws -> Void

    private(set) var blocks: [Block] = []
    private(set) var footnotes: [(citation: String, text: String)] = []
    private(set) var hiddenPages: [Int] = []
    private(set) var pageCount = 0
    private(set) var images = 0
    private(set) var isPresentation = false
    /// Slides set in a master that opens a part of the deck (a title slide or section header,
    /// as LibreOffice names the masters of a .pptx's layouts), and slides with a title.
    private(set) var partPages: Set<Int> = []
    private(set) var titledPages: Set<Int> = []

    private struct Paragraph {
        var text = TextBuffer(); var heading: Int?; var style: String?; var marker: String?
        /// The equations written in `text` as `$…$`: alone in their paragraph, they are display equations.
        var formulas: [Formula] = []
        /// Pictures whose frames stand in the paragraph (their `xlink:href`), in order.
        var pictures: [String] = []
    }
    private struct Sink { var texts: [String] = []; var repeatCount = 1 }
    private struct TableState { var rows: [[TableCell]] = []; var row: [TableCell] = [] }

    private var skipDepth = 0
    private var inBody = false
    private var paragraphs: [Paragraph] = []
    private var listStyles: [String?] = []
    private var counters: [Int] = []
    private var pendingMarker: String?
    private var sinks: [Sink] = []
    private var tables: [TableState] = []
    private var citation = TextBuffer()
    private var inCitation = false
    private var frameClasses: [String?] = []
    /// Per open `draw:frame`: images seen before it, and its `svg:title` / `svg:desc`.
    /// In a text document, also its picture's link and whether it holds an object (whose image is a preview).
    private var frames: [(images: Int, title: String?, description: String?, picture: String?, object: Bool)] = []
    private var figureCapture: Int32?
    /// A slide's pictures and the text shapes beside them (`SlideFigures`); per open frame or
    /// shape, its box, where its blocks start in `pageBody`, its picture's part, and whether it holds
    /// a table or an object (whose `draw:image` is only their preview: `Pictures/TablePreview1.svm`).
    private var slideFigures = SlideFigures()
    private var shapes: [(box: SlideFigures.Box?, start: Int, picture: String?, holdsObject: Bool)] = []
    private var figureText = TextBuffer()
    /// Presentation footers and fixed dates declared once (`presentation:footer-decl`), by name.
    private var footerDecls: [String: String] = [:]
    private var captureName: String?
    private var pageFooters: [String] = []
    private var footersSeen = Set<String>()
    private(set) var footersRepeated = 0
    /// Automatic dates and page numbers of slides, left out.
    private(set) var automaticFieldsLeftOut = 0
    /// Embedded objects (charts) by their folder, and the index in `blocks` where each stands.
    private(set) var objects: [(folder: String, position: Int, page: Int?)] = []
    private var pageObjects: [String] = []
    private var inNotes = false
    private var page = 0
    private var pageTitles: [Block] = []
    private var pageBody: [Block] = []
    private var styleName: String?
    private var styleFamily: String?
    private var listStyleName: String?
    private var inDefaultParagraphStyle = false
    /// Open `text:span`s: the position each one's style gives (nil: none) and where its text
    /// starts in the paragraph.
    private var spans: [(position: ScriptText.Position?, offset: Int)] = []

    /// Embedded formula objects' equations by folder (`ODFExtractor.formulas`).
    let formulaObjects: [String: Formula]
    private(set) var formulas = 0

    init(names: ODFNames, styles: ODFStyles = ODFStyles(), includeHidden: Bool = false, formulas: [String: Formula] = [:],
         deadline: @escaping () throws -> Void) {
        n = names; self.styles = styles; self.includeHidden = includeHidden; self.deadline = deadline
        formulaObjects = formulas
    }

    mutating func startElement(_ name: Int32, _ a: XMLAttributes) throws {
        if skipDepth > 0 { skipDepth += 1; return }
        switch name {
        case n.span:
            let position = a[n.styleName].flatMap { styles.scripts[$0] }
            spans.append((position, paragraphs.last?.text.count ?? 0))
        case n.s, n.tab: appendSpace()
        case n.p, n.h:
            var para = Paragraph(style: a[n.styleName])
            if name == n.h { para.heading = a[n.outlineLevel].flatMap { Int($0) }.map { min(max($0, 1), 9) } ?? styles.headingLevel(para.style) ?? 1 }
            para.marker = pendingMarker
            pendingMarker = nil
            paragraphs.append(para)
        case n.lineBreak: if !paragraphs.isEmpty { paragraphs[paragraphs.count - 1].text.append(byte: 0x0A) }
        case n.list:
            listStyles.append(a[n.styleName] ?? listStyles.last ?? nil)
            if counters.count < listStyles.count { counters.append(0) } else { counters[listStyles.count - 1] = 0 }
        case n.listItem:
            let d = listStyles.count - 1
            guard d >= 0 else { break }
            counters[d] = a[n.startValue].flatMap { Int($0) } ?? (counters[d] + 1)
            for k in (d + 1)..<counters.count { counters[k] = 0 }
            pendingMarker = marker(depth: d)
        case n.listHeader: pendingMarker = nil
        case n.noteCitation: inCitation = true; citation.reset()
        case n.noteBody: sinks.append(Sink())
        case n.tableTable:
            tables.append(TableState())
            if isPresentation, !shapes.isEmpty { shapes[shapes.count - 1].holdsObject = true }
        case n.tableRow: if !tables.isEmpty { tables[tables.count - 1].row = [] }
        case n.tableCell, n.coveredCell:
            var sink = Sink()
            sink.repeatCount = min(a[n.columnsRepeated].flatMap { Int($0) } ?? 1, 64)
            sinks.append(sink)
        case n.frame:
            frameClasses.append(a[n.presentationClass]); frames.append((images, nil, nil, nil, false))
            if isPresentation, shapes.count < 1_000 {
                shapes.append((SlideFigures.odfBox(x: a[n.svgX], y: a[n.svgY], width: a[n.svgWidth], height: a[n.svgHeight]), pageBody.count, nil, false))
            }
        case n.customShape, n.rect:
            if isPresentation, shapes.count < 1_000 {
                shapes.append((SlideFigures.odfBox(x: a[n.svgX], y: a[n.svgY], width: a[n.svgWidth], height: a[n.svgHeight]), pageBody.count, nil, false))
            }
        case n.image:
            images += 1
            if !isPresentation, !frames.isEmpty, frames[frames.count - 1].picture == nil {
                // A picture held in the file itself (`office:binary-data`) has no link: a figure without file.
                frames[frames.count - 1].picture = a[n.href] ?? ""
            }
            if isPresentation, !shapes.isEmpty, shapes[shapes.count - 1].picture == nil, !shapes[shapes.count - 1].holdsObject {
                shapes[shapes.count - 1].picture = a[n.href]
            }
        case n.notes: inNotes = true
        case n.footerDecl, n.dateTimeDecl:
            // Typed footers and fixed dates are the author's words; a current date is not.
            if name == n.dateTimeDecl, a[n.source] != "fixed" { skipDepth = 1; break }
            figureCapture = name; figureText.reset(); captureName = a[n.declName]
        case n.object:
            if isPresentation, !shapes.isEmpty { shapes[shapes.count - 1].holdsObject = true }
            if !frames.isEmpty { frames[frames.count - 1].object = true }
            guard inBody, let href = a[n.href], objects.count + pageObjects.count < 10_000 else { break }
            var folder = href.hasPrefix("./") ? String(href.dropFirst(2)) : href
            if folder.hasSuffix("/") { folder.removeLast() }
            if let f = formulaObjects[folder], !f.latex.isEmpty {
                // An equation where its frame stands, as `$…$` (a formula block when it is alone
                // in its paragraph, or in a frame of its own on a slide).
                formulas += 1
                if paragraphs.isEmpty {
                    if sinks.isEmpty, !inNotes {
                        emit(Block(formula: f.latex, text: f.text.isEmpty ? f.latex : f.text, page: isPresentation ? page : nil, provenance: .textLayer))
                    }
                    break
                }
                var inline = f.inline
                inline.withUTF8 { paragraphs[paragraphs.count - 1].text.appendFlowing(UnsafeRawBufferPointer($0)) }
                paragraphs[paragraphs.count - 1].formulas.append(f)
                break
            }
            if isPresentation { pageObjects.append(folder) } else { objects.append((folder, blocks.count, nil)) }
        case n.page:
            pageFooters = []
            for attr in [n.useFooterName, n.useDateTimeName] {
                if let d = a[attr] { if let text = footerDecls[d] { pageFooters.append(text) } else { automaticFieldsLeftOut += 1 } }
            }
            page += 1; pageCount += 1
            if let master = a[n.masterPageName], ["Section_20_Header", "Title_20_Slide"].contains(master) { partPages.insert(page) }
            if let s = a[n.drawStyleName], styles.hiddenPages.contains(s), !includeHidden {
                hiddenPages.append(page); skipDepth = 1
            }
        case n.svgTitle, n.svgDesc:
            // A frame's title and description are its picture's alternative text; elsewhere
            // (shapes, pages) they are names for the editor.
            if inBody, !frames.isEmpty { figureCapture = name; figureText.reset() } else { skipDepth = 1 }
        case n.annotation, n.trackedChanges: skipDepth = 1
        case n.body: inBody = true
        case n.presentation: isPresentation = true
        case n.styleStyle:
            styleName = a[n.name]; styleFamily = a[n.family]
            if styleFamily == "paragraph", let s = styleName {
                styles.paragraphs[s] = .init(parent: a[n.parentStyleName], outline: a[n.defaultOutlineLevel].flatMap { Int($0) },
                                             display: a[n.displayName] ?? s)
            }
        case n.defaultStyle: inDefaultParagraphStyle = a[n.family] == "paragraph"
        case n.textProperties:
            if styleFamily == "text", let s = styleName, let v = a[n.textPosition], let position = ODFStyles.scriptPosition(v) {
                styles.scripts[s] = position
            }
            if inDefaultParagraphStyle, styles.language == nil, let l = a[n.language], l != "none" { styles.language = l.lowercased() }
        case n.drawingPageProperties:
            if styleFamily == "drawing-page", let s = styleName, a[n.visibility] == "hidden" { styles.hiddenPages.insert(s) }
        case n.listStyle: listStyleName = a[n.name]
        case n.bulletLevel, n.numberLevel:
            guard let list = listStyleName, let level = a[n.level].flatMap({ Int($0) }) else { break }
            styles.lists[list, default: [:]][level] = name == n.bulletLevel
                ? .init(bullet: a[n.bulletChar] ?? "•", format: nil, prefix: "", suffix: "")
                : .init(bullet: nil, format: a[n.numFormat], prefix: a[n.numPrefix] ?? "", suffix: a[n.numSuffix] ?? "")
        default: break
        }
    }

    mutating func endElement(_ name: Int32) throws {
        if skipDepth > 0 { skipDepth -= 1; return }
        switch name {
        case n.span:
            guard let span = spans.popLast(), let position = span.position, !paragraphs.isEmpty else { break }
            paragraphs[paragraphs.count - 1].text.rewriteTail(from: span.offset) { ScriptText.render($0, position) }
        case n.p, n.h: spans = []; try endParagraph()
        case n.list:
            listStyles.removeLast()
        case n.noteCitation: inCitation = false
        case n.noteBody:
            guard let sink = sinks.popLast() else { break }
            let text = sink.texts.joined(separator: "\n")
            if !text.isEmpty, footnotes.count < 100_000 { footnotes.append((citation.take(), text)) }
        case n.tableCell, n.coveredCell:
            guard let sink = sinks.popLast(), !tables.isEmpty else { break }
            let cell = TableCell(text: sink.texts.joined(separator: "\n"))
            for _ in 0..<(cell.text.isEmpty ? 1 : max(sink.repeatCount, 1)) { tables[tables.count - 1].row.append(cell) }
        case n.tableRow:
            if !tables.isEmpty, tables[tables.count - 1].rows.count < 100_000 { tables[tables.count - 1].rows.append(tables[tables.count - 1].row) }
        case n.tableTable:
            guard var t = tables.popLast() else { break }
            while let last = t.rows.last, last.allSatisfy({ $0.text.isEmpty }) { t.rows.removeLast() }
            let rendering = TableText.render(t.rows)
            guard !rendering.isEmpty else { break }
            if !sinks.isEmpty { sinks[sinks.count - 1].texts.append(rendering) }
            else { emit(Block(kind: .table, text: rendering, page: isPresentation ? page : nil, provenance: .textLayer, rows: t.rows)) }
        case n.footerDecl, n.dateTimeDecl:
            if figureCapture == name, let d = captureName {
                let s = figureText.take()
                if !s.isEmpty, footerDecls.count < 1_000 { footerDecls[d] = s }
            }
            figureCapture = nil; captureName = nil
        case n.svgTitle, n.svgDesc:
            if figureCapture == name, !frames.isEmpty {
                let s = figureText.take()
                if name == n.svgTitle { frames[frames.count - 1].title = s } else { frames[frames.count - 1].description = s }
            }
            figureCapture = nil
        case n.frame:
            frameClasses.removeLast()
            let frame = frames.popLast()
            if let f = frame, let picture = f.picture, !f.object, images > f.images {
                // A text document's picture: a figure where its frame stands (after its paragraph's text).
                if !paragraphs.isEmpty {
                    if paragraphs[paragraphs.count - 1].pictures.count < 10_000 { paragraphs[paragraphs.count - 1].pictures.append(picture) }
                } else if sinks.isEmpty {
                    emit(Self.picture(picture))
                }
            }
            if let f = frame, images > f.images, let marker = FigureText.image(title: f.title, description: f.description) {
                if paragraphs.isEmpty {
                    if (blocks.count + pageBody.count) % 256 == 0 { try deadline() }
                    if !sinks.isEmpty { sinks[sinks.count - 1].texts.append(marker) }
                    else { emit(Block(kind: .paragraph, text: marker, page: isPresentation ? page : nil, provenance: .textLayer)) }
                } else {
                    paragraphs[paragraphs.count - 1].text.append(" " + marker + " ")
                }
            }
            endShape()
        case n.customShape, n.rect: endShape()
        case n.notes: inNotes = false
        case n.page:
            if !pageTitles.isEmpty { titledPages.insert(page) }
            if !slideFigures.figures.isEmpty { _ = slideFigures.attachCaptions(&pageBody) }
            slideFigures = SlideFigures()
            blocks += pageTitles + pageBody
            for folder in pageObjects { objects.append((folder, blocks.count, page)) }
            for f in pageFooters {
                if footersSeen.insert(f).inserted {
                    blocks.append(Block(kind: .paragraph, text: f, marker: "footer", page: page, provenance: .textLayer))
                } else { footersRepeated += 1 }
            }
            pageTitles = []; pageBody = []; pageObjects = []; pageFooters = []
        case n.styleStyle: styleName = nil; styleFamily = nil
        case n.defaultStyle: inDefaultParagraphStyle = false
        case n.listStyle: listStyleName = nil
        default: break
        }
    }

    mutating func characters(_ text: UnsafeRawBufferPointer) throws {
        guard skipDepth == 0 else { return }
        if figureCapture != nil { figureText.appendFlowing(text); return }
        if inCitation { citation.appendFlowing(text); return }
        if inBody, !paragraphs.isEmpty { paragraphs[paragraphs.count - 1].text.appendFlowing(text) }
    }

    private mutating func appendSpace() {
        if !paragraphs.isEmpty && !inCitation { paragraphs[paragraphs.count - 1].text.append(byte: 0x20) }
    }

    private func marker(depth: Int) -> String? {
        guard let style = listStyles[depth] ?? nil, let level = styles.lists[style]?[depth + 1] else { return "•" }
        if let bullet = level.bullet {
            // Symbol-font bullets (private use area) read as a plain bullet.
            return bullet.unicodeScalars.allSatisfy { $0.properties.generalCategory == .privateUse } || bullet.isEmpty ? "•" : bullet
        }
        let value = counters[depth]
        let number: String
        switch level.format ?? "" {
        case "": return nil
        case "a": number = SlideHandler.letters(value, upper: false)
        case "A": number = SlideHandler.letters(value, upper: true)
        case "i": number = Self.roman(value).lowercased()
        case "I": number = Self.roman(value)
        default: number = String(value)
        }
        return level.prefix + number + level.suffix
    }

    static func roman(_ value: Int) -> String {
        let table: [(Int, String)] = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                                      (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
        var v = min(value, 3999), out = ""
        for (n, s) in table { while v >= n { out += s; v -= n } }
        return out
    }

    private mutating func endParagraph() throws {
        guard let para = paragraphs.popLast(), inBody else { return }
        // Its pictures after its text; in a table's cell none (the cell's text keeps their descriptions).
        var pictures = sinks.isEmpty ? para.pictures : []
        defer { for p in pictures { emit(Self.picture(p)) } }
        let text = para.text.take()
        guard !text.isEmpty else { return }
        if !sinks.isEmpty { sinks[sinks.count - 1].texts.append(text); return }
        if (blocks.count + pageBody.count) % 256 == 0 { try deadline() }
        let pageNumber = isPresentation ? page : nil
        if !para.formulas.isEmpty, !inNotes,
           para.formulas.reduce(text, { $0.replacingOccurrences(of: $1.inline, with: "") }).allSatisfy(\.isWhitespace) {
            for f in para.formulas {
                emit(Block(formula: f.latex, text: f.text.isEmpty ? f.latex : f.text, page: pageNumber, provenance: .textLayer))
            }
            return
        }
        if inNotes {
            pageBody.append(Block(kind: .quote, text: text, marker: "note", page: pageNumber, provenance: .textLayer))
            return
        }
        let frameClass = frameClasses.last { $0 != nil } ?? nil
        switch frameClass {
        case "title":
            pageTitles.append(Block(kind: .heading, text: text.replacingOccurrences(of: "\n", with: " "), level: 1, page: pageNumber, provenance: .textLayer))
            return
        case "page-number", "date-time":
            // A slide's page number or date frame holds a field, not the author's words.
            automaticFieldsLeftOut += 1
            return
        case "footer", "header": return
        default: break
        }
        let heading = para.heading ?? (listStyles.isEmpty ? styles.headingLevel(para.style) : nil)
        if let level = heading, frameClass != "subtitle" {
            emit(Block(kind: .heading, text: text.replacingOccurrences(of: "\n", with: " "), level: level, page: pageNumber, provenance: .textLayer))
        } else if !listStyles.isEmpty {
            emit(Block(kind: .listItem, text: text, level: listStyles.count - 1, marker: para.marker, page: pageNumber, provenance: .textLayer))
        } else if styles.isFigureCaption(para.style) && !OfficeCaptions.isTableCaption(text) && !(OfficeFigures.isDescriptionOnly(text) && !pictures.isEmpty)
                    || OfficeFigures.isCaptionOfItsPicture(text, pictures: pictures.count) {
            var figure = Block(kind: .figure, text: text, page: pageNumber, provenance: .textLayer)
            // A caption paragraph holding its one picture (LibreOffice's captioned frame) is that picture's figure.
            if pictures.count == 1 { figure.image = pictures.removeFirst() }
            emit(figure)
        } else {
            emit(Block(kind: .paragraph, text: text, page: pageNumber, provenance: .textLayer))
        }
    }

    /// A slide's frame or shape closed: a picture becomes a figure block after its description; a
    /// shape that held text is a caption candidate (`SlideFigures.attachCaptions`, at the page's end).
    private mutating func endShape() {
        guard isPresentation, let shape = shapes.popLast(), !inNotes else { return }
        if let part = shape.picture, paragraphs.isEmpty, sinks.isEmpty, slideFigures.figures.count < 10_000 {
            slideFigures.figures.append(pageBody.count)
            pageBody.append(SlideFigures.block(box: shape.box, rid: part, page: page))
        } else if let box = shape.box, pageBody.count > shape.start, slideFigures.shapes.count < 10_000 {
            slideFigures.shapes.append(SlideFigures.TextShape(box: box, range: shape.start..<pageBody.count))
        }
    }

    /// A text document's picture as a figure without caption yet, its link as `image` until the
    /// extractor resolves it (`OfficeFigures`).
    private static func picture(_ href: String) -> Block {
        var figure = Block(figure: "", bbox: nil, provenance: .textLayer)
        figure.image = href
        return figure
    }

    private mutating func emit(_ block: Block) {
        if isPresentation { pageBody.append(block) } else { blocks.append(block) }
    }
}

/// `meta.xml`: title, subject, creator and language.
struct ODFMetaHandler: XMLHandler {
    let fields: [Int32: String]
    var values: [String: String] = [:]
    private var current: String?
    private var text = TextBuffer()
    init(_ t: XMLNameTable) {
        fields = [t.name(OOXML.dc, "title"): "title", t.name(OOXML.dc, "subject"): "subject",
                  t.name(OOXML.dc, "creator"): "author", t.name(ODF.meta, "initial-creator"): "creator",
                  t.name(OOXML.dc, "language"): "language"]
    }
    mutating func startElement(_ name: Int32, _ a: XMLAttributes) throws {
        if let f = fields[name] { current = f; text.reset() }
    }
    mutating func endElement(_ name: Int32) throws {
        if let f = fields[name], current == f {
            let v = text.take()
            if !v.isEmpty, values[f] == nil { values[f] = v }
            current = nil
        }
    }
    mutating func characters(_ t: UnsafeRawBufferPointer) throws { if current != nil { text.appendFlowing(t) } }
}
