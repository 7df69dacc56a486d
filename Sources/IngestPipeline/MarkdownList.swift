import Foundation
import IngestCore

/// Consecutive list items as one Markdown list: `-` for bullets, the item's own number for a
/// numbered marker (`3.` or `3)` written `3.`), nested by the item's level. A nested item is
/// indented past its parent's marker (at least four spaces, which pandoc and CommonMark both
/// read as nesting); a level deeper than one below the previous item is taken as one below.
struct MarkdownList {
    private struct Open { var indent: Int; var markerWidth: Int; var ordered: Bool; var number: Int }
    private var lines: [String] = []
    private var open: [Open] = []

    mutating func add(_ block: Block, anchor: String?, own: OwnMarkup = []) {
        let level = min(max(0, block.level ?? 0), open.count)
        let number = Self.number(block.marker)
        if open.count > level + 1 { open.removeSubrange((level + 1)...) }
        if open.count == level + 1 {
            // A numbering that starts again is a new list: at the top, a comment stands between
            // the two (readers would otherwise renumber the second one's items).
            if level == 0, let number, open[0].ordered, number <= open[0].number { lines.append("\n<!-- -->\n") }
            // A bulleted list then a numbered one (or the reverse): two lists, a blank line apart.
            else if level == 0, open[0].ordered != (number != nil) { lines.append("") }
            open.removeLast()
        }
        let indent = level == 0 ? 0 : open[level - 1].indent + max(4, open[level - 1].markerWidth + 1)
        let marker = number.map { "\($0)." } ?? "-"
        open.append(Open(indent: indent, markerWidth: marker.count, ordered: number != nil, number: number ?? 0))
        let text = MarkdownWriter.lines(block.text).map { MarkdownEscaping.line($0, atLineStart: true, own: own) }
        let pad = String(repeating: " ", count: indent)
        let contentPad = String(repeating: " ", count: indent + marker.count + 1)
        lines.append(pad + marker + " " + (anchor ?? "") + (text.first ?? ""))
        lines += text.dropFirst().map { contentPad + $0 }
    }

    /// The list so far, and a new one started; nil when there is none.
    mutating func finish() -> String? {
        defer { lines = []; open = [] }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// `12.` or `12)` → 12; any other marker (`•`, `–`, `a)`, `iv.`) is a bullet.
    static func number(_ marker: String?) -> Int? {
        guard var m = marker?.trimmingCharacters(in: .whitespaces), m.count >= 2, m.last == "." || m.last == ")" else { return nil }
        m.removeLast()
        guard m.count <= 9, m.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(m)
    }
}
