/// What two sketches say of the two shingle sets behind them, bin by bin. In a bin that either
/// text fills, the smaller of the two minima is the minimum of the union's shingles there: a
/// uniform draw from the union. It is in both texts when the minima are equal, in the first text
/// only when the first minimum is smaller (the second text has nothing smaller there), in the
/// second only otherwise. So one sketch of each text estimates the three parts of their union —
/// and in which direction two texts differ, not only how much.
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

    /// The overlap of two sketches (all zero when either is empty or their sizes differ).
    public init(_ a: [UInt32], _ b: [UInt32]) {
        self.init(shared: 0, onlyFirst: 0, onlySecond: 0)
        guard !a.isEmpty, a.count == b.count else { return }
        for i in a.indices {
            let x = a[i], y = b[i]
            if x == y { if x != .max { shared += 1 } } else if x < y { onlyFirst += 1 } else { onlySecond += 1 }
        }
    }

    /// Estimated Jaccard index |A ∩ B| / |A ∪ B|.
    public var jaccard: Double {
        let used = shared + onlyFirst + onlySecond
        return used == 0 ? 0 : Double(shared) / Double(used)
    }

    /// The similarity the library decides with (SPEC §6): the share of the larger text's shingles
    /// that the other text has too, |A ∩ B| / max(|A|, |B|) — the smaller of the two containments.
    ///
    /// Why not the Jaccard index: noise (OCR, typos, another format's line breaks) changes both
    /// texts alike, each has shingles the other lacks; a revision that adds or removes text
    /// changes one side only. At equal Jaccard index the two are told apart: with a share e of
    /// each text's shingles garbled, Jaccard is (1 − e) / (1 + e) and this is 1 − e; a v2 with
    /// a quarter of new text has Jaccard 0.8 and this 0.8 too. Noise at Jaccard 0.82 (a degraded
    /// scan) scores 0.9 here, the revision 0.8: a threshold between them holds both
    /// (bench/neardup/RESULTS.md). Always between the Jaccard index J and 2J / (1 + J).
    public var similarity: Double {
        let larger = shared + Swift.max(onlyFirst, onlySecond)
        return larger == 0 ? 0 : Double(shared) / Double(larger)
    }
}
