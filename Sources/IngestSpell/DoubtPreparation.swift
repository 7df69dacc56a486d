import Foundation
import IngestCore

extension DoubtFinder {
    /// Does ahead, on a thread of its own, the costly part of the doubtful-word check of a
    /// document still being OCR'd: opens the dictionaries and looks up the unknown words of the
    /// pages already recognised (hunspell's verdicts and suggestions are kept by
    /// `SpellDictionary`, so the check after the last page finds them done). The check itself,
    /// and so the document, is unchanged: only the time it takes moves.
    ///
    /// With a run's `cores`, it runs only on a core the budget lends — it looks for one every
    /// 50 ms, gives up after a minute, and gives it back when done — so it never delays a page
    /// waiting for a core. Without a budget (a library caller), at once.
    public static func prepare(pagesRecognized: @escaping @Sendable () -> [String], cores: (any CoreBudget)?,
                               options: Options = Options()) {
        let thread = Thread {
            if let cores {
                var tries = 0
                while !cores.tryTake() {
                    tries += 1
                    if tries > 1_200 { return }
                    Thread.sleep(forTimeInterval: 0.05)
                }
            }
            defer { cores?.giveBack() }
            // No page read yet (a single photo), or a language without dictionaries: nothing is
            // opened (a document the check will not look up never maps hunspell).
            let text = pagesRecognized().joined(separator: "\n\n")
            guard !text.isEmpty else { return }
            let language = LanguageGuesser.guess(text)
            guard !SpellDictionary.names(for: language).isEmpty else { return }
            _ = DoubtFinder(documentLanguage: language, options: options).doubtfulWords(in: text)
        }
        thread.name = "ingest-doubt-ahead"
        thread.start()
    }
}
