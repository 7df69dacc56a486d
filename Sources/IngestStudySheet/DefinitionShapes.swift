import Foundation

/// What a meaning's opening shows it to be (issue 36 item 3, measured on real course pages seen for the
/// first time): a definition says what the term IS — a noun phrase, `is/est …`, what its letters stand
/// for, or, for a command, a function or a key, what it does. A line whose meaning is shaped as something
/// else — an order or a goal (`Faster deployment: Reduce time…`), a title (`Machine Learning: The High
/// Interest Credit Card…`), a sentence about another thing (`Signature: The body of the certificate is
/// hashed…`), qualities alone (`liste : ordonnée et modifiable`), a circumstance (`Principe : dans chaque
/// nombre…`) — is no definition. When the shape is unsure the line stays text: an invented definition
/// goes into a quiz, a missed one only leaves the sheet shorter.
extension DefinitionRecognizer {
    /// Whether the meaning's shape is one a definition of `term` never has.
    static func shapedAsNoMeaning(_ term: String, _ meaning: String, _ lexicon: Lexicon = .empty) -> Bool {
        let tokens = meaning.split(separator: " ").prefix(12).map { String($0) }
        guard let firstToken = tokens.first else { return true }
        let head = firstToken.lowercased().trimmingScalars { wordPunctuation.contains($0) }
        if !namesAnAction(term), opensWithOrder(firstToken, next: tokens.dropFirst().first) { return true }
        if !namesAnAction(term), opensWithFrenchOrder(firstToken, next: tokens.dropFirst().first) { return true }
        if isTitle(term, tokens) { return true }
        if opensWithCircumstance(head), !choiceCircumstance(tokens) { return true }
        if placeOrAppearance(tokens) || opensWithDefault(tokens) { return true }
        if talksOfAnother(term, tokens, lexicon) { return true }
        if passiveOfAModal(tokens, lexicon) { return true }
        if propertyFigure(tokens) { return true }
        if bareSubjectSentence(term, tokens) { return true }
        if namedSubjectSentence(term, tokens) { return true }
        if subjectCutByColon(term, tokens) { return true }
        if activityOfAName(term, tokens) { return true }
        if qualitiesAlone(tokens) { return true }
        if valueAlone(term, tokens) { return true }
        if wordClassesShowNoMeaning(term, tokens, lexicon) { return true }
        return false
    }

    /// A command (`npm install`, `conda create`), a function (`Liste()`, `est_vide`, `node.textContent`) or
    /// a key (`Win+Up arrow`): its meaning may say what it does (`install a module…`, `Maximize the window`).
    static func namesAnAction(_ term: String) -> Bool {
        guard let first = term.first else { return false }
        if first.isLowercase { return true }
        return term.contains("+") || term.contains("()") || term.contains("_") || term.contains("<")
            || term.contains(where: { $0 == "." }) && !term.hasSuffix(".")
    }

    /// English verbs that, capitalised at a meaning's start with their object after them, give an order or a
    /// goal (`Reduce time from…`, `Track model iterations`, `Notify teams…`) — what to do, not what the term is.
    /// Verbs that usually open a noun phrase as nouns (`Model serving framework`, `Feature store`, `Test suite`,
    /// `Version control`) are left out: unsure, their lines are judged by the other signs.
    static let orderVerbs: Set<String> = [
        "reduce", "increase", "decrease", "handle", "bridge", "maintain", "track", "trigger", "scale", "identify", "notify",
        "monitor", "require", "implement", "secure", "distribute", "validate", "coordinate", "protect", "provide", "support",
        "improve", "allow", "help", "manage", "store", "send", "share", "build", "deploy", "prevent", "detect", "measure",
        "collect", "analyze", "analyse", "convert", "generate", "save", "load", "replace", "follow", "understand", "learn",
        "review", "organize", "automate", "optimize", "minimize", "maximize", "simplify", "verify", "connect", "train",
        "prepare", "deliver", "reuse", "retrieve", "display", "describe", "explain", "sort", "filter", "enter", "fill",
        "define", "avoid", "ensure", "enable", "disable", "keep", "make", "take", "give", "get", "set", "find", "compare",
        "check", "choose", "select", "apply", "write", "read", "run", "install", "create", "start", "stop", "add", "remove",
        "delete", "update", "open", "close", "edit", "change", "move", "copy", "print", "show", "hide", "turn", "put",
        "go", "try", "use", "adjust", "determine", "consider", "click", "press", "split", "merge", "combine", "group", "limit",
        "encrypt", "decrypt", "fix", "debug", "document", "plan", "schedule", "assign", "record", "focus", "push", "pull",
        "spend", "cut", "boost", "lower", "raise",
    ]

    /// Words after which such a word is a noun (`Set of values`, `Bridge between two networks`, `Store for…`).
    static let nounFollowers: Set<String> = ["of", "between", "that", "which", "who", "where", "in", "from", "is", "are", "d", "de", "du", "des"]

    /// A capitalised verb in its base form opening the meaning, with its object after it: an order or a goal.
    /// Besides the verbs above, an English verb made with -ize or -ify (`Maximize`, `Identify`) — never a noun.
    static func opensWithOrder(_ first: String, next: String?) -> Bool {
        guard let letter = first.first, letter.isUppercase, let next else { return false }
        let word = first.lowercased().trimmingScalars { wordPunctuation.contains($0) }
        guard !first.hasSuffix(","), !first.hasSuffix(":") else { return false }
        if nounFollowers.contains(next.lowercased().trimmingScalars { wordPunctuation.contains($0) }) { return false }
        if orderVerbs.contains(word) { return true }
        // An order with its manner first (`Safely handle credentials and keys`).
        if word.hasSuffix("ly"), word.count > 4, let verb = Optional(next.lowercased()), orderVerbs.contains(verb) { return true }
        return word.count >= 6 && word.allSatisfy(\.isLetter) && (word.hasSuffix("ize") || word.hasSuffix("ify"))
    }

    /// A capitalised French infinitive and the article of its object (`Séparer les descripteurs…`, `Observer que…`): an order.
    /// (A noun in -er takes `de` after it, `Fichier de configuration`, and is left alone.)
    static func opensWithFrenchOrder(_ first: String, next: String?) -> Bool {
        guard first.first?.isUppercase == true, let next, first.count >= 5, first.dropFirst().allSatisfy(\.isLowercase),
              first.hasSuffix("er") || first.hasSuffix("ir") else { return false }
        let n = next.lowercased()
        return ["le", "la", "les", "un", "une", "que", "son", "sa", "ses", "leur", "leurs", "ce", "cette", "ces"].contains(n)
            || n.hasPrefix("l’") || n.hasPrefix("l'")
    }

    /// Words that do not count in a title's case (`The High Interest Credit Card of Technical Debt`).
    static let titleSmallWords: Set<String> = ["the", "a", "an", "of", "and", "or", "for", "in", "on", "to", "with", "de", "du", "des", "la", "le", "les", "et", "l"]

    /// The meaning's first four words, small words aside, all start with a capital (three at least): the title of
    /// a work or a heading (`The High Interest Credit Card of…`), not words saying what the term is — but what an
    /// acronym stands for is written so (`MSDN: MicroSoft Developer Network`).
    static func isTitle(_ term: String, _ tokens: [String]) -> Bool {
        if term.count >= 2, !term.contains(" "), term.allSatisfy({ $0.isUppercase || $0.isNumber || $0 == "/" || $0 == "-" }) { return false }
        let words = tokens.prefix(6).map { $0.trimmingScalars { wordPunctuation.contains($0) } }.filter { !$0.isEmpty }
        let big = words.filter { !titleSmallWords.contains($0.lowercased()) }.prefix(4)
        guard big.count >= 3 else { return false }
        return big.allSatisfy { $0.first?.isUppercase == true }
    }

    /// A meaning that opens with where or in what case (`dans chaque nombre décimal, il existe…`, `in the
    /// meantime…`, `with a…`, `Comme indiqué dans…`, `Alors que d'autres…`): a circumstance of a sentence, not what the term is.
    static func opensWithCircumstance(_ head: String) -> Bool {
        ["dans", "in", "with", "avec", "within", "sur", "lorsque", "lors", "when", "whenever", "si", "if", "comme", "alors", "whereas", "while",
         "à", "au", "aux"].contains(head)
    }

    /// Words naming what one chooses on a screen or a device.
    static let choiceWords: Set<String> = ["option", "button", "checkbox", "toggle", "setting", "bouton", "case", "réglage"]

    /// A circumstance that is the choice of the thing itself (`When this option is chosen, the Blend Color Space is sRGB`, `Avec
    /// cette option, la sélection… est remplie`): what choosing it does — a definition of an option (the policy's rule 2).
    static func choiceCircumstance(_ tokens: [String]) -> Bool {
        let next = tokens.dropFirst().prefix(3).map { $0.lowercased().trimmingScalars { wordPunctuation.contains($0) } }
        // (Or the state it is put in, its subject left out: `When enabled, the mouse cursor will be…`, `Lorsqu'activée, …`.)
        return next.contains { choiceWords.contains($0) } || next.first.map(choiceStates.contains) == true
    }

    /// The states a setting is put in, after `when`/`if`/`quand` with its subject left out.
    static let choiceStates: Set<String> = ["enabled", "disabled", "checked", "unchecked", "selected", "chosen", "activated", "deactivated",
                                            "set", "on", "off", "activé", "activée", "désactivé", "désactivée", "coché", "cochée", "décoché",
                                            "décochée", "sélectionné", "sélectionnée"]

    /// Words that open a statement of place (`Directly below the Title Bar appears…`, `Juste en dessous de…`).
    static let placeOpeners: Set<String> = ["directly", "below", "above", "beneath", "underneath", "juste", "au-dessus", "au-dessous", "en-dessous"]
    /// Places on a screen or a page, after `is at the`, `se situe en`.
    static let placeWords: Set<String> = ["bottom", "top", "left", "right", "lower", "upper", "corner", "middle", "bas", "haut", "coin", "gauche", "droite", "milieu"]
    static let appearVerbs: Set<String> = ["appears", "appear", "apparaît", "apparait", "apparaissent"]

    /// Where the thing is or when it shows (`Status Area: The Status Area is at the bottom of the image window`, `Barre d'état : elle se
    /// situe en bas…`, `Cancel Button: During complex… operations, a Cancel button temporarily appears…`): a place or an appearance,
    /// not what the thing is (the policy's c). A relative before the verb keeps a noun phrase (`a patch that appears on the skin`).
    static func placeOrAppearance(_ tokens: [String]) -> Bool {
        var ws: [String] = []
        for raw in tokens.prefix(16) {
            ws.append(raw.lowercased().trimmingScalars { wordPunctuation.contains($0) || $0 == ":" || $0 == ";" })
            if raw.hasSuffix(".") || raw.hasSuffix(";") || raw.hasSuffix(":") { break }
        }
        guard let head = ws.first else { return false }
        if placeOpeners.contains(head) || (head == "en" && ws.count > 1 && ["dessous", "bas", "haut"].contains(ws[1])) { return true }
        for (i, w) in ws.enumerated() {
            if DefinitionRecognizer.clauseOpeners.contains(w) { return false }
            if appearVerbs.contains(w) { return true }
            if i < 6, ["is", "are", "situe", "situent", "trouve", "trouvent"].contains(w) {
                let next = ws[(i + 1)...].prefix(3)
                if let first = next.first, ["at", "in", "on", "en", "au", "dans"].contains(first), next.contains(where: placeWords.contains) { return true }
            }
        }
        return false
    }

    /// A default value (`Par défaut, l'unité utilisée pour les règles… est le pixel`, `By default, …`): a setting, not what the thing is.
    static func opensWithDefault(_ tokens: [String]) -> Bool {
        guard tokens.count >= 2 else { return false }
        let pair = tokens.prefix(2).map { $0.lowercased().trimmingScalars { wordPunctuation.contains($0) } }
        return pair == ["by", "default"] || pair == ["par", "défaut"]
    }

    /// A new sentence about another thing: a capitalised article or `One of` and a noun phrase, then its own
    /// verb (`The body of the certificate is hashed…`, `L'interface reliée au Switch A doit avoir…`, `One of
    /// the reasons … is that…`), the subject sharing no word with the term. A relative word or a comma before the
    /// verb makes it a description (`The software that manages…`, `The pectoralis major muscles, located…`).
    static func talksOfAnother(_ term: String, _ tokens: [String], _ lexicon: Lexicon = .empty) -> Bool {
        guard let first = tokens.first, first.first?.isUppercase == true else { return false }
        let lowerFirst = first.lowercased()
        let opens = ["the", "these", "those", "this", "le", "la", "les", "ce", "cette", "ces"].contains(lowerFirst)
            || lowerFirst.hasPrefix("l'") || lowerFirst.hasPrefix("l’") || (lowerFirst == "one" && tokens.dropFirst().first == "of")
        guard opens else { return false }
        // (Only a French article makes the words French: `The basic computation unit` holds no verb `unir`.)
        let french = !["the", "these", "those", "this", "one"].contains(lowerFirst)
        let termWords = Set(words(term).map(stem))
        let finite: Set<String> = ["is", "are", "was", "were", "has", "have", "can", "cannot", "could", "must", "should", "will", "would",
                                   "may", "might", "est", "sont", "était", "doit", "doivent", "peut", "peuvent", "a", "ont", "va", "vont"]
        let stops: Set<String> = ["that", "which", "who", "whose", "where", "when", "qui", "que", "dont", "où", "lequel", "laquelle"]
        var subject: [String] = []
        for (i, token) in tokens.enumerated() {
            let raw = token.lowercased()
            let w = raw.trimmingScalars { wordPunctuation.contains($0) }
            // (A French verb in the present the dictionary tells, `La sortie oscille entre…`, is one too.)
            if i > 0, finite.contains(w) || (i > 1 && french && frenchPresentVerb(w, lexicon)) {
                // (`a` is French `has` only after a noun: `La table a…`; in English it is an article.)
                if w == "a", !lowerFirst.hasPrefix("l") && !["le", "la", "les", "ce", "cette", "ces"].contains(lowerFirst) { return false }
                return !subject.contains { termWords.contains(stem($0)) }
            }
            if stops.contains(w) || raw.hasSuffix(",") || raw.hasSuffix(":") || raw.hasSuffix(";") || i >= 9 { return false }
            subject.append(contentsOf: words(token))
        }
        return false
    }

    /// An English sentence whose subject is a noun phrase with no article, sharing no word with the term, then its own
    /// verb (`S3: names are global, but…`, `Amazon IAM: permission changes in one region are copied…`, `Soft: power-on
    /// self-tests (POST) can be avoided.`, `Loosely coupled: Clustered systems are considered loosely coupled…`): a
    /// statement about another thing. A relative word or a comma before the verb makes the words a description
    /// (`Machine instruction that may cause harm…`); a subject naming the term's own parts shares a word with it
    /// (`Open-source software: Source code is available but…`).
    static func bareSubjectSentence(_ term: String, _ tokens: [String]) -> Bool {
        guard let first = tokens.first?.lowercased().trimmingScalars(where: { wordPunctuation.contains($0) }), first.allSatisfy({ $0.isLetter || $0 == "-" || $0 == "." }),
              !determiners.contains(first), !phraseStarts.contains(first),
              !["it", "they", "this", "these", "those", "each", "every", "all", "some", "any", "no", "its", "their", "how", "what", "why", "whether",
                "il", "elle", "ils", "elles", "on", "ce", "cela", "ceci", "ça", "chacun", "chacune", "chaque", "tout", "tous", "toute", "toutes", "aucun", "aucune",
                "certains", "certaines", "plusieurs", "son", "sa", "ses", "leur", "leurs"].contains(first)
        else { return false }
        // (French too: `Les paquets Architecture: any sont reconstruits…` is a sentence a colon cut.)
        let finite: Set<String> = ["is", "are", "was", "were", "can", "cannot", "could", "must", "should", "will", "would", "may", "might",
                                   "isn't", "aren't", "can't", "won't", "isn’t", "aren’t", "can’t", "won’t",
                                   "est", "sont", "était", "étaient", "sera", "seront", "peut", "peuvent", "doit", "doivent", "ont"]
        // (A conjunction or an article inside ends the subject: `Makes source code available and is licensed…`, `enhance
        // amount of force a muscle can produce` — the verb is another clause's.)
        let stops: Set<String> = ["that", "which", "who", "whose", "where", "when", "whereby", "used", "called", "known", "named",
                                  "and", "or", "but", "how", "what", "a", "an", "the",
                                  "qui", "que", "qu", "dont", "où", "et", "ou", "mais", "le", "la", "les", "l", "un", "une", "appelé", "appelée", "nommé"]
        let termWords = Set(words(term.replacingOccurrences(of: "-", with: " ")).map(stem))
        var subject: [String] = []
        for (i, token) in tokens.prefix(7).enumerated() {
            let w = token.lowercased().trimmingScalars { wordPunctuation.contains($0) }
            if i > 0, finite.contains(w) {
                // (A name for subject, `Git will always convert…`, tells what a tool does with the term: a setting's meaning.)
                let name = i == 1 && tokens[0].first?.isUppercase == true && tokens[0].dropFirst().allSatisfy(\.isLowercase) && tokens[0].count > 1
                    && !tokens[0].lowercased().hasSuffix("s")
                return !name && !subject.isEmpty && !subject.contains { termWords.contains(stem($0)) }
            }
            if stops.contains(w) || token.hasSuffix(",") || token.hasSuffix(":") || token.hasSuffix(";") || token.hasSuffix(".") { return false }
            subject.append(contentsOf: words(token.replacingOccurrences(of: "-", with: " ")))
        }
        return false
    }

    /// Verbs that, right after a name, make the meaning a sentence about that name (`Debian fournit plus de 59100
    /// paquets…`, `Debian a des spécifications…`, `Debian ships…`); `a` only before an article (`Provides a…` opens a description).
    static let namedSubjectVerbs: Set<String> = [
        "a", "ont", "fournit", "fournissent", "offre", "offrent", "propose", "proposent", "possède", "possèdent", "permet", "permettent",
        "contient", "comprend", "inclut", "reste", "restera", "dispose", "utilise", "utilisent",
        "ships", "has", "have", "provides", "offers", "includes", "contains", "uses", "supports",
    ]

    /// A name for subject (one capitalised word that is not the term's own head), then its verb: a statement
    /// about that name (`Le système d'exploitation universel : Debian fournit…`, `La charte Debian : Debian a des…`),
    /// not what the term is. A command's or a setting's meaning may say what a program does with it: left alone.
    static func namedSubjectSentence(_ term: String, _ tokens: [String]) -> Bool {
        guard tokens.count >= 3, !namesAnAction(term), let name = tokens.first, name.count >= 2, name.first?.isUppercase == true,
              name.allSatisfy({ $0.isLetter }) else { return false }
        let lower = name.lowercased()
        guard !determiners.contains(lower), !["il", "elle", "ils", "elles", "on", "it", "they", "this", "these", "those", "ce", "cela", "ceci",
                                              "chaque", "each", "every", "tout", "tous", "all"].contains(lower) else { return false }
        let head = words(term).first { !determiners.contains($0) }
        if head == lower { return false }
        let verb = tokens[1].lowercased()
        guard namedSubjectVerbs.contains(verb) else { return false }
        if verb == "a" {
            let next = tokens[2].lowercased()
            return ["des", "un", "une", "le", "la", "les", "du", "de", "été", "pour"].contains(next) || next.hasPrefix("l'") || next.hasPrefix("l’")
        }
        return true
    }

    /// A subject with its article before the colon and its verb after it (`Les paquets Architecture: any sont reconstruits…`,
    /// `The file: is read…`): one sentence a colon in it cut, not a term and its meaning.
    static func subjectCutByColon(_ term: String, _ tokens: [String]) -> Bool {
        guard let article = words(term).first, ["le", "la", "les", "l", "the"].contains(article), tokens.count >= 2,
              tokens[0].first?.isLowercase == true else { return false }
        let verbs: Set<String> = ["est", "sont", "était", "étaient", "sera", "seront", "is", "are", "was", "were", "will", "can", "must"]
        return verbs.contains(tokens[0].lowercased()) || verbs.contains(tokens[1].lowercased())
    }

    /// A value alone: a path or a file (`debian/patches/install.patch.`), or one word in lower case after a
    /// field's name (`Architecture: any`, `Accept-Ranges: bytes`, `IDA: cross-platform`) — what the field holds, not
    /// what it is. (A name with its other name in brackets keeps a one-word meaning: `CNAME (canonical name record): alias`.)
    static func valueAlone(_ term: String, _ tokens: [String]) -> Bool {
        guard tokens.count == 1, let word = tokens.first?.trimmingScalars(where: { wordPunctuation.contains($0) || $0 == ";" }), !word.isEmpty else { return false }
        if word.contains("/") && !word.contains(" ") { return true }
        return term.first?.isUppercase == true && !term.contains("(") && word.first?.isLowercase == true
    }

    /// A word without its plural ending, to tell `runtimes` and `runtime` as one.
    static func stem(_ word: String) -> String {
        word.count > 3 && word.hasSuffix("s") ? String(word.dropLast()) : word
    }

    /// Endings of qualities (adjectives and participles), French and English.
    static let qualityEndings = ["ée", "ées", "és", "able", "ables", "ible", "ibles", "if", "ive", "ives", "ifs", "eux", "euse", "euses",
                                 "ful", "less", "ous", "ic", "ical", "ed"]

    /// Qualities alone joined by `et`/`and` (`ordonnée et modifiable`, `ordonnée et non modifiable`): what the
    /// term is like, not what it is.
    static func qualitiesAlone(_ tokens: [String]) -> Bool {
        let words = tokens.map { $0.lowercased().trimmingScalars { wordPunctuation.contains($0) } }.filter { !$0.isEmpty }
        guard (3...6).contains(words.count), tokens.count == words.count || tokens.count <= 6 else { return false }
        let joins: Set<String> = ["et", "and", "ou", "or", "non", "not", "mais", "but", "très", "very", "peu"]
        var qualities = 0
        for w in words {
            if joins.contains(w) { continue }
            guard w.count >= 4, qualityEndings.contains(where: { w.hasSuffix($0) }) else { return false }
            qualities += 1
        }
        return qualities >= 2 && words.contains { ["et", "and", "ou", "or", "mais", "but"].contains($0) }
    }

    /// A name (`Kubeflow`, `Weights & Biases`, `Seldon Core`: each word capitalised) whose meaning is a bare noun
    /// compound (no article, a few words) naming an activity (`Experiment tracking and collaboration`, `PyTorch
    /// model serving`, `Metadata management for ML projects`): what the named thing is used for, not what it
    /// is (`Dagster: Data orchestration platform` says what it is). An activity: a word in -ing, or the noun
    /// of an order verb (`management`, `validation`).
    static func activityOfAName(_ term: String, _ tokens: [String]) -> Bool {
        let termTokens = term.split(separator: " ").filter { $0 != "&" }
        // (A program's name is often written in lower case, one word: `bind: DNS server configuration`, `dhcpd`.)
        let program = termTokens.count == 1 && term.allSatisfy { $0.isLowercase || $0.isNumber }
        guard !termTokens.isEmpty, program || !namesAnAction(term), program || termTokens.allSatisfy({ $0.first?.isUppercase == true || $0.first?.isNumber == true }),
              let lastToken = termTokens.last?.lowercased() else { return false }
        let last = lastToken.trimmingScalars { wordPunctuation.contains($0) }
        // (An activity is defined by one: `Continuous Integration: Automated testing of code`; an acronym by what
        // its letters stand for or its kind: `TCP: virtual circuit switching`.)
        if ["ing", "ion", "ment"].contains(where: { (ending: String) in last.hasSuffix(ending) }) { return false }
        if termTokens.first!.count >= 2, termTokens.first!.allSatisfy({ $0.isUppercase || $0.isNumber }) { return false }
        let stops: Set<String> = ["of", "for", "on", "in", "to", "by", "with", "between", "and", "or", "+",
                                  "de", "du", "des", "d", "pour", "pendant", "dans", "avec", "par", "sur", "en", "à", "au", "aux", "et", "ou"]
        var compound: [String] = []
        for token in tokens {
            let w = token.lowercased().trimmingScalars { wordPunctuation.contains($0) }
            // (An elided preposition ends the compound too: `figure d'exagération`.)
            if stops.contains(w) || w.contains("://") || token.hasPrefix("(") || w.hasPrefix("d'") || w.hasPrefix("d’") { break }
            if determiners.contains(w) { return false }
            compound.append(w)
            if token.hasSuffix(",") || token.hasSuffix(".") { break }
        }
        guard (2...5).contains(compound.count), let head = compound.last, head.count > 4 else { return false }
        // (After a plural noun a word in -ing is its participle: `tiny organisms drifting in water` are things.)
        if head.hasSuffix("ing") { return !(compound.count >= 2 && stem(compound[compound.count - 2]) != compound[compound.count - 2] && !compound[compound.count - 2].hasSuffix("ss")) }
        if head.hasSuffix("ment"), orderVerbs.contains(String(head.dropLast(4))) { return true }
        if head.hasSuffix("ion"), orderVerbs.contains(String(head.dropLast(3)) + "e") { return true }
        // (Any noun of an action in -tion or -sion: `Open-source workflow orchestration`.)
        if head.hasSuffix("tion") || head.hasSuffix("sion") { return true }
        return false
    }

    /// Possessives opening a subject (`sa fréquence…`, `its range…`).
    static let possessives: Set<String> = ["its", "their", "sa", "son", "ses", "leur", "leurs"]

    /// A property of the term and its figure (`Disque piézo-électrique (2) : sa fréquence de résonance est d'environ 3500 Hz`,
    /// `its range is 0 to 5 V`): a specification, not what the term is — a possessive subject and a figure in the first clause.
    static func propertyFigure(_ tokens: [String]) -> Bool {
        let ws = tokens.prefix(12).map { (raw: $0, word: $0.lowercased().trimmingScalars { wordPunctuation.contains($0) }) }
        guard let first = ws.first, possessives.contains(first.word) else { return false }
        for (raw, w) in ws.dropFirst() {
            if w.first?.isNumber == true { return true }
            if raw.hasSuffix(",") || raw.hasSuffix(";") || raw.hasSuffix(".") || raw.hasSuffix(":") { return false }
        }
        return false
    }
}
