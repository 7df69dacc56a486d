import CTesseract
import Foundation

/// How big the writing on a page image is, to hand Tesseract the pixels it reads best: an
/// x-height of about 30 px (issue 38). A page of slide-sized type rendered at 300 dpi gives it
/// four times the pixels it needs — and recognition time follows the pixels; 8-pt type gives it
/// too few.
///
/// The x-height is the most common height of the page's marks: most lower-case letters (a c e m
/// n o r s u v w x z, the stems of i and j) are exactly that high, the others higher; dots,
/// specks, rules and pictures are left aside by their size. Pure Swift over leptonica's pixels,
/// as `PageInk`: one pass over the rows, runs of ink joined into marks.
enum TextSize {
    /// The x-heights Tesseract reads best; a page under them is enlarged to `targetXHeight`, one
    /// over them reduced to their top.
    static let fittingXHeights = 25.0...35.0
    static let targetXHeight = 30.0
    /// Resolutions a PDF page is rendered at, at most and at least, whatever its type size.
    static let resolutions = 150.0...400.0
    /// Marks measured before an estimate is trusted: fewer, and the page keeps its resolution.
    static let minimumMarks = 30

    /// The page's x-height in pixels, or nil when too few marks look like letters (a blank
    /// page, a picture, a depth not read here).
    static func xHeight(of image: PageImage) -> Double? {
        let pix = image.raw
        let width = image.width, height = image.height, depth = image.depth
        guard width > 0, height > 0, [1, 8, 32].contains(depth), let data = pixGetData(pix) else { return nil }
        if depth == 8, pixGetColormap(pix) != nil { return nil }
        guard let ink = PageInk.measure(image) else { return nil }
        let wpl = Int(pixGetWpl(pix))
        let words = UnsafePointer(data)
        let contrast = max(PageInk.minimumContrast, ink.background / 4)
        let isInk = (0..<256).map { abs($0 - ink.background) >= contrast ? UInt8(1) : 0 }
        // Leptonica's 8-bit pixels are big-endian inside native words: byte x ^ 3 on little-endian.
        let byteOrder = 1.littleEndian == 1 ? 3 : 0
        var inkRow = [UInt8](repeating: 0, count: width)
        // Fills `inkRow` with row y's ink (1) and paper (0): one loop per depth.
        func readRow(_ y: Int) {
            let row = words + y * wpl
            isInk.withUnsafeBufferPointer { lut in
                inkRow.withUnsafeMutableBufferPointer { m in
                    switch depth {
                    case 8:
                        let bytes = UnsafeRawPointer(row).assumingMemoryBound(to: UInt8.self)
                        for x in 0..<width { m[x] = lut[Int(bytes[x ^ byteOrder])] }
                    case 32:
                        for x in 0..<width {
                            let v = row[x]
                            m[x] = lut[(Int(v >> 24) * 77 + Int((v >> 16) & 0xFF) * 150 + Int((v >> 8) & 0xFF) * 29) >> 8]
                        }
                    default:
                        for x in 0..<width { m[x] = (row[x >> 5] >> UInt32(31 - (x & 31))) & 1 == 1 ? lut[0] : lut[255] }
                    }
                }
            }
        }

        // Runs of ink per row joined to the touching runs of the row above (8-connected), each
        // mark keeping its box.
        var parent: [Int32] = []
        var box: [(x0: Int32, y0: Int32, x1: Int32, y1: Int32)] = []
        func root(_ i: Int32) -> Int32 {
            var i = i
            while parent[Int(i)] != i { parent[Int(i)] = parent[Int(parent[Int(i)])]; i = parent[Int(i)] }
            return i
        }
        var previous: [(start: Int, end: Int, id: Int32)] = [], current: [(start: Int, end: Int, id: Int32)] = []
        for y in 0..<height {
            readRow(y)
            current.removeAll(keepingCapacity: true)
            var x = 0, k = 0
            while x < width {
                guard inkRow[x] == 1 else { x += 1; continue }
                let start = x
                while x < width, inkRow[x] == 1 { x += 1 }
                let end = x - 1
                let id = Int32(parent.count)
                parent.append(id)
                box.append((Int32(start), Int32(y), Int32(end), Int32(y)))
                while k < previous.count, previous[k].end < start - 1 { k += 1 }
                var j = k
                while j < previous.count, previous[j].start <= end + 1 {
                    let ra = root(previous[j].id), rb = root(id)
                    if ra != rb {
                        parent[Int(rb)] = ra
                        let p = box[Int(ra)], q = box[Int(rb)]
                        box[Int(ra)] = (min(p.x0, q.x0), min(p.y0, q.y0), max(p.x1, q.x1), max(p.y1, q.y1))
                    }
                    j += 1
                }
                current.append((start, end, id))
            }
            swap(&previous, &current)
        }

        // Heights of letter-like marks: at least 6 px (dots, specks and noise are smaller), at most
        // a tenth of the short side, not much wider than four letters of their height, not a rule.
        let tallest = min(width, height) / 10
        var heights = [Int](repeating: 0, count: tallest + 2)
        var counted = 0
        for i in parent.indices where root(Int32(i)) == Int32(i) {
            let b = box[i]
            let h = Int(b.y1 - b.y0) + 1, w = Int(b.x1 - b.x0) + 1
            guard h >= 6, h <= tallest, w <= 4 * h, w * 8 >= h else { continue }
            heights[h] += 1
            counted += 1
        }
        guard counted >= minimumMarks else { return nil }
        // The most common height, its neighbours counted with it (a letter's overshoot, anti-aliasing).
        var best = 0, bestCount = -1
        for h in 6...tallest {
            let n = heights[h - 1] + heights[h] + heights[h + 1]
            if n > bestCount { best = h; bestCount = n }
        }
        let weight = Double(heights[best - 1] + heights[best] + heights[best + 1])
        guard weight > 0 else { return nil }
        return Double((best - 1) * heights[best - 1] + best * heights[best] + (best + 1) * heights[best + 1]) / weight
    }

    /// The factor to apply to `dpi` so that an x-height of `xHeight` pixels at `dpi` comes into
    /// `fittingXHeights` (`targetXHeight` from below; from above 0.5 when half fits, else its
    /// top), the result kept within `resolutions`; 1 when the x-height already fits.
    static func scale(xHeight: Double, dpi: Double) -> Double {
        guard xHeight > 0, dpi > 0, !fittingXHeights.contains(xHeight) else { return 1 }
        // Halved when half the x-height is still in the band (writing 50–70 px high: 24-pt type
        // at 300 dpi, a slide photographed whole): `reduce` halves by leptonica's 2× area map,
        // a tenth of an interpolated scaling's cost and no sharpening pass. At x-height 26 the
        // 24-pt pages and slide photos of bench/ocr/speed38.py read as at 35 (CER 0.00 %, the
        // resolution kept: see `reduce`), each page's recognition 0.37 s instead of 0.54 s.
        if fittingXHeights.contains(xHeight / 2), dpi / 2 >= resolutions.lowerBound { return 0.5 }
        // Reduced to the band's top, not its middle: at 30 px a 24-pt serif page lost the l of
        // three "le"/"les" (CER 0.13 % against 0.04 % at 300 dpi, bench/ocr/speed38.py) — when
        // Tesseract was told the reduced resolution (see `reduce`).
        let target = xHeight > fittingXHeights.upperBound ? fittingXHeights.upperBound : targetXHeight
        let fitted = min(max(dpi * target / xHeight, resolutions.lowerBound), resolutions.upperBound)
        return fitted / dpi
    }

    /// `image` made smaller when its writing is larger than Tesseract needs (slides, photos of a
    /// board, large type): halved, or scaled so the x-height is the band's top (35 px), never below
    /// `resolutions.lowerBound` for a nominal 300 dpi (half the pixels across). Smaller writing
    /// is left as it is: enlarging a photo adds no detail. Returns the image unchanged when no
    /// estimate can be made.
    static func reduced(_ image: PageImage) -> PageImage {
        guard let x = xHeight(of: image) else { return image }
        let factor = scale(xHeight: x, dpi: 300)
        guard factor < 1 else { return image }
        return reduce(image, by: factor)
    }

    /// `image` made `factor` times smaller (`factor` < 1, from `scale`): halved by leptonica's
    /// 2× area map (each pixel the mean of four; 8-bit gray and 32-bit colour, no colour map),
    /// else scaled by `PageImage.scaled` (an area map or interpolation, then sharpened). The
    /// image itself when leptonica cannot make it.
    ///
    /// The reduced image keeps the resolution `image` had: its writing is then body-sized for
    /// Tesseract, which sizes its filters from the resolution — a stroke at least resolution/4 px
    /// long and at most resolution/20 px wide is a rule, taken out before recognition. Told 150 dpi,
    /// the 38-px l of halved 24-pt serif type was such a rule where it began a line ("les" read
    /// "es": CER 0.29 % on speed38's large.pdf; told 300 dpi, 0.00 %).
    static func reduce(_ image: PageImage, by factor: Double) -> PageImage {
        let reduced: PageImage
        if factor == 0.5, image.depth == 8 || image.depth == 32, pixGetColormap(image.raw) == nil,
           let half = pixScaleAreaMap2(image.raw) {
            reduced = PageImage(taking: half)
        } else {
            guard let scaled = image.scaled(by: factor) else { return image }
            reduced = scaled
        }
        if image.resolution > 0 { reduced.setResolution(image.resolution) }
        return reduced
    }
}
