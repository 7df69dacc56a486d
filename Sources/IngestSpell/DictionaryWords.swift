import IngestCore

/// The installed hunspell dictionaries as a `WordList`: a word is a word when any of them accepts
/// it (French course text quotes English, English text is British or American). Opened on the
/// first question (`SpellDictionary.shared`), so text without an end-of-line hyphen never maps
/// hunspell; without hunspell or a dictionary, no word is known and the normalizer falls back on
/// the text's own evidence.
public struct DictionaryWords: WordList {
    public let names: [String]

    public init(names: [String] = ["fr_FR", "en_US", "en_GB"]) { self.names = names }

    /// The dictionaries that decide a text's cut words by its language: an English text's are
    /// English (American, then British) — the French one, the largest to open (≈ 0.26 G
    /// instructions of hunspell's parsing, gnuplot.pdf's 22 questions asked it for nothing), is
    /// not opened for it; any other text's are all three, French first (a French course quotes
    /// English terms).
    public init(language: String) {
        self.init(names: language == "en" ? ["en_US", "en_GB"] : ["fr_FR", "en_US", "en_GB"])
    }

    /// Starts opening the dictionaries in the background (`SpellDictionary.openAhead`), for text
    /// that will be asked about once it is assembled (a PDF's words cut at a line end).
    public func openAhead() { SpellDictionary.openAhead(names) }

    public func contains(_ word: String) -> Bool {
        names.contains { SpellDictionary.shared($0)?.spells(word) == true }
    }

    public func lists(_ word: String) -> Bool {
        names.contains { SpellDictionary.shared($0)?.hasEntry(word) == true }
    }
}
