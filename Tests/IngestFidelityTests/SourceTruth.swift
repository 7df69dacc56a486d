import Foundation
import IngestCore
import IngestTestSupport

/// What a fidelity source says, block by block: read from the Markdown or LaTeX file we wrote,
/// through pandoc's reader (`pandoc -t json`), so the truth is the source's own structure and
/// never what Ingest, or a peer extractor, made of a generated file.
struct SourceTruth: Sendable {
    enum Block: Sendable, Equatable {
        case heading(level: Int, text: String)
        case paragraph(String)
        /// `marker` as every generated rendering shows it: `•` for a bullet, `1.` for a number.
        case listItem(marker: String, text: String)
        case table([[String]])
    }
    var blocks: [Block]

    /// The source's text laid out as Ingest lays out a document's `text` (qa/README.md): one
    /// block a paragraph, headings as their text, list items after their marker, a table's rows
    /// on their own lines with cells joined by ` | `; blocks apart by a blank line.
    var expectedText: String {
        blocks.map { block -> String in
            switch block {
            case .heading(_, let t), .paragraph(let t): t
            case .listItem(let m, let t): m + " " + t
            case .table(let rows): rows.map { $0.joined(separator: " | ") }.joined(separator: "\n")
            }
        }.joined(separator: "\n\n")
    }

    var headings: [(level: Int, text: String)] {
        blocks.compactMap { if case .heading(let l, let t) = $0 { (l, t) } else { nil } }
    }
    var listItems: [(marker: String, text: String)] {
        blocks.compactMap { if case .listItem(let m, let t) = $0 { (m, t) } else { nil } }
    }
    var tables: [[[String]]] {
        blocks.compactMap { if case .table(let rows) = $0 { rows } else { nil } }
    }

    /// Reads `source` (`.md` as pandoc Markdown, `.tex` as LaTeX).
    static func read(_ source: URL) throws -> SourceTruth {
        let format = source.pathExtension == "tex" ? "latex" : "markdown"
        guard let r = runTool("pandoc", ["-f", format, "-t", "json", source.path]), r.status == 0 else {
            throw TestSetupFailure("pandoc could not read \(source.lastPathComponent)")
        }
        let ast = try JSONValue.parse(r.stdout)
        var blocks: [Block] = []
        try collect(ast["blocks"]?.arrayValue ?? [], into: &blocks)
        return SourceTruth(blocks: blocks)
    }

    private static func collect(_ nodes: [JSONValue], into out: inout [Block]) throws {
        for node in nodes {
            let c = node["c"]
            switch node["t"]?.stringValue {
            case "Header":
                out.append(.heading(level: c?[0]?.intValue ?? 0, text: try inlines(c?[2])))
            case "Para", "Plain":
                out.append(.paragraph(try inlines(c)))
            case "BulletList":
                for item in c?.arrayValue ?? [] { out.append(.listItem(marker: "•", text: try itemText(item))) }
            case "OrderedList":
                let start = c?[0]?[0]?.intValue ?? 1
                for (i, item) in (c?[1]?.arrayValue ?? []).enumerated() {
                    out.append(.listItem(marker: "\(start + i).", text: try itemText(item)))
                }
            case "Div":
                try collect(c?[1]?.arrayValue ?? [], into: &out)
            case "Table":
                // pandoc ≥ 2.10: [attr, caption, colspecs, head, bodies, foot]; a row is
                // [attr, cells], a cell [attr, alignment, rowspan, colspan, blocks].
                func cells(_ row: JSONValue) throws -> [String] {
                    try (row[1]?.arrayValue ?? []).map { cell in
                        try (cell[4]?.arrayValue ?? []).map { try inlines($0["c"]) }.joined(separator: " ")
                    }
                }
                var rows = try (c?[3]?[1]?.arrayValue ?? []).map(cells)
                for body in c?[4]?.arrayValue ?? [] { rows += try (body[3]?.arrayValue ?? []).map(cells) }
                out.append(.table(rows))
            case let other:
                throw TestSetupFailure("the fidelity sources use only headings, paragraphs, lists and tables; found \(other ?? "?")")
            }
        }
    }

    private static func itemText(_ item: JSONValue) throws -> String {
        try (item.arrayValue ?? []).map { try inlines($0["c"]) }.joined(separator: " ")
    }

    /// `text`'s digits and signs (`0`…`9`, `+`, `-`, `−`) as the script forms `forms` lists in that order.
    private static func scripted(_ text: String, _ forms: String) throws -> String {
        let plain = Array("0123456789+-−"), script = Array(forms)
        return String(try text.map { ch in
            guard let i = plain.firstIndex(of: ch) else { throw TestSetupFailure("a fidelity source scripts «\(text)»: digits and signs only") }
            return script[i]
        })
    }

    private static func inlines(_ value: JSONValue?) throws -> String {
        var s = ""
        for node in value?.arrayValue ?? [] {
            let c = node["c"]
            switch node["t"]?.stringValue {
            case "Str": s += c?.stringValue ?? ""
            case "Space", "SoftBreak", "LineBreak": s += " "
            case "Emph", "Strong", "Underline", "SmallCaps", "Strikeout": s += try inlines(c)
            // `10^−2^`, `SO~4~` (LaTeX's \textsuperscript, \textsubscript) are `10⁻²` and `SO₄`, the
            // characters the same text typed in Unicode is: the sources script digits and signs only.
            case "Superscript": s += try scripted(try inlines(c), "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻")
            case "Subscript": s += try scripted(try inlines(c), "₀₁₂₃₄₅₆₇₈₉₊₋₋")
            case "Span": s += try inlines(c?[1])
            case let other: throw TestSetupFailure("unexpected inline \(other ?? "?") in a fidelity source")
            }
        }
        return s
    }
}
