/// An equation read from a document: its LaTeX, its linear text, and whether it stands on its own
/// line (a display equation: a `formula` block) or inside a sentence (written `$…$` in the text).
struct Formula: Sendable, Equatable {
    var latex: String
    var text: String
    var display: Bool

    init(_ expr: MathExpr, display: Bool) {
        latex = MathLaTeX.write(expr)
        text = MathLinear.write(expr)
        self.display = display
    }

    /// An OMML equation; `m:oMathPara` is a display equation.
    init(omml e: MathElement) {
        self.init(OMMLReader.read(e), display: e.name == "oMathPara")
    }

    /// A MathML `math` element; `display="block"` (or the legacy `mode="display"`) is a display equation.
    init(mathML e: MathElement, display: Bool? = nil) {
        self.init(MathMLReader.read(e), display: display ?? (e.attributes["display"] == "block"))
    }

    /// How the equation stands in running text.
    var inline: String { latex.isEmpty ? "" : "$" + latex + "$" }
}
