import CPoppler

/// A rule drawn on a page: a horizontal (`y` fixed, from `lower` to `upper` in x) or vertical
/// (`x` fixed, from `lower` to `upper` in y) line, in points, y downwards.
struct PageRule: Sendable, Equatable {
    var position: Double
    var lower: Double
    var upper: Double
    var length: Double { upper - lower }
}

/// The long thin rules of a page, found on a rendering.
///
/// Why a bitmap: poppler-glib gives no paths, and a table's rules reach the page in many forms —
/// stroked lines, thin filled rectangles (`\hline`), rectangles per cell side (LibreOffice), under
/// any CTM and clip. Rendering the page (poppler's own cairo output, the same pixels a reader
/// sees) and taking runs of ink that are long and at most a couple of points thick sees them all
/// alike, whatever operators drew them. Text is not a rule: glyph strokes are short, and the
/// rows of a word stack into blobs thicker than any rule.
enum PageRules {
    /// Pixels per point: 0.4 pt rules, anti-aliased, still leave pixels dark enough at 2. At 1,
    /// the serifs and x-heights of a line of small words blur into thin runs taken for rules
    /// (ColumnRegionsTests' unruled tabular lost its first column), though it costs 4 times fewer pixels.
    static let scale = 2.0
    /// Shortest rule, in points (an em dash of 12 pt text is shorter).
    static let minimumLength = 14.0
    /// Thickest rule, in points.
    static let maximumThickness = 2.5

    /// The horizontal and vertical rules of the page between `top` and `bottom` (points).
    static func find(on page: PopplerPageRef, from top: Double, to bottom: Double) -> (horizontal: [PageRule], vertical: [PageRule]) {
        let (w, h) = page.size
        let top = max(0, top), bottom = min(h, bottom)
        guard bottom > top else { return ([], []) }
        let pw = Int(max(1, min(5000, (w * scale).rounded(.up)))), ph = Int(max(1, min(5000, ((bottom - top) * scale).rounded(.up))))
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(pw), Int32(ph)) else { return ([], []) }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return ([], []) }
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_scale(cr, scale, scale)
        cairo_translate(cr, 0, -top)
        page.draw(on: cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return ([], []) }
        let found = rules(UnsafeRawPointer(data), stride: Int(cairo_image_surface_get_stride(surface)), width: pw, height: ph)
        // Rules cut by the band's edges are kept (a table taller than its band still meets them).
        let horizontal = found.horizontal.map { PageRule(position: $0.position + top, lower: $0.lower, upper: $0.upper) }
        let vertical = found.vertical.map { PageRule(position: $0.position, lower: $0.lower + top, upper: $0.upper + top) }
        return (horizontal, vertical)
    }

    /// The rules of an RGB24 image (cairo's layout: one UInt32 per pixel, `stride` bytes a row), in
    /// points from its top-left corner. Ink is a pixel darker than ~7/8 white: an anti-aliased
    /// hairline counts, a light cell shade does not.
    ///
    /// One pass over the pixels, row after row, collects the runs of ink at least `minimumLength`
    /// long along rows and along columns alike (a column's run is followed down the rows, so that
    /// memory is read in order: walking each column apart took 25 ms a page, more than rendering it).
    static func rules(_ data: UnsafeRawPointer, stride: Int, width: Int, height: Int) -> (horizontal: [PageRule], vertical: [PageRule]) {
        let minimum = Int(minimumLength * scale)
        var rows = [[Run]](repeating: [], count: height)
        var columns = [[Run]](repeating: [], count: width)
        var columnStart = [Int](repeating: -1, count: width)
        columnStart.withUnsafeMutableBufferPointer { starts in
            for y in 0..<height {
                let row = (data + y * stride).assumingMemoryBound(to: UInt32.self)
                var start = -1
                for x in 0..<width {
                    let p = row[x]
                    // Luminance (3 R + 6 G + B) / 10 under 224.
                    if Int((p >> 16) & 0xFF) * 3 + Int((p >> 8) & 0xFF) * 6 + Int(p & 0xFF) < 2240 {
                        if start < 0 { start = x }
                        if starts[x] < 0 { starts[x] = y }
                    } else {
                        if start >= 0 { if x - start >= minimum { rows[y].append(Run(first: start, last: x - 1)) }; start = -1 }
                        if starts[x] >= 0 { if y - starts[x] >= minimum { columns[x].append(Run(first: starts[x], last: y - 1)) }; starts[x] = -1 }
                    }
                }
                if start >= 0, width - start >= minimum { rows[y].append(Run(first: start, last: width - 1)) }
            }
            for x in 0..<width where starts[x] >= 0 && height - starts[x] >= minimum { columns[x].append(Run(first: starts[x], last: height - 1)) }
        }
        return (stacks(rows), stacks(columns))
    }

    /// A run of ink along a row or a column, from its `first` to its `last` pixel.
    struct Run: Equatable { var first: Int; var last: Int }

    /// Runs of consecutive rows (or columns) stacked over at most `maximumThickness`: each stack
    /// is one rule, at its middle, in points.
    static func stacks(_ lines: [[Run]]) -> [PageRule] {
        let thickest = Int((maximumThickness * scale).rounded(.up))
        struct Open { var first: Int; var last: Int; var lower: Int; var upper: Int; var seen: Bool }
        var open: [Open] = []
        var rules: [PageRule] = []
        func close(_ o: Open) {
            guard o.last - o.first + 1 <= thickest else { return }
            rules.append(PageRule(position: Double(o.first + o.last + 1) / 2 / scale,
                                  lower: Double(o.lower) / scale, upper: Double(o.upper + 1) / scale))
        }
        for (line, runs) in lines.enumerated() {
            if runs.isEmpty && open.isEmpty { continue }
            for k in open.indices { open[k].seen = false }
            for run in runs {
                let (i, j) = (run.first, run.last)
                // Continues a stack when it covers most of it (a rule's rows share their ends).
                if let k = open.firstIndex(where: { o in !o.seen && min(o.upper, j) - max(o.lower, i) >= (max(o.upper, j) - min(o.lower, i)) * 8 / 10 }) {
                    open[k].last = line; open[k].seen = true
                    open[k].lower = min(open[k].lower, i); open[k].upper = max(open[k].upper, j)
                } else {
                    open.append(Open(first: line, last: line, lower: i, upper: j, seen: true))
                }
            }
            var kept: [Open] = []
            for o in open { if o.seen { kept.append(o) } else { close(o) } }
            open = kept
        }
        open.forEach(close)
        return rules
    }
}
