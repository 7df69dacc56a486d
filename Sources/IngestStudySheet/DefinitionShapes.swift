import Foundation

/// What a meaning's opening shows it to be (issue 36 item 3, measured on real course pages seen for the
/// first time): a definition says what the term IS — a noun phrase, `is/est …`, what its letters stand
/// for, or, for a command, a function or a key, what it does. A line whose meaning is shaped as something
/// else — an order or a goal (`Faster deployment: Reduce time…`), a title (`Machine Learning: The High
/// Interest Credit Card…`), qualities alone (`liste : ordonnée et modifiable`), a value alone — is no definition;
/// what its first clause says (a sentence about another thing, a place, a condition of use, a circumstance) is read by
/// DefinitionClause.swift. When the shape is unsure the line stays text: an invented definition goes into a quiz, a
/// missed one only leaves the sheet shorter.
extension DefinitionRecognizer {
    /// Whether the meaning's shape is one a definition of `term` never has.
    static func shapedAsNoMeaning(_ term: String, _ meaning: String, _ lexicon: Lexicon = .empty) -> Bool {
        let tokens = meaning.split(separator: " ").prefix(12).map { String($0) }
        guard let firstToken = tokens.first else { return true }
        if !namesAnAction(term), opensWithOrder(firstToken, next: tokens.dropFirst().first) { return true }
        if !namesAnAction(term), opensWithFrenchOrder(firstToken, next: tokens.dropFirst().first) { return true }
        if isTitle(term, tokens) { return true }
        // (A verb the dictionaries know as a verb only, capitalised before its object: an order, `Explore various…`, `Become familiar…`.)
        if !namesAnAction(term), opensWithVerbOnly(firstToken, next: tokens.dropFirst().first, lexicon) { return true }
        if mapsSymbols(tokens) { return true }
        // What the first clause says (DefinitionClause.swift): a place, a condition of use, the reader's doing, another thing, a
        // default or a circumstance is no definition's.
        if readClause(term, meaning.split(separator: " ").prefix(24).map(String.init), lexicon).defines == false { return true }
        if activityOfAName(term, tokens, lexicon) { return true }
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

    /// A capitalised English word the dictionary holds as a verb and nothing else (`Explore`, `Become`, `Understand`), unknown to
    /// the French one, before a word that is no noun's follower: an order or a goal, whatever the verb — the list above holds the
    /// verbs that are nouns too (`Track`, `Use`), which only their list tells.
    static func opensWithVerbOnly(_ first: String, next: String?, _ lexicon: Lexicon) -> Bool {
        guard lexicon.hasEnglish, let letter = first.first, letter.isUppercase, first.dropFirst().allSatisfy(\.isLowercase), let next,
              !nounFollowers.contains(next.lowercased().trimmingScalars { wordPunctuation.contains($0) }) else { return false }
        let word = first.lowercased()
        return word.count >= 3 && lexicon.englishLemma(word) == .verb && lexicon.frenchWord(word).isEmpty
    }

    /// Symbols and what they are mapped to (`n et e → post-it vert`, `d → post-it rouge`): letters alone before an arrow, a
    /// correspondence written in signs — no words saying what the term is (the policy's formula alone).
    static func mapsSymbols(_ tokens: [String]) -> Bool {
        // (A rule of a grammar or an assignment, `expression ← expr + expr`, `expr ::= term`: a formula written in signs.)
        if let rewrite = tokens.firstIndex(where: { $0 == "←" || $0 == "::=" || $0 == "<-" }), (1...2).contains(rewrite) { return true }
        guard let arrow = tokens.firstIndex(where: { $0 == "→" || $0 == "->" || $0 == "=>" }), arrow > 0 else { return false }
        return tokens[..<arrow].allSatisfy { token in
            let t = token.trimmingScalars { $0 == "," || $0 == "(" || $0 == ")" }
            return ["et", "and", "ou", "or"].contains(t) || (t.count == 1 && t.first?.isLetter == true)
        }
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

    /// A work cited: its year in brackets, then nothing but its authors (`A method for stochastic optimization (2014), D. Kingma and
    /// J. Ba [pdf]`, `a review and analysis of the literature (lin & tsai 2019)`) — the title of a paper or a book, not what the term is.
    static func citesWork(_ meaning: String) -> Bool {
        guard meaning.utf8.contains(UInt8(ascii: "(")) else { return false }
        return meaning.range(of: #"\((?:[^()]*\s)?(?:1[89]|20)[0-9]{2}\)(?=\s*(?:$|[,.\[]|\p{Lu}\.))"#, options: .regularExpression) != nil
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
    static func activityOfAName(_ term: String, _ tokens: [String], _ lexicon: Lexicon = .empty) -> Bool {
        let termTokens = term.split(separator: " ").filter { $0 != "&" }
        // (A program's name is often written in lower case, one word: `bind: DNS server configuration`, `dhcpd`; so are programs
        // named together, `host and dig`, `cut, paste and join`.)
        let program = programNames(term)
        guard !termTokens.isEmpty, program || !namesAnAction(term), program || termTokens.allSatisfy({ $0.first?.isUppercase == true || $0.first?.isNumber == true }),
              let lastToken = termTokens.last?.lowercased() else { return false }
        let last = lastToken.trimmingScalars { wordPunctuation.contains($0) }
        // (An activity is defined by one: `Continuous Integration: Automated testing of code`; an acronym by what
        // its letters stand for or its kind: `TCP: virtual circuit switching`.)
        if ["ing", "ion", "ment"].contains(where: { (ending: String) in last.hasSuffix(ending) }) { return false }
        if termTokens.first!.count >= 2, termTokens.first!.allSatisfy({ $0.isUppercase || $0.isNumber }) { return false }
        // (A program's meaning opening with a gerund names what it is used for: `dd: moving data between files`, `split and csplit:
        // splitting files`.)
        if program, let first = tokens.first, first.count >= 5, first.hasSuffix("ing"), first.allSatisfy(\.isLowercase) { return true }
        return namesActivity(tokens, lexicon, program: program)
    }

    /// Words that end the bare compound an activity is told by (fewer than `compoundStops`: `into`, `as` do not, as before).
    static let activityStops: Set<String> = ["of", "for", "on", "in", "to", "by", "with", "between", "and", "or", "+",
                                             "de", "du", "des", "d", "pour", "pendant", "dans", "avec", "par", "sur", "en", "à", "au", "aux", "et", "ou"]

    /// The meaning is a bare compound (no article, a few words) whose head names an activity (`namesActivity(_:plural:)`), or two
    /// joined by `and`/`or` of which one does. `program`: the meaning of a program's name (`bind`, `host and dig`), whose activity may
    /// be plural (`unit conversions`) or one noun before `for` (`conversion for text encodings`); `single`: one noun before any word
    /// that ends the compound (`configuration of the xinetd super-server`, in a list of uses: DefinitionListKinds.swift).
    static func namesActivity(_ tokens: [String], _ lexicon: Lexicon, program: Bool, single: Bool = false) -> Bool {
        // (A verb the dictionary knows only as a verb says what it does, `perform arithmetic or boolean operations`: no compound.)
        if let first = tokens.first, lexicon.hasEnglish, lexicon.englishLemma(first.lowercased()) == .verb { return false }
        var compound: [String] = []
        // (The head of a compound before `and`/`or` names an activity too: `packet capture and network debugging`.)
        var conjunct: [String]?
        for token in tokens {
            let w = token.lowercased().trimmingScalars { wordPunctuation.contains($0) }
            if ["and", "or"].contains(w), conjunct == nil, compound.count >= 1 { conjunct = compound; compound = []; continue }
            // (An elided preposition ends the compound too: `figure d'exagération`.)
            if activityStops.contains(w) || w.contains("://") || token.hasPrefix("(") || w.hasPrefix("d'") || w.hasPrefix("d’") { break }
            // (A demonstrative points back at the term, `This portion of the brain…`: no bare compound.)
            if determiners.contains(w) || demonstratives.contains(w) || relativeOpeners.contains(w) { return false }
            compound.append(w)
            if token.hasSuffix(",") || token.hasSuffix(".") || token.hasSuffix(";") { break }
        }
        if let first = conjunct {
            // (Both conjuncts make one compound, `packet capture and network debugging`; `boot and system error messages` has none.)
            guard first.count + compound.count >= 2, compound.count >= 1 else { return false }
            return [first, compound].contains { ($0.count >= 2 || single) && namesActivity($0, plural: program) }
        }
        // (A program's one noun of an action before `for` too: `iconv or uconv: conversion for text encodings`.)
        if program, compound.count == 1, tokens.count > 1, tokens[1] == "for" || single { return namesActivity(compound, plural: true) }
        guard (2...5).contains(compound.count) else { return false }
        return namesActivity(compound, plural: program)
    }

    /// Names of programs: lower-case words of letters and figures (`bind`, `m4`, `when-changed`), one, or several joined by
    /// `,`, `and`, `or` (`host and dig`, `cut, paste and join`).
    static func programNames(_ term: String) -> Bool {
        let names = term.split(separator: " ").flatMap { $0.split(separator: ",") }.filter { !["and", "or"].contains($0) }
        guard !names.isEmpty, names.count <= 5, names.count == 1 || term.contains(" and ") || term.contains(" or ") else { return false }
        return names.allSatisfy { name in name.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" } && name.first?.isLetter == true }
    }

    /// The head of a bare compound names an activity: a word in -ing, a noun in -tion or -sion or an order verb's noun in -ment,
    /// the first of two joined by a slash (`disk manipulation/performance`); `plural`, for a program's meaning, in the plural too
    /// (`unit conversions`: a named thing's `collections of…`, `operations` are things it holds or does).
    static func namesActivity(_ compound: [String], plural: Bool = false) -> Bool {
        guard let last = compound.last, let word = last.split(separator: "/").first.map(String.init) else { return false }
        let head = plural ? stem(word) : word
        guard head.count > 4 else { return false }
        // (After a plural noun a word in -ing is its participle: `tiny organisms drifting in water` are things.)
        if head.hasSuffix("ing") { return !(compound.count >= 2 && stem(compound[compound.count - 2]) != compound[compound.count - 2] && !compound[compound.count - 2].hasSuffix("ss")) }
        if head.hasSuffix("ment"), orderVerbs.contains(String(head.dropLast(4))) { return true }
        if head.hasSuffix("ion"), orderVerbs.contains(String(head.dropLast(3)) + "e") { return true }
        // (Any noun of an action in -tion or -sion: `Open-source workflow orchestration`.)
        if head.hasSuffix("tion") || head.hasSuffix("sion") { return true }
        return false
    }


}
