@testable import IngestCore
import XCTest
import IngestTestSupport

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
        // Narrower and short, set as close to the body: a header, on pages that differ.
        func body(_ n: Int) -> [RunningHeaders.Line] {
            (0..<40).map { RunningHeaders.Line("Page \(n), ligne \($0) : une phrase à elle, \(["onde", "son", "lumière", "prisme"][($0 + n) % 4]).",
                                               top: 0.1 + 0.02 * Double($0), bottom: 0.115 + 0.02 * Double($0), left: 0.1, right: 0.9) }
        }
        func headed(_ n: Int) -> [RunningHeaders.Line] {
            [RunningHeaders.Line("Physique — Seconde", top: 0.06, bottom: 0.075, left: 0.4, right: 0.6)] + body(n)
        }
        XCTAssertEqual(RunningHeaders.detect((0..<6).map(headed)).map { $0.sorted() }, Array(repeating: [0], count: 6))
    }

    /// The same page three times (a scan of three copies): its short first line repeats because the
    /// whole page does, which says nothing of a header — it is kept on every page ("La respiration
    /// cellulaire produit de l'énergie." was lost from each). Copies among pages that differ do not
    /// stop a real header: on the other pages it still goes.
    func testCopiesOfOnePageKeepTheirFirstLine() {
        func page(_ first: String, _ n: Int) -> [RunningHeaders.Line] {
            [RunningHeaders.Line(first, top: 0.06, bottom: 0.075, left: 0.1, right: 0.5)]
                + (0..<30).map { RunningHeaders.Line("Texte \(n) de la page, ligne \($0), qui lui est propre.",
                                                     top: 0.08 + 0.02 * Double($0), bottom: 0.095 + 0.02 * Double($0), left: 0.1, right: 0.9) }
        }
        let copies = (0..<3).map { _ in page("La respiration cellulaire produit de l'énergie.", 1) }
        XCTAssertEqual(RunningHeaders.detect(copies, scanned: true), Array(repeating: [], count: 3))
        XCTAssertEqual(RunningHeaders.detect(copies), Array(repeating: [], count: 3))
        // Eight pages of a course, pages 3 and 4 printed twice: the header goes everywhere it is
        // evidenced by pages of their own (six of them, over the threshold of four).
        let course = [1, 2, 3, 4, 3, 4, 5, 6, 7, 8].map { page("Biologie — Terminale", $0) }
        XCTAssertEqual(RunningHeaders.detect(course).map { $0.sorted() }, Array(repeating: [0], count: 10))
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

extension RunningHeadersTests {
    /// A lesson of two pages (pdflatex's fancyhdr header `Chimie, classe de seconde` … `La mole`,
    /// the fidelity suite's cours-chimie in two columns) has no third page to show its header on:
    /// on both pages, placed at the top apart from the body and word for word the same, it goes.
    /// Lines that only share a key (`Exercice 1`, `Exercice 2`), lines without a place, and two
    /// copies of one page keep their lines.
    func testTwoPagesLoseTheHeaderTheyShareWordForWord() {
        func page(_ n: Int, _ header: [String]) -> [RunningHeaders.Line] {
            header.enumerated().map { RunningHeaders.Line($0.element, top: 0.004, bottom: 0.03, left: $0.offset == 0 ? 0.1 : 0.8,
                                                          right: $0.offset == 0 ? 0.41 : 0.9) }
                + (0..<30).map { RunningHeaders.Line("Page \(n), ligne \($0) : une phrase qui lui est propre.",
                                                     top: 0.07 + 0.025 * Double($0), bottom: 0.095 + 0.025 * Double($0), left: 0.1, right: 0.9) }
        }
        let lesson = [page(1, ["Chimie, classe de seconde", "La mole"]), page(2, ["Chimie, classe de seconde", "La mole"])]
        XCTAssertEqual(RunningHeaders.detect(lesson), [[0, 1], [0, 1]])
        XCTAssertEqual(RunningHeaders.detect([page(1, ["Exercice 1"]), page(2, ["Exercice 2"])]), [[], []])
        XCTAssertEqual(RunningHeaders.detect(lesson.map { $0.map { RunningHeaders.Line($0.text) } }), [[], []])
        XCTAssertEqual(RunningHeaders.detect([page(1, ["Chimie"]), page(1, ["Chimie"])]), [[], []])
        // pdf.js's issue840.pdf: the timetable's title, set large at the top of both pages, stays.
        func titled(_ n: Int) -> [RunningHeaders.Line] {
            [RunningHeaders.Line("Download Festival 2009 Timetable", top: 0.004, bottom: 0.05, left: 0.3, right: 0.7)] + page(n, [])
        }
        XCTAssertEqual(RunningHeaders.detect([titled(1), titled(2)]), [[], []])
    }
}

extension RunningHeadersTests {
    /// Bare numbers in a page's last rows are page numbers only as the outermost row's, and only
    /// when they run with the pages (the same offset from the page index on two pages at least, or
    /// from twice it: two book pages a sheet). A table's years at two pages' foot (`2001` `2002`,
    /// `1998` `1999`, debian-reference.fr p.63) are no page numbers; the page numbers below a
    /// listing's `1 2 3` go, the listing stays.
    func testBareNumbersAtThePageFootThatDoNotRunWithThePagesStay() {
        func page(_ n: Int, foot: [String], pageNumber: String?) -> [RunningHeaders.Line] {
            let word = { (k: Int) in String(repeating: "ab", count: k + 1) }       // no digit: no header candidate's number
            var lines = (0..<20).map { RunningHeaders.Line("A sentence \(word(n)) of its own, \(word($0)).", top: 0.1 + 0.03 * Double($0),
                                                           bottom: 0.12 + 0.03 * Double($0), left: 0.1, right: 0.9) }
            lines += foot.enumerated().map { RunningHeaders.Line($0.element, top: 0.86 + 0.02 * Double($0.offset), bottom: 0.875 + 0.02 * Double($0.offset),
                                                                 left: 0.1, right: 0.15) }
            if let pageNumber { lines.append(RunningHeaders.Line(pageNumber, top: 0.93, bottom: 0.945, left: 0.49, right: 0.51)) }
            return lines
        }
        let years = [page(1, foot: ["2001", "2002"], pageNumber: nil), page(2, foot: ["1998", "1999"], pageNumber: nil), page(3, foot: [], pageNumber: nil)]
        XCTAssertEqual(RunningHeaders.detect(years), [[], [], []])
        let listings = (1...3).map { page($0, foot: ["1", "2", "3"], pageNumber: "\($0)") }
        XCTAssertEqual(RunningHeaders.detect(listings), Array(repeating: Set([23]), count: 3))
        // Two book pages a sheet: 12 and 13, then 14 and 15, side by side at the foot.
        let sheets = (0..<3).map { k in
            page(k, foot: [], pageNumber: nil) + [RunningHeaders.Line("\(12 + 2 * k)", top: 0.93, bottom: 0.945, left: 0.2, right: 0.22),
                                                 RunningHeaders.Line("\(13 + 2 * k)", top: 0.93, bottom: 0.945, left: 0.78, right: 0.8)]
        }
        XCTAssertEqual(RunningHeaders.detect(sheets), Array(repeating: Set([20, 21]), count: 3))
    }

    /// Pages alike found through the body lines' ids (`WordCounts`) are those a dictionary of
    /// their texts found (the reference below): seeded pages of repeated and own lines, placed and
    /// not, lines told apart only by composed and decomposed accents, typographic quotes, short lines.
    func testPagesAlikeByIdsAsByTexts() {
        func reference(_ pages: [[RunningHeaders.Line]], edges: [(page: Int, index: Int)]) -> Set<Int> {
            var edge = [Set<Int>](repeating: [], count: pages.count)
            for e in edges { edge[e.page].insert(e.index) }
            var bodies = [[String: Double]](repeating: [:], count: pages.count)
            var onPages: [String: [Int]] = [:]
            for (p, lines) in pages.enumerated() {
                for (i, line) in lines.enumerated() where !edge[p].contains(i) {
                    var letters = 0
                    for b in line.text.utf8 where b &- 0x41 < 26 || b &- 0x61 < 26 || b >= 0xC0 { letters += 1; if letters == 3 { break } }
                    guard letters >= 3, bodies[p][line.text] == nil else { continue }
                    bodies[p][line.text] = line.top ?? -1
                    onPages[line.text, default: []].append(p)
                }
            }
            var shared: [Int: Int] = [:]
            for (text, list) in onPages where list.count >= 2 {
                for a in list.indices {
                    for b in (a + 1)..<min(list.count, a + 1 + RunningHeaders.nearPages) {
                        let p = list[a], q = list[b]
                        guard abs(bodies[p][text]! - bodies[q][text]!) <= RunningHeaders.samePlaceScanned else { continue }
                        shared[p * pages.count + q, default: 0] += 1
                    }
                }
            }
            var alike = Set<Int>()
            for (pair, n) in shared {
                let p = pair / pages.count, q = pair % pages.count
                let smaller = min(bodies[p].count, bodies[q].count)
                if smaller >= 2 && 2 * n >= smaller { alike.insert(p); alike.insert(q) }
            }
            return alike
        }
        let texts = ["Le théorème de Pythagore", "Le the\u{301}ore\u{300}me de Pythagore", "It’s the “same” line", "ab", "x1",
                     "Exercice 3 : calculer", "Une phrase du corps", "Another body line", "Σύνοψη του μαθήματος", "é", "Café"]
        var random = SeededGenerator(seed: 0x26_A1)
        var alikeSeen = 0
        for _ in 0..<200 {
            let pages = (0..<Int.random(in: 2...12, using: &random)).map { _ in
                (0..<Int.random(in: 0...6, using: &random)).map { k -> RunningHeaders.Line in
                    let text = texts.randomElement(using: &random)!
                    return Bool.random(using: &random) ? RunningHeaders.Line(text, top: Double(k) * 0.1 + Double(Int.random(in: 0...2, using: &random)) * 0.02, bottom: Double(k) * 0.1 + 0.02)
                        : RunningHeaders.Line(text)
                }
            }
            let edges = pages.indices.flatMap { p in pages[p].indices.filter { _ in Int.random(in: 0..<5, using: &random) == 0 }.map { (page: p, index: $0) } }
            let expected = reference(pages, edges: edges)
            if !expected.isEmpty { alikeSeen += 1 }
            XCTAssertEqual(RunningHeaders.pagesAlike(pages, edges: edges), expected)
        }
        XCTAssertGreaterThan(alikeSeen, 20, "the seeded pages hold pages alike")
    }
}
