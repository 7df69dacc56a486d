/// An equation's XML (an `m:oMath` or a MathML `math` element) held as a small tree while the part
/// streams by, so that it can be read as a whole when it closes: an equation is read inside out
/// (a fraction's bar, a sum's limits), which a streaming handler cannot do.
struct MathElement: Sendable {
    /// Local name; `""` for an element outside the equation's vocabulary (read through).
    var name: String
    var attributes: [String: String] = [:]
    var children: [MathElement] = []
    var text: String = ""

    func child(_ name: String) -> MathElement? { children.first { $0.name == name } }
    func children(_ name: String) -> [MathElement] { children.filter { $0.name == name } }
    /// All the text under this element, in order.
    var allText: String { text + children.map(\.allText).joined() }
}

/// The names an equation's vocabulary uses, as ids of a part's name table (resolved before the
/// scan: the table cannot be read during one).
struct MathVocabulary {
    private let names: [Int32: String]

    /// Elements of `namespace` and attributes (namespace, local name), by id.
    init(_ table: XMLNameTable, namespace: String, elements: [String], attributes: [(String, String)]) {
        var names: [Int32: String] = [:]
        for e in elements { names[table.name(namespace, e)] = e }
        for (ns, local) in attributes { names[table.name(ns, local)] = local }
        self.names = names
    }

    func name(_ id: Int32) -> String { names[id] ?? "" }

    /// Word's and PowerPoint's equations (OMML).
    static func omml(_ table: XMLNameTable) -> MathVocabulary {
        MathVocabulary(table, namespace: OOXML.m, elements: [
            "oMathPara", "oMath", "r", "t", "rPr", "sty", "scr", "nor", "lit", "f", "fPr", "type", "num", "den",
            "rad", "radPr", "degHide", "deg", "e", "sSup", "sSub", "sSubSup", "sPre", "sup", "sub",
            "nary", "naryPr", "chr", "limLoc", "subHide", "supHide", "d", "dPr", "begChr", "endChr", "sepChr",
            "acc", "accPr", "bar", "barPr", "pos", "func", "fName", "limLow", "limUpp", "lim", "m", "mr",
            "eqArr", "box", "borderBox", "groupChr", "groupChrPr", "phant", "sPrePr", "mPr", "mcs", "mc", "mcPr", "mcJc",
        ], attributes: [(OOXML.m, "val")])
    }

    static let mathml = "http://www.w3.org/1998/Math/MathML"

    /// MathML, as OpenDocument formula objects and EPUB pages hold it.
    static func mathML(_ table: XMLNameTable) -> MathVocabulary {
        MathVocabulary(table, namespace: mathml, elements: [
            "math", "mrow", "mi", "mn", "mo", "mtext", "ms", "mspace", "mfrac", "msqrt", "mroot", "msup", "msub",
            "msubsup", "munder", "mover", "munderover", "mmultiscripts", "mprescripts", "none", "mtable", "mtr",
            "mlabeledtr", "mtd", "mfenced", "mstyle", "mpadded", "mphantom", "menclose", "semantics", "annotation",
            "annotation-xml", "merror",
        ], attributes: [("", "display"), ("", "mathvariant"), ("", "stretchy"), ("", "form"), ("", "fence"),
                        ("", "accent"), ("", "accentunder"), ("", "linethickness"), ("", "open"), ("", "close"),
                        ("", "separators"), ("", "columnalign"), ("", "encoding")])
    }
}

/// Builds a `MathElement` from a handler's events between an equation's start and end tags.
struct MathCapture {
    let vocabulary: MathVocabulary
    private var stack: [MathElement] = []
    /// Elements opened beyond `maxDepth` (a hostile file), read through without nesting further.
    private var overflow = 0
    private var characters = 0
    static let maxDepth = 64
    static let maxCharacters = 100_000

    init(_ vocabulary: MathVocabulary) { self.vocabulary = vocabulary }

    var isActive: Bool { !stack.isEmpty }

    mutating func start(_ name: Int32, _ a: XMLAttributes) {
        if stack.count >= Self.maxDepth { overflow += 1; return }
        var e = MathElement(name: vocabulary.name(name))
        for i in 0..<a.count {
            let key = vocabulary.name(a.name(at: i))
            if !key.isEmpty { e.attributes[key] = a.value(at: i) }
        }
        stack.append(e)
    }

    /// Closes the current element; returns the equation when its outermost element closes.
    mutating func end() -> MathElement? {
        if overflow > 0 { overflow -= 1; return nil }
        guard let e = stack.popLast() else { return nil }
        if stack.isEmpty { characters = 0; return e }
        stack[stack.count - 1].children.append(e)
        return nil
    }

    mutating func characters(_ text: UnsafeRawBufferPointer) {
        guard !stack.isEmpty, characters < Self.maxCharacters else { return }
        characters += text.count
        stack[stack.count - 1].text += String(decoding: text, as: UTF8.self)
    }
}
