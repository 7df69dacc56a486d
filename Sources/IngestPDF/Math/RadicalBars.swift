import CPoppler

/// Where a root's bar ends: poppler-glib gives no paths, so the bar is found on a rendering of a
/// thin band at the bottom of the `√` glyph's box: the topmost ink just right of the glyph is the
/// bar, followed rightwards until the ink stops.
struct RadicalBars {
    let page: PopplerPageRef
    static let scale = 4.0

    func end(_ root: MathGlyph) -> Double? {
        // Computer Modern's `√` hangs from its bar, which poppler's box puts at the box's bottom
        // edge (measured: within half a point of it, text and display sizes alike).
        let top = root.y1 - 2, height = 5.0
        let left = root.x1 - 1.5
        let width = min(page.size.width - left, 400)
        guard width > 2, height > 1 else { return nil }
        let pw = Int((width * Self.scale).rounded(.up)), ph = Int((height * Self.scale).rounded(.up))
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(pw), Int32(ph)) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return nil }
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_scale(cr, Self.scale, Self.scale)
        cairo_translate(cr, -left, -top)
        page.draw(on: cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        func ink(_ x: Int, _ y: Int) -> Bool {
            guard x >= 0, x < pw, y >= 0, y < ph else { return false }
            return (UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)[x] >> 8) & 0xFF < 200
        }
        // The bar's row: the topmost ink half a point right of the glyph's edge.
        let probe = Int(2.0 * Self.scale)
        guard let row = (0..<ph).first(where: { y in ink(probe, y) }) else { return nil }
        // Followed right while any of the rows around it has ink (one-pixel gaps bridged).
        var x = probe
        var blank = 0
        while x < pw {
            if (row - 1...row + 1).contains(where: { ink(x, $0) }) { blank = 0 } else { blank += 1; if blank > 2 { break } }
            x += 1
        }
        let end = left + Double(x - blank) / Self.scale
        return end > root.x1 + 1 ? end : nil
    }
}
