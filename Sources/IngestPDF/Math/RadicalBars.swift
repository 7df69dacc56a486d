import CPoppler

/// The page's rules the math reader needs (`MathInk`), reached from `PageFormulas` as
/// `RadicalBars(page:).end`.
struct RadicalBars {
    let page: PopplerPageRef
    /// One page's findings, shared by every reading of its formulas (a display is read whole,
    /// then cell by cell: each rendering costs a drawing of the page).
    let seen = MathInk.Seen()
    var end: MathInk { MathInk(page: page, seen: seen) }
}

/// A rule of a formula (points, y downwards): its middle and its ends.
struct MathRule: Sendable, Equatable {
    var y: Double, x0: Double, x1: Double
    var length: Double { x1 - x0 }
}

/// What only the page's drawing tells: where a root's bar ends and whether a fraction's bar lies
/// between two stacked rows. Poppler-glib gives no paths, so both are found on a rendering of a
/// thin band of the page. Without a page (`MathInk.none`) nothing is seen: no root bar, and no
/// stacked rows are ever a fraction.
struct MathInk {
    let page: PopplerPageRef?
    /// What was already found on this page, by the box looked at.
    var seen: Seen? = nil
    /// The rules of the formula being read, once found (`rules(…)` over its box).
    var drawn: [MathRule] = []

    /// Findings by the box they were looked for in (points, rounded to a hundredth).
    final class Seen {
        var ends: [[Int]: Double?] = [:]
        var rules: [[Int]: [MathRule]] = [:]
        /// The page's glyphs (`PageFormulas` sets them): the strokes of those not in a formula
        /// (a line above or below reaching into its box) are no rules of it.
        var glyphs: [MathGlyph] = []
        /// The page drawn once, at `scale`, as cairo's record of its drawing (`cairo_surface_t`),
        /// which each band replays: poppler makes every font of the page again for each drawing
        /// it is asked for (a page of inline formulas asked for dozens of bands, ≈ 10 % of a
        /// LaTeX manual's run).
        private var recording: OpaquePointer?
        private var recorded = false

        func drawing(of page: PopplerPageRef) -> OpaquePointer? {
            guard !recorded else { return recording }
            recorded = true
            guard let surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR, nil) else { return nil }
            guard let cr = cairo_create(surface) else { cairo_surface_destroy(surface); return nil }
            // (White first, as on a band drawn directly: the record replays onto white the same
            // operations, in the same order, at the same scale.)
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_paint(cr)
            cairo_scale(cr, MathInk.scale, MathInk.scale)
            page.draw(on: cr)
            cairo_destroy(cr)
            recording = surface
            return surface
        }

        deinit { if let recording { cairo_surface_destroy(recording) } }
    }

    static func key(_ values: Double...) -> [Int] { values.map { Int(($0 * 100).rounded()) } }
    static var none: MathInk { MathInk(page: nil) }
    static let scale = 4.0

    /// Where a root's bar ends: the topmost ink just right of the `√` glyph's box, at its bottom
    /// edge, followed rightwards until the ink stops.
    func callAsFunction(_ root: MathGlyph) -> Double? {
        let key = Self.key(root.x0, root.y0, root.x1, root.y1)
        if let known = seen?.ends[key] { return known }
        let end = rootEnd(root)
        seen?.ends[key] = .some(end)
        return end
    }

    private func rootEnd(_ root: MathGlyph) -> Double? {
        // Computer Modern's `√` hangs from its bar, which poppler's box puts at the box's bottom
        // edge (measured: within half a point of it, text and display sizes alike).
        // The extension font's bigger signs (`p`…`s` in Latin Modern) have their box at their
        // top, where their bar is.
        let top = root.font == .extensible ? root.y0 - 2 : root.y1 - 2
        guard let band = Band(page, left: root.x1 - 1.5, top: top, width: 400, height: 5, seen: seen) else { return nil }
        // The bar's row: the topmost ink half a point right of the glyph's edge.
        let probe = Int(2.0 * Self.scale)
        guard let row = (0..<band.height).first(where: { y in band.ink(probe, y) }) else { return nil }
        let end = band.left + Double(band.runEnd(from: probe, rows: row - 1...row + 1)) / Self.scale
        return end > root.x1 + 1 ? end : nil
    }

    /// The thin horizontal rules drawn between `top` and `bottom` (y) from `left` to `right`, at
    /// least `shortest` points long and at most 1.5 pt thick: fraction bars. (A glyph's strokes
    /// are rules too: the caller keeps out the boxes of glyphs it knows are no bar.)
    func rules(left: Double, right: Double, top: Double, bottom: Double, shortest: Double) -> [MathRule] {
        let key = Self.key(left, right, top, bottom, shortest)
        if let known = seen?.rules[key] { return known }
        let found = drawnRules(left: left, right: right, top: top, bottom: bottom, shortest: shortest)
        seen?.rules[key] = found
        return found
    }

    private func drawnRules(left: Double, right: Double, top: Double, bottom: Double, shortest: Double) -> [MathRule] {
        guard bottom - top > 0.2, right - left > 0.5,
              let band = Band(page, left: left, top: top, width: right - left, height: bottom - top, seen: seen) else { return [] }
        let minimum = Int((shortest * Self.scale).rounded(.down))
        struct Open { var first, last, x0, x1: Int; var seen: Bool }
        var open: [Open] = [], found: [MathRule] = []
        func close(_ o: Open) {
            guard Double(o.last - o.first + 1) <= 1.5 * Self.scale else { return }
            found.append(MathRule(y: band.top + Double(o.first + o.last + 1) / 2 / Self.scale,
                                  x0: band.left + Double(o.x0) / Self.scale, x1: band.left + Double(o.x1 + 1) / Self.scale))
        }
        // (A row's ink read once into `row`, two blank cells past its end: a band has tens of
        // thousands of pixels, each asked up to three times.)
        let width = band.width
        var row = [Bool](repeating: false, count: width + 2)
        for y in 0...band.height {
            var runs: [(Int, Int)] = []
            if y < band.height, band.inkRow(y, into: &row) {
                var x = 0
                while x < width {
                    guard row[x] else { x += 1; continue }
                    // (A pixel or two paler than ink inside a rule is anti-aliasing: bridged.)
                    let start = x
                    var end = x
                    while x < width, row[x] || row[x + 1] || row[x + 2] {
                        if row[x] { end = x }
                        x += 1
                    }
                    if end + 1 - start >= minimum { runs.append((start, end)) }
                    x = end + 1
                }
            }
            for k in open.indices { open[k].seen = false }
            for (i, j) in runs {
                // A rule's rows share most of their length (a glyph touching it lengthens one).
                if let k = open.firstIndex(where: { o in !o.seen && min(o.x1, j) - max(o.x0, i) >= (max(o.x1, j) - min(o.x0, i)) * 8 / 10 }) {
                    open[k].last = y; open[k].seen = true; open[k].x0 = min(open[k].x0, i); open[k].x1 = max(open[k].x1, j)
                } else {
                    open.append(Open(first: y, last: y, x0: i, x1: j, seen: true))
                }
            }
            open.filter { !$0.seen }.forEach(close)
            open.removeAll { !$0.seen }
        }
        return found
    }

    /// A rendered piece of the page, white where nothing is drawn.
    final class Band {
        let left: Double, top: Double
        let width: Int, height: Int
        private let pixels: [UInt8]

        init?(_ page: PopplerPageRef?, left: Double, top: Double, width: Double, height: Double, seen: Seen? = nil) {
            guard let page else { return nil }
            let width = min(page.size.width - left, width)
            guard width > 2, height > 0.2 else { return nil }
            let pw = Int((width * MathInk.scale).rounded(.up)), ph = Int((height * MathInk.scale).rounded(.up))
            guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(pw), Int32(ph)) else { return nil }
            defer { cairo_surface_destroy(surface) }
            guard let cr = cairo_create(surface) else { return nil }
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_paint(cr)
            if let drawing = seen?.drawing(of: page) {
                // The page's record, moved to the band (device pixels: the record is at `scale`).
                cairo_set_source_surface(cr, drawing, -left * MathInk.scale, -top * MathInk.scale)
                cairo_paint(cr)
            } else {
                cairo_scale(cr, MathInk.scale, MathInk.scale)
                cairo_translate(cr, -left, -top)
                page.draw(on: cr)
            }
            cairo_destroy(cr)
            cairo_surface_flush(surface)
            guard let data = cairo_image_surface_get_data(surface) else { return nil }
            let stride = Int(cairo_image_surface_get_stride(surface))
            // (Green of each pixel, written without a bounds check per pixel.)
            let grey = [UInt8](unsafeUninitializedCapacity: pw * ph) { out, count in
                for y in 0..<ph {
                    let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                    let line = out.baseAddress! + y * pw
                    for x in 0..<pw { line[x] = UInt8(truncatingIfNeeded: row[x] >> 8) }
                }
                count = pw * ph
            }
            (self.left, self.top, self.width, self.height, pixels) = (left, top, pw, ph, grey)
        }

        func ink(_ x: Int, _ y: Int) -> Bool {
            guard x >= 0, x < width, y >= 0, y < height else { return false }
            return pixels[y * width + x] < 200
        }

        /// Row `y`'s `ink` into `row[0..<width]` (`row` holds at least `width` cells); whether
        /// any pixel of it is ink.
        func inkRow(_ y: Int, into row: inout [Bool]) -> Bool {
            var any = false
            pixels.withUnsafeBufferPointer { p in
                row.withUnsafeMutableBufferPointer { r in
                    let base = y * width
                    for x in 0..<width {
                        let inked = p[base + x] < 200
                        r[x] = inked
                        any = any || inked
                    }
                }
            }
            return any
        }

        /// The pixel after the last one of the ink run through `rows` from column `x` rightwards
        /// (one- and two-pixel gaps bridged).
        func runEnd(from x: Int, rows: ClosedRange<Int>) -> Int {
            var x = x, blank = 0
            while x < width {
                if rows.contains(where: { ink(x, $0) }) { blank = 0 } else { blank += 1; if blank > 2 { break } }
                x += 1
            }
            return x - blank
        }
    }
}
