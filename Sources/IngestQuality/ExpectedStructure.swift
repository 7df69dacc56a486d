import Foundation
import IngestCore

/// The formulas and tables a document should give, read from what it was made from (the qa
/// manifest's `structure`): a JSON file `{"formulas": ["x^2"], "tables": [[["a", "b"], ["c", "d"]]]}`,
/// or the Markdown source itself (`$…$`/`$$…$$` formulas, pipe tables), or the LaTeX source
/// (`$…$`, `\(…\)`, `\[…\]`, `$$…$$`, `equation`/`displaymath` formulas; `tabular` tables).
/// A table is rows of cell texts; a cell spanning columns (`\multicolumn`) holds its text in its
/// first slot and the slots it covers are empty, as Ingest's `rows`.
public struct ExpectedStructure: Sendable, Equatable, Codable {
    public var formulas: [String]
    public var tables: [[[String]]]

    public init(formulas: [String] = [], tables: [[[String]]] = []) {
        self.formulas = formulas; self.tables = tables
    }

    /// Reads `url` by its extension: `.json`, `.tex`/`.latex`, else Markdown.
    public static func read(_ url: URL) throws(IngestError) -> ExpectedStructure {
        guard let data = try? Data(contentsOf: url) else { throw IngestError(.qaExpectedUnreadable, ["path": url.path]) }
        switch url.pathExtension.lowercased() {
        case "json":
            struct File: Decodable { var formulas: [String]?; var tables: [[[String]]]? }
            guard let file = try? JSONDecoder().decode(File.self, from: data) else {
                throw IngestError(.qaExpectedUnreadable, ["path": url.path])
            }
            return ExpectedStructure(formulas: file.formulas ?? [], tables: file.tables ?? [])
        case "tex", "latex":
            guard let text = String(data: data, encoding: .utf8) else { throw IngestError(.qaExpectedUnreadable, ["path": url.path]) }
            return latex(text)
        default:
            guard let text = String(data: data, encoding: .utf8) else { throw IngestError(.qaExpectedUnreadable, ["path": url.path]) }
            return markdown(text)
        }
    }

    // MARK: Markdown

    /// The formulas and pipe tables of a Markdown text (code blocks and code spans left out).
    public static func markdown(_ text: String) -> ExpectedStructure {
        var prose: [String] = [], tables: [[[String]]] = [], table: [[String]] = []
        var fenced = false
        func endTable() { if !table.isEmpty { tables.append(table); table = [] } }
        for raw in text.components(separatedBy: .newlines) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("```") || line.hasPrefix("~~~") { fenced.toggle(); endTable(); continue }
            if fenced { continue }
            if line.hasPrefix("|") {
                let cells = pipeCells(line)
                // The `| --- | :-: |` line under the header is no row.
                if !cells.allSatisfy({ $0.range(of: #"^:?-{3,}:?$"#, options: .regularExpression) != nil }) { table.append(cells) }
                continue
            }
            endTable()
            prose.append(raw)
        }
        endTable()
        let formulas = dollarFormulas(stripCodeSpans(prose.joined(separator: "\n")))
        return ExpectedStructure(formulas: formulas, tables: tables.map { $0.map { $0.map(plainCell) } })
    }

    static func pipeCells(_ line: String) -> [String] {
        var cells: [String] = [], cell = "", escaped = false, inMath = false
        for c in line {
            if escaped { cell.append(c); escaped = false; continue }
            if c == "\\" { escaped = true; cell.append(c); continue }
            if c == "$" { inMath.toggle() }
            if c == "|" && !inMath { cells.append(cell); cell = ""; continue }
            cell.append(c)
        }
        cells.append(cell)
        // The leading `|` opens an empty first piece; a closing `|` an empty last one.
        if cells.first?.trimmingCharacters(in: .whitespaces).isEmpty == true { cells.removeFirst() }
        if line.hasSuffix("|"), cells.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { cells.removeLast() }
        return cells.map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\\|", with: "|") }
    }

    /// A cell as a reader shows it: emphasis marks and code ticks dropped, whitespace collapsed,
    /// an apostrophe inside a word typographic (`l'onde` → `l’onde`, as pandoc's smart reading
    /// and TeX set it: what every generated file holds).
    static func plainCell(_ cell: String) -> String {
        var s = typographicApostrophes(cell)
        for mark in ["**", "__", "`"] { s = s.replacingOccurrences(of: mark, with: "") }
        s = s.replacingOccurrences(of: #"(?<![\w\\])\*(?=\S)([^*]*\S)\*"#, with: "$1", options: .regularExpression)
        // Spaces and tabs only: a no-break space is the source's own (`1\u{A0}000`), as pandoc keeps it.
        return s.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    static func typographicApostrophes(_ text: String) -> String {
        text.replacingOccurrences(of: #"(?<=\p{L})'(?=\p{L})"#, with: "\u{2019}", options: .regularExpression)
    }

    static func stripCodeSpans(_ text: String) -> String {
        text.replacingOccurrences(of: #"`[^`\n]*`"#, with: " ", options: .regularExpression)
    }

    /// `$$…$$` and `$…$` as pandoc reads them: an inline `$` opens when a non-space follows it
    /// and closes when a non-space precedes it and no digit follows; `\$` is a dollar.
    static func dollarFormulas(_ text: String) -> [String] {
        let chars = Array(text)
        var out: [String] = []
        var k = 0
        while k < chars.count {
            let c = chars[k]
            if c == "\\" { k += 2; continue }
            guard c == "$" else { k += 1; continue }
            let display = k + 1 < chars.count && chars[k + 1] == "$"
            let start = k + (display ? 2 : 1)
            var j = start, found: Int?
            if !display, start < chars.count, chars[start].isWhitespace { k += 1; continue }
            while j < chars.count {
                if chars[j] == "\\" { j += 2; continue }
                if display, chars[j] == "$", j + 1 < chars.count, chars[j + 1] == "$" { found = j; break }
                if !display, chars[j] == "$", !chars[j - 1].isWhitespace, !(j + 1 < chars.count && chars[j + 1].isNumber) { found = j; break }
                if !display, chars[j] == "\n", j + 1 < chars.count, chars[j + 1] == "\n" { break }  // a formula stays in its paragraph
                j += 1
            }
            guard let end = found, end > start else { k = start; continue }
            out.append(String(chars[start..<end]).trimmingCharacters(in: .whitespacesAndNewlines))
            k = end + (display ? 2 : 1)
        }
        return out
    }

    // MARK: LaTeX

    /// The formulas and `tabular` tables of a LaTeX source (its body, comments left out).
    public static func latex(_ source: String) -> ExpectedStructure {
        var text = source.components(separatedBy: .newlines).map { line -> String in
            // `%` to the line's end is a comment, `\%` a percent sign.
            guard let r = line.range(of: #"(?<!\\)%"#, options: .regularExpression) else { return line }
            return String(line[..<r.lowerBound])
        }.joined(separator: "\n")
        if let begin = text.range(of: "\\begin{document}") { text = String(text[begin.upperBound...]) }
        var tables: [[[String]]] = []
        let tabular = #"\\begin\{(tabular\*?|tabularx|longtable)\}(\{[^{}]*\})?\{((?:[^{}]|\{[^{}]*\})*)\}([\s\S]*?)\\end\{\1\}"#
        text = replacing(tabular, in: text) { groups in
            tables.append(tabularRows(groups[4])); return " "
        }
        // Environments and bracket pairs in one pass, each left as a mark so that the dollar
        // formulas between them keep their place in the order.
        var marked: [String] = []
        let display = #"\\begin\{(equation\*?|displaymath)\}([\s\S]*?)\\end\{\1\}|\\\[([\s\S]*?)\\\]|\\\(([\s\S]*?)\\\)"#
        text = replacing(display, in: text) { groups in
            marked.append([groups[2], groups[3], groups[4]].joined().trimmingCharacters(in: .whitespacesAndNewlines)); return "\u{1}"
        }
        var ordered: [String] = []
        for piece in text.split(separator: "\u{1}", omittingEmptySubsequences: false).enumerated() {
            if piece.offset > 0, piece.offset - 1 < marked.count { ordered.append(marked[piece.offset - 1]) }
            ordered += dollarFormulas(String(piece.element))
        }
        return ExpectedStructure(formulas: ordered, tables: tables)
    }

    /// A `tabular` body's rows: rules dropped, `\\` ends a row, `&` a cell, `\multicolumn{n}`
    /// fills n slots (its text in the first), `\multirow`'s text read as is.
    static func tabularRows(_ body: String) -> [[String]] {
        var text = body
        for rule in [#"\\(hline|toprule|midrule|bottomrule|endhead|endfirsthead|endfoot|endlastfoot)"#, #"\\(cline|cmidrule)(\([^)]*\))?\{[^}]*\}"#] {
            text = text.replacingOccurrences(of: rule, with: " ", options: .regularExpression)
        }
        var rows: [[String]] = []
        for row in splitUnescaped(text, on: "\\\\") {
            var cells: [String] = []
            for cell in splitUnescaped(row, on: "&") {
                var c = cell.trimmingCharacters(in: .whitespacesAndNewlines)
                var span = 1
                if let m = firstMatch(#"^\\multicolumn\{(\d+)\}\{[^{}]*\}\{([\s\S]*)\}$"#, in: c) { span = Int(m[1]) ?? 1; c = m[2] }
                if let m = firstMatch(#"^\\multirow\{[^{}]*\}\{[^{}]*\}\{([\s\S]*)\}$"#, in: c) { c = m[1] }
                cells.append(plainLaTeX(c))
                if span > 1 { cells += Array(repeating: "", count: span - 1) }
            }
            if cells.count == 1, cells[0].isEmpty { continue }  // after the last `\\`
            rows.append(cells)
        }
        return rows
    }

    /// A cell's text: style commands dropped around their argument, braces and spacing gone.
    static func plainLaTeX(_ s: String) -> String {
        var t = typographicApostrophes(s)
        t = t.replacingOccurrences(of: #"\\(textbf|textit|emph|textrm|texttt|textsc|underline|mbox|text)\s*"#, with: "", options: .regularExpression)
        t = t.replacingOccurrences(of: #"\\(,|;|:|!| )"#, with: " ", options: .regularExpression)
        t = t.replacingOccurrences(of: "~", with: "\u{00A0}")
        for (escaped, plain) in [("\\%", "%"), ("\\&", "&"), ("\\_", "_"), ("\\#", "#")] { t = t.replacingOccurrences(of: escaped, with: plain) }
        if !t.contains("$") { t = t.replacingOccurrences(of: #"[{}]"#, with: "", options: .regularExpression) }
        return t.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).joined(separator: " ")
    }

    static func splitUnescaped(_ text: String, on separator: String) -> [String] {
        // `\\` inside braces (a cell's own line break) is kept; only top-level separators split.
        var out: [String] = [], current = "", depth = 0
        let chars = Array(text), sep = Array(separator)
        var k = 0
        while k < chars.count {
            if chars[k] == "\\", separator == "&", k + 1 < chars.count, chars[k + 1] == "&" { current += "\\&"; k += 2; continue }
            if chars[k] == "\\", separator != "\\\\", k + 1 < chars.count { current.append(chars[k]); current.append(chars[k + 1]); k += 2; continue }
            if chars[k] == "{" { depth += 1 } else if chars[k] == "}" { depth -= 1 }
            if depth == 0, k + sep.count <= chars.count, Array(chars[k..<k + sep.count]) == sep {
                out.append(current); current = ""; k += sep.count; continue
            }
            if chars[k] == "\\", k + 1 < chars.count { current.append(chars[k]); current.append(chars[k + 1]); k += 2; continue }
            current.append(chars[k]); k += 1
        }
        out.append(current)
        return out
    }

    static func firstMatch(_ pattern: String, in text: String) -> [String]? {
        guard let re = try? NSRegularExpression(pattern: pattern),
              let m = re.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return nil }
        return (0..<m.numberOfRanges).map { i in Range(m.range(at: i), in: text).map { String(text[$0]) } ?? "" }
    }

    /// Each match of `pattern` replaced by `transform(its groups)`.
    static func replacing(_ pattern: String, in text: String, _ transform: ([String]) -> String) -> String {
        guard let re = try? NSRegularExpression(pattern: pattern) else { return text }
        var out = "", last = text.startIndex
        for m in re.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let whole = Range(m.range, in: text) else { continue }
            out += text[last..<whole.lowerBound]
            out += transform((0..<m.numberOfRanges).map { i in Range(m.range(at: i), in: text).map { String(text[$0]) } ?? "" })
            last = whole.upperBound
        }
        return out + text[last...]
    }
}
