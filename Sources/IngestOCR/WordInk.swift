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
        var readings = NumberInk.readings(of: pix, page.words) { ExponentReading.read($0, of: handle, size: (Int(pixGetWidth(pix)), Int(pixGetHeight(pix)))) }
        // A word another absorbs is written empty: the line loses it and the space before it.
        for reading in readings.values { if let next = reading.absorbs { readings[next] = NumberInk.Reading(text: "") } }
        let changed = readings.filter { $0.value.text != page.words[$0.key].text }
        let asRead = page.words
        page.rewrite(changed.mapValues(\.text))
        for (i, reading) in readings where reading.doubt != nil { page.words[i].doubt = reading.doubt }
        var readAs = Dictionary(uniqueKeysWithValues: changed.keys.filter { page.words[$0].text != asRead[$0].text }.map { ($0, asRead[$0].text) })
        // The absorbed words go (when their line was rewritten), their box and confidence the absorbing word's.
        let gone = readings.compactMap { i, reading in reading.absorbs.flatMap { page.words[$0].text.isEmpty && page.words[i].text == reading.text ? (i, $0) : nil } }
        for (i, next) in gone {
            let a = page.words[i].box, b = page.words[next].box
            page.words[i].box = [a[0], min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])]
            page.words[i].confidence = min(page.words[i].confidence, page.words[next].confidence)
            readAs[i] = asRead[i].text + " " + asRead[next].text
            readAs[next] = nil
        }
        let drop = Set(gone.map(\.1))
        if !drop.isEmpty {
            let kept = page.words.indices.filter { !drop.contains($0) }
            let index = Dictionary(uniqueKeysWithValues: kept.enumerated().map { ($1, $0) })
            page.words = kept.map { page.words[$0] }
            page.wordStrokes = page.wordStrokes.map { strokes in kept.map { strokes[$0] } }
            readAs = Dictionary(uniqueKeysWithValues: readAs.compactMap { k, v in index[k].map { ($0, v) } })
        }
        if !readAs.isEmpty { page.readAs = readAs }
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
