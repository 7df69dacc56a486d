import CTesseract
import IngestCore

/// How heavy each recognised word's letters are (issue 36 item 3): a heading set in bold at
/// 110–115 % of the body (LibreOffice's Heading 2, a board's section title) is hardly larger than
/// the body, but its strokes are 1.6–2 times as thick. Tesseract's LSTM engine reports no font
/// weight; the word's box on Tesseract's own thresholded image (the pixels it read) gives it.
///
/// A word's stroke width is 2 × ink / edges: a stroke of width w and length L has w·L pixels of
/// ink and about 2·L pixel edges between ink and paper, whatever the letters and their size.
enum WordInk {
    /// `page`'s word strokes (`strokes`) and, with `numbers`, its numbers as their ink reads them
    /// (`NumberInk`; an exponent's digits read again by `handle`, `ExponentReading`), from
    /// `handle`'s thresholded image after recognition, fetched once for both.
    static func read(thresholdedOf handle: OpaquePointer, into page: inout RecognizedPage, numbers: Bool = true) {
        guard let pix = TessBaseAPIGetThresholdedImage(handle) else { return }
        defer { var p: UnsafeMutablePointer<PIX>? = pix; pixDestroy(&p) }
        page.wordStrokes = strokes(of: pix, page.words)
        guard numbers else { return }
        let readings = NumberInk.readings(of: pix, page.words) { ExponentReading.read($0, of: handle, size: (Int(pixGetWidth(pix)), Int(pixGetHeight(pix)))) }
        let changed = readings.filter { $0.value.text != page.words[$0.key].text }
        if !changed.isEmpty { page.readAs = Dictionary(uniqueKeysWithValues: changed.keys.map { ($0, page.words[$0].text) }) }
        page.rewrite(changed.mapValues(\.text))
        for (i, reading) in readings where reading.doubt != nil { page.words[i].doubt = reading.doubt }
    }

    /// Each word's stroke width in `pix`, a 1-bit image (1 is ink) the words' boxes are fractions of.
    static func strokes(of pix: UnsafeMutablePointer<PIX>, _ words: [RecognizedWord]) -> [Double?]? {
        let width = Int(pixGetWidth(pix)), height = Int(pixGetHeight(pix))
        guard pixGetDepth(pix) == 1, width > 0, height > 0, let data = pixGetData(pix) else { return nil }
        let wpl = Int(pixGetWpl(pix))
        return words.map { word in
            guard word.box.count == 4 else { return nil }
            let left = max(0, Int((word.box[0] * Double(width)).rounded())), right = min(width, Int((word.box[2] * Double(width)).rounded()))
            let top = max(0, Int((word.box[1] * Double(height)).rounded())), bottom = min(height, Int((word.box[3] * Double(height)).rounded()))
            guard right - left >= 2, bottom - top >= 2 else { return nil }
            // 32 pixels at a time (pixel x is bit 31 - x % 32 of word x / 32): ink pixels, changes
            // from one pixel to the next in a row (after the box's first column), and from one
            // row to the next (before its last row).
            var area = 0, edges = 0
            let first = left >> 5, last = (right - 1) >> 5
            func mask(from a: Int, to b: Int, word w: Int) -> UInt32 {
                let lo = max(a, w << 5) - (w << 5), hi = min(b, (w << 5) + 32) - (w << 5)
                guard lo < hi else { return 0 }
                return (UInt32.max >> UInt32(lo)) & (hi == 32 ? UInt32.max : ~(UInt32.max >> UInt32(hi)))
            }
            for y in top..<bottom {
                let row = data + y * wpl, below = y + 1 < bottom ? data + (y + 1) * wpl : nil
                for w in first...last {
                    let bits = row[w], inBox = mask(from: left, to: right, word: w)
                    area += (bits & inBox).nonzeroBitCount
                    if let below { edges += ((bits ^ below[w]) & inBox).nonzeroBitCount }
                    let before = bits >> 1 | (w > 0 ? row[w - 1] << 31 : 0)
                    edges += ((bits ^ before) & mask(from: left + 1, to: right, word: w)).nonzeroBitCount
                }
            }
            guard area > 0, edges > 0 else { return nil }
            return (2 * Double(area) / Double(edges) * 100).rounded() / 100
        }
    }
}
