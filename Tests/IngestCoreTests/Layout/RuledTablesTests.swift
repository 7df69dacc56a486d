import IngestCore
import XCTest

/// Ruled tables from rules and words (the geometry of debian-reference.en.pdf p. 113, dblatex:
/// a Note frame and a Tip frame, each a rule above and below, indented; a paragraph of the page's
/// full width between them).
final class RuledTablesTests: XCTestCase {
    /// Words of one line: each word 6 pt per letter, 4 pt apart, from `x`.
    func line(_ text: String, x: Double, y: Double) -> [PageWord] {
        var out: [PageWord] = [], at = x
        for w in text.split(separator: " ") {
            let width = Double(w.count) * 6
            out.append(PageWord(text: String(w), x0: at, y0: y, x1: at + width, y1: y + 10))
            at += width + 4
        }
        return out
    }

    let frames = [100.0, 140, 190, 230].map { PageRule(position: $0, lower: 70, upper: 540) }

    /// The paragraph between the frames starts left of their rules: it ran across the table's
    /// edge, and its first word on each line was lost (`The modinfo(8) program…` read
    /// `modinfo(8) program…`): no table.
    func testAParagraphBetweenTwoFramedNotesIsNoTable() {
        let words = line("Note", x: 76, y: 104) + line("If you experience module loading issues", x: 76, y: 118)
            + line("The modinfo program shows information about a module.", x: 56, y: 152)
            + line("The lsmod program formats the contents of the list.", x: 56, y: 166)
            + line("Tip", x: 76, y: 194) + line("You can identify exact hardware on your system.", x: 76, y: 208)
        XCTAssertEqual(RuledTables.find(words: words, horizontal: frames, vertical: []), [])
    }

    /// The same rules with every line within them, in two columns: a table still.
    func testLinesWithinTheRulesStayATable() {
        let words = line("Name", x: 80, y: 104) + line("Value", x: 300, y: 104)
            + line("alpha", x: 80, y: 152) + line("one", x: 300, y: 152)
            + line("beta", x: 80, y: 166) + line("two", x: 300, y: 166)
            + line("gamma", x: 80, y: 208) + line("three", x: 300, y: 208)
        let tables = RuledTables.find(words: words, horizontal: frames, vertical: [])
        XCTAssertEqual(tables.count, 1)
        XCTAssertTrue(tables.first?.rows.flatMap { $0.map(\.text) }.contains { $0.contains("alpha") } == true, "\(tables)")
    }
}
