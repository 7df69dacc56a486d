import CPoppler

/// Where a page draws something that is not its text: the page rendered at one pixel a point,
/// every text line's box wiped out, what is left gathered in cells of `cell` points.
///
/// Why a rendering: poppler-glib gives no paths, and a figure reaches the page as an image, as
/// strokes and fills, or both, under any clip (see `PageRules`). The rendering sees all alike.
struct PageInk: Sendable {
    static let cell = 3.0
    let columns: Int, rows: Int
    /// Cells holding ink outside text lines.
    private(set) var cells: [Bool]
    /// The same at one pixel a point (`width` pixels a row), to give regions their exact edges.
    private let pixels: [Bool]
    private let width: Int

    init(columns: Int, rows: Int, cells: [Bool], pixels: [Bool], width: Int) {
        self.columns = columns; self.rows = rows; self.cells = cells; self.pixels = pixels; self.width = width
    }

    subscript(column: Int, row: Int) -> Bool { cells[row * columns + column] }

    /// The page's non-text ink (text lines of `lines` wiped with a point of margin).
    static func read(_ page: PopplerPageRef, lines: [TextLine]) -> PageInk? {
        let (w, h) = page.size
        guard w > 0, h > 0, w * h <= 25_000_000 else { return nil }
        let pw = Int(w.rounded(.up)), ph = Int(h.rounded(.up))
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(pw), Int32(ph)) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else { return nil }
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        page.draw(on: cr)
        // Text is not a figure's mark: its boxes painted white (labels inside a drawing too; the
        // strokes around them keep the drawing whole).
        cairo_set_source_rgb(cr, 1, 1, 1)
        for line in lines where line.hasGeometry && line.origin == .content {
            cairo_rectangle(cr, line.x0 - 1, line.y0 - 1, line.x1 - line.x0 + 2, line.y1 - line.y0 + 2)
        }
        cairo_fill(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let columns = Int((w / cell).rounded(.up)), rows = Int((h / cell).rounded(.up))
        var cells = [Bool](repeating: false, count: columns * rows)
        var pixels = [Bool](repeating: false, count: pw * ph)
        let step = Int(cell)
        for y in 0..<ph {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            let r = min(rows - 1, y / step)
            for x in 0..<pw {
                let p = row[x]
                // Below ~7/8 white: a light shade of a photo's sky counts, paper does not.
                let lum = (Int((p >> 16) & 0xFF) * 3 + Int((p >> 8) & 0xFF) * 6 + Int(p & 0xFF)) / 10
                if lum < 224 { cells[r * columns + min(columns - 1, x / step)] = true; pixels[y * pw + x] = true }
            }
        }
        return PageInk(columns: columns, rows: rows, cells: cells, pixels: pixels, width: pw)
    }

    /// The boxes (points) of groups of ink cells no farther than `reach` cells apart.
    func regions(reach: Int = 2) -> [PageRect] {
        var label = [Int](repeating: -1, count: cells.count)
        var boxes: [PageRect] = []
        var stack: [Int] = []
        for start in cells.indices where cells[start] && label[start] < 0 {
            let id = boxes.count
            label[start] = id
            stack.append(start)
            var c0 = columns, c1 = -1, r0 = rows, r1 = -1
            while let i = stack.popLast() {
                let r = i / columns, c = i % columns
                c0 = min(c0, c); c1 = max(c1, c); r0 = min(r0, r); r1 = max(r1, r)
                for rr in max(0, r - reach)...min(rows - 1, r + reach) {
                    for cc in max(0, c - reach)...min(columns - 1, c + reach) {
                        let j = rr * columns + cc
                        if cells[j] && label[j] < 0 { label[j] = id; stack.append(j) }
                    }
                }
            }
            boxes.append(exact(c0: c0, c1: c1, r0: r0, r1: r1))
        }
        return boxes
    }

    /// The box of the ink pixels in cells `c0...c1` × `r0...r1`.
    private func exact(c0: Int, c1: Int, r0: Int, r1: Int) -> PageRect {
        let step = Int(Self.cell), height = pixels.count / max(1, width)
        let xs = (c0 * step)..<min(width, (c1 + 1) * step), ys = (r0 * step)..<min(height, (r1 + 1) * step)
        var x0 = xs.upperBound, x1 = xs.lowerBound - 1, y0 = ys.upperBound, y1 = ys.lowerBound - 1
        for y in ys {
            for x in xs where pixels[y * width + x] {
                x0 = min(x0, x); x1 = max(x1, x); y0 = min(y0, y); y1 = max(y1, y)
            }
        }
        guard x1 >= x0, y1 >= y0 else {
            return PageRect(x0: Double(c0) * Self.cell, y0: Double(r0) * Self.cell, x1: Double(c1 + 1) * Self.cell, y1: Double(r1 + 1) * Self.cell)
        }
        return PageRect(x0: Double(x0), y0: Double(y0), x1: Double(x1 + 1), y1: Double(y1 + 1))
    }
}
