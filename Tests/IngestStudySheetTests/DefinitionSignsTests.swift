import Foundation
@testable import IngestStudySheet
import IngestTestSupport
import XCTest

/// The positive sign a line shaped as a definition must give before the study sheet lists it (DefinitionSigns.swift): its
/// meaning says what the term is or does. Lines written here in the shapes the labelled batches show (bench/definitions/RESULTS.md).
final class DefinitionSignsTests: XCTestCase {
    func requireDictionaries() throws {
        guard FileManager.default.fileExists(atPath: LexiconTests.wordNet.appendingPathComponent("index.noun").path) else {
            try missingTool("WordNet is not installed (apt-get install wordnet-base)")
        }
        guard FileManager.default.fileExists(atPath: LexiconTests.frDic.path) else { try missingTool("fr.dic is not installed (apt-get install hunspell-fr)") }
    }

    /// The definitions `passages` hands the sheet for one line.
    func listed(_ line: String) -> [DefinitionRecognizer.Found] {
        DefinitionRecognizer.passages(line).compactMap { if case .definition(let d) = $0 { return d } else { return nil } }
    }

    /// What the term is (`is a`, `refers to`, a noun phrase with what tells its kind, a name's kind), or what it does (its verb
    /// first, a pronoun or the term for subject, a relative clause): listed.
    func testMeaningsThatSayWhatTheTermIsOrDoesAreListed() throws {
        try requireDictionaries()
        for (line, term) in [
            ("Threat: A threat is a potential event that can exploit a weakness of a system.", "Threat"),
            ("Exposure: Exposure refers to the state of being open to an attack.", "Exposure"),
            ("Firewalls: Network security devices that filter and control incoming and outgoing traffic.", "Firewalls"),
            ("Encryption: Converting data into a secret form to prevent reading by others.", "Encryption"),
            ("Multiprogramming: Organizes programs so that the processor always runs one.", "Multiprogramming"),
            ("uget: GTK+ download manager", "uget"),
            ("Imperative: which allows side effects", "Imperative"),
            ("Channel to Sort: This option determines which channel the sorting uses.", "Channel to Sort"),
            ("Photosynthèse : ensemble des réactions par lesquelles les plantes fabriquent leur matière.", "Photosynthèse"),
            ("Reconnecter : cela essaie de synchroniser l’ordinateur et l’appareil après une déconnexion.", "Reconnecter"),
            ("Descriptive statistics: to describe data with a few figures.", "Descriptive statistics"),
            ("Autotrophe : se dit d'un être vivant qui fabrique sa propre matière organique.", "Autotrophe"),
        ] {
            XCTAssertEqual(listed(line).map(\.term), [term], line)
        }
    }

    /// Shaped as `term: meaning`, but with no sign that the meaning says what the term is: a sentence about another thing, a
    /// quality, members, a person's part, a pronoun that may stand for another thing.
    func testMeaningsWithoutASignAreNotListed() throws {
        try requireDictionaries()
        for line in [
            "Compliance: Many regulations and standards require organizations to follow these practices.",
            "User Authentication: Directory services validate user credentials before any access.",
            "Focus: IT operations focus on managing and maintaining the infrastructure.",
            "Password Policies: They enforce password complexity and expiration rules.",
            "Stability: Patches often include stability and performance improvements.",
            "Training parameters: Key parameters include learning rate and batch size.",
            "Linear Algebra: This is crucial for understanding many algorithms.",
            "Alice : crée les clés, conserve la clé privée, déchiffre",
            "Local deployment: Privacy is an important advantage of open models.",
            "Image Security: Container images can contain known vulnerabilities.",
        ] {
            XCTAssertEqual(listed(line).map(\.term), [], line)
        }
    }

    /// A declined line stays in the document's text as it stands: the sheet loses no word of it.
    /// Session 27: the kind a meaning's head noun names (WordNet's first sense, NounKinds.swift) — an activity, a state or a quality
    /// said of a person, a thing made or a name is what it does or has, not what it is; a term that is itself an act keeps its
    /// meaning, and so does a head naming a thing. Lines written here, not taken from the labelled batches.
    func testAnActivityOrAStateSaidOfAThingOrANameIsNotListed() throws {
        try requireDictionaries()
        for line in [
            "Gardeners: maintenance of the park",            // a person: an activity (noun.act)
            "Routers: reliability of the network",            // a thing made: a quality (noun.attribute)
            "ZFSX: protection of stored files",               // a name WordNet does not know: an activity
        ] {
            XCTAssertEqual(listed(line).map(\.term), [], line)
        }
        for (line, term) in [
            ("Pruning: removal of dead branches from a tree", "Pruning"),          // the term an act itself
            ("Trowel: small tool for digging holes", "Trowel"),                    // a thing: a thing
            ("Gardeners: people who look after a garden", "Gardeners"),            // a relative clause tells the kind
            ("ZFSX: file system with snapshots", "ZFSX"),                          // a name: a thing
        ] {
            XCTAssertEqual(listed(line).map(\.term), [term], line)
        }
    }

    /// Session 27: a noun phrase the closed word sets read as something else (a count, a superlative, one of a set, a noun that is a
    /// preposition too, a clause inside the phrase), a French bare noun, and a thing named by one capitalised word doing one thing —
    /// listed; a first name of the French dictionary, or one capitalised word with a list of actions, is a person's part — not listed.
    func testCountsSuperlativesAndOneWordThingsAreListedPersonsAreNot() throws {
        try requireDictionaries()
        for (line, term) in [
            ("Triplet: three or more notes played in the time of two.", "Triplet"),
            ("Quark : plus petite particule connue de la matière.", "Quark"),
            ("Pétale : chacune des pièces colorées de la fleur.", "Pétale"),
            ("Echo: the reflection of a sound as it meets a wall.", "Echo"),
            ("Salinity: a measure of how salty a body of water is.", "Salinity"),
            ("Bourgeon : pousse de la tige qui donne une jeune branche.", "Bourgeon"),
            ("Slider : affiche une barre que l'on fait glisser.", "Slider"),
        ] {
            XCTAssertEqual(listed(line).map(\.term), [term], line)
        }
        for line in [
            "Julie : signe le contrat avec le client.",
            "Gardien : ouvre la porte, vérifie les badges et ferme le soir.",
        ] {
            XCTAssertEqual(listed(line).map(\.term), [], line)
        }
    }

    func testADeclinedLineStaysTheBlocksText() throws {
        try requireDictionaries()
        let block = "Benefits of patching:\nStability: Patches often include stability improvements.\nThreat: A threat is a potential event that can cause harm."
        let passages = DefinitionRecognizer.passages(block)
        let text = passages.flatMap { if case .text(let lines) = $0 { return lines } else { return [] } }
        XCTAssertEqual(text, ["Benefits of patching:", "Stability: Patches often include stability improvements."])
        XCTAssertEqual(passages.compactMap { if case .definition(let d) = $0 { return d.term } else { return nil } }, ["Threat"])
    }
}
