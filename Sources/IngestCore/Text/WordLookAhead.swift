import Foundation
import Synchronization

/// Hyphen joining (`Normalizer.joinHyphenation`) asks the dictionaries (`WordList`) about words
/// cut at a line end, after extraction, and opening them costs (hunspell: ≈ 100 ms for three).
/// An extractor that meets such a word says so (`wordCut()`) — the first look at a PDF's lines
/// after its page walk (`RunningHeaders.detect`), or its blocks (`BlockBuilder`) — and the
/// pipeline, which runs the extraction inside `whileExtracting`, starts opening them then on an
/// idle core, once. Text without a cut word opens nothing. Bound to the extracting thread (its
/// thread dictionary: a task-local value crashes in a forked worker's thread), so neither the
/// `Extractor` protocol nor its context changes for it.
///
/// The same way, an extractor whose pages are all read (a PDF's page walk is over, its cores
/// idle again) says so (`pagesRead()`), and the pipeline starts then what it will need after
/// the extraction (the study sheet's lexicon): the extractor's serial rest (running headers,
/// blocks) and the document's building run beside it instead of before it.
public enum WordLookAhead {
    private static let key = "ingest.wordLookAhead"

    /// What this thread's extraction starts, each once: `opening` at a cut word (the pipeline's
    /// opening of the dictionaries), `afterPages` when its pages are read.
    private final class Opening: Sendable {
        let start: @Sendable (String) -> Void
        let afterPages: (@Sendable () -> Void)?
        let started = Mutex(false), pagesStarted = Mutex(false)
        init(_ start: @escaping @Sendable (String) -> Void, afterPages: (@Sendable () -> Void)?) {
            self.start = start
            self.afterPages = afterPages
        }
        func startOnce(_ sample: String) {
            if started.withLock({ s in defer { s = true }; return !s }) { start(sample) }
        }
        func pagesReadOnce() {
            guard let afterPages else { return }
            if pagesStarted.withLock({ s in defer { s = true }; return !s }) { afterPages() }
        }
    }

    /// Runs `body` (an extraction) with `opening` started by a cut word it meets on this thread,
    /// and `afterPages` once it says its pages are read.
    public static func whileExtracting<T>(opening: @escaping @Sendable () -> Void, afterPages: (@Sendable () -> Void)? = nil,
                                          _ body: () throws -> T) rethrows -> T {
        try whileExtracting(openingFor: { _ in opening() }, afterPages: afterPages, body)
    }

    /// `whileExtracting`, `opening` given the text where the first cut word was met (its page's,
    /// or empty when the extractor gave none): what the text's language will need is opened.
    public static func whileExtracting<T>(openingFor opening: @escaping @Sendable (String) -> Void, afterPages: (@Sendable () -> Void)? = nil,
                                          _ body: () throws -> T) rethrows -> T {
        let dictionary = Thread.current.threadDictionary
        let previous = dictionary[key]
        dictionary[key] = Opening(opening, afterPages: afterPages)
        defer { dictionary[key] = previous }
        return try body()
    }

    /// An extractor met a word cut at a line end: the dictionaries will be asked.
    public static func wordCut(in sample: String = "") { (Thread.current.threadDictionary[key] as? Opening)?.startOnce(sample) }

    /// An extractor has read all its pages (on its extracting thread; a no-op elsewhere).
    public static func pagesRead() { (Thread.current.threadDictionary[key] as? Opening)?.pagesReadOnce() }

    /// Whether `line` ends in a word cut by a hyphen (a letter, then `-` or U+2010, spaces after)
    /// that `next` carries on in lower case: what hyphen joining decides.
    public static func cutsAWord(_ line: String, before next: String) -> Bool {
        let end = line.unicodeScalars.reversed().drop { $0.properties.isWhitespace }
        guard let hyphen = end.first, hyphen == "-" || hyphen == "\u{2010}",
              let letter = end.dropFirst().first, letter.properties.isAlphabetic,
              let first = next.unicodeScalars.first(where: { !$0.properties.isWhitespace }) else { return false }
        return first.properties.isLowercase
    }

    /// Whether two lines in a row of `lines` cut a word (`cutsAWord`).
    public static func cutsAWord(_ lines: some Collection<String>) -> Bool {
        var previous: String?
        for line in lines {
            if let previous, cutsAWord(previous, before: line) { return true }
            previous = line
        }
        return false
    }
}
