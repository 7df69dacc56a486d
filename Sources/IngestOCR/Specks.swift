import CTesseract

/// Scanner noise: a page sprinkled with lone pixels — each darker, or lighter, than all eight of
/// its neighbours by more than `margin` gray levels (dust, sensor noise, a bad fax line) — is read
/// through a 3 × 3 median first. Tesseract's thresholding keeps such specks as marks: on the bench's
/// noisy pages it read `ie)` and `.` among the words and broke numbers (`(x2--`, `. Puisb` on
/// `samples/fiche-fonctions-affines.pdf`); the median takes them away and leaves strokes two pixels
/// wide and more.
///
/// Only a noisy page is filtered: on a clean one the median thins what is one pixel wide and lost
/// the circumflex of `brûler` at 300 dpi. Lone pixels per page (every pixel, margin 40), session 28:
/// clean and JPEG-40 pages made from text 0–0.001 %, the corpus's real scans (ocrmypdf's linn,
/// cardinal, ccitt, jbig2, skew; pypdf's Vicksburg; an OCR17 line) 0.002–0.014 %, the sample
/// phone photos 0 %; the noisy pages 0.19 % (the sample fiche, 200 dpi) and 1.9 % (bench/ocr's
/// `*-noise.png`). `noisyFrom` lies between, 3.5× above the noisiest real scan.
///
/// A 1-bit page (a fax, a CCITT or JBIG2 scan) is looked at as 8-bit gray; a noisy one is read as its gray median, a
/// clean one as it is (bench pages thresholded to 1 bit with the same noise, as G4 TIFFs: 4.2 % and 7.8 % CER before).
enum Specks {
    /// How far a lone pixel is from each of its eight neighbours, in gray levels.
    static let margin = 40
    /// Share of lone pixels from which a page is read through the median.
    static let noisyFrom = 0.0005
    /// Rows looked at: one in `rowStep` (the share is the same, at a quarter of the walk).
    static let rowStep = 4

    /// The share of lone pixels on the rows looked at; nil for an image that is not 8-bit gray
    /// without a colour map (photos in colour are read as they are; `cleaned` looks at a 1-bit page as gray).
    static func loneShare(_ image: PageImage) -> Double? {
        let pix = image.raw
        let width = image.width, height = image.height
        guard image.depth == 8, pixGetColormap(pix) == nil, width >= 3, height >= 3, let data = pixGetData(pix) else { return nil }
        let bytesPerRow = Int(pixGetWpl(pix)) * 4
        let bytes = UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self)
        // Leptonica keeps 8-bit pixels in 32-bit words, the first pixel in the word's high byte:
        // on a little-endian machine pixel x is byte x ^ 3 of its row.
        var lone = 0, looked = 0
        var y = 1
        while y < height - 1 {
            let above = bytes + (y - 1) * bytesPerRow, row = bytes + y * bytesPerRow, below = bytes + (y + 1) * bytesPerRow
            for x in 1..<(width - 1) {
                let p = Int(row[x ^ 3])
                let left = Int(row[(x - 1) ^ 3]), right = Int(row[(x + 1) ^ 3])
                let darker = p + margin < left && p + margin < right
                let lighter = p > left + margin && p > right + margin
                guard darker || lighter else { continue }
                var all = true
                for dx in -1...1 where all {
                    let a = Int(above[(x + dx) ^ 3]), b = Int(below[(x + dx) ^ 3])
                    all = darker ? (p + margin < a && p + margin < b) : (p > a + margin && p > b + margin)
                }
                if all { lone += 1 }
            }
            looked += width - 2
            y += rowStep
        }
        return looked == 0 ? nil : Double(lone) / Double(looked)
    }

    /// Whether `image` is noisy enough to be read through the median.
    static func isNoisy(_ image: PageImage) -> Bool { (loneShare(image) ?? 0) >= noisyFrom }

    /// `image` as it is, or — noisy — its 3 × 3 median (a new 8-bit image, told the same resolution).
    static func cleaned(_ image: consuming PageImage) -> PageImage {
        // 1 bits are ink.
        let eight = image.depth == 1 ? pixConvert1To8(nil, image.raw, 255, 0).map { PageImage(taking: $0) } : nil
        let noisy: Bool
        if let eight { noisy = isNoisy(eight) } else { noisy = isNoisy(image) }
        guard noisy, let median = pixMedianFilter(eight?.raw ?? image.raw, 3, 3) else { return image }
        let cleaned = PageImage(taking: median)
        cleaned.setResolution(image.resolution)
        return cleaned
    }
}
