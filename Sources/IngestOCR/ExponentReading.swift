import CTesseract
import Foundation

/// A second reading of an exponent's marks (`NumberInk.Raised`): Tesseract reads a number's small
/// raised digits in the flow of the line, where it takes them for other characters (`10⁸` read
/// `10°`, `10¹²` read `10/2`) or other digits (`10²³` read `10⁷³`). Cut from the image Tesseract
/// was given, enlarged and read on their own as one line of digits, they are read right far more
/// often (a raised minus is not asked: read so, it came back dropped or with confidence 0-21 on
/// the chemistry scan; its bar is the ink's, `NumberInk.raised`); `NumberInk.decide` takes that reading only when it fits the marks one
/// for one with confidence. A cut whose reading does not (a lone raised `1`: too little for the
/// line recogniser to be sure of) is read once more as three copies side by side, and that
/// reading taken only when it is the same digits three times (session 26). A formula's lowered
/// indices are read again the same way (`NumberInk.indexReading`), each a group of one mark.
enum ExponentReading {
    /// The height the raised marks are enlarged to (pixels), and the white margin around them.
    static let markHeight = 48, margin = 16

    /// Each group's marks read again by `handle`, after its page's recognition (its input image
    /// is the page's until the first group is set): the text (digits) with the lowest
    /// word confidence, or nil. `size`: the thresholded image's, in whose pixels the marks are;
    /// the input image must have the same.
    static func read(_ groups: [NumberInk.Raised], of handle: OpaquePointer, size: (width: Int, height: Int)) -> [(text: String, confidence: Double)?] {
        guard let input = TessBaseAPIGetInputImage(handle), Int(pixGetWidth(input)) == size.width, Int(pixGetHeight(input)) == size.height,
              [1, 8, 32].contains(pixGetDepth(input)) else { return groups.map { _ in nil } }
        // Every cut made before the first is read: setting an image replaces the input image.
        let crops = groups.map { crop($0, from: input) }
        defer { for c in crops { var p = c; pixDestroy(&p) } }
        TessBaseAPISetPageSegMode(handle, PSM_SINGLE_LINE)
        TessBaseAPISetVariable(handle, "tessedit_char_whitelist", "0123456789")
        defer {
            TessBaseAPISetVariable(handle, "tessedit_char_whitelist", "")
            TessBaseAPISetPageSegMode(handle, PSM_AUTO)
        }
        return zip(groups, crops).map { group, crop in
            guard let crop else { return nil }
            let once = recognize(crop, handle)
            if let once, once.confidence >= NumberInk.rereadConfidence, group.fits(once.text) { return once }
            // A lone raised `1` (LibreOffice's `10⁻¹` at 200 and 300 dpi) comes back `1` with
            // confidence 18-36, or nothing: read in a row of three copies it is `111` at 90-93.
            guard let row = threefold(crop) else { return once }
            defer { var p: UnsafeMutablePointer<PIX>? = row; pixDestroy(&p) }
            guard let thrice = recognize(row, handle), thrice.text.count == 3 * group.marks.count else { return once }
            let digits = String(thrice.text.prefix(group.marks.count))
            return thrice.text == String(repeating: digits, count: 3) && group.fits(digits) ? (digits, thrice.confidence) : once
        }
    }

    /// The text Tesseract reads in `image` (whitespace left out) with its lowest word confidence, or nil.
    static func recognize(_ image: UnsafeMutablePointer<PIX>, _ handle: OpaquePointer) -> (text: String, confidence: Double)? {
        TessBaseAPISetImage2(handle, image)
        guard TessBaseAPIRecognize(handle, nil) == 0, let c = TessBaseAPIGetUTF8Text(handle) else { return nil }
        let text = String(cString: c).filter { !$0.isWhitespace }
        TessDeleteText(c)
        var lowest = 100.0, any = false
        if let confs = TessBaseAPIAllWordConfidences(handle) {
            var i = 0
            while confs[i] >= 0 { lowest = min(lowest, Double(confs[i])); any = true; i += 1 }
            TessDeleteIntArray(confs)
        }
        return any && !text.isEmpty ? (text, lowest) : nil
    }

    /// Three copies of a cut side by side (each in its white margin, widened to whole 32-bit
    /// words so every depth copies word for word), or nil for a depth other than 1, 8 or 32.
    static func threefold(_ cut: UnsafeMutablePointer<PIX>) -> UnsafeMutablePointer<PIX>? {
        let depth = Int(pixGetDepth(cut)), w = Int(pixGetWidth(cut)), h = Int(pixGetHeight(cut))
        guard [1, 8, 32].contains(depth), w > 0, h > 0, let src = pixGetData(cut) else { return nil }
        let perWord = 32 / depth, words = (w + perWord - 1) / perWord
        guard let row = pixCreate(Int32(3 * words * perWord), Int32(h), Int32(depth)), let dst = pixGetData(row) else { return nil }
        let srcWpl = Int(pixGetWpl(cut)), dstWpl = Int(pixGetWpl(row))
        // White: 0 bits at depth 1, all bits set at 8 and 32.
        let white: UInt32 = depth == 1 ? 0 : .max
        // The cut's last word keeps only its `w` pixels; the bits after them are white.
        let tail = w - (words - 1) * perWord
        let keep: UInt32 = tail == perWord ? .max : ~(UInt32.max >> UInt32(tail * depth))
        for y in 0..<h {
            let from = src + y * srcWpl, to = dst + y * dstWpl
            for k in 0..<3 {
                for i in 0..<words {
                    let bits = from[i]
                    to[k * words + i] = i == words - 1 ? (bits & keep) | (white & ~keep) : bits
                }
            }
        }
        return row
    }

    /// The raised marks' box in `input`, a little wider (never reaching the base's digits nor a
    /// charge after them),
    /// enlarged to `markHeight` and set in a white margin.
    static func crop(_ r: NumberInk.Raised, from input: UnsafeMutablePointer<PIX>) -> UnsafeMutablePointer<PIX>? {
        guard let first = r.marks.first else { return nil }
        let pad = max(2, r.height / 8)
        let left = max(r.baseRight + 1, r.marks.map(\.left).min()! - pad)
        let right = min(Int(pixGetWidth(input)) - 1, r.marks.map(\.right).max()! + pad, r.stop == Int.max ? Int.max : r.stop - 1)
        let top = max(0, r.marks.map(\.top).min()! - pad), bottom = min(Int(pixGetHeight(input)) - 1, r.marks.map(\.bottom).max()! + pad)
        guard right > left, bottom > top, first.height > 0 else { return nil }
        guard let box = boxCreate(Int32(left), Int32(top), Int32(right - left + 1), Int32(bottom - top + 1)) else { return nil }
        var b: UnsafeMutablePointer<BOX>? = box
        defer { boxDestroy(&b) }
        guard var cut = pixClipRectangle(input, box, nil) else { return nil }
        defer { var p: UnsafeMutablePointer<PIX>? = cut; pixDestroy(&p) }
        let tallest = r.marks.map(\.height).max()!
        let scale = min(6, max(1, Double(markHeight) / Double(tallest)))
        if scale > 1, let big = pixScaleToSize(cut, Int32((Double(right - left + 1) * scale).rounded()), Int32((Double(bottom - top + 1) * scale).rounded())) {
            var p: UnsafeMutablePointer<PIX>? = cut; pixDestroy(&p)
            cut = big
        }
        let white: UInt32 = switch pixGetDepth(cut) { case 1: 0; case 8: 255; default: 0xffff_ff00 }
        return pixAddBorder(cut, Int32(margin), white)
    }
}
