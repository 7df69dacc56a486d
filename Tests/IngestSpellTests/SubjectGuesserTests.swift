import IngestCore
import IngestTestSupport
import XCTest
@testable import IngestSpell

/// Two distinct keywords of one subject name it; one, or none, names nothing.
final class SubjectGuesserTests: XCTestCase {
    func testSubjectsFromTitleAndOpening() {
        XCTAssertEqual(SubjectGuesser.guess(title: "Les fonctions affines", text: "Le coefficient directeur et l'ordonnée à l'origine.")?.code, "mathematics")
        XCTAssertEqual(SubjectGuesser.guess(title: "The water cycle", text: "Water evaporates, condenses and falls as precipitation.")?.code, "geography")
        XCTAssertEqual(SubjectGuesser.guess(title: "Chapitre 3", text: "La Révolution française et l'Empire de Napoléon.")?.code, "history")
    }

    func testOneKeywordOrNoneGivesNoSubject() {
        XCTAssertNil(SubjectGuesser.guess(title: "Note", text: "Penser à acheter du pain et du lait."))
        XCTAssertNil(SubjectGuesser.guess(title: "Poème", text: "Une onde de tristesse passe sur le lac."))
        // Forms of one keyword count once: « onde » and « ondes », `cell` and `cells`.
        XCTAssertNil(SubjectGuesser.guess(title: "Poème", text: "Une onde de tristesse, puis des ondes de joie, passent sur le lac.", language: "fr"))
        XCTAssertNil(SubjectGuesser.guess(title: "Prison diary", text: "The cell was cold; the other cells were colder.", language: "en"))
        XCTAssertNil(SubjectGuesser.guess(title: "", text: ""))
        XCTAssertNil(SubjectGuesser.guess(title: "Sortie du jeudi", text: "Nous irons au musée : la loi interdit de fumer dans le car.", language: "fr"))
        XCTAssertNil(SubjectGuesser.guess(title: "Trip", text: "We visit the museum on Thursday; a parent drives the van.", language: "en"))
    }

    // MARK: prefix keywords and common words

    /// `gène*` folded to `gene*` matched `général`, `gêne`; `cell*` matched `celle`; `loi*` matched
    /// `loin`; `juge*` matched `juger`; `marché*` matched `marche`: none of these are subjects.
    func testCommonFrenchWordsGiveNoSubject() {
        let texts = [
            ("Dimanche", "En général, celle-ci nous gêne un peu, mais la génération suivante est généreuse."),
            ("Promenade", "Dimanche, nous marchons loin de la ville ; il ne faut pas juger la marche de ceux qui préfèrent le loisir."),
            ("Le club", "Celles et ceux qui le souhaitent se retrouvent en général le mardi ; l'électronique du local est en panne."),
        ]
        for (title, text) in texts {
            XCTAssertNil(SubjectGuesser.guess(title: title, text: text, language: "fr"), text)
            XCTAssertNil(SubjectGuesser.guess(title: title, text: text), "no language: \(text)")
        }
    }

    /// `gene*` matched `general`, `generation`; `cell*` `cellar`; `electron*` `electronic`;
    /// `reaction*` `reactionary`; `patient*` `patiently`; `verb*` `verbatim`; `matri*` `matrimonial`.
    func testCommonEnglishWordsGiveNoSubject() {
        let texts = [
            ("General meeting", "The general assembly of this generation meets in the cellar of the town hall; members wait patiently."),
            ("Newsletter", "Send the electronic form before Friday. The reactionary press quoted the speech verbatim."),
            ("Notice", "The matrimonial register is kept at the town hall, and the generous donors are thanked."),
        ]
        for (title, text) in texts {
            XCTAssertNil(SubjectGuesser.guess(title: title, text: text, language: "en"), text)
            XCTAssertNil(SubjectGuesser.guess(title: title, text: text), "no language: \(text)")
        }
    }

    /// The document's language chooses the list: the English `court` (law) is not the French
    /// adjective « court ».
    func testTheDocumentLanguageChoosesTheList() {
        let fr = "Un exposé court sur la loi de Newton : les forces qui s'exercent sur un objet."
        XCTAssertEqual(SubjectGuesser.guess(title: "Chapitre 2", text: fr, language: "fr")?.code, "physics")
        let en = "Newton's second law: the forces acting on a body and its acceleration."
        XCTAssertEqual(SubjectGuesser.guess(title: "Mechanics", text: en, language: "en")?.code, "physics")
    }

    func testAccentedKeywordsMatchTheirOwnWords() {
        XCTAssertEqual(SubjectGuesser.guess(title: "Les gènes", text: "Les gènes sont portés par l'ADN des chromosomes.", language: "fr")?.code, "biology")
        XCTAssertEqual(SubjectGuesser.guess(title: "Genes", text: "Genes are carried by the DNA of chromosomes.", language: "en")?.code, "biology")
        XCTAssertEqual(SubjectGuesser.guess(title: "Le marché", text: "Sur un marché, l'offre et la demande fixent le prix ; l'inflation le fait monter.", language: "fr")?.code, "economics")
        // Capitals often go without accents in French: a word in capitals matches either way.
        XCTAssertEqual(SubjectGuesser.guess(title: "EQUATIONS ET INEQUATIONS", text: "Résoudre dans R.", language: "fr")?.code, "mathematics")
        XCTAssertEqual(SubjectGuesser.guess(title: "THÉORÈME DE PYTHAGORE", text: "Dans un triangle rectangle…", language: "fr")?.code, "mathematics")
    }

    /// Every one-word prefix keyword of the shipped lists is long enough not to catch everyday
    /// words (in a phrase, the words before it anchor it).
    func testShippedPrefixesAreLongEnough() {
        for (language, subjects) in SubjectGuesser.lists {
            for s in subjects {
                for k in s.keywords {
                    XCTAssertFalse(k.forms.isEmpty, k.display)
                    for f in k.forms where f.prefix && f.words.count == 1 {
                        XCTAssertGreaterThanOrEqual(f.words[0].string.count, SubjectGuesser.minimumPrefixLength, "\(language) \(s.code): \(k.display)")
                    }
                }
            }
        }
    }
}

/// The guess compares words as UTF-8 bytes (`WordKey`) for speed; it finds what the plain
/// definition over strings finds. Seeded property test: openings drawn from the keywords
/// themselves (lower case, capitals, prefixes extended, phrases), elisions and filler words.
final class SubjectGuessEquivalenceTests: XCTestCase {
    func testGuessMatchesThePlainDefinitionOverStrings() {
        let keywordWords = SubjectGuesser.lists.flatMap { $0.subjects.flatMap { $0.keywords.flatMap { $0.forms.map { f in
            f.words.map(\.string).joined(separator: " ") + (f.prefix ? ["", "s", "ique", "ées"][f.words.count % 4] : "")
        } } } }
        let filler = ["le", "la", "des", "l'", "d'", "et", "the", "of", "and", "cours", "leçon", "chapitre", "Chapitre", "étude",
                      "un", "une", "is", "a", "in", "OF", "THE", "ÉTUDE", "—", ".", ",", "1", "2024"]
        var named = 0
        for seed in UInt64(1)...150 {
            var g = SeededGenerator(seed: seed)
            var parts: [String] = []
            for _ in 0..<Int.random(in: 0...60, using: &g) {
                var w = Int.random(in: 0..<3, using: &g) == 0 ? keywordWords.randomElement(using: &g)! : filler.randomElement(using: &g)!
                if Int.random(in: 0..<8, using: &g) == 0 { w = w.uppercased() }
                if Int.random(in: 0..<10, using: &g) == 0 { w = "l'" + w }
                parts.append(w)
            }
            let title = parts.prefix(Int.random(in: 0...4, using: &g)).joined(separator: " ")
            let text = parts.joined(separator: Int.random(in: 0..<2, using: &g) == 0 ? " " : ". ")
            for language in [nil, "fr", "en", "de"] {
                let fast = SubjectGuesser.guess(title: title, text: text, language: language)
                let plain = Reference.guess(title: title, text: text, language: language)
                XCTAssertEqual(fast?.code, plain?.code, "seed \(seed) \(language ?? "nil"): \(text)")
                XCTAssertEqual(fast?.keywords, plain?.keywords, "seed \(seed) \(language ?? "nil")")
                if fast != nil { named += 1 }
            }
        }
        XCTAssertGreaterThan(named, 100, "the openings drawn name subjects often enough to test something")
    }

    func testOpeningIsTheFirstScalars() {
        let pool: [Unicode.Scalar] = ["a", "é", "e", "\u{0301}", "😀", " ", "œ", "\n"]
        for seed in UInt64(1)...50 {
            var g = SeededGenerator(seed: seed)
            let n = [0, 10, SubjectGuesser.openingCharacters - 1, SubjectGuesser.openingCharacters, SubjectGuesser.openingCharacters + 7][Int(seed % 5)]
            var view = String.UnicodeScalarView()
            for _ in 0..<n { view.append(pool.randomElement(using: &g)!) }
            let text = String(view)
            XCTAssertEqual(Array(SubjectGuesser.opening(of: text).unicodeScalars),
                           Array(text.unicodeScalars.prefix(SubjectGuesser.openingCharacters)), "seed \(seed)")
        }
    }

    /// The guess as it was written over strings (before `WordKey`).
    enum Reference {
        static func guess(title: String, text: String, language: String?) -> SubjectGuess? {
            let opening = title + "\n" + String(text.unicodeScalars.prefix(SubjectGuesser.openingCharacters))
            var words: [String] = [], capitals: [Bool] = []
            for t in Tokenizer.tokens(opening) {
                let caps = t.isAllCaps
                let form = caps ? SubjectGuesser.fold(t.text) : SubjectGuesser.lower(t.text)
                let parts = form.contains("'") ? form.split(separator: "'").map(String.init) : [form]
                words += parts
                capitals += Array(repeating: caps, count: parts.count)
            }
            guard !words.isEmpty else { return nil }
            func occurs(_ k: SubjectGuesser.Form) -> String? {
                let kw = k.words.map(\.string), kf = k.folded.map(\.string)
                // One word given as a prefix: the first word of the text, in text order, that it
                // opens (lower case first, then capitals).
                if kw.count == 1 && k.prefix {
                    return words.indices.first { !capitals[$0] && words[$0].utf8.starts(with: kw[0].utf8) }.map { words[$0] }
                        ?? words.indices.first { capitals[$0] && words[$0].utf8.starts(with: kf[0].utf8) }.map { words[$0] }
                }
                func matches(_ i: Int, _ j: Int) -> Bool {
                    let want = capitals[i] ? kf[j] : kw[j]
                    return words[i] == want || (j == kw.count - 1 && k.prefix && words[i].utf8.starts(with: want.utf8))
                }
                let starts = words.indices.filter { !capitals[$0] && words[$0] == kw[0] } + words.indices.filter { capitals[$0] && words[$0] == kf[0] }
                for start in starts where start + kw.count <= words.count && (1..<max(1, kw.count)).allSatisfy({ matches(start + $0, $0) }) {
                    return words[start..<(start + kw.count)].joined(separator: " ")
                }
                return nil
            }
            var best: (code: String, found: [String])?
            var tie = false
            for subject in SubjectGuesser.subjects(for: language) {
                var found: [String] = []
                var seen = Set<String>()
                for k in subject.keywords {
                    guard let match = k.forms.lazy.compactMap(occurs).first else { continue }
                    if seen.insert(match).inserted { found.append(k.display) }
                }
                guard found.count >= 2 else { continue }
                if let b = best {
                    if found.count > b.found.count { best = (subject.code, found); tie = false } else if found.count == b.found.count { tie = true }
                } else { best = (subject.code, found) }
            }
            guard let best, !tie else { return nil }
            return SubjectGuess(code: best.code, keywords: best.found)
        }
    }
}
