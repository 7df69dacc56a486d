import CPoppler

// Every selection poppler-glib makes on a page with right-to-left lines can miss a line: three
// Arabic lines through pandoc and LibreOffice give two, in any selection (whole page from each
// corner, band by band), where `pdftotext` reads all three. What is drawn tells: a band of ink
// the height of a line that no text box and no image covers.

extension PopplerPageRef {
    /// Whether the page's own content (annotations hidden) draws a band of ink 4 to 40 pt high
    /// where none of its text boxes (both readings, `RightToLeft.union`) nor images lie.
    func hasInkWithoutText() -> Bool {
        let (w, h) = size
        let pw = Int32(max(1, min(3000, w.rounded(.up)))), ph = Int32(max(1, min(3000, h.rounded(.up))))
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, pw, ph) else { return false }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return false }
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        withAnnotationsHidden { draw(on: cr) }
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return false }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var inked = [Bool](repeating: false, count: Int(ph))
        for y in 0..<Int(ph) {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<Int(pw) where (row[x] >> 8) & 0xFF < 128 { inked[y] = true; break }   // green below half: ink
        }
        let covered = textBoxes().map { (min($0.y1, $0.y2), max($0.y1, $0.y2)) } + imageRects().map { ($0.y0, $0.y1) }
        return LostLines.uncoveredBand(inked, covered: covered)
    }
}

enum LostLines {
    /// Whether a run of inked rows (1 pt each) 4 to 40 rows high overlaps none of `covered`.
    static func uncoveredBand(_ inked: [Bool], covered: [(Double, Double)]) -> Bool {
        var y = 0
        while y < inked.count {
            guard inked[y] else { y += 1; continue }
            var end = y
            while end < inked.count && inked[end] { end += 1 }
            let top = Double(y), bottom = Double(end)
            if (4...40).contains(end - y), !covered.contains(where: { $0.0 < bottom && $0.1 > top }) { return true }
            y = end
        }
        return false
    }
}
