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
    /// Each word's stroke width in pixels of the image Tesseract recognised (nil for a word without
    /// a box or ink), from `handle`'s thresholded image after recognition; nil when there is none.
    static func strokes(thresholdedOf handle: OpaquePointer, _ words: [RecognizedWord]) -> [Double?]? {
        guard let pix = TessBaseAPIGetThresholdedImage(handle) else { return nil }
        defer { var p: UnsafeMutablePointer<PIX>? = pix; pixDestroy(&p) }
        return strokes(of: pix, words)
    }

    /// Each word's stroke width in `pix`, a 1-bit image (1 is ink) the words' boxes are fractions of.
    static func strokes(of pix: UnsafeMutablePointer<PIX>, _ words: [RecognizedWord]) -> [Double?]? {
        let width = Int(pixGetWidth(pix)), height = Int(pixGetHeight(pix))
        guard pixGetDepth(pix) == 1, width > 0, height > 0, let data = pixGetData(pix) else { return nil }
        let wpl = Int(pixGetWpl(pix))
        func ink(_ x: Int, _ y: Int) -> Bool { (data[y * wpl + (x >> 5)] >> UInt32(31 - (x & 31))) & 1 == 1 }
        return words.map { word in
            guard word.box.count == 4 else { return nil }
            let left = max(0, Int((word.box[0] * Double(width)).rounded())), right = min(width, Int((word.box[2] * Double(width)).rounded()))
            let top = max(0, Int((word.box[1] * Double(height)).rounded())), bottom = min(height, Int((word.box[3] * Double(height)).rounded()))
            guard right - left >= 2, bottom - top >= 2 else { return nil }
            var area = 0, edges = 0
            for y in top..<bottom {
                var before = false
                for x in left..<right {
                    let here = ink(x, y)
                    if here {
                        area += 1
                        if y + 1 < bottom, !ink(x, y + 1) { edges += 1 }
                        if y > top, !ink(x, y - 1) { edges += 1 }
                    }
                    if here != before, x > left { edges += 1 }
                    before = here
                }
            }
            guard area > 0, edges > 0 else { return nil }
            return (2 * Double(area) / Double(edges) * 100).rounded() / 100
        }
    }
}
