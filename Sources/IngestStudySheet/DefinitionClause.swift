import Foundation

/// The first clause of a meaning as a reader takes it (issue 36 item 3): what its subject is, what its main verb is and
/// of which class — which is what the label policy (bench/definitions/RESULTS.md, session 22) asks of a line `X: M`:
/// does M say what X is, or, for a thing one uses or chooses, what it does; or does it give X's place, a condition of
/// its use, what the reader does, or a statement about another thing? The words' classes come from the closed sets
/// below and the dictionaries (Lexicon.swift); an unknown word is never taken for a verb.
struct MeaningClause: Sendable, Equatable {
    /// Who or what the clause speaks of.
    enum Subject: Sendable, Equatable {
        /// No finite verb in the clause: a noun phrase (`Square Wave Generator`), an infinitive or a participle
        /// (`Used to uniquely identify…`): what the term is or does, its subject the term left out.
        case none
        /// The clause opens with its verb (`Sets whether…`, `Remplit complètement…`, `Can execute any instruction`).
        case leftOut
        /// A pronoun or a demonstrative for the term (`It…`, `This option…`, `C'est…`, `Cette commande…`).
        case pronoun
        /// A noun phrase naming the term (`The Status Area is…`, `The Title Bar in an image window… displays…`).
        case term
        /// The reader (`You can use this option…`, `On parle alors…`, `Vous pouvez…`).
        case reader
        /// A possessive: a part or a property of the term (`sa fréquence de résonance est…`, `its range is…`).
        case property
        /// Another thing (`The body of the certificate is hashed…`, `Output swings from…`, `Debian fournit…`).
        case other
    }

    /// The class of the main verb.
    enum Verb: Sendable, Equatable {
        case none
        /// `is`, `are`, `est`, `sont`: what the subject is — or, with a participle, what is done to it.
        case copula
        /// `means`, `refers to`, `désigne`, `signifie`, `represents`, `stands for`, `consiste`.
        case denotes
        /// Any other verb: what the subject does (`sets`, `remplit`, `keeps`, `displays`).
        case action
        /// A modal of possibility before an active verb (`can execute`, `peut contenir`): what it can do.
        case ability
        /// A modal of possibility before a passive (`can be set`, `peut être réglée`): what can be done to it.
        case passiveAbility
        /// A modal of obligation (`must`, `should`, `doit`): a rule of use.
        case obligation
        /// Where it is or when it shows (`is at the bottom of…`, `se situe en bas`, `appears`).
        case place
        /// What it is made or used with, not for doing (`is used in conjunction with…`, `est conçue pour des capteurs…`): a condition of
        /// use — `is used to determine…`, `est utilisé pour mesurer…` say what it does, and are `copula`.
        case use
    }

    /// What opens the clause before its subject.
    enum Opener: Sendable, Equatable {
        case plain
        /// A circumstance (`When…`, `Dans chaque nombre…`, `Comme indiqué…`, `During…,`).
        case circumstance
        /// A circumstance that is the choice of the thing itself (`When this option is chosen, …`, `When enabled, …`).
        case choice
        /// A default (`By default, …`, `Par défaut, …`).
        case byDefault
    }

    var opener: Opener = .plain
    var subject: Subject = .none
    var verb: Verb = .none
    /// A figure before the clause's first punctuation (`… est d'environ 3500 Hz`).
    var figure = false
    /// The clause names the term as a thing one chooses (`When enabled, …`, `This option determines…`, `Quand cette option est
    /// cochée, …`): the term is an option's label, whatever its words (`Warp mouse to origin of moved object`, `Verrouiller les pixels`).
    var namesChoice: Bool { opener == .choice || chosenSubject }
    /// The subject is a demonstrative and a word of choice (`This option…`, `Ce bouton…`).
    var chosenSubject = false
    /// Another thing for subject states something of it (DefinitionRecognizer.isStatement: a new sentence opened by a definite
    /// article, a bare noun phrase with a verb of being or a modal, one thing of a kind with its own verb); otherwise a noun phrase
    /// goes on with a clause of its own (`le récit est vu à travers…`, `the amount of a good producers are willing…`).
    var statement = true

    /// What the clause says of the term under the policy: `false` when it is no definition's (a place, a condition of use,
    /// what the reader does, a statement about another thing, a property's figure, a default, a circumstance); `true` when it
    /// says what the term is or does; `nil` when the clause holds no verb (a noun phrase: other signs judge it).
    var defines: Bool? {
        switch opener {
        case .byDefault: return false
        case .circumstance: return false
        case .choice: return true
        case .plain: break
        }
        switch verb {
        case .place, .passiveAbility, .obligation, .use: return false
        default: break
        }
        switch subject {
        case .none: return nil
        case .reader: return false
        case .property: return figure ? false : nil
        case .other: return statement ? false : nil
        case .leftOut, .pronoun, .term: return verb == .ability && figure ? false : true
        }
    }
}

extension DefinitionRecognizer {
    // MARK: The words of a clause

    /// Possessives opening a subject (`sa fréquence…`, `its range…`).
    static let possessives: Set<String> = ["its", "their", "sa", "son", "ses", "leur", "leurs"]
    /// Words naming what one chooses on a screen or a device.
    static let choiceWords: Set<String> = ["option", "button", "checkbox", "toggle", "setting", "bouton", "case", "réglage"]
    /// The states a setting is put in, after `when`/`if`/`quand` with its subject left out.
    static let choiceStates: Set<String> = ["enabled", "disabled", "checked", "unchecked", "selected", "chosen", "activated", "deactivated",
                                            "set", "on", "off", "activé", "activée", "désactivé", "désactivée", "coché", "cochée", "décoché",
                                            "décochée", "sélectionné", "sélectionnée"]
    /// Words that open a statement of place (`Directly below the Title Bar appears…`, `Juste en dessous de…`).
    static let placeOpeners: Set<String> = ["directly", "below", "above", "beneath", "underneath", "juste", "au-dessus", "au-dessous", "en-dessous"]
    /// Places on a screen or a page, after `is at the`, `se situe en`.
    static let placeWords: Set<String> = ["bottom", "top", "left", "right", "lower", "upper", "corner", "middle", "center", "centre", "front", "back", "bas",
                                          "haut", "coin", "gauche", "droite", "milieu", "avant", "arrière"]
    static let appearVerbs: Set<String> = ["appears", "appear", "apparaît", "apparait", "apparaissent"]
    /// Modals of what may be (`can`, `peut`), and of what must be (`should`, `doit`).
    static let possibilityModals: Set<String> = ["can", "could", "may", "might", "cannot", "peut", "peuvent", "pourra", "pourront"]
    static let obligationModals: Set<String> = ["must", "should", "doit", "doivent", "devra", "devront"]
    /// Words that open a clause inside a noun phrase (`a register that can be…`): a verb after them is not the meaning's own.
    static let clauseOpeners: Set<String> = ["that", "which", "who", "whose", "where", "when", "if", "qui", "que", "qu", "dont", "où", "lequel",
                                             "laquelle", "si", "quand", "lorsque"]

    static let copulas: Set<String> = ["is", "are", "was", "were", "isn't", "aren't", "wasn't", "weren't", "isn’t", "aren’t", "wasn’t", "weren’t",
                                       "est", "sont", "était", "étaient", "sera", "seront", "be", "être"]
    static let denoteVerbs: Set<String> = [
        "means", "mean", "refers", "refer", "denotes", "denote", "designates", "represents", "represent", "stands", "signifies",
        "consists", "consist", "désigne", "désignent", "signifie", "signifient", "représente", "représentent", "correspond", "correspondent",
        "consiste", "consistent", "définit", "définissent", "caractérise",
    ]
    /// Auxiliaries and verbs a finite clause may have that the dictionaries cannot tell from nouns (`has`, `a`, `does`).
    static let auxiliaries: Set<String> = [
        "has", "have", "had", "does", "do", "did", "will", "would", "won't", "doesn't", "don't", "won’t", "doesn’t", "don’t", "ont", "avait",
        "avaient", "va", "vont", "fait", "font",
    ]
    static let readerWords: Set<String> = ["you", "we", "vous", "on", "nous", "one"]
    /// Pronouns a clause's subject may be, standing for the term (`It is…`, `C'est…`, `Cela ouvre…`).
    static let pronounSubjects: Set<String> = ["it", "they", "this", "these", "il", "elle", "ils", "elles", "c", "cela", "ceci", "ça", "celui-ci", "celle-ci"]
    static let demonstratives: Set<String> = ["this", "these", "that", "ce", "cet", "cette", "ces"]
    static let circumstanceOpeners: Set<String> = [
        "dans", "in", "with", "avec", "within", "sur", "lorsque", "lors", "lorsqu", "when", "whenever", "si", "if", "comme", "alors", "whereas",
        "while", "à", "au", "aux", "quand", "without", "sans",
    ]
    /// Participles of making or using for something.
    static let useParticiples: Set<String> = ["used", "designed", "intended", "meant", "made", "utilisé", "utilisée", "utilisés", "utilisées", "conçu",
                                              "conçue", "conçus", "conçues", "prévu", "prévue", "prévus", "prévues", "destiné", "destinée", "destinés", "destinées"]

    /// After a copula: a participle of making or using, then what it goes with rather than what it does (`used in conjunction with…`,
    /// `conçue pour des capteurs…`), not `used to determine…`, `conçu pour mesurer…`.
    static func madeFor(_ after: [String]) -> Bool {
        var rest = after.drop { ["only", "also", "mainly", "mostly", "surtout", "aussi", "seulement", "principalement", "généralement"].contains($0) }
        guard let participle = rest.first, useParticiples.contains(participle) else { return false }
        rest = rest.dropFirst()
        guard let link = rest.first else { return false }
        let next = rest.dropFirst().first ?? ""
        if link == "to" || link == "as" || link == "by" || link == "par" || link == "comme" { return false }
        if ["for", "pour"].contains(link) {
            // (`for measuring…`, `pour mesurer…`: what it does.)
            return !(next.hasSuffix("ing") || ["er", "ir", "re"].contains(where: { next.hasSuffix($0) }) && next.count > 4)
        }
        return ["in", "with", "avec", "en", "dans"].contains(link)
    }

    /// Participles of showing before a place (`shown above`, `affichées en haut`).
    static let showingParticiples: Set<String> = ["shown", "displayed", "located", "placed", "situated", "found", "affiché", "affichée", "affichés",
                                                  "affichées", "situé", "située", "situés", "situées", "placé", "placée", "placés", "placées"]
    /// Words after `is`, `se situe` that make a place (`at the bottom`, `en bas`).
    static let placePrepositions: Set<String> = ["at", "in", "on", "en", "au", "dans", "à"]
    static let elisions = ["c'", "c’", "l'", "l’", "qu'", "qu’", "n'", "n’", "s'", "s’", "d'", "d’", "j'", "j’", "lorsqu'", "lorsqu’"]

    /// The clause's words, lower-cased, punctuation off, French elisions split (`c'est` → `c`, `est`); each with whether a
    /// clause's punctuation follows it.
    static func clauseWords(_ tokens: [String]) -> [(word: String, raw: String, ends: Bool)] {
        var out: [(String, String, Bool)] = []
        for raw in tokens.prefix(20) {
            let ends = raw.hasSuffix(",") || raw.hasSuffix(";") || raw.hasSuffix(":") || raw.hasSuffix(".") || raw.hasSuffix("!") || raw.hasSuffix("?")
            var w = raw.lowercased().trimmingScalars { wordPunctuation.contains($0) || $0 == ":" || $0 == ";" }
            if let e = elisions.first(where: { w.hasPrefix($0) && w.count > $0.count }) {
                out.append((String(e.dropLast()), raw, false))
                w = String(w.dropFirst(e.count))
            }
            out.append((w, raw, ends))
            if raw.hasSuffix(".") || raw.hasSuffix(";") || raw.hasSuffix(":") { break }
        }
        return out
    }

    /// An English verb in the third person present (`sets`, `displays`, `swings`), by the dictionary's lemma, with what a
    /// clause has after its verb (an object's determiner, a preposition, a figure, `whether`, `that`, an adverb) — not a plural
    /// noun ending a phrase (`binary forms`).
    static func englishPresentVerb(_ w: String, next: String?, _ lexicon: Lexicon) -> Bool {
        guard w.count >= 4, w.hasSuffix("s"), !w.hasSuffix("ss"), !w.hasSuffix("us"), !w.hasSuffix("is"), !w.hasSuffix("ous"), let next else { return false }
        let lemmas = w.hasSuffix("ies") ? [String(w.dropLast(3)) + "y"] : w.hasSuffix("es") ? [String(w.dropLast(2)), String(w.dropLast())] : [String(w.dropLast())]
        guard lemmas.contains(where: { lexicon.englishLemma($0).contains(.verb) }) else { return false }
        let followers: Set<String> = ["the", "a", "an", "all", "each", "every", "its", "their", "this", "these", "those", "any", "some", "whether", "that",
                                      "how", "what", "which", "if", "from", "to", "into", "in", "on", "at", "by", "with", "between", "up", "out", "off",
                                      "down", "over", "through", "only", "also", "it", "them", "you", "one", "more", "less", "no"]
        return followers.contains(next) || next.first?.isNumber == true || (next.hasSuffix("ly") && next.count > 4)
    }

    /// An English verb in the present after a plural subject of one to three words (`Agents augment LLMs…`, `Common techniques
    /// include…`, `Text splitters break down…`): the subject's last word a plural noun, the word a verb's lemma (not its -s form),
    /// followed by no word that makes it a noun (`Agents of change`).
    static func baseVerbAfterPlural(_ w: String, next: String?, subject: [String], _ lexicon: Lexicon) -> Bool {
        guard let next, (1...3).contains(subject.count), let last = subject.last, last.count >= 4, last.hasSuffix("s"), w.count >= 3,
              !w.hasSuffix("s"), !w.hasSuffix("ing"), !w.hasSuffix("ed"), !nounFollowers.contains(next), !copulas.contains(next),
              next.first?.isLetter == true else { return false }
        // (A meaning's first word that is also a verb's -s form opens the meaning as that verb: `Associates key and value pairs…`,
        // `Makes source code available…`.)
        if subject.count == 1, lexicon.englishLemma(String(last.dropLast())).contains(.verb) { return false }
        return lexicon.englishPluralNoun(last) && lexicon.englishLemma(w).contains(.verb)
    }

    /// A French verb in the present: the dictionary's regular forms (`remplit` ← `remplir`, `oscille` ← `osciller`), those of
    /// being and having, and the verbs that say what a word denotes.
    static func frenchFiniteVerb(_ w: String, _ lexicon: Lexicon) -> Bool {
        !frenchNonVerbs.contains(w) && frenchPresentVerb(w, lexicon) || ["permet", "permettent", "sert", "servent", "contient", "contiennent", "affiche", "affichent",
                                           "fournit", "fournissent", "reste", "restent", "situe", "situent", "trouve", "trouvent"].contains(w)
    }

    static let frenchMarks: Set<String> = ["le", "la", "les", "l", "un", "une", "des", "du", "de", "d", "et", "est", "sont", "qui", "que", "qu", "en",
                                           "à", "au", "aux", "dans", "pour", "par", "sur", "avec", "ce", "cette", "ces", "il", "elle", "c", "se", "sa",
                                           "son", "ses", "leur", "ne", "n", "pas", "ou", "où", "quand", "lorsque", "si"]
    static let englishMarks: Set<String> = ["the", "an", "of", "and", "is", "are", "to", "in", "for", "with", "by", "that", "this", "it", "be", "as",
                                            "from", "or", "its", "their", "when", "if", "can", "will", "which", "you"]
    /// Words a French verb's regular endings would take for one (`entre` ← `entrer`, `contre`, `comme`): never the clause's verb.
    static let frenchNonVerbs: Set<String> = ["entre", "contre", "comme", "outre", "même", "mêmes", "notre", "votre", "autre", "autres", "quelque",
                                              "lorsque", "puisque", "presque", "chaque", "quoique", "jusque", "ensemble", "unit"]
    static let prepositions: Set<String> = ["of", "to", "from", "in", "on", "at", "by", "with", "for", "into", "per", "between", "about", "than",
                                            "de", "du", "des", "d", "à", "au", "aux", "en", "par", "pour", "sur", "dans", "avec", "sans", "vers", "chez"]

    /// Reads the first clause of `tokens` (a meaning's words as written) for `term`.
    static func readClause(_ term: String, _ tokens: [String], _ lexicon: Lexicon) -> MeaningClause {
        var clause = MeaningClause()
        let ws = clauseWords(tokens)
        guard let head = ws.first?.word else { return clause }
        // What opens the clause: a default, a circumstance, the choice of the thing itself.
        if ws.count >= 2, [ws[0].word, ws[1].word] == ["by", "default"] || [ws[0].word, ws[1].word] == ["par", "défaut"] {
            clause.opener = .byDefault
            return clause
        }
        if circumstanceOpeners.contains(head) {
            let next = ws.dropFirst().prefix(3).map(\.word)
            clause.opener = next.contains(where: choiceWords.contains) || next.first.map(choiceStates.contains) == true ? .choice : .circumstance
            // The main clause after the circumstance may say what the term does in that case (`When the image dimensions are smaller
            // than the image window, this padding area separates…`): its subject names the term.
            // (Not a second circumstance after the first: `Without enabling this feature, if you change…, the image size… does not change`.)
            if clause.opener == .circumstance, let comma = tokens.prefix(16).firstIndex(where: { $0.hasSuffix(",") }), comma + 1 < tokens.count,
               !circumstanceOpeners.contains(tokens[comma + 1].lowercased()) {
                let main = readClause(term, Array(tokens[(comma + 1)...]), lexicon)
                if main.opener == .plain, main.subject == .term { return main }
            }
            return clause
        }
        // A place first (`Directly below the Title Bar appears…`, `Juste en dessous…`, `En bas…`).
        if placeOpeners.contains(head) || (head == "en" && ws.count > 1 && ["dessous", "bas", "haut"].contains(ws[1].word)) {
            clause.verb = .place
            clause.subject = .other
            return clause
        }
        // An opening phrase set off by a comma that is not the subject (`During complex… operations, a Cancel button…`): the main
        // clause follows it.
        // (The phrase may hold commas of its own: `During complex time-consuming operations, usually a plug-in, a Cancel button…`.)
        if ["during", "pendant", "then", "ensuite", "here", "ici"].contains(head) {
            for (k, raw) in tokens.prefix(16).enumerated() where raw.hasSuffix(",") && k + 1 < tokens.count {
                let main = readClause(term, Array(tokens[(k + 1)...]), lexicon)
                if main.verb != .none { return main }
            }
        }
        let termWords = Set(words(term.replacingOccurrences(of: "-", with: " ")).map(stem))
        let marks = ws.prefix(12).map(\.word)
        let french = marks.filter(frenchMarks.contains).count > marks.filter(englishMarks.contains).count
        let finiteModals = possibilityModals.union(obligationModals)
        var subject: [(word: String, raw: String, ends: Bool)] = []
        for (i, item) in ws.enumerated() {
            let w = item.word
            let next = i + 1 < ws.count ? ws[i + 1].word : nil
            // A relative clause inside a noun phrase keeps its verb to itself: the phrase says what the term is.
            if clauseOpeners.contains(w) || ["whose", "whom", "lequel", "laquelle", "lesquels", "lesquelles", "auquel", "duquel"].contains(w) {
                // (Unless the main clause's verb follows the relative clause: `precipitation that reaches the ground either soaks into…`,
                // a sentence whose subject is the phrase.)
                if !french, !subject.isEmpty, let main = mainVerbAfterRelative(ws, from: i, lexicon) {
                    clause.verb = copulas.contains(main) ? .copula : possibilityModals.contains(main) ? .ability : .action
                    clause.subject = subjectKind(subject.map(\.word), termWords: termWords)
                    clause.statement = true
                }
                return clause
            }
            var verb: MeaningClause.Verb?
            if finiteModals.contains(w) {
                // (An adverb may stand between: `can also be activated`, `peut aussi être…`.)
                var j = i + 1
                if j < ws.count, ["also", "only", "easily", "then", "not", "aussi", "également", "seulement", "alors", "pas", "always", "never"].contains(ws[j].word) { j += 1 }
                let passive = j + 1 < ws.count && ["be", "être"].contains(ws[j].word) && pastParticiple(ws[j + 1].word, lexicon)
                // (What must be done is a rule of use when the subject is the term left out or every one of a kind — `Should be powered
                // by…`, `Each user must be assigned…`; a rule about another thing may define an order: `le père ne doit être traité que…`.)
                // (In the active it says what the thing does: `chaque transaction doit amener le système…`.)
                let ruleOfUse = subject.isEmpty || (subject.count == 1 && pronounSubjects.contains(subject[0].word))
                    || subject.first.map { ["each", "every", "all", "any", "chaque", "tout", "tous", "toutes"].contains($0.word) } == true
                verb = obligationModals.contains(w) ? (ruleOfUse && passive ? .obligation : .action) : passive ? .passiveAbility : .ability
            } else if copulas.contains(w) && !(w == "be" || w == "être") {
                var after = ws[(i + 1)...].prefix(5).map(\.word)
                // (`are shown above…`, `sont affichées en haut…`: a participle of showing, then the place.)
                if let shown = after.first, showingParticiples.contains(shown) { after.removeFirst() }
                let place = after.first.map(placePrepositions.contains) == true && after.prefix(4).contains(where: placeWords.contains)
                    || after.first.map(placeOpeners.contains) == true || (after.first == "en" && after.dropFirst().first.map(["haut", "bas", "dessous"].contains) == true)
                verb = place ? .place : madeFor(after) ? .use : .copula
            } else if appearVerbs.contains(w) || (["situe", "situent", "trouve", "trouvent"].contains(w) && subject.last?.word == "se") {
                verb = .place
            } else if denoteVerbs.contains(w) {
                verb = .denotes
            } else if auxiliaries.contains(w) && w != "a" || (w == "a" && french && !subject.isEmpty) {
                verb = .action
            } else if !item.ends, french ? frenchFiniteVerb(w, lexicon)
                        : englishPresentVerb(w, next: next, lexicon) || baseVerbAfterPlural(w, next: next, subject: subject.map(\.word), lexicon),
                      subject.last.map({ !determiners.contains($0.word) && !demonstratives.contains($0.word) && !prepositions.contains($0.word) }) ?? true,
                      subject.first.map({ determiners.contains($0.word) || demonstratives.contains($0.word) || possessives.contains($0.word)
                          || pronounSubjects.contains($0.word) || readerWords.contains($0.word) || quantifiers.contains($0.word)
                          || $0.raw.first?.isUppercase == true && !$0.word.hasSuffix("ing") }) ?? true,
                      !subject.contains(where: { prepositions.contains($0.word) }) {
                // A verb the dictionaries tell (not one of the closed sets above) ends a subject that opens as one does — an article,
                // a pronoun, a capital — never a bare noun phrase's words (`zone de contact entre…`), a participle's (`Including multiple
                // computing cores on…`), a word after an article or a preposition (`the sets of…`, `from hand production to machines,`),
                // nor a phrase with a preposition in it (`The number of days after password expires…`: a clause inside the phrase).
                verb = .action
            }
            if let verb {
                // (An article after a noun with no preposition between opens a relative clause whose word is left out, `The entity a
                // certificate belongs to`: the verb is the relative's, the words a noun phrase.)
                if subject.indices.dropFirst().contains(where: { k in (determiners.contains(subject[k].word) || possessives.contains(subject[k].word))
                    && !prepositions.contains(subject[k - 1].word) && !conjunctions.contains(subject[k - 1].word) && !determiners.contains(subject[k - 1].word) }) {
                    return clause
                }
                clause.verb = verb
                clause.subject = subjectKind(subject.map(\.word), termWords: termWords)
                // (A name alone for subject, unknown to the dictionaries, is another thing than a term of more words that holds it:
                // `La charte Debian : Debian a des spécifications…`.)
                if clause.subject == .term, subject.count == 1, subject[0].raw.first?.isUppercase == true, !lexicon.knows(subject[0].word),
                   words(term).filter({ !determiners.contains($0) }).count > 1,
                   // (One of names the term joins is the term's: `Anaconda et Miniconda : Anaconda est une distribution…`.)
                   !words(term).split(whereSeparator: { conjunctions.contains($0) }).contains(where: { $0.elementsEqual([subject[0].word]) }) {
                    clause.subject = .other
                }
                clause.chosenSubject = clause.subject == .pronoun && subject.contains { choiceWords.contains($0.word) }
                clause.statement = isStatement(subject, verb: w, lexical: verb == .action && !auxiliaries.contains(w) && !finiteModals.contains(w))
                clause.figure = ws[i...].prefix { !$0.ends }.contains { $0.word.contains(where: \.isNumber) }
                    || ws[i...].first { $0.ends }.map { $0.word.contains(where: \.isNumber) } == true
                return clause
            }
            if item.ends { return clause }
            subject.append(item)
        }
        return clause
    }

    /// Words that end a bare subject's noun phrase: a verb after them is another clause's.
    static let subjectStops: Set<String> = ["that", "which", "who", "whose", "where", "when", "whereby", "used", "called", "known", "named", "and", "or", "but",
                                            "how", "what", "a", "an", "the", "qui", "que", "qu", "dont", "où", "et", "ou", "mais", "le", "la", "les", "l", "un",
                                            "une", "appelé", "appelée", "nommé"]
    static let definiteOpeners: Set<String> = ["the", "these", "those", "this", "le", "la", "les", "l", "ce", "cette", "ces"]

    /// Whether a clause whose subject is another thing states something of that thing (`The body of the certificate is hashed…`, `Les
    /// paquets … sont reconstruits`, `names are global…`, `each neuron contains…`) rather than going on from a noun phrase that says what
    /// the term is (`le récit est vu à travers…`, `the amount of a good producers are willing to sell`, `A parent may have…`, `Two or more
    /// machines are running…`, `Git will always convert…`): a new sentence opened by a definite article or `One of`, a bare noun phrase
    /// with a verb of being or a modal, or one thing of a kind with its own verb.
    static func isStatement(_ subject: [(word: String, raw: String, ends: Bool)], verb: String, lexical: Bool) -> Bool {
        guard let first = subject.first else { return false }
        if first.raw.first?.isUppercase == true, definiteOpeners.contains(first.word) || (first.word == "one" && subject.dropFirst().first?.word == "of") {
            return subject.count <= 9
        }
        if ["each", "every"].contains(first.word), subject.count == 2, lexical { return true }
        // (A noun with an article and its own verb in the present: `the player plays in…`, `An x character indicates that…`.)
        if ["the", "a", "an"].contains(first.word), (2...3).contains(subject.count), lexical, first.raw.first?.isLowercase == true || first.word != "the" { return true }
        let closed = copulas.contains(verb) || possibilityModals.contains(verb) || obligationModals.contains(verb) || ["will", "would"].contains(verb)
        let bare = !determiners.contains(first.word) && !quantifiers.contains(first.word) && !possessives.contains(first.word)
            && !pronounSubjects.contains(first.word) && !demonstratives.contains(first.word) && !["chaque", "each", "every", "one"].contains(first.word)
        // (A name alone for subject tells what a program does with the term: `Git will always convert…`.)
        let name = subject.count == 1 && first.raw.count > 1 && first.raw.first?.isUppercase == true && first.raw.dropFirst().allSatisfy(\.isLowercase)
            && !first.word.hasSuffix("s")
        guard bare, !subject.contains(where: { subjectStops.contains($0.word) }) else { return false }
        // (Or a noun of a few words opening the sentence, then its own verb: `Output swings from…`, `Debian fournit…`.)
        return closed && !name && subject.count <= 6 || lexical && first.raw.first?.isUppercase == true && subject.count <= 3
    }

    /// What the words before the verb name.
    static func subjectKind(_ subject: [String], termWords: Set<String>) -> MeaningClause.Subject {
        guard let first = subject.first else { return .leftOut }
        let content = subject.filter { !determiners.contains($0) && !demonstratives.contains($0) && $0 != "se" && $0 != "n" }
        // (`one` is the reader alone, `One can…`; before a noun it counts: `One machine is in hot-standby…`.)
        if readerWords.contains(first), first != "one" || subject.count == 1 { return .reader }
        // (One of a kind is not the kind: `each neuron contains…` for `layers of neurons`.)
        if ["each", "every", "chaque"].contains(first) { return .other }
        if possessives.contains(first) { return .property }
        if content.isEmpty || (subject.count == 1 && pronounSubjects.contains(first)) { return .pronoun }
        if content.contains(where: { termWords.contains(stem($0)) }) { return .term }
        // (A demonstrative and its noun point back at the term just named: `This option…`, `This directory contains…`, `Cette commande…`.)
        // (Also with the whole it is a part of: `This portion of the brain is used for…`, `Cette partie du programme…`.)
        let head = content.prefix { !prepositions.contains($0) }
        if demonstratives.contains(first), first != "that", content.count <= 2 || (1...2).contains(head.count) && head.count < content.count { return .pronoun }
        return .other
    }
}
