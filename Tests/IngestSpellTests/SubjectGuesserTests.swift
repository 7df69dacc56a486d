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
        XCTAssertNil(SubjectGuesser.guess(title: "", text: ""))
    }
}
