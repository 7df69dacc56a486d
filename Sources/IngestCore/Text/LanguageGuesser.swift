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

    /// The languages, in code order (ties between counts go to the first).
    static let languages: [String] = stopwords.keys.sorted()

    /// Stop words by the FNV-1a hash of their lower-case UTF-8, in an open-addressing table of
    /// (hash, bit set of languages): a word is looked up without building a String or hashing
    /// it a second time.
    static let table: [(hash: UInt64, languages: UInt32)] = {
        var t = [(hash: UInt64, languages: UInt32)](repeating: (0, 0), count: tableSize)
        for (l, lang) in languages.enumerated() {
            for w in stopwords[lang]! {
                let h = hash(Array(w.utf8))
                var slot = Int(h & UInt64(tableSize - 1))
                while t[slot].languages != 0 && t[slot].hash != h { slot = (slot + 1) & (tableSize - 1) }
                t[slot].hash = h
                t[slot].languages |= 1 << UInt32(l)
            }
        }
        return t
    }()
    static let tableSize = 512

    @inline(__always) static func hash<C: Collection>(_ bytes: C) -> UInt64 where C.Element == UInt8 {
        var h: UInt64 = 0xcbf29ce484222325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100000001b3 }
        return h
    }

    /// Guesses from the first `maxWords` words; words are lower-cased letters.
    public static func guess(_ text: String, maxWords: Int = 400) -> String {
        table.withUnsafeBufferPointer { table in
            var counts = [Int](repeating: 0, count: languages.count)
            var words = 0
            // The current word as its running FNV-1a hash and byte length.
            var h: UInt64 = 0xcbf29ce484222325, length = 0
            @inline(__always) func add(_ b: UInt8) { h = (h ^ UInt64(b)) &* 0x100000001b3; length += 1 }
            func finish() {
                guard length > 0 else { return }
                words += 1
                if length <= 12 {
                    var slot = Int(h & UInt64(tableSize - 1))
                    while table[slot].languages != 0 {
                        if table[slot].hash == h {
                            var set = table[slot].languages
                            while set != 0 { counts[set.trailingZeroBitCount] += 1; set &= set - 1 }
                            break
                        }
                        slot = (slot + 1) & (tableSize - 1)
                    }
                }
                h = 0xcbf29ce484222325
                length = 0
            }
            for s in text.unicodeScalars {
                if words >= maxWords { break }
                let v = s.value
                if (0x61...0x7A).contains(v) { add(UInt8(v)) }
                else if (0x41...0x5A).contains(v) { add(UInt8(v + 0x20)) }
                else if v >= 0xC0, s.properties.isAlphabetic {
                    for l in s.properties.lowercaseMapping.unicodeScalars { for b in UTF8.encode(l)! { add(b) } }
                }
                else { finish() }
            }
            finish()
            var best = 0
            for l in counts.indices where counts[l] > counts[best] { best = l }
            guard counts[best] >= 2, Double(counts[best]) >= Double(words) * 0.03 else { return "und" }
            return languages[best]
        }
    }
}

extension LanguageGuesser {
    /// The language a document declares (`dc:language`, `w:lang`, `xml:lang`…) unless its text
    /// clearly says otherwise. The text is guessed in up to nine slices spread over the whole of it,
    /// not on its first page only (an English licence in front of a French manual): the declared
    /// language loses only when one other language wins most slices and over twice as many as it.
    public static func confirm(_ declared: String, against text: String) -> String {
        // Slices by UTF-8 offset: a character cut at an edge only ends a word there.
        let bytes = text.utf8, total = bytes.count
        let sliceLength = 3_000, maxSlices = 9
        let count = max(1, min(maxSlices, total / sliceLength))
        let step = count > 1 ? (total - sliceLength) / (count - 1) : 0
        var votes: [String: Int] = [:]
        for k in 0..<count {
            let start = bytes.index(bytes.startIndex, offsetBy: k * step)
            let end = bytes.index(start, offsetBy: min(sliceLength, total - k * step))
            votes[guess(String(decoding: bytes[start..<end], as: UTF8.self)), default: 0] += 1
        }
        votes["und"] = nil
        guard let (other, n) = votes.filter({ $0.key != declared }).max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }),
              n * 2 > count, n > 2 * (votes[declared] ?? 0) else { return declared }
        return other
    }
}
