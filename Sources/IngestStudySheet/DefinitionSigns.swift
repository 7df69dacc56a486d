import Foundation

/// The positive sign a study sheet asks of a definition before listing it (issue 36 item 3: precision first). The shapes of
/// DefinitionRecognizer, DefinitionShapes and DefinitionClause decline what a line `X: M` is shaped as when it is no definition;
/// every fresh batch of course pages showed kinds of lines no such rule foresaw (values, benefits, roles, topics, sentences about
/// other things), each accepted because nothing declined it. So a line is listed only when its meaning shows that it says what X is
/// or does:
/// - what X's letters stand for, or X restated (DefinitionAcronyms.swift, DefinitionSymbols.swift);
/// - a clause whose subject is X, a pronoun for X, or left out, with a verb saying what X is (`A threat is a potential event…`,
///   `Exposure refers to…`, `C'est un…`, `désigne…`) or does (`Returns the length…`, `Le protocole RIP s'appuie…`) — not a
///   quality (`This is crucial for…`);
/// - a noun phrase naming a kind or a thing: an article or a noun or a quality first (`a molecule that…`, `the study of…`,
///   `Network security devices that filter…`, `ensemble des…`, `grandeur qui…`), a gerund or a participle (`Converting data into…`,
///   `Used to uniquely identify…`), or, for a command, a function or a key, the verb of what it does (`create an environment`);
/// - the choice of an option (`When enabled, …`).
/// A line without one stays in the document's text; the sheet lists only the definitions it is sure of.
extension DefinitionRecognizer {
    /// Whether `found`'s meaning gives a positive sign that it says what its term is or does.
    static func isSure(_ found: Found, lexicon: Lexicon = .shared) -> Bool {
        let term = found.term, meaning = gluedSentenceCut(found.meaning)
        // A dictionary's entry (`Mitose (n. f.) : …`), an acronym spelled out, a letter or an operator with what it stands for.
        if found.grammar != nil || spellsOut(term, meaning) || standsFor(term, meaning) || nearlyStandsFor(term, meaning)
            || restatesTerm(term, meaning) || letterStandsFor(term, meaning) || isOperator(term) { return true }
        // A purpose, a likeness and its difference, a quality's clause (DefinitionKindsOfMeaning.swift).
        if saysByKind(term, meaning, lexicon) || opensWithTerm(term, meaning) { return true }
        let tokens = meaning.split(separator: " ").prefix(24).map(String.init)
        // French's way of saying what a word is said of (`Autotrophe : se dit d'un être vivant qui…`).
        if tokens.count > 2, tokens[0].lowercased() == "se", tokens[1] == "dit" || tokens[1] == "disent" { return true }
        // A list of members or parts is no meaning (`Key parameters include…`, `This includes understanding…`) — unless a relative clause
        // holds the verb (`a package that includes everything…`) or the verb opens it, the term its subject (`Includes consumer products…`).
        for raw in tokens.prefix(8).dropFirst() {
            let w = raw.lowercased()
            if relativeOpeners.contains(w) || ["dont", "que"].contains(w) { break }
            if ["include", "includes", "comprennent", "comprend", "incluent", "inclut"].contains(w) { return false }
            if raw.hasSuffix(".") || raw.hasSuffix(";") { break }
        }
        let clause = readClause(term, tokens, lexicon)
        let marks = clauseWords(tokens).prefix(12).map(\.word)
        let french = marks.filter(frenchMarks.contains).count > marks.filter(englishMarks.contains).count
        if clause.opener == .choice { return true }
        guard clause.opener == .plain else { return false }
        switch clause.subject {
        case .reader, .property:
            return false
        case .other:
            // (A noun phrase with its article that goes on with a clause of its own, `the amount of a good producers are willing to
            // sell`, `the computer is presented with example inputs…`: what tells the kind apart — not a bare or counted one, `AI systems
            // often have…`, `Many tasks require…`, `Privacy is…`.)
            guard !clause.statement, let first = firstWord(tokens) else { return false }
            // (Or a noun and its complement, `Principal of only allowing…`.)
            let complement = tokens.dropFirst().first.map { ["of", "de", "du", "des", "d’", "d'"].contains($0.lowercased()) } == true
            return articles.contains(first) && !quantifiers.contains(first) || complement && classes(first, lexicon).contains(.noun)
        case .leftOut:
            // The verb first: what X is or does (`Is a…`, `Sets whether…`, `Remplit…`, `Can execute any instruction`) — for a thing, not a
            // person or a role of a game named by one capitalised word (`Alice : crée les clés…`, `Pirate : intercepte…`).
            if french, personLike(term, lexicon) || oneCapitalisedWord(term) && coordinatesActions(tokens, lexicon) { return false }
            guard [.copula, .denotes, .action, .ability].contains(clause.verb), !clause.figure,
                  let first = firstWord(tokens), !french && lexicon.englishInflected(first).contains(.verb) || copulas.contains(first)
                    || possibilityModals.contains(first) || denoteVerbs.contains(first) && (french || !first.hasSuffix("ent"))
                    || french && frenchFiniteVerb(first, lexicon) else { return false }
            return clause.verb != .copula || namesAfterCopula(tokens, lexicon)
        case .term, .pronoun:
            guard let first = firstWord(tokens) else { return false }
            // (`They…` may be another thing named before, `Directory services… They enforce…`; `IT operations…` is no pronoun.)
            if ["they", "ils", "elles"].contains(first) || tokens.first.map({ $0.count > 1 && $0.allSatisfy { $0.isUppercase } }) == true { return false }
            // The subject names the term by its head word, not by a word it shares with it (`Python programming requires…` for `Python
            // Basics`, `Container images can contain…` for `Image Security`); a list of members is no meaning (`Key parameters include…`).
            if clause.subject == .term, !namesHead(term, tokens) { return opensNounPhrase(term, tokens, lexicon) }
            switch clause.verb {
            case .denotes, .action, .ability: return true
            case .copula: return namesAfterCopula(tokens, lexicon)
            default: return false
            }
        case .none:
            return opensNounPhrase(term, tokens, lexicon)
        }
    }

    /// A first name the French dictionary lists (`Alice`, `Paul`; its `po:prn`): what it does is a person's part, not what a thing does
    /// — where one capitalised word was taken for a person before, and a widget or a class (`Checkbutton : affiche des cases à cocher`,
    /// `Text : crée une zone de texte…`) with it.
    static func personLike(_ term: String, _ lexicon: Lexicon) -> Bool {
        !term.contains(" ") && term.first?.isUppercase == true && term.dropFirst().allSatisfy(\.isLowercase) && lexicon.isFrenchFirstName(term)
    }

    /// One capitalised word, no sign nor figure (`Pirate`, `Checkbutton`).
    static func oneCapitalisedWord(_ term: String) -> Bool {
        !term.contains(" ") && term.first?.isUppercase == true && term.dropFirst().allSatisfy(\.isLowercase)
    }

    /// A list of actions — a French verb in the present after `et` or a comma within the first twelve words (`crée les clés, conserve la
    /// clé privée…`, `intercepte la transmission et tente de casser…`): a person's or a role's tasks, where a thing named by one
    /// capitalised word says in one verb what it does (`Checkbutton : affiche des cases à cocher.`).
    static func coordinatesActions(_ tokens: [String], _ lexicon: Lexicon) -> Bool {
        let items = clauseWords(Array(tokens.prefix(12)))
        for (i, item) in items.enumerated().dropFirst() where i + 1 < items.count {
            let next = items[i + 1].word
            // (A verb the dictionary lists as a noun too is read by its `-er` infinitive: `tente`, `attaque`, `conserve`.)
            if item.word == "et" || item.ends, frenchFiniteVerb(next, lexicon)
                || next.count > 3 && next.hasSuffix("e") && lexicon.french[next + "r"]?.contains(.verb) == true { return true }
        }
        return false
    }

    /// The meaning's first word, lower-cased, punctuation off (elisions split: `c'est` → `c`).
    static func firstWord(_ tokens: [String]) -> String? { clauseWords(Array(tokens.prefix(2))).first?.word }

    /// The clause's subject holds the term's head word — its last word before a bracket (`protocole RIP` → `rip`, `Red Team/Blue Team` →
    /// `team`, `Word Embeddings` → `embedding`).
    /// (Each of the names a term joins is its head: `Anaconda et Miniconda : Anaconda est une distribution…`.)
    static func namesHead(_ term: String, _ tokens: [String]) -> Bool {
        let heads = Set((holds(term, " et ") || holds(term, " and ") ? term.components(separatedBy: " et ").flatMap { $0.components(separatedBy: " and ") } : [term])
            .map(headWord).filter { !$0.isEmpty })
        return !heads.isEmpty && clauseWords(Array(tokens.prefix(10))).prefix { !copulas.contains($0.word) }.contains { heads.contains(stem($0.word)) }
    }

    /// The term's last word before a bracket, stemmed (`Intrusion Detection and Prevention Systems (IDPS)` → `system`).
    static func headWord(_ term: String) -> String {
        let head = term.prefix { $0 != "(" }
        return DefinitionRecognizer.words(String(head).replacingOccurrences(of: "/", with: " ").replacingOccurrences(of: "-", with: " ")).last.map(stem) ?? ""
    }

    /// Words that open no noun phrase naming a thing: the reader, pronouns, quantities, links, places and times.
    static let phraseOpenersNot: Set<String> = [
        "there", "here", "we", "you", "i", "he", "she", "not", "to", "very", "more", "most", "less", "also", "then", "so", "thus",
        "just", "only", "even", "still", "yet", "now", "always", "never", "often", "why", "how", "what", "where", "when", "whether", "if",
        "because", "as", "like", "such", "same", "other", "every", "each", "on", "nous", "vous", "je", "tu", "ne", "pas", "très", "plus",
        "moins", "aussi", "alors", "donc", "ainsi", "puis", "encore", "toujours", "jamais", "souvent", "pourquoi", "comment", "quoi", "où",
        "quand", "si", "parce", "comme", "même", "autre", "autres", "chaque", "tout", "toute", "tous", "toutes", "voici", "voilà", "y",
        "en", "se", "his", "her", "our", "your", "my", "mon", "ma", "mes", "notre", "votre", "nos", "vos", "both", "either", "neither",
        "many", "much", "several", "few", "most", "they", "ils", "elles",
    ]
    /// Words opening a subordinate clause or an indirect question inside a noun phrase (`the change in direction of a wave as it
    /// enters…`, `a measure of how acidic… a solution is`): what follows is no main clause.
    static let subordinateOpeners: Set<String> = ["as", "how", "why", "whether", "while", "because", "since", "until", "comment", "pourquoi",
                                                  "combien", "parce", "puisque", "tandis"]
    /// Pronouns and demonstratives that stand for the term when they open its meaning (`It is…`, `This option determines…`,
    /// `These runtimes provide…`, `Cela couvre…`, `Il attend…`).
    static let termPronouns: Set<String> = ["it", "this", "these", "il", "elle", "cela", "ceci", "ça", "ce", "cet", "cette", "ces"]
    /// Words that open a relative clause about the term (`which allows side effects`, `qui permet…`).
    static let relativeOpeners: Set<String> = ["which", "that", "who", "qui"]
    /// Articles that open a noun phrase.
    static let articles: Set<String> = ["a", "an", "the", "un", "une", "le", "la", "les", "l", "des", "du", "de", "d", "one", "any", "anything",
                                        "something", "another", "all", "no", "ensemble", "celui", "celle", "ceux", "celles"]
    /// Adverbs of manner that may stand before a gerund or a participle (`Regularly updating…`, `Only used for…`).
    static func adverbBefore(_ w: String, _ lexicon: Lexicon) -> Bool {
        w.count > 4 && (w.hasSuffix("ly") || w.hasSuffix("ment")) && lexicon.englishLemma(w).union(lexicon.frenchWord(w)).isDisjoint(with: [.noun, .verb])
    }

    static func classes(_ w: String, _ lexicon: Lexicon) -> Lexicon.Classes {
        lexicon.englishLemma(w).union(lexicon.englishInflected(w)).union(lexicon.frenchWord(w))
    }

    /// A participle as written: English `-ed` or irregular (`used`, `known`, `given`), French `-é(e)(s)` of an `-er` verb or
    /// `-i(e)(s)` of an `-ir` one — not a verb's base form, which DefinitionWordClasses' `pastParticiple` also takes (`set`, `put`).
    static func participleForm(_ w: String, _ lexicon: Lexicon) -> Bool {
        if w.hasSuffix("ed") || lexicon.englishIrregular[w]?.contains(.verb) == true { return lexicon.englishInflected(w).contains(.verb) }
        for (end, base) in [("ées", "er"), ("és", "er"), ("ée", "er"), ("é", "er"), ("ies", "ir"), ("is", "ir"), ("ie", "ir"), ("i", "ir")]
        where w.count > end.count + 2 && w.hasSuffix(end) {
            return lexicon.french[String(w.dropLast(end.count)) + base]?.contains(.verb) == true
        }
        return false
    }

    /// A finite verb the dictionaries tell: a copula, a modal, an auxiliary; in English an `-s` form whose lemma is a verb and no
    /// noun (`reduces`, `validates`) after a word that is no article nor preposition, or a base form that is a verb only (`require`,
    /// `validate`) after a plural noun; in French a verb in the present (DefinitionClause's `frenchFiniteVerb`).
    static func finiteVerb(_ w: String, after previous: String, next: String? = nil, french: Bool, _ lexicon: Lexicon) -> Bool {
        if copulas.contains(w) && w != "be" && w != "être" || possibilityModals.contains(w) || obligationModals.contains(w) { return true }
        // (French auxiliaries too: `la plupart des paquets ont des fichiers…`.)
        // (And a word the dictionary lists as a noun whose verb it is too, after a noun and before its object's article: `La répartition
        // géographique des développeurs Debian demande des outils…`.)
        if french {
            let nounVerb = next.map { articles.contains($0) } == true && !previous.isEmpty && w.count > 3
                && (w.hasSuffix("e") && lexicon.french[w + "r"]?.contains(.verb) == true
                    || w.hasSuffix("ent") && lexicon.french[String(w.dropLast(3)) + "er"]?.contains(.verb) == true)
            return (frenchFiniteVerb(w, lexicon) || ["ont", "avait", "avaient", "vont"].contains(w) || nounVerb) && !articles.contains(previous)
                && !prepositions.contains(previous)
        }
        if ["has", "have", "does", "do", "will", "would"].contains(w) { return true }
        guard previous != "to", w.count >= 3, !articles.contains(previous), !prepositions.contains(previous) else { return false }
        let lemma = lexicon.englishLemma(w)
        if w.hasSuffix("s"), !w.hasSuffix("ss"), !w.hasSuffix("us"), !w.hasSuffix("is"), lemma.isEmpty {
            let base = w.hasSuffix("ies") ? String(w.dropLast(3)) + "y" : w.hasSuffix("es") && lexicon.englishLemma(String(w.dropLast(2))).contains(.verb)
                ? String(w.dropLast(2)) : String(w.dropLast())
            let b = lexicon.englishLemma(base)
            return b.contains(.verb) && !b.contains(.noun) && !b.contains(.adjective)
        }
        guard previous.count > 3, previous.hasSuffix("s"), classes(previous, lexicon).contains(.noun) else { return false }
        // (A verb that is also a noun, after a plural, before its object's article, a preposition or a plural noun: `IT operations focus
        // on…`, `IT operations handle tasks like…`.)
        return lemma == [.verb] || lemma.contains(.verb) && next.map { articles.contains($0) || prepositions.contains($0) || !lemma.contains(.adjective) && lexicon.englishPluralNoun($0) } == true
    }

    /// A sentence about another thing the clause reader leaves unread: a bare or article-led noun phrase (`Directory services`,
    /// `The use of AI in security`, `Patching`) then a finite verb within the sentence's first twelve words, before any relative
    /// clause or a new clause after a comma, the phrase not naming the term (`Consistent security hygiene reduces…`, `Security
    /// operations require…`).
    static func opensSentenceAboutAnother(_ term: String, _ items: [(word: String, raw: String, ends: Bool)], french: Bool, _ lexicon: Lexicon) -> Bool {
        let head = headWord(term)
        var subject: [String] = []
        var previous = ""
        for (i, item) in items.prefix(12).enumerated() {
            let w = item.word
            if relativeOpeners.contains(w) || clauseOpeners.contains(w) || ["comme", "dont", "où", "wherein", "whereby", "lesquels", "lesquelles", "auxquels",
                                                                                         "auxquelles", "duquel", "desquels", "desquelles", "auquel"].contains(w)
                || subordinateOpeners.contains(w) && !(w == "as" && previous == "such") { return false }
            // (French: a lone common noun with no determiner opens no sentence — `document produit à l'époque…`, `passage de la graine
            // à la jeune plante`: a noun phrase whose participle or noun reads as a verb.)
            if french, i > 0, subject.count == 1, !subject[0].isEmpty, items[0].raw.first?.isLowercase == true,
               !articles.contains(subject[0]), !termPronouns.contains(subject[0]), !phraseOpenersNot.contains(subject[0]),
               !quantifiers.contains(subject[0]), !possessives.contains(subject[0]), classes(subject[0], lexicon).contains(.noun) { return false }
            if i > 0, finiteVerb(w, after: previous, next: i + 1 < items.count ? items[i + 1].word : nil, french: french, lexicon) {
                let pronoun = termPronouns.contains(items[0].word) && !items[0].raw.allSatisfy(\.isUppercase)
                return !subject.contains { stem($0) == head } && !pronoun
            }
            // (An article after a noun, no preposition between, opens a relative clause whose word is left out: `The maximum number of days
            // the password is valid`.)
            if i > 0, articles.contains(w), !["of", "de", "d", "du", "des"].contains(w), !prepositions.contains(previous), !conjunctions.contains(previous),
               !articles.contains(previous), classes(previous, lexicon).contains(.noun) { return false }
            // (An adverb between the subject and its verb: `Patches often include…`.)
            if !(["often", "usually", "always", "also", "directly", "generally", "typically", "still", "souvent", "aussi", "toujours"].contains(w)
                 || w.count > 4 && w.hasSuffix("ly")) { previous = w }
            // (A comma before an article or a pronoun opens another clause: `double helix strand structure, each strand contains…`.)
            if item.ends, i + 1 < items.count, articles.contains(items[i + 1].word) || quantifiers.contains(items[i + 1].word)
                || ["each", "every", "it", "they", "this", "il", "elle", "chaque"].contains(items[i + 1].word) { return false }
            if item.raw.hasSuffix(".") || item.raw.hasSuffix(";") { return false }
            subject.append(w)
        }
        return false
    }

    /// The meaning opens with a noun phrase naming a kind or a thing: an article, a noun or a quality of the dictionaries, a
    /// gerund or a participle (after an adverb of manner, `Regularly updating…`); a pronoun for the term or a relative clause
    /// about it (`This option determines…`, `which allows side effects`); a verb's `-s` form (`Organizes programs…`); a verb's base
    /// form only for a term that names an action (a command, a function, a key: `create an environment`) or after `to` (`to describe
    /// data`, what it is for); an unknown word (a name, `GTK+ download manager`) only with a noun of the dictionaries among the next
    /// two words. Not a sentence about another thing (`opensSentenceAboutAnother`), nor a gerund opening a clause (`Ensuring that…`,
    /// `Understanding why…`).
    static func opensNounPhrase(_ term: String, _ tokens: [String], _ lexicon: Lexicon) -> Bool {
        var items = clauseWords(tokens).filter { !$0.word.isEmpty }
        guard var w = items.first?.word else { return false }
        if adverbBefore(w, lexicon), items.count > 1 { items.removeFirst(); w = items[0].word }
        let ws = items.map(\.word), next = ws.dropFirst().first
        let marks = ws.prefix(12)
        let french = marks.filter(frenchMarks.contains).count > marks.filter(englishMarks.contains).count
        let capital = items[0].raw.first?.isUppercase == true
        let acronym = items[0].raw.count > 1 && items[0].raw.allSatisfy { $0.isUppercase }
        if termPronouns.contains(w), !acronym { return true }
        if relativeOpeners.contains(w) {
            return next.map { finiteVerb($0, after: "", french: french, lexicon) || lexicon.englishInflected($0).union(lexicon.englishLemma($0)).contains(.verb) } ?? false
        }
        let c = classes(w, lexicon)
        // (What a thing does, its subject left out: `Organizes programs so that…`, `Enables icons…`.)
        if !french, capital, w.count > 3, w.hasSuffix("s"), lexicon.englishLemma(w).isEmpty, c.contains(.verb) {
            // (A verb that is also a plural noun, `Takes`, `Makes`, `Goes`, is the verb before its object or a preposition — the noun
            // before an adverb or a verb, `Patches often include…`.)
            guard c.contains(.noun) else { return true }
            if let next, articles.contains(next) || possessives.contains(next) || prepositions.contains(next)
                || classes(next, lexicon).contains(.noun) && !classes(next, lexicon).contains(.verb) { return true }
        }
        // (French: a verb first, for a person or a role, `Paul : chiffre le message…`.)
        // (A first name's meaning that opens with no article is what the person does, `Paul : chiffre le message…`, whatever class the
        // dictionary gives its first word.)
        if french, personLike(term, lexicon), !articles.contains(w) { return false }
        if french, oneCapitalisedWord(term), coordinatesActions(tokens, lexicon), frenchFiniteVerb(w, lexicon) { return false }
        if opensSentenceAboutAnother(term, items, french: french, lexicon) { return false }
        if articles.contains(w) { return true }
        if opensCountedOrSuperlativePhrase(ws, lexicon) { return true }
        if w == "to", let next { return !capital && lexicon.englishLemma(next).contains(.verb) }
        if phraseOpenersNot.contains(w) || quantifiers.contains(w) || prepositions.contains(w) || conjunctions.contains(w)
            || circumstanceOpeners.contains(w) || w.first?.isNumber == true { return false }
        if w.count > 4, w.hasSuffix("ing") {
            // (A gerund opening a clause, `Ensuring that only authorized users…`, `Understanding why…`, is no noun phrase; one a relative
            // clause qualifies is, `Computing that delivers…`.)
            guard let next, ["that", "why", "how", "what", "whether", "if", "where", "when"].contains(next) else { return true }
            return next == "that" && ws.count > 2 && finiteVerb(ws[2], after: "", french: false, lexicon)
        }
        if participleForm(w, lexicon) { return true }
        if !c.isDisjoint(with: [.noun, .adjective]) { return french || !namesWhatItDoesOrHas(term, items, lexicon) }
        if c.contains(.verb) {
            // (What it does, a verb's base form in lower case in a list of kinds: `perform basic arithmetical operations`, `enhance amount
            // of force…`; a capitalised one is an order, `Use the Units Menu…`.)
            if !french, !capital, lexicon.englishLemma(w).contains(.verb) { return true }
            // (A capitalised French infinitive is a step or an order, `Couper la chaîne…`, `Observer que…`.)
            return namesAnAction(term) && !(french && capital)
        }
        if !c.isEmpty { return false }
        // An unknown word: a name or a code, then the noun it qualifies.
        return ws.dropFirst().prefix(2).contains { (classes($0, lexicon).contains(.noun) || $0.hasSuffix("ing"))
            && !phraseOpenersNot.contains($0) && !prepositions.contains($0) && !articles.contains($0) }
    }

    /// English: a bare noun phrase whose head — its last word before a preposition, a conjunction, a relative or the phrase's end —
    /// names an act, a state or a quality by its first sense in WordNet (`security`, `management`, `control`: NounKinds.swift), for a
    /// term naming a person or a thing (its head's first sense: `customer`, `server`) or a name WordNet does not know, written with
    /// capitals or figures (`AWS`, `DVC`): what the thing does or has (`Customers: security in the cloud`, `AWS: security of the cloud`,
    /// `DVC: Version control for data and models`), not what it is. A term that is an act, a state or an idea itself keeps its meaning
    /// (`Refraction`, `Integration tests`, `Flash Attention`), and so does a head naming a thing (`Dagster: Data orchestration platform`).
    static func namesWhatItDoesOrHas(_ term: String, _ items: [(word: String, raw: String, ends: Bool)], _ lexicon: Lexicon,
                                     _ kinds: NounKinds = .shared) -> Bool {
        var head: String?, at = 0, after: String?
        for (i, item) in items.prefix(8).enumerated() {
            let w = item.word
            // (A participle after the noun qualifies it: `tiny organisms drifting in water`.)
            if prepositions.contains(w) || conjunctions.contains(w) || relativeOpeners.contains(w) || clauseOpeners.contains(w)
                || head != nil && w.count > 4 && (w.hasSuffix("ing") || w.hasSuffix("ed")) { after = w; break }
            head = w
            at = i
            if item.ends || item.raw.hasSuffix(".") || item.raw.hasSuffix(";") || item.raw.hasSuffix(",") { break }
        }
        guard let head else { return false }
        // (What tells the kind apart follows — a relative clause, a purpose: `work that has not been started`, `Physical measures to
        // restrict access…`; a first word that is a verb too may be one, `try to synchronize…`; the term's own word restated,
        // `devDependencies: dependencies of…`.)
        if let after, relativeOpeners.contains(after) || after == "to" { return false }
        if at == 0, lexicon.englishLemma(head).contains(.verb) { return false }
        let stemmed = stem(head)
        if stemmed.count > 3, term.lowercased().contains(String(stemmed.prefix(max(4, stemmed.count - 1)))) { return false }
        guard let meaning = kinds.kind(head), [.act, .state, .attribute].contains(meaning) else { return false }
        guard let last = DefinitionRecognizer.words(String(term.prefix { $0 != "(" })).last else { return false }
        // (The term names a thing by its first sense and by none an act, a state or an idea: `Pruning` — twigs cut off, first — is an act too.)
        let termKinds = kinds.kinds(last)
        if let kind = termKinds.first {
            return [.person, .artifact, .object, .substance, .body, .animal, .plant, .food, .location, .group].contains(kind)
                && termKinds.allSatisfy { ![.act, .process, .event, .state, .attribute, .phenomenon, .cognition].contains($0) }
        }
        // (A name: no word of the dictionaries, with capitals or figures — `AWS`, `DVC`; not `Physical`, `Reconnect`.)
        return !lexicon.knows(last) && term.contains { $0.isUppercase || $0.isNumber }
    }

    /// A noun phrase that opens with a word the closed sets read otherwise: one of a set (`chacun des deux filaments…`, `each of the…`),
    /// a count of members (`two or more atoms…`, `deux ou plus…`), a superlative (`plus petite partie d'un élément`), a noun that is
    /// also a preposition before its complement (`vers de douze syllabes`).
    static func opensCountedOrSuperlativePhrase(_ ws: [String], _ lexicon: Lexicon) -> Bool {
        guard let w = ws.first, ws.count > 2 else { return false }
        let next = ws[1], third = ws[2]
        if ["chacun", "chacune", "each", "l'un", "l’une", "one"].contains(w), ["des", "de", "d", "of"].contains(next) { return true }
        if quantifiers.contains(w) || w.first?.isNumber == true, next == "or" && third == "more" || next == "ou" && third == "plus" { return true }
        if ["plus", "moins"].contains(w), lexicon.frenchWord(next).contains(.adjective), lexicon.frenchWord(third).contains(.noun) { return true }
        if prepositions.contains(w), lexicon.frenchWord(w).contains(.noun), ["de", "d"].contains(next) { return true }
        return false
    }

    /// After the clause's copula: what names a thing — an article, a noun of the dictionaries, a participle of naming or making
    /// (`is used to…`, `est appelé…`, `is composed of…`) — not a quality alone (`is crucial for…`, `est important`).
    static func namesAfterCopula(_ tokens: [String], _ lexicon: Lexicon) -> Bool {
        let ws = clauseWords(tokens).map(\.word)
        guard let at = ws.firstIndex(where: { copulas.contains($0) }) else { return false }
        var rest = ws[(at + 1)...].drop { ["also", "often", "usually", "generally", "simply", "basically", "essentially", "aussi", "souvent", "généralement",
                                          "simplement", "essentiellement", "donc", "then", "thus", "just", "actually", "only", "seulement"].contains($0) }
        guard let w = rest.first else { return false }
        rest = rest.dropFirst()
        if articles.contains(w) || ["what", "how", "where", "ce", "celui", "celle"].contains(w) { return true }
        if participleForm(w, lexicon) || w.hasSuffix("ing") && w.count > 4 { return true }
        if phraseOpenersNot.contains(w) || quantifiers.contains(w) || prepositions.contains(w) { return false }
        let c = classes(w, lexicon)
        // A noun (`Risk is potential for loss`), or a quality before its noun (`is potential harm`), not a quality alone.
        if c.contains(.noun) && !c.contains(.adjective) { return true }
        if c.contains(.adjective), let next = rest.first {
            return classes(next, lexicon).contains(.noun) && !prepositions.contains(next) && !phraseOpenersNot.contains(next)
        }
        return false
    }
}
