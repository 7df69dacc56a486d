/// A light language guess from function words, enough to tell French from English (and a few
/// neighbours) in course material. Returns an ISO 639-1 code or `und`.
public enum LanguageGuesser {
    static let stopwords: [String: Set<String>] = [
        "fr": ["le", "la", "les", "des", "est", "une", "et", "du", "dans", "que", "qui", "pour", "pas", "sur", "au", "avec", "ce", "sont", "il", "elle", "nous", "vous", "par", "plus", "aux", "cette", "ou", "on"],
        "en": ["the", "and", "of", "to", "is", "in", "that", "it", "for", "are", "with", "as", "this", "was", "on", "be", "by", "not", "or", "from", "which", "an", "we", "you", "they", "have", "has"],
        "de": ["der", "die", "und", "das", "ist", "nicht", "mit", "den", "ein", "eine", "zu", "auf", "sich", "für", "von", "dem", "auch", "es"],
        "es": ["el", "los", "las", "y", "es", "una", "por", "con", "para", "del", "se", "lo", "como", "pero", "su", "al", "más", "este"],
        "it": ["il", "di", "che", "è", "per", "una", "sono", "della", "con", "non", "gli", "nel", "alla", "anche", "questo"],
    ]

    /// Stop word (FNV-1a hash of its lower-case UTF-8) → languages, so a word is looked up
    /// without building a String.
    static let index: [UInt64: [String]] = {
        var d: [UInt64: [String]] = [:]
        for (lang, set) in stopwords { for w in set { d[hash(Array(w.utf8)), default: []].append(lang) } }
        return d
    }()

    @inline(__always) static func hash<C: Collection>(_ bytes: C) -> UInt64 where C.Element == UInt8 {
        var h: UInt64 = 0xcbf29ce484222325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100000001b3 }
        return h
    }

    /// Guesses from the first `maxWords` words; words are lower-cased letters.
    public static func guess(_ text: String, maxWords: Int = 400) -> String {
        var counts: [String: Int] = [:]
        var words = 0
        var current: [UInt8] = []
        current.reserveCapacity(32)
        func finish() {
            guard !current.isEmpty else { return }
            words += 1
            if current.count <= 12, let langs = index[hash(current)] { for l in langs { counts[l, default: 0] += 1 } }
            current.removeAll(keepingCapacity: true)
        }
        for s in text.unicodeScalars {
            if words >= maxWords { break }
            let v = s.value
            if (0x61...0x7A).contains(v) { current.append(UInt8(v)) }
            else if (0x41...0x5A).contains(v) { current.append(UInt8(v + 0x20)) }
            else if v >= 0xC0, s.properties.isAlphabetic {
                for l in s.properties.lowercaseMapping.unicodeScalars { current.append(contentsOf: UTF8.encode(l)!) }
            }
            else { finish() }
        }
        finish()
        guard let best = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }),
              best.value >= 2, Double(best.value) >= Double(words) * 0.03 else { return "und" }
        return best.key
    }
}
