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

    /// Stop word → languages, so each word is looked up once.
    static let index: [String: [String]] = {
        var d: [String: [String]] = [:]
        for (lang, set) in stopwords { for w in set { d[w, default: []].append(lang) } }
        return d
    }()

    /// Guesses from the first `maxWords` words; words are lower-cased letters (ASCII folded fast).
    public static func guess(_ text: String, maxWords: Int = 1500) -> String {
        var counts: [String: Int] = [:]
        var words = 0
        var current = String.UnicodeScalarView()
        func finish() {
            guard !current.isEmpty else { return }
            words += 1
            if current.count <= 5, let langs = index[String(current)] { for l in langs { counts[l, default: 0] += 1 } }
            current.removeAll(keepingCapacity: true)
        }
        for s in text.unicodeScalars {
            if words >= maxWords { break }
            let v = s.value
            if (0x61...0x7A).contains(v) { current.append(s) }
            else if (0x41...0x5A).contains(v) { current.append(Unicode.Scalar(v + 0x20)!) }
            else if v >= 0xC0, s.properties.isAlphabetic { current.append(contentsOf: String(s).lowercased().unicodeScalars) }
            else { finish() }
        }
        finish()
        guard let best = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }),
              best.value >= 2, Double(best.value) >= Double(words) * 0.03 else { return "und" }
        return best.key
    }
}
