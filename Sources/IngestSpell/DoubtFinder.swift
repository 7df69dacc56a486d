import Foundation
import IngestCore

/// Finds the words of OCR'd and auto-caption text that may be misreadings: a low OCR word
/// confidence, or a word the dictionary does not know while it knows words one or two edits away
/// (the candidates, ranked by what the word's neighbours call for in the document itself), or a
/// word only the other language knows that a typical confusion makes a word of the document's
/// language. Numbers, ordinals, acronyms and names are not misspellings (a name is doubtful only
/// through a typical misreading). It only reads: the text is never rewritten.
public struct DoubtFinder {
    public struct Options: Sendable {
        /// OCR words under this confidence are doubtful whatever the dictionary says.
        public var lowConfidenceBelow: Double = 60
        /// Tokens listed at most; the others are counted in `omitted`.
        public var maxTokens = 500
        /// Candidates kept per token.
        public var maxCandidates = 5
        /// hunspell suggestion calls per document (50–300 ms each), for words no confusion or
        /// single edit explains.
        public var suggestionBudget = 20
        /// Suggestion calls in a row that give no candidate, after which no more are asked in the
        /// document: words no dictionary here knows, one after another, are text of another
        /// language (issue 38, the odd corpus's issue19802: 13 calls, 2.3 s, for Spanish, Czech,
        /// Finnish and Icelandic words; 10 gave nothing). A scan of French or English asks 0–1.
        public var fruitlessSuggestionsInARow = 3
        public init() {}
    }

    public let language: String?
    /// The document language's dictionary: candidates come from it.
    let primary: SpellDictionary?
    /// Every dictionary a word may be known to (`SpellDictionary.names(for:)`).
    let dictionaries: [SpellDictionary]
    /// The dictionaries of the document's language (`en`: American and British).
    let native: [SpellDictionary]
    public var options: Options

    /// With the document language's dictionary (fr or en) and the others: French courses quote
    /// English terms and the other way round. A word only the other language knows is a quoted
    /// term unless a typical OCR confusion makes it a word of the document's language (`general`
    /// read for `général`): see `Assessor.otherLanguage`. Another language has no dictionary: only
    /// OCR confidence then decides.
    public init(documentLanguage: String, options: Options = Options()) {
        dictionaries = SpellDictionary.names(for: documentLanguage).compactMap(SpellDictionary.shared)
        native = dictionaries.filter { $0.language == documentLanguage }
        primary = native.first
        language = primary == nil ? nil : documentLanguage
        self.options = options
    }

    /// Whether a block's text is checked: OCR and auto-generated captions only.
    public static func isChecked(_ provenance: Provenance) -> Bool { provenance == .ocr || provenance == .captionsAuto }

    /// The doubtful tokens of `blocks` (already normalized, document indices), or nil when no
    /// block is OCR'd or auto-caption text. `ocrWords[s]` are the words OCR read in source `s`.
    public func find(blocks: [Block], ocrWords: [[OCRWord]]) -> Doubt? {
        guard blocks.contains(where: { Self.isChecked($0.provenance) }) else { return nil }
        let tokenized = blocks.map { Tokenizer.tokens($0.text) }
        let context = DocumentContext(tokenized)
        var aligner = WordAligner(ocrWords)
        var state = Assessor(finder: self, context: context)
        var tokens: [DoubtfulToken] = []
        var omitted = 0
        var checked = 0
        for (index, block) in blocks.enumerated() where Self.isChecked(block.provenance) {
            let words = tokenized[index]
            for (k, token) in words.enumerated() {
                checked += 1
                let ocr = block.provenance == .ocr ? aligner.word(for: token.text, source: block.source, page: block.page) : nil
                let low = ocr.map { $0.confidence < options.lowConfidenceBelow } ?? false
                // The page's ink doubts the word as read (NumberInk: an exponent read as other characters).
                let inked = ocr?.doubt
                let spelling = state.assess(token, previous: k > 0 ? words[k - 1].text : nil,
                                            next: k + 1 < words.count ? words[k + 1].text : nil)
                guard low || spelling != nil || inked != nil else { continue }
                if tokens.count >= options.maxTokens { omitted += 1; continue }
                var reasons: [DoubtfulToken.Reason] = []
                if low { reasons.append(.lowConfidence) }
                if let spelling { reasons.append(spelling.reason) }
                if let inked { reasons.append(inked) }
                tokens.append(DoubtfulToken(text: token.text, block: index, offset: token.offset, source: block.source,
                                            provenance: block.provenance, page: block.page,
                                            box: ocr.flatMap { $0.box.isEmpty ? nil : $0.box },
                                            start: block.start, end: block.end,
                                            confidence: ocr.map { ($0.confidence * 10).rounded() / 10 },
                                            reasons: reasons, candidates: spelling?.candidates ?? []))
            }
        }
        return Doubt(dictionary: language, wordsChecked: checked, tokens: tokens, omitted: omitted > 0 ? omitted : nil)
    }

    /// The spelling verdict on one word of plain text (no OCR confidence): its reason and
    /// candidates, or nil when it is not doubtful. For measurements over a whole text.
    public func doubtfulWords(in text: String) -> [(token: WordToken, reason: DoubtfulToken.Reason, candidates: [String])] {
        let words = Tokenizer.tokens(text)
        var state = Assessor(finder: self, context: DocumentContext([words]))
        var out: [(WordToken, DoubtfulToken.Reason, [String])] = []
        for (k, token) in words.enumerated() {
            if let v = state.assess(token, previous: k > 0 ? words[k - 1].text : nil, next: k + 1 < words.count ? words[k + 1].text : nil) {
                out.append((token, v.reason, v.candidates))
            }
        }
        return out
    }

    /// Known to a dictionary of either language.
    func isKnown(_ word: String) -> Bool {
        dictionaries.contains { $0.spells(word) }
    }

    /// Known to a dictionary of the document's language.
    func isNative(_ word: String) -> Bool {
        native.contains { $0.spells(word) }
    }
}

/// Counts of the document's own words and word pairs (lower case): the context that ranks a
/// misread word's candidates, and tells a repeated proper noun.
struct DocumentContext {
    var counts: [String: Int] = [:]
    var pairs: [String: Int] = [:]
    /// Capitalised words inside sentences, as written.
    var capitalizedInside: [String: Int] = [:]

    init(_ tokenized: [[WordToken]]) {
        for words in tokenized {
            var previous: String?
            for t in words {
                let lower = t.text.lowercased()
                counts[lower, default: 0] += 1
                if let previous { pairs[previous + " " + lower, default: 0] += 1 }
                previous = lower
                if t.isCapitalized, !t.opensSentence { capitalizedInside[t.text, default: 0] += 1 }
            }
        }
    }

    func count(_ w: String) -> Int { counts[w] ?? 0 }
    func pair(_ a: String?, _ b: String?) -> Int {
        guard let a, let b else { return 0 }
        return pairs[a + " " + b] ?? 0
    }
}

/// The dictionary verdict on tokens, with the document's memo of words already judged.
struct Assessor {
    struct Verdict { var reason: DoubtfulToken.Reason; var candidates: [String] }
    let finder: DoubtFinder
    let context: DocumentContext
    let generator: CandidateGenerator
    /// Candidates from the document language's dictionaries only (for words of the other language).
    let nativeGenerator: CandidateGenerator
    /// Raw candidates per lower-case form (before ranking, which depends on the neighbours).
    var memo: [String: [CandidateGenerator.Candidate]] = [:]
    /// The same from the document language's dictionaries, for words of the other language (a
    /// quoted term comes back often, and its confusions cost up to thousands of lookups).
    var nativeMemo: [String: [CandidateGenerator.Candidate]] = [:]
    var suggestionsLeft: Int
    /// A name's candidates, its typical misreadings only (`nameCandidates`).
    var nameMemo: [String: [CandidateGenerator.Candidate]] = [:]
    /// Names whose hunspell suggestion was spent from the budget as `raw` would have spent it,
    /// and not asked (`nameCandidates`): asked without spending again if `raw` needs it.
    var charged: Set<String> = []
    /// hunspell suggestion calls made so far.
    private(set) var suggestionsAsked = 0
    /// The last suggestion calls in a row that gave no candidate (`Options.fruitlessSuggestionsInARow`).
    var fruitlessInARow = 0
    /// Whether a suggestion may still be spent.
    var maySuggest: Bool { suggestionsLeft > 0 && fruitlessInARow < finder.options.fruitlessSuggestionsInARow }

    init(finder: DoubtFinder, context: DocumentContext) {
        self.finder = finder
        self.context = context
        generator = CandidateGenerator(language: finder.language, isKnown: finder.isKnown)
        nativeGenerator = CandidateGenerator(language: finder.language, isKnown: finder.isNative)
        suggestionsLeft = finder.options.suggestionBudget
    }

    /// What French elides before a vowel (`l'`, `qu'`, `jusqu'`); another prefix (`cl'un`) is no elision.
    static let elisions: Set<String> = ["l", "d", "j", "m", "n", "s", "t", "c", "qu", "jusqu", "lorsqu", "puisqu", "quoiqu"]

    static let ordinalSuffixes: Set<String> = ["e", "er", "re", "ère", "ème", "eme", "nd", "nde", "st", "th", "rd", "ers", "res", "ième"]

    mutating func assess(_ token: WordToken, previous: String?, next: String?) -> Verdict? {
        guard finder.language != nil else { return nil }
        let letters = token.letterCount
        guard letters > 0 else { return nil }                       // a number
        let lower = token.text.lowercased()
        if token.hasDigit {
            // `1er`, `5e`, `XXIe`: a number and its ordinal ending.
            let tail = String(lower.drop { $0.isNumber })
            if tail.count < lower.count, Self.ordinalSuffixes.contains(tail) { return nil }
            guard lower.count >= 2 else { return nil }
            // `x1`, `y2`, `t0`: a variable and its index (a math sheet's points A(x1 ; y1)), no word.
            if letters == 1, lower.first?.isLetter == true, lower.dropFirst().allSatisfy(\.isNumber) { return nil }
            let found = generator.digitCandidates(token.text).isEmpty ? generator.digitCandidates(lower) : generator.digitCandidates(token.text)
            guard !found.isEmpty else { return nil }
            return Verdict(reason: .digitInWord, candidates: rank(found, token: token, previous: previous, next: next))
        }
        if finder.isNative(token.text) { return nil }
        // An elided article or pronoun (`l'ATP`, `d'Euler`): the word after it is judged alone.
        if let apostrophe = token.text.firstIndex(where: { $0 == "'" || $0 == "’" }),
           Self.elisions.contains(token.text[..<apostrophe].lowercased()) {
            let rest = String(token.text[token.text.index(after: apostrophe)...])
            if !rest.isEmpty {
                var inner = token
                inner.text = rest
                inner.opensSentence = false
                return assess(inner, previous: previous, next: next)
            }
        }
        let mayBeLowerCase = token.opensSentence || token.isCapitalized || token.isAllCaps
        if mayBeLowerCase, finder.isNative(lower) { return nil }
        if finder.isKnown(token.text) || (mayBeLowerCase && finder.isKnown(lower)) {
            return otherLanguage(token, lower: lower, previous: previous, next: next)
        }
        // Compound words whose every part is a word.
        if token.text.contains("-") {
            let parts = token.text.split(separator: "-").map(String.init)
            if parts.allSatisfy({ finder.isKnown($0) || finder.isKnown($0.lowercased()) || Int($0) != nil }) { return nil }
        }
        if token.isAllCaps, letters <= 4 { return nil }             // an acronym
        if letters < 2 { return nil }
        let isName = token.isCapitalized && !token.opensSentence
        var found = isName ? nameCandidates(lower) : raw(lower)
        // A word the dictionary splits (`sublicensing` → `sub-licensing`) is a compound, not a misreading.
        let joined = lower.filter { $0 != "-" && $0 != "'" && $0 != "’" }
        if found.contains(where: { c in c.word.contains { $0 == "-" || $0 == " " } && c.word.filter { $0 != "-" && $0 != " " } == joined }) {
            return nil
        }
        found.removeAll { $0.word.contains(" ") }
        if isName {
            // A name: only a typical misreading makes it doubtful, and a name used again and again
            // only when that misreading gives a word the document itself uses (`Llcense`, `License`).
            found = found.filter { $0.kind >= .twoConfusions }
            if context.capitalizedInside[token.text, default: 0] >= 2 {
                found = found.filter { context.count($0.word) > 0 }
            }
            // A name the document writes elsewhere, one confusion away as written (`Fiaubert`
            // beside `Flaubert`): hunspell knows few names, the document knows its own.
            for v in CandidateGenerator.confusionVariants(token.text)
            where v.first?.isUppercase == true && context.capitalizedInside[v, default: 0] > 0 && !found.contains(where: { $0.word == v.lowercased() }) {
                found.append(.init(word: v.lowercased(), kind: .confusion, rank: 0))
            }
            // Doubtful after all, its suggestions not asked: asked now, for the compound test above.
            if !found.isEmpty, charged.contains(lower),
               raw(lower).contains(where: { c in c.word.contains { $0 == "-" || $0 == " " } && c.word.filter { $0 != "-" && $0 != " " } == joined }) {
                return nil
            }
        }
        guard !found.isEmpty else { return nil }
        return Verdict(reason: .notInDictionary, candidates: rank(found, token: token, previous: previous, next: next))
    }

    /// A word only the other language's dictionary knows (`general` in a French text): a quoted
    /// term (`feedback`, `present perfect`), or a misreading that happens to be a word over there
    /// — lost accents turn `général`, `réaction`, `expérience` into English words. Doubtful when
    /// one or two typical OCR confusions (not any edit) give a word of the document's language,
    /// unless a neighbour is of the other language too (a quoted phrase), or the document writes
    /// the word so again and never the candidate (a term it uses on purpose).
    mutating func otherLanguage(_ token: WordToken, lower: String, previous: String?, next: String?) -> Verdict? {
        guard token.letterCount >= 2, !(token.isAllCaps && token.letterCount <= 4) else { return nil }
        for neighbour in [previous, next] {
            guard let n = neighbour?.lowercased(), n.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) else { continue }
            if !finder.isNative(n), finder.isKnown(n) { return nil }
        }
        let found = nativeMemo[lower] ?? nativeGenerator.confusionCandidates(lower)
        nativeMemo[lower] = found
        guard !found.isEmpty else { return nil }
        if context.count(lower) >= 2, !found.contains(where: { context.count($0.word) > 0 }) { return nil }
        return Verdict(reason: .otherLanguage, candidates: rank(found, token: token, previous: previous, next: next))
    }

    mutating func raw(_ lower: String) -> [CandidateGenerator.Candidate] {
        if let m = memo[lower] { return m }
        var found = generator.confusionCandidates(lower)
        if found.count < 2 {
            let seen = Set(found.map(\.word))
            found += generator.editCandidates(lower).filter { !seen.contains($0.word) }
        }
        // A name's suggestion already spent (`nameCandidates`) is asked without spending again.
        var ask = false
        if found.isEmpty, lower.count >= 3 {
            if charged.remove(lower) != nil { ask = true } else if maySuggest { suggestionsLeft -= 1; ask = true }
        }
        if ask {
            suggestionsAsked += 1
            let suggestions = (finder.primary?.suggestions(lower) ?? [])
            for (i, s) in suggestions.enumerated() where !s.contains(" ") {
                let sl = s.lowercased()
                if sl != lower, CandidateGenerator.distance(sl, lower) <= 2, !found.contains(where: { $0.word == sl }) {
                    found.append(.init(word: sl, kind: .suggestion, rank: i))
                }
            }
            fruitlessInARow = found.isEmpty ? fruitlessInARow + 1 : 0
        }
        memo[lower] = found
        return found
    }

    /// `raw` for a name (capitalised inside a sentence), of which `assess` keeps only the typical
    /// misreadings (`.twoConfusions` and better): no hunspell suggestion is asked for it (50–300 ms
    /// each; a page of multilingual pangrams, pdf.js issue19802, spent ≈ 1 s on its names). The
    /// budget is spent as `raw` would have spent it — when no confusion and no single edit gives a
    /// word — so the words after it get the suggestions they got, and the doubts are the same.
    mutating func nameCandidates(_ lower: String) -> [CandidateGenerator.Candidate] {
        if let m = memo[lower] ?? nameMemo[lower] { return m }
        let found = generator.confusionCandidates(lower)
        if found.isEmpty, lower.count >= 3, maySuggest, generator.editCandidates(lower).isEmpty {
            suggestionsLeft -= 1
            charged.insert(lower)
        }
        nameMemo[lower] = found
        return found
    }

    /// Best first: what the neighbours call for (word pairs of the document), how often the
    /// document uses the word, then how typical of OCR the confusion is.
    func rank(_ found: [CandidateGenerator.Candidate], token: WordToken, previous: String?, next: String?) -> [String] {
        let p = previous?.lowercased(), n = next?.lowercased()
        func score(_ c: CandidateGenerator.Candidate) -> Double {
            let w = c.word.lowercased()
            let kind: Double
            switch c.kind {
            case .confusion: kind = 3
            case .twoConfusions: kind = 2.5
            case .edit: kind = 2
            case .suggestion: kind = 1.5 - 0.05 * Double(c.rank)
            }
            let neighbours = log(1 + Double(context.pair(p, w))) + log(1 + Double(context.pair(w, n)))
            return kind + 2 * neighbours + log(1 + Double(context.count(w)))
        }
        var scored: [(word: String, score: Double)] = found.map { ($0.word, score($0)) }
        scored.sort { a, b in a.score != b.score ? a.score > b.score : a.word < b.word }
        var seen = Set<String>()
        var ordered: [String] = []
        for s in scored {
            let w = Self.recase(s.word, like: token)
            if seen.insert(w).inserted { ordered.append(w) }
            if ordered.count == finder.options.maxCandidates { break }
        }
        return ordered
    }

    /// A candidate written the way the token was: `Maison` for `Rnaison`, `MAISON` for `RNAISON`.
    static func recase(_ word: String, like token: WordToken) -> String {
        if token.isAllCaps { return word.uppercased() }
        if token.isCapitalized, let first = word.first { return first.uppercased() + word.dropFirst() }
        return word
    }
}

/// Finds, for each token of an OCR block, the engine's word it came from: the words of each page
/// in reading order, split the way the text is, walked forward with a short look-ahead (the
/// normalizer may have joined a word cut at a line end, so some tokens have no word).
struct WordAligner {
    struct Piece { var text: String; var word: OCRWord }
    var pages: [Int: [String: [Piece]]] = [:]   // source → page key → pieces
    var pieces: [String: [Piece]] = [:]
    var cursor: [String: Int] = [:]

    init(_ ocrWords: [[OCRWord]]) {
        for (source, words) in ocrWords.enumerated() {
            for w in words {
                let key = "\(source):\(w.page)"
                for t in Tokenizer.tokens(Normalizer.normalize(w.text)) { pieces[key, default: []].append(Piece(text: t.text, word: w)) }
            }
        }
    }

    mutating func word(for text: String, source: Int, page: Int?) -> OCRWord? {
        guard let page else { return nil }
        let key = "\(source):\(page)"
        guard let list = pieces[key] else { return nil }
        let start = cursor[key] ?? 0
        var i = start
        while i < min(list.count, start + 12) {
            if list[i].text == text { cursor[key] = i + 1; return list[i].word }
            i += 1
        }
        return nil
    }
}
