import IngestCore

/// The slide order: `p:sldIdLst` of `ppt/presentation.xml`, as relationship ids.
struct PresentationHandler: XMLHandler {
    let sldId: Int32, rid: Int32
    var slideRelationships: [String] = []
    init(_ t: XMLNameTable) { sldId = t.name(OOXML.p, "sldId"); rid = t.name(OOXML.r, "id") }
    mutating func startElement(_ name: Int32, _ a: XMLAttributes) throws {
        if name == sldId, let id = a[rid], slideRelationships.count < 100_000 { slideRelationships.append(id) }
    }
    mutating func endElement(_ name: Int32) throws {}
    mutating func characters(_ text: UnsafeRawBufferPointer) throws {}
}

/// The layout a slide is set in (`p:sldLayout type`): `title` (the deck's title slide) and
/// `secHead` (a section header) open the parts the other slides belong to.
struct SlideLayoutHandler: XMLHandler {
    let sldLayout: Int32, type: Int32
    var layoutType: String?
    init(_ t: XMLNameTable) { sldLayout = t.name(OOXML.p, "sldLayout"); type = t.name("", "type") }
    mutating func startElement(_ name: Int32, _ a: XMLAttributes) throws {
        if name == sldLayout { layoutType = a[type] }
    }
    mutating func endElement(_ name: Int32) throws {}
    mutating func characters(_ text: UnsafeRawBufferPointer) throws {}
}

/// Reads one slide (`p:sld`) or its notes page (`p:notes`) as it streams: titles become headings,
/// paragraphs of body placeholders (and bulleted ones elsewhere) list items with their `lvl`,
/// DrawingML tables table blocks; for a notes page only the body placeholder is kept, as notes.
/// Group shapes need nothing special: their shapes stream by in order.
struct SlideHandler: XMLHandler {
    /// `furniture`: a date, footer or header placeholder, whose typed words are kept (its
    /// automatic fields are not); `skipped`: slide number and slide image placeholders.
    enum Role { case title, subtitle, body, other, furniture, skipped }
    struct Embed { var rid: String; var diagram: Bool; var position: Int }

    struct Names {
        let sld, notes, sp, ph, txBody, p, pPr, t, br, tbl, tr, tc, buNone, buChar, buAutoNum, rPr, pic, blip: Int32
        let show, type, lvl, char, lang: Int32
        let cNvPr, descr, title, fld, chart, relIds, rid, rdm: Int32
        let r, baseline: Int32
        /// Equations (`a14:m` holds OMML): read whole (`Formula`).
        let oMath, oMathPara: Int32
        let math: MathVocabulary
        /// Where shapes and pictures stand (`SlideFigures`).
        let grpSp, grpSpPr, xfrm, off, ext, chOff, chExt, x, y, cx, cy, embed: Int32
        init(_ n: XMLNameTable) {
            sld = n.name(OOXML.p, "sld"); notes = n.name(OOXML.p, "notes"); sp = n.name(OOXML.p, "sp")
            ph = n.name(OOXML.p, "ph"); txBody = n.name(OOXML.p, "txBody"); pic = n.name(OOXML.p, "pic")
            p = n.name(OOXML.a, "p"); pPr = n.name(OOXML.a, "pPr"); t = n.name(OOXML.a, "t"); br = n.name(OOXML.a, "br")
            tbl = n.name(OOXML.a, "tbl"); tr = n.name(OOXML.a, "tr"); tc = n.name(OOXML.a, "tc")
            buNone = n.name(OOXML.a, "buNone"); buChar = n.name(OOXML.a, "buChar"); buAutoNum = n.name(OOXML.a, "buAutoNum")
            rPr = n.name(OOXML.a, "rPr"); blip = n.name(OOXML.a, "blip")
            show = n.name("", "show"); type = n.name("", "type"); lvl = n.name("", "lvl"); char = n.name("", "char")
            lang = n.name("", "lang")
            cNvPr = n.name(OOXML.p, "cNvPr"); descr = n.name("", "descr"); title = n.name("", "title"); fld = n.name(OOXML.a, "fld")
            chart = n.name(OOXML.c, "chart"); relIds = n.name(OOXML.dgm, "relIds"); rid = n.name(OOXML.r, "id"); rdm = n.name(OOXML.r, "dm")
            r = n.name(OOXML.a, "r"); baseline = n.name("", "baseline")
            oMath = n.name(OOXML.m, "oMath"); oMathPara = n.name(OOXML.m, "oMathPara"); math = MathVocabulary.omml(n)
            grpSp = n.name(OOXML.p, "grpSp"); grpSpPr = n.name(OOXML.p, "grpSpPr"); xfrm = n.name(OOXML.a, "xfrm")
            off = n.name(OOXML.a, "off"); ext = n.name(OOXML.a, "ext"); chOff = n.name(OOXML.a, "chOff"); chExt = n.name(OOXML.a, "chExt")
            x = n.name("", "x"); y = n.name("", "y"); cx = n.name("", "cx"); cy = n.name("", "cy"); embed = n.name(OOXML.r, "embed")
        }
    }

    let n: Names
    let page: Int
    let isNotes: Bool
    let deadline: () throws -> Void
    private(set) var hidden = false
    private(set) var titles: [Block] = []
    private(set) var body: [Block] = []
    private(set) var images = 0
    private(set) var languages: [Substring: Int] = [:]
    /// Footer, date and header text the author typed, in order.
    private(set) var furniture: [String] = []
    /// Automatic fields left out of placeholders: slide numbers and dates.
    private(set) var fieldsLeftOut = 0
    private(set) var embeds: [Embed] = []
    private var picture: (title: String?, description: String?, depth: Int)?
    /// The open picture's part (relationship id) and place on the slide.
    private var pictureRid: String?
    private var pictureBox: SlideFigures.Box?
    private var figures = SlideFigures()
    private var inGroupProperties = false
    private var shapeStart = 0
    private var shapeBox: SlideFigures.Box?
    private var pictureDepth = 0
    private var inField = false
    /// The current run's position when it is raised or lowered (`a:rPr baseline`, in thousandths
    /// of a percent): its text is held and written as it reads at the run's end (`ScriptText`).
    private var runScript: ScriptText.Position?
    private var scriptText = TextBuffer()

    private var role: Role = .other
    private var inShape = false
    private var inText = false
    private var text = TextBuffer()
    private var level = 0
    private var bullet: Bool? = nil
    private var marker = "•"
    private var numbered: String? = nil
    private var counters: [Int: Int] = [:]
    private var tables: [(rows: [[TableCell]], row: [TableCell], cell: [String])] = []
    /// The equation being read, and the equations of the current paragraph (written in its text
    /// as `$…$`: alone in their paragraph, they are formula blocks — LibreOffice writes a slide's
    /// equation as `m:oMath`, PowerPoint as `m:oMathPara`).
    private var math: MathCapture
    private var displayFormulas: [Formula] = []
    private(set) var formulas = 0

    init(names: Names, page: Int, notes: Bool, deadline: @escaping () throws -> Void) {
        n = names; self.page = page; isNotes = notes; self.deadline = deadline
        math = MathCapture(names.math)
    }

    mutating func startElement(_ name: Int32, _ a: XMLAttributes) throws {
        if math.isActive || name == n.oMath || name == n.oMathPara { math.start(name, a); return }
        switch name {
        case n.t: inText = true
        case n.fld:
            inField = true
            if role == .furniture || role == .skipped { fieldsLeftOut += 1 }
        case n.pic:
            pictureDepth += 1
            if picture == nil { picture = (nil, nil, pictureDepth); pictureRid = nil; pictureBox = nil }
        case n.grpSp: figures.groups.append(nil)
        case n.grpSpPr: inGroupProperties = true
        case n.xfrm: figures.startXfrm()
        case n.off: figures.point(0, a[n.x], a[n.y])
        case n.ext: figures.point(1, a[n.cx], a[n.cy])
        case n.chOff: figures.point(2, a[n.x], a[n.y])
        case n.chExt: figures.point(3, a[n.cx], a[n.cy])
        case n.cNvPr:
            if let p = picture, p.depth == pictureDepth, p.title == nil, p.description == nil,
               a[n.descr] != nil || a[n.title] != nil { picture = (a[n.title], a[n.descr], p.depth) }
        case n.chart: if let r = a[n.rid], embeds.count < 10_000 { embeds.append(Embed(rid: r, diagram: false, position: body.count)) }
        case n.relIds: if let r = a[n.rdm], embeds.count < 10_000 { embeds.append(Embed(rid: r, diagram: true, position: body.count)) }
        case n.p:
            text.reset(); level = 0; bullet = nil; numbered = nil; displayFormulas = []
        case n.pPr:
            if let v = a[n.lvl], let l = Int(v) { level = min(max(l, 0), 8) }
        case n.buNone: bullet = false
        case n.buChar: bullet = true; marker = a[n.char].map { $0.isEmpty ? "•" : $0 } ?? "•"
        case n.buAutoNum: bullet = true; numbered = a[n.type] ?? "arabicPeriod"
        case n.br: text.append(byte: 0x0A)
        case n.r: flushScript(); runScript = nil
        case n.rPr:
            if let b = a[n.baseline].flatMap(Int.init), b != 0 { runScript = b > 0 ? .superscript : .subscript }
            // A slide number's or footer field's language says nothing of the slide's words.
            if role != .skipped, !inField, let l = a[n.lang], let code = l.split(separator: "-").first, !code.isEmpty, languages.count < 64 {
                languages[code, default: 0] += 1
            }
        case n.sp: inShape = true; role = .other; shapeStart = body.count; shapeBox = nil
        case n.ph:
            guard inShape else { break }
            switch a[n.type] ?? "body" {
            case "title", "ctrTitle": role = .title
            case "subTitle": role = .subtitle
            case "body", "obj": role = .body
            case "dt", "ftr", "hdr": role = .furniture
            default: role = .skipped  // slide number, slide image
            }
        case n.tbl: tables.append(([], [], []))
        case n.tr: if !tables.isEmpty { tables[tables.count - 1].row = [] }
        case n.tc: if !tables.isEmpty { tables[tables.count - 1].cell = [] }
        case n.blip:
            images += 1
            if picture != nil, pictureRid == nil { pictureRid = a[n.embed] }
        case n.sld: hidden = a[n.show] == "0" || a[n.show] == "false"
        default: break
        }
    }

    mutating func endElement(_ name: Int32) throws {
        if math.isActive {
            if let equation = math.end() {
                let f = Formula(omml: equation)
                guard !f.latex.isEmpty else { return }
                formulas += 1
                flushScript()
                text.append(f.inline)
                displayFormulas.append(f)
            }
            return
        }
        switch name {
        case n.r: flushScript(); runScript = nil
        case n.t: inText = false
        case n.fld: inField = false
        case n.pic:
            if let p = picture, p.depth == pictureDepth {
                picture = nil
                if !isNotes, let marker = FigureText.image(title: p.title, description: p.description) {
                    if tables.isEmpty { body.append(Block(kind: .paragraph, text: marker, page: page, provenance: .textLayer)) }
                }
                if !isNotes, tables.isEmpty, let rid = pictureRid, figures.figures.count < 10_000 {
                    figures.figures.append(body.count)
                    body.append(SlideFigures.block(box: pictureBox, rid: rid, page: page))
                }
            }
            pictureDepth -= 1
        case n.grpSp: _ = figures.groups.popLast()
        case n.grpSpPr: inGroupProperties = false
        case n.xfrm:
            let box = figures.endXfrm(ofGroup: inGroupProperties)
            if picture != nil { if pictureBox == nil { pictureBox = box } } else if inShape, shapeBox == nil { shapeBox = box }
        case n.sld: if !isNotes { attachCaptions() }
        case n.p: try endParagraph()
        case n.sp:
            if let box = shapeBox, role == .other || role == .body, body.count > shapeStart, figures.shapes.count < 10_000 {
                figures.shapes.append(SlideFigures.TextShape(box: box, range: shapeStart..<body.count))
            }
            inShape = false; role = .other; counters = [:]
        case n.tc:
            if !tables.isEmpty {
                let t = tables[tables.count - 1]
                tables[tables.count - 1].row.append(TableCell(text: t.cell.joined(separator: "\n")))
            }
        case n.tr: if !tables.isEmpty { tables[tables.count - 1].rows.append(tables[tables.count - 1].row) }
        case n.tbl:
            guard let t = tables.popLast() else { break }
            let rendering = TableText.render(t.rows)
            if !tables.isEmpty {
                if !rendering.isEmpty { tables[tables.count - 1].cell.append(rendering) }
            } else if !rendering.isEmpty, !isNotes {
                body.append(Block(kind: .table, text: rendering, page: page, provenance: .textLayer, rows: t.rows))
            }
        default: break
        }
    }

    mutating func characters(_ bytes: UnsafeRawBufferPointer) throws {
        if math.isActive { math.characters(bytes); return }
        // A footer's automatic field (date, slide number) is not the author's words.
        guard inText, !(inField && role == .furniture) else { return }
        if runScript != nil { scriptText.append(bytes) } else { text.append(bytes) }
    }

    /// Captions taken out of the body into their figures; charts' places follow.
    private mutating func attachCaptions() {
        guard !figures.figures.isEmpty else { return }
        let map = figures.attachCaptions(&body)
        for i in embeds.indices {
            embeds[i].position = map[..<min(embeds[i].position, map.count)].reduce(0) { $0 + ($1 == nil ? 0 : 1) }
        }
    }

    /// Writes the text held at a raised or lowered position as it reads (`10⁸`, `H₂O`).
    private mutating func flushScript() {
        guard !scriptText.isEmpty, let position = runScript else { scriptText.reset(); return }
        text.append(ScriptText.render(String(decoding: scriptText.bytes, as: UTF8.self), position))
        scriptText.reset()
    }

    private mutating func endParagraph() throws {
        let s = text.take()
        text.reset()
        guard !s.isEmpty else { return }
        if !tables.isEmpty { tables[tables.count - 1].cell.append(s); return }
        if body.count % 256 == 0 { try deadline() }
        if !displayFormulas.isEmpty, !isNotes, role == .body || role == .other,
           displayFormulas.reduce(s, { $0.replacingOccurrences(of: $1.inline, with: "") }).allSatisfy(\.isWhitespace) {
            for f in displayFormulas { body.append(Block(formula: f.latex, text: f.text.isEmpty ? f.latex : f.text, page: page, provenance: .textLayer)) }
            return
        }
        if isNotes {
            if role == .body { body.append(Block(kind: .quote, text: s, marker: "note", page: page, provenance: .textLayer)) }
            return
        }
        switch role {
        case .skipped: return
        case .furniture: if furniture.count < 64 { furniture.append(s) }
        case .title: titles.append(Block(kind: .heading, text: s.replacingOccurrences(of: "\n", with: " "), level: 1, page: page, provenance: .textLayer))
        case .subtitle: body.append(Block(kind: .paragraph, text: s, page: page, provenance: .textLayer))
        case .body, .other:
            // Body placeholders are bulleted unless a paragraph says otherwise; text boxes are not,
            // unless a paragraph asks for a bullet or is indented.
            let isItem = bullet ?? (role == .body || level > 0)
            if isItem {
                body.append(Block(kind: .listItem, text: s, level: level, marker: itemMarker(), page: page, provenance: .textLayer))
            } else {
                counters = [:]
                body.append(Block(kind: .paragraph, text: s, page: page, provenance: .textLayer))
            }
        }
    }

    private mutating func itemMarker() -> String {
        for k in counters.keys where k > level { counters[k] = nil }
        guard let scheme = numbered else { return marker }
        let value = (counters[level] ?? 0) + 1
        counters[level] = value
        let number = scheme.hasPrefix("alphaLc") ? Self.letters(value, upper: false)
            : scheme.hasPrefix("alphaUc") ? Self.letters(value, upper: true) : String(value)
        return scheme.hasSuffix("ParenBoth") ? "(\(number))" : scheme.hasSuffix("ParenR") ? "\(number))" : "\(number)."
    }

    static func letters(_ value: Int, upper: Bool) -> String {
        var v = value, out = ""
        while v > 0 { v -= 1; out = String(UnicodeScalar(UInt8((upper ? 65 : 97) + v % 26))) + out; v /= 26 }
        return out
    }

    /// Title first, then the rest in drawing order.
    var blocks: [Block] { titles + body }
}
