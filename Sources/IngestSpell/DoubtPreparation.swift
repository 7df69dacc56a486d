import Foundation
import IngestCore

extension DoubtFinder {
    /// Does ahead the costly part of the doubtful-word check of a document still being OCR'd:
    /// opens the dictionaries and looks up the unknown words of `pages` (hunspell's verdicts and
    /// suggestions are kept by `SpellDictionary`), so the check after the last page finds them
    /// done. The check itself, and so the document, is unchanged: only when the work is done
    /// moves. Run by the OCR on a core that would otherwise wait for the last page
    /// (`ExtractionContext.ocrTailWork`). Nothing is opened for no text, or for a language without
    /// dictionaries (a document the check will not look up never maps hunspell).
    public static func lookUpAhead(_ pages: [String], options: Options = Options()) {
        let text = pages.joined(separator: "\n\n")
        guard !text.isEmpty else { return }
        let language = LanguageGuesser.guess(text)
        guard !SpellDictionary.names(for: language).isEmpty else { return }
        _ = DoubtFinder(documentLanguage: language, options: options).doubtfulWords(in: text)
    }
}
