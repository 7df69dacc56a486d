import Foundation
import IngestCore
@testable import IngestSpell
import XCTest

final class DoubtPreparationTests: XCTestCase {
    /// A made-up word no dictionary knows and no single edit explains: the check asks hunspell
    /// for suggestions. Random letters so that no other test has looked it up in this process.
    func unknownWord() -> String {
        let letters = Array("bcdfghjklmnpqrstvwxz")
        var rng = SystemRandomNumberGenerator()
        return "mitochondri" + String((0..<4).map { _ in letters.randomElement(using: &rng)! })
    }

    func text(with word: String) -> String {
        "La cellule contient un noyau et des mitochondries. La \(word) produit l'énergie de la cellule, "
            + "et la respiration cellulaire se déroule dans le cytoplasme et dans la membrane."
    }

    /// It waits for a core the budget lends (taking none while none is free), then looks the
    /// pages' unknown words up — the suggestions the check will ask for are kept — and gives the
    /// core back.
    func testPreparesOnALentCoreOnlyAndGivesItBack() throws {
        guard let fr = SpellDictionary.shared("fr_FR") else { throw XCTSkip("hunspell-fr is not installed") }
        let word = unknownWord()
        let cores = LocalCoreBudget(capacity: 1)
        cores.take()   // the document's own core: nothing to lend
        let text = text(with: word)
        DoubtFinder.prepare(pagesRecognized: { [text] }, cores: cores)
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertNil(fr.keptSuggestions(word), "looked up without a core")
        XCTAssertEqual(cores.peak, 1)
        cores.giveBack()   // the other pages are done: a core is free
        let until = Date().addingTimeInterval(20)
        while !(fr.keptSuggestions(word) != nil && cores.held == 0) && Date() < until { Thread.sleep(forTimeInterval: 0.02) }
        XCTAssertNotNil(fr.keptSuggestions(word), "the pages' unknown word was looked up ahead")
        XCTAssertEqual(cores.held, 0, "the lent core is given back")
        XCTAssertEqual(cores.peak, 1, "never more than the budget")
    }

    /// Without a budget (a library caller) it runs at once.
    func testPreparesAtOnceWithoutBudget() throws {
        guard let fr = SpellDictionary.shared("fr_FR") else { throw XCTSkip("hunspell-fr is not installed") }
        let word = unknownWord()
        let text = text(with: word)
        DoubtFinder.prepare(pagesRecognized: { [text] }, cores: nil)
        let until = Date().addingTimeInterval(20)
        while fr.keptSuggestions(word) == nil && Date() < until { Thread.sleep(forTimeInterval: 0.02) }
        XCTAssertNotNil(fr.keptSuggestions(word))
    }
}
