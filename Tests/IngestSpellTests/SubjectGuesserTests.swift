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
                        XCTAssertGreaterThanOrEqual(f.words[0].count, SubjectGuesser.minimumPrefixLength, "\(language) \(s.code): \(k.display)")
                    }
                }
            }
        }
    }
}
