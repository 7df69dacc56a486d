import Foundation

/// SPEC §6: what an earlier import is to a new one, from the similarity of their sketches
/// (`Fingerprinter.similarity`, an estimate of the Jaccard similarity of their character 5-gram
/// sets) and the two thresholds of `pipeline.json` (`library.nearDuplicateThreshold`,
/// `library.revisionThreshold`).
///
/// Why these numbers hold (bench/neardup): the same text through another format (a `.docx` and
/// its PDF export, captions and the transcript) scores 0.9–1; OCR noise of a few characters in a
/// hundred costs about five shingles each, 0.8–0.95; a chapter with a tenth of it rewritten
/// scores (1 − 0.1) / (1 + 0.1) ≈ 0.8, a third rewritten 0.5; different texts on the same subject
/// and in the same language stay under 0.4.
public enum DuplicateKind {
    public static func of(similarity: Double, sameContent: Bool = false,
                          near: Double, revision: Double) -> DuplicateRef.Kind {
        if sameContent { return .exact }
        if similarity >= near { return .near }
        if similarity >= revision { return .revision }
        return .distinct
    }

    /// A similarity as documents show it: three decimals.
    public static func rounded(_ similarity: Double) -> Double { (similarity * 1000).rounded() / 1000 }
}
