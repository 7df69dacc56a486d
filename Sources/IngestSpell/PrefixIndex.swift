/// The distinct words of a text sorted, each with where it first occurs, so that "the first word
/// of the text that starts with P" is a binary search and a scan of the words starting with P —
/// not a pass over every word of the text for every prefix keyword.
struct PrefixIndex {
    private let sorted: [(word: WordKey, first: Int)]

    /// `firsts`: each distinct word and where it first occurs in the text.
    init(_ firsts: [WordKey: Int]) {
        sorted = firsts.map { ($0.key, $0.value) }.sorted { $0.word < $1.word }
    }

    /// The word that occurs first in the text among those starting with `prefix`, or nil.
    func firstWord(withPrefix prefix: WordKey) -> WordKey? {
        let p = prefix.bytes
        // Lower bound: the first word not ordered before `prefix` (UTF-8 byte order, in which
        // every word starting with `prefix` follows it, contiguously).
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid].word.bytes.lexicographicallyPrecedes(p) { low = mid + 1 } else { high = mid }
        }
        var best: (word: WordKey, first: Int)?
        var i = low
        while i < sorted.count, sorted[i].word.bytes.starts(with: p) {
            if best == nil || sorted[i].first < best!.first { best = sorted[i] }
            i += 1
        }
        return best?.word
    }
}
