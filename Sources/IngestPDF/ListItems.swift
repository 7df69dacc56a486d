/// A PDF paragraph that opens with a list marker is a list item (issue 33): `•`, `—` (babel
/// French's itemize) or `–` followed by its text, or a number or letter with `.` or `)` (`2.`,
/// `b)`), kept as the block's marker — the number is part of what the source says.
enum ListItems {
    /// The marker and the item's lines without it, or nil when the first line opens with none.
    static func item(_ lines: [String]) -> (marker: String, lines: [String])? {
        guard let first = lines.first, Paragraphs.startsWithListMarker(first) else { return nil }
        let trimmed = first.drop { $0.isWhitespace }
        let marker: Substring
        if Paragraphs.startsWithBullet(String(trimmed)) {
            marker = trimmed.prefix(1)
        } else {
            marker = trimmed.prefix { !$0.isWhitespace }
        }
        let rest = trimmed.dropFirst(marker.count).drop { $0.isWhitespace }
        guard !rest.isEmpty || lines.count > 1 else { return nil }
        return (String(marker), (rest.isEmpty ? [] : [String(rest)]) + lines.dropFirst())
    }
}
