import Foundation
@testable import IngestStudySheet
import IngestTestSupport
import XCTest

/// Meanings the other rules read as something else though they say what the term is or does (DefinitionKindsOfMeaning.swift):
/// a purpose before a verb, a likeness and its difference, a quality's clause, the term restated as subject; and a relative clause
/// followed by the main clause's own verb (a sentence about another thing). Lines written here in the shapes of batch 25 and the
/// water cycle sample (bench/definitions/RESULTS.md, session 28).
final class DefinitionKindsOfMeaningTests: XCTestCase {
    func requireDictionaries() throws {
        guard FileManager.default.fileExists(atPath: LexiconTests.wordNet.appendingPathComponent("index.noun").path) else {
            try missingTool("WordNet is not installed (apt-get install wordnet-base)")
        }
        guard FileManager.default.fileExists(atPath: LexiconTests.frDic.path) else { try missingTool("fr.dic is not installed (apt-get install hunspell-fr)") }
    }

    /// The definitions `passages` hands the sheet for one line.
    func listed(_ line: String) -> [String] {
        DefinitionRecognizer.passages(line).compactMap { if case .definition(let d) = $0 { return d.term } else { return nil } }
    }

    func testPurposesLikenessesQualitiesAndMethodNamesAreListed() throws {
        try requireDictionaries()
        for (line, term) in [
            ("- Canvas : pour dessiner des formes et des images dans une fenêtre.", "Canvas"),
            ("- Probe A2: For measuring small voltages", "Probe A2"),
            ("- Spinbox : comme Entry mais propose aussi une liste de valeurs.", "Spinbox"),
            ("- Ctrl+Shift+Z : même chose mais dans l'autre sens.", "Ctrl+Shift+Z"),
            ("- Modifiable (mutable en anglais) : on peut changer ses éléments après sa création.", "Modifiable (mutable en anglais)"),
            ("- Hachable : il y a une valeur de hachage qui ne change jamais.", "Hachable"),
            ("- .__str__() : redéfinit le message affiché par la fonction print().", ".__str__()"),
            ("Menu Bar: The Menu Bar of an image window shows the menus of the program.", "Menu Bar"),
            ("Python et Perl : Python est un langage de programmation interprété.", "Python et Perl"),
            // A colon glued to the meaning's first word; a demonstrative and the whole its noun is a part of.
            ("- Cerebellum:The cerebellum coordinates the movements of the body.", "Cerebellum"),
            ("- Medulla: This portion of the brainstem is used for breathing and heart rate.", "Medulla"),
            // A label word qualified names a kind of it when the meaning describes it (`time`, `instructions` are labels alone).
            ("Waiting time: The amount of time a process spends in the ready queue.", "Waiting time"),
        ] {
            XCTAssertEqual(listed(line), [term], line)
        }
    }

    func testWhatTheseRulesDoNotTakeStaysText() throws {
        try requireDictionaries()
        for line in [
            // A purpose with a noun is which thing it goes with; a likeness without a difference is a comparison.
            "Rangement : pour le matériel de sport",
            "Chakra: for Microsoft Edge",
            "Brouillon : comme un cahier de notes.",
            // A thing's clause about the reader is what the reader does, not a quality's meaning.
            "Important : on peut aussi utiliser la souris.",
            // A relative clause, then the main verb: a sentence whose subject is the phrase (the water cycle sample).
            "Collection: precipitation that reaches the ground either soaks into the soil, where it becomes groundwater.",
            // Words each opening with a capital spell no acronym out (`AI systems` is no expansion of `Attack Surface`).
            "Attack Surface: AI systems often have larger attack surfaces compared to traditional systems.",
            // A rule of a grammar, a kind of value and its range, where the thing is: no meaning.
            "Subtraction: expression ← expr - expr",
            "Port : entier entre 1 et 65535",
            "Thalamus: The thalamus is located in the center of the brain.",
            // An option's value glued by a colon, `-d:Trace`, is no separator.
            "perl -d:Trace script.pl",
            // A plural subject and its verb before a plural object, a French auxiliary after a quantity: sentences about another thing.
            "Duties: IT operations handle tasks like system maintenance and updates.",
            "Le manuel des programmes installés : la plupart des programmes ont une page de manuel.",
            "Le suivi des versions : La répartition des équipes demande des outils communs.",
            // A count and a plural in lower case introduce a list's items.
            "deux entrées : un bit a et un bit b.",
            // (Not after an article: `Une meilleure méthode : La norme…` is a sentence's phrase.)
            "Une meilleure méthode : La norme de système de fichiers Linux suit la FHS.",
        ] {
            XCTAssertEqual(listed(line), [], line)
        }
        // A relative clause whose verbs are its own keeps the noun phrase (`inputs`, `services` are nouns, `how…` a clause of its own).
        for (line, term) in [
            ("Post-processing: Final step that processes the inputs that are fed to the model.", "Post-processing"),
            ("Middleware: A set of software frameworks that provide additional services to application developers.", "Middleware"),
            ("Security policies: Documented guidelines that define how security is maintained within an organization.", "Security policies"),
        ] {
            XCTAssertEqual(listed(line), [term], line)
        }
    }

    /// A term of two words defined by its head word and a relative (session 29, batch 27's `reproducible debugging`): the genus and
    /// what tells this kind apart; the same head word with no relative, or another word first, is read by the other rules.
    func testTheTermsHeadWordAndARelativeAreItsGenusAndDifference() throws {
        try requireDictionaries()
        XCTAssertEqual(listed("incremental backup: backup that copies only what changed since the last one"), ["incremental backup"])
        XCTAssertEqual(listed("sauvegarde complète : sauvegarde qui copie tous les fichiers"), ["sauvegarde complète"])
        XCTAssertTrue(DefinitionRecognizer.opensWithTerm("cold cache", "caches which hold nothing yet"))
        XCTAssertFalse(DefinitionRecognizer.opensWithTerm("cold cache", "cache hits are rare at first"))
        XCTAssertFalse(DefinitionRecognizer.opensWithTerm("cache", "cache that holds nothing"), "a term of one word is read no further")
        // A version or a range of versions is a value, not a term.
        XCTAssertNil(DefinitionRecognizer.definition("ˆ2.4.1: at least 2.4.1 and below 3.0.0"))
        XCTAssertNil(DefinitionRecognizer.definition("~0.9: patch releases of 0.9 only"))
    }
}
