import Foundation
import IngestCore
@testable import IngestSpell
import XCTest

final class DoubtPreparationTests: XCTestCase {
    /// A made-up word no dictionary knows and no single edit explains: the check asks hunspell
    /// for suggestions. Random letters, so that no other test has looked it up in this process.
    func unknownWord() -> String {
        let letters = Array("bcdfghjklmnpqrstvwxz")
        var rng = SystemRandomNumberGenerator()
        return "mitochondri" + String((0..<4).map { _ in letters.randomElement(using: &rng)! })
    }

    func page(with word: String) -> String {
        "La cellule contient un noyau et des mitochondries. La \(word) produit l'énergie de la cellule, "
            + "et la respiration cellulaire se déroule dans le cytoplasme et dans la membrane."
    }

    /// The suggestions the check will ask for are kept (what hunspell answers does not change:
    /// only when it is asked).
    func testUnknownWordsOfThePagesAreLookedUpAhead() throws {
        guard let fr = SpellDictionary.shared("fr_FR") else { throw XCTSkip("hunspell-fr is not installed") }
        let word = unknownWord()
        XCTAssertNil(fr.keptSuggestions(word))
        DoubtFinder.lookUpAhead([page(with: word)])
        let kept = try XCTUnwrap(fr.keptSuggestions(word), "the page's unknown word was looked up ahead")
        XCTAssertEqual(fr.suggestions(word), kept)
    }

    /// No text, or text in a language without dictionaries: nothing is looked up.
    func testNothingForNoTextOrAnotherLanguage() throws {
        guard let fr = SpellDictionary.shared("fr_FR") else { throw XCTSkip("hunspell-fr is not installed") }
        let word = unknownWord()
        DoubtFinder.lookUpAhead([])
        DoubtFinder.lookUpAhead(["Der Zellkern enthält die Erbinformation und die \(word) steuert die Zelle, sagt das Buch über Biologie."])
        XCTAssertNil(fr.keptSuggestions(word))
    }
}
