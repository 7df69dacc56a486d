import Foundation
@testable import IngestStudySheet
import IngestTestSupport
import XCTest

/// The first clause of a meaning as DefinitionClause.swift reads it — its opener, subject and main verb — and what the label
/// policy (bench/definitions/RESULTS.md, session 22) makes of it. Lines written here after the policy's own examples.
final class DefinitionClauseTests: XCTestCase {
    /// The dictionaries tell the verbs no closed set holds (`determines`, `remplit`).
    func clause(_ term: String, _ meaning: String) throws -> MeaningClause {
        guard FileManager.default.fileExists(atPath: LexiconTests.wordNet.appendingPathComponent("index.noun").path) else {
            try missingTool("WordNet is not installed (apt-get install wordnet-base)")
        }
        guard FileManager.default.fileExists(atPath: LexiconTests.frDic.path) else { try missingTool("fr.dic is not installed (apt-get install hunspell-fr)") }
        return DefinitionRecognizer.readClause(term, meaning.split(separator: " ").map(String.init), .shared)
    }

    /// Each meaning's subject and verb class as given, and the policy's verdict `define`.
    func assertClauses(_ cases: [(String, String, MeaningClause.Subject, MeaningClause.Verb)], define: Bool) throws {
        for (term, meaning, subject, verb) in cases {
            let c = try clause(term, meaning)
            XCTAssertEqual(c.subject, subject, meaning)
            XCTAssertEqual(c.verb, verb, meaning)
            XCTAssertEqual(c.defines, define, meaning)
        }
    }

    /// What the term is or does: a pronoun or a demonstrative for it, the term named, the subject left out — with a copula, a
    /// verb of denoting, an action or an ability.
    func testWhatTheTermIsOrDoes() throws {
        let cases: [(String, String, MeaningClause.Subject, MeaningClause.Verb)] = [
            ("Selections", "This option determines how the palette is made.", .pronoun, .action),
            ("Navigation Control", "This is a small cross-shaped button.", .pronoun, .copula),
            ("Boucle", "C'est une instruction qui répète un bloc.", .pronoun, .copula),
            ("Icon theme", "Sets whether to use icons designed for light or dark themes.", .leftOut, .action),
            ("Remplir les régions transparentes", "remplit complètement les régions transparentes.", .leftOut, .action),
            ("Kernel mode", "Can execute any instruction.", .leftOut, .ability),
            ("Title Bar", "The Title Bar displays the image's name.", .term, .action),
            ("Allèle", "il désigne une version d'un gène.", .pronoun, .denotes),
            ("Partitioning channel", "This option is also used to determine how to sort.", .pronoun, .copula),
        ]
        try assertClauses(cases, define: true)
        XCTAssertTrue(try clause("Selections", "This option determines how the palette is made.").namesChoice)
    }

    /// What is no definition: a place, a condition of use, the reader's doing, a statement about another thing, a property's figure,
    /// an ability bounded by a figure, a default, a circumstance.
    func testWhatIsNoDefinition() throws {
        let cases: [(String, String, MeaningClause.Subject, MeaningClause.Verb)] = [
            ("Status Bar", "The Status Bar is at the bottom of the window.", .term, .place),
            ("Ruler", "rulers are shown above and to the left of the image.", .term, .place),
            ("Signature", "The body of the certificate is hashed and signed.", .other, .copula),
            ("Square Wave SQ1", "Output swings from 0 to 5 volts.", .other, .action),
            ("La charte Debian", "Debian a des spécifications précises.", .other, .action),
            ("Multiple layers of units", "each neuron contains a number.", .other, .action),
            ("Programmable Voltage", "Can be set, from software, to any value in the range.", .leftOut, .passiveAbility),
            ("DC Motor", "Should be powered by a DC voltage less than 3 volts.", .leftOut, .obligation),
            ("Mouse buttons", "You can set the behavior of the mouse buttons.", .reader, .ability),
            ("Disque piézo-électrique", "sa fréquence de résonance est d'environ 3500 Hz.", .property, .copula),
            ("Entrée analogique A3", "Celle-ci peut mesurer une tension entre -3.3 V et 3.3 V.", .pronoun, .ability),
            ("Capteur de lumière", "Cette entrée est surtout conçue pour des capteurs comme des photo-résistances.", .pronoun, .use),
            ("Partitioning quantization", "This option is used in conjunction with the previous one.", .pronoun, .use),
        ]
        try assertClauses(cases, define: false)
        XCTAssertEqual(try clause("Unité", "Par défaut, l'unité utilisée est le centimètre.").opener, .byDefault)
        XCTAssertEqual(try clause("Principe", "dans chaque nombre décimal, il existe un chiffre des unités.").opener, .circumstance)
        XCTAssertEqual(try clause("Principe", "dans chaque nombre décimal, il existe un chiffre des unités.").defines, false)
    }

    /// A circumstance that is the choice of the thing says what choosing it does; one whose main clause names the term says what it
    /// does then.
    func testChoicesAndCircumstances() throws {
        let chosen = try clause("Snap to grid", "When enabled, objects moved on the canvas are aligned to the grid.")
        XCTAssertEqual(chosen.opener, .choice)
        XCTAssertTrue(chosen.namesChoice)
        XCTAssertEqual(chosen.defines, true)
        XCTAssertEqual(try clause("Verrouiller les pixels", "quand cette option est cochée, les pixels ne changent pas.").opener, .choice)
        let then = try clause("Inactive Padding Area", "When the image is smaller than the window, this padding area separates the canvas.")
        XCTAssertEqual(then.subject, .term)
        XCTAssertEqual(then.defines, true)
    }

    /// No finite verb, a relative clause, a verb after a noun phrase's own words: a noun phrase, which the other signs judge.
    func testNounPhrasesHoldNoClause() throws {
        for (term, meaning) in [("Synapse", "zone de contact entre deux neurones."), ("Stanza", "a group of lines in a poem."),
                                ("Subject", "The entity a certificate belongs to."), ("Rash", "A red patch that appears on the skin."),
                                ("Industrial Revolution", "the shift from hand production to machines, from about 1760."),
                                ("Inactive", "The number of days after password expires that account is disabled."),
                                ("Multicore", "Including multiple computing cores on a single chip.")] {
            let c = try clause(term, meaning)
            XCTAssertNil(c.defines, meaning)
        }
        // `one` before a noun is a number, not the reader: a kind told from the others of its list.
        XCTAssertNil(try clause("Asymmetric clustering", "One machine is in hot-standby mode while the other runs the applications.").defines)
        // A noun phrase that goes on with a clause of its own, lower case first: not a statement about another thing.
        XCTAssertNil(try clause("Point de vue interne", "le récit est vu à travers les yeux d'un personnage.").defines)
    }
}
