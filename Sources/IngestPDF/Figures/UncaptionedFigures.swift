/// Pictures without a caption that a person would still call figures — a photo, a diagram pasted
/// as an image, of a size that says something — so the vision option can describe them; not the
/// page's decoration: a logo or rule in the header or footer band or the side margins, an icon or
/// bullet, a full-page background, a shaded box behind text.
///
/// Only placed images are seen (poppler lists them without rasterising; a drawing made of strokes
/// needs the page rendered, which is paid only on pages with a caption): vector drawings without
/// a caption stay unfound. And only on pages with room for one among their text (`PageGrid`), so
/// a page of running text costs no second pass.
enum UncaptionedFigures {
    /// Smallest side (points) and share of the page of a figure without caption (a portrait
    /// 90 × 99 pt on A4, GeoTopo p. 31, is 1.8 %).
    static let minimumSide = 50.0
    static let minimumShare = 0.015
    /// Largest share of the page: beyond, a background.
    static let maximumShare = 0.6
    /// The header and footer bands, and the side margins, as shares of the page's height/width.
    static let band = 0.1
    /// Text lines inside a picture beyond which it is a background behind text (a diagram's labels are fewer).
    static let maximumLinesInside = 6
    /// Share of a picture that text over it may cover (a boxed exercise on a textured panel: 0.2 and more).
    static let maximumTextShare = 0.08
    /// Pictures this close (points) are one figure.
    static let joinGap = 8.0

    static func find(on page: PopplerPageRef, lines: [TextLine], besides captioned: [PageFigure]) -> [PageFigure] {
        let (w, h) = page.size
        guard w > 0, h > 0, hasRoom(lines, height: h) else { return [] }
        return pick(images: page.imageRects(), lines: lines, width: w, height: h, besides: captioned)
    }

    /// The images that are figures, as boxes (images touching each other made one: a picture cut into strips).
    static func pick(images: [PageRect], lines: [TextLine], width w: Double, height h: Double,
                     besides captioned: [PageFigure]) -> [PageFigure] {
        var boxes: [PageRect] = []
        // A background is left out before pictures are joined: it touches them all.
        for image in images where (image.x1 - image.x0) * (image.y1 - image.y0) <= maximumShare * w * h {
            var box = image
            // Merge with every box within a few points, until none is: a picture cut into strips,
            // or a row of pictures set side by side (GeoTopo p. 24: four, 7 pt apart).
            while let i = boxes.firstIndex(where: { FigureFinder.overlaps(grown($0, joinGap), box) }) {
                box = FigureFinder.union(box, boxes.remove(at: i))
            }
            boxes.append(box)
        }
        return boxes.filter { b in
            let bw = b.x1 - b.x0, bh = b.y1 - b.y0
            guard bw >= minimumSide, bh >= minimumSide else { return false }
            let share = bw * bh / (w * h)
            guard share >= minimumShare, share <= maximumShare else { return false }
            // Wholly in the header or footer band, or in a side margin: the page's furniture.
            if b.y1 <= band * h || b.y0 >= (1 - band) * h || b.x1 <= band * w || b.x0 >= (1 - band) * w { return false }
            // Part of a figure found by its caption.
            if captioned.contains(where: { FigureFinder.overlaps($0.box, b) }) { return false }
            let inside = lines.filter { $0.hasGeometry && $0.origin == .content }
                .filter { l in (l.x0 + l.x1) / 2 > b.x0 && (l.x0 + l.x1) / 2 < b.x1 && (l.y0 + l.y1) / 2 > b.y0 && (l.y0 + l.y1) / 2 < b.y1 }
            // A diagram's labels are few and small; text set over a picture is a box's background.
            let inked = inside.reduce(0) { $0 + ($1.x1 - $1.x0) * ($1.y1 - $1.y0) }
            return inside.count <= maximumLinesInside && inked <= maximumTextShare * bw * bh
        }.map { PageFigure(box: $0, caption: nil) }
    }

    /// Whether the page's text leaves a band a picture could fill: `minimumSide` across the page
    /// without a line (the footer's left out), or above the first line below the header band.
    /// (A picture set beside text, in one column of two or with lines down its side, is not looked for: poppler's
    /// image listing is a second pass over the page, paid here only where a picture can be — on
    /// gnuplot.pdf's 311 pages of text and listings, an empty rectangle test let it run on most.)
    static func hasRoom(_ all: [TextLine], height: Double) -> Bool {
        // The body's lines: a page number in the footer band, under a page that ends short, leaves no room.
        let lines = all.filter { $0.hasGeometry && $0.origin == .content && $0.y1 <= (1 - band) * height }.sorted { $0.y0 < $1.y0 }
        guard lines.count >= 3, let first = lines.first else { return true }
        if first.y0 >= band * height + minimumSide { return true }
        // A band across the page without text: the lowest bottom so far against the next top.
        var bottom = first.y1
        for line in lines.dropFirst() {
            if line.y0 - bottom >= minimumSide { return true }
            bottom = max(bottom, line.y1)
        }
        return false
    }

    static func grown(_ r: PageRect, _ by: Double) -> PageRect {
        PageRect(x0: r.x0 - by, y0: r.y0 - by, x1: r.x1 + by, y1: r.y1 + by)
    }
}
