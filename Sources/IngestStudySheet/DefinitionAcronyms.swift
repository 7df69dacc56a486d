import Foundation

/// What a short name's letters stand for, word by word (issue 36 item 3: measured on real course pages,
/// `NIST – National Institute of Standards and Technology`, `VoIP – Voice over IP`, `Bash – Bourne Again
/// Shell`, `SCT – Microsoft Security Compliance Toolkit`). The first letters of the meaning's words alone
/// miss most of these: small words stand between (`of`, `over`), a word gives two letters (`Sh`ell, `IP`),
/// a maker's name comes first, a word holds two (`PseudoRandom`, `MicroSoft`). So the name's letters are read,
/// in order, as the starts of capitalised words of the meaning (inner capitals start words), each word giving
/// one letter or more, other words passed over; an acronym's letters may also open lower-case words
/// (`TTPs: tactics, techniques, and procedures`).
extension DefinitionRecognizer {
    /// Whether the meaning spells out what `term` stands for (see above).
    static func standsFor(_ term: String, _ meaning: String) -> Bool {
        let termTokens = term.split(separator: " ")
        guard (1...3).contains(termTokens.count), term.count <= 16 else { return false }
        let capitals = term.filter(\.isUppercase)
        // (Words each opening with its only capital stand for nothing: checked only where capitals would be read as letters.)
        if capitals.count >= 2, termTokens.count >= 2, capitalisedPhrase(term) { return false }
        let letters: [Character]
        if capitals.count >= 2 {
            // An acronym, or a name with one inside (`VoIP`, `QoS`, `MAC Address`): its capitals.
            letters = Array(capitals.lowercased())
        } else if termTokens.count == 1, term.first?.isUppercase == true, (3...6).contains(term.count), term.allSatisfy(\.isLetter) {
            // A word made of others' starts (`Bash`: Bourne Again Shell): all its letters.
            letters = Array(term.lowercased())
        } else {
            return false
        }
        // The meaning's words up to a bracket (`IGRP – Interior Gateway Routing Protocol (Cisco only)`).
        let words = meaning.prefix { $0 != "(" }
            .split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "/" || $0 == "," })
            .map { $0.trimmingScalars { wordPunctuation.contains($0) || $0 == "“" || $0 == "”" } }
            .filter { !$0.isEmpty }
            .prefix(10)
            .flatMap(humps)
        // (A meaning that opens with the name itself lists its kinds or values: `Windows NT: Windows NT, 2000, XP…`.)
        guard words.count >= 2, words[0].lowercased() != termTokens[0].lowercased() else { return false }
        let lower = words.map { Array($0.lowercased()) }
        // (An acronym written in capitals may stand for words in lower case, not for small ones: `to`, `of`.)
        let acronym = term.count >= 2 && term.filter(\.isLetter).allSatisfy { $0.isUppercase || $0 == "s" }
        let capitalised = words.map { $0.first?.isUppercase == true || acronym && $0.count >= 4 }
        // Letter `l` read from word `w` on: each word used gives a start of itself; the first letter from
        // one of the first two words (what the meaning is, not a sentence that happens to hold the letters).
        func read(_ l: Int, from w: Int, used: Int) -> Bool {
            if l == letters.count { return used >= 2 }
            guard w < lower.count else { return false }
            if capitalised[w] {
                var k = 0
                while k < lower[w].count, l + k < letters.count, lower[w][k] == letters[l + k] {
                    k += 1
                    if read(l + k, from: w + 1, used: used + 1) { return true }
                }
            }
            // A word passed over: never before the first letter is read, but for one opening word (`The`, a maker's name).
            if l == 0 && w >= 1 { return false }
            return read(l, from: w + 1, used: used)
        }
        return read(0, from: 0, used: 0)
    }

    /// An acronym (two to eight capitals) and capitalised words whose initials hold most of its letters in order, the first
    /// among the first three words (`DMZ: Demilitarized Zone on Network`, `ELF: Unix/Linux Executable and Linkable Format`,
    /// `XACML: Extensible Access Control Markup Language`, `CRT: C Runtime Library`): what it stands for, written with a
    /// letter taken from inside a word or misspelled — not names given as its examples, which share no such letters.
    static func nearlyStandsFor(_ term: String, _ meaning: String) -> Bool {
        guard (2...8).contains(term.count), term.allSatisfy({ $0.isUppercase && $0.isLetter }) else { return false }
        let letters = Array(term.lowercased())
        let initials = meaning.prefix { $0 != "(" }
            .split(whereSeparator: { $0 == " " || $0 == "/" || $0 == "-" })
            .prefix(8)
            .compactMap { $0.first }
            .filter(\.isUppercase)
            .map { Character($0.lowercased()) }
        guard initials.count >= 2, initials.prefix(3).contains(letters[0]) else { return false }
        // Letters found in order among the initials.
        var found = 0, next = 0
        for l in letters {
            if let at = initials[next...].firstIndex(of: l) { found += 1; next = at + 1 }
        }
        return found >= 2 && found * 3 >= letters.count * 2
    }

    /// A word cut where a capital follows a small letter (`PseudoRandom` → `Pseudo`, `Random`; `eXclusive` → `e`, `Xclusive`).
    static func humps(_ word: String) -> [String] {
        var parts: [String] = [], current = ""
        var previousLower = false
        for c in word {
            if c.isUppercase, previousLower, !current.isEmpty { parts.append(current); current = "" }
            current.append(c)
            previousLower = c.isLowercase
        }
        if !current.isEmpty { parts.append(current) }
        return parts
    }

    /// Words each opening with its only capital (`Attack Surface`, `Units Menu`): a phrase of words, not letters standing for others —
    /// `AI systems often have…` and `Use the Units Menu…` spell nothing out (an acronym holds two capitals in a word: `MAC Address`, `QoS`).
    static func capitalisedPhrase(_ term: String) -> Bool {
        let tokens = term.split(separator: " ").filter { $0.contains(where: \.isLetter) }
        return tokens.count >= 2 && tokens.allSatisfy { t in t.filter(\.isUppercase).count <= 1 && (t.first?.isUppercase == true || !t.contains(where: \.isUppercase)) }
    }
}
