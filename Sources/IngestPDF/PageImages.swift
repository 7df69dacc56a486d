import CPoppler
import Foundation

/// A rectangle in page points (y grows downwards).
struct PageRect: Sendable, Equatable {
    var x0: Double, y0: Double, x1: Double, y1: Double
}

/// The page cut into cells, to tell where images lie against the text: a cell is *text* when a
/// text line lies on it or in a neighbouring cell (the gaps between lines and words are text
/// area too), *image* when its centre is inside an image.
struct PageGrid: Sendable {
    static let columns = 24, rows = 32
    let width: Double, height: Double
    private(set) var text: [Bool]
    /// No text line at all was given (with or without a box).
    let isBare: Bool

    init(lines: [TextLine], width: Double, height: Double) {
        self.width = width; self.height = height
        isBare = lines.isEmpty
        var cells = [Bool](repeating: false, count: Self.columns * Self.rows)
        if width > 0, height > 0 {
            for line in lines where line.hasGeometry {
                let c0 = Self.clamp(Int(line.x0 / width * Double(Self.columns)) - 1, Self.columns)
                let c1 = Self.clamp(Int(line.x1 / width * Double(Self.columns)) + 1, Self.columns)
                let r0 = Self.clamp(Int(line.y0 / height * Double(Self.rows)) - 1, Self.rows)
                let r1 = Self.clamp(Int(line.y1 / height * Double(Self.rows)) + 1, Self.rows)
                guard c0 <= c1, r0 <= r1 else { continue }
                for r in r0...r1 { for c in c0...c1 { cells[r * Self.columns + c] = true } }
            }
        }
        text = cells
    }

    private static func clamp(_ v: Int, _ n: Int) -> Int { min(max(v, 0), n - 1) }

    /// Share of the page with no text on or beside it.
    var freeShare: Double { Double(text.lazy.filter { !$0 }.count) / Double(text.count) }

    /// Whether an image without text over it could cover `share` of the page: the text lies in
    /// a small part of the page (a scan with a typed header), or the box that holds the text has
    /// an empty rectangle that large in it (a figure, a pasted scan). Margins alone are not room:
    /// a page of typeset text has wide empty margins and nothing else.
    func hasRoom(for share: Double) -> Bool {
        var r0 = Self.rows, r1 = -1, c0 = Self.columns, c1 = -1
        for r in 0..<Self.rows {
            for c in 0..<Self.columns where text[r * Self.columns + c] {
                r0 = min(r0, r); r1 = max(r1, r); c0 = min(c0, c); c1 = max(c1, c)
            }
        }
        guard r1 >= r0 else { return true }
        let total = Double(Self.rows * Self.columns)
        if Double((r1 - r0 + 1) * (c1 - c0 + 1)) / total <= 2 * share { return true }
        // The largest empty rectangle inside that box (row by row, heights of empty runs).
        var heights = [Int](repeating: 0, count: c1 - c0 + 1)
        var best = 0
        for r in r0...r1 {
            for c in c0...c1 { heights[c - c0] = text[r * Self.columns + c] ? 0 : heights[c - c0] + 1 }
            var stack: [Int] = []
            for i in 0...heights.count {
                let h = i < heights.count ? heights[i] : 0
                while let top = stack.last, heights[top] >= h {
                    stack.removeLast()
                    let width = stack.last.map { i - $0 - 1 } ?? i
                    best = max(best, heights[top] * width)
                }
                stack.append(i)
            }
        }
        return Double(best) / total >= share / 2
    }

    /// The cells whose centre lies in one of `rects` and that have no text.
    func textlessCells(under rects: [PageRect]) -> [Int] {
        guard !rects.isEmpty else { return [] }
        var out: [Int] = []
        for r in 0..<Self.rows {
            let y = (Double(r) + 0.5) / Double(Self.rows) * height
            for c in 0..<Self.columns where !text[r * Self.columns + c] {
                let x = (Double(c) + 0.5) / Double(Self.columns) * width
                if rects.contains(where: { x >= $0.x0 && x <= $0.x1 && y >= $0.y0 && y <= $0.y1 }) {
                    out.append(r * Self.columns + c)
                }
            }
        }
        return out
    }
}

extension PopplerPageRef {
    /// The rectangles of the page's images, clipped to the page.
    func imageRects() -> [PageRect] {
        let (w, h) = size
        guard w > 0, h > 0 else { return [] }
        var rects: [PageRect] = []
        for area in imageAreas() {
            let r = PageRect(x0: max(0, min(area.x1, area.x2)), y0: max(0, min(area.y1, area.y2)),
                             x1: min(w, max(area.x1, area.x2)), y1: min(h, max(area.y1, area.y2)))
            if r.x1 > r.x0 && r.y1 > r.y0 { rects.append(r) }
        }
        return rects
    }

    /// Where the page's images lie against its text (`grid`). Images are listed by a second pass
    /// over the page, and the cells of images without text over them are rendered small to see
    /// whether they hold marks.
    func imageFacts(grid: PageGrid) -> ImageFacts {
        let (w, h) = size
        let rects = imageRects()
        guard !rects.isEmpty, w > 0, h > 0 else { return .none }
        var facts = ImageFacts()
        facts.coverage = min(1, rects.reduce(0) { $0 + ($1.x1 - $1.x0) * ($1.y1 - $1.y0) } / (w * h))
        let cells = grid.textlessCells(under: rects)
        let total = Double(PageGrid.columns * PageGrid.rows)
        facts.textless = Double(cells.count) / total
        // A page without any text line or annotation (a plain scan) is classified by its images'
        // coverage alone (`PageClassifier`: under `thinText` characters, and no field or comment
        // text to add): its marks are not drawn — the drawing decodes the page's whole image, 0.05 s
        // for a 300-dpi JPEG page, 0.12 s for a Flate one, before OCR can start (issue 38).
        let bare = grid.isBare && annotations().isEmpty && formFields().isEmpty
        if facts.textless >= PageClassifier.markedImageShare, !bare {
            facts.textlessMarked = Double(markedCells(cells).count) / total
        }
        return facts
    }

    /// Of `cells`, those that show marks: rendered at 10×10 pixels a cell, a cell with marks has
    /// pixels well away from its mean (ink on paper, edges of a drawing or a photo); a plain,
    /// shaded or dark background does not.
    func markedCells(_ cells: [Int], cellPixels: Int = 10) -> [Int] {
        let (w, h) = size
        let pw = PageGrid.columns * cellPixels, ph = PageGrid.rows * cellPixels
        guard !cells.isEmpty, w > 0, h > 0,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(pw), Int32(ph)) else { return [] }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else { return [] }
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_scale(cr, Double(pw) / w, Double(ph) / h)
        draw(on: cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return [] }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var marked: [Int] = []
        var luma = [Int](repeating: 0, count: cellPixels * cellPixels)
        for cell in cells {
            let r = cell / PageGrid.columns, c = cell % PageGrid.columns
            var sum = 0, lo = 255, hi = 0, k = 0
            for y in (r * cellPixels)..<((r + 1) * cellPixels) {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in (c * cellPixels)..<((c + 1) * cellPixels) {
                    let v = row[x]
                    let red = Int((v >> 16) & 0xFF), green = Int((v >> 8) & 0xFF), blue = Int(v & 0xFF)
                    let l = (red * 299 + green * 587 + blue * 114) / 1000
                    luma[k] = l; k += 1
                    sum += l; lo = min(lo, l); hi = max(hi, l)
                }
            }
            guard hi - lo >= 80 else { continue }
            let mean = sum / k
            let away = luma.prefix(k).lazy.filter { abs($0 - mean) > 40 }.count
            if away * 20 >= k { marked.append(cell) }     // 5 % of the cell
        }
        return marked
    }
}
