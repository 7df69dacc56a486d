import IngestCore

/// Which lines open a figure's caption, and which lines below go on with it.
///
/// A caption opens with its label and number (`CaptionLabel`). `Tableau`/`Table` captions are the
/// tables' (they stay text).
/// A body sentence that starts with `Figure 3 shows…` passes this test too: the finder keeps a
/// caption only beside a picture or drawing (`FigureFinder`).
enum FigureCaptions {
    /// Whether `text` opens with a figure caption's label and its number (`CaptionLabel`).
    /// A line whose first character (after spaces and tabs) is ASCII and, in either case, starts
    /// no label is answered at once: `CaptionLabel.opens` copies the line's scalars first, on
    /// every line of every page (≈ 1 % of a LaTeX manual's run).
    static func opensCaption(_ text: String) -> Bool {
        if let first = text.utf8.first(where: { $0 != 0x20 && $0 != 0x09 }), first < 0x80,
           !labelInitials.contains(first | 0x20) { return false }
        return CaptionLabel.opens(text)
    }

    /// The labels' first bytes (`| 0x20` turns only an ASCII capital into its small letter among
    /// the bytes that could match one).
    static let labelInitials = Set(CaptionLabel.figure.compactMap(\.utf8.first))

    /// The gap between the lines of one paragraph set in type of `height` on this page (points):
    /// the commonest gap between such a line and the next under it, in half points; nil with
    /// fewer than three such pairs. (Type of another size — a listing in a larger font — has its
    /// own gaps.)
    static func usualGap(_ lines: [TextLine], height: Double) -> Double? {
        var counts: [Int: Int] = [:]
        for (a, b) in zip(lines, lines.dropFirst()) where a.hasGeometry && b.hasGeometry {
            let gap = b.y0 - a.y1
            guard abs(a.glyphHeight - height) <= 0.15 * height, abs(b.glyphHeight - height) <= 0.15 * height,
                  gap > -0.5 * height, gap < height, b.x0 < a.x1, b.x1 > a.x0 else { continue }
            counts[Int((gap * 2).rounded()), default: 0] += 1
        }
        guard counts.values.reduce(0, +) >= 3,
              let best = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }) else { return nil }
        return Double(best.key) / 2
    }

    /// The caption opened by line `first` of `lines` (reading order): that line and those after it
    /// set directly below, in the same type, as close as lines of one paragraph (`usualGap`, when
    /// the page shows it: Word and LibreOffice set the next paragraph only a few points lower).
    static func lines(from first: Int, in lines: [TextLine]) -> Range<Int> {
        var end = first + 1
        let head = lines[first]
        let usualGap = usualGap(lines, height: head.glyphHeight)
        while end < lines.count {
            let previous = lines[end - 1], line = lines[end]
            guard line.hasGeometry, line.origin == .content, !opensCaption(line.text) else { break }
            let height = max(head.glyphHeight, 1)
            // The label set apart on its row (`Figure 2` then the caption's words a few ems right):
            // poppler gives two lines side by side.
            let shared = min(line.y1, previous.y1) - max(line.y0, previous.y0)
            if end == first + 1, shared >= 0.5 * min(line.y1 - line.y0, previous.y1 - previous.y0),
               line.x0 >= previous.x1 - 1, line.x0 - previous.x1 <= 3 * height {
                end += 1
                continue
            }
            let gap = line.y0 - previous.y1
            // A word set in another font (`\\texttt`) changes a line's mean glyph height: the body's
            // next paragraph is told apart by its gap, not its type.
            let sameType = line.glyphHeight >= 0.6 * height && line.glyphHeight <= 1.5 * height
            // Under the caption's lines (not beside them: another column), no farther than a line's gap.
            let left = lines[first..<end].lazy.map(\.x0).min() ?? head.x0, right = lines[first..<end].lazy.map(\.x1).max() ?? head.x1
            let under = line.x0 < right + 2 && line.x1 > left - 2
            let widest = usualGap.map { min(0.7 * height, $0 + 0.2 * height) } ?? 0.7 * height
            guard sameType, under, gap >= -0.3 * height, gap <= widest else { break }
            end += 1
        }
        return first..<end
    }
}
