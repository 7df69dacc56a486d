import IngestCore

/// The words of one of the Lexicon's sources and their classes: a `WordTable` (the words' NFC
/// bytes in one array, an open-addressing table), each word's classes its flags. What a
/// `[String: Classes]` answered, without a String made and hashed for each of the 240,000 words
/// read at every start (WordNet's indexes and fr.dic: 0.06 s of CPU that way, on the study
/// sheet's path). Equality is a String's, canonical equivalence (`WordTable`): `Ω` (OHM SIGN, as
/// fr.dic writes it) and `Ω` (GREEK CAPITAL OMEGA) are one word, as they were as dictionary keys.
struct LexiconTable: Sendable {
    typealias Classes = Lexicon.Classes

    private var words: WordTable

    /// A table for about `capacity` words (it grows past them).
    init(capacity: Int = 0) {
        words = WordTable(capacity: capacity, averageLength: 9)
    }

    /// A table of these words and classes (tests, the empty lexicon).
    init(_ words: [String: Classes]) {
        self.init(capacity: words.count)
        for (word, classes) in words { insert(word, classes) }
    }

    var count: Int { words.count }
    var isEmpty: Bool { words.isEmpty }

    /// The classes of `word`, nil when the table does not hold it.
    subscript(_ word: String) -> Classes? {
        words.flags(of: word).map { Classes(rawValue: $0) }
    }

    /// Adds `classes` to those of `word`.
    mutating func insert(_ word: String, _ classes: Classes) {
        words.insert(word, flags: classes.rawValue)
    }

    /// Adds `classes` to those of the word whose UTF-8 bytes are `key` (any bytes of a String).
    mutating func insert(bytes key: UnsafeBufferPointer<UInt8>, _ classes: Classes) {
        words.insert(bytes: key, flags: classes.rawValue)
    }
}
