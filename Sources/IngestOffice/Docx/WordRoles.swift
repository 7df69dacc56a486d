/// What an element of WordprocessingML means to the text reader. Looked up by name id in a flat
/// array, so the per-element cost is one index.
enum WordRole: UInt8 {
    case none
    /// The element and everything inside it is left out: deletions, moved-from text, the
    /// compatibility fallback of a text box (read once, from `mc:Choice`), property changes,
    /// field instructions, content-control properties, ruby annotations.
    case skip
    /// Tracked deletions and moved-from text: skipped, and counted.
    case deleted
    case p, pPr, pStyle, numPr, ilvl, numId, outlineLvl, rPr, run
    case text, tab, br, cr, noBreakHyphen, softHyphen, sym
    case fldChar, footnoteReference, endnoteReference, lang, image
    case tbl, tr, tc
    case footnote, endnote
    case ins
    /// A drawing (`wp:inline`, `wp:anchor`), its properties (`wp:docPr`: name, description,
    /// title), and what it may show besides a picture: a chart or a SmartArt diagram.
    case drawing, docPr, chart, diagram
    /// An embedded object (`w:object`: an old equation, a spreadsheet): its `v:imagedata` is its preview, no picture.
    case object
    /// A run set as a superscript or subscript (`w:vertAlign`): its text is written as it reads
    /// (`10⁸`, `H₂O`; see `ScriptText`).
    case vertAlign
    /// An equation (`m:oMath` inline, `m:oMathPara` on its own line), read whole (`Formula`).
    case math
}

/// Name ids of the WordprocessingML vocabulary, resolved once per document.
struct WordNames {
    let roles: [WordRole]
    let val, id, font, char, fldCharType, type: Int32
    let descr, title, hidden, rid, rdm: Int32
    /// A picture's part (`a:blip r:embed`) or linked file (`r:link`).
    let embed, link: Int32
    let math: MathVocabulary

    init(_ t: XMLNameTable) {
        let w = OOXML.w
        var map: [(Int32, WordRole)] = []
        func add(_ ns: String, _ names: [String], _ role: WordRole) {
            for n in names { map.append((t.name(ns, n), role)) }
        }
        add(w, ["del", "moveFrom"], .deleted)
        add(w, ["pPrChange", "rPrChange", "sectPrChange", "tblPrChange", "trPrChange", "tcPrChange",
                "tblGridChange", "numberingChange", "sdtPr", "sdtEndPr", "instrText", "delText", "delInstrText",
                "sectPr", "tblPr", "tblGrid", "trPr", "tcPr", "rt", "fldData", "customXmlPr", "smartTagPr",
                "footnotePr", "endnotePr"], .skip)
        add(OOXML.mc, ["Fallback"], .skip)
        add(w, ["p"], .p); add(w, ["pPr"], .pPr); add(w, ["pStyle"], .pStyle); add(w, ["numPr"], .numPr)
        add(w, ["ilvl"], .ilvl); add(w, ["numId"], .numId); add(w, ["outlineLvl"], .outlineLvl)
        add(w, ["rPr"], .rPr); add(w, ["r"], .run)
        add(w, ["t"], .text)
        add(w, ["tab", "ptab"], .tab); add(w, ["br"], .br); add(w, ["cr"], .cr)
        add(w, ["noBreakHyphen"], .noBreakHyphen); add(w, ["softHyphen"], .softHyphen); add(w, ["sym"], .sym)
        add(w, ["fldChar"], .fldChar); add(w, ["footnoteReference"], .footnoteReference)
        add(w, ["endnoteReference"], .endnoteReference); add(w, ["lang"], .lang)
        add(OOXML.a, ["blip"], .image); add(OOXML.v, ["imagedata"], .image)
        add(w, ["tbl"], .tbl); add(w, ["tr"], .tr); add(w, ["tc"], .tc)
        add(w, ["footnote"], .footnote); add(w, ["endnote"], .endnote)
        add(w, ["ins", "moveTo"], .ins)
        add(OOXML.wp, ["inline", "anchor"], .drawing); add(OOXML.wp, ["docPr"], .docPr)
        add(w, ["object"], .object); add(OOXML.c, ["chart"], .chart); add(OOXML.dgm, ["relIds"], .diagram)
        add(w, ["vertAlign"], .vertAlign); add(OOXML.m, ["oMath", "oMathPara"], .math)
        var roles = [WordRole](repeating: .none, count: Int(map.map(\.0).max() ?? 0) + 1)
        for (id, role) in map { roles[Int(id)] = role }
        self.roles = roles
        val = t.name(w, "val"); id = t.name(w, "id"); font = t.name(w, "font"); char = t.name(w, "char")
        fldCharType = t.name(w, "fldCharType"); type = t.name(w, "type")
        descr = t.name("", "descr"); title = t.name("", "title"); hidden = t.name("", "hidden")
        rid = t.name(OOXML.r, "id"); rdm = t.name(OOXML.r, "dm")
        embed = t.name(OOXML.r, "embed"); link = t.name(OOXML.r, "link")
        math = MathVocabulary.omml(t)
    }

    @inline(__always) func role(_ name: Int32) -> WordRole {
        Int(name) < roles.count ? roles[Int(name)] : .none
    }
}
