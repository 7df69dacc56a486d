/// What two sketches say of the two shingle sets behind them, bin by bin. In a bin that either
/// text fills, the smaller of the two minima is the minimum of the union's shingles there: a
/// uniform draw from the union. It is in both texts when the minima are equal, in the first text
/// only when the first minimum is smaller (the second text has nothing smaller there), in the
/// second only otherwise. So one sketch of each text estimates the three parts of their union:
/// how much two texts differ, and on which side.
public struct SketchOverlap: Sendable, Equatable {
    /// Bins whose union minimum is a shingle of both texts.
    public var shared: Int
    /// Bins whose union minimum is a shingle of the first text only.
    public var onlyFirst: Int
    /// Bins whose union minimum is a shingle of the second text only.
    public var onlySecond: Int

    public init(shared: Int, onlyFirst: Int, onlySecond: Int) {
        self.shared = shared; self.onlyFirst = onlyFirst; self.onlySecond = onlySecond
    }

    /// The overlap of two sketches (all zero when either is empty). A sketch of more bins is
    /// folded to the other's size first (`Fingerprinter.folded`): sketches of 128 bins, written
    /// before sketches had 512, still compare.
    public init(_ a: [UInt32], _ b: [UInt32]) {
        self.init(shared: 0, onlyFirst: 0, onlySecond: 0)
        guard !a.isEmpty, !b.isEmpty else { return }
        guard a.count == b.count else {
            guard let (x, y) = Fingerprinter.sameSize(a, b) else { return }
            self = SketchOverlap(x, y)
            return
        }
        for i in a.indices {
            let x = a[i], y = b[i]
            if x == y { if x != .max { shared += 1 } } else if x < y { onlyFirst += 1 } else { onlySecond += 1 }
        }
    }

    /// Estimated Jaccard index |A ∩ B| / |A ∪ B|: the similarity documents report (SPEC §6).
    public var jaccard: Double {
        let used = shared + onlyFirst + onlySecond
        return used == 0 ? 0 : Double(shared) / Double(used)
    }

    /// Estimated share of the larger text found in the other, |A ∩ B| / max(|A|, |B|): the
    /// smaller of the two containments. Even noise (OCR, typos) garbles both texts alike; text
    /// added to one side only leaves it lower for the same Jaccard index (`DuplicateKind`).
    public var containment: Double {
        let larger = shared + Swift.max(onlyFirst, onlySecond)
        return larger == 0 ? 0 : Double(shared) / Double(larger)
    }
}
