import IngestCore
import IngestTestSupport
import XCTest
@testable import IngestSpell

/// What is doubtful and what is not, word by word, on real sentences: numbers, ordinals,
/// formulas, acronyms and names apart; misreadings with their candidates; words of the other
/// language; places (page and box, or cue times) through `find`.
final class DoubtFinderTests: XCTestCase {
    override func setUpWithError() throws { try DoubtMeasurementTests.requireDictionaries() }

    func flagged(_ text: String, _ language: String = "fr") -> [String: (reason: DoubtfulToken.Reason, candidates: [String])] {
        var out: [String: (DoubtfulToken.Reason, [String])] = [:]
        for f in DoubtFinder(documentLanguage: language).doubtfulWords(in: text) { out[f.token.text] = (f.reason, f.candidates) }
        return out
    }

    // MARK: numbers and names, apart

    func testNumbersOrdinalsAndFormulasAreNotDoubtful() {
        let fr = "Le 14 juillet 1789, au XVIIIe siècle, la foule prend la Bastille. Le 1er chapitre et la 3e partie "
            + "parlent de l'eau H2O, du CO2 et de 3,14 ; la page 12 donne 2,5 × 10⁻³ mol, et la 2nde édition date de 2024."
        XCTAssertEqual(Array(flagged(fr).keys), [])
        let en = "On July 4th, 1776, the 2nd Congress met; the 21st century began in 2001, and CO2 and H2O are molecules."
        XCTAssertEqual(Array(flagged(en, "en").keys), [])
    }

    func testDigitsInsideAWordAreDoubtful() throws {
        let f = try XCTUnwrap(flagged("La c1asse de seconde étudie la 1oi d'Ohm.")["c1asse"])
        XCTAssertEqual(f.reason, .digitInWord)
        XCTAssertEqual(f.candidates.first, "classe")
        XCTAssertEqual(flagged("La c1asse de seconde étudie la 1oi d'Ohm.")["1oi"]?.candidates.first, "loi")
    }

    /// A variable and its index (samples/fiche-fonctions-affines.pdf: `a = (y2 - y1) / (x2 - x1)`,
    /// read `x1`, `y1`, flagged with `xi`, `xl` at d1906be) is no misread word; `1oi` still is.
    func testAVariableWithItsIndexIsNotDoubtful() {
        let text = "Le coefficient directeur vaut a = (y2 - y1) / (x2 - x1) et l'ordonnée b = y1 - a x1 ; la 1oi est simple."
        XCTAssertEqual(Array(flagged(text).keys), ["1oi"])
    }

    func testAcronymsAreNotDoubtful() {
        XCTAssertEqual(Array(flagged("L'ADN et l'ARN portent l'information ; l'ATP fournit l'énergie à la cellule, dit la SVT.").keys), [])
        XCTAssertEqual(Array(flagged("DNA and RNA carry the code; ATP gives the cell its energy, as the WHO says.", "en").keys), [])
    }

    func testNamesAreNotMisspellings() {
        // Names the dictionary does not know, used once or again and again: not doubtful.
        let text = "Gustave Flaubert écrit Madame Bovary. Selon Flaubert, le style est tout ; Kowalczyk et Nguyen le commentent, "
            + "et Flaubert répond à Louise Colet."
        XCTAssertEqual(Array(flagged(text).keys), [])
    }

    func testANameMisreadBesideItsRightSpellingIsDoubtful() throws {
        let text = "Le roman de Flaubert paraît en 1857. Les lettres de Fiaubert à Louise Colet disent son travail ; Flaubert corrige sans fin."
        let f = try XCTUnwrap(flagged(text)["Fiaubert"], "\(flagged(text))")
        XCTAssertEqual(f.candidates.first, "Flaubert")
        XCTAssertNil(flagged(text)["Flaubert"])
    }

    /// Issue 38 (the odd corpus's issue19802, multilingual pangrams): a name no confusion or edit
    /// explains is not doubtful whatever hunspell suggests, so no suggestion is asked for it — the
    /// budget is spent as if it were, so the words after it are judged as before; the same word
    /// written in lower case later is asked once, without spending again, and judged as before.
    func testNoSuggestionIsAskedForAName() throws {
        let text = "Nous avons vu Xqzvtrk et Plokqzw hier ; le mot xqzvtrk revient, puis Xqzvtrk et le mot hwtfqzp."
        let finder = DoubtFinder(documentLanguage: "fr")
        let words = Tokenizer.tokens(text)
        var state = Assessor(finder: finder, context: DocumentContext([words]))
        var doubtful: [String] = []
        for (k, token) in words.enumerated() {
            if state.assess(token, previous: k > 0 ? words[k - 1].text : nil, next: k + 1 < words.count ? words[k + 1].text : nil) != nil {
                doubtful.append(token.text)
            }
        }
        XCTAssertEqual(state.suggestionsAsked, 2, "xqzvtrk and hwtfqzp in lower case, not the names")
        XCTAssertEqual(state.suggestionsLeft, finder.options.suggestionBudget - 3, "the two names and hwtfqzp")
        XCTAssertFalse(doubtful.contains("Xqzvtrk"))
        XCTAssertFalse(doubtful.contains("Plokqzw"))
    }

    /// Words of a language without a dictionary here, one after another, get no candidate from
    /// hunspell's suggestions: after `fruitlessSuggestionsInARow` such calls no more are asked
    /// in the document (issue19802: 13 calls, 2.3 s); a call that gives a candidate starts the
    /// count again.
    func testSuggestionsStopAfterThreeFruitlessCallsInARow() throws {
        let finder = DoubtFinder(documentLanguage: "fr")
        func asked(_ text: String) -> (asked: Int, fruitless: Int) {
            let words = Tokenizer.tokens(text)
            var state = Assessor(finder: finder, context: DocumentContext([words]))
            for (k, token) in words.enumerated() {
                _ = state.assess(token, previous: k > 0 ? words[k - 1].text : nil, next: k + 1 < words.count ? words[k + 1].text : nil)
            }
            return (state.suggestionsAsked, state.fruitlessInARow)
        }
        XCTAssertEqual(finder.options.fruitlessSuggestionsInARow, 3)
        let foreign = "le mot zkqxvw puis plqrzt puis vqxkzm puis wqzxkp puis qxzkvb"
        XCTAssertEqual(asked(foreign).asked, 3, "the fourth and fifth are not asked")
        XCTAssertEqual(asked(foreign).fruitless, 3)
        // A word only hunspell finds a candidate for (issue19802's Czech `koëka`, `koala` two edits
        // away): the count starts again after it.
        let mixed = "le mot zkqxvw puis plqrzt puis koëka puis vqxkzm puis wqzxkp"
        XCTAssertEqual(asked(mixed).asked, 5)
        XCTAssertEqual(finder.doubtfulWords(in: mixed).first { $0.token.text == "koëka" }?.candidates, ["koala"])
    }

    // MARK: misreadings

    func testTypicalMisreadingsWithTheirCandidates() throws {
        let text = "La rnaison de la photosynthèse est la lumière : les feuiiles captent l'énergie du soleil et la plante fabrique du glucose."
        let f = flagged(text)
        XCTAssertEqual(f["rnaison"]?.reason, .notInDictionary)
        XCTAssertEqual(f["rnaison"]?.candidates.first, "maison")
        XCTAssertEqual(f["feuiiles"]?.candidates.first, "feuilles")
        XCTAssertEqual(Set(f.keys), ["rnaison", "feuiiles"])
    }

    /// Lost accents turn French words into English ones: checked against the document's language
    /// first, they are doubtful, with the French word first.
    func testAFrenchWordMisreadAsAnEnglishWordIsDoubtful() throws {
        let text = "En general, la reaction chimique libère de la chaleur : l'experience le montre, et la premiere mesure le confirme."
        let f = flagged(text)
        for (read, printed) in [("general", "général"), ("reaction", "réaction"), ("l'experience", "expérience"), ("premiere", "première")] {
            let v = try XCTUnwrap(f[read], "\(read) in \(f)")
            XCTAssertEqual(v.reason, .otherLanguage, read)
            XCTAssertEqual(v.candidates.first, printed, read)
        }
        XCTAssertEqual(f.count, 4, "\(f)")
    }

    func testAnEnglishWordMisreadAsAFrenchWordIsDoubtful() throws {
        // `out` read with u→n gives `ont`, a French word only.
        let text = "The students went ont of the classroom and into the garden to measure the rain."
        let v = try XCTUnwrap(flagged(text, "en")["ont"], "\(flagged(text, "en"))")
        XCTAssertEqual(v.reason, .otherLanguage)
        XCTAssertTrue(v.candidates.contains("out"), "\(v.candidates)")   // beside `ant` (o/a): no pair of the text tells
    }

    func testQuotedTermsOfTheOtherLanguageAreNotDoubtful() {
        let fr = "Le present perfect se forme avec l'auxiliaire. Les élèves donnent leur feedback, et le machine learning "
            + "trie les réponses ; le logiciel est open source."
        XCTAssertEqual(Array(flagged(fr).keys), [])
        let en = "The French say joie de vivre and savoir-faire; a café serves croissants, and the menu lists the soupe du jour."
        XCTAssertEqual(Array(flagged(en, "en").keys), [])
    }

    // MARK: places and provenance

    func testFindGivesPageBoxConfidenceAndCueTimes() throws {
        let ocr = Block(kind: .paragraph, text: "La rnaison est grande et claire.", source: 0, page: 2, provenance: .ocr)
        let words = ["La", "rnaison", "est", "grande", "et", "claire."].enumerated().map { i, w in
            OCRWord(text: w, page: 2, confidence: w == "rnaison" ? 41 : (w == "grande" ? 30 : 93),
                    box: [0.1 * Double(i), 0.2, 0.1 * Double(i) + 0.08, 0.25])
        }
        let cue = Block(kind: .cue, text: "le volcan entre en éruption dans la rnontagne", source: 1, start: 12.5, end: 15, provenance: .captionsAuto)
        let typed = Block(kind: .paragraph, text: "Un rnot tapé n'est pas vérifié.", source: 2, provenance: .typed)
        let doubt = try XCTUnwrap(DoubtFinder(documentLanguage: "fr").find(blocks: [ocr, cue, typed], ocrWords: [words, [], []]))
        XCTAssertEqual(doubt.dictionary, "fr")
        XCTAssertEqual(doubt.tokens.map(\.text), ["rnaison", "grande", "rnontagne"])
        let m = doubt.tokens[0]
        XCTAssertEqual(m.block, 0); XCTAssertEqual(m.offset, 3); XCTAssertEqual(m.page, 2)
        XCTAssertEqual(m.box, [0.1, 0.2, 0.18, 0.25]); XCTAssertEqual(m.confidence, 41)
        XCTAssertEqual(m.reasons, [.lowConfidence, .notInDictionary]); XCTAssertEqual(m.candidates.first, "maison")
        XCTAssertEqual(doubt.tokens[1].reasons, [.lowConfidence])   // a word, read with low confidence
        let c = doubt.tokens[2]
        XCTAssertEqual(c.block, 1); XCTAssertEqual(c.start, 12.5); XCTAssertEqual(c.end, 15); XCTAssertNil(c.page)
        XCTAssertEqual(c.provenance, .captionsAuto); XCTAssertEqual(c.candidates.first, "montagne")
        // Born-digital or typed text alone is not checked.
        XCTAssertNil(DoubtFinder(documentLanguage: "fr").find(blocks: [typed], ocrWords: [[]]))
    }

    /// A word the page's ink doubts (NumberInk: `10⁸` read `10°`) is doubtful whatever its confidence.
    func testAWordTheInkDoubtsIsDoubtful() throws {
        let block = Block(kind: .paragraph, text: "La lumière atteint 3 x 10° mètres par seconde.", source: 0, page: 1, provenance: .ocr)
        let words = ["La", "lumière", "atteint", "3", "x", "10°", "mètres", "par", "seconde."].map {
            OCRWord(text: $0, page: 1, confidence: 92, box: [0.1, 0.1, 0.2, 0.12], doubt: $0 == "10°" ? .numberInk : nil)
        }
        let doubt = try XCTUnwrap(DoubtFinder(documentLanguage: "fr").find(blocks: [block], ocrWords: [words]))
        XCTAssertEqual(doubt.tokens.map(\.text), ["10"])
        XCTAssertEqual(doubt.tokens.first?.reasons, [.numberInk])
        XCTAssertEqual(doubt.tokens.first?.confidence, 92)
    }
}
