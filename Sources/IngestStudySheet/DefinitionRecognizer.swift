import Foundation

/// Recognises a definition line of course text, in French and English: `terme : sens`,
/// `term: meaning`, `term — meaning`, `**terme** : sens`, list items of those, and
/// dictionary-style lines (`Mitose (n. f.) : division…`, `photosynthesis, n. — the process…`).
/// What looks like one but is not stays a paragraph: times and ratios (`10:30`, `3 : 2`), URLs,
/// dialogue (`Marie : Bonjour !`), labels (`Remarque :`, `Exemple : …`, `Date : …`), list
/// introductions (`Les causes sont :`), sentences with a colon, parenthetical dashes.
/// Measured on a hand-labelled set (Tests/IngestPipelineTests/Fixtures/definitions/).
public enum DefinitionRecognizer {
    public struct Found: Sendable, Equatable {
        public var term: String
        public var meaning: String
        public var grammar: String?
    }

    /// Trimmed off a term's ends, and off a word's (scalar sets: no String built per call).
    static let termQuotes: Set<Unicode.Scalar> = [" ", ",", ";", "«", "»", "\"", "“", "”", "'", "‘", "’"]
    static let wordPunctuation: Set<Unicode.Scalar> = [".", ",", ";", "!", "?", "(", ")", "«", "»", "\"", "“", "”"]

    /// The separator is looked for in the first this many characters (a term is short).
    static let maxTermCharacters = 80
    static let maxTermWords = 6

    /// Cheap test: the text holds a colon or a dash, without which no line is a definition.
    public static func mayHoldDefinition(_ text: String) -> Bool {
        for b in text.utf8 where b == UInt8(ascii: ":") || b == 0xE2 { return true }   // 0xE2: first byte of — and –
        return false
    }

    /// Byte test (no String work): the text holds a colon followed by a space, a line's end or the first byte of a
    /// space that is trimmed or read as one (tab, U+00A0 and the other spaces of `isTrimmedSpace`, whose UTF-8 opens
    /// with C2, E1, E2 or E3), or an en or em dash (E2 80 93, E2 80 94). Without one, `separator(in:)` finds none in
    /// what `definition(_:)` makes of the text, whatever it trims or replaces: most lines of a manual that hold a colon
    /// hold it in code (`[0:10]`, `x:y`), most that hold E2 hold a quotation mark (`’`).
    static func mayHoldSeparator(_ text: String) -> Bool {
        var afterColon = false, e2 = false, e280 = false
        for b in text.utf8 {
            if afterColon {
                switch b {
                case 0x20, 0x09, 0x0A, 0x0D, 0xC2, 0xE1, 0xE2, 0xE3: return true
                // (A capital glued after it: `Amygdala:The…`, see `separator(in:)`.)
                case 0x41...0x5A: return true
                default: break
                }
            }
            if e280, b == 0x93 || b == 0x94 { return true }
            e280 = e2 && b == 0x80
            e2 = b == 0xE2
            afterColon = b == UInt8(ascii: ":")
        }
        return afterColon
    }

    /// Whether the text's bytes hold the needle's (a byte scan where a generic or Foundation search costs more). An ASCII
    /// needle without `;`, `` ` `` or `K` (the only ASCII a scalar is canonically equivalent to) is never matched by
    /// Foundation's `contains` where its bytes are absent, so this may be asked first.
    static func holds(_ text: String, _ needle: StaticString) -> Bool {
        let n = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        guard let head = n.first else { return true }
        let bytes = text.utf8
        var start = bytes.startIndex
        while let i = bytes[start...].firstIndex(of: head) {
            var j = i, k = 0
            while k < n.count, j < bytes.endIndex, bytes[j] == n[k] { j = bytes.index(after: j); k += 1 }
            if k == n.count { return true }
            start = bytes.index(after: i)
        }
        return false
    }

    /// Whether the text holds U+00A0 or U+202F (UTF-8 C2 A0, E2 80 AF): Foundation's replacement
    /// costs more than the rest of the test, and most lines have neither.
    static func hasTypographicSpace(_ text: String) -> Bool {
        var previous: (UInt8, UInt8) = (0, 0)
        for b in text.utf8 {
            if (previous.1 == 0xC2 && b == 0xA0) || (previous.0 == 0xE2 && previous.1 == 0x80 && b == 0xAF) { return true }
            previous = (previous.1, b)
        }
        return false
    }

    /// `lexicon`: the parts of speech some shapes are told by (Lexicon.swift); empty, those shapes are not looked for.
    public static func definition(_ raw: String, lexicon: Lexicon = .shared) -> Found? {
        // Most lines of a block that holds a colon somewhere hold none themselves, nor a separator.
        guard mayHoldSeparator(raw) else { return nil }
        // Typographic spaces (French puts a no-break space before the colon) count as spaces.
        var line = (hasTypographicSpace(raw) ? raw.replacingOccurrences(of: "\u{00A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ") : raw)
            .trimmingSpaces()
        // Dialogue starts with a dash; a list item with a bullet.
        if line.hasPrefix("—") || line.hasPrefix("―") { return nil }
        let marked = line
        line = stripListMarker(line)
        // (An item numbered `1.`, `2)` is a step when its meaning is an infinitive: see below.)
        let numbered = line != marked && marked.first?.isNumber == true
        guard let (at, length, isDash) = separator(in: line) else { return nil }
        var term = String(line[..<at]).trimmingSpaces()
        var meaning = String(line[line.index(at, offsetBy: length)...]).trimmingSpaces()
        term = stripMarkup(term)
        meaning = stripMarkup(meaning, leadingOnly: true)
        var grammar: String?
        (term, grammar) = splitGrammar(term)
        term = term.trimmingScalars { isTrimmedSpace($0) || termQuotes.contains($0) }
        // A Markdown reference link the converter left (`[netctl][netctl]: Simple and robust tool…`) names its text.
        if term.hasPrefix("["), term.range(of: #"^\[[^\[\]]+\]\[[^\[\]]*\]$"#, options: .regularExpression) != nil {
            term = String(term.dropFirst().prefix { $0 != "]" })
        }
        // The English infinitive of a dictionary verb: "to abide (v.)" defines "abide".
        if let g = grammar, g.hasPrefix("v") || g == "verb", term.lowercased().hasPrefix("to ") { term = String(term.dropFirst(3)) }
        // "Définition : diversité intraspécifique : diversité des individus…": the label, then the definition.
        if ["définition", "definition"].contains(term.lowercased()), let inner = definition(meaning, lexicon: lexicon) { return inner }
        // "Définition matière organique : …", "Définition d'allèle : …": the label names the term.
        if let named = namedAfterLabel(term) { term = named }
        // What the term's letters stand for is its meaning, whatever its first word (`OSPF : Open Shortest Path First`).
        // A field's name that is also a label (`Subject`, `Key Usage`, `Subject separation`) is a term when
        // its meaning says what it is (`The entity a certificate belongs to`, `a function of…`).
        // (`Key point: the cell is the basic unit…` states a fact: the label stays one.) Asked only of a term a label rules out.
        func describedField() -> Bool {
            let statement = meaning.split(separator: " ").prefix(4).contains { ["is", "are", "was", "est", "sont", "vaut", "était"].contains($0.lowercased()) }
            return !statement && describes(meaning) || standsFor(term, meaning) || opensWithTerm(term, meaning)
        }
        // An acronym whose meaning spells out its letters is a term whatever word it spells (`RE: Reverse Engineering`, `AH`).
        let acronym = (2...8).contains(term.count) && term.allSatisfy { $0.isUppercase || $0.isNumber } && standsFor(term, meaning)
        // (A letter or an operator is a term only by the shapes of DefinitionSymbols.swift.)
        let sign = letterStandsFor(term, meaning) || isOperator(term)
        // An option's label is a term whatever its words when the meaning names it as a thing chosen (`Warp mouse to origin of
        // moved object: When enabled, …`, `Verrouiller les pixels : quand cette option est cochée…`).
        func optionLabel() -> Bool {
            term.first?.isUppercase == true && (1...8).contains(words(term).count) && !term.contains(where: { ".:;?!=".contains($0) }) && isBalanced(term)
                && !isFrenchOrder(term) && !labels.contains(term.lowercased())
                && (readClause(term, meaning.split(separator: " ").prefix(24).map(String.init), lexicon).namesChoice || echoesTermVerb(term, meaning))
        }
        guard acronym || sign || isTerm(term, hasGrammar: grammar != nil, describedField: describedField) || optionLabel(),
              spellsOut(term, meaning) || restatesTerm(term, meaning) || isMeaning(meaning, isDash: isDash, plural: isPlural(term))
                || quantityThenThing(meaning, lexicon) || saysByKind(term, meaning, lexicon) else { return nil }
        // A task and the command doing it (`View list of packages: conda list`), not what a term is.
        if isTask(term, meaning) { return nil }
        // A French sentence a colon cuts (`Un transistor possède trois broches : la grille…`): an article, a noun, a verb in the present
        // and its object (a count or an article) — the list's introduction, not a term.
        if lexicon.hasFrench, let head = words(term).first, ["un", "une", "le", "la", "les"].contains(head) {
            let ws = words(term)
            // (A stem's `é` is written `è` before a silent ending: `possède` ← `posséder`.)
            func verb(_ w: String) -> Bool {
                frenchFiniteVerb(w, lexicon) || w.lastIndex(of: "è").map { frenchFiniteVerb(w.replacingCharacters(in: $0...$0, with: "é"), lexicon) } == true
            }
            if ws.count >= 4, ws.indices.dropFirst(2).dropLast().contains(where: { i in
                verb(ws[i]) && (counts.contains(ws[i + 1]) || ["un", "une", "des", "le", "la", "les", "plusieurs"].contains(ws[i + 1]))
            }) { return nil }
        }
        // A work cited, its year and authors after its title (`VQA: Visual question answering (2015), A. Author et al.`), whatever
        // its title spells out (DefinitionShapes.citesWork).
        if citesWork(meaning) { return nil }
        // A numbered step of a method and what to do (`1. str.split(sep): Couper la chaîne…`, `3. zip: appareiller…`).
        if numbered, let head = words(meaning).first, head.count >= 5, ["er", "ir", "re"].contains(where: { head.hasSuffix($0) }),
           !head.hasSuffix("eur") { return nil }
        // A meaning shaped as an order, a title, a sentence about another thing, qualities or a circumstance
        // (DefinitionShapes.swift) — unless it spells out the term's letters or restates it.
        // (A purpose, a likeness and its difference, a quality's clause say what it is or does: DefinitionKindsOfMeaning.swift.)
        if !spellsOut(term, meaning), !restatesTerm(term, meaning), !saysByKind(term, meaning, lexicon), !opensWithTerm(term, meaning),
           shapedAsNoMeaning(term, gluedSentenceCut(meaning), lexicon) { return nil }
        // Where the thing is or when it shows, though the sentence names it (`The Status Area is at the bottom of…`).
        if readClause(term, meaning.split(separator: " ").prefix(16).map(String.init), lexicon).verb == .place { return nil }
        // A symbol is defined by what it stands for (`d : la distance…`), not typed (`x: int = 5`).
        if term.count == 1, !sign, let head = words(meaning).first, !determiners.contains(head) { return nil }
        // Names alone (`Agile framework: Scrum and Kanban`, `Database design: Entity-Relationship Modeling
        // (ER Modeling)`) are examples or values, unless they spell out the term (`DOM : Document Object Model`).
        if namesOnly(meaning, lexicon), !spellsOut(term, meaning), !nearlyStandsFor(term, meaning) { return nil }
        let ws = words(term)
        // A dash after "The …", "Le …": a sentence going on ("The volcano erupted — …").
        if isDash, let head = ws.first, determiners.contains(head) { return nil }
        // "Le professeur : Ouvrez vos cahiers." — a speaker and their words.
        let role = ws.drop { determiners.contains($0) }
        if role.count == 1, speakers.contains(role.first!), meaning.first?.isUppercase == true { return nil }
        return Found(term: term, meaning: meaning, grammar: grammar)
    }

    // MARK: Parts of the line

    /// Capitalised words that open a sentence glued to a short noun phrase with no stop between (`SQ1: Square Wave Generator
    /// This terminal can generate…`: a definition list's term line and the paragraph under it, joined by the converter).
    static let gluedSentenceOpeners: Set<String> = ["This", "The", "These", "Those", "It", "Its", "Ce", "Cette", "Ces", "Le", "La", "Les", "Il", "Elle"]

    /// The meaning as far as its own first sentence when a second one is glued to a noun phrase of a few words (its shape is
    /// judged on that phrase: the glued sentence says what the thing does or can be set to, `Digital Output The output of this
    /// terminal can be set…`); the meaning whole otherwise.
    static func gluedSentenceCut(_ meaning: String) -> String {
        let tokens = meaning.split(separator: " ")
        guard tokens.count >= 3 else { return meaning }
        for i in 1..<min(tokens.count, 7) {
            let previous = tokens[i - 1]
            if previous.last.map({ ".,;:!?)".contains($0) }) == true { return meaning }
            if gluedSentenceOpeners.contains(String(tokens[i])), i + 1 < tokens.count, tokens[i + 1].first?.isLowercase == true {
                return tokens[..<i].joined(separator: " ")
            }
        }
        return meaning
    }


    /// `Définition matière organique` → `matière organique`; `Définition d'allèle` → `allèle`;
    /// `Document 2 Définitions Générateur` → `Générateur`.
    static func namedAfterLabel(_ term: String) -> String? {
        let lower = term.lowercased()
        // (Each of the labels holds `finition`: a byte search spares the four string searches of most terms.)
        guard holds(lower, "finition") else { return nil }
        // Also after a caption it is glued to (`Document 2 Définitions Générateur`).
        guard let range = ["définitions ", "définition ", "definitions ", "definition "].lazy.compactMap({ lower.range(of: $0) }).first,
              range.lowerBound == lower.startIndex || lower[lower.index(before: range.lowerBound)] == " " else { return nil }
        let offset = lower.distance(from: lower.startIndex, to: range.upperBound)
        guard offset <= term.count else { return nil }
        var rest = term[term.index(term.startIndex, offsetBy: offset)...].drop { $0 == " " }
        for link in ["d'", "d’", "de ", "du ", "des ", "of ", "the "] where rest.lowercased().hasPrefix(link) {
            rest = rest.dropFirst(link.count)
            break
        }
        let named = rest.trimmingSpaces()
        return named.isEmpty ? nil : named
    }

    /// `- `, `* `, `• `, `– `, `1. `, `a) ` at the start; `∗ ` is LaTeX's third-level bullet.
    static func stripListMarker(_ line: String) -> String {
        var s = Substring(line)
        for bullet in ["- ", "* ", "• ", "– ", "· ", "▪ ", "◦ ", "+ ", "∗ ", "‣ "] where s.hasPrefix(bullet) {
            // (A nested list's first item under an empty one shows its marker twice: `- - setuptools: allows…`.)
            while s.hasPrefix(bullet) { s = s.dropFirst(bullet.count).drop { $0 == " " } }
            return String(s).trimmingSpaces()
        }
        // "1. ", "12) ", "a) ", "iv. "
        let head = s.prefix(5)
        if let end = head.firstIndex(where: { $0 == "." || $0 == ")" }), end > s.startIndex {
            let label = s[..<end]
            let after = s.index(after: end)
            let isLabel = label.allSatisfy(\.isNumber) || (label.count == 1 && label.first!.isLowercase)
                || (label.count <= 4 && label.allSatisfy { "ivx".contains($0) })
            if isLabel, after < s.endIndex, s[after] == " " {
                return String(s[after...]).trimmingSpaces()
            }
        }
        return line
    }

    /// The first colon followed by a space (or ending the line), or the first spaced em/en dash,
    /// within the first `maxTermCharacters`: position, length, and whether it is a dash.
    static func separator(in line: String) -> (String.Index, Int, Bool)? {
        var i = line.startIndex
        var count = 0
        while i < line.endIndex && count < maxTermCharacters {
            let c = line[i]
            let next = line.index(after: i)
            if c == ":" {
                if next == line.endIndex || line[next] == " " { return (i, 1, false) }
                // A colon the source glued to the meaning's first word (`Amygdala:The amygdala helps…`): a capitalised word of letters
                // before it, a capitalised word after it (not an option's value, `perl -d:Trace`, nor a font's, `{/Times:Italic}`).
                if i > line.startIndex, line[line.index(before: i)].isLowercase, next < line.endIndex, line[next].isUppercase,
                   line.index(after: next) < line.endIndex, line[line.index(after: next)].isLowercase {
                    let word = line[..<i].reversed().prefix { $0 != " " }
                    if word.last?.isUppercase == true, word.allSatisfy(\.isLetter) { return (i, 1, false) }
                }
            } else if (c == "—" || c == "–"), i > line.startIndex, line[line.index(before: i)] == " ",
                      next < line.endIndex, line[next] == " " {
                return (i, 1, true)
            } else if c == "—", i > line.startIndex, line[line.index(before: i)].isLetter, next < line.endIndex,
                      line[next] == " " || line[next].isUppercase {
                // An em dash set close (`CPU—The hardware…`, `Multicore— Including…`); an en dash so is a range or a compound (`client–server`).
                return (i, 1, true)
            }
            i = next
            count += 1
        }
        return nil
    }

    /// `**terme**`, `__term__`, `*term*`, `` `term` `` → the words alone.
    static func stripMarkup(_ s: String, leadingOnly: Bool = false) -> String {
        var t = s
        // (A code span may open with several backquotes: ```` ```poids``` ````.)
        for mark in ["**", "__", "*", "_", "```", "``", "`"] {
            if leadingOnly {
                // "**Terme** : sens" leaves no markup in the meaning; "Terme : **sens**" keeps its marks.
                continue
            }
            if t.hasPrefix(mark) && t.hasSuffix(mark) && t.count > 2 * mark.count {
                t = String(t.dropFirst(mark.count).dropLast(mark.count))
            }
        }
        return t.trimmingSpaces()
    }

    /// Grammatical notes of dictionary lines.
    static let grammarTags: [String] = [
        "n. f. pl.", "n. m. pl.", "n. f.", "n. m.", "n.f.", "n.m.", "nom féminin", "nom masculin", "n. pl.", "n.", "nom",
        "adj. inv.", "adj.", "adv.", "v. tr.", "v. intr.", "v. pron.", "v. t.", "v. i.", "v.", "verbe", "loc. adv.", "loc.",
        "prép.", "prep.", "conj.", "interj.", "pron.", "noun", "verb", "adjective", "adverb", "pl.", "sing.", "inv.",
    ]

    /// `Mitose (n. f.)`, `photosynthesis, n.`, `abaque n. m.` → the term and its note.
    static func splitGrammar(_ term: String) -> (String, String?) {
        let t = term.trimmingSpaces()
        // (A note closes a bracket, or its tag ends with a point or is `nom`, `noun`, `verb`: most terms end otherwise.)
        // (Its last bytes in ASCII, either case: lower-casing makes these letters of no other scalar.)
        func ends(_ word: StaticString) -> Bool {
            let w = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            return t.utf8.count >= w.count && zip(t.utf8.suffix(w.count), w).allSatisfy { $0 | 0x20 == $1 }
        }
        guard let last = t.utf8.last, last == UInt8(ascii: ")") || last == UInt8(ascii: ".") || ends("nom") || ends("noun") || ends("verb")
        else { return (t, nil) }
        if t.hasSuffix(")"), let open = t.lastIndex(of: "(") {
            let inner = t[t.index(after: open)..<t.index(before: t.endIndex)].trimmingSpaces()
            if grammarTags.contains(inner.lowercased()) {
                return (String(t[..<open]).trimmingSpaces(), inner)
            }
        }
        let lower = t.lowercased()
        for tag in grammarTags where tag.hasSuffix(".") || tag == "nom" || tag == "noun" || tag == "verb" {
            for lead in [", ", " "] where lower.hasSuffix(lead + tag) {
                let cut = t.index(t.endIndex, offsetBy: -(lead.count + tag.count))
                let head = String(t[..<cut]).trimmingSpaces()
                // "n." alone after a space is too weak a sign ("Art. n."): only after a comma.
                if lead == " " && (tag == "n." || tag == "nom" || tag == "noun" || tag == "verb" || tag == "v.") { continue }
                if !head.isEmpty { return (head, String(t[t.index(cut, offsetBy: lead.count)...])) }
            }
        }
        return (t, nil)
    }

    // MARK: What a term is

    /// Words that make the text before the colon a label, a heading or a speaker, not a term.
    static let labels: Set<String> = [
        // French
        "remarque", "remarques", "rq", "exemple", "exemples", "ex", "note", "notes", "nb", "n.b", "attention", "rappel",
        "rappels", "conclusion", "question", "questions", "réponse", "réponses", "exercice", "exercices", "solution",
        "solutions", "correction", "corrigé", "consigne", "consignes", "objectif", "objectifs", "but", "méthode",
        "source", "sources", "date", "heure", "horaire", "lieu", "durée", "auteur", "auteurs", "auteure", "titre", "nom", "prénom",
        "classe", "niveau", "matière", "matériel", "prérequis", "mots-clés", "résumé", "sommaire", "plan", "introduction",
        "chapitre", "partie", "leçon", "séance", "étape", "figure", "fig", "tableau", "schéma", "document", "doc",
        "annexe", "page", "tél", "téléphone", "email", "e-mail", "courriel", "adresse", "site", "lien", "voir", "cf",
        "indice", "astuce", "conseil", "important", "avertissement", "piège", "bilan", "synthèse", "définition",
        "définitions", "démonstration", "preuve", "hypothèse", "observation", "observations", "interprétation",
        "résultat", "résultats", "données", "problème", "sujet", "thème", "total", "prix", "statut", "version", "propriété",
        "mise", "légende", "crédit", "crédits", "copyright", "contact", "rendez-vous", "rdv", "salle", "récapitulatif",
        "ps", "p.s", "todo", "faq", "q", "r", "a", "info", "infos", "bon", "ordre", "devoir", "devoirs", "travail",
        "barème", "signé", "fait", "lu", "vu", "vocabulaire", "glossaire", "lire", "cliquez", "cliquer", "regarder",
        "écouter", "conseil", "astuces", "suite",
        // English
        "example", "examples", "e.g", "remark", "warning", "caution", "tip", "tips", "hint", "answer", "answers",
        "exercise", "step", "summary", "chapter", "part", "lesson", "unit", "section", "table", "time", "author",
        "title", "name", "level", "subject", "materials", "prerequisites", "keywords", "objective", "objectives",
        "goal", "goals", "aim", "aims", "due", "phone", "address", "website", "link", "see", "reminder", "result",
        "results", "proof", "definition", "definitions", "hypothesis", "data", "problem", "task", "instructions",
        "update", "edit", "price", "status", "property", "quiz", "homework", "read", "click", "watch", "listen",
        "advice", "grade", "score", "deadline", "beware",
        "location", "room", "venue", "credits", "contents", "abstract", "overview", "outline", "recap", "key", "glossary",
        "vocabulary", "topic", "theme", "class", "course", "module", "week", "day", "monday",
        "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "lundi", "mardi", "mercredi", "jeudi",
        "vendredi", "samedi", "dimanche", "tel", "fax", "ref", "réf", "re", "objet", "from", "to", "cc", "de", "à",
        // Headings of worksheets and fields of a record (measured on real pages, Fixtures/definitions/real/).
        "activité", "activités", "situation", "compétence", "compétences", "avantage", "avantages", "inconvénient",
        "inconvénients", "composition", "historique", "légendes", "donnée", "purpose", "usage", "duration", "attendees", "placement",
        "préambule", "preamble", "pré-requis", "intuition", "indication", "indications", "guideline", "guidelines", "instructor",
        "instructors", "lecturer", "optional", "facultatif",
        // Labels of two words whose first word alone names a field (`Key Usage` is a term).
        "key idea", "key ideas", "key point", "key points", "key concept", "key concepts", "key takeaway", "key takeaways", "key words",
        "key terms", "key facts",
    ]

    /// Labels only when alone: `Séquence : La génétique` heads a worksheet, `Séquence d'instructions` is a term.
    static let soleLabels: Set<String> = ["séquence"]

    /// Roles of a dialogue or interview: with a meaning that starts in capitals, a speaker.
    static let speakers: Set<String> = [
        "professeur", "prof", "élève", "élèves", "enseignant", "enseignante", "étudiant", "étudiante", "journaliste",
        "animateur", "animatrice", "narrateur", "narratrice", "intervenant", "intervenante", "invité", "invitée", "client",
        "cliente", "vendeur", "vendeuse", "médecin", "patient", "patiente", "maman", "papa", "maître", "maîtresse",
        "teacher", "student", "interviewer", "host", "guest", "speaker", "narrator", "customer", "doctor", "mom", "dad",
        "mum", "pupil", "presenter", "reporter", "nurse",
    ]

    /// Words that make the text before the colon a sentence (a verb, a pronoun) or a question.
    static let sentenceWords: Set<String> = [
        "est", "sont", "était", "étaient", "sera", "seront", "ont", "avait", "avaient", "fait", "font", "peut",
        "peuvent", "doit", "doivent", "voici", "voilà", "il", "elle", "ils", "elles", "on", "nous", "vous", "je", "j",
        "tu", "cela", "ceci", "ça", "c", "dit", "disait", "explique", "répond", "comprend", "comprennent", "affirme",
        "déclare", "écrit", "rappelle", "précise", "ajoute", "souligne", "répète", "raconte", "conclut", "annonce",
        "affirmait", "déclarait", "écrivait", "avons", "avez",
        "suivant", "suivante", "suivants", "suivantes", "ci-dessous", "ci-après", "suit", "suivent", "retenir", "noter",
        "y", "se", "leur", "leurs", "qui", "que", "quoi", "où", "pourquoi", "comment", "quand",
        "quel", "quelle", "quels", "quelles", "combien", "qu", "lorsque", "parce", "donc", "mais", "alors",
        "ainsi", "puis", "ensuite", "enfin", "aussi", "trop", "très", "plus",
        "is", "are", "was", "were", "be", "been", "being", "has", "have", "had", "can", "could", "will", "would",
        "should", "must", "may", "might", "do", "does", "did", "i", "we", "you", "he", "she", "they", "it", "there",
        "here", "this", "these", "those", "that", "says", "said", "explains", "asks", "replied", "include", "includes",
        "writes", "wrote", "states", "stated", "adds", "added", "notes", "argues", "argued", "claims", "claimed",
        "explained", "asked", "answered", "announced",
        "following", "below", "follows", "why", "how", "what", "when", "where", "which", "who", "whom", "whose",
        "because", "so", "but", "then", "thus", "therefore", "also", "very", "note", "remember", "let", "let's", "let’s",
        "my", "our", "your", "his", "her", "their", "its", "me", "us", "them", "him",
        "observez", "notez", "remarquez", "comparez", "voyez", "lisez", "complétez", "n", "ne",
    ]

    /// A term does not start with these (prepositions and conjunctions start phrases, not terms).
    static let phraseStarts: Set<String> = [
        "en", "dans", "pour", "avec", "par", "sur", "sous", "après", "avant", "pendant", "selon", "depuis", "vers",
        "chez", "entre", "contre", "sans", "et", "ou", "ni", "si", "comme", "dès", "jusqu", "jusque", "au", "aux",
        "in", "on", "at", "for", "with", "by", "after", "before", "during", "according", "since", "into",
        "and", "or", "if", "as", "about", "between", "without", "unlike", "like", "while", "once", "first", "finally",
        "soit", "premièrement", "deuxièmement", "d'abord", "finalement", "bref", "conclusion",
        // Adverbs that open a sentence (`Justement son caractère protégé : jamais…`).
        "justement", "notamment", "également", "inversement", "évidemment", "heureusement", "malheureusement", "actuellement",
    ]

    static func words(_ s: String) -> [String] {
        s.lowercased().split(whereSeparator: { $0 == " " || $0 == "'" || $0 == "’" || $0 == "\t" }).map {
            String($0).trimmingScalars { wordPunctuation.contains($0) }
        }.filter { !$0.isEmpty }
    }

    static let determiners: Set<String> = ["le", "la", "les", "l", "un", "une", "des", "the", "a", "an", "mon", "ma", "my", "our", "notre"]

    /// The last word ends as a plural does (`causes`, `ingrédients`, `animaux`).
    static func isPlural(_ term: String) -> Bool {
        guard let last = words(term).last, last.count > 3 else { return false }
        return last.hasSuffix("s") || last.hasSuffix("x")
    }

    static func isBalanced(_ s: String) -> Bool {
        var depth = 0, quotes = 0
        for c in s {
            if c == "(" || c == "[" { depth += 1 } else if c == ")" || c == "]" { depth -= 1; if depth < 0 { return false } }
            if c == "\"" { quotes += 1 }
        }
        return depth == 0 && quotes % 2 == 0
    }

    /// Words a term never ends with: they ask for what follows.
    static let danglingEnds: Set<String> = [
        "using", "of", "for", "with", "to", "by", "from", "into", "the", "a", "an", "and", "or",
        "de", "du", "des", "d", "à", "au", "aux", "pour", "avec", "par", "sur", "le", "la", "les", "l", "et", "ou", "que",
    ]

    static func isNumeric(_ word: String) -> Bool {
        word.contains(where: \.isNumber) && !word.contains(where: \.isLetter)
    }

    /// Labels written in lower case at a line's start (`ex : …`, `cf : …`, `note : …`).
    static let lowerCaseLabels: Set<String> = [
        "ex", "rq", "nb", "n.b", "cf", "e.g", "ps", "p.s", "rem", "remarque", "note", "exemple", "example", "attention", "rappel",
        "source", "sources", "voir", "see", "todo", "réponse", "answer", "solution", "indice", "hint", "astuce", "tip",
    ]

    /// A term's words written in capitals, lower-cased: acronyms and names (`IS`, `DO`, `IEEE`, `C`).
    /// `I` and `A` are English words, and an elided word (`C'est`) is French.
    static func capitalWords(_ term: String) -> Set<String> {
        var found = Set<String>()
        for token in term.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "/" }) {
            let t = token.trimmingScalars { wordPunctuation.contains($0) }
            guard !t.isEmpty, t != "I", t != "A", t != "À", !t.contains("'"), !t.contains("’"),
                  t.allSatisfy({ $0.isUppercase || $0.isNumber }), t.contains(where: \.isLetter) else { continue }
            found.insert(t.lowercased())
        }
        return found
    }

    /// English verbs that start a task, never a term (`Install a package`, `Deactivate`).
    static let taskVerbs: Set<String> = [
        "activate", "deactivate", "install", "uninstall", "restore", "remove", "delete", "specify", "configure", "enable", "disable",
    ]

    /// Labels that also name a field a course defines (`Subject: The entity a certificate belongs to`,
    /// `Key Usage: The valid cryptographic uses…`): terms when their meaning says what they are.
    static let definableLabels: Set<String> = [
        "subject", "key", "usage", "name", "title", "status", "data", "address", "version", "class", "level",
        "module", "unit", "table", "link", "code", "donnée", "données", "adresse", "classe", "niveau", "titre", "nom",
    ]

    /// A name, a hyphen and the words its letters come from, written with those letters in capitals (`pwd - Print Working
    /// Directory`, `mkdir - MaKe DIRectory`, `man - MANual`): one term, not a heading glued to an item.
    static func namedWithExpansion(_ term: String) -> Bool {
        let parts = term.components(separatedBy: " - ")
        guard parts.count == 2, let name = parts.first, !name.contains(" "), (2...8).contains(name.count), name.allSatisfy(\.isLetter) else { return false }
        return parts[1].filter(\.isUppercase).lowercased() == name.lowercased()
    }

    /// A path (`~/.condarc`, `.gitignore`, `/etc/systemd/system`) or the function `$` (`$(params)`): terms that start with no letter.
    static func startsName(_ term: String) -> Bool {
        guard let first = term.first else { return false }
        if first.isLetter { return true }
        let second = term.dropFirst().first
        // (A status code and its name, `304 Not Modified`, is checked with the term's figures.)
        let code = term.prefix(3).allSatisfy(\.isNumber) && term.dropFirst(3).first == " "
        // A tag of a markup language (`<nav>`, `<img />`), which a course on the web defines.
        let tag = first == "<" && term.range(of: #"^<[A-Za-z][A-Za-z0-9]*( ?/)?>$"#, options: .regularExpression) != nil
        // (A method's name opens with its dot, `.append()`, `.__repr__()`.)
        return code || tag || term.hasPrefix("~/") || term.hasPrefix("$(") || (first == "." && (second?.isLetter == true || second == "_"))
            || (first == "/" && second?.isLetter == true && !term.contains(" "))
            // A keyword or a variable (`@daily`, `$kernel ou %k`).
            || ((first == "@" || first == "$") && second?.isLetter == true)
            // A key named in brackets (`[enter]`, `[Page Down]`).
            || (first == "[" && term.range(of: #"^\[[A-Za-z][A-Za-z0-9 +-]+\]$"#, options: .regularExpression) != nil)
    }

    /// A setting and its value (`core.autocrlf = true`, `text eol=crlf`): each `=` between a name of
    /// three letters or more and a word — not a formula (`x = 2`, `a = b + c`).
    static func isSetting(_ term: String) -> Bool {
        term.range(of: #"^([A-Za-z][\w.-]*\s+)?[A-Za-z][\w.-]{2,}\s?=\s?[A-Za-z][\w-]*$"#, options: .regularExpression) != nil
    }

    /// A title credited to its author: ` by ` and one to four words after it, each opening with a capital or a figure
    /// (`… by 3Blue1Brown`, `… by DAIR.AI`, `… by Hugging Face`), `by a number` or `by reference` are a term's words.
    static func creditsAuthor(_ term: String) -> Bool {
        guard holds(term, " by "), let by = term.range(of: " by ", options: .backwards) else { return false }
        let author = term[by.upperBound...].split(separator: " ")
        return (1...4).contains(author.count) && author.allSatisfy { $0.first?.isUppercase == true || $0.first?.isNumber == true }
            && term[..<by.lowerBound].contains(where: \.isLetter)
    }

    /// A capitalised task (`View list of packages`, `Update a package`) and a command line for meaning
    /// (`conda list`): how to do it, not what a term is.
    static func isTask(_ term: String, _ meaning: String) -> Bool {
        guard term.first?.isUppercase == true, term.utf8.contains(UInt8(ascii: " ")) else { return false }
        let ws = words(term)
        guard ws.count > 1, term.first?.isUppercase == true, let head = ws.first,
              taskVerbs.contains(head) || ["list", "search", "view", "update", "show", "get", "print"].contains(head) else { return false }
        let tokens = meaning.split(separator: " ")
        return (2...4).contains(tokens.count) && !endsSentenceMark(meaning) && tokens.allSatisfy { !$0.contains(where: \.isUppercase) }
    }

    static let listHeads: Set<String> = ["types", "kinds", "components", "parts", "examples", "categories", "sortes", "composants", "parties",
                                         "exemples", "catégories", "familles"]
    static let ordinals: Set<String> = ["first", "last", "next", "premier", "premiers", "première", "premières", "dernier", "derniers", "dernière", "dernières"]
    static let counts: Set<String> = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "deux", "trois", "quatre", "cinq",
                                      "six", "sept", "huit", "neuf", "dix"]
    static let pronounEnds = ["-le", "-la", "-les", "-nous", "-vous", "-moi", "-lui", "-il", "-elle", "-on"]

    /// A French option named by an infinitive whose meaning opens with the same verb in the present (`Remplir les régions transparentes :
    /// remplit complètement…`, `Adoucir les bords : adoucit les bords…`): what choosing it does.
    static func echoesTermVerb(_ term: String, _ meaning: String) -> Bool {
        guard let verb = words(term).first, verb.count >= 5, ["er", "ir", "re"].contains(where: { verb.hasSuffix($0) }),
              let head = words(meaning).first, head != verb, head.count >= verb.count - 1 else { return false }
        return head.hasPrefix(String(verb.dropLast(2))) && head.count <= verb.count + 1
    }

    /// A French order to the reader (`Utilisez Ctrl+J`, `Observez…`): its first word in the imperative's `-ez`.
    static func isFrenchOrder(_ term: String) -> Bool {
        guard let head = words(term).first else { return false }
        return head.count > 4 && head.hasSuffix("ez") && !["chez", "assez"].contains(head)
    }

    static func isTerm(_ term: String, hasGrammar: Bool, describedField: () -> Bool = { false }) -> Bool {
        guard let first = term.first, startsName(term), term.count <= 60, !isFrenchOrder(term) else { return false }
        // (Each test below only says no: their order is free. The words of a sentence come first — most text a colon ends in a
        // manual is a sentence's start, `Multiple plot windows are supported:` — as the cheapest that decides most.)
        let ws = words(term)
        // Written in capitals (`IS (Image Stabilization)`, `TO DO`, `C (1973)`): an acronym or a name, not
        // the pronoun, verb or preposition it spells in lower case.
        let capitals = capitalWords(term)
        // (A long word in capitals is a heading's: `À RETENIR`.)
        if ws.contains(where: { sentenceWords.contains($0) && !(capitals.contains($0) && $0.count <= 3) }) { return false }
        let lower = term.lowercased()
        // (Foundation's searches are asked only when the bytes are there: an ASCII needle is never matched otherwise.)
        if holds(lower, "://") && lower.contains("://") || holds(lower, "www.") && lower.contains("www.") || lower.dropFirst().contains("@") { return false }
        if term.hasSuffix("?") || term.hasSuffix("!") || (term.hasSuffix(".") && !hasGrammar && !term.hasSuffix("etc.")) { return false }
        if term.contains(":") || (term.contains("=") && !isSetting(term)) || term.contains(";") || !isBalanced(term) { return false }
        // Markup a converter left behind (`image{`, `Muscles * biceps`) is no term's; a command's
        // placeholder (`git rm <files>`) is.
        // (Keys the page sets in bold after a capital, `Pressing **Shift**`, are words of the term; `d'un **dictionnaire**` opens
        // with an article.)
        var unplaced = term.contains("<") ? term.replacingOccurrences(of: #"<[\w ]+ ?/?>"#, with: "", options: .regularExpression) : term
        if first.isUppercase, holds(unplaced, "**") { unplaced = unplaced.replacingOccurrences(of: #"\*\*[^*]+\*\*"#, with: "", options: .regularExpression) }
        // (So is a note's mark after its last letter: `cos*`, `sqrt*` — "functions labelled with a * require…".)
        if unplaced.last == "*", unplaced.dropLast().last?.isLetter == true { unplaced.removeLast() }
        if unplaced.contains(where: { "{}<>*".contains($0) }) { return false }
        // A version or a range of versions (`^1.2.3`, `~2.0`, `>=3.1`; `ˆ` is a letter): a value, not a term.
        if !first.isASCII || "^~<>=".contains(first), term.range(of: #"^[\^~ˆ˜<>=]+ ?v?[0-9]+(\.[0-9x*]+)*$"#, options: .regularExpression) != nil { return false }
        // A heading and an item glued by a converter (`Arnold’s Exercises - Leg raises`), not a term.
        // (A command and what its letters stand for, `pwd - Print Working Directory`, `ls - LiSt`, is one name.)
        if holds(term, " - "), term.contains(" - "), !namedWithExpansion(term) { return false }
        // Code (`def fibo(n)`, `… return p def fact(n)`), not a term — its keywords in lower case (`Class 1 General Electronic Products` is one).
        if term.hasPrefix("def ") || term.hasPrefix("class ") || holds(term, " return ") && term.contains(" return ")
            || holds(term, " def ") && term.contains(" def ") { return false }
        // `TO DO / INPUT QUEUE`, `mg/litre`, `(A1/A2)` are terms; `12/10`, `1/2` are dates and ratios.
        if term.contains("/"), term.range(of: #"\d\s*/\s*\d"#, options: .regularExpression) != nil { return false }
        // A named thing of a history (`The ENIAC (1940s)`, `The IBM 701 (1952-1956)`), not a term.
        if ws.count > 1, ["the", "le", "la"].contains(ws[0]), term.split(separator: " ").dropFirst().first?.first?.isUppercase == true,
           term.range(of: #"\(\d{4}"#, options: .regularExpression) != nil { return false }
        // The head of a list (`Key components of OCI…`, `Types of rocks`, `Les parties de…`), not a term.
        if let k = ws.prefix(2).firstIndex(where: { listHeads.contains($0) }), k + 1 < ws.count, ["of", "de", "d", "des", "du"].contains(ws[k + 1]) { return false }
        // Synonyms (`enregistrement, ou tuple, ou n-uplet, ou vecteur`) name one term: its first name is counted.
        let named = holds(lower, ", o") && (lower.contains(", ou ") || lower.contains(", or ")) ? words(String(term.prefix { $0 != "," })) : ws
        guard (1...maxTermWords).contains(named.count), let head = ws.first, let last = ws.last else { return false }
        // A figure in brackets dates or qualifies a name (`ALGOL (1958)`); outside, it numbers an item
        // (`Theorem 2`, `Speaker 1`) or is a date — but a standard's number after its acronym is its name (`IEEE 802`, `ISO 9001`),
        // and so is a figure the name goes on after in capitals (`Class 1 General Electronic Products`, `304 Not Modified`).
        // (Without a bracket the pattern has nothing to replace: no regular expression to build.)
        let bare = term.contains("(") ? term.replacingOccurrences(of: #"\([^()]*\)"#, with: " ", options: .regularExpression) : term
        let unbracketed = words(bare), spelled = bare.split(separator: " ")
        for (i, w) in unbracketed.enumerated() where isNumeric(w) {
            let standard = i > 0 && w.count >= 3 && w.allSatisfy(\.isNumber) && unbracketed[i - 1].count >= 2 && capitals.contains(unbracketed[i - 1])
            let namedOn = spelled.count == unbracketed.count && i + 1 < spelled.count
                && spelled[(i + 1)...].allSatisfy { $0.first?.isUppercase == true }
            if !standard && !namedOn { return false }
        }
        // A term ends on a word, not on a preposition that wants more (`Enhance Scrum using`).
        if ws.count > 1, danglingEnds.contains(last), term.last?.isUppercase != true { return false }
        // "Repérer le point de vue : …": an infinitive and its object is a step of a method, not a term.
        if ws.count > 1, head.hasSuffix("er") || head.hasSuffix("ir") || head.hasSuffix("re"),
           ["le", "la", "les", "l", "un", "une", "son", "sa", "ses", "leur", "leurs", "ce", "cette", "ces"].contains(ws[1]) { return false }
        // "Activate an environment: conda activate env_name", "Restore: …": a task, and how to do it (en-python).
        // (A particle may come first: `Find out all the options`.)
        let object = ws.count > 2 && ["out", "up", "off", "down"].contains(ws[1]) ? ws[2] : ws.count > 1 ? ws[1] : ""
        if taskVerbs.contains(head) || (ws.count > 1 && (imperatives.contains(head) || ["list", "search", "view", "update", "show", "get", "print"].contains(head))
            && (determiners.contains(object) || ["all", "your", "this", "these", "some", "any", "every", "each"].contains(object))) { return false }
        // A participle and what it governs (`Consisting of six tasks`, `Consisting two tasks`): a phrase going on, not a
        // term (a noun after it makes one: `Spanning tree`, `Learning rate`).
        // After its noun, a past participle and its preposition are a clause cut short (`Lectures recorded for Bi334`).
        let governed = ["of", "in", "on", "to", "with", "by", "for", "from", "as", "at"]
        if ws.count > 1, head.count > 5, head.hasSuffix("ing"),
           governed.contains(ws[1]) || determiners.contains(ws[1]) || counts.contains(ws[1]) || isNumeric(ws[1]) { return false }
        // A count and a plural in lower case (`deux sorties`, `three outputs`) introduce the items that follow, not a term (`Three Laws of
        // Robotics` names one).
        if ws.count == 2, counts.contains(head), isPlural(term), term.split(separator: " ").last?.first?.isLowercase == true { return false }
        if ws.count > 2, ws[1].count > 4, ws[1].hasSuffix("ed"), governed.contains(ws[2]) { return false }
        // A clause (`Debian ships both gnash and swfdec: two free…`): a name, its verb in the third person and the
        // verb's object (an article or a quantity), not a term — a sentence a colon cuts.
        if ws.count >= 3, term.first?.isUppercase == true, ws[1].count >= 4, ws[1].hasSuffix("s"), !["ss", "us", "is"].contains(where: { ws[1].hasSuffix($0) }),
           ["both", "the", "a", "an", "all", "its", "their", "two", "three", "many", "several", "some", "no"].contains(ws[2]) { return false }
        // A label numbered in a series (`note2`, `remarque1`): a label, whatever its case.
        if ws.count == 1, let digits = head.firstIndex(where: \.isNumber), digits > head.startIndex, head[digits...].allSatisfy(\.isNumber),
           labels.contains(String(head[..<digits])) || lowerCaseLabels.contains(String(head[..<digits])) { return false }
        // A capitalised word numbered in a series (`Raison1`, `Exemple3`): a label, not a term (`IPv4`, `H2O`, `p10`, `aria2` are names).
        if ws.count == 1, term.utf8.contains(where: { (0x30...0x39).contains($0) }),
           term.range(of: #"^[A-ZÀ-Ý][a-zà-ÿ]{3,}[0-9]{1,2}$"#, options: .regularExpression) != nil { return false }
        // A sentence ends inside it (`D. Strength training`, `organization. - Issuer`).
        if holds(term, ". "), term.contains(". ") { return false }
        // A work and its author (`nanoGPT by Andrej Karpathy`, `Illustrating RLHF by Hugging Face`): a reference's title, whose note
        // says what the work is, not what a term means.
        if creditsAuthor(term) { return false }
        // Letters naming items (`P et S`, `A and B`), not a term.
        if ws.count > 1, ws.allSatisfy({ $0.count == 1 || ["et", "and", "ou", "or"].contains($0) }) { return false }
        // Items of a list after its introduction (`Les avantages :` / `la simplicité : …`): a term
        // starts with its noun or a capital, not a lower-case article.
        if first.isLowercase, ["la", "le", "les", "l"].contains(head) { return false }
        // A label, alone or with its number/qualifier ("Exemple 2", "Remarque importante"), or
        // qualified ("Learning objective", "Première étape", "Un conseil").
        // A label or an interjection opens its line with a capital; a lower-case word at a line's
        // start is a name from the text (the attributes `data`, `right` of a class), but for
        // the abbreviations written so.
        let nameInText = ws.count == 1 && first.isLowercase && !lowerCaseLabels.contains(head)
        // (A path names a place, whatever its words: `/doc/`, `/media/*`.)
        let path = term.hasPrefix("/") || term.hasPrefix("~/")
        func isLabel(_ word: String) -> Bool { !path && labels.contains(word) && !(definableLabels.contains(word) && describedField()) }
        // (A label's bracket qualifies it: `EXERCICE (FACULTATIF ET OUVERT)`.)
        if !nameInText, isLabel(head) && !(ws.count > 1 && capitals.contains(head)) || isLabel(lower) || isLabel(unbracketed.joined(separator: " ")) || soleLabels.contains(lower)
            // A capital letter after a name is part of it (`Allèle A`, `Vitamine C`), not an answer's label.
            // A command in lower case (`conda info`) ends with what it names.
            // (Unless the meaning describes it: a label word qualified names a kind of it, `Response time: The amount of time it takes…`.)
            || (named.count > 1 && isLabel(named.last!) && term.last?.isUppercase != true && !(first.isLowercase && !term.contains(where: \.isUppercase))
                && (determiners.contains(head) || !describedField())) { return false }
        // A verb with its pronoun (`Disons-le clairement`, `Rappelons-nous`): a sentence.
        if term.utf8.contains(UInt8(ascii: "-")),
           ws.contains(where: { w in w != "rendez-vous" && pronounEnds.contains { w.hasSuffix($0) } }) { return false }
        // The end of a sentence and the start of a term (`principles Environment Consistency`): a word in lower
        // case before words in capitals.
        if ws.count > 1, first.isLowercase, !term.prefix(while: { $0 != " " }).contains(where: \.isUppercase), !namedWithExpansion(term),
           term.split(separator: " ").dropFirst().contains(where: { $0.first?.isUppercase == true }) { return false }
        // A place in a row (`The first three characters`, `les deux derniers`), not a term.
        if ws.indices.dropLast().contains(where: { (ordinals.contains(ws[$0]) && (counts.contains(ws[$0 + 1]) || isNumeric(ws[$0 + 1])))
            || (counts.contains(ws[$0]) && ordinals.contains(ws[$0 + 1])) }) { return false }
        // (So does a step's adverb and its comma: `Next, type`, `Ensuite, on`.)
        if phraseStarts.contains(head) && !capitals.contains(head)
            || ["next", "then", "now", "ensuite", "puis", "enfin", "alors"].contains(head) && term.dropFirst(head.count).hasPrefix(",") { return false }
        // Greetings and thanks address someone ("Bonjour à tous : …", "Thanks: …").
        if !nameInText, speechStarts.contains(head) || ["good morning", "good afternoon", "good evening", "bonne journée", "bonne soirée"]
            .contains(where: { lower.hasPrefix($0) }) { return false }
        // (The words of a sentence, `is`, `we`, `the following`, are told first.)
        // A heading-like term: "Chapitre III", "Partie A" is caught by labels; a term of one
        // capital letter ("A", "B") is an answer choice.
        // A lower-case letter is a symbol (`d : la distance du parcours`), which a course defines.
        if ws.count == 1 && term.count == 1 && !first.isLowercase { return false }
        return true
    }

    // MARK: What a meaning is

    static let speechStarts: Set<String> = [
        "bonjour", "bonsoir", "salut", "merci", "oui", "non", "ah", "oh", "eh", "bah", "ben", "hé", "hein", "allô",
        "coucou", "d'accord", "ok", "okay", "pardon", "excusez", "désolé", "désolée", "voyons", "bon", "bien", "tiens",
        "hello", "hi", "hey", "yes", "no", "yeah", "yep", "nope", "thanks", "thank", "sorry", "well", "right", "sure",
        "please", "look", "listen", "écoute", "écoutez", "regarde", "regardez", "attends", "attendez", "viens",
    ]
    static let personWords: Set<String> = [
        // First and second person singular: a speaker's words. (Generic "you"/"vous" is common
        // in definitions: "the ability to feel what you would feel".)
        "je", "j", "tu", "me", "m", "moi", "te", "t", "toi", "mon", "ma", "mes", "ton", "ta", "tes",
        "i", "i'm", "i’m", "my",
    ]

    /// A word of the first or second person singular: `je`, `moi`, `my`…, or an elided `j'`, `t'`,
    /// `m'` (a letter alone is a symbol: `notée T`, `m en mètres`).
    static func speaksInPerson(_ meaning: String) -> Bool {
        for original in meaning.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
            let token = original.lowercased()
            // English "I" is written in capital; a lone "i" is a letter or a word cut at the page's edge.
            if original.hasPrefix("i") && (token == "i" || token.hasPrefix("i'") || token.hasPrefix("i’")) { continue }
            if let apostrophe = token.firstIndex(where: { $0 == "'" || $0 == "’" }) {
                let head = String(token[..<apostrophe])
                if ["j", "t", "m"].contains(head) || personWords.contains(head) { return true }
                continue
            }
            let word = token.trimmingScalars { wordPunctuation.contains($0) }
            if word.count > 1 || word == "i", personWords.contains(word) { return true }
        }
        return false
    }

    /// English verbs that, capitalised at a meaning's start, give an order.
    static let imperatives: Set<String> = [
        "use", "keep", "move", "enable", "disable", "adjust", "set", "ensure", "determine", "remove", "make", "try", "avoid",
        "add", "check", "choose", "take", "turn", "open", "select", "apply", "write", "find", "compare", "consider", "click",
        "press", "go", "put", "run", "install", "create", "start", "stop", "don't", "don’t", "never", "always",
    ]

    /// A meaning of at most four words before any bracket, each a name (capitalised) or `and`/`or`/`&`
    /// between names (`Scrum and Kanban`, `Entity-Relationship Modeling (ER Modeling)`), a name with
    /// a bracket after it (`Scrum (Kanban does …`), or a choice between two (`Vanilla or unflavor`).
    static func namesOnly(_ meaning: String, _ lexicon: Lexicon = .empty) -> Bool {
        guard !endsSentenceMark(meaning) else { return false }
        let before = meaning.prefix { $0 != "(" }
        let tokens = before.split(separator: " ").map { String($0).trimmingScalars { wordPunctuation.contains($0) } }.filter { !$0.isEmpty }
        // A name written as one (`RequireJS`, `PROMISES`), a title (`Linus Torvalds on git`, `The Good Parts by
        // Douglas Crockford`, `Big O notation`) or a comparison (`Microtasks vs. tasks`): no words saying what it is.
        if tokens.count == 1, before.count == meaning.count, tokens[0].dropFirst().contains(where: \.isUppercase) { return true }
        // (Unless the dictionary shows a noun phrase whose head is a common noun: `End-to-end ML platform`.)
        if (2...6).contains(tokens.count), tokens[1].first?.isUppercase == true, tokens[0].first?.isUppercase == true,
           !endsOnCommonNoun(tokens, lexicon) { return true }
        if tokens.count <= 6, tokens.contains(where: { ["vs", "versus"].contains($0.lowercased()) }) { return true }
        guard (1...4).contains(tokens.count) else { return false }
        if tokens.count == 3, ["or", "ou"].contains(tokens[1]) { return true }
        // (A name may open in lower case with capitals inside: `mSATA SSD`, `iPhone`.)
        let names = tokens.filter { $0.first?.isUppercase == true || ($0.count > 1 && $0.dropFirst().contains(where: \.isUppercase)) }.count
        guard names + tokens.filter({ ["and", "or", "et", "ou", "&"].contains($0) }).count == tokens.count else { return false }
        return names >= 2 || (names == 1 && tokens.count == 1 && before.count < meaning.count)
    }

    /// The meaning's initials begin with the term's capitals (`OSPF : Open Shortest Path First`, `RM: repetition maximum`).
    static func spellsOut(_ term: String, _ meaning: String) -> Bool {
        let letters = term.filter(\.isUppercase).lowercased()
        let initials = String(words(meaning.replacingOccurrences(of: "-", with: " ")).compactMap(\.first))
        return letters.count >= 2 && initials.count >= 2 && (initials.hasPrefix(letters) || letters.hasPrefix(initials)) && !capitalisedPhrase(term)
            || standsFor(term, meaning) || letterStandsFor(term, meaning)
    }

    /// A whole sentence that opens with a figure and names the term (`p10: 10% of data points exceed the p10
    /// value.`): what the term means, not a value of it.
    static func restatesTerm(_ term: String, _ meaning: String) -> Bool {
        guard meaning.first?.isNumber == true, endsSentenceMark(meaning), !term.contains(" ") else { return false }
        let ws = words(meaning)
        return ws.count >= 5 && ws.contains(term.lowercased())
    }

    /// `==` or `!=` in the text (a byte scan: every candidate meaning is tested).
    static func hasComparison(_ s: String) -> Bool {
        var previous: UInt8 = 0
        for b in s.utf8 {
            if b == UInt8(ascii: "="), previous == UInt8(ascii: "=") || previous == UInt8(ascii: "!") { return true }
            previous = b
        }
        return false
    }

    static func endsSentenceMark(_ s: String) -> Bool { s.hasSuffix(".") || s.hasSuffix("!") || s.hasSuffix("?") }

    /// A meaning that quotes the term's other name, then says what it is (`“user stories”, are short
    /// requirements…`) — not words quoted alone (`« Bonjour ! »`).
    static func namesThenSays(_ meaning: String) -> Bool {
        guard let open = meaning.first, let close = ([Character("“"): Character("”"), "«": "»", "\"": "\""] as [Character: Character])[open],
              let end = meaning.dropFirst().firstIndex(of: close) else { return false }
        let rest = meaning[meaning.index(after: end)...]
        return rest.hasPrefix(",") && rest.split(separator: " ").count >= 3 && rest.dropFirst().trimmingSpaces().first?.isLowercase == true
    }

    /// A way through menus (`Preferences → Profiles → …`), however its arrows are typed (`New Project -> New Project from Git
    /// Repo`): three items or more, or short items in capitals; no meaning. (Most meanings hold no arrow: scalars are looked at first.)
    static func menuPath(_ meaning: String) -> Bool {
        let arrow = meaning.unicodeScalars.contains("→")
        guard arrow || meaning.utf8.contains(UInt8(ascii: ">")) else { return false }
        if arrow, meaning.components(separatedBy: "→").count > 2 { return true }
        guard arrow || meaning.utf8.firstRange(of: "->".utf8) != nil else { return false }
        let items = meaning.replacingOccurrences(of: "->", with: "→").split(separator: "→").map { String($0).trimmingSpaces() }
        return items.count >= 2 && items.allSatisfy { $0.first?.isUppercase == true && $0.split(separator: " ").count <= 6 }
    }

    static func isMeaning(_ meaning: String, isDash: Bool, plural: Bool) -> Bool {
        guard meaning.count >= 2, let first = meaning.first else { return false }
        let lower = meaning.lowercased()
        // Words say what a term is: a meaning opens with a letter, not a symbol or a formula (`& (appelé esperluette…)`,
        // `$\overline{x}$`) — but for the term's other name quoted first (`“user stories”, are…`).
        if first.isNumber || !first.isLetter && !namesThenSays(meaning) { return false }
        if lower.hasPrefix("http") || lower.hasPrefix("www.") || lower.contains("://") { return false }
        // A meaning ends no sentence with a question or an introduction — unless a whole sentence said what
        // the term is first (`le schéma d'une relation est le regroupement… Ici notre schéma serait :`).
        if (meaning.hasSuffix(":") && !(meaning.contains(". ") && describes(meaning))) || meaning.hasSuffix("?") || meaning.hasSuffix("!") || meaning.hasSuffix("…?") { return false }
        // Code (`if n == 0 : return 0 elif…`), not words.
        if hasComparison(meaning) { return false }
        // A variable of the environment set (`export LANG_FALLBACK=1`): how to do it, not what the term is.
        if meaning.utf8.contains(UInt8(ascii: "=")), meaning.range(of: #"(^|\s)[A-Z][A-Z0-9_]{2,}=\S"#, options: .regularExpression) != nil { return false }
        let ws = words(meaning)
        guard let head = ws.first, meaning.contains(where: \.isLetter) else { return false }
        // A model or a code (`R8 (lightweight)`, `1D X Mark III`), not words saying what the term is.
        if head.contains(where: \.isNumber) { return false }
        // "There are four types: …", "Il y a…": a sentence, not a meaning.
        if ws.count > 1, (head == "there" && ["is", "are", "was", "were"].contains(ws[1])) || (head == "il" && (ws[1] == "y" || ws[1] == "n")) { return false }
        // (A sentence about something else, `The player plays in a corner square`, is told by its clause: DefinitionClause.swift.)
        // A tip: a capitalised order ("Shoot in RAW: Enable RAW in the menu", "ISO: Keep ISO low").
        // (Judged with the term in DefinitionShapes: a key's or a command's meaning may be an order, `Maximize the window`.)
        // A value (`une éruption tous les 4 ans`, `up to 2000 MB/s`, `octobre-novembre 2010`), not a meaning;
        // a name with a figure in it is a word (`A GTK2 Usenet newsreader`).
        // (An article and a compound with a figure is a noun phrase: `a 12-digit number that…`.)
        if ws.count > 1, ws[1].first?.isNumber == true, !(determiners.contains(head) && ws[1].contains("-")) { return false }
        // Code (`function(element, errorClass)`, `$('#table').DataTable();`) or another field and its value
        // (`Min length: minlength: (number)`): how it is written, not what it is.
        let callee = meaning.prefix { $0 != "(" }
        if !callee.isEmpty, callee.count < meaning.count, !callee.contains(where: \.isWhitespace),
           meaning.hasSuffix(")") || meaning.hasSuffix(");") { return false }
        if meaning.split(separator: " ").first?.hasSuffix(":") == true { return false }
        // More fields and their values (`create shared files file: path: /usr/… state: directory`, `student owner: admin mode: 0744`):
        // a record's lines, not a meaning — two names with a colon, a value or two apart (a sentence's colons are further apart).
        let keys = meaning.split(separator: " ").enumerated().filter { $0.element.count > 1 && $0.element.hasSuffix(":") && $0.element.dropLast().allSatisfy { $0.isLetter || $0 == "_" } }.map(\.offset)
        if zip(keys, keys.dropFirst()).contains(where: { $1 - $0 <= 3 }) { return false }
        // A call (`function(element, errorClass, validClass)`): code.
        if let open = meaning.firstIndex(of: "("), open > meaning.startIndex,
           meaning[..<open].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) { return false }
        // A formula or a code alone (`O(logn)`, `x=2`), not words saying what the term is.
        if ws.count == 1, meaning.contains(where: { "()=+×*^<>".contains($0) }) { return false }
        // A quantity (`up to 2000 MB/s`, `environ 30 km`), not a meaning.
        if ["up", "about", "around", "approximately", "over", "under", "environ", "jusqu", "plus", "moins"].contains(head),
           ws.prefix(3).contains(where: { $0.contains(where: \.isNumber) }) { return false }
        // A kind of value and its range, nothing after (`entier entre 2 et 99`, `integer between 0 and 255`): what a field holds, not
        // what it is — `nombre entre 0 et 1 qui mesure la chance…` goes on to say it.
        if !determiners.contains(head), let k = ws.prefix(4).firstIndex(where: { ["entre", "between", "from"].contains($0) }), k >= 1, k + 3 == ws.count - 1,
           isNumeric(ws[k + 1]), ["et", "and", "to", "à"].contains(ws[k + 2]), isNumeric(ws[k + 3]) { return false }
        // A command line (`conda create -n myenv scipy`, `git push --force`): how to do it, not what it is.
        // (An option of a command named at the end of what the term does is no command line: `create a lock file only removed by rm -f`.)
        if meaning.utf8.contains(UInt8(ascii: "-")), let option = meaning.range(of: #"(^|\s)--?[a-z]"#, options: .regularExpression),
           meaning[..<option.lowerBound].split(separator: " ").count < 4, !endsSentenceMark(meaning) { return false }
        // A means (`DEC PDP-8 (1965): using an array of switches`, `Wercker: using it because…`), not what it is.
        if ["using", "en"].contains(head), ws.count > 1, head == "using" || ws[1] == "utilisant" { return false }
        // A purpose (`Rangement : pour le matériel…`, `Chakra: for Microsoft Edge`), what it replaces
        // (`GIMP: alternative for Adobe Photoshop`) or who made or uses it (`asciidoc: used by Arch…`,
        // `Rhino: managed by the Mozilla Foundation`), not what the term is.
        if head == "pour" || head == "for" { return false }
        if ws.count > 1, (head == "alternative" && ["for", "to", "of"].contains(ws[1])) || (head.hasSuffix("ed") && ws[1] == "by") { return false }
        // An order to the reader in French (`téléchargez la base…`), an obligation (`Il faut bien comprendre…`) or
        // a consequence (`auquel cas le message…`): no meaning.
        if isFrenchOrder(head) { return false }
        if ws.count > 1, head == "il", ["faut", "suffit", "convient"].contains(ws[1]) { return false }
        // What the reader does (`saisir <ctrl+l>`, `utiliser les flèches du clavier`), a sentence of `on` (`on parle alors de shell…`)
        // or a way through menus (`Preferences → Profiles → …`): no meaning.
        if ["saisir", "utiliser", "taper", "cliquer", "appuyer", "on"].contains(head) { return false }
        if menuPath(meaning) { return false }
        if ["auquel", "auxquels", "auxquelles", "lequel", "laquelle", "lesquels", "lesquelles"].contains(head) { return false }
        // An order to the reader (`hold the weight on top of your forehead…`): an instruction.
        if imperatives.contains(head) || ["hold", "lie", "focus", "lock", "sit", "stand", "lift", "raise", "lower", "bend", "push", "pull"].contains(head),
           ws.contains("your") { return false }
        // Examples that trail off ("Protocols: bluetooth, wifi, NFC, etc."): a list, not a meaning.
        // (A meaning that says what the term is first, then gives examples, stays one: `c'est l'équivalent
        // d'une colonne. Il y a … un attribut «Titre», etc.`)
        if lower.hasSuffix(", etc.") || lower.hasSuffix(", etc"), !meaning.dropLast(5).contains(". ") { return false }
        // (So do words in a row ending on an ellipsis: `moreover, furthermore, in addition, . . .`.)
        if lower.hasSuffix("...") || lower.hasSuffix(". . .") || lower.hasSuffix("…"),
           meaning.split(separator: ",").count >= 3, !meaning.dropLast(5).contains(". ") { return false }
        // A program's message (`password updated successfully`, `file saved`): a thing and what befell it, no meaning.
        if (2...3).contains(ws.count), ws[1].hasSuffix("ed"), ws.count == 2 || ws[2].hasSuffix("ly"), !endsSentenceMark(meaning),
           !determiners.contains(head) { return false }
        // "Non, je…", "Yes, that's right", "Bonjour !": an interjection answering someone.
        if speechStarts.contains(head) {
            let rest = meaning.dropFirst(head.count).first
            if rest == nil || ",.!?…".contains(rest!) { return false }
        }
        if speaksInPerson(meaning) { return false }
        // Parenthetical dashes ("La Révolution — qui commence en 1789 — change tout").
        if isDash && (meaning.contains(" — ") || meaning.contains(" – ") || ["qui", "que", "dont", "où", "which", "who", "that"].contains(head)) {
            return false
        }
        // A remark on it (`generally, smaller numbers mean higher performance`), not what it is.
        if ["generally", "usually", "basically", "typically", "often", "normally", "currently", "généralement", "souvent", "habituellement",
            "normalement", "actuellement"].contains(head), meaning.dropFirst(head.count).first == "," { return false }
        // A plural introducing a list of short items ("Ingrédients : farine, sucre, œufs").
        let items = meaning.split(whereSeparator: { $0 == "," || $0 == ";" })
        // Single words in a row, with a final point or not (`mixins, traits, delegates, aspects.`): examples.
        if items.count >= 3, items.allSatisfy({ $0.split(separator: " ").count == 1 }) { return false }
        // Names in a row (`Flash memory, FRAM, NRAM, and SSD.`): each item a name of two words at most, capitalised — examples.
        if items.count >= 3, items.allSatisfy({ item in
            let ws = item.split(separator: " ").filter { !["and", "or", "et", "ou"].contains($0) }
            return (1...2).contains(ws.count) && ws.first?.first?.isUppercase == true
        }) { return false }
        if items.count >= 3 && items.allSatisfy({ $0.split(separator: " ").count <= 3 }) && (plural || !(meaning.hasSuffix(".") || meaning.contains("("))) { return false }
        // Qualities in a row (`open source, developed by Google in Denmark, part of Google Chrome`): what it
        // is like, not what it is.
        // (Commas in brackets list examples of one item: `layouts (bus, star, etc.)`.)
        var depth = 0
        let outside = items.count < 3 ? "" : meaning.filter { c in
            if c == "(" { depth += 1 } else if c == ")" { depth = max(0, depth - 1); return false }
            return depth == 0
        }
        let qualities = outside.split(whereSeparator: { $0 == "," || $0 == ";" })
        if qualities.count >= 3, !endsSentenceMark(meaning), qualities[0].split(separator: " ").count <= 2, !determiners.contains(head) { return false }
        // Mostly figures ("67 millions", "1 : 25 000", "3 h 20").
        let digits = meaning.filter(\.isNumber).count, letters = meaning.filter(\.isLetter).count
        if digits > letters { return false }
        return true
    }
}
