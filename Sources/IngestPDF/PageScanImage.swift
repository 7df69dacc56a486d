import CPoppler
import Foundation

/// A scanned page read from the pixels the scanner made (issue 38, and a fidelity fix): a page
/// that is one image covering it, with nothing else drawn, gives OCR that image's own samples —
/// scaled, when asked, by `scaled` — instead of a copy cairo resampled while drawing the page.
/// Cairo's drawing of a 200-ppi scan at 300 dpi read `paralléle a` and `(9 - 5) 1G-1)`, of a
/// 300-ppi scan at 300 dpi (its page a fraction of a pixel off) `49 g` for `4,9 g`; the image's
/// own pixels read them right. The image is decoded once, not drawn on a full page surface.
///
/// A page qualifies only when nothing but its image could be lost: no text, no visible
/// annotation, exactly one image whose placement covers the page and keeps the image's shape,
/// opaque; and its drawing by cairo, made small, shows the same pixels as the image reduced
/// alike (`agrees`) — which a page turned by /Rotate or a reversed placement, a drawing over the
/// scan, or an image the page crops do not. Any other page is drawn by cairo as before.
struct PageScanImage {
    /// The image's own pixels, 8-bit gray (BT.601 luma of poppler's colours), row after row.
    let width: Int
    let height: Int
    let gray: [UInt8]

    /// Images larger than this are left to cairo's banded drawing: their decoded colour surface
    /// (4 bytes a pixel) would be over 160 MB at once.
    static let maximumPixels = 40_000_000

    /// The placement may miss the page's edges by this much (points), and the image's shape the
    /// page's by this share: img2pdf and scanners place the image on the page exactly.
    static let edgeTolerance = 1.0
    static let shapeTolerance = 0.01

    /// The page's one scanned image, or nil when the page is anything else (see the type).
    static func find(on page: PopplerPageRef) -> PageScanImage? {
        let (w, h) = page.size
        guard w > 0, h > 0 else { return nil }
        let images = page.imageMappings()
        guard images.count == 1, let image = images.first else { return nil }
        let a = image.area
        let x0 = min(a.x1, a.x2), x1 = max(a.x1, a.x2), y0 = min(a.y1, a.y2), y1 = max(a.y1, a.y2)
        let t = edgeTolerance
        guard abs(x0) <= t, abs(y0) <= t, abs(x1 - w) <= t, abs(y1 - h) <= t else { return nil }
        // No text (a text layer, visible or not, is the page's own: cairo draws the visible one)
        // and no annotation shown over the scan (a comment, a stamp, a form field).
        let hasText = page.withText { text, _, _ in
            UnsafeRawBufferPointer(start: text, count: strlen(text)).contains { $0 > 0x20 }
        } ?? false
        guard !hasText, !page.annotations().contains(where: { !$0.invisible }) else { return nil }
        guard let surface = page.imagePixels(id: image.id) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        cairo_surface_flush(surface)
        let iw = Int(cairo_image_surface_get_width(surface)), ih = Int(cairo_image_surface_get_height(surface))
        guard iw > 0, ih > 0, iw * ih <= maximumPixels else { return nil }
        // A placement turned a quarter, or skewed, does not keep the image's shape.
        guard abs(Double(iw) / Double(ih) / (w / h) - 1) <= shapeTolerance else { return nil }
        let format = cairo_image_surface_get_format(surface)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24,
              let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var gray = [UInt8](repeating: 0, count: iw * ih)
        var opaque = true
        gray.withUnsafeMutableBufferPointer { out in
            for y in 0..<ih {
                let pixels = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<iw {
                    let v = pixels[x]   // 0xAARRGGBB in native order
                    if format == CAIRO_FORMAT_ARGB32, v >> 24 != 0xFF { opaque = false }
                    let r = (v >> 16) & 0xFF, g = (v >> 8) & 0xFF, b = v & 0xFF
                    // ITU-R BT.601 luma, integer form, as `PDFPageImages` turns its drawing gray.
                    out[y * iw + x] = UInt8((r * 299 + g * 587 + b * 114 + 500) / 1000)
                }
            }
        }
        // A mask, a soft mask or a transparent colour: what shows depends on what lies under.
        guard opaque else { return nil }
        return PageScanImage(width: iw, height: ih, gray: gray)
    }

    /// Whether `drawing` (the page drawn by cairo, `dw`×`dh` gray pixels) shows this image as
    /// it is placed. Both are compared in blocks of `block`×`block` pixels of the drawing (the
    /// image reduced to the drawing's size by area averaging first): cairo reduces with another
    /// filter, which moves single pixels along every letter's edge (by up to 150 on the fiche
    /// sample) but a block's mean by little (at most 31) — while a page turned or mirrored moves
    /// the mean of every block (by 9 to 14 on average) and a stroke drawn over the scan moves
    /// the blocks it crosses by a quarter of its contrast or more.
    func agrees(withDrawing drawing: [UInt8], width dw: Int, height dh: Int) -> Bool {
        guard dw >= Self.block, dh >= Self.block, drawing.count == dw * dh else { return false }
        let reduced = Self.areaAverage(gray, width: width, height: height, toWidth: dw, toHeight: dh)
        let bw = dw / Self.block, bh = dh / Self.block
        let drawn = Self.areaAverage(Array(drawing), width: dw, height: dh, toWidth: bw, toHeight: bh)
        let image = Self.areaAverage(reduced, width: dw, height: dh, toWidth: bw, toHeight: bh)
        var total = 0, largest = 0
        for i in 0..<(bw * bh) {
            let d = abs(Int(image[i]) - Int(drawn[i]))
            total += d
            largest = max(largest, d)
        }
        let mean = Double(total) / Double(bw * bh)
        return mean <= Self.meanDifferenceAtMost && largest <= Self.largestDifferenceAtMost
    }

    static let block = 4
    static let meanDifferenceAtMost = 3.0
    static let largestDifferenceAtMost = 48

    /// The long side of the drawing `agrees` compares with: a pen stroke or a rule drawn over
    /// the scan is still a line of pixels, and the drawing costs little besides the decoding.
    static let checkLongSide = 400.0

    /// `pixels` (`w`×`h`) reduced to `tw`×`th` (each at most as large), every output pixel the
    /// mean of the input pixels whose centres fall in it.
    static func areaAverage(_ pixels: [UInt8], width w: Int, height h: Int, toWidth tw: Int, toHeight th: Int) -> [UInt8] {
        var sums = [Int](repeating: 0, count: tw * th), counts = [Int](repeating: 0, count: tw * th)
        let columns = (0..<w).map { min(tw - 1, $0 * tw / w) }
        for y in 0..<h {
            let oy = min(th - 1, y * th / h) * tw
            for x in 0..<w {
                sums[oy + columns[x]] += Int(pixels[y * w + x])
                counts[oy + columns[x]] += 1
            }
        }
        return (0..<(tw * th)).map { counts[$0] > 0 ? UInt8((sums[$0] + counts[$0] / 2) / counts[$0]) : 255 }
    }
}

extension PageScanImage {
    /// Hands the image as `tw`×`th` rows to `row`: itself when that is its size, reduced by area
    /// averaging, enlarged by bilinear interpolation between the four nearest samples (pixel
    /// centres aligned, as poppler's splash enlarges an image less than four times).
    func rows(width tw: Int, height th: Int, _ row: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
        if tw == width, th == height {
            gray.withUnsafeBufferPointer { all in
                for y in 0..<th { row(y, UnsafeBufferPointer(rebasing: all[(y * tw)..<((y + 1) * tw)])) }
            }
            return
        }
        if tw <= width, th <= height {
            let reduced = Self.areaAverage(gray, width: width, height: height, toWidth: tw, toHeight: th)
            reduced.withUnsafeBufferPointer { all in
                for y in 0..<th { row(y, UnsafeBufferPointer(rebasing: all[(y * tw)..<((y + 1) * tw)])) }
            }
            return
        }
        // Source position of each output column: index and weight of the right neighbour (0…256).
        func positions(_ n: Int, from m: Int) -> (index: [Int], weight: [Int]) {
            var index = [Int](repeating: 0, count: n), weight = [Int](repeating: 0, count: n)
            for i in 0..<n {
                let c = min(Double(m - 1), max(0, (Double(i) + 0.5) * Double(m) / Double(n) - 0.5))
                let i0 = min(m - 2, Int(c.rounded(.down)))
                index[i] = max(0, i0)
                weight[i] = m < 2 ? 0 : Int(((c - Double(max(0, i0))) * 256).rounded())
            }
            return (index, weight)
        }
        let xs = positions(tw, from: width), ys = positions(th, from: height)
        let line = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: tw)
        defer { line.deallocate() }
        gray.withUnsafeBufferPointer { src in
            for y in 0..<th {
                let r0 = ys.index[y] * width, r1 = min(height - 1, ys.index[y] + 1) * width
                let wy = ys.weight[y]
                for x in 0..<tw {
                    let c0 = xs.index[x], c1 = min(width - 1, c0 + 1), wx = xs.weight[x]
                    let top = Int(src[r0 + c0]) * (256 - wx) + Int(src[r0 + c1]) * wx
                    let bottom = Int(src[r1 + c0]) * (256 - wx) + Int(src[r1 + c1]) * wx
                    line[x] = UInt8((top * (256 - wy) + bottom * wy + 32768) >> 16)
                }
                row(y, UnsafeBufferPointer(line))
            }
        }
    }
}
