import Foundation

/// Shapes of a meaning told by the parts of speech of its words (Lexicon.swift: WordNet for English, hunspell's
/// fr.dic for French), which its letters alone do not show: `Kubeflow: ML workflows on Kubernetes` (things the
/// named one works on) against `Dagster: Data orchestration platform` (what it is); `Chrome Developers: Override
/// the user agent string` (an order) against `Image Specification: Defines the standard…`. Every rule abstains
/// when a word it needs is unknown, so without the dictionaries the recogniser is what it was without them.
extension DefinitionRecognizer {
    /// Words that end a noun phrase's compound (prepositions, a relative, a verb of being), both languages.
    static let compoundStops: Set<String> = [
        "of", "for", "on", "in", "to", "by", "with", "from", "at", "into", "via", "per", "as", "like", "that", "which", "who",
        "is", "are", "was", "were", "can", "will", "must", "should", "may",
        "de", "du", "des", "d", "pour", "dans", "avec", "par", "sur", "en", "à", "au", "aux", "qui", "que", "dont", "est", "sont",
        "peut", "peuvent", "doit", "doivent", "selon", "sous", "entre", "chez", "vers",
    ]
    static let conjunctions: Set<String> = ["and", "or", "et", "ou", "&", "+"]
    /// Verbs among those stops: after a compound they make it a sentence's subject (`no labels are given…`).
    static let verbStops: Set<String> = ["is", "are", "was", "were", "can", "will", "must", "should", "may", "est", "sont", "peut", "peuvent", "doit", "doivent"]
    /// Quantities that open a subject (`Two or more machines are…`, `no labels…`), not a noun phrase saying what a thing is.
    static let quantifiers: Set<String> = ["no", "all", "some", "many", "most", "few", "several", "both", "each", "every", "two", "three", "four", "five",
                                           "aucun", "aucune", "plusieurs", "tous", "toutes", "certains", "certaines", "deux", "trois", "quatre"]

    /// The meaning's words as written and lower-cased, punctuation off their ends.
    private static func plainWords(_ tokens: [String]) -> [(raw: String, word: String)] {
        tokens.map { ($0, $0.lowercased().trimmingScalars { wordPunctuation.contains($0) || $0 == ":" || $0 == ";" }) }
    }

    /// A word the dictionaries know as a noun or an adjective, as written or inflected (`data`, `ML` aside).
    static func nounOrAdjective(_ w: String, _ lexicon: Lexicon) -> Bool {
        let classes = lexicon.englishLemma(w).union(lexicon.englishInflected(w)).union(lexicon.frenchWord(w))
        return !classes.isDisjoint(with: [.noun, .adjective])
    }

    /// A singular noun as written and not an adjective (`platform`, `plateforme`), so a conjunct naming one thing.
    static func singularNoun(_ w: String, _ lexicon: Lexicon) -> Bool {
        let en = lexicon.englishLemma(w), fr = lexicon.frenchWord(w)
        return (en.contains(.noun) && !en.contains(.adjective)) || (lexicon.french[w]?.contains(.noun) == true && !fr.contains(.adjective))
    }

    static func pluralNoun(_ w: String, _ lexicon: Lexicon) -> Bool {
        lexicon.englishPluralNoun(w) || lexicon.frenchPluralNoun(w)
    }

    /// The term names one thing: its last word (after a hyphen, before a bracket) is no plural, or is written so as a lemma
    /// (`K-means`, `analysis`), or is an acronym; no `and` joins two.
    static func namesOneThing(_ term: String, _ lexicon: Lexicon) -> Bool {
        let head = term.prefix { $0 != "(" }
        let ws = words(String(head))
        guard let last = ws.last, !ws.contains(where: { conjunctions.contains($0) }), !head.contains(",") else { return false }
        let rawLast = head.split(separator: " ").last.map(String.init) ?? last
        if rawLast.count >= 2, rawLast.allSatisfy({ $0.isUppercase || $0.isNumber }) { return true }
        let tail = last.split(separator: "-").last.map(String.init) ?? last
        if !(tail.hasSuffix("s") || tail.hasSuffix("x")) { return true }
        return !lexicon.englishLemma(tail).isEmpty || lexicon.french[tail] != nil
    }

    /// A bare noun phrase — no article, a few nouns and qualities, then a stop — whose head is a plural noun, given for a
    /// term naming one thing (`Kubeflow: ML workflows on Kubernetes`, `K-means: small and mix-sized data sets`, `Machine
    /// language: binary forms`, `Model packaging: Container-based deployment strategies`): what the one thing works on, holds
    /// or is used for, not what it is — a definition of one thing is one thing (`Dagster: Data orchestration platform`).
    /// (A path or a tag holds many: `/bin/ : programmes de base`, `<nav> : Liens principaux…`; only word terms are judged.)
    static func pluralsForOne(_ term: String, _ tokens: [String], _ lexicon: Lexicon) -> Bool {
        // (A command says what it does, `git rm <files> : remove files`; a standard or a version is defined by its scope, `IEEE 802:
        // local area networks…`.)
        guard !lexicon.isEmpty, term.first?.isLetter == true, !term.contains("/"), !namesAnAction(term), !term.contains(where: \.isNumber),
              namesOneThing(term, lexicon) else { return false }
        var compound: [(raw: String, word: String)] = []
        for (raw, w) in plainWords(Array(tokens.prefix(8))) where !w.isEmpty {
            if compoundStops.contains(w) || raw.hasPrefix("(") || w.contains("://") { break }
            if compound.isEmpty, determiners.contains(w) || quantifiers.contains(w) || w.first?.isNumber == true { return false }
            // (An article or an elided word inside makes a phrase of its own, `art d'accoucher les esprits`; a gerund first
            // an activity with its object, `giving human qualities`.)
            if determiners.contains(w) || w.contains("'") || w.contains("’") { return false }
            if compound.isEmpty, w.hasSuffix("ing"), lexicon.englishInflected(w).contains(.verb) { return false }
            compound.append((raw, w))
            if raw.hasSuffix(",") || raw.hasSuffix(";") || raw.hasSuffix(".") || raw.hasSuffix(":") { break }
            if compound.count > 5 { return false }
        }
        // (The compound must end where the phrase does: a word after it would be its verb, `Clustered systems are…`.)
        let taken = compound.count
        if taken < tokens.count {
            let next = tokens[taken].lowercased().trimmingScalars { wordPunctuation.contains($0) }
            let closed = compound.last.map { $0.raw.hasSuffix(",") || $0.raw.hasSuffix(";") || $0.raw.hasSuffix(".") || $0.raw.hasSuffix(":") } ?? false
            guard closed || (compoundStops.contains(next) && !verbStops.contains(next)) || tokens[taken].hasPrefix("(") || next.contains("://") else { return false }
        }
        // (The dictionaries are asked only of a head written in lower case: `APIs` is an acronym's plural, whatever `apis` is.)
        guard compound.count >= 2, let head = compound.last, head.raw.first?.isLowercase == true, pluralNoun(head.word, lexicon) else { return false }
        for (i, part) in compound.dropLast().enumerated() {
            if conjunctions.contains(part.word) {
                // Each thing joined must be many (`ML platform and services` names a platform).
                if i > 0, singularNoun(compound[i - 1].word, lexicon) { return false }
                continue
            }
            // A word before the head qualifies it: a noun or a quality, a name or an acronym (`ML`, `Container-based`) — never a
            // verb alone (`Provides web services`, `Allow many systems`).
            let name = part.raw.first?.isUppercase == true || part.word.contains("-") || part.word.contains(where: \.isNumber)
            if !name, !nounOrAdjective(part.word, lexicon), lexicon.knows(part.word) { return false }
        }
        return true
    }

    /// English determiners that open a verb's object.
    static let objectOpeners: Set<String> = ["the", "a", "an", "your", "all", "each", "every", "its", "their", "this", "these", "those", "any", "some"]

    /// A capitalised English verb in its base form with its object's determiner after it (`Override the user agent string`,
    /// `Provide a…`, `Set the…`): an order or a goal — the dictionary's verbs beyond the list of DefinitionShapes.swift. A noun
    /// is not followed by `the`.
    static func opensWithBaseVerb(_ tokens: [String], _ lexicon: Lexicon) -> Bool {
        guard tokens.count >= 3, let first = tokens.first, first.first?.isUppercase == true, first.dropFirst().allSatisfy(\.isLowercase),
              !first.hasSuffix(","), !first.hasSuffix(":") else { return false }
        let verb = first.lowercased()
        guard lexicon.englishLemma(verb).contains(.verb), objectOpeners.contains(tokens[1].lowercased()) else { return false }
        return true
    }

    /// Prepositions after which a quality goes on with what it is about (`disponible avec…`, `compatible with…`, `Capable of…`).
    static let qualityFollowers: Set<String> = ["with", "for", "to", "in", "on", "from", "of", "avec", "pour", "à", "dans", "sur", "en", "chez", "sous"]

    /// A meaning that opens with a quality and its complement (`FreeBSD : disponible avec les portages…`, `compatible with
    /// most boards`): what the term is like or where it is found, not what it is. The word must be an adjective only —
    /// a participle that is a verb's too (`Limited in the instructions…`) may open a description.
    static func opensWithQuality(_ term: String, _ tokens: [String], _ lexicon: Lexicon) -> Bool {
        // (Asked of a name only, each word capitalised: what a kind is like tells it from others, `Private cloud: available for
        // and ran by…`; a command's meaning says how it works, `npm init: step-by-step to scaffold…`.)
        let termWords = term.split(separator: " ")
        guard !namesAnAction(term), termWords.allSatisfy({ $0.first?.isUppercase == true || $0.first?.isNumber == true }) else { return false }
        guard tokens.count >= 3, let first = tokens.first else { return false }
        let w = first.lowercased().trimmingScalars { wordPunctuation.contains($0) }
        let next = tokens[1].lowercased()
        guard qualityFollowers.contains(next) else { return false }
        let en = lexicon.englishLemma(w).union(lexicon.englishInflected(w)), fr = lexicon.frenchWord(w)
        let onlyAdjective = (en == [.adjective] && fr.isDisjoint(with: [.noun, .verb])) || (fr == [.adjective] && en.isDisjoint(with: [.noun, .verb]))
        return onlyAdjective
    }

    /// A meaning of one to three words in lower case of which neither dictionary knows any (`whois nslookup whois`): names of
    /// programs or values given as examples, no words saying what the term is. Needs both dictionaries (one language's
    /// words are unknown to the other's).
    static func noKnownWord(_ tokens: [String], _ lexicon: Lexicon) -> Bool {
        guard lexicon.hasEnglish, lexicon.hasFrench, (1...3).contains(tokens.count) else { return false }
        let ws = plainWords(tokens)
        guard ws.allSatisfy({ !$0.word.isEmpty && $0.word.first!.isLetter && $0.raw.first?.isLowercase == true
            && $0.word.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" } }) else { return false }
        return ws.allSatisfy { !lexicon.knows($0.word) }
    }



    /// A past participle the dictionaries tell (`set`, `powered`, `varied`; `réglée` ← `régler`, `alimenté` ← `alimenter`, `choisi` ←
    /// `choisir`), not a word after `be` that says what the thing is (`être entre…`, `be the first`).
    static func pastParticiple(_ w: String, _ lexicon: Lexicon) -> Bool {
        if w.hasSuffix("ed") || lexicon.englishIrregular[w]?.contains(.verb) == true || w.hasSuffix("en") {
            if lexicon.englishInflected(w).contains(.verb) { return true }
        }
        // (A verb whose participle is its lemma, `set`, `put`, `cut`.)
        if lexicon.englishLemma(w).contains(.verb) { return true }
        for (end, base) in [("ées", "er"), ("és", "er"), ("ée", "er"), ("é", "er"), ("ies", "ir"), ("is", "ir"), ("ie", "ir"), ("i", "ir")]
        where w.count > end.count + 2 && w.hasSuffix(end) {
            return lexicon.french[String(w.dropLast(end.count)) + base]?.contains(.verb) == true
        }
        return false
    }

    /// A quantity, then what the thing is (`CCS: 1.1 mA Constant Current Source`, `Inductor Coil (2) : 44SWG wire on 1cm dia bobbin`,
    /// `Byte: 8 bits, most common size`): a noun phrase opened by a figure and its unit, ending on a noun the dictionaries know —
    /// not a value alone (`67 millions`, `100pF, 0.1 µF…`, `0 (“True”)`, `3500 Hz`) nor a figure and a verb (`2 ranks Selection:`).
    static func quantityThenThing(_ meaning: String, _ lexicon: Lexicon) -> Bool {
        guard !lexicon.isEmpty else { return false }
        // (A figure the converter kept as TeX, `$1.1mA$ Constant Current Source`, is read as written.)
        var text = Substring(meaning)
        if text.first == "$", let close = text.dropFirst().firstIndex(of: "$") {
            text = text[text.index(after: text.startIndex)..<close] + text[text.index(after: close)...]
        }
        guard text.first?.isNumber == true else { return false }
        let ws = plainWords(text.split(separator: " ").prefix(12).map(String.init))
        func ends(_ raw: String) -> Bool { raw.hasSuffix(",") || raw.hasSuffix(";") || raw.hasSuffix(".") || raw.hasSuffix(":") }
        // The figure and its unit, glued (`1.1mA`, `44SWG`) or apart after a bare figure (`1.1 mA`, `8 bits`): a short word
        // of letters, not a name in capitals (`2.5” SATA III`).
        guard ws[0].raw.allSatisfy({ $0.isNumber || $0.isLetter || ".,;:".contains($0) }) else { return false }
        var i = 1
        if !ws[0].word.contains(where: \.isLetter), !ends(ws[0].raw), ws.count > 1, (1...5).contains(ws[1].word.count),
           ws[1].word.allSatisfy(\.isLetter), !(ws[1].raw.count >= 3 && ws[1].raw.allSatisfy(\.isUppercase)) { i = 2 }
        // The quantity may stand apart before the phrase (`8 bits, most common size`).
        if ends(ws[i - 1].raw), ws[i - 1].raw.hasSuffix(",") == false { return false }
        var phrase: [String] = [], complement = false
        while i < ws.count {
            let (raw, w) = ws[i]
            if w.isEmpty || raw.hasPrefix("(") || !w.allSatisfy({ $0.isLetter || $0 == "-" || $0 == "'" || $0 == "’" }) { break }
            if compoundStops.contains(w) || conjunctions.contains(w) { complement = !verbStops.contains(w) && !phrase.isEmpty; break }
            phrase.append(w)
            if ends(raw) { break }
            i += 1
        }
        guard let head = phrase.last, phrase.count >= 2 || complement, !phrase.contains(where: { verbStops.contains($0) }),
              !numberWords.contains(phrase[0]) else { return false }
        // One thing the figure qualifies (`a 1.1 mA source`), not things it counts (`67 million people`, `3 ranks`).
        return !pluralNoun(head, lexicon) && (singularNoun(head, lexicon) || lexicon.englishLemma(head).contains(.noun))
    }

    /// Words of a number (`67 million`, `3 000 milliers`).
    static let numberWords: Set<String> = ["hundred", "thousand", "million", "millions", "billion", "billions", "dozen", "cent", "cents", "mille",
                                           "millier", "milliers", "milliard", "milliards", "douzaine", "douzaines"]

    /// A French verb in the present that the dictionary lists only in its infinitive (`oscille`, `oscillent` → `osciller`,
    /// `fournit` → `fournir`: the regular endings only), and not as a word of its own (`demande` is a noun too).
    static func frenchPresentVerb(_ w: String, _ lexicon: Lexicon) -> Bool {
        guard lexicon.hasFrench, w.count > 3, lexicon.french[w] == nil, w.allSatisfy(\.isLetter) else { return false }
        var lemmas: [String] = []
        if w.hasSuffix("ent") { lemmas.append(String(w.dropLast(3)) + "er") }
        if w.hasSuffix("e") { lemmas.append(w + "r") }
        if w.hasSuffix("it") { lemmas.append(String(w.dropLast()) + "r") }
        return lemmas.contains { lexicon.french[$0]?.contains(.verb) == true }
    }

    /// Whether the dictionaries tell the meaning's shape as one a definition never has.
    static func wordClassesShowNoMeaning(_ term: String, _ tokens: [String], _ lexicon: Lexicon) -> Bool {
        guard !lexicon.isEmpty else { return false }
        if pluralsForOne(term, tokens, lexicon) { return true }
        if !namesAnAction(term), opensWithBaseVerb(tokens, lexicon) { return true }
        if opensWithQuality(term, tokens, lexicon) { return true }
        if noKnownWord(tokens, lexicon) { return true }
        return false
    }

    /// A compound of two words or more, before any stop, that ends on a noun written in lower case (`End-to-end ML platform`,
    /// `Cloud-based ML service`): a noun phrase whose capitalised words qualify its head, not names alone.
    static func endsOnCommonNoun(_ tokens: [String], _ lexicon: Lexicon) -> Bool {
        guard !lexicon.isEmpty else { return false }
        var compound: [(raw: String, word: String)] = []
        for (raw, w) in plainWords(tokens) where !w.isEmpty {
            if compoundStops.contains(w) || conjunctions.contains(w) || raw.hasPrefix("(") { break }
            compound.append((raw, w))
            if raw.hasSuffix(",") || raw.hasSuffix(";") || raw.hasSuffix(".") { break }
        }
        guard compound.count >= 2, let head = compound.last, head.raw.first?.isLowercase == true else { return false }
        // (In sentence case: after the first word, capitals are acronyms' — `Big O notation` holds a name, `O`.)
        guard compound.dropFirst().allSatisfy({ $0.raw.first?.isUppercase != true || ($0.raw.count >= 2 && $0.raw.allSatisfy { $0.isUppercase || $0.isNumber }) })
        else { return false }
        return lexicon.englishLemma(head.word).contains(.noun) || lexicon.englishPluralNoun(head.word)
            || lexicon.frenchWord(head.word).contains(.noun)
    }
}
