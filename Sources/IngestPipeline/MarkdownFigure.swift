/// A figure's crop as a Markdown link destination.
enum MarkdownFigure {
    /// The path between `<` `>` when it holds a space or parenthesis (a document named
    /// `cours (1).json` has crops `cours (1).figure-1.png`), with `<`, `>` and `\` escaped.
    static func destination(_ path: String) -> String {
        guard path.contains(where: { " ()<>\\\t".contains($0) }) else { return path }
        var out = "<"
        for c in path {
            if "<>\\".contains(c) { out.append("\\") }
            out.append(c)
        }
        return out + ">"
    }
}
