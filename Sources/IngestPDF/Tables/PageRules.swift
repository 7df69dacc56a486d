import CPoppler
import CPopplerPaths
import IngestCore
import Synchronization

/// The long thin rules of a page, found on a rendering.
///
/// Why a bitmap: a table's rules reach the page in many forms — stroked lines, thin filled
/// rectangles (`\hline`), rectangles per cell side (LibreOffice), under any CTM and clip.
/// Drawing the page (poppler's own cairo drawing, the same pixels a reader sees) and taking runs
/// of ink that are long and at most a couple of points thick sees them all alike, whatever
/// operators drew them. Text is not a rule: glyph strokes are short, and the rows of a word stack
/// into blobs thicker than any rule; so only the page's paths are drawn (`Drawing.paths`), unless
/// its glyphs may be rules or it paints what that drawing leaves out.
enum PageRules {
    /// Pixels per point: 0.4 pt rules, anti-aliased, still leave pixels dark enough at 2. At 1,
    /// the serifs and x-heights of a line of small words blur into thin runs taken for rules
    /// (ColumnRegionsTests' unruled tabular lost its first column), though it costs 4 times fewer pixels.
    static let scale = 2.0
    /// Shortest and thickest rule, in points (a scanned page's are the same).
    static let minimumLength = InkRules.minimumLength, maximumThickness = InkRules.maximumThickness

    /// What is drawn for the rules. Rendering the page whole (poppler's cairo output) composited
    /// every glyph: on gnuplot.pdf's rendered pages half the cost of the rendering, for ink that is
    /// no rule. `paths` draws the page's stroked and filled paths alone, with poppler's own
    /// transformation, clip, line widths and colours (CPopplerPaths), the same pixels where no
    /// glyph was; the page is rendered whole when it paints what that pass does not draw (an
    /// image, Type 3 text, a shading: see there) or when the page's libpoppler objects cannot be
    /// reached. Glyphs that may be rules are for the caller to tell (`GlyphRules`).
    enum Drawing: Sendable { case paths, everything }

    /// The horizontal and vertical rules of the page between `top` and `bottom` (points), read
    /// from what `drawing` draws.
    static func find(on page: PopplerPageRef, from top: Double, to bottom: Double,
                     drawing: Drawing = .everything) -> (horizontal: [PageRule], vertical: [PageRule]) {
        let found = drawnRules(on: page, from: top, to: bottom, drawing: drawing)
        return (found.horizontal, found.vertical)
    }

    /// `find`, and what was drawn: `everything` when asked, or when the paths pass fell back to it.
    static func drawnRules(on page: PopplerPageRef, from top: Double, to bottom: Double,
                           drawing: Drawing) -> (horizontal: [PageRule], vertical: [PageRule], drawn: Drawing) {
        let (w, h) = page.size
        let top = max(0, top), bottom = min(h, bottom)
        guard bottom > top else { return ([], [], drawing) }
        let pw = Int(max(1, min(5000, (w * scale).rounded(.up)))), ph = Int(max(1, min(5000, ((bottom - top) * scale).rounded(.up))))
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, Int32(pw)))
        guard stride > 0 else { return ([], [], drawing) }
        var drawn = drawing
        let found = RenderBuffers.with(bytes: stride * ph) { buffer -> (horizontal: [PageRule], vertical: [PageRule]) in
            guard let surface = cairo_image_surface_create_for_data(buffer, CAIRO_FORMAT_RGB24, Int32(pw), Int32(ph), Int32(stride))
            else { return ([], []) }
            defer { cairo_surface_destroy(surface) }
            guard let cr = cairo_create(surface) else { return ([], []) }
            // Opaque white over everything: what the buffer held before is gone.
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_paint(cr)
            cairo_scale(cr, scale, scale)
            cairo_translate(cr, 0, -top)
            if drawing == .paths {
                switch ingest_page_draw_paths(UnsafeMutableRawPointer(page.handle), UnsafeMutableRawPointer(page.document.handle),
                                              UnsafeMutableRawPointer(cr)) {
                case INGEST_PATHS_DRAWN:
                    break
                case INGEST_PATHS_NONE:
                    // No path, nothing else but text: a white page, no rule.
                    cairo_destroy(cr)
                    return ([], [])
                default:
                    // Partly drawn, or not at all: white again (the pass restored the source),
                    // then the whole rendering.
                    cairo_save(cr)
                    cairo_identity_matrix(cr)
                    cairo_reset_clip(cr)
                    cairo_paint(cr)
                    cairo_restore(cr)
                    page.draw(on: cr)
                    drawn = .everything
                }
            } else {
                page.draw(on: cr)
            }
            cairo_destroy(cr)
            cairo_surface_flush(surface)
            guard let data = cairo_image_surface_get_data(surface) else { return ([], []) }
            return rules(UnsafeRawPointer(data), stride: Int(cairo_image_surface_get_stride(surface)), width: pw, height: ph)
        }
        // Rules cut by the band's edges are kept (a table taller than its band still meets them).
        let horizontal = found.horizontal.map { PageRule(position: $0.position + top, lower: $0.lower, upper: $0.upper) }
        let vertical = found.vertical.map { PageRule(position: $0.position, lower: $0.lower + top, upper: $0.upper + top) }
        return (horizontal, vertical, drawn)
    }

    static let measures = InkRules.Measures(scale: scale, minimumLength: minimumLength, maximumThickness: maximumThickness)

    /// The rules of an RGB24 image (cairo's layout: one UInt32 per pixel, `stride` bytes a row), in
    /// points from its top-left corner. Ink is a pixel darker than ~7/8 white: an anti-aliased
    /// hairline counts, a light cell shade does not. Testing each pixel for both directions in turn
    /// took 10 % of a run on gnuplot.pdf's 81 rendered pages, more than rendering them: each row is
    /// turned into ink bits once (`InkRules` reads both directions from them).
    static func rules(_ data: UnsafeRawPointer, stride: Int, width: Int, height: Int) -> (horizontal: [PageRule], vertical: [PageRule]) {
        InkRules.rules(width: width, height: height, measures) { y, bits in
            InkBits.read((data + y * stride).assumingMemoryBound(to: UInt32.self), width: width, into: bits)
        }
    }

    /// A row of pixels as ink bits: bit `x % 64` of word `x / 64` is pixel x; bits past the width are 0.
    enum InkBits {
        /// Most of a rendered page is white: 64 pixels that are all white (checked two at a time,
        /// a loop the compiler vectorises) make a zero word without looking at each. The others
        /// (a text line's rows: most of a LaTeX page's at 2 pixels a point) are read 16 pixels at
        /// a time, `lum < 2240` as the sign bit of `lum - 2240` (lum is at most 2550): three
        /// times faster than a pixel at a time, the same bits for every colour (checked on all
        /// 2^24, `PageRulesTests.testInkBitsOfEveryColour`).
        static func read(_ row: UnsafePointer<UInt32>, width: Int, into bits: UnsafeMutableBufferPointer<UInt64>) {
            let raw = UnsafeRawPointer(row)
            let white: UInt64 = 0x00FF_FFFF_00FF_FFFF
            let lanes = SIMD16<UInt32>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
            for w in 0..<bits.count {
                let base = w << 6, n = min(64, width - base)
                if n == 64 {
                    var all = UInt64.max
                    for i in 0..<32 { all &= raw.loadUnaligned(fromByteOffset: (base + 2 * i) * 4, as: UInt64.self) }
                    if all & white == white { bits[w] = 0; continue }
                    var word: UInt64 = 0
                    for k in 0..<4 {
                        let p = raw.loadUnaligned(fromByteOffset: (base + 16 * k) * 4, as: SIMD16<UInt32>.self)
                        let lum = ((p &>> 16) & 0xFF) &* 3 &+ ((p &>> 8) & 0xFF) &* 6 &+ (p & 0xFF)
                        word |= UInt64((((lum &- 2240) &>> 31) &<< lanes).wrappedSum()) &<< UInt64(16 * k)
                    }
                    bits[w] = word
                    continue
                }
                var word: UInt64 = 0
                for i in 0..<n {
                    let p = row[base + i]
                    // Luminance (3 R + 6 G + B) / 10 under 224.
                    let lum = ((p >> 16) & 0xFF) &* 3 &+ ((p >> 8) & 0xFF) &* 6 &+ (p & 0xFF)
                    word |= (lum < 2240 ? 1 : 0) &<< UInt64(i)
                }
                bits[w] = word
            }
        }
    }
}

/// Pixel memory for the renderings the rule finder reads, kept from one page to the next: a
/// fresh surface of a page at 2 pixels a point (≈ 8 MB) was zeroed by the kernel and cleared by
/// cairo before being painted white, on every rendered page. A buffer is lent to one rendering
/// at a time; up to `kept` buffers of at most `largest` bytes wait between pages, and
/// `release` frees them (at the end of a page walk).
enum RenderBuffers {
    static let kept = 4
    static let largest = 16 << 20

    /// An idle buffer. Only its address crosses threads, and only through `idle`'s lock: a buffer
    /// is used by the one thread that took it until it is given back.
    private struct Buffer: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
        let bytes: Int
    }
    private static let idle = Mutex<[Buffer]>([])

    /// Runs `body` with at least `bytes` bytes of pixel memory (its content undefined), 16-byte aligned.
    static func with<T>(bytes: Int, _ body: (UnsafeMutablePointer<UInt8>) -> T) -> T {
        let taken = idle.withLock { buffers -> Buffer? in
            guard let k = buffers.firstIndex(where: { $0.bytes >= bytes }) else { return nil }
            return buffers.remove(at: k)
        }
        let buffer = taken ?? Buffer(pointer: UnsafeMutableRawPointer.allocate(byteCount: max(bytes, 1), alignment: 16), bytes: max(bytes, 1))
        defer {
            let kept = buffer.bytes <= largest && idle.withLock { buffers -> Bool in
                guard buffers.count < Self.kept else { return false }
                buffers.append(buffer)
                return true
            }
            if !kept { buffer.pointer.deallocate() }
        }
        return body(buffer.pointer.assumingMemoryBound(to: UInt8.self))
    }

    /// Frees the idle buffers.
    static func release() {
        let buffers = idle.withLock { buffers -> [Buffer] in defer { buffers.removeAll() }; return buffers }
        for b in buffers { b.pointer.deallocate() }
    }
}
