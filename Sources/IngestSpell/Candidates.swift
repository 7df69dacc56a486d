/// Words a misread word may have been: the dictionary words one OCR confusion (`rn`→`m`, `l`→`i`,
/// `cl`→`d`, a lost accent…) or two away, then one ordinary edit away, then hunspell's own
/// suggestions within two edits (those are slow, so a document has a budget of them).
struct CandidateGenerator {
    enum Kind: Int, Comparable {
        case suggestion = 0, edit = 1, twoConfusions = 2, confusion = 3
        static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
    }
    struct Candidate: Equatable {
        var word: String
        var kind: Kind
        /// Order among hunspell's suggestions (0 for the others).
        var rank: Int
    }

    /// What OCR engines confuse, each way round: shapes (rn/m, cl/d, li/h, l/i/1/I, O/0) and the
    /// accents a scan loses.
    static let confusions: [(String, String)] = {
        let pairs: [(String, String)] = [
            ("rn", "m"), ("cl", "d"), ("li", "h"), ("ri", "n"), ("vv", "w"), ("ii", "u"), ("in", "m"), ("nn", "m"),
            ("l", "i"), ("l", "t"), ("f", "t"), ("c", "e"), ("n", "u"), ("h", "b"), ("o", "c"), ("a", "o"),
            ("i", "j"), ("e", "é"), ("e", "è"), ("e", "ê"), ("e", "ë"), ("é", "è"), ("a", "à"), ("a", "â"),
            ("u", "ù"), ("u", "û"), ("i", "î"), ("i", "ï"), ("o", "ô"), ("c", "ç"), ("fi", "ﬁ"),
        ]
        return pairs.flatMap { [($0.0, $0.1), ($0.1, $0.0)] }
    }()

    /// Digits read in place of letters (`c1asse`, `l0i`, `5ol`).
    static let digitLetters: [Character: [Character]] = ["0": ["o"], "1": ["l", "i"], "5": ["s"], "8": ["b"], "6": ["b"]]

    let alphabet: [Character]
    let isKnown: (String) -> Bool

    init(language: String?, isKnown: @escaping (String) -> Bool) {
        var letters = Array("abcdefghijklmnopqrstuvwxyz")
        if language == "fr" { letters += Array("àâäçéèêëîïôöùûüÿœ") }
        alphabet = letters
        self.isKnown = isKnown
    }

    /// Every way of applying one confusion to `word`.
    static func confusionVariants(_ word: String) -> [String] {
        let chars = Array(word)
        var out: [String] = []
        for (from, to) in confusions {
            let f = Array(from), t = Array(to)
            guard f.count <= chars.count else { continue }
            var i = 0
            while i + f.count <= chars.count {
                if Array(chars[i..<(i + f.count)]) == f {
                    out.append(String(chars[..<i] + t + chars[(i + f.count)...]))
                }
                i += 1
            }
        }
        return out
    }

    /// Dictionary words one or two confusions away (a scan may lose both accents of `élève`).
    func confusionCandidates(_ word: String) -> [Candidate] {
        var seen: Set<String> = [word]
        var out: [Candidate] = []
        let first = Self.confusionVariants(word)
        for v in first where seen.insert(v).inserted && isKnown(v) { out.append(Candidate(word: v, kind: .confusion, rank: 0)) }
        var tried = 0
        for v in first {
            for w in Self.confusionVariants(v) where seen.insert(w).inserted {
                tried += 1
                if isKnown(w) { out.append(Candidate(word: w, kind: .twoConfusions, rank: 0)) }
                if tried > 4000 { return out }
            }
        }
        return out
    }

    /// Dictionary words one insertion, deletion, substitution or transposition away.
    func editCandidates(_ word: String) -> [Candidate] {
        let chars = Array(word)
        var seen: Set<String> = [word]
        var out: [Candidate] = []
        func consider(_ c: [Character]) {
            let s = String(c)
            if seen.insert(s).inserted, isKnown(s) { out.append(Candidate(word: s, kind: .edit, rank: 0)) }
        }
        for i in 0..<chars.count {
            var c = chars; c.remove(at: i); if !c.isEmpty { consider(c) }
            if i + 1 < chars.count { var t = chars; t.swapAt(i, i + 1); consider(t) }
            for a in alphabet where a != chars[i] { var r = chars; r[i] = a; consider(r) }
        }
        for i in 0...chars.count { for a in alphabet { var c = chars; c.insert(a, at: i); consider(c) } }
        return out
    }

    /// Dictionary words the digits of `word` may stand for (`c1asse` → `classe`); at most two digits.
    func digitCandidates(_ word: String) -> [Candidate] {
        var variants: [[Character]] = [[]]
        var digits = 0
        for ch in word {
            if let letters = Self.digitLetters[ch] {
                digits += 1
                variants = variants.flatMap { v in letters.map { v + [$0] } }
            } else if ch.isNumber {
                return []   // a digit that reads as no letter: a real number (`H2O`, `CO2`)
            } else {
                variants = variants.map { $0 + [ch] }
            }
            if digits > 2 { return [] }
        }
        return variants.map { String($0) }.filter(isKnown).map { Candidate(word: $0, kind: .confusion, rank: 0) }
    }

    /// Levenshtein distance, stopping early beyond `limit`.
    static func distance(_ a: String, _ b: String, limit: Int = 2) -> Int {
        let x = Array(a), y = Array(b)
        if x.isEmpty || y.isEmpty { return max(x.count, y.count) }
        if abs(x.count - y.count) > limit { return limit + 1 }
        var prev = Array(0...y.count)
        for i in 1...x.count {
            var cur = [i] + Array(repeating: 0, count: y.count)
            var best = cur[0]
            for j in 1...y.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
                best = min(best, cur[j])
            }
            if best > limit { return limit + 1 }
            prev = cur
        }
        return prev[y.count]
    }
}
