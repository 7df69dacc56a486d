/// Whether a line opens a figure's caption: its label and number — `Figure 3`, `Fig. 3`,
/// `FIGURE 1.2`, `Figure A.1`, `Illustration 2`, `Schéma 4`, `Graphique 1` — then the end, a
/// separator (`:`, `–`, `—`, `-`, `.`) or a space. One home for PDFs (`FigureCaptions`) and slides.
public enum CaptionLabel {
    /// Figure labels. `Tableau`/`Table` are left to the caller: in a PDF they are a table's caption.
    public static let figure = ["figure", "fig.", "fig", "illustration", "schéma", "schema", "graphique"]
    public static let table = ["tableau", "table"]

    /// Whether `text` opens with one of `labels` (lower case) and its number.
    public static func opens(_ text: String, labels: [String] = figure) -> Bool {
        let scalars = Array(text.unicodeScalars.drop { $0 == " " || $0 == "\t" })
        let lower = String(String.UnicodeScalarView(scalars.prefix(16))).lowercased()
        guard let label = labels.first(where: { lower.hasPrefix($0) }) else { return false }
        var i = label.unicodeScalars.count
        // `Figure` is followed by a space (`Fig.` may be followed by the number at once).
        var spaces = 0
        while i < scalars.count, scalars[i] == " " || scalars[i] == "\u{A0}" || scalars[i] == "\u{202F}" { i += 1; spaces += 1 }
        if !label.hasSuffix("."), spaces == 0 { return false }
        guard i < scalars.count else { return false }
        // The number: digits (with `.`/`-` parts: 1.2, 3-4), or a capital letter or roman numeral
        // followed by a part or a separator (A.1, IV).
        let start = i
        if isDigit(scalars[i]) {
            while i < scalars.count, isDigit(scalars[i]) || ((scalars[i] == "." || scalars[i] == "-") && i + 1 < scalars.count && isDigit(scalars[i + 1])) {
                i += 1
            }
            // A sub-figure letter (3a, 3b).
            if i < scalars.count, scalars[i].properties.isLowercase, i + 1 == scalars.count || !scalars[i + 1].properties.isAlphabetic { i += 1 }
        } else {
            while i < scalars.count, "IVXLC".unicodeScalars.contains(scalars[i]) || (i == start && scalars[i].properties.isUppercase) { i += 1 }
            if i < scalars.count, scalars[i] == ".", i + 1 < scalars.count, isDigit(scalars[i + 1]) {
                i += 1
                while i < scalars.count, isDigit(scalars[i]) { i += 1 }
            }
            guard i > start, i - start <= 5 else { return false }
            // A letter alone must be followed by a separator: `Figure A shows` is a sentence.
            guard i < scalars.count, ":–—-.".unicodeScalars.contains(scalars[i]) || scalars[i] == " "
                    && i + 1 < scalars.count && "–—-:".unicodeScalars.contains(scalars[i + 1]) else { return false }
            return true
        }
        guard i > start else { return false }
        // The end of the line, a separator, or a space.
        return i == scalars.count || ":–—-.).,".unicodeScalars.contains(scalars[i]) || scalars[i] == " " || scalars[i] == "\u{A0}"
    }

    private static func isDigit(_ s: Unicode.Scalar) -> Bool { s >= "0" && s <= "9" }
}
