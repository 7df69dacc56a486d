/// Captions of Office documents: a paragraph in a caption style is its figure's `figure` block
/// (the caption's text, where it stands), never body text. A table's caption stays a paragraph
/// beside its table.
enum OfficeCaptions {
    /// Whether a paragraph style (name, lower case) is a figure's caption style (true), a table's
    /// (false: body text), or neither (nil). Word's `Caption` (`Légende`…) is both: its text
    /// decides (`isTableCaption`); pandoc writes `Image Caption` and `Table Caption`, LibreOffice
    /// `Figure`/`Illustration`/`Drawing` for a frame's caption.
    static func role(_ name: String) -> Bool? {
        switch name {
        case "caption", "image caption", "légende", "legende", "beschriftung", "didascalia", "leyenda", "figure",
             "illustration", "drawing", "dessin", "figure caption", "caption figure":
            return true
        case "table caption", "table", "tableau", "tabelle", "tabla", "tabella":
            return false
        default:
            return nil
        }
    }

    /// A caption that names a table (`Tableau 2 : …`, `Table 1.`): it stays with its table.
    static func isTableCaption(_ text: String) -> Bool {
        let head = text.drop { $0 == " " || $0 == "\t" }.prefix(8).lowercased()
        return head.hasPrefix("tableau") || head.hasPrefix("table ") || head.hasPrefix("tabelle") || head.hasPrefix("tabla ")
    }
}
