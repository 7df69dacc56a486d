import CTesseract
import Foundation
import IngestCore

/// The part of a page image that holds anything drawn, read instead of the whole page when the
/// page holds little (issue 38, odd corpus): a form's boxes, a button's "Ok", a page number, a
/// QR code, a signature on an otherwise white 300-dpi page. Tesseract's passes over every pixel
/// (thresholding, line finding, the script detector's layout) cost ≈ 0.3 s on the white of such
/// a page; on the drawn part with a margin they read the same words for a tenth of it.
///
/// Only pages with fewer marks than `PageInk.marksCounted` are cut (a page of writing is read
/// whole, as before), and only when the cut leaves out at least half of the page. The margin is
/// at least the tallest mark's height: Tesseract reads huge type erratically when it fills the
/// image (issue4379's 250-px letters read nothing on a tight cut, and nothing or half with
/// 100–300 px of white around: "Image Mask Example" whole), so such a page keeps most of its
/// white, and is read whole. The words'
/// boxes, the image size and the rules Tesseract's read gives are placed back in the whole
/// page's frame (`place`), so what comes after sees a page read whole.
struct InkCut: Sendable, Equatable {
    /// The kept part, in the page image's pixels.
    var x: Int, y: Int, width: Int, height: Int
    /// The whole page image's size.
    var pageWidth: Int, pageHeight: Int

    /// The kept part's area, at most, as a share of the page's.
    static let largestShare = 0.5
    /// White kept around the drawn part, in inches (Tesseract reads a word touching the image's
    /// edge worse).
    static let marginInches = 0.1
    /// The kept part's shortest side, in inches, around its drawing: on a tighter cut Tesseract
    /// read a lone "201" as nothing and a clipboard icon as "(in," where the whole page gives
    /// "201" and nothing (pdf.js bug1365930, rc_annotation; tesseract CLI, 300 dpi).
    static let shortestSideInches = 2.0

    /// The kept part of `image` (with its resolution); `image` itself when it is not the page
    /// this cut was made on (another size) or leptonica cannot cut it.
    func apply(_ image: PageImage) -> PageImage {
        guard image.width == pageWidth, image.height == pageHeight,
              let box = boxCreate(Int32(x), Int32(y), Int32(width), Int32(height)) else { return image }
        var b: UnsafeMutablePointer<BOX>? = box
        defer { boxDestroy(&b) }
        guard let cut = pixClipRectangle(image.raw, box, nil) else { return image }
        let part = PageImage(taking: cut)
        part.setResolution(image.resolution)
        return part
    }

    /// `page`, read from the kept part (turned by its `quarterTurns`), as if the whole page had
    /// been read: word boxes as fractions of the whole (turned) page, its size, its rules' pixels.
    func place(_ page: RecognizedPage) -> RecognizedPage {
        let (kept, whole) = turned(page.quarterTurns)
        var placed = page
        let fw = Double(whole.width), fh = Double(whole.height)
        func fraction(_ v: Double) -> Double { (min(max(v, 0), 1) * 10_000).rounded() / 10_000 }
        placed.words = page.words.map { word in
            guard word.box.count == 4 else { return word }
            var w = word
            let b = word.box
            w.box = [fraction((Double(kept.x) + b[0] * Double(kept.width)) / fw),
                     fraction((Double(kept.y) + b[1] * Double(kept.height)) / fh),
                     fraction((Double(kept.x) + b[2] * Double(kept.width)) / fw),
                     fraction((Double(kept.y) + b[3] * Double(kept.height)) / fh)]
            return w
        }
        if page.imageSize != nil { placed.imageSize = [whole.width, whole.height] }
        let dx = Double(kept.x), dy = Double(kept.y)
        placed.horizontalRules = page.horizontalRules?.map { PageRule(position: $0.position + dy, lower: $0.lower + dx, upper: $0.upper + dx) }
        placed.verticalRules = page.verticalRules?.map { PageRule(position: $0.position + dx, lower: $0.lower + dy, upper: $0.upper + dy) }
        return placed
    }

    /// The kept part and the whole page after `quarterTurns` clockwise quarter turns of both.
    func turned(_ quarterTurns: Int) -> (kept: (x: Int, y: Int, width: Int, height: Int), whole: (width: Int, height: Int)) {
        switch ((quarterTurns % 4) + 4) % 4 {
        // A clockwise quarter turn of a W × H image sends (x, y) to (H − y, x).
        case 1: return ((pageHeight - (y + height), x, height, width), (pageHeight, pageWidth))
        case 2: return ((pageWidth - (x + width), pageHeight - (y + height), width, height), (pageWidth, pageHeight))
        case 3: return ((y, pageWidth - (x + width), height, width), (pageHeight, pageWidth))
        default: return ((x, y, width, height), (pageWidth, pageHeight))
        }
    }
}

extension InkCut {
    /// The cut of `image` whose look is `ink`, or nil when the page is read whole: blank, a page
    /// of writing, drawn over most of its area, or an image whose look has no extent.
    init?(_ ink: PageInk, image: PageImage) {
        guard !ink.isBlank, ink.marks < PageInk.marksCounted, let e = ink.extent, e.count == 4 else { return nil }
        let w = image.width, h = image.height
        let dpi = image.resolution >= 72 && image.resolution <= 1200 ? image.resolution : 300
        let margin = max(8, Int((Double(dpi) * Self.marginInches).rounded()), ink.tallestMark ?? 0)
        let x0 = max(0, e[0] - margin), y0 = max(0, e[1] - margin)
        let x1 = min(w - 1, e[2] + margin), y1 = min(h - 1, e[3] + margin)
        guard x1 >= x0, y1 >= y0 else { return nil }
        // Grown about its middle to the shortest side, kept inside the page.
        let shortest = Int((Double(dpi) * Self.shortestSideInches).rounded())
        func grown(_ lo: Int, _ hi: Int, within size: Int) -> (Int, Int) {
            guard hi - lo + 1 < shortest else { return (lo, hi) }
            let start = min(max(0, (lo + hi + 1) / 2 - shortest / 2), max(0, size - shortest))
            return (start, min(size - 1, start + shortest - 1))
        }
        let (gx0, gx1) = grown(x0, x1, within: w), (gy0, gy1) = grown(y0, y1, within: h)
        let cw = gx1 - gx0 + 1, ch = gy1 - gy0 + 1
        guard Double(cw * ch) <= Self.largestShare * Double(w * h) else { return nil }
        (x, y, width, height, pageWidth, pageHeight) = (gx0, gy0, cw, ch, w, h)
    }
}
