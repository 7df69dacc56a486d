import Foundation
import IngestCore

/// Reads a DrawingML chart part (`c:chartSpace`, in `word/charts/` or `ppt/charts/`) from the
/// caches Office keeps beside the workbook: the chart's title and axis titles, then its data as a
/// table — one row per category (`c:cat`, `c:xVal`), one column per series named by `c:tx`, the
/// values of `c:val`/`c:yVal` as the chart shows them. Numbers keep their digits (`12.199999999999999`,
/// a binary artefact of the cache, reads 12.2 as in the chart).
struct ChartHandler: XMLHandler {
    struct Names {
        let title, ser, tx, cat, xVal, val, yVal, pt, v, t, p, idx: Int32
        let axes: Set<Int32>
        init(_ n: XMLNameTable) {
            let c = OOXML.c
            title = n.name(c, "title"); ser = n.name(c, "ser"); tx = n.name(c, "tx"); cat = n.name(c, "cat")
            xVal = n.name(c, "xVal"); val = n.name(c, "val"); yVal = n.name(c, "yVal"); pt = n.name(c, "pt")
            v = n.name(c, "v"); t = n.name(OOXML.a, "t"); p = n.name(OOXML.a, "p"); idx = n.name("", "idx")
            axes = [n.name(c, "catAx"), n.name(c, "valAx"), n.name(c, "dateAx"), n.name(c, "serAx")]
        }
    }
    struct Series { var name = ""; var values: [Int: String] = [:] }

    let n: Names
    private(set) var title: String?
    private(set) var axisTitles: [String] = []
    private(set) var series: [Series] = []
    private(set) var categories: [Int: String] = [:]

    private var stack: [Int32] = []
    private var buffer = TextBuffer()
    private var point = 0
    static let maxPoints = 10_000

    init(_ names: Names) { n = names }

    mutating func startElement(_ name: Int32, _ a: XMLAttributes) throws {
        if stack.count < 64 { stack.append(name) } else { stack.append(-1) }
        switch name {
        case n.ser: if series.count < 1_000 { series.append(Series()) }
        case n.pt: point = a[n.idx].flatMap { Int($0) } ?? 0
        case n.title: buffer.reset()
        case n.p: if stack.contains(n.title), !buffer.isEmpty { buffer.append(byte: 0x20) }
        default: break
        }
    }

    mutating func endElement(_ name: Int32) throws {
        _ = stack.popLast()
        guard name == n.title else { return }
        let s = buffer.take()
        buffer.reset()
        guard !s.isEmpty else { return }
        if stack.contains(where: n.axes.contains) { axisTitles.append(s) } else if !stack.contains(n.ser), title == nil { title = s }
    }

    mutating func characters(_ bytes: UnsafeRawBufferPointer) throws {
        guard let top = stack.last, top == n.v || top == n.t else { return }
        if stack.contains(n.title) { buffer.appendFlowing(bytes); return }
        guard stack.contains(n.ser), !series.isEmpty, top == n.v else { return }
        let s = String(decoding: bytes, as: UTF8.self)
        let last = series.count - 1
        if stack.contains(n.tx) {
            series[last].name += s
        } else if stack.contains(n.cat) || stack.contains(n.xVal) {
            // Only the first series' categories: the others repeat them.
            guard last == 0, categories.count < Self.maxPoints else { return }
            categories[point, default: ""] += s
        } else if stack.contains(n.val) || stack.contains(n.yVal), series[last].values.count < Self.maxPoints {
            series[last].values[point, default: ""] += s
        }
    }

    /// The chart as blocks: a `[Chart: title — axis titles]` paragraph, then its data table.
    func blocks(page: Int?) -> [Block] {
        var out = [Block(kind: .paragraph, text: FigureText.chart([title ?? ""] + axisTitles), page: page, provenance: .textLayer)]
        let indexes = Set(categories.keys).union(series.flatMap(\.values.keys)).sorted()
        guard !indexes.isEmpty || series.contains(where: { !$0.name.isEmpty }) else { return out }
        var rows: [[TableCell]] = []
        if series.contains(where: { !$0.name.isEmpty }) {
            rows.append([TableCell(text: "")] + series.map { TableCell(text: $0.name) })
        }
        for i in indexes {
            rows.append([TableCell(text: categories[i] ?? "")] + series.map { TableCell(text: Self.number($0.values[i] ?? "")) })
        }
        if categories.isEmpty { rows = rows.map { Array($0.dropFirst()) } }
        let text = TableText.render(rows)
        if !text.isEmpty { out.append(Block(kind: .table, text: text, page: page, provenance: .textLayer, rows: rows)) }
        return out
    }

    /// A cached number as the chart shows it by default: 15 significant digits at most.
    static func number(_ s: String) -> String {
        guard s.count > 15, let d = Double(s), d.isFinite else { return s }
        var out = String(format: "%.15g", d)
        if out.contains("e") { return s }
        if out.contains(".") { while out.hasSuffix("0") { out.removeLast() }; if out.hasSuffix(".") { out.removeLast() } }
        return out
    }
}
