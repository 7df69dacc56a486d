import Foundation
import IngestQuality
import IngestTestSupport
import XCTest

/// TEDS on tables whose tree edit distance is worked out by hand, and against bench/tables/teds.py
/// (the Python form bench/tables measures with) on seeded random pairs.
final class TableTEDSTests: XCTestCase {
    let square = [["a", "b"], ["c", "d"]]   // 7 nodes: table, 2 rows, 4 cells

    func testHandWorkedDistances() {
        XCTAssertEqual(TableTEDS.distance(square, square), 0)
        XCTAssertEqual(TableTEDS.similarity(square, square), 1)
        // A row lost: the row and its two cells deleted.
        XCTAssertEqual(TableTEDS.distance([["a", "b"]], square), 3)
        XCTAssertEqual(TableTEDS.similarity([["a", "b"]], square), 1 - 3.0 / 7, accuracy: 1e-12)
        // One cell wrong: a rename at the cost of its normalised Levenshtein distance.
        XCTAssertEqual(TableTEDS.similarity([["a", "x"], ["c", "d"]], square), 1 - 1.0 / 7, accuracy: 1e-12)
        XCTAssertEqual(TableTEDS.distance([["chat", "b"], ["c", "d"]], [["chas", "b"], ["c", "d"]]), 0.25, accuracy: 1e-12)
        // Columns swapped: in each row one cell deleted and one inserted (or two renamed), 2 a row.
        XCTAssertEqual(TableTEDS.distance([["b", "a"], ["d", "c"]], square), 4)
        // A middle row missing among three: 3 of 10 nodes.
        XCTAssertEqual(TableTEDS.similarity([["h1", "h2"], ["c", "d"]], [["h1", "h2"], ["a", "b"], ["c", "d"]]), 0.7, accuracy: 1e-12)
        // Two cells read as one: one deleted (1) and the other renamed "a" → "a b" (2/3).
        XCTAssertEqual(TableTEDS.distance([["a b"], ["c", "d"]], square), 1 + 2.0 / 3, accuracy: 1e-12)
        // A row with no cell against one with a cell: one insertion.
        XCTAssertEqual(TableTEDS.distance([[]], [["a"]]), 1)
        // Nothing found scores 0, whatever the truth.
        XCTAssertEqual(TableTEDS.similarity([], square), 0)
    }

    func testSpacingAndCompositionAreNoDifference() {
        let decomposed = "e\u{301}nergie  cine\u{301}tique"
        XCTAssertEqual(TableTEDS.distance([[decomposed]], [[" énergie cinétique\n"]]), 0)
        XCTAssertGreaterThan(TableTEDS.distance([["énergie"]], [["energie"]]), 0)
    }

    /// 300 seeded pairs (cells changed, rows lost or added, cells split and merged, columns
    /// dropped, spans emptied) give the figure bench/tables/teds.py gives, within 1e-9.
    func testAgreesWithTheBenchPythonTEDS() throws {
        let teds = Corpus.repositoryRoot.appendingPathComponent("bench/tables")
        guard runTool("python3", ["--version"])?.status == 0 else { try missingTool("python3 is not installed (apt-get install python3)") }
        var rng = SeededGenerator(seed: 36)
        let words = ["énergie", "vitesse", "masse", "force", "onde", "période", "Paris", "1789", "3,14", "m/s", "Ω", "", "noyau cellule"]
        var pairs: [[[[String]]]] = []
        for _ in 0..<300 {
            let rows = Int.random(in: 1...6, using: &rng), columns = Int.random(in: 1...5, using: &rng)
            let truth = (0..<rows).map { _ in (0..<columns).map { _ in words.randomElement(using: &rng)! } }
            var found = truth
            for _ in 0..<Int.random(in: 0...3, using: &rng) {
                let r = Int.random(in: 0..<found.count, using: &rng)
                switch Int.random(in: 0...5, using: &rng) {
                case 0 where !found[r].isEmpty:
                    found[r][Int.random(in: 0..<found[r].count, using: &rng)] = words.randomElement(using: &rng)! + "x"
                case 1 where found.count > 1: found.remove(at: r)
                case 2: found.insert((0..<columns).map { _ in words.randomElement(using: &rng)! }, at: r)
                case 3 where found[r].count > 1: let c = found[r].removeLast(); found[r][found[r].count - 1] += " " + c
                case 4: found = found.map { $0.count > 1 ? Array($0.dropFirst()) : $0 }
                default: if !found[r].isEmpty { found[r][0] = "" }
                }
            }
            pairs.append([found, truth])
        }
        let input = try JSONSerialization.data(withJSONObject: pairs)
        let script = "import json, sys; sys.path.insert(0, sys.argv[1]); from teds import teds; "
            + "print(json.dumps([teds(f, t) for f, t in json.load(sys.stdin)]))"
        guard let r = runTool("python3", ["-c", script, teds.path], input: input), r.status == 0 else {
            throw TestSetupFailure("bench/tables/teds.py did not run")
        }
        let python = try XCTUnwrap(JSONSerialization.jsonObject(with: r.stdout) as? [Double])
        XCTAssertEqual(python.count, pairs.count)
        var below1 = 0
        for (pair, expected) in zip(pairs, python) {
            let swift = TableTEDS.similarity(pair[0], pair[1])
            if expected < 1 { below1 += 1 }
            XCTAssertEqual(swift, expected, accuracy: 1e-9, "found \(pair[0]) truth \(pair[1])")
        }
        XCTAssertGreaterThan(below1, 150, "the pairs should mostly differ")
    }
}
