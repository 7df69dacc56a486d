import IngestCore

/// The words of one of the Lexicon's sources and their classes: the words in a `WordTable` (their
/// NFC bytes in one array, an open-addressing table), their classes beside it by id. What a
/// `[String: Classes]` answered, without a String made and hashed for each of the 240,000 words
/// read at every start (WordNet's indexes and fr.dic: 0.06 s of CPU that way, on the study
/// sheet's path). Equality is a String's, canonical equivalence (`WordTable`): `Ω` (OHM SIGN, as
/// fr.dic writes it) and `Ω` (GREEK CAPITAL OMEGA) are one word, as they were as dictionary keys.
struct LexiconTable: Sendable {
    typealias Classes = Lexicon.Classes

    private var words: WordTable
    /// By id, the word's classes.
    private var classes: [UInt8] = []

    /// A table for about `capacity` words (it grows past them).
    init(capacity: Int = 0) {
        words = WordTable(capacity: capacity, averageLength: 9)
        classes.reserveCapacity(capacity)
    }

    /// A table of these words and classes (tests, the empty lexicon).
    init(_ words: [String: Classes]) {
        self.init(capacity: words.count)
        for (word, classes) in words { insert(word, classes) }
    }

    var count: Int { classes.count }
    var isEmpty: Bool { classes.isEmpty }

    /// The classes of `word`, nil when the table does not hold it.
    subscript(_ word: String) -> Classes? {
        words.id(of: word).map { Classes(rawValue: classes[$0]) }
    }

    /// Adds `classes` to those of `word`.
    mutating func insert(_ word: String, _ classes: Classes) {
        adding(classes, to: words.insert(word))
    }

    /// Adds `classes` to those of the word whose UTF-8 bytes are `key` (any bytes of a String).
    mutating func insert(bytes key: UnsafeBufferPointer<UInt8>, _ classes: Classes) {
        adding(classes, to: words.insert(bytes: key))
    }

    @inline(__always) private mutating func adding(_ added: Classes, to word: (id: Int, inserted: Bool)) {
        if word.inserted { classes.append(added.rawValue) } else { classes[word.id] |= added.rawValue }
    }
}
