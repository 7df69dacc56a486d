@testable import IngestOCR
import XCTest

/// Words written back into their line (`RecognizedPage.rewrite`).
final class WordRewriteTests: XCTestCase {
    /// A word written anew keeps its place and spaces; a word written empty (absorbed by the word
    /// before it, session 26: `107 1.` read as `10⁻¹.`) leaves the line with the space before it.
    func testAWordWrittenEmptyLeavesTheLineWithItsSpace() {
        var p = RecognizedPage.of(paragraphs: ["soit 2,15 x 107 1. ; puis", "10 25 fin"])
        p.rewrite([3: "10⁻¹.", 4: ""])
        XCTAssertEqual(p.paragraphs.map(\.text), ["soit 2,15 x 10⁻¹. ; puis\n", "10 25 fin\n"])
        XCTAssertEqual(p.words.map(\.text), ["soit", "2,15", "x", "10⁻¹.", "", ";", "puis", "10", "25", "fin"])
        // The first word of a line written empty: the line keeps its start.
        p.rewrite([7: ""])
        XCTAssertEqual(p.paragraphs[1].text, "25 fin\n")
    }
}
