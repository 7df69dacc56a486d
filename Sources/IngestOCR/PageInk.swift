import CTesseract
import Foundation

/// What a page image holds before it is recognised: whether anything on it could be writing.
/// A page is blank when no mark on it is the size of a character — specks of dust and scanner
/// edges left aside — so Tesseract, seconds per page, is not started for nothing. The doubt
/// always goes to recognition: one mark as large as a small digit (a page number alone) is enough
/// for the page to be read.
///
/// Pure Swift over leptonica's pixels (no leptonica call beyond what is already loaded): a
/// histogram gives the background, marks are pixels far from it (dark on light paper, light on a
/// dark slide), and connected marks are measured on a grid sampled every `step` pixels.
struct PageInk: Sendable, Equatable {
    /// Marks at least `minimumMark` pixels wide or high, not touching the image's edge.
    var marks: Int
    /// Share of sampled pixels that are ink (0–1).
    var coverage: Double
    /// The background's gray level (0–255).
    var background: Int
    /// The box around every sampled pixel at least `faintContrast` from the background, in the
    /// image's pixels (x0, y0, x1, y1, inclusive): where anything at all is drawn (`InkCut`).
    /// Nil when nothing is, or when the walk stopped at `marksCounted` marks (a page of writing
    /// is read whole).
    var extent: [Int]?
    /// The tallest counted mark's height, in pixels (nil when none is counted, or the walk stopped).
    var tallestMark: Int?

    var isBlank: Bool { marks == 0 }

    /// A mark counts when it is at least this share of the image's short side (7.5 px on an A4
    /// page at 300 dpi: a 6-pt character is 25 px high, a speck of dust 1–4 px).
    static let minimumMarkShare = 1.0 / 330
    /// A pixel is ink when its gray level is this far from the background's, at least.
    static let minimumContrast = 48
    /// Marks counted at most: beyond, the page is plainly not blank and the walk stops.
    static let marksCounted = 64
    /// A pixel is drawn (`extent`) when its gray level is this far from the background's: light
    /// gray type, a faint rule or a pale gradient, far below what counts as ink.
    static let faintContrast = 16

    /// Whether `image`, a page drawn at `scale` (< 1) of the size it is looked at in full, shows
    /// nothing at all that the full-size look could take for writing: no mark of any size whose
    /// contrast is `scale` of the full look's threshold (a stroke one full-size pixel wide, drawn
    /// smaller, keeps that share of its contrast). A page that passes is blank without its
    /// full-size render (issue 38: the render is most of a blank scan's time); any doubt — a
    /// speck, scanner noise — leaves the decision to the full-size look.
    static func surelyBlank(_ image: PageImage, scale: Double) -> Bool {
        guard scale > 0, scale < 1 else { return false }
        return measure(image, contrastShare: scale, minimumMark: 1)?.isBlank == true
    }

    /// Nil when the image's depth is not one read here (2, 4, 16 bits): such a page is recognised.
    /// Measured once per image (`PageImage.look`).
    static func measure(_ image: PageImage) -> PageInk? { image.look { measure(image, contrastShare: 1, minimumMark: nil) } }

    /// `measure` with the ink threshold scaled by `contrastShare` (never under 8 gray levels) and
    /// marks counted from `minimumMark` pixels (nil: `minimumMarkShare` of the short side).
    private static func measure(_ image: PageImage, contrastShare: Double, minimumMark fixedMark: Int?) -> PageInk? {
        let pix = image.raw
        let width = image.width, height = image.height, depth = image.depth
        guard width > 0, height > 0, [1, 8, 32].contains(depth), let data = pixGetData(pix) else { return nil }
        if depth == 8, pixGetColormap(pix) != nil { return nil }
        let wpl = Int(pixGetWpl(pix))
        let shortSide = min(width, height)
        // Strokes of a character are 2 px wide and more from 200 dpi up: every other pixel still
        // crosses each of them.
        let step = max(1, shortSide / 1240)
        let minimumMark = fixedMark ?? max(3, Int((Double(shortSide) * minimumMarkShare).rounded()))
        let gw = (width + step - 1) / step, gh = (height + step - 1) / step

        // Gray level of pixel (x, y); 1-bit images: 0 (black) or 255.
        let words = UnsafePointer(data)
        func gray(_ x: Int, _ row: UnsafePointer<UInt32>) -> Int {
            switch depth {
            case 8: return Int((row[x >> 2] >> UInt32(24 - 8 * (x & 3))) & 0xFF)
            case 32:
                let v = row[x]
                return (Int(v >> 24) * 77 + Int((v >> 16) & 0xFF) * 150 + Int((v >> 8) & 0xFF) * 29) >> 8
            default: return (row[x >> 5] >> UInt32(31 - (x & 31))) & 1 == 1 ? 0 : 255
            }
        }

        // Background: the median of a sparse sample (paper is most of any page).
        var histogram = [Int](repeating: 0, count: 256)
        let sampleStep = max(step, shortSide / 400)
        var y = 0
        while y < height {
            let row = words + y * wpl
            var x = 0
            while x < width { histogram[gray(x, row)] += 1; x += sampleStep }
            y += sampleStep
        }
        let total = histogram.reduce(0, +)
        var background = 0, seen = 0
        for (level, n) in histogram.enumerated() { seen += n; if seen * 2 >= total { background = level; break } }
        let contrast = max(8, Int((Double(max(minimumContrast, background / 4)) * contrastShare).rounded(.down)))

        // Runs of ink on each sampled row, joined to the runs they touch on the row above
        // (8-connected) with a union-find that keeps each mark's box.
        var union = RunUnion()
        // Marks of character size that do not touch the edge (a scanner's shadow, a photo's border).
        var tallest: Int?
        func countMarks() -> Int {
            var n = 0
            tallest = nil
            for i in 0..<union.count where union.root(Int32(i)) == Int32(i) {
                let b = union.box[i]
                guard b.x0 > 0, b.y0 > 0, Int(b.x1) < gw - 1, Int(b.y1) < gh - 1 else { continue }
                if Int(max(b.x1 - b.x0, b.y1 - b.y0) + 1) * step >= minimumMark {
                    n += 1
                    tallest = max(tallest ?? 0, Int(b.y1 - b.y0 + 1) * step)
                }
            }
            return n
        }
        var previous: [(start: Int, end: Int, id: Int32)] = [], current: [(start: Int, end: Int, id: Int32)] = []
        var inked = 0
        // Whether each gray level is ink, and each sampled pixel of the current row (filled by a
        // loop per depth: one look-up per pixel, no per-pixel branching on the depth).
        // Bit 0: ink; bit 1: drawn at all (`faintContrast`, never above the ink's threshold).
        let faint = min(faintContrast, contrast)
        let isInk = (0..<256).map { level -> UInt8 in
            let d = abs(level - background)
            return (d >= contrast ? 1 : 0) | (d >= faint ? 2 : 0)
        }
        var extent: (x0: Int, y0: Int, x1: Int, y1: Int)?
        var inkRow = [UInt8](repeating: 0, count: gw)
        for gy in 0..<gh {
            let row = words + gy * step * wpl
            isInk.withUnsafeBufferPointer { lut in
                inkRow.withUnsafeMutableBufferPointer { m in
                    switch depth {
                    case 8:
                        let bytes = UnsafeRawPointer(row).assumingMemoryBound(to: UInt8.self)
                        // Leptonica's 8-bit pixels are big-endian in native words: byte x ^ 3 on little-endian.
                        let swap = 1.littleEndian == 1 ? 3 : 0
                        var x = 0
                        for gx in 0..<gw { m[gx] = lut[Int(bytes[x ^ swap])]; x += step }
                    case 32:
                        for gx in 0..<gw { m[gx] = lut[gray(gx * step, row)] }
                    default:
                        for gx in 0..<gw { m[gx] = (row[(gx * step) >> 5] >> UInt32(31 - ((gx * step) & 31))) & 1 == 1 ? lut[0] : lut[255] }
                    }
                }
            }
            if let first = inkRow.firstIndex(where: { $0 & 2 != 0 }), let last = inkRow.lastIndex(where: { $0 & 2 != 0 }) {
                let y = gy * step
                extent = extent.map { (min($0.x0, first * step), $0.y0, max($0.x1, last * step), y) } ?? (first * step, y, last * step, y)
            }
            current.removeAll(keepingCapacity: true)
            var gx = 0
            var k = 0
            while gx < gw {
                guard inkRow[gx] & 1 == 1 else { gx += 1; continue }
                let start = gx
                while gx < gw, inkRow[gx] & 1 == 1 { gx += 1 }
                let end = gx - 1
                inked += end - start + 1
                let id = union.add(start, end, row: gy)
                while k < previous.count, previous[k].end < start - 1 { k += 1 }
                var j = k
                while j < previous.count, previous[j].start <= end + 1 { union.join(previous[j].id, id); j += 1 }
                current.append((start, end, id))
            }
            swap(&previous, &current)
            // A page of text has thousands of runs: once enough finished marks are counted, stop.
            if gy % 64 == 63, union.count > 4 * marksCounted, countMarks() >= marksCounted {
                return PageInk(marks: marksCounted, coverage: Double(inked) / Double(gw * (gy + 1)), background: background)
            }
        }
        let marks = countMarks()
        // A sampled pixel stands for the `step` × `step` pixels from it.
        let drawn = extent.map { [$0.x0, $0.y0, min(width - 1, $0.x1 + step - 1), min(height - 1, $0.y1 + step - 1)] }
        return PageInk(marks: min(marks, marksCounted), coverage: Double(inked) / Double(gw * gh), background: background,
                       extent: drawn, tallestMark: tallest)
    }
}
