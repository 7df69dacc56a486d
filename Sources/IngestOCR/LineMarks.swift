import CTesseract
import Foundation

/// Whether a page's marks could be writing (issue 38 item 4, the odd corpus): characters come as
/// runs of marks of like height side by side on a line — a word, a page number of two digits, a
/// line of Arabic or Chinese, a formula, a handwritten line — or as one mark of a character's size
/// (a lone page number). A smiley drawn huge, a gradient, colour swatches, an empty form's boxes, a
/// checkbox or a lone rule is none of these: such a page is recorded as blank (`PageRunner`),
/// counted and named as blank pages are, and its picture offered to the vision option when the
/// document is then not ready — not drawn at 300 dpi and recognised for nothing (on the odd corpus
/// ≈ 0.1 s of CPU a page, 58 pages that gave no character).
///
/// Asked only of pages with fewer than `PageInk.marksCounted` marks. Connected marks are found on
/// the page's 8-bit pixels cut at three gray levels, dark marks and light ones alike, so black
/// type in a white box on a gray page and white type on a black box are marks too (a single
/// cut at the paper's gray makes them one box). A mark is a character's size when it is
/// `smallestInches`–`tallestInches` high, at most ten times as wide as high, does not touch the
/// image's edge and is not a frame (its pixels all along its box's edges: a field, a checkbox).
/// Any doubt reads the page: an image of another depth, a page of many marks.
enum LineMarks {
    /// A character's mark is at least this high (5 px at 150 dpi: 8-pt type's x-height is 8 px).
    static let smallestInches = 5.0 / 150
    /// …and at most this high: 144-pt type (pdf.js's CCITT test letters are 112-pt).
    static let tallestInches = 2.0
    /// A mark alone is read from this height (an 8-pt "a" of a script type, 6.5 px at 150 dpi)…
    static let loneSmallestInches = 6.0 / 150
    /// …up to this one (a 72-pt digit is 0.73 in): a lone mark taller is a picture (pdf.js's
    /// JBIG2 smiley's nose, 1.1 in).
    static let loneTallestInches = 0.8
    /// Gray levels the page is cut at: a mark darker than one, or lighter.
    static let levels = [64, 128, 192]
    /// Marks whose box is filled at least this much are blocks (a swatch, an "l" or "-" of sans
    /// type: two of them side by side are not enough for a line).
    static let blockFill = 0.85
    /// A lone mark must be filled less than this (a dot, a disc, a square are not characters).
    static let loneFill = 0.75

    /// A mark's box (in the image's pixels, x1 and y1 exclusive) and how much of it is inked.
    struct Mark: Equatable {
        var x0: Int, y0: Int, x1: Int, y1: Int
        var fill: Double
        var height: Int { y1 - y0 }
        var width: Int { x1 - x0 }
    }

    /// Why a page may hold writing, or nil when its marks form no line and no lone character.
    enum Evidence: Equatable {
        case manyMarks
        case line(Mark, Mark)
        case lone(Mark)
        /// Pixels of a depth not looked at here.
        case notLooked
    }

    static func mayHoldWriting(_ image: PageImage) -> Bool { evidence(image) != nil }

    /// The first evidence found that `image` may hold writing; nil when none is.
    static func evidence(_ image: PageImage) -> Evidence? {
        let pix = image.raw
        let width = image.width, height = image.height
        guard width > 2, height > 2, image.depth == 8, pixGetColormap(pix) == nil, let data = pixGetData(pix) else { return .notLooked }
        let ppi = (72...1200).contains(image.resolution) ? Double(image.resolution) : Double(min(width, height)) / 8.27
        // Sampled every `step` pixels: ≈ 150 per inch, the quick look's drawing.
        let step = max(1, Int((ppi / 150).rounded(.down)))
        let smallest = ppi * smallestInches, tallest = ppi * tallestInches
        var all: [Mark] = []
        for level in levels {
            let marks = self.marks(data: UnsafePointer(data), wpl: Int(pixGetWpl(pix)), width: width, height: height, step: step,
                                   level: level, smallest: smallest, tallest: tallest)
            if marks.count >= PageInk.marksCounted { return .manyMarks }
            if let pair = line(marks, tallest: tallest) { return .line(pair.0, pair.1) }
            all += marks
        }
        let lo = ppi * loneSmallestInches, hi = ppi * loneTallestInches
        if let lone = all.first(where: { Double($0.height) >= lo && Double($0.height) <= hi && $0.fill < loneFill }) { return .lone(lone) }
        return nil
    }

    /// Two marks side by side on a line: heights within 3×, overlapping by 40 % of the smaller
    /// height, at most 1.5 × the taller apart, not both blocks.
    static func line(_ marks: [Mark], tallest: Double) -> (Mark, Mark)? {
        let sorted = marks.sorted { $0.x0 < $1.x0 }
        for (i, a) in sorted.enumerated() {
            for b in sorted[(i + 1)...] {
                if Double(b.x0 - a.x1) > 1.5 * tallest { break }
                let lo = min(a.height, b.height), hi = max(a.height, b.height)
                guard hi <= 3 * lo else { continue }
                let overlap = min(a.y1, b.y1) - max(a.y0, b.y0)
                guard Double(overlap) >= 0.4 * Double(lo), Double(b.x0 - a.x1) <= 1.5 * Double(hi) else { continue }
                guard a.fill < blockFill || b.fill < blockFill else { continue }
                return (a, b)
            }
        }
        return nil
    }

    /// The marks of a character's size on the page cut at gray `level`: connected runs (8-connected)
    /// of pixels darker than `level`, and of pixels not darker, on every `step`-th row and column.
    static func marks(data: UnsafePointer<UInt32>, wpl: Int, width: Int, height: Int, step: Int, level: Int,
                      smallest: Double, tallest: Double) -> [Mark] {
        let gw = (width + step - 1) / step, gh = (height + step - 1) / step
        var union = RunUnion()
        // Every run: its row, its columns (sampled), its mark — for the frame test, once boxes are known.
        var runs: [(y: Int32, start: Int32, end: Int32, id: Int32)] = []
        let bytesOf = UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self)
        // Leptonica's 8-bit pixels are big-endian in native words: byte x ^ 3 on little-endian.
        let byteSwap = 1.littleEndian == 1 ? 3 : 0
        var dark = [Bool](repeating: false, count: gw)
        var previous: [(start: Int, end: Int, dark: Bool, id: Int32)] = [], current: [(start: Int, end: Int, dark: Bool, id: Int32)] = []
        for gy in 0..<gh {
            let row = bytesOf + gy * step * wpl * 4
            var x = 0
            for gx in 0..<gw { dark[gx] = Int(row[x ^ byteSwap]) < level; x += step }
            current.removeAll(keepingCapacity: true)
            var gx = 0, k = 0
            while gx < gw {
                let start = gx, kind = dark[gx]
                while gx < gw, dark[gx] == kind { gx += 1 }
                let end = gx - 1
                let id = union.add(start, end, row: gy)
                runs.append((Int32(gy), Int32(start), Int32(end), id))
                // Runs of the row above touching this one (diagonally too), of the same kind.
                while k < previous.count, previous[k].end < start - 1 { k += 1 }
                var j = k
                while j < previous.count, previous[j].start <= end + 1 {
                    if previous[j].dark == kind { union.join(previous[j].id, id) }
                    j += 1
                }
                current.append((start, end, kind, id))
            }
            swap(&previous, &current)
        }
        // Each mark's pixels along its box's edges (a band of 8 % of its short side, 2 samples at least).
        var edgeArea = [Int32](repeating: 0, count: union.count)
        for r in runs {
            let m = Int(union.root(r.id)), b = union.box[m]
            let band = max(2, Int32(Double(min(b.x1 - b.x0 + 1, b.y1 - b.y0 + 1)) * 0.08))
            if r.y - b.y0 < band || b.y1 - r.y < band {
                edgeArea[m] += r.end - r.start + 1
            } else {
                let left = max(0, min(r.end, b.x0 + band - 1) - r.start + 1)
                let right = max(0, r.end - max(r.start, b.x1 - band + 1) + 1)
                edgeArea[m] += min(r.end - r.start + 1, left + right)
            }
        }
        var marks: [Mark] = []
        for i in 0..<union.count where union.parent[i] == Int32(i) {
            let b = union.box[i]
            guard b.x0 > 0, b.y0 > 0, Int(b.x1) < gw - 1, Int(b.y1) < gh - 1 else { continue }
            let w = Int(b.x1 - b.x0 + 1), h = Int(b.y1 - b.y0 + 1)
            let hp = Double(h * step)
            guard hp >= smallest, hp <= tallest, w <= 10 * h else { continue }
            let fill = Double(b.area) / Double(w * h)
            // A frame: nearly all its pixels along its box's edges, the inside empty (a field, a checkbox).
            let band = max(2, Int(Double(min(w, h)) * 0.08))
            if min(w, h) >= 6 * band, fill < 0.5, Double(edgeArea[i]) >= 0.9 * Double(b.area) { continue }
            marks.append(Mark(x0: Int(b.x0) * step, y0: Int(b.y0) * step, x1: Int(b.x1 + 1) * step, y1: Int(b.y1 + 1) * step, fill: fill))
            if marks.count >= PageInk.marksCounted { break }
        }
        return marks
    }
}
