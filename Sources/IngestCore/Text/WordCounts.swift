import Foundation

/// How many times each word was seen, keyed by the word's UTF-8 bytes (a `WordTable`, its counts
/// beside it by id). What a `[String: Int]` counted, without a String made and hashed for each word read
/// (`Normalizer.OwnSpellings` reads every word of a book: 128,000 on gnuplot.pdf's 311 pages, at
/// ≈ 1,100 instructions each through a dictionary, on the serial rest of a PDF's conversion).
/// Each word also has an id, the number of different words added before it (a line's id for
/// `RunningHeaders.pagesAlike`).
///
/// Equality is a String's (canonical equivalence): words are kept as NFC bytes, and a word asked
/// or added that may not be NFC is turned to NFC first, so `é` written as `e` + U+0301 and as
/// U+00E9 are one word, as they were as dictionary keys.
public struct WordCounts: Sendable, Equatable {
    /// The words, by id (`WordTable`: NFC bytes in one array, an open-addressing table).
    private var words = WordTable()
    /// By id, how many times the word was added.
    private var counts: [Int] = []

    public init() {}

    /// How many different words were added.
    public var count: Int { counts.count }
    public var isEmpty: Bool { counts.isEmpty }

    /// How many times `word` was added, nil when never.
    public subscript(_ word: String) -> Int? {
        words.id(of: word).map { counts[$0] }
    }

    /// Counts `word` once more; its id.
    @discardableResult
    public mutating func add(_ word: String) -> Int {
        counted(words.insert(word))
    }

    /// Counts once more the word whose UTF-8 bytes are `key` (a String's bytes: valid UTF-8); its id.
    @discardableResult
    public mutating func add(bytes key: UnsafeBufferPointer<UInt8>) -> Int {
        counted(words.insert(bytes: key))
    }

    /// Every word and its count (for tests and comparisons).
    public var dictionary: [String: Int] {
        var out: [String: Int] = [:]
        for id in counts.indices { out[words.word(id)] = counts[id] }
        return out
    }

    public static func == (a: WordCounts, b: WordCounts) -> Bool { a.dictionary == b.dictionary }

    @inline(__always) private mutating func counted(_ added: (id: Int, inserted: Bool)) -> Int {
        if added.inserted { counts.append(1) } else { counts[added.id] += 1 }
        return added.id
    }
}
