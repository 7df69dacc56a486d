/// The distinct words of a text sorted, each with where it first occurs, so that "the first word
/// of the text that starts with P" is a binary search and a scan of the words starting with P —
/// not a pass over every word of the text for every prefix keyword.
struct PrefixIndex {
    private let sorted: [(word: String, first: Int)]

    /// `occurrences`: each distinct word and the positions where it occurs (in text order).
    init(_ occurrences: [String: [Int]]) {
        sorted = occurrences.compactMap { w, at in at.first.map { (w, $0) } }
            .sorted { $0.word.utf8.lexicographicallyPrecedes($1.word.utf8) }
    }

    /// The word that occurs first in the text among those starting with `prefix`, or nil.
    func firstWord(withPrefix prefix: String) -> String? {
        let p = Array(prefix.utf8)
        // Lower bound: the first word not ordered before `prefix` (UTF-8 byte order, in which
        // every word starting with `prefix` follows it, contiguously).
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid].word.utf8.lexicographicallyPrecedes(p) { low = mid + 1 } else { high = mid }
        }
        var best: (word: String, first: Int)?
        var i = low
        while i < sorted.count, sorted[i].word.utf8.starts(with: p) {
            if best == nil || sorted[i].first < best!.first { best = sorted[i] }
            i += 1
        }
        return best?.word
    }
}
