/// A figure found on a page: where the picture or drawing lies, and where its caption's lines are
/// (points, y downwards; nil: a picture without caption, `UncaptionedFigures`). The caption's lines stay in the page's lines until the block builder
/// takes them out (`FigureBlocks`): running headers are removed between the two.
struct PageFigure: Sendable, Equatable {
    var box: PageRect
    var caption: PageRect?

    /// Whether a line's middle lies in the caption's box.
    func holdsCaptionLine(_ line: TextLine) -> Bool {
        guard let caption else { return false }
        let x = (line.x0 + line.x1) / 2, y = (line.y0 + line.y1) / 2
        return x >= caption.x0 - 1 && x <= caption.x1 + 1 && y >= caption.y0 - 1 && y <= caption.y1 + 1
    }
}
