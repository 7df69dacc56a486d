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
}
