/// Figures of an extracted text against its expected text, with the definitions of
/// `shared/tools/textdiff.py` (both texts normalized first: Unicode NFC, whitespace runs collapsed
/// to one space, trimmed; case and accents kept):
/// - `cer`: Levenshtein distance between the characters (Unicode scalars) ÷ the expected length;
/// - `wer`: the same over words (runs of letters, digits and `_`, punctuation left out);
/// - `wordRecall` / `wordPrecision`: the words as multisets, order ignored: the share of the
///   expected text's words found in the text, and the reverse.
public struct TextScores: Codable, Sendable, Equatable {
    public var cer: Double
    public var wer: Double
    public var wordRecall: Double
    public var wordPrecision: Double
    /// Lengths after normalization, in Unicode scalars.
    public var referenceCharacters: Int
    public var hypothesisCharacters: Int

    public init(cer: Double, wer: Double, wordRecall: Double, wordPrecision: Double,
                referenceCharacters: Int, hypothesisCharacters: Int) {
        self.cer = cer; self.wer = wer; self.wordRecall = wordRecall; self.wordPrecision = wordPrecision
        self.referenceCharacters = referenceCharacters; self.hypothesisCharacters = hypothesisCharacters
    }
}

/// What a text shows on its own, without an expected text.
public struct TextSignals: Codable, Sendable, Equatable {
    /// Unicode scalars and words (as `TextScores` counts them).
    public var characters: Int
    public var words: Int
    /// U+FFFD REPLACEMENT CHARACTER: bytes that could not be decoded.
    public var replacementCharacters: Int
    /// UTF-8 read as Latin-1/Windows-1252 (`Ã©`, `â€™`, `Ã¨`…), counted per sequence.
    public var mojibake: Int
    /// Words absent from the dictionary that are in it once accents are put back
    /// (`ecole` where the list has `école`): accents lost on the way.
    public var lostDiacritics: Int
    /// The word list used (`fr`, `en`), nil when none is installed for the text's language.
    public var vocabulary: String?
    /// Share of the words checked (letters only, at least two, not all capitals) that the word
    /// list lacks, case folded; nil without a word list.
    public var outOfVocabularyRatio: Double?

    public init(characters: Int, words: Int, replacementCharacters: Int, mojibake: Int, lostDiacritics: Int,
                vocabulary: String?, outOfVocabularyRatio: Double?) {
        self.characters = characters; self.words = words; self.replacementCharacters = replacementCharacters
        self.mojibake = mojibake; self.lostDiacritics = lostDiacritics; self.vocabulary = vocabulary
        self.outOfVocabularyRatio = outOfVocabularyRatio
    }
}
