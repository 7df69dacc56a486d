import IngestCore

/// Reads an OpenDocument chart object (`Object N/content.xml`, `office:chart`): its title, its axes'
/// titles, then its data as the chart's own local table says it (series names in the header row,
/// one row per category) — the same blocks as a DrawingML chart's.
struct ODFChartHandler: XMLHandler {
    struct Names {
        let title, subtitle, axis, p, row, cell, coveredCell, chart: Int32
        init(_ t: XMLNameTable) {
            let chartNS = "urn:oasis:names:tc:opendocument:xmlns:chart:1.0"
            title = t.name(chartNS, "title"); subtitle = t.name(chartNS, "subtitle"); axis = t.name(chartNS, "axis")
            p = t.name(ODF.text, "p"); row = t.name(ODF.table, "table-row"); cell = t.name(ODF.table, "table-cell")
            coveredCell = t.name(ODF.table, "covered-table-cell"); chart = t.name(ODF.office, "chart")
        }
    }
    let n: Names
    private var titles: [String] = []
    private var axisTitles: [String] = []
    private var rows: [[TableCell]] = []
    private var row: [TableCell] = []
    private var inTitle = 0, inAxis = 0, inCell = 0
    private var text = TextBuffer()
    /// Whether the object is a chart at all (formulas and other objects are not read here).
    private(set) var isChart = false

    init(_ names: Names) { n = names }

    mutating func startElement(_ name: Int32, _ a: XMLAttributes) throws {
        switch name {
        case n.chart: isChart = true
        case n.title, n.subtitle: inTitle += 1; text.reset()
        case n.axis: inAxis += 1
        case n.row: row = []
        case n.cell, n.coveredCell: inCell += 1; text.reset()
        case n.p: if !text.isEmpty { text.append(byte: 0x0A) }
        default: break
        }
    }

    mutating func endElement(_ name: Int32) throws {
        switch name {
        case n.title, n.subtitle:
            inTitle -= 1
            let s = text.take().replacingOccurrences(of: "\n", with: " ")
            if !s.isEmpty { if inAxis > 0 { axisTitles.append(s) } else { titles.append(s) } }
            text.reset()
        case n.axis: inAxis -= 1
        case n.cell, n.coveredCell:
            inCell -= 1
            if row.count < 1_000 { row.append(TableCell(text: text.take())) }
            text.reset()
        case n.row: if !row.isEmpty, rows.count < 10_000 { rows.append(row) }
        default: break
        }
    }

    mutating func characters(_ bytes: UnsafeRawBufferPointer) throws {
        if inTitle > 0 || inCell > 0 { text.appendFlowing(bytes) }
    }

    func blocks(page: Int?) -> [Block] {
        guard isChart else { return [] }
        var out = [Block(kind: .paragraph, text: FigureText.chart(titles + axisTitles), page: page, provenance: .textLayer)]
        let rendering = TableText.render(rows)
        if !rendering.isEmpty { out.append(Block(kind: .table, text: rendering, page: page, provenance: .textLayer, rows: rows)) }
        return out
    }
}
