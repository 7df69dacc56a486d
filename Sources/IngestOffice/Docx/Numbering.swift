import IngestCore

/// List definitions from `numbering.xml` and the running counters that turn them into markers
/// ("1.", "a)", "iv.", "•"), as Word displays them.
struct Numbering: Sendable {
    struct Level: Sendable {
        var start = 1
        var format = "decimal"
        var text = "%1."
        var font: String?
    }
    struct Instance: Sendable {
        var abstractId: String
        var overrides: [Int: (start: Int?, level: Level?)] = [:]
    }
    var abstracts: [String: [Int: Level]] = [:]
    var instances: [String: Instance] = [:]

    /// Counters per list (an abstract definition, or one instance when it restarts numbering).
    private var counters: [String: [Int?]] = [:]

    func level(_ numId: String, _ ilvl: Int) -> Level? {
        guard let inst = instances[numId] else { return nil }
        return inst.overrides[ilvl]?.level ?? abstracts[inst.abstractId]?[ilvl]
    }

    func start(_ numId: String, _ ilvl: Int) -> Int {
        instances[numId]?.overrides[ilvl]?.start ?? level(numId, ilvl)?.start ?? 1
    }

    /// Advances the counters for a paragraph of list `numId` at level `ilvl`; returns its marker,
    /// or nil when the list is not defined (or is numId 0, "no list").
    mutating func next(_ numId: String, _ rawLevel: Int) -> String? {
        let ilvl = min(max(rawLevel, 0), 8)
        guard numId != "0", let inst = instances[numId], let lvl = level(numId, ilvl) else { return nil }
        let key = inst.overrides.values.contains { $0.start != nil } ? "num:" + numId : "abs:" + inst.abstractId
        var state = counters[key] ?? Array(repeating: nil, count: 9)
        state[ilvl] = state[ilvl].map { $0 + 1 } ?? start(numId, ilvl)
        for deeper in (ilvl + 1)..<9 { state[deeper] = nil }
        counters[key] = state
        if lvl.format == "bullet" { return Symbols.bullet(lvl.text, font: lvl.font) }
        if lvl.format == "none" { return Self.fill(lvl.text) { _ in "" } }
        return Self.fill(lvl.text) { k in
            guard k <= ilvl else { return "" }
            let value = state[k] ?? self.start(numId, k)
            return Self.format(value, self.level(numId, k)?.format ?? "decimal")
        }
    }

    /// Replaces `%1`…`%9` in a level text.
    static func fill(_ text: String, _ value: (Int) -> String) -> String {
        var out = ""
        var it = text.makeIterator()
        while let c = it.next() {
            if c == "%" {
                if let d = it.next() {
                    if let k = d.wholeNumberValue, (1...9).contains(k) { out += value(k - 1) } else { out.append(c); out.append(d) }
                } else { out.append(c) }
            } else { out.append(c) }
        }
        return out
    }

    static func format(_ n: Int, _ format: String) -> String {
        switch format {
        case "decimalZero": return n < 10 ? "0\(n)" : "\(n)"
        case "upperRoman": return roman(n).uppercased()
        case "lowerRoman": return roman(n)
        case "upperLetter": return letters(n).uppercased()
        case "lowerLetter": return letters(n)
        case "ordinal": return "\(n)."
        default: return "\(n)"
        }
    }

    static func roman(_ value: Int) -> String {
        guard value > 0 && value < 4000 else { return "\(value)" }
        let table: [(Int, String)] = [(1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
                                      (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")]
        var n = value, out = ""
        for (v, s) in table { while n >= v { out += s; n -= v } }
        return out
    }

    /// Word's letter numbering: a…z, then aa…zz, aaa… (the letter repeated, not base 26).
    static func letters(_ value: Int) -> String {
        guard value > 0 else { return "\(value)" }
        let letter = Character(Unicode.Scalar(UInt8(97 + (value - 1) % 26)))
        return String(repeating: letter, count: min((value - 1) / 26 + 1, 20))
    }
}

/// Reads `numbering.xml`.
struct NumberingHandler: XMLHandler {
    let n: Names
    var numbering = Numbering()
    private var abstractId: String?
    private var numId: String?
    private var levelIndex: Int?
    private var overrideIndex: Int?
    private var level = Numbering.Level()
    private var skip = 0

    struct Names {
        let abstractNum, abstractNumId, num, numId, lvl, ilvl, start, numFmt, lvlText, rFonts, ascii, hAnsi, val,
            lvlOverride, startOverride: Int32
        let skipped: Set<Int32>
        init(_ t: XMLNameTable) {
            let w = OOXML.w
            abstractNum = t.name(w, "abstractNum"); abstractNumId = t.name(w, "abstractNumId"); num = t.name(w, "num")
            numId = t.name(w, "numId"); lvl = t.name(w, "lvl"); ilvl = t.name(w, "ilvl"); start = t.name(w, "start")
            numFmt = t.name(w, "numFmt"); lvlText = t.name(w, "lvlText"); rFonts = t.name(w, "rFonts")
            ascii = t.name(w, "ascii"); hAnsi = t.name(w, "hAnsi"); val = t.name(w, "val")
            lvlOverride = t.name(w, "lvlOverride"); startOverride = t.name(w, "startOverride")
            skipped = [t.name(w, "pPrChange"), t.name(w, "rPrChange"), t.name(w, "numberingChange"), t.name(OOXML.mc, "Fallback")]
        }
    }

    init(_ names: XMLNameTable) { n = Names(names) }

    mutating func startElement(_ name: Int32, _ a: XMLAttributes) throws {
        if skip > 0 { skip += 1; return }
        if n.skipped.contains(name) { skip = 1; return }
        switch name {
        case n.abstractNum:
            abstractId = a[n.abstractNumId]
            if let id = abstractId, numbering.abstracts[id] == nil { numbering.abstracts[id] = [:] }
        case n.num:
            numId = a[n.numId]
            if let id = numId { numbering.instances[id] = Numbering.Instance(abstractId: "") }
        case n.abstractNumId where numId != nil && abstractId == nil:
            numbering.instances[numId!]?.abstractId = a[n.val] ?? ""
        case n.lvlOverride where numId != nil:
            overrideIndex = a[n.ilvl].flatMap { Int($0) }
        case n.startOverride where numId != nil:
            if let i = overrideIndex, let v = a[n.val].flatMap({ Int($0) }) {
                numbering.instances[numId!]?.overrides[i, default: (nil, nil)].start = v
            }
        case n.lvl:
            levelIndex = a[n.ilvl].flatMap { Int($0) } ?? overrideIndex
            level = Numbering.Level()
        case n.start where levelIndex != nil: level.start = a[n.val].flatMap { Int($0) } ?? 1
        case n.numFmt where levelIndex != nil: level.format = a[n.val] ?? "decimal"
        case n.lvlText where levelIndex != nil: level.text = a[n.val] ?? ""
        case n.rFonts where levelIndex != nil: level.font = a[n.ascii] ?? a[n.hAnsi]
        default: break
        }
    }

    mutating func endElement(_ name: Int32) throws {
        if skip > 0 { skip -= 1; return }
        switch name {
        case n.lvl:
            if let i = levelIndex {
                if let id = numId, overrideIndex != nil {
                    numbering.instances[id]?.overrides[i, default: (nil, nil)].level = level
                } else if let id = abstractId {
                    numbering.abstracts[id]?[i] = level
                }
            }
            levelIndex = nil
        case n.lvlOverride: overrideIndex = nil
        case n.abstractNum: abstractId = nil
        case n.num: numId = nil
        default: break
        }
    }

    mutating func characters(_ text: UnsafeRawBufferPointer) throws {}
}
