import Foundation
import IngestCore

/// The document as Markdown (`NAME.md` beside `NAME.json` with `--format markdown`): a front
/// matter with its title, id, language and sources; then its blocks in reading order — headings
/// as `#` by level, paragraphs, bulleted and numbered lists with their nesting, tables as pipe
/// tables, display formulas as `$$…$$`, figures as their crop and caption, code fenced, quotes as `>`, captions one cue a line —
/// and an anchor `<a id="page-3"></a>` where each page of a paginated source begins (`s2-page-3`
/// in the second source of a lesson). Every character of the text is escaped where Markdown
/// would read it as markup (but a source's own markup, `OwnMarkup`), so what a reader renders is
/// the document's text; nothing is added to that text (the title is in the front matter, not a
/// heading the document does not have).
public enum MarkdownWriter {
    public static func render(_ document: ImportedDocument) -> String {
        var parts: [String] = [frontMatter(document)]
        var list = MarkdownList()
        var anchors = PageAnchors()
        // Consecutive cues of one source are one paragraph, a cue a line.
        var cues: [String] = [], cueSource: Int?
        func flushList() { if let rendered = list.finish() { parts.append(rendered) } }
        func flushCues() { if !cues.isEmpty { parts.append(cues.joined(separator: "\n")); cues = [] } }
        for block in document.blocks {
            let anchor = anchors.next(block)
            let own = ownMarkup(document, block)
            if block.kind == .listItem {
                flushCues()
                list.add(block, anchor: anchor, own: own)
                continue
            }
            flushList()
            if block.kind == .cue {
                if anchor != nil || cueSource != block.source { flushCues() }
                cueSource = block.source
                if let anchor { cues.append(anchor) }
                let text = paragraph(block.text, own: own)
                if !text.isEmpty { cues.append(text) }
                continue
            }
            flushCues()
            if let anchor { parts.append(anchor) }
            switch block.kind {
            case .heading:
                let text = MarkdownEscaping.heading(block.text, own: own)
                if !text.isEmpty { parts.append(String(repeating: "#", count: min(6, max(1, block.level ?? 1))) + " " + text) }
            case .table:
                parts.append(MarkdownTable.render(block, own: own) ?? paragraph(block.text, own: own))
            case .code:
                parts.append(fenced(block.text))
            case .formula:
                // Display math: its LaTeX between `$$`, else its linear reading as text.
                if let latex = block.latex?.trimmingCharacters(in: .whitespacesAndNewlines), !latex.isEmpty {
                    parts.append("$$" + latex + "$$")
                } else {
                    let text = paragraph(block.text, own: own)
                    if !text.isEmpty { parts.append(text) }
                }
            case .figure:
                // Its crop (when written) as an image without alt text, then its caption as a
                // paragraph of its own: the caption's words are in the text once.
                if let image = block.image { parts.append("![](" + MarkdownFigure.destination(image) + ")") }
                let text = paragraph(block.text, own: own)
                if !text.isEmpty { parts.append(text) }
            case .quote:
                let text = lines(block.text).map { "> " + MarkdownEscaping.line($0, atLineStart: true, own: own) }.joined(separator: "\n")
                if !text.isEmpty { parts.append(text) }
            default:
                let text = paragraph(block.text, own: own)
                if !text.isEmpty { parts.append(text) }
            }
        }
        flushList()
        flushCues()
        // A document without blocks (tags only, an old document) still shows its text.
        if document.blocks.isEmpty, !document.text.isEmpty {
            parts += document.text.components(separatedBy: "\n\n").map { paragraph($0) }.filter { !$0.isEmpty }
        }
        return parts.joined(separator: "\n\n") + "\n"
    }

    /// A paragraph's line ends are the page's layout: one paragraph, each line escaped where it
    /// starts (so none turns into a list or a heading) and trimmed (four spaces would make code).
    static func paragraph(_ text: String, own: OwnMarkup = []) -> String {
        lines(text).map { MarkdownEscaping.line($0, atLineStart: true, own: own) }.joined(separator: "\n")
    }

    /// The kinds of source whose readers write formulas into the text as `$…$` (OMML, MathML).
    static let mathKinds: Set<SourceKind> = [.docx, .pptx, .odt, .odp, .epub]

    /// What of the block's text is its source's own markup: formulas of Office and EPUB
    /// sources, emphasis and code of a Markdown file.
    static func ownMarkup(_ document: ImportedDocument, _ block: Block) -> OwnMarkup {
        guard document.sources.indices.contains(block.source) else { return [] }
        let source = document.sources[block.source]
        if mathKinds.contains(source.kind) { return .math }
        let name = source.name.lowercased()
        return name.hasSuffix(".md") || name.hasSuffix(".markdown") ? .emphasis : []
    }

    static func lines(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Code as it is, inside a fence longer than any run of backticks in it.
    static func fenced(_ text: String) -> String {
        var longest = 0, run = 0
        for c in text { run = c == "`" ? run + 1 : 0; longest = max(longest, run) }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return fence + "\n" + text + "\n" + fence
    }

    static func frontMatter(_ d: ImportedDocument) -> String {
        var lines = ["---", "title: " + yamlString(d.title), "id: " + yamlString(d.id), "language: " + yamlString(d.language)]
        if !d.sources.isEmpty {
            lines.append("sources:")
            lines += d.sources.map { "  - " + yamlString($0.url ?? $0.name) }
        }
        lines.append("---")
        return lines.joined(separator: "\n")
    }

    /// A double-quoted YAML scalar (JSON's string syntax, which YAML reads the same way).
    static func yamlString(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if u.value < 0x20 || u.value == 0x7F { out += String(format: "\\u%04X", u.value) } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }
}
