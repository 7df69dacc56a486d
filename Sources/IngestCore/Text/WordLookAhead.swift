import Foundation

/// Hyphen joining (`Normalizer.joinHyphenation`) asks the dictionaries (`WordList`) about words
/// cut at a line end, after extraction, and opening them costs (hunspell: ≈ 80 ms for three).
/// An extractor that meets such a word while it assembles its blocks says so (`wordCut()`), and
/// the pipeline, which runs the extraction inside `whileExtracting`, starts opening them then on
/// an idle core. Text without a cut word opens nothing. Bound to the extracting thread (its
/// thread dictionary: a task-local value crashes in a forked worker's thread), so neither the
/// `Extractor` protocol nor its context changes for it.
public enum WordLookAhead {
    private static let key = "ingest.wordLookAhead"

    /// What a cut word met on this thread starts (the pipeline's opening of the dictionaries).
    private final class Opening: Sendable {
        let start: @Sendable () -> Void
        init(_ start: @escaping @Sendable () -> Void) { self.start = start }
    }

    /// Runs `body` (an extraction) with `opening` started by a cut word it meets on this thread.
    public static func whileExtracting<T>(opening: @escaping @Sendable () -> Void, _ body: () throws -> T) rethrows -> T {
        let dictionary = Thread.current.threadDictionary
        let previous = dictionary[key]
        dictionary[key] = Opening(opening)
        defer { dictionary[key] = previous }
        return try body()
    }

    /// An extractor met a word cut at a line end: the dictionaries will be asked.
    public static func wordCut() { (Thread.current.threadDictionary[key] as? Opening)?.start() }
}
