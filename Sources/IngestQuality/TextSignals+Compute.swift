extension TextSignals {
    /// The signals of `text` on its own. `vocabulary` is the word list of `language`
    /// (`Vocabulary.forLanguage(language)`); a list of another language is not used, since it
    /// would count every word as unknown, and without one the dictionary figures are nil (0 for
    /// `lostDiacritics`).
    ///
    /// Words are checked (for `outOfVocabularyRatio` and `lostDiacritics`) when they are letters
    /// only, at least two, and not all capitals: digits, initials and acronyms (`PDF`, `ONU`)
    /// are not dictionary words, and capitals lose their accents by typographic habit (`ECOLE`).
    public init(text: String, language: String, vocabulary: Vocabulary?) {
        let normalized = TextComparison.normalize(text)
        let words = TextComparison.words(normalized)
        let list = vocabulary.flatMap { Vocabulary.primaryLanguage(language) == $0.language ? $0 : nil }
        var checked = 0, unknown = 0, lost = 0
        if let list {
            for word in words where Self.isChecked(word) {
                checked += 1
                if list.contains(word) { continue }
                unknown += 1
                if list.accentedForm(of: word) != nil { lost += 1 }
            }
        }
        var replacements = 0
        for scalar in text.unicodeScalars where scalar.value == 0xFFFD { replacements += 1 }
        self.init(characters: normalized.unicodeScalars.count, words: words.count,
                  replacementCharacters: replacements, mojibake: Mojibake.count(in: text),
                  lostDiacritics: lost, vocabulary: list?.language,
                  outOfVocabularyRatio: list.map { _ in checked == 0 ? 0 : Double(unknown) / Double(checked) })
    }

    /// Letters only, at least two of them, and not all capitals.
    static func isChecked(_ word: Substring) -> Bool {
        var letters = 0, capitals = 0
        for scalar in word.unicodeScalars {
            // ASCII, most of every text, without a Unicode property lookup.
            let v = scalar.value
            if v < 0x80 {
                if v &- 0x41 < 26 { capitals += 1 } else if !(v &- 0x61 < 26) { return false }
                letters += 1
                continue
            }
            switch scalar.properties.generalCategory {
            case .uppercaseLetter: capitals += 1
            case .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: break
            default: return false
            }
            letters += 1
        }
        return letters >= 2 && capitals < letters
    }
}

/// UTF-8 text that was decoded as ISO-8859-1 or Windows-1252 on the way (`é` → `Ã©`,
/// `’` → `â€™`, `à` → `Ã` + NBSP, NBSP → `Â` + NBSP).
///
/// Why this shape: in such text each byte of a multi-byte character became a character of its own.
/// A lead byte shows as a Latin-1 letter and each continuation byte (0x80–0xBF) as a character
/// from a small set: U+0080–U+00BF in ISO-8859-1, or for 0x80–0x9F the punctuation Windows-1252
/// puts there (`€ ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ`). A sequence is counted
/// when a lead that real French, English or German text almost never puts before such a character
/// is followed by as many of them as its UTF-8 form has continuation bytes:
/// - `Â Ã Ä Å` (lead bytes 0xC2–0xC5: NBSP and Latin-1 signs, accented letters, Latin
///   Extended-A such as `œ`, `š`, `ł`) and one continuation;
/// - `â` (0xE2: the punctuation, currency and symbol blocks, U+2000–U+2FFF) and two; `â€`
///   alone also counts, since it opens every General Punctuation character and decoders drop the
///   undefined Windows-1252 bytes (`”` is `â€` + 0x9D).
/// NBSP continuations are often turned into spaces by a later whitespace pass (`Ã la` for
/// `à la`), so after `Â` or `Ã` a plain space counts as well, unless a capital comes just before
/// (`IRMÃ DE`, Portuguese capitals). `À`, `Ça`, `Âge` or `Â` alone are never counted: a capital
/// followed by a letter or a space is not a sequence.
enum Mojibake {
    static func count(in text: String) -> Int {
        let scalars = Array(text.unicodeScalars)
        var count = 0, i = 0
        while i < scalars.count {
            let v = scalars[i].value
            if (0xC2...0xC5).contains(v), i + 1 < scalars.count {
                let next = scalars[i + 1]
                let spaceAfterLead = next == " " && v <= 0xC3
                    && !(i > 0 && scalars[i - 1].properties.generalCategory == .uppercaseLetter)
                if isContinuation(next.value) || spaceAfterLead {
                    count += 1; i += 2; continue
                }
            } else if v == 0xE2, i + 1 < scalars.count, isContinuation(scalars[i + 1].value) {
                if i + 2 < scalars.count, isContinuation(scalars[i + 2].value) {
                    count += 1; i += 3; continue
                }
                if scalars[i + 1].value == 0x20AC {
                    count += 1; i += 2; continue
                }
            }
            i += 1
        }
        return count
    }

    /// A continuation byte 0x80–0xBF as ISO-8859-1 or Windows-1252 shows it.
    static func isContinuation(_ v: UInt32) -> Bool {
        if (0x80...0xBF).contains(v) { return true }
        switch v {
        case 0x20AC, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152,
             0x017D, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
             0x0153, 0x017E, 0x0178:
            return true
        default:
            return false
        }
    }
}
