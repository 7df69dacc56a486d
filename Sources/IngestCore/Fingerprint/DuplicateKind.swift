import Foundation

/// SPEC §6: what an earlier import is to a new one, from the overlap of their sketches
/// (`SketchOverlap`: the Jaccard index of their character 5-gram sets, and how much of each text
/// lies outside the other) and the two thresholds of `pipeline.json`
/// (`library.nearDuplicateThreshold`, `library.revisionThreshold`), which bear on the similarity
/// (the Jaccard index).
///
/// Why these numbers hold (bench/neardup/RESULTS.md, exact 5-gram sets of real texts): the same
/// text through another format scores 0.98–1, a degraded scan's OCR 0.82 and up, light edits 0.9
/// and up; revisions with a quarter or more rewritten 0.77 and below; different texts on the same
/// subject under 0.4. And one case the Jaccard index alone cannot tell: v1 with a quarter of new
/// text added has 1 / 1.25 = 0.8, on the near line. Its difference is all on one side; noise
/// garbles both sides. So a near-duplicate also needs `containment` (the share of the larger
/// text found in the other) of at least `nearContainment(near)`, halfway between what one-sided
/// change (containment = J) and even noise (containment = 2J / (1 + J)) give at the threshold J:
/// 0.844 at 0.8. The worst scan has 0.89, text added at 0.8 has 0.8.
public enum DuplicateKind {
    /// The kind from the similarity only (a same-title listing, a threshold check).
    public static func of(similarity: Double, sameContent: Bool = false,
                          near: Double, revision: Double) -> DuplicateRef.Kind {
        if sameContent { return .exact }
        if similarity >= near { return .near }
        if similarity >= revision { return .revision }
        return .distinct
    }

    /// The kind from two sketches' overlap: `near` needs the similarity and the containment.
    public static func of(_ overlap: SketchOverlap, sameContent: Bool = false,
                          near: Double, revision: Double) -> DuplicateRef.Kind {
        let kind = of(similarity: overlap.jaccard, sameContent: sameContent, near: near, revision: revision)
        return kind == .near && overlap.containment < nearContainment(near) ? .revision : kind
    }

    /// The containment a near-duplicate needs at the near threshold `near`.
    public static func nearContainment(_ near: Double) -> Double { (near + 2 * near / (1 + near)) / 2 }

    /// A similarity as documents show it: three decimals.
    public static func rounded(_ similarity: Double) -> Double { (similarity * 1000).rounded() / 1000 }
}
