import Foundation
import IngestCore
import IngestTestSupport
import XCTest
@testable import IngestSpell

/// Issue 33: an end-of-line hyphen is decided with the installed hunspell dictionaries — a
/// compound keeps its hyphen (`haut-parleur`, not `hautparleur`), a syllable break is joined.
final class DictionaryWordsTests: XCTestCase {
    func requireDictionaries() throws {
        guard SpellDictionary.isAvailable else { try missingTool("libhunspell-1.7.so.0 is not installed (apt-get install libhunspell-dev)") }
        for name in ["fr_FR", "en_US"] where SpellDictionary.shared(name) == nil {
            try missingTool("the hunspell dictionary \(name) is missing (apt-get install \(SpellDictionary.package(for: name)))")
        }
    }

    func testCompoundsKeepTheirHyphen() throws {
        try requireDictionaries()
        let words = DictionaryWords()
        let cases = [
            ("le haut-\nparleur vibre", "le haut-parleur vibre"),
            ("au-\ndessus de la table", "au-dessus de la table"),
            ("Au-\ndelà de 20 kHz", "Au-delà de 20 kHz"),
            ("c'est un arc-en-\nciel", "c'est un arc-en-ciel"),
            ("a well-\nknown result", "a well-known result"),
        ]
        for (input, expected) in cases { XCTAssertEqual(Normalizer.normalize(input, words: words), expected) }
    }

    func testSyllableBreaksAreJoined() throws {
        try requireDictionaries()
        let words = DictionaryWords()
        let cases = [
            ("par exem-\nple ici", "par exemple ici"),
            ("la propa-\ngation du son", "la propagation du son"),
            ("les vibra-\ntions", "les vibrations"),
            ("every-\nthing is here", "everything is here"),
            ("un porte-mon-\nnaie", "un porte-monnaie"),
            // No dictionary knows it: a syllable break, as before.
            ("le Zorglu-\nbunien", "le Zorglubunien"),
        ]
        for (input, expected) in cases { XCTAssertEqual(Normalizer.normalize(input, words: words), expected) }
    }

    /// Both spellings are words (issue 33, the fidelity suite's last known gap): a compound of two
    /// words that a dictionary lists with its hyphen keeps it (`lamp-post`: en_GB lists it beside
    /// `lamppost`); after a prefix the joined word is the one broken (`ultrasons`: fr_FR lists
    /// `ultra-son` too; `reform`, `cooperate`). Only listed entries count: hunspell accepts any two
    /// words around a hyphen (`light-wave`), which lists nothing.
    func testBothSpellingsAreWords() throws {
        try requireDictionaries()
        guard SpellDictionary.shared("en_GB") != nil else {
            try missingTool("the hunspell dictionary en_GB is missing (apt-get install \(SpellDictionary.package(for: "en_GB")))")
        }
        let words = DictionaryWords()
        XCTAssertTrue(words.lists("lamp-post"))
        XCTAssertTrue(words.lists("haut-parleur"))
        XCTAssertTrue(words.contains("light-wave"))
        XCTAssertFalse(words.lists("light-wave"))
        let cases = [
            ("the shadow of a lamp-\npost at noon", "the shadow of a lamp-post at noon"),
            ("les ultra-\nsons", "les ultrasons"),
            ("a re-\nform of the law", "a reform of the law"),
            ("they co-\noperate", "they cooperate"),
            // The document's own spelling still wins over the dictionary.
            ("a lamppost; the lamp-\npost", "a lamppost; the lamppost"),
        ]
        for (input, expected) in cases { XCTAssertEqual(Normalizer.normalize(input, words: words), expected) }
    }
}
