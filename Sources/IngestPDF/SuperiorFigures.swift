import CPoppler

/// Superior figures: `¹ ² ³` that LaTeX's textcomp (`m²`, `10¹²` typed as Unicode) draws with
/// glyphs of the body font at full size, whose text layer says `1`, `2`, `3` with the box of any
/// digit — `m2`, `1012`, a different number (issue 33). What gives them away is their width: a
/// font's figures are all one width (tabular), its superior figures narrower. So a `1`, `2` or
/// `3` is superior when it is clearly narrower than the page's other figures of its font and
/// size, and, for `1` (the narrow figure of proportional fonts), when a `1` of full width is on
/// the page too or it stands beside a superior `2` or `3`.
enum SuperiorFigures {
    /// Narrower than this share of the font's figures: superior (Latin Modern's: 0.72).
    static let narrower = 0.85

    static func find(_ bytes: UnsafeBufferPointer<UInt8>, _ rects: UnsafeMutablePointer<PopplerRectangle>,
                     fonts: [UInt16], sizes: [Float]) -> Set<Int> {
        guard !fonts.isEmpty else { return [] }
        struct Key: Hashable { var font: UInt16; var size: Float }
        // Figures of the page: their index, value and width, by font and size.
        var figures: [(index: Int, digit: UInt8, width: Double, key: Key)] = []
        var index = 0, i = 0
        while i < bytes.count {
            let b = bytes[i]
            let length = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2
            if length == 1, (0x30...0x39).contains(b), index < fonts.count {
                let r = rects[index]
                figures.append((index, b, abs(r.x2 - r.x1), Key(font: fonts[index], size: sizes[index])))
            }
            i += length; index += 1
        }
        guard figures.contains(where: { $0.digit >= 0x31 && $0.digit <= 0x33 }) else { return [] }
        // The width of figures other than 1, 2 and 3 (which have no superior form in Latin-1).
        var others: [Key: [Double]] = [:]
        for f in figures where !(0x31...0x33).contains(f.digit) { others[f.key, default: []].append(f.width) }
        var full: [Key: Double] = [:]
        for (key, widths) in others {
            let sorted = widths.sorted()
            let median = sorted[sorted.count / 2]
            // Tabular: the figures seen agree within 3 %.
            if sorted.first! >= median * 0.97 && sorted.last! <= median * 1.03 { full[key] = median }
        }
        var narrowTwoThree: Set<Int> = [], narrowOnes: [Int] = []
        var fullOne: Set<Key> = []
        for f in figures where (0x31...0x33).contains(f.digit) {
            guard let width = full[f.key] else { continue }
            if f.width < width * narrower {
                if f.digit == 0x31 { narrowOnes.append(f.index) } else { narrowTwoThree.insert(f.index) }
            } else if f.digit == 0x31, f.width >= width * 0.97 {
                fullOne.insert(f.key)
            }
        }
        var superior = narrowTwoThree
        for one in narrowOnes where fullOne.contains(Key(font: fonts[one], size: sizes[one]))
            || narrowTwoThree.contains(one + 1) || narrowTwoThree.contains(one - 1) {
            superior.insert(one)
        }
        return superior
    }
}
