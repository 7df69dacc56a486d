import Foundation

/// Meanings whose first words the other rules read as something else, though they say what the term is or does (session 28,
/// from batch 25's misses and the label policy of session 22, bench/definitions/RESULTS.md):
/// - a purpose, `pour`/`for` before a verb (`Toplevel : pour créer des fenêtres…`, `IN1: For measuring Capacitance`): what the thing
///   is for — where `pour le matériel`, `for Microsoft Edge` (a noun) say which thing it goes with;
/// - a likeness and its difference (`LabelFrame : comme Frame mais affiche aussi…`, `même chose mais avec…`, `like X but…`): a kind
///   told from another, the genus named;
/// - a quality (a term that is an adjective or a participle, `Itérable`, `Ordonné`, `Élu`) said by a clause of what holds of what has
///   it (`on peut faire une boucle dessus`, `il y a un ordre précis…`, `il est en cours d'exécution`): a quality has no noun phrase for
///   meaning, so the clause is its definition — where for a thing (`Zoom Button: There are…`) it is a statement.
extension DefinitionRecognizer {
    /// `pour` + a French infinitive the dictionary lists as a verb, `for` + an English gerund of a verb.
    static func opensWithPurpose(_ meaning: String, _ lexicon: Lexicon) -> Bool {
        let ws = words(String(meaning.prefix(60)))
        guard ws.count >= 3, let head = ws.first else { return false }
        let next = ws[1]
        if head == "pour", next.count > 3, ["er", "ir", "re"].contains(where: { next.hasSuffix($0) }),
           lexicon.french[next]?.contains(.verb) == true { return true }
        if head == "for", next.count > 4, next.hasSuffix("ing") { return lexicon.englishInflected(next).contains(.verb) }
        return false
    }

    /// `comme X mais…`, `même chose mais…`, `like X but…`, `same as X but…`: a likeness, then within a few words what differs.
    static func likeButDiffers(_ meaning: String) -> Bool {
        let ws = words(String(meaning.prefix(80)))
        guard ws.count >= 3 else { return false }
        let opens = ["comme", "like"].contains(ws[0]) || ws.prefix(2) == ["même", "chose"] || ws.prefix(2) == ["same", "as"]
            || ws.prefix(2) == ["identique", "à"] || ws.prefix(2) == ["similar", "to"]
        guard opens else { return false }
        return ws.prefix(7).dropFirst().contains { ["mais", "but", "except", "sauf"].contains($0) }
    }

    /// The term is a quality: one word (a bracket after it aside: `Itérable (iterable en anglais)`) that the dictionaries list as
    /// an adjective and not as a noun, a participle of a verb (`Ordonné`, `Élu`), or a word in `-able`/`-ible` they do not know.
    static func namesQuality(_ term: String, _ lexicon: Lexicon) -> Bool {
        let bare = term.prefix { $0 != "(" }.trimmingSpaces()
        guard !bare.contains(" "), bare.count >= 3, bare.allSatisfy(\.isLetter), let first = bare.first,
              first.isUppercase || first.isLowercase else { return false }
        let w = bare.lowercased()
        let french = lexicon.frenchWord(w), english = lexicon.englishLemma(w)
        if french.contains(.adjective) && !french.contains(.noun) || english.contains(.adjective) && !english.contains(.noun) && french.isEmpty {
            return true
        }
        if participleForm(w, lexicon), !french.contains(.noun) { return true }
        return (w.hasSuffix("able") || w.hasSuffix("ible")) && french.isEmpty && english.isEmpty
    }

    /// What holds of a thing that has the quality: `on peut…`, `il y a…`, `il est…`, `elle est…`, `one can…`, `you can…`, `it is…`.
    static func saysWhatHolds(_ meaning: String) -> Bool {
        let ws = words(String(meaning.prefix(40)))
        guard ws.count >= 3 else { return false }
        let two = Array(ws.prefix(2))
        return [["on", "peut"], ["il", "y"], ["il", "est"], ["elle", "est"], ["one", "can"], ["you", "can"], ["it", "is"], ["it", "can"]].contains(two)
    }

    /// A quality and what holds of what has it.
    static func qualityDefinedByClause(_ term: String, _ meaning: String, _ lexicon: Lexicon) -> Bool {
        saysWhatHolds(meaning) && namesQuality(term, lexicon)
    }

    /// The words these kinds open with (a meaning opening otherwise is read no further: most are).
    static let kindOpeners: Set<String> = ["pour", "for", "comme", "like", "même", "same", "identique", "similar", "on", "il", "elle", "one", "you", "it"]

    /// Whether the meaning says what the term is or does by one of these kinds.
    static func saysByKind(_ term: String, _ meaning: String, _ lexicon: Lexicon) -> Bool {
        guard kindOpeners.contains(meaning.prefix { $0 != " " }.lowercased()) else { return false }
        return opensWithPurpose(meaning, lexicon) || likeButDiffers(meaning) || qualityDefinedByClause(term, meaning, lexicon)
    }

    /// The meaning opens with the term itself, after an article (`Title Bar: The Title Bar in an image window without an image
    /// displays…`): it speaks of the term, however its words are capitalised. A term of two words or more, all of them restated.
    static func opensWithTerm(_ term: String, _ meaning: String) -> Bool {
        // (A term of one word, most terms, is read no further.)
        guard term.utf8.contains(UInt8(ascii: " ")) else { return false }
        let t = words(String(term.prefix { $0 != "(" }))
        guard t.count >= 2 else { return false }
        let m = words(String(meaning.prefix(term.count + 12)))
        let rest = m.first.map { determiners.contains($0) } == true ? Array(m.dropFirst()) : m
        if rest.count > t.count && Array(rest.prefix(t.count)) == t { return true }
        // (Or its head word, then a relative that tells this kind from the others: `reproducible debugging: debugging that is saved
        // for later reuse` — the genus and its difference.)
        guard rest.count > 2, let head = t.last, rest[0] == head || rest[0] == head + "s" || rest[0] + "s" == head else { return false }
        return ["that", "which", "where", "whose", "qui", "que", "dont", "où"].contains(rest[1])
    }

    /// The paragraph after a lone term (`StudySheetBuilder.loneTerm`) opens by naming it as its subject, then a verb: the
    /// term's words (an article before them, a plural after), or `these`/`this`/`ces`/`ce`/`cette` and the term's last word (`These controls are…` after
    /// `Administrative Controls:`) — `A threat agent is…`, `Exposure refers to…`, `Physical controls are…`. A paragraph
    /// about something else (`Syntaxe :` / `Expression qui…`, `Moralité :` / `Ce système…`, `Impact Assessment:` / `Next,
    /// the organization…`) is not its meaning.
    /// (`opensWithTerm` asks the same of a meaning after the colon, for a term of two words or more and its words exactly;
    /// a paragraph standing for the meaning must also give the verb, and may name a plural or `these` + the term's last word.)
    static func namesTermAsSubject(_ term: String, _ paragraph: String, lexicon: Lexicon = .shared) -> Bool {
        // (A typed text keeps its emphasis marks: `**Threat Agent**`.)
        let said = words(term.replacingOccurrences(of: "*", with: "")), ws = words(String(paragraph.prefix(200)))
        guard let head = said.last, said.count <= 6, ws.count > said.count else { return false }
        func same(_ a: String, _ b: String) -> Bool { a == b || a == b + "s" || a + "s" == b || a == b + "x" }
        var i = 0
        if ["these", "this", "ces", "ce", "cette", "cet"].contains(ws[0]), same(ws[1], head) {
            i = 2
        } else {
            if determiners.contains(ws[0]) { i = 1 }
            guard ws.count > i + said.count, zip(ws[i...], said).allSatisfy({ same($0, $1) }) else { return false }
            i += said.count
        }
        guard i < ws.count else { return false }
        let verb = ws[i]
        return lexicon.english[verb]?.contains(.verb) == true || lexicon.englishInflected(verb).contains(.verb)
            || lexicon.frenchWord(verb).contains(.verb)
    }

    /// English: a noun phrase, a relative clause in it, then a finite verb of the main clause — a whole sentence whose subject is the
    /// phrase (`precipitation that reaches the ground either soaks into the soil…`), not a noun phrase a relative clause qualifies
    /// (`work that has not been started`, `Final step that processes the inputs that are fed…`, `A set of software frameworks that
    /// provide additional services…`). `from` is the relative word's index. The main verb comes after the relative's own verb and at
    /// least one word of its object, with no `and`/`or`, pronoun, article or preposition just before it: a copula or a modal, or an
    /// `-s` form whose lemma is a verb and no noun (`provides`, not `services`, `inputs`, `packages`) or that an adverb opens
    /// (`either soaks`, `also runs`). Another subordinate clause (`how security is maintained`, `before the work can be done`) ends
    /// the search.
    static func mainVerbAfterRelative(_ ws: [(word: String, raw: String, ends: Bool)], from: Int, _ lexicon: Lexicon) -> String? {
        guard from > 0, ["that", "which", "who"].contains(ws[from].word) else { return nil }
        let stops: Set<String> = ["before", "after", "until", "unless", "once", "because", "since", "whatever", "what", "whenever", "so"]
        let notBefore: Set<String> = ["and", "or", "but", "it", "they", "he", "she", "to", "not"]
        var sawVerb = false
        var k = from + 1
        while k < ws.count, k < from + 14 {
            let w = ws[k].word, previous = ws[k - 1]
            let next = k + 1 < ws.count ? ws[k + 1].word : nil
            if clauseOpeners.contains(w) || subordinateOpeners.contains(w) || stops.contains(w) || previous.ends { return nil }
            let strong = copulas.contains(w) && w != "be" || possibilityModals.contains(w) || obligationModals.contains(w)
            let present = englishPresentVerb(w, next: next, lexicon)
            if sawVerb, k - from >= 3, strong || present, !notBefore.contains(previous.word), !articles.contains(previous.word),
               !prepositions.contains(previous.word) {
                if strong { return w }
                let base = w.hasSuffix("ies") ? String(w.dropLast(3)) + "y" : w.hasSuffix("es") && lexicon.englishLemma(String(w.dropLast(2))).contains(.verb)
                    ? String(w.dropLast(2)) : String(w.dropLast())
                let lemma = lexicon.englishLemma(base)
                let adverb = ["either", "also", "then", "often", "usually", "always", "never", "only"].contains(previous.word)
                    || previous.word.count > 4 && previous.word.hasSuffix("ly")
                if adverb || lemma.contains(.verb) && !lemma.contains(.noun) && !lemma.contains(.adjective) { return w }
            }
            if strong || present || k == from + 1 && (lexicon.englishLemma(w).contains(.verb) || lexicon.englishInflected(w).contains(.verb)) {
                sawVerb = true
            }
            k += 1
        }
        return nil
    }
}
