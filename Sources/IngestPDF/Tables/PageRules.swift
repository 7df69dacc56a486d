import CPoppler
import Synchronization

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
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, Int32(pw)))
        guard stride > 0 else { return ([], []) }
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
            page.draw(on: cr)
            cairo_destroy(cr)
            cairo_surface_flush(surface)
            guard let data = cairo_image_surface_get_data(surface) else { return ([], []) }
            return rules(UnsafeRawPointer(data), stride: Int(cairo_image_surface_get_stride(surface)), width: pw, height: ph)
        }
        // Rules cut by the band's edges are kept (a table taller than its band still meets them).
        let horizontal = found.horizontal.map { PageRule(position: $0.position + top, lower: $0.lower, upper: $0.upper) }
        let vertical = found.vertical.map { PageRule(position: $0.position, lower: $0.lower + top, upper: $0.upper + top) }
        return (horizontal, vertical)
    }

    /// The rules of an RGB24 image (cairo's layout: one UInt32 per pixel, `stride` bytes a row), in
    /// points from its top-left corner. Ink is a pixel darker than ~7/8 white: an anti-aliased
    /// hairline counts, a light cell shade does not.
    ///
    /// One pass over the pixels, row after row, turns each row into a bit per pixel; runs along
    /// the row are then read from those bits a word at a time, and runs down the columns from where a row's bits differ from the row above (a column's run starts where
    /// ink appears and ends where it stops). Testing each pixel for both directions in turn took 10 %
    /// of a run on gnuplot.pdf's 81 rendered pages, more than rendering them.
    static func rules(_ data: UnsafeRawPointer, stride: Int, width: Int, height: Int) -> (horizontal: [PageRule], vertical: [PageRule]) {
        let minimum = Int(minimumLength * scale)
        let words = (width + 63) / 64
        var rows = [[Run]](repeating: [], count: height)
        var columns = [[Run]](repeating: [], count: width)
        var columnStart = [Int](repeating: 0, count: width)
        var above = [UInt64](repeating: 0, count: words), current = above
        for y in 0..<height {
            let row = (data + y * stride).assumingMemoryBound(to: UInt32.self)
            current.withUnsafeMutableBufferPointer { bits in InkBits.read(row, width: width, into: bits) }
            InkBits.runs(current, width: width, minimum: minimum) { rows[y].append($0) }
            columnStart.withUnsafeMutableBufferPointer { starts in
                for w in 0..<words {
                    let now = current[w], before = above[w]
                    var appearing = now & ~before, stopping = before & ~now
                    while appearing != 0 {
                        starts[w << 6 | appearing.trailingZeroBitCount] = y
                        appearing &= appearing &- 1
                    }
                    while stopping != 0 {
                        let x = w << 6 | stopping.trailingZeroBitCount
                        if y - starts[x] >= minimum { columns[x].append(Run(first: starts[x], last: y - 1)) }
                        stopping &= stopping &- 1
                    }
                }
            }
            swap(&above, &current)
        }
        for w in 0..<words {
            var open = above[w]
            while open != 0 {
                let x = w << 6 | open.trailingZeroBitCount
                if height - columnStart[x] >= minimum { columns[x].append(Run(first: columnStart[x], last: height - 1)) }
                open &= open &- 1
            }
        }
        return (stacks(rows), stacks(columns))
    }

    /// A row of pixels as ink bits: bit `x % 64` of word `x / 64` is pixel x; bits past the width are 0.
    enum InkBits {
        /// Most of a rendered page is white: 64 pixels that are all white (checked two at a time,
        /// a loop the compiler vectorises) make a zero word without looking at each.
        static func read(_ row: UnsafePointer<UInt32>, width: Int, into bits: UnsafeMutableBufferPointer<UInt64>) {
            let raw = UnsafeRawPointer(row)
            let white: UInt64 = 0x00FF_FFFF_00FF_FFFF
            for w in 0..<bits.count {
                let base = w << 6, n = min(64, width - base)
                if n == 64 {
                    var all = UInt64.max
                    for i in 0..<32 { all &= raw.loadUnaligned(fromByteOffset: (base + 2 * i) * 4, as: UInt64.self) }
                    if all & white == white { bits[w] = 0; continue }
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

        /// The runs of set bits at least `minimum` long, in order.
        static func runs(_ bits: [UInt64], width: Int, minimum: Int, _ found: (Run) -> Void) {
            var x = 0
            while let first = next(bits, from: x, ink: true, width: width) {
                let end = next(bits, from: first, ink: false, width: width) ?? width
                if end - first >= minimum { found(Run(first: first, last: end - 1)) }
                x = end
            }
        }

        /// The first pixel from `x` on that is (or is not) ink; nil when none is before `width`.
        static func next(_ bits: [UInt64], from x: Int, ink: Bool, width: Int) -> Int? {
            guard x < width else { return nil }
            var w = x >> 6
            var word = (ink ? bits[w] : ~bits[w]) & (~0 << UInt64(x & 63))
            while word == 0 {
                w += 1
                guard w < bits.count else { return nil }
                word = ink ? bits[w] : ~bits[w]
            }
            let found = w << 6 | word.trailingZeroBitCount
            return found < width ? found : nil
        }
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
