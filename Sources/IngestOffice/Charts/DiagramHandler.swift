import IngestCore

/// Reads a SmartArt data part (`dgm:dataModel`, `word/diagrams/data*.xml`, `ppt/diagrams/data*.xml`):
/// the text of its content points (`dgm:pt` of type node, assistant or none, text in `dgm:t`), as
/// list items nested the way the parent-of connections (`dgm:cxn`) nest them, in their order.
/// Transition and presentation points hold no words of the author.
struct DiagramHandler: XMLHandler {
    struct Names {
        let pt, t, p, cxn, modelId, type, srcId, destId, srcOrd: Int32
        init(_ n: XMLNameTable) {
            pt = n.name(OOXML.dgm, "pt"); t = n.name(OOXML.dgm, "t"); cxn = n.name(OOXML.dgm, "cxn")
            p = n.name(OOXML.a, "p")
            modelId = n.name("", "modelId"); type = n.name("", "type"); srcId = n.name("", "srcId")
            destId = n.name("", "destId"); srcOrd = n.name("", "srcOrd")
        }
    }
    let n: Names
    private var order: [String] = []
    private var texts: [String: String] = [:]
    private var roots: [String] = []
    private var children: [String: [(order: Int, id: String)]] = [:]
    private var current: String?
    private var inText = false
    private var lines: [String] = []
    private var buffer = TextBuffer()
    static let maxPoints = 10_000

    init(_ names: Names) { n = names }

    mutating func startElement(_ name: Int32, _ a: XMLAttributes) throws {
        switch name {
        case n.pt:
            guard order.count < Self.maxPoints, let id = a[n.modelId] else { current = nil; break }
            switch a[n.type] ?? "node" {
            case "node", "asst": current = id; order.append(id)
            case "doc": roots.append(id); current = nil
            default: current = nil
            }
        case n.t: inText = current != nil; lines = []
        case n.p: buffer.reset()
        case n.cxn:
            guard (a[n.type] ?? "parOf") == "parOf", let src = a[n.srcId], let dest = a[n.destId],
                  children.count < Self.maxPoints else { break }
            children[src, default: []].append((a[n.srcOrd].flatMap { Int($0) } ?? 0, dest))
        default: break
        }
    }

    mutating func endElement(_ name: Int32) throws {
        switch name {
        case n.p where inText:
            let s = buffer.take()
            if !s.isEmpty { lines.append(s) }
            buffer.reset()
        case n.t where inText:
            if let id = current, !lines.isEmpty { texts[id] = lines.joined(separator: "\n") }
            inText = false
        case n.pt: current = nil
        default: break
        }
    }

    mutating func characters(_ bytes: UnsafeRawBufferPointer) throws {
        if inText { buffer.appendFlowing(bytes) }
    }

    /// Points in tree order from the document point, then any the connections leave out.
    func blocks(page: Int?) -> [Block] {
        var out: [Block] = []
        var seen = Set<String>()
        func visit(_ id: String, _ depth: Int) {
            guard seen.insert(id).inserted, depth < 32 else { return }
            if let text = texts[id] {
                out.append(Block(kind: .listItem, text: text, level: min(depth, 8), marker: "•", page: page, provenance: .textLayer))
            }
            for c in (children[id] ?? []).sorted(by: { $0.order < $1.order }) { visit(c.id, texts[id] == nil ? depth : depth + 1) }
        }
        for r in roots { seen.insert(r); for c in (children[r] ?? []).sorted(by: { $0.order < $1.order }) { visit(c.id, 0) } }
        for id in order where !seen.contains(id) { visit(id, 0) }
        return out
    }
}
