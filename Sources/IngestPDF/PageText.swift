import CPoppler
import Foundation

/// One text line of a page as poppler's layout analysis orders it, with its box in points
/// (y grows downwards) and its mean glyph height, which stands in for the font size.
struct TextLine: Sendable, Equatable {
    var text: String
    // Kept as Float (a page's coordinates need no more than 1/100 pt): a long book holds tens of
    // thousands of lines until its blocks are made, 48 bytes each instead of 72.
    private var left: Float, top: Float, right: Float, bottom: Float, height: Float
    /// False when poppler gave no usable geometry (the line then stands alone).
    var hasGeometry: Bool
    /// The largest font size of the line's glyphs (poppler's text attributes; 0 when unknown):
    /// what the heading rule checks glyph heights against (a typewriter font's boxes are taller).
    var fontSize: Float = 0
    /// Where the line's text is stored: the page's content, or an annotation drawn over it.
    var origin = Origin.content
    /// The second or later line of one field's or annotation's value (the same paragraph).
    var continuesValue = false

    enum Origin: UInt8, Sendable {
        case content, formField, annotation, signature
    }

    init(text: String, x0: Double, y0: Double, x1: Double, y1: Double, glyphHeight: Double, hasGeometry: Bool) {
        self.text = text
        left = Float(x0); top = Float(y0); right = Float(x1); bottom = Float(y1)
        height = Float(glyphHeight)
        self.hasGeometry = hasGeometry
    }

    var x0: Double { Double(left) }
    var y0: Double { Double(top) }
    var x1: Double { Double(right) }
    var y1: Double { Double(bottom) }
    /// Mean glyph height, which stands in for the font size.
    var glyphHeight: Double { Double(height) }

    /// `marker` (a list bullet drawn apart, `BulletLines`) put before the text, the box widened
    /// to take in the bullet's.
    mutating func prepend(_ marker: String, from bullet: TextLine) {
        text = marker + " " + text
        left = min(left, bullet.left); top = min(top, bullet.top); bottom = max(bottom, bullet.bottom)
    }
}

/// What a page yields: its lines in reading order and the counts the classifier needs.
struct PageText: Sendable {
    var lines: [TextLine]
    var width: Double
    var height: Double
    /// The gutters between columns of text, left to right (lines are split at them).
    var gutters: [PageGutter] = []
}

extension PopplerPageRef {
    /// The page's lines in reading order. Poppler's text analysis (the one `pdftotext` runs)
    /// groups glyphs into flows (columns), blocks and lines; `poppler_page_get_text` walks them
    /// flow by flow, so columns come out one after the other. `poppler_page_get_text_layout`
    /// gives one rectangle per character of that same text, from which each line gets its box.
    func textLines() -> PageText {
        let (w, h) = size
        return withText { raw, rects, count in pageText(raw, rects, count, width: w, height: h) }
            ?? PageText(lines: [], width: w, height: h)
    }

    private func pageText(_ raw: UnsafeMutablePointer<gchar>, _ rects: UnsafeMutablePointer<PopplerRectangle>?, _ count: Int,
                       width w: Double, height h: Double) -> PageText {
        let hasLayout = rects != nil
        // String(cString:) validates (and repairs) poppler's UTF-8 once; the walk below then goes
        // over the bytes: one rectangle per scalar, i.e. per byte that is not a continuation byte.
        var text = String(cString: raw)
        return text.withUTF8 { bytes -> PageText in
            var scalarCount = 0
            for b in bytes where b & 0xC0 != 0x80 { scalarCount += 1 }
            // Rectangles map one to one onto the text's characters; if poppler ever disagrees, keep
            // the text and drop the geometry rather than misplace boxes.
            let geometry = hasLayout && Int(count) == scalarCount ? rects : nil
            var builder = LineBuilder()
            builder.current.reserveCapacity(256)
            builder.ink = scriptInk()
            if let geometry {
                let fonts = fontAttributes(scalarCount)
                builder.sizes = fonts.sizes
                builder.superiors = superiorFigures(bytes, geometry, count: scalarCount, fonts: fonts)
                builder.gutters = PageGutter.find(visibleBoxes(bytes, geometry), pageWidth: w, pageHeight: h)
            }
            var index = 0                      // scalar index = rectangle index
            var i = 0
            while i < bytes.count {
                let b = bytes[i]
                let length = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2
                defer { i += length; index += 1 }
                if b == 0x0A { builder.flush(); continue }
                let visible: Bool
                if length == 1 {
                    visible = !(b == 0x20 || (0x09...0x0D).contains(b))
                } else {
                    var v = UInt32(b) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                    for k in 1..<length { v = v << 6 | UInt32(bytes[i + k] & 0x3F) }
                    visible = !(Unicode.Scalar(v)?.properties.isWhitespace ?? false)
                }
                if let geometry, b != 0x20 {
                    builder.place(geometry[index], size: builder.sizes.isEmpty ? 0 : builder.sizes[index], bytes: length,
                                  superior: !builder.superiors.isEmpty && builder.superiors.contains(index))
                }
                for k in i..<(i + length) { builder.current.append(bytes[k]) }
                if visible { builder.hasInk = true }
            }
            builder.flush()
            return PageText(lines: BulletLines.attach(builder.lines), width: w, height: h, gutters: builder.gutters)
        }
    }

    /// Each character's font size and font (a number per font name), from poppler's text
    /// attributes, indexed like the page's text and its rectangles; empty when poppler gives none.
    func fontAttributes(_ count: Int) -> (sizes: [Float], fonts: [UInt16]) {
        if let cached = cachedFontAttributes, cached.count == count { return (cached.sizes, cached.fonts) }
        let found = readFontAttributes(count)
        cachedFontAttributes = (count, found.sizes, found.fonts)
        return found
    }

    /// `SuperiorFigures.find` of the page's text (`count` characters, their boxes and fonts),
    /// found once: the page's lines and its words both ask.
    func superiorFigures(_ bytes: UnsafeBufferPointer<UInt8>, _ rects: UnsafeMutablePointer<PopplerRectangle>, count: Int,
                         fonts: (sizes: [Float], fonts: [UInt16])) -> Set<Int> {
        if let cached = cachedSuperiors, cached.count == count { return cached.found }
        let found = SuperiorFigures.find(bytes, rects, fonts: fonts.fonts, sizes: fonts.sizes)
        cachedSuperiors = (count, found)
        return found
    }

    private func readFontAttributes(_ count: Int) -> (sizes: [Float], fonts: [UInt16]) {
        let runs = textRuns()
        guard !runs.isEmpty else { return ([], []) }
        var sizes = [Float](repeating: 0, count: count), fonts = [UInt16](repeating: 0, count: count)
        var names: [String: UInt16] = [:]
        for run in runs {
            let from = max(0, run.start), to = min(count - 1, run.end)
            guard from <= to else { continue }
            let font = names[run.fontName] ?? UInt16(truncatingIfNeeded: names.count)
            names[run.fontName] = font
            for k in from...to { sizes[k] = Float(run.fontSize); fonts[k] = font }
        }
        return (sizes, fonts)
    }

    /// The boxes of the page's visible characters (not spaces, line breaks or other white space).
    private func visibleBoxes(_ bytes: UnsafeBufferPointer<UInt8>, _ rects: UnsafeMutablePointer<PopplerRectangle>)
        -> [(x0: Double, y0: Double, x1: Double, y1: Double)] {
        var boxes: [(x0: Double, y0: Double, x1: Double, y1: Double)] = []
        boxes.reserveCapacity(bytes.count)
        var index = 0, i = 0
        while i < bytes.count {
            let b = bytes[i]
            let length = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2
            defer { i += length; index += 1 }
            if length == 1 && (b == 0x20 || (0x09...0x0D).contains(b)) { continue }
            if length > 1 {
                var v = UInt32(b) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                for k in 1..<length where i + k < bytes.count { v = v << 6 | UInt32(bytes[i + k] & 0x3F) }
                if Unicode.Scalar(v)?.properties.isWhitespace ?? false { continue }
            }
            let r = rects[index]
            boxes.append((min(r.x1, r.x2), min(r.y1, r.y2), max(r.x1, r.x2), max(r.y1, r.y2)))
        }
        return boxes
    }

    /// Accumulates one line's UTF-8 bytes and box while a page's text is walked.
    private struct LineBuilder {
        var lines: [TextLine] = []
        var current: [UInt8] = []
        var hasInk = false
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        var heightSum = 0.0, glyphs = 0
        var previous: (x1: Double, y0: Double, y1: Double)?
        /// The page's column gutters: a line that crosses one from one glyph to the next is split.
        var gutters: [PageGutter] = []
        /// Each character's font size (see `fontSizes`), and the current line's glyphs.
        var sizes: [Float] = []
        var placed: [LineGlyph] = []
        /// Characters drawn as superior figures of the font (see `SuperiorFigures`).
        var superiors: Set<Int> = []
        /// Where the page draws ink, for glyphs whose box does not say (`LineScripts.settled`).
        var ink: LineScripts.Ink?

        /// Adds the box of the glyph about to be appended. Poppler's selection text runs table
        /// cells and side-by-side blocks of one visual line together ("ContinentAsia"): a wide gap
        /// starts a new line segment, a narrower one without a space gets a space.
        mutating func place(_ r: PopplerRectangle, size: Float, bytes: Int, superior: Bool = false) {
            let gx0 = min(r.x1, r.x2), gx1 = max(r.x1, r.x2), gy0 = min(r.y1, r.y2), gy1 = max(r.y1, r.y2)
            // Poppler also runs the cells of a table's rows together with no line break when each
            // column is a block of its own ("dpkgpopcon", "V:919, I:999size", "5989apt" under a
            // table's header row): a glyph on another row starts a new line — its box overlaps the
            // line's so far by less than a third of the smaller of the two heights (boxes of adjacent
            // rows overlap by a point or two; sub- and superscripts, even stacked as in y₀², lie
            // mostly within the line's box). Only for a line wider than high, and beside it (right
            // of its end, left of its start): vertical writing is left alone.
            if glyphs > 0, x1 - x0 > y1 - y0, gx0 >= x1 - 0.5 || gx1 <= x0 + 0.5,
               PageLines.isOnAnotherRow(glyphTop: gy0, glyphBottom: gy1, lineTop: y0, lineBottom: y1) { flush() }
            if let p = previous, gx0 >= p.x1, gy0 < p.y1, gy1 > p.y0 {
                let gap = gx0 - p.x1, h = max(p.y1 - p.y0, gy1 - gy0)
                if gap > h * 1.5 { flush(keepPrevious: true) }
                else if gutters.contains(where: { p.x1 <= $0.lower + 1 && gx0 >= $0.upper - 1 }) { flush(keepPrevious: true) }
                else if gap > h * 0.3, let last = current.last, last != 0x20 { current.append(0x20) }
            } else if let p = previous {
                // Poppler sometimes runs the last line of one column straight into the first line of
                // the next ("Axiomensystem, 64einfach zusammenhängend, 49"): a glyph that jumps up
                // by more than half a line and to the right starts a new line. Superscripts overlap
                // their base line, so they stay; vertical writing moves left, so it is not split.
                let h = max(p.y1 - p.y0, gy1 - gy0)
                if gy1 < p.y0 - h * 0.5 && gx0 >= p.x1 { flush() }
            }
            previous = (gx1, gy0, gy1)
            if gx0 < x0 { x0 = gx0 }
            if gx1 > x1 { x1 = gx1 }
            if gy0 < y0 { y0 = gy0 }
            if gy1 > y1 { y1 = gy1 }
            heightSum += gy1 - gy0
            glyphs += 1
            if !sizes.isEmpty {
                placed.append(LineGlyph(start: current.count, end: current.count + bytes, x0: Float(gx0), y0: Float(gy0),
                                        x1: Float(gx1), y1: Float(gy1), size: size, superior: superior))
            }
        }

        /// Ends the current line (kept when it has a visible character). A line break also
        /// forgets the previous glyph; a gap split does not.
        mutating func flush(keepPrevious: Bool = false) {
            if hasInk {
                // A line split at a gap or a gutter ends with the space poppler put there.
                while current.last == 0x20 { current.removeLast() }
                if placed.count >= 2, !RightToLeft.mayNeedReordering(current),
                   let rewritten = LineScripts.rewrite(current, glyphs: placed, ink: ink) { current = rewritten }
                var text = String(decoding: current, as: UTF8.self)
                if RightToLeft.mayNeedReordering(current) { text = RightToLeft.logicalWordOrder(text) }
                if glyphs > 0 {
                    lines.append(TextLine(text: text, x0: x0, y0: y0, x1: x1, y1: y1,
                                          glyphHeight: heightSum / Double(glyphs), hasGeometry: true))
                    lines[lines.count - 1].fontSize = placed.reduce(0) { max($0, $1.size) }
                } else {
                    lines.append(TextLine(text: text, x0: 0, y0: 0, x1: 0, y1: 0, glyphHeight: 0, hasGeometry: false))
                }
            }
            current.removeAll(keepingCapacity: true)
            placed.removeAll(keepingCapacity: true)
            hasInk = false
            x0 = .infinity; y0 = .infinity; x1 = -.infinity; y1 = -.infinity; heightSum = 0; glyphs = 0
            if !keepPrevious { previous = nil }
        }
    }
}

extension PopplerPageRef {
    /// At most this many renderings a page for `LineScripts.settled` (each draws the page's
    /// content again, clipped to a few glyphs).
    static let scriptInkRenderings = 32

    /// `inkExtents` for the page's script runs, at most `scriptInkRenderings` times.
    func scriptInk() -> LineScripts.Ink {
        // The count lives as long as the page's one walk (a line builder's or a word reader's).
        final class Count { var value = 0 }
        let count = Count()
        return { [self] box, columns in
            count.value += 1
            return count.value <= Self.scriptInkRenderings ? inkExtents(in: box, columns: columns) : columns.map { _ in nil }
        }
    }

    /// The page drawn in `box` (points, y downwards) at 8 pixels a point: for each x range of
    /// `columns`, the top and bottom (points) of the ink drawn in it inside the box.
    func inkExtents(in box: (x0: Float, y0: Float, x1: Float, y1: Float), columns: [(x0: Float, x1: Float)])
        -> [(top: Float, bottom: Float)?] {
        let none = columns.map { _ -> (top: Float, bottom: Float)? in nil }
        let scale = 8.0, x0 = Double(box.x0), y0 = Double(box.y0)
        let pw = Int((Double(box.x1 - box.x0) * scale).rounded(.up)), ph = Int((Double(box.y1 - box.y0) * scale).rounded(.up))
        guard pw > 0, ph > 0, pw * ph <= 1_000_000 else { return none }
        return withRegionDrawn(x0: x0, y0: y0, scale: scale, width: pw, height: ph) { surface -> [(top: Float, bottom: Float)?]? in
            guard let data = cairo_image_surface_get_data(surface) else { return nil }
            let stride = Int(cairo_image_surface_get_stride(surface))
            return columns.map { column -> (top: Float, bottom: Float)? in
                let from = max(0, Int(((Double(column.x0) - x0) * scale).rounded())), to = min(pw, Int(((Double(column.x1) - x0) * scale).rounded()))
                guard from < to else { return nil }
                var top = -1, bottom = -1
                for y in 0..<ph {
                    let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                    // Darker than mid grey: the glyph's body, not its anti-aliased edge.
                    if (from..<to).contains(where: { x in
                        let p = row[x]
                        return (Int((p >> 16) & 0xFF) * 3 + Int((p >> 8) & 0xFF) * 6 + Int(p & 0xFF)) / 10 < 128
                    }) {
                        if top < 0 { top = y }
                        bottom = y
                    }
                }
                guard top >= 0 else { return nil }
                return (Float(y0 + Double(top) / scale), Float(y0 + Double(bottom + 1) / scale))
            }
        } ?? none
    }
}

enum PageLines {
    /// A glyph whose box overlaps the line's so far by less than a third of the smaller height.
    static func isOnAnotherRow(glyphTop gy0: Double, glyphBottom gy1: Double, lineTop y0: Double, lineBottom y1: Double) -> Bool {
        min(gy1, y1) - max(gy0, y0) < min(y1 - y0, gy1 - gy0) * 0.3
    }
}

extension PopplerPageRef {
    /// Whether anything is drawn on the page (vector outlines, glyphs without Unicode): a tiny
    /// render, asked only of pages with neither text nor images.
    /// Whether the page's own content draws anything, its annotations hidden while it is drawn
    /// (then shown again: OCR may draw the page through this same document).
    func hasInkOfItsOwn() -> Bool {
        withAnnotationsHidden { hasInk() }
    }

    func hasInk(scale: Double = 0.25) -> Bool {
        let (w, h) = size
        let pw = Int32(max(1, min(2000, (w * scale).rounded(.up)))), ph = Int32(max(1, min(2000, (h * scale).rounded(.up))))
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, pw, ph) else { return false }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return false }
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_scale(cr, scale, scale)
        draw(on: cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return false }
        let stride = Int(cairo_image_surface_get_stride(surface))
        for y in 0..<Int(ph) {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<Int(pw) where row[x] & 0x00FF_FFFF != 0x00FF_FFFF { return true }
        }
        return false
    }
}
