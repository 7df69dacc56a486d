import IngestCore
import XCTest

final class RunningHeadersTests: XCTestCase {
    /// A page of ordinary prose: lines that differ from page to page.
    func prose(_ n: Int) -> [String] {
        let words = ["force", "masse", "vitesse", "énergie", "travail", "puissance", "champ", "charge"]
        return (0..<8).map { i in "La \(words[(n + i) % 8]) dépend de la \(words[(n * 3 + i) % 8]) ici (\(n * 10 + i))." }
    }

    func testRemovesRepeatedHeaderAndPageNumbers() {
        let pages = (1...6).map { n in ["Cours de physique — chapitre 2"] + prose(n) + ["\(n)"] }
        let cleaned = RunningHeaders.remove(pages)
        for (n, lines) in cleaned.enumerated() { XCTAssertEqual(lines, prose(n + 1)) }
    }

    func testPageNumberFormats() {
        let pages = (1...4).map { n in prose(n) + ["Page \(n) / 4"] }
        XCTAssertEqual(RunningHeaders.remove(pages), (1...4).map { prose($0) })
        let dashed = (1...3).map { n in prose(n) + ["- \(n) -"] }
        XCTAssertEqual(RunningHeaders.remove(dashed), (1...3).map { prose($0) })
        XCTAssertEqual(RunningHeaders.key("  - 12 -  "), "- # -")
        XCTAssertEqual(RunningHeaders.key("xiv"), "#")
    }

    func testKeepsLinesThatDoNotRepeat() {
        let pages = [["Introduction", "a"], ["Méthodes", "b"], ["Résultats", "c"], ["Discussion", "d"]]
        XCTAssertEqual(RunningHeaders.remove(pages), pages)
    }

    func testKeepsRepeatedLinesInTheMiddleOfPages() {
        let middle = (1...5).map { n in Array(prose(n).prefix(4)) + ["Exemple :"] + Array(prose(n).suffix(4)) }
        let cleaned = RunningHeaders.remove(middle)
        XCTAssertTrue(cleaned.allSatisfy { $0.contains("Exemple :") })
    }

    func testSinglePageAndEmptyInputAreUnchanged() {
        XCTAssertEqual(RunningHeaders.remove([]), [])
        XCTAssertEqual(RunningHeaders.remove([["1", "Texte"]]), [["1", "Texte"]])
    }

    func testAlternatingBookHeaders() {
        // Even pages carry the book title, odd pages the chapter: each on half the pages.
        let pages = (1...10).map { n in [n % 2 == 0 ? "\(n)    Mécanique" : "Chapitre 1. Forces    \(n)"] + prose(n) }
        XCTAssertEqual(RunningHeaders.remove(pages), (1...10).map { prose($0) })
    }
}

extension RunningHeadersTests {
    /// A page whose only line would be running has no body for it to stand apart from: it is kept
    /// (six photos that each say only "Page N" were read as six empty pages).
    /// Pages alike (the same page scanned five times, French and English alternating): the first
    /// line of each is the body's, set without a gap before the next — a line across the measure,
    /// or one whose sentence goes on in lower case — and is kept. A short header set without a gap
    /// is still a header.
    func testTheFirstLineOfPagesAlikeIsBody() {
        func page(_ first: String, _ second: String, left: Double = 0.1, right: Double = 0.9) -> [RunningHeaders.Line] {
            // A page of running text: one line every 0.02 of the page, no gap between them.
            [RunningHeaders.Line(first, top: 0.06, bottom: 0.075, left: left, right: right),
             RunningHeaders.Line(second, top: 0.08, bottom: 0.095, left: 0.1, right: 0.9)]
                + (0..<40).map { RunningHeaders.Line("Ligne \($0) du texte courant de la page, parmi d'autres lignes.",
                                                     top: 0.1 + 0.02 * Double($0), bottom: 0.115 + 0.02 * Double($0), left: 0.1, right: 0.9) }
        }
        let french = page("La Révolution française commence en 1789, dans un royaume endetté où la",
                          "récolte a été mauvaise et où le prix du pain ne cesse d'augmenter.")
        let english = page("Plate tectonics explains why the surface of the Earth is always changing.",
                           "The outer shell is broken into large plates that move a few centimetres a year.")
        let alike = (0..<10).map { $0 % 2 == 0 ? french : english }
        XCTAssertEqual(RunningHeaders.detect(alike, scanned: true), Array(repeating: [], count: 10))
        // Narrower and short, set as close to the body: a header.
        let headed = (0..<6).map { _ in page("Physique — Seconde", "La lumière est une onde électromagnétique qui se propage.", left: 0.4, right: 0.6) }
        XCTAssertEqual(RunningHeaders.detect(headed).map { $0.sorted() }, Array(repeating: [0], count: 6))
    }

    func testAPageOfOneRunningLineKeepsIt() {
        let pages = (1...6).map { [RunningHeaders.Line("Page \($0)", top: 0.02, bottom: 0.05)] }
        XCTAssertEqual(RunningHeaders.detect(pages), Array(repeating: Set<Int>(), count: 6))
        // With a body, the same line is a page number and goes.
        let withBody = (1...6).map { [RunningHeaders.Line("Page \($0)", top: 0.02, bottom: 0.05),
                                      RunningHeaders.Line("Le corps de la page \($0).", top: 0.3, bottom: 0.33)] }
        XCTAssertEqual(RunningHeaders.detect(withBody), Array(repeating: Set([0]), count: 6))
    }
}
